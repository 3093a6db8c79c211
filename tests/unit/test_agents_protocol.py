"""The AuditFlow protocol rules, one test each: gate, budget, malformed actions, refinement,
agreement, overrides, ablations. The policy is scripted turn by turn; the tools return fixed
checker results, so every count below is exact. (End-to-end runs over the real catalog and
graph are in test_agents_e2e.py.)"""

from __future__ import annotations

from collections import deque
from decimal import Decimal as D

from auditgraph.agents.auditflow import audit_case
from auditgraph.agents.case_records import Case
from auditgraph.agents.junior_loop import AuditConfig
from auditgraph.agents.policy import DeterministicPolicy
from auditgraph.agents.role_tools import ToolSpec, Toolbox

CASE = Case(case_id="c1", filing_id="F1", concept="us-gaap:Assets", period="instant:2023-12-31")
ARGS = {
    "type": "object",
    "properties": {
        "filing_id": {"type": "string"},
        "concept": {"type": "string"},
        "period": {"type": "string"},
        "coverage": {"type": "string"},
    },
}
CALC_VIOLATION = {
    "rule_id": "DQC.US.0126",
    "sub_rule": "DQC.US.0126.9590",
    "status": "violation",
    "concept": "us-gaap:Assets",
    "reported_value": "100",
    "expected_value": "90",
    "facts": [],
}


def toolbox(results: dict | None = None, calls: list | None = None) -> Toolbox:
    fixed = {
        "get_fact": {"status": "ok", "rows": [{"value": "100", "fact_id": "f1", "period_key": "instant:2023-12-31", "dims": []}]},
        "get_concept_metadata": {"status": "ok", "balance": "debit"},
        "check_sign": {"rule_id": "DQC.US.0015", "status": "ok", "reported_value": "100", "expected_value": "100"},
        "check_calc_tree": CALC_VIOLATION,
        "check_dim_consistency": {"rule_id": "DQC.US.0117", "status": "not_evaluable", "reason": "no members"},
        "get_fact_history": {"status": "ok", "history": []},
        "compare_periods": {"status": "ok"},
    }
    fixed.update(results or {})
    kinds = {"get_fact_history": "dynamic", "compare_periods": "dynamic"}

    def run(name, args):
        if calls is not None:
            calls.append((name, args))
        return fixed[name]

    return Toolbox([ToolSpec(n, n, kinds.get(n, "static"), ARGS) for n in fixed], run)


class Scripted:
    """Per-role queues of turns; a turn is a tool-call list, text, or an exception."""

    label = "scripted"

    def __init__(self, **queues):
        self.queues = {r: deque(q) for r, q in queues.items()}
        self.seen = []

    def turn(self, role, system, messages, tools, case, timeout=None):
        self.seen.append((role, [t.name for t in tools], list(messages)))
        item = self.queues[role].popleft()
        if isinstance(item, Exception):
            raise item
        if isinstance(item, str):
            return {"content": item, "tool_calls": [], "invalid_tool_calls": []}
        if isinstance(item, dict) and "invalid" in item:
            return {"content": "", "tool_calls": [], "invalid_tool_calls": [item["invalid"]]}
        calls = [{"id": f"{role}-{len(self.seen)}-{i}", "name": n, "args": a} for i, (n, a) in enumerate(item)]
        return {"content": "", "tool_calls": calls, "invalid_tool_calls": []}


def call(name, **args):
    return [(name, args)]


def final(verdict="violation", rules=("DQC.US.0126",), **extra):
    return call("final_report", verdict=verdict, rules=list(rules), reported_value="100", expected_value="90", **extra)


CHECKS = [call("check_sign"), call("check_calc_tree"), call("check_dim_consistency")]
A2_CHECKS = [call("get_fact_history")] + CHECKS


def test_gate_refuses_early_finalisation_and_names_the_missing_tools():
    policy = Scripted(A1=[call("check_sign"), final(), call("check_calc_tree"), call("check_dim_consistency"), final()])
    art, traj = audit_case(CASE, policy, toolbox(), AuditConfig(agents="a1"))
    events = traj["agents"]["A1"]["invocations"][0]["events"]
    rejection = next(e for e in events if e["kind"] == "gate_rejection")
    assert rejection["missing"] == ["check_calc_tree", "check_dim_consistency"]
    # the refusal is the next observation the model sees
    last_seen = policy.seen[2][2][-1]
    assert last_seen["role"] == "tool" and '"missing_tools":["check_calc_tree","check_dim_consistency"]' in last_seen["content"]
    assert art.trace["A1"]["gate_rejections"] == 1 and art.trace["A1"]["steps"] == 5
    assert art.verdict == "violation" and art.rules == ("DQC.US.0126",)
    assert (art.extracted_value, art.calculated_value) == ("100", "90")


