"""Running many cases: resumable JSONL artifacts in input order, the trajectory sidecar, bad
case files. Tools return fixed checker results here (the graph runs in test_agents_e2e)."""

from __future__ import annotations

import json

import pytest

from auditgraph.agents.case_records import Case
from auditgraph.agents.junior_loop import AuditConfig
from auditgraph.agents.policy import DeterministicPolicy
from auditgraph.agents.role_tools import ToolSpec, Toolbox
from auditgraph.agents.runner import read_cases, run_cases, trajectory_path
from auditgraph.errors import ConfigError, GraphUnavailable

ARGS = {
    "type": "object",
    "properties": {"filing_id": {"type": "string"}, "concept": {"type": "string"}, "period": {"type": "string"}},
}


def toolbox(fail_on: str | None = None) -> Toolbox:
    def run(name, args):
        if args.get("concept") == fail_on:
            raise GraphUnavailable("no Neo4j answers at bolt://x")
        negative = args["concept"].endswith("Neg")
        if name == "check_sign":
            return {
                "status": "ok",
                "results": [
                    {
                        "rule_id": "DQC.US.0015",
                        "status": "violation" if negative else "ok",
                        "concept": args["concept"],
                        "reported_value": "-5" if negative else "5",
                        "expected_value": "5",
                    }
                ],
            }
        return {"status": "ok", "results": []}

    names = ["check_sign", "check_calc_tree", "check_dim_consistency", "get_fact_history"]
    return Toolbox([ToolSpec(n, n, "dynamic" if n == "get_fact_history" else "static", ARGS) for n in names], run)


CASES = [Case(case_id=f"c{i}", filing_id="F", concept=f"us-gaap:X{i}{'Neg' if i % 2 else ''}") for i in range(6)]


def test_output_is_in_input_order_and_identical_whatever_the_concurrency(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    run_cases(CASES, toolbox(), DeterministicPolicy(), AuditConfig(), a, concurrency=1)
    summary = run_cases(CASES, toolbox(), DeterministicPolicy(), AuditConfig(), b, concurrency=4)
    assert a.read_bytes() == b.read_bytes()
    assert trajectory_path(a).read_bytes() == trajectory_path(b).read_bytes()
    assert [json.loads(x)["case_id"] for x in a.read_text().splitlines()] == [c.case_id for c in CASES]
    assert (summary.cases, summary.audited, summary.violations, summary.errors) == (6, 6, 3, 0)


def test_an_interrupted_run_resumes_where_it_stopped(tmp_path):
    full = tmp_path / "full.jsonl"
    run_cases(CASES, toolbox(), DeterministicPolicy(), AuditConfig(), full)
    lines = full.read_text().splitlines()
    part = tmp_path / "part.jsonl"
    part.write_text(lines[0] + "\n" + lines[1] + "\n" + lines[2][:40])  # killed while writing the third
    calls = []

    class Counting(DeterministicPolicy):
        def turn(self, role, system, messages, tools, case, timeout=None):
            calls.append(case.case_id)
            return super().turn(role, system, messages, tools, case)

    summary = run_cases(CASES, toolbox(), Counting(), AuditConfig(), part)
    assert summary.resumed == 2 and summary.audited == 4 and "c0" not in calls and "c1" not in calls
    assert part.read_text().splitlines() == lines


def test_a_failing_case_is_recorded_and_retried_on_resume(tmp_path):
    out = tmp_path / "run.jsonl"
    summary = run_cases(CASES[:3], toolbox(fail_on="us-gaap:X1Neg"), DeterministicPolicy(), AuditConfig(), out)
    # a graph outage is not evidence: the case is an error artifact (scored as a failure), the run goes on
    rec = [json.loads(x) for x in out.read_text().splitlines()]
    assert summary.errors == 1 and rec[1]["status"] == "error" and "no Neo4j answers" in rec[1]["error"]
    assert [r["status"] for r in rec] == ["ok", "error", "ok"]
    summary = run_cases(CASES[:3], toolbox(), DeterministicPolicy(), AuditConfig(), out)
    assert (summary.resumed, summary.audited, summary.errors) == (2, 1, 0)
    assert json.loads(out.read_text().splitlines()[1])["verdict"] == "violation"


def test_case_files_are_validated_and_reference_fields_dropped(tmp_path):
    path = tmp_path / "cases.jsonl"
    path.write_text(
        json.dumps(
            {
                "case_id": "a",
                "filing_id": "F",
                "concept": "us-gaap:Assets",
                "period": "instant:2023-12-31",
                "reference_rule": "DQC.US.0126",
                "reference_answer": {"extracted_value": "1"},
            }
        )
        + "\n"
    )
    (case,) = read_cases(path)
    assert case.concept == "us-gaap:Assets" and "reference" not in json.dumps(case.model_dump())
    path.write_text('{"case_id": "a"}\n')
    with pytest.raises(
        ConfigError, match=r"cases.jsonl:1: field 'filing_id': Field required; each line needs case_id, filing_id, concept"
    ):
        read_cases(path)
    path.write_text('{"case_id": "a", "filing_id": "F", "concept": "x"}\n' * 2)
    with pytest.raises(ConfigError, match="appears twice"):
        read_cases(path)
    with pytest.raises(ConfigError, match=r"missing.jsonl: no such file; pass a JSONL file with case_id"):
        read_cases(tmp_path / "missing.jsonl")


def test_cli_refuses_bad_input_with_one_line(tmp_path):
    from click.testing import CliRunner

    from auditgraph.cli import cli

    cases = tmp_path / "cases.jsonl"
    cases.write_text('{"case_id": "a", "filing_id": "F", "concept": "us-gaap:Assets"}\n')
    runner = CliRunner()
    res = runner.invoke(cli, ["agents", "run", str(cases), "--llm", "gpt-4o", "--out", str(tmp_path / "o.jsonl")])
    assert res.exit_code == 1 and "--llm 'gpt-4o' is not understood" in str(res.exception)
    res = runner.invoke(cli, ["agents", "run", str(cases), "--llm", "openai-compatible:q", "--out", str(tmp_path / "o.jsonl")])
    assert "needs --base-url" in str(res.exception)
    res = runner.invoke(cli, ["agents", "run", str(tmp_path / "nope.jsonl"), "--llm", "none", "--out", str(tmp_path / "o.jsonl")])
    assert "nope.jsonl: no such file; pass a JSONL file with case_id" in str(res.exception)


def test_show_prints_the_run_and_one_trajectory(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from auditgraph.cli import cli

    monkeypatch.setenv("COLUMNS", "200")  # rich tables truncate to the terminal width
    out = tmp_path / "run.jsonl"
    run_cases(CASES[:2], toolbox(), DeterministicPolicy(), AuditConfig(), out)
    res = CliRunner().invoke(cli, ["agents", "show", str(out)])
    assert res.exit_code == 0 and "c1" in res.output and "violation" in res.output
    res = CliRunner().invoke(cli, ["agents", "show", str(out), "c1"])
    assert "A2 round 0: finalized after 5 steps" in res.output and "get_fact_history" in res.output
    res = CliRunner().invoke(cli, ["agents", "show", str(out), "nope"])
    assert "no trajectory for case 'nope'" in str(res.exception)
