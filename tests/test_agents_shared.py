"""A real filing from ../shared/filings: `--llm none` reproduces the checkers' findings case by
case, and a scripted model through the local endpoint audits cases of it, replayed from cache."""

from __future__ import annotations

import glob
import json
from pathlib import Path

from auditgraph.agents.cache import ModelCache
from auditgraph.agents.case_records import RULE_PRIORITY, exact
from auditgraph.agents.junior_loop import AuditConfig
from auditgraph.agents.policy import ModelPolicy
from auditgraph.agents.replay_server import ReplayServer
from auditgraph.agents.role_client import ChatClient
from auditgraph.agents.role_tools import case_args, catalog_toolbox
from auditgraph.agents.runner import run_cases
from auditgraph.agents.session import audit_cases, filing_cases
from auditgraph.checks.audit import audit_filing
from auditgraph.llm.providers import ModelSpec

FILING = "ABQQ_FY_2023"


def _script(box, cases):
    def tc(name, case):
        return {"tool_calls": [{"name": name, "arguments": case_args(box.specs[name], case)}]}

    def final():  # the model reports nothing: the code must keep the checkers' positive findings
        return {"tool_calls": [{"name": "final_report", "arguments": {"verdict": "consistent", "rules": []}}]}

    script = {"A1": [], "A2": []}
    for i, case in enumerate(cases):
        early = [final()] if i == 0 else []  # the first case also meets the gate
        script["A1"] += early + [tc(n, case) for n in ("check_sign", "check_calc_tree", "check_dim_consistency")] + [final()]
        script["A2"] += [tc(n, case) for n in ("get_fact_history", "check_sign", "check_calc_tree", "check_dim_consistency")] + [
            final()
        ]
    return script


def test_agents_over_a_shared_filing(graph, shared_dir, tmp_path):
    from auditgraph.loader.filing import FilingLoader

    packages = sorted(Path(p) for p in glob.glob(str(shared_dir / "taxonomies" / "*.zip")))
    with FilingLoader(graph, packages) as loader:
        loader.load(shared_dir / "filings" / "xule-2025" / FILING)
    report = audit_filing(graph, FILING, rules=("0015", "0117", "0126"))
    cases = filing_cases(graph, FILING)
    assert len(cases) >= 5

    # --llm none: every case gets the verdict, rules and numbers of the checkers
    arts = audit_cases(graph, cases, "none")
    for case, art in zip(cases, arts):
        mine = [
            f
            for f in report.findings
            if (f.concept, f.period, sorted(f.dimensions)) == (case.concept, case.period, sorted(case.dims))
        ]
        best = min(mine, key=lambda f: RULE_PRIORITY.index(f.rule_id))
        assert (art.status, art.verdict, set(art.rules)) == ("ok", "violation", {f.rule_id for f in mine}), case.case_id
        assert art.extracted_value == exact(best.reported_value), case.case_id
        assert art.calculated_value in {exact(f.expected_value) for f in mine if f.rule_id == best.rule_id}, case.case_id

    # a scripted model on two cases (one per rule family), as a resumable run, then from cache
    picked = [next(c for c, a in zip(cases, arts) if r in a.rules) for r in ("DQC.US.0126", "DQC.US.0015")]
    box = catalog_toolbox(graph)
    out = tmp_path / "run.jsonl"
    with ReplayServer(_script(box, picked)) as srv:
        client = ChatClient(
            ModelSpec.parse("openai-compatible:replay", base_url=srv.base_url, max_retries=0), ModelCache(tmp_path / "cache")
        )
        summary = run_cases(picked, box, ModelPolicy(client), AuditConfig(), out)
        assert srv.remaining() == {"A1": 0, "A2": 0}
    assert summary.violations == 2 and summary.errors == 0
    by_id = {a.case_id: a for a in arts}
    first = out.read_bytes()
    for line, case in zip(first.decode().splitlines(), picked):
        got = json.loads(line)
        ref = by_id[case.case_id]
        assert (got["verdict"], tuple(got["rules"]), got["answer"]) == (ref.verdict, ref.rules, ref.answer)
        assert got["juniors"]["A1"]["restored_rules"] == list(ref.rules)
    assert '"gate_rejections":1' in first.decode().splitlines()[0]
    replay = ChatClient(
        ModelSpec.parse("openai-compatible:replay", base_url="http://127.0.0.1:9/v1", max_retries=0),
        ModelCache(tmp_path / "cache"),
    )
    out2 = tmp_path / "again.jsonl"
    run_cases(picked, box, ModelPolicy(replay), AuditConfig(), out2)
    assert replay.calls == 0 and out2.read_bytes() == first
    assert (tmp_path / "again.trajectory.jsonl").read_bytes() == (tmp_path / "run.trajectory.jsonl").read_bytes()