def test_a2_also_needs_the_fact_history():
    policy = Scripted(A2=CHECKS + [final()] + [call("get_fact_history"), final()])
    art, traj = audit_case(CASE, policy, toolbox(), AuditConfig(agents="a2"))
    rej = [e for e in traj["agents"]["A2"]["invocations"][0]["events"] if e["kind"] == "gate_rejection"]
    assert [r["missing"] for r in rej] == [["get_fact_history"]]
    assert art.trace["A2"]["dynamic_calls"] == 1 and art.trace["A2"]["static_calls"] == 3


def test_a_tool_error_does_not_satisfy_the_gate():
    box = toolbox({"check_dim_consistency": {"status": "error", "message": "boom"}})
    policy = Scripted(A1=CHECKS + [final()] * 30)
    art, traj = audit_case(CASE, policy, box, AuditConfig(agents="a1"))
    inv = traj["agents"]["A1"]["invocations"][0]
    assert inv["status"] == "budget_exhausted" and inv["steps"] == 20
    assert art.trace["A1"]["gate_rejections"] == 17


def test_budget_exhaustion_reports_observed_findings_without_running_missing_tools():
    calls = []
    policy = Scripted(A1=[call("check_calc_tree")] + [call("get_concept_metadata")] * 19)
    art, traj = audit_case(CASE, policy, toolbox(calls=calls), AuditConfig(agents="a1"))
    assert len(calls) == 20 and {n for n, _ in calls} == {"check_calc_tree", "get_concept_metadata"}
    report = art.juniors["A1"]
    assert report["status"] == "budget_exhausted" and report["rules"] == ["DQC.US.0126"]
    assert art.verdict == "violation" and art.calculated_value == "90"
    assert traj["agents"]["A1"]["invocations"][0]["events"][-2]["missing"] == ["check_sign", "check_dim_consistency"]


def test_budget_exhaustion_without_findings_is_inconclusive_with_value_from_observations():
    policy = Scripted(A1=[call("get_fact")] + [call("get_concept_metadata")] * 19)
    art, _ = audit_case(CASE, policy, toolbox(), AuditConfig(agents="a1"))
    assert art.juniors["A1"]["status"] == "budget_exhausted" and art.juniors["A1"]["verdict"] == "consistent"
    # no checker ran, so nothing supports "consistent": the case says so instead
    assert (art.verdict, art.reason_code, art.tau) == ("inconclusive", "tools_not_run", None)
    assert art.reason == "required tools not run: A1: check_sign, check_calc_tree, check_dim_consistency"
    assert art.extracted_value == "100" and art.rules == ()


def test_malformed_actions_unknown_tools_and_bad_reports_use_steps_but_never_crash():
    policy = Scripted(
        A1=[
            "I think it's fine.",
            {"invalid": {"name": "check_sign", "args": "{oops", "error": "bad json"}},
            call("drop_table"),
            *CHECKS,
            call("final_report", verdict="maybe"),
            final(),
        ]
    )
    art, traj = audit_case(CASE, policy, toolbox(), AuditConfig(agents="a1", budget=20))
    kinds = [e["kind"] for e in traj["agents"]["A1"]["invocations"][0]["events"]]
    assert kinds[:3] == ["malformed", "malformed", "unknown_tool"] and "malformed" in kinds[6:]
    assert art.trace["A1"]["malformed"] == 4 and art.trace["A1"]["steps"] == 8
    assert art.verdict == "violation"


def test_a_json_text_reply_is_a_final_report():
    policy = Scripted(A1=CHECKS + ['```json\n{"verdict": "violation", "rules": ["DQC.US.0126"]}\n```'])
    art, _ = audit_case(CASE, policy, toolbox(), AuditConfig(agents="a1"))
    assert art.juniors["A1"]["status"] == "finalized" and art.rules == ("DQC.US.0126",)


def test_agreement_ends_without_a_senior_call():
    policy = Scripted(A1=CHECKS + [final()], A2=A2_CHECKS + [final()], AS=[])
    art, traj = audit_case(CASE, policy, toolbox(), AuditConfig())
    assert art.rounds == 0 and art.agreement and traj["senior"] == []
    assert art.K == "0" and art.tau == "0.9975" and art.verdict == "violation"


