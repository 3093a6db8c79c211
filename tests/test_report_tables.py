"""Issue 19: audit, eval and agents tables fit 80 columns by choosing columns; ids and numbers stay whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from auditgraph.agents.case_records import Artifact
from auditgraph.cli import cli
from auditgraph.config import Connection
from auditgraph.graph import Graph

LONG_CASE = "0000320193-24-000123:Assets"


def _run(*args: str) -> str:
    r = CliRunner().invoke(cli, list(args))
    assert r.exit_code == 0, (r.output, r.exception)
    return r.stdout


def _whole(text: str, *tokens: str) -> None:
    lines = text.splitlines()
    for t in tokens:
        assert any(t in line for line in lines), f"{t!r} not whole on one line in:\n{text}"


def _fits(text: str) -> None:
    assert all(len(line) <= 80 for line in text.splitlines()), text


def test_agents_show_keeps_case_ids_and_values_whole_at_80(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("COLUMNS", "80")
    art = Artifact(
        case_id=LONG_CASE,
        filing_id="F",
        concept="us-gaap:Assets",
        period="instant:2024-09-28",
        system="auditflow",
        llm="none",
        config={},
        status="ok",
        extracted_value="364980000000",
        calculated_value="-364980000000.25",
        verdict="violation",
        rules=("DQC.US.0015", "DQC.US.0126"),
        tau="0.5",
        K="0.125",
        rounds=2,
    )
    run = tmp_path / "run.jsonl"
    run.write_text(art.model_dump_json() + "\n")
    text = _run("agents", "show", str(run))
    _whole(text, LONG_CASE, "364980000000", "-364980000000.25", "violation")
    _fits(text)
    wide = _run("agents", "show", str(run), "--wide")
    _whole(wide, LONG_CASE, "gate rejections", "0.125")


def test_eval_verifier_table_keeps_run_names_and_rates_whole_at_80(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("COLUMNS", "80")
    name = "decisions-aapl-10k-2024"
    path = tmp_path / f"{name}.jsonl"
    rows = [{"decision": "Verified", "correct": True}] * 7 + [{"decision": "Violated", "correct": False}] * 2
    path.write_text("".join(json.dumps(r) + "\n" for r in rows + [{"decision": "Abstain"}]))
    text = _run("eval", "verifier", str(path))
    _whole(text, name, "59.0", "100.00", "90.00", "55.5", "99.7")  # rates wrap at spaces, never inside a number
    _fits(text)
    wide = _run("eval", "verifier", str(path), "--wide")
    _whole(wide, name, "Abs", "TA")


@pytest.fixture
def cli80(sample_filing_graph: Graph, neo4j_connection: Connection, monkeypatch: pytest.MonkeyPatch) -> Graph:
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    monkeypatch.setenv("COLUMNS", "80")
    return sample_filing_graph


def test_audit_tables_keep_ids_and_values_whole_at_80(cli80: Graph):
    fid = cli80.read("filing.list")[0]["id"]
    report = json.loads(_run("audit", fid, "--json"))
    shown = report["findings"] + report["calc11"]
    values = [v for r in shown for v in (r["sub_rule"], r["concept"], r["reported_value"], r["expected_value"]) if v]
    text = _run("audit", fid)
    listed = [s["rule"] for s in report["rules"] if s["violations"] or s["not_evaluable"] or s["not_run"]]
    _whole(text, fid, *listed, *values)  # the quiet families are counted in one line, --wide lists them
    assert f"{len(report['rules']) - len(listed)} more rule families ran and found nothing" in " ".join(text.split())
    _fits(text.split("Findings")[0])  # the summary fits; the findings keep rule, concept and values whole,
    heads = " ".join(ln for ln in text.splitlines() if ln.startswith("┃"))  # the tables' header rows
    assert "detail" not in heads and "dimensions" not in heads  # wider only by what those need, the rest dropped
    wide = _run("audit", fid, "--wide")
    _whole(wide, "seconds", "detail", "dimensions", *values)
