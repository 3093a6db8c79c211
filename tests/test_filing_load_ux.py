"""Issue 19: `filing load ONE_FILING` shows a spinner naming the filing on a terminal's stderr; --json stays pure JSON."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from auditgraph.cli import cli
from auditgraph.config import Connection
from auditgraph.graph import Graph
from auditgraph.loader import filing_cli

REPO = Path(__file__).resolve().parent.parent
SAMPLE_FILING = REPO / "src" / "auditgraph" / "sample" / "filing"
SAMPLE_TAXONOMY = REPO / "src" / "auditgraph" / "sample" / "taxonomy"


@pytest.fixture
def terminal(graph: Graph, neo4j_connection: Connection, monkeypatch: pytest.MonkeyPatch) -> io.StringIO:
    """The CLI's stderr console as a terminal (what a user sees), writing to a buffer the test reads."""
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    if neo4j_connection.password is not None:
        monkeypatch.setenv("NEO4J_PASSWORD", neo4j_connection.password)
    buf = io.StringIO()
    monkeypatch.setattr(filing_cli, "console", Console(file=buf, force_terminal=True, width=100))
    return buf


def load(*extra: str):
    return CliRunner().invoke(cli, ["filing", "load", str(SAMPLE_FILING), "--packages", str(SAMPLE_TAXONOMY), *extra])


def test_one_filing_shows_a_spinner_naming_it_on_a_terminal(terminal: io.StringIO):
    r = load()
    assert r.exit_code == 0, r.output
    assert "Loading filing…" in terminal.getvalue()  # the folder's name: the id is known only once Arelle has read it
    assert "smpl-20251231" in r.stdout and "loaded" in r.stdout


def test_json_output_stays_pure_json_and_draws_no_spinner(terminal: io.StringIO):
    r = load("--json")
    assert r.exit_code == 0, r.output
    assert terminal.getvalue() == ""  # --json: no spinner even on a terminal
    rows = [json.loads(line) for line in r.stdout.splitlines()]  # every line is JSON, nothing else on stdout
    assert [(row["id"], row["status"]) for row in rows] == [("smpl-20251231", "loaded")]
    r = load("--json", "--force")
    assert r.exit_code == 0, r.output
    assert terminal.getvalue() == ""
    assert [json.loads(line)["status"] for line in r.stdout.splitlines()] == ["replaced"]


def test_the_result_table_fits_80_columns_with_every_message_below_it(
    terminal: io.StringIO, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
):
    """A reload ("same content already loaded") and a failure (a message naming a long path) at 80 columns."""
    monkeypatch.setattr(filing_cli, "out", Console(width=80))  # stdout as an 80-column terminal shows it
    assert load().exit_code == 0
    bad = tmp_path / "a-folder-with-a-rather-long-name-as-filings-have" / "not-an-instance-20231231.htm"
    bad.parent.mkdir()
    bad.write_text("<html><body>no XBRL here</body></html>", encoding="utf-8")
    r = CliRunner().invoke(cli, ["filing", "load", str(SAMPLE_FILING), str(bad), "--packages", str(SAMPLE_TAXONOMY)])
    assert r.exit_code == 2, r.output
    lines = r.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines), r.stdout
    rows = {cells[1].strip(): cells[2].strip() for line in lines if len(cells := line.split("│")) > 3}
    assert rows["smpl-20251231"] == "unchanged" and "failed" in rows.values()
    below = "\n".join(line for line in lines if "│" not in line)  # the messages follow the table, whole
    assert "smpl-20251231: same content already loaded" in below
    assert str(bad) in below.replace("\n", "")