def test_disagreement_runs_at_most_three_senior_rounds_then_fuses():
    box = toolbox(
        {"check_calc_tree": {"rule_id": "DQC.US.0126", "status": "ok", "reported_value": "100", "expected_value": "100"}}
    )
    over = dict(overrides=[{"rule": "DQC.US.0015", "justification": "history shows sign flip", "expected_value": "-100"}])
    a1 = CHECKS + [final(rules=())] + [final(rules=())] * 3
    a2 = A2_CHECKS + [final(rules=(), **over)] * 4
    policy = Scripted(A1=a1, A2=a2, AS=["A1: look at the history.\nA2: justify."] * 3)
    art, traj = audit_case(CASE, policy, box, AuditConfig(max_rounds=3))
    assert art.rounds == 3 and len(traj["senior"]) == 3 and not art.agreement
    assert len(traj["agents"]["A1"]["invocations"]) == 4
    # the senior has no tools, and its feedback reaches the juniors
    senior_calls = [s for s in policy.seen if s[0] == "AS"]
    assert all(tools == [] for _, tools, _ in senior_calls)
    assert "Senior Auditor feedback, refinement round 3" in policy.seen[-1][2][-1]["content"]
    # A1 consistent (c .9) vs A2 override 0015 (v .95): K = .855, violation wins
    assert art.K == "0.855" and art.verdict == "violation" and art.rules == ("DQC.US.0015",)
    assert art.calculated_value == "-100"


def test_refinement_stops_at_agreement():
    a1 = CHECKS + [final(rules=())] + [final()]
    a2 = A2_CHECKS + [final()] * 2
    policy = Scripted(A1=a1, A2=a2, AS=["A1: you missed the calculation finding."])
    art, _ = audit_case(CASE, policy, toolbox(), AuditConfig())
    # A1 left out a positive checker finding: the code restores it, so they agree at once
    assert art.rounds == 0 and art.juniors["A1"]["restored_rules"] == ["DQC.US.0126"]


def test_ask_senior_triggers_a_review_round_even_when_they_agree():
    ask = call("ask_senior", verdict="violation", rules=["DQC.US.0126"])
    policy = Scripted(A1=CHECKS + [ask, final()], A2=A2_CHECKS + [final(), final()], AS=["A1: fine.\nA2: fine."])
    art, traj = audit_case(CASE, policy, toolbox(), AuditConfig())
    assert art.rounds == 1 and traj["agents"]["A1"]["invocations"][0]["status"] == "senior_requested"


def test_authoritative_reporting_ignores_overrides_and_undeclared_rules():
    over = dict(overrides=[{"rule": "DQC.US.0015", "justification": "negative elsewhere"}])
    policy = Scripted(A1=CHECKS + [final(rules=("DQC.US.0126", "DQC.US.0117"), **over)])
    art, _ = audit_case(CASE, policy, toolbox(), AuditConfig(agents="a1", overrides=False))
    assert art.rules == ("DQC.US.0126",)
    assert art.juniors["A1"]["dropped_rules"] == ["DQC.US.0117"] and art.juniors["A1"]["overrides"] == []


def test_override_needs_declaration_and_justification():
    over = dict(
        overrides=[
            {"rule": "0015", "justification": "sign flipped vs prior year"},
            {"rule": "DQC.US.0117", "justification": "  "},
        ]
    )
    policy = Scripted(A1=CHECKS + [final(rules=("DQC.US.0126", "DQC.US.0117"), **over)])
    art, _ = audit_case(CASE, policy, toolbox(), AuditConfig(agents="a1", overrides=True))
    assert art.rules == ("DQC.US.0015", "DQC.US.0126")
    assert art.juniors["A1"]["dropped_rules"] == ["DQC.US.0117"]
    assert art.calculated_value == "90"  # 0126 outranks 0015 in the translator


def test_positive_checker_findings_are_never_dropped():
    policy = Scripted(A1=CHECKS + [final(verdict="consistent", rules=())])
    art, _ = audit_case(CASE, policy, toolbox(), AuditConfig(agents="a1", overrides=True))
    assert art.verdict == "violation" and art.juniors["A1"]["restored_rules"] == ["DQC.US.0126"]


def test_no_gate_ablation_accepts_an_early_report_but_not_as_consistent():
    policy = Scripted(A1=[final(verdict="consistent", rules=())])
    art, _ = audit_case(CASE, policy, toolbox(), AuditConfig(agents="a1", gate=False))
    assert art.trace["A1"]["steps"] == 1 and art.juniors["A1"]["verdict"] == "consistent" and art.extracted_value == "100"
    assert (art.verdict, art.reason_code) == ("inconclusive", "tools_not_run")


