"""Issue 19: CLI tables fit 80 columns by choosing columns; ids and numbers are never cut or split."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from rich.console import Console

from auditgraph.checks.findings_table import number
from auditgraph.cli import cli
from auditgraph.config import Connection
from auditgraph.graph import Graph
from auditgraph.tables import Col, fit_table, print_table

LONG_ID = "0000320193-24-000123_aapl-20240928_htm_with_a_very_long_folder_name"


def _render(width: int, wide: bool) -> str:
    cols = (Col("id", "id"), Col("facts", "number"), Col("note", drop=1), Col("contexts", "number", drop=2))
    rows = [[LONG_ID, "1,234,567", "some fairly long free text that may wrap " * 2, "98,765"]]
    con = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    print_table(con, fit_table(cols, rows, con.width, wide=wide, title="t"), wide=wide)
    return con.export_text()


def test_fit_table_keeps_ids_and_numbers_whole_at_80_and_wide():
    narrow = _render(80, wide=False)
    assert "note" not in narrow and "contexts" not in narrow  # low-value columns dropped first
    assert any(LONG_ID in line for line in narrow.splitlines()) and "1,234,567" in narrow
    wide = _render(80, wide=True)
    assert LONG_ID in wide and "1,234,567" in wide and "98,765" in wide and "contexts" in wide


@pytest.fixture
def cli80(sample_filing_graph: Graph, neo4j_connection: Connection, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    monkeypatch.setenv("COLUMNS", "80")

    def run(*args: str) -> str:
        r = CliRunner().invoke(cli, list(args))
        assert r.exit_code == 0, r.output
        return r.stdout

    return run


def _whole(text: str, *tokens: str) -> None:
    lines = text.splitlines()
    for t in tokens:
        assert any(t in line for line in lines), f"{t!r} not whole on one line in:\n{text}"


def test_filing_and_taxonomy_lists_at_80_columns_and_wide(cli80, sample_filing_graph: Graph):
    rows = sample_filing_graph.read("filing.list")
    ids = [r["id"] for r in rows]
    facts = [f"{r['facts']}" for r in rows]
    for args in (["filing", "list"], ["filing", "list", "--wide"]):
        text = cli80(*args)
        _whole(text, *ids, *facts)
        if "--wide" not in args:
            assert all(len(line) <= 80 for line in text.splitlines()), text
    assert "placeholder_facts" in cli80("filing", "list", "--wide")
    releases = [r["key"] for r in sample_filing_graph.read("taxonomy.releases")]
    for args in (["taxonomy", "list"], ["taxonomy", "list", "--wide"]):
        _whole(cli80(*args), *releases)


def test_check_tables_do_not_split_numbers_at_80_columns(cli80, sample_filing_graph: Graph):
    fid = sample_filing_graph.read("filing.list")[0]["id"]
    for args in (["check", fid, "--all"], ["check", fid, "--all", "--wide"]):
        text = cli80(*args)
        numbers = set(re.findall(r"-?\d[\d,]*\.?\d*", text))
        assert numbers
        # every reported/expected value from JSON output appears whole on one line
        js = CliRunner().invoke(cli, ["check", fid, "--all", "--json"]).stdout
        for v in set(re.findall(r'"(?:reported|expected)_value":"([^"]+)"', js)):
            _whole(text, number(v))  # the table writes every value in one format ("-261000.0" as "-261000")
