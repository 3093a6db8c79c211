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