def test_no_checkers_ablation_hides_checkers_and_takes_agent_rules():
    policy = Scripted(A2=[call("get_fact_history"), final(rules=("DQC.US.0126",))])
    art, traj = audit_case(CASE, policy, toolbox(), AuditConfig(agents="a2", checkers=False))
    offered = policy.seen[0][1]
    assert "check_sign" not in offered and "get_fact_history" in offered and "final_report" in offered
    assert traj["agents"]["A2"]["required"] == ["get_fact_history"]
    assert art.rules == ("DQC.US.0126",) and art.calculated_value == "90"


def test_catalogs_by_role_and_single_agent():
    policy = Scripted(A1=CHECKS + [final()], A2=A2_CHECKS + [final()])
    audit_case(CASE, policy, toolbox(), AuditConfig())
    a1_tools, a2_tools = policy.seen[0][1], policy.seen[5][1]
    assert "get_fact_history" not in a1_tools and "get_fact_history" in a2_tools
    single = Scripted(A2=A2_CHECKS + [final()])
    art, _ = audit_case(CASE, single, toolbox(), AuditConfig(agents="single"))
    assert art.system == "single-agent" and art.rounds == 0 and art.K == "0"


def test_no_fusion_ablation_takes_a_violation_from_either_junior():
    box = toolbox({"check_calc_tree": {"rule_id": "DQC.US.0126", "status": "ok", "reported_value": "100"}})
    over = dict(overrides=[{"rule": "DQC.US.0015", "justification": "negative in prior filing"}])
    policy = Scripted(A1=CHECKS + [final(rules=())] * 2, A2=A2_CHECKS + [final(rules=(), **over)] * 2, AS=["x"])
    art, _ = audit_case(CASE, policy, box, AuditConfig(fusion=False, max_rounds=1, overrides=True))
    assert art.verdict == "violation" and art.masses["used_for_verdict"] is False


def test_sign_coverage_is_fixed_by_the_run_not_the_agent():
    calls = []
    policy = Scripted(A1=[call("check_sign", coverage="expanded")] + CHECKS[1:] + [final()])
    audit_case(CASE, policy, toolbox(calls=calls), AuditConfig(agents="a1", sign_coverage="limited"))
    assert calls[0] == ("check_sign", {"coverage": "limited"})


def test_provider_errors_are_recorded_and_counted():
    from auditgraph.errors import ContextOverflow, ProviderError

    policy = Scripted(A1=[ProviderError("x: 500"), *CHECKS, final()])
    art, traj = audit_case(CASE, policy, toolbox(), AuditConfig(agents="a1"))
    assert art.trace["A1"]["provider_errors"] == 1 and art.trace["A1"]["steps"] == 5
    over = Scripted(A1=[call("check_calc_tree"), ContextOverflow("context length exceeded")])
    art, _ = audit_case(CASE, over, toolbox(), AuditConfig(agents="a1"))
    assert art.juniors["A1"]["status"] == "provider_failure" and art.verdict == "violation"


def test_deterministic_policy_reports_what_the_checkers_found():
    calls = []
    art, traj = audit_case(CASE, DeterministicPolicy(), toolbox(calls=calls), AuditConfig())
    assert art.verdict == "violation" and art.rules == ("DQC.US.0126",) and art.rounds == 0
    assert (art.extracted_value, art.calculated_value, art.tau, art.K) == ("100", "90", "0.9975", "0")
    assert art.action_path[:4] == ("A1:get_fact", "A1:check_sign", "A1:check_calc_tree", "A1:check_dim_consistency")
    assert "A2:get_fact_history" in art.action_path
    assert art.trace["A1"]["gate_rejections"] == 0 and D(art.masses["fused"]["v"]) == D("0.9975")


def test_repeated_tool_call_ids_from_a_server_do_not_confuse_the_gate():
    class SameId(Scripted):
        def turn(self, role, system, messages, tools, case, timeout=None):
            t = super().turn(role, system, messages, tools, case)
            t["tool_calls"] = [{**c, "id": "call_0"} for c in t["tool_calls"]]
            return t

    policy = SameId(A1=[call("check_sign"), call("check_calc_tree"), final(), call("check_dim_consistency"), final()])
    art, traj = audit_case(CASE, policy, toolbox(), AuditConfig(agents="a1"))
    assert art.trace["A1"]["gate_rejections"] == 1 and art.verdict == "violation"
    ids = [c["id"] for m in policy.seen[-1][2] if m["role"] == "assistant" for c in m["tool_calls"]]
    assert len(ids) == len(set(ids)) == 4
