"""A scripted adversarial model (issue 17): the senior and refinement paths, tools that fail, tool
calls past the budget, and servers that never answer, each visible in the trajectory.

The model is the replay server (strict as llama.cpp's: a conversation with `content: null` beside
tool calls or a dangling tool_call_id is refused, so every multi-round audit here also proves the
client sends valid conversations), keyed per case (`ROLE|TEXT`). The tools are the real catalog over
the bundled sample filing smpl-20251231 in a real Neo4j: Assets has a planted DQC.US.0126 finding
(reported 20000000, expected 19900000), Liabilities none. Servers that never answer hold the request
until the client gives up, so the deadline tests do not depend on machine speed."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("auditgraph.tools.catalog", reason="the tool catalog (issue 5) has not landed")

from auditgraph.agents.cache import ModelCache  # noqa: E402
from auditgraph.agents.case_records import Case  # noqa: E402
from auditgraph.agents.junior_loop import AuditConfig  # noqa: E402
from auditgraph.agents.policy import ModelPolicy  # noqa: E402
from auditgraph.agents.replay_server import ReplayServer  # noqa: E402
from auditgraph.agents.role_client import ChatClient  # noqa: E402
from auditgraph.agents.role_tools import case_args, catalog_toolbox  # noqa: E402
from auditgraph.agents.runner import run_cases, trajectory_path  # noqa: E402
from auditgraph.llm.providers import ModelSpec  # noqa: E402

FILING = "smpl-20251231"
ASSETS = Case(case_id="assets", filing_id=FILING, concept="us-gaap:Assets", period="instant:2025-12-31")
LIAB = Case(case_id="liabilities", filing_id=FILING, concept="us-gaap:Liabilities", period="instant:2025-12-31")
CHECKS = ["check_sign", "check_calc_tree", "check_dim_consistency"]
HANG = {"hang": True}


@pytest.fixture
def box(sample_filing_graph):
    return catalog_toolbox(sample_filing_graph)


def tc(box, name, case=ASSETS, **override):
    return {"tool_calls": [{"name": name, "arguments": {**case_args(box.specs[name], case), **override}}]}


def report(action="final_report", verdict="violation", rules=("DQC.US.0126",), **extra):
    return {"tool_calls": [{"name": action, "arguments": {"verdict": verdict, "rules": list(rules), **extra}}]}


def client(srv, **kw):
    return ChatClient(ModelSpec.parse("openai-compatible:replay", base_url=srv.base_url, max_retries=0, **kw), ModelCache(None))


def run_one(box, script, tmp_path, case=ASSETS, config=None):
    """One case through the runner (artifact + trajectory sidecar, as `agents run` writes them)."""
    out = tmp_path / "run.jsonl"
    with ReplayServer(script) as srv:
        run_cases([case], box, ModelPolicy(client(srv)), config or AuditConfig(), out)
        assert srv.rejected == [] and set(srv.remaining().values()) == {0}, (
            srv.remaining(),
            trajectory_path(out).read_text()[:3000],
        )
        requests = list(srv.requests)
    (art,) = [json.loads(x) for x in out.read_text().splitlines()]
    (traj,) = [json.loads(x) for x in trajectory_path(out).read_text().splitlines()]
    return art, traj, requests


def last_user(request):
    return [m["content"] for m in request["messages"] if m["role"] == "user"][-1]


SENIOR_SAYS_CONSISTENT = (
    "A1: the calculation checker is wrong here, the balance sheet adds up; report consistent with no rule.\n"
    "A2: agree with me, drop DQC.US.0126: the reported total is right."
)


def test_a_senior_who_disagrees_with_the_juniors_cannot_clear_an_unrefuted_checker_finding(box, tmp_path):
    # both juniors find the 0126 violation; A1 asks for a review; the senior says it is consistent and
    # both juniors follow it. Nothing refutes the checker, so the case stays a violation.
    follow = report(verdict="consistent", rules=(), rationale="The Senior Auditor says the total is right.", confidence=0.99)
    script = {
        "A1|us-gaap:Assets": [tc(box, n) for n in CHECKS] + [report("ask_senior"), follow],
        "A2|us-gaap:Assets": [tc(box, "get_fact_history")] + [tc(box, n) for n in CHECKS] + [report(), follow],
        "AS|us-gaap:Assets": [{"content": SENIOR_SAYS_CONSISTENT}],
    }
    art, traj, requests = run_one(box, script, tmp_path)
    assert (art["verdict"], art["rules"], art["reason_code"]) == ("violation", ["DQC.US.0126"], None)
    assert (art["extracted_value"], art["calculated_value"], art["rounds"]) == ("20000000", "19900000", 1)
    # the trajectory shows the review, the senior's words, and what the code did with the juniors' answers
    assert traj["senior"] == [{"round": 1, "feedback": SENIOR_SAYS_CONSISTENT}]
    assert art["trace"]["senior_calls"] == 1
    for role, first in (("A1", "senior_requested"), ("A2", "finalized")):
        invs = traj["agents"][role]["invocations"]
        assert [(i["round"], i["status"]) for i in invs] == [(0, first), (1, "finalized")]
        (final,) = [e for e in invs[1]["events"] if e["kind"] == "final"]
        got = final["report"]
        assert (got["verdict"], got["rules"], got["restored_rules"]) == ("violation", ["DQC.US.0126"], ["DQC.US.0126"])
        assert got["rationale"] == "The Senior Auditor says the total is right."
    # the senior had no tools and read both reports; its words reached each junior's next request
    (senior,) = [r for r in requests if "Senior Auditor of" in r["messages"][0]["content"]]
    assert "tools" not in senior and '"A1":' in last_user(senior) and '"A2":' in last_user(senior)
    refined = [r for r in requests if last_user(r).startswith("Senior Auditor feedback, refinement round 1:")]
    assert len(refined) == 2 and all(SENIOR_SAYS_CONSISTENT in last_user(r) for r in refined)


def test_refinement_rounds_run_until_the_juniors_agree_each_round_in_the_trajectory(box, tmp_path):
    # A2 declares a sign override that A1 does not share: two senior rounds, then A2 withdraws it
    over = {"overrides": [{"rule": "DQC.US.0015", "justification": "the history shows a sign flip", "expected_value": "-1"}]}
    feedback = ["A1: look at the sign history.\nA2: justify the override.", "A1: fine.\nA2: the history shows no flip; drop it."]
    script = {
        "A1|us-gaap:Assets": [tc(box, n) for n in CHECKS] + [report()] * 3,
        "A2|us-gaap:Assets": [tc(box, "get_fact_history")] + [tc(box, n) for n in CHECKS] + [report(**over)] * 2 + [report()],
        "AS|us-gaap:Assets": [{"content": f} for f in feedback],
    }
    art, traj, requests = run_one(box, script, tmp_path)
    assert (art["verdict"], art["rules"], art["rounds"], art["agreement"]) == ("violation", ["DQC.US.0126"], 2, True)
    assert traj["senior"] == [{"round": 1, "feedback": feedback[0]}, {"round": 2, "feedback": feedback[1]}]
    rules_by_round = {
        role: [
            next(e for e in i["events"] if e["kind"] == "final")["report"]["rules"] for i in traj["agents"][role]["invocations"]
        ]
        for role in ("A1", "A2")
    }
    assert rules_by_round == {
        "A1": [["DQC.US.0126"]] * 3,
        "A2": [["DQC.US.0015", "DQC.US.0126"]] * 2 + [["DQC.US.0126"]],
    }
    assert [i["round"] for i in traj["agents"]["A2"]["invocations"]] == [0, 1, 2]
    assert art["trace"]["senior_calls"] == 2 and art["trace"]["A2"]["invocations"] == 3
    # each junior continues its own conversation: its last request holds both rounds' feedback, in order
    a2_last = [r for r in requests if "Forensic Auditor (A2)" in r["messages"][0]["content"]][-1]
    users = [m["content"] for m in a2_last["messages"] if m["role"] == "user"]
    assert [u.split(":")[0] for u in users[1:]] == [
        "Senior Auditor feedback, refinement round 1",
        "Senior Auditor feedback, refinement round 2",
    ]
    assert len(requests) == 6 + 7 + 2


def test_a_senior_that_fails_is_recorded_and_the_juniors_are_told(box, tmp_path):
    over = {"overrides": [{"rule": "DQC.US.0015", "justification": "the history shows a sign flip"}]}
    script = {
        "A1|us-gaap:Assets": [tc(box, n) for n in CHECKS] + [report()] * 2,
        "A2|us-gaap:Assets": [tc(box, "get_fact_history")] + [tc(box, n) for n in CHECKS] + [report(**over), report()],
        "AS|us-gaap:Assets": [{"status": 500, "error": "the senior's model crashed"}],
    }
    art, traj, _ = run_one(box, script, tmp_path)
    (entry,) = traj["senior"]
    assert entry["round"] == 1 and "the senior's model crashed" in entry["error"]
    assert entry["feedback"] == "The Senior Auditor is unavailable; re-check your evidence and report again."
    assert (art["verdict"], art["rules"], art["rounds"]) == ("violation", ["DQC.US.0126"], 1)


def test_required_tools_that_only_failed_make_the_case_inconclusive_with_the_tools_message(box, tmp_path):
    # every required tool was called, but the dimension checker only without the filing it needs
    bad = {"tool_calls": [{"name": "check_dim_consistency", "arguments": {"concept": LIAB.concept, "period": LIAB.period}}]}
    script = {"A1|us-gaap:Liabilities": [tc(box, "check_sign", LIAB), tc(box, "check_calc_tree", LIAB), bad] + [report()] * 2}
    art, traj, _ = run_one(box, script, tmp_path, case=LIAB, config=AuditConfig(agents="a1", budget=5))
    assert (art["verdict"], art["reason_code"], art["rules"], art["tau"]) == ("inconclusive", "tools_failed", [], None)
    assert art["reason"].startswith("required tools failed: A1: check_dim_consistency ("), art["reason"]
    events = traj["agents"]["A1"]["invocations"][0]["events"]
    failed = next(e for e in events if e.get("tool") == "check_dim_consistency")
    assert failed["ok"] is False and failed["observation"]["status"] == "error"
    assert [e["missing"] for e in events if e["kind"] == "gate_rejection"] == [["check_dim_consistency"]] * 2


@pytest.mark.parametrize(
    ("after", "why"),
    [("budget", "not executed: step budget exhausted"), ("report", "not executed: the report was already accepted")],
)
def test_tool_calls_past_the_budget_or_the_report_are_not_run_and_show_in_the_trajectory(box, tmp_path, after, why):
    calls = [{"name": n, "arguments": case_args(box.specs[n], ASSETS)} for n in CHECKS]
    late = {"name": "get_fact", "arguments": case_args(box.specs["get_fact"], ASSETS)}
    if after == "budget":  # one turn of four calls against a budget of three
        turn, config = calls + [late], AuditConfig(agents="a1", budget=3)
    else:  # the report, then one more call in the same turn
        final = {"name": "final_report", "arguments": {"verdict": "violation", "rules": ["DQC.US.0126"]}}
        turn, config = calls + [final, late], AuditConfig(agents="a1")
    art, traj, _ = run_one(box, {"A1|us-gaap:Assets": [{"tool_calls": turn}]}, tmp_path, config=config)
    events = traj["agents"]["A1"]["invocations"][0]["events"]
    assert [e["tool"] for e in events if e["kind"] == "tool_call"] == CHECKS  # get_fact never ran
    (skipped,) = [e for e in events if e["kind"] == "not_executed"]
    assert (skipped["tool"], skipped["message"]) == ("get_fact", why)
    # the model is told the call did not run (an error observation, so it satisfies nothing)
    assert art["action_path"] == [f"A1:{n}" for n in CHECKS] + ["A1:get_fact"]
    assert (art["verdict"], art["rules"]) == ("violation", ["DQC.US.0126"])


def _cases_file(tmp_path, *cases):
    path = tmp_path / "cases.jsonl"
    path.write_text("".join(c.model_dump_json() + "\n" for c in cases))
    return str(path)


def _model_args(srv, tmp_path, *extra):
    return ("--llm", "openai-compatible:replay", "--base-url", srv.base_url, "--no-cache", "--max-retries", "0") + extra


def test_a_server_that_never_answers_is_cut_by_the_per_call_timeout_which_cancels_the_request(agents, tmp_path):
    out = tmp_path / "run.jsonl"
    with ReplayServer({"A1": [HANG] * 3, "A2": [HANG] * 3}) as srv:
        res = agents(
            "run",
            _cases_file(tmp_path, ASSETS),
            *_model_args(srv, tmp_path, "--timeout", "0.5", "--case-timeout", "0"),
            "--out",
            str(out),
        )
    assert srv.cancelled == 6  # each held request was given up by the client, none left waiting
    assert res.exit_code == 3, res.output
    (art,) = [json.loads(x) for x in out.read_text().splitlines()]
    assert (art["verdict"], art["reason_code"], art["rules"]) == ("inconclusive", "provider", [])
    assert art["reason"].startswith("provider failed: A1: openai-compatible:replay: OpenAITimeoutError")
    assert art["trace"]["A1"]["provider_errors"] == 3 and art["trace"]["senior_calls"] == 0
    assert "1 cases: 0 violation, 1 inconclusive, 0 not evaluable, 0 errors (reasons: provider 1)" in res.stderr


def test_a_case_deadline_ends_a_case_whose_model_never_answers_as_inconclusive(agents, tmp_path):
    out = tmp_path / "run.jsonl"
    with ReplayServer({"A1": [HANG] * 3, "A2": [HANG] * 3}) as srv:
        # --timeout stays 120 s: only the 1 s case deadline bounds the call
        res = agents("run", _cases_file(tmp_path, ASSETS), *_model_args(srv, tmp_path, "--case-timeout", "1"), "--out", str(out))
        assert len(srv.requests) <= 1  # A1's first call, cut at the deadline; A2 and the senior are never asked
    assert res.exit_code == 3, res.output
    (art,) = [json.loads(x) for x in out.read_text().splitlines()]
    assert (art["verdict"], art["reason_code"], art["tau"]) == ("inconclusive", "deadline", None)
    assert art["reason"] == "deadline passed: A1: the case timeout (1 s) passed; A2: the case timeout (1 s) passed"
    assert [a["status"] for a in art["juniors"].values()] == ["deadline", "deadline"]
    assert "(reasons: deadline 1)" in res.stderr
    # and in the report's summary table (stdout)
    cells = [line.replace("│", " ").replace("┃", " ").split() for line in res.stdout.splitlines()]
    rows = {c[0]: c[1:] for c in cells if c}
    assert rows["inconclusive"] == ["1"] and rows["reasons"] == ["deadline", "1"]


def test_the_run_deadline_ends_the_running_case_and_never_starts_the_next(box, tmp_path):
    out = tmp_path / "run.jsonl"
    with ReplayServer({"A1": [HANG] * 3, "A2": [HANG] * 3}) as srv:
        summary = run_cases([ASSETS, LIAB], box, ModelPolicy(client(srv)), AuditConfig(), out, case_timeout=None, run_timeout=1)
        assert len(srv.requests) <= 1
    first, second = [json.loads(x) for x in out.read_text().splitlines()]
    assert {first["verdict"], second["verdict"]} == {"inconclusive"}
    assert first["reason_code"] == second["reason_code"] == "deadline"
    assert second["reason"] == "deadline passed: the run timeout (1 s) passed before the case started"
    assert (summary.inconclusive, summary.provider_failures, summary.reasons) == (2, 2, (("deadline", 2),))


def test_a_misspelled_argument_is_refused_not_ignored_so_a_checker_cannot_look_elsewhere(sample_filing_graph, box, tmp_path):
    # Revenues has a planted 0117 finding; `concpt` would otherwise be dropped and the checker run without
    # a concept, satisfying the gate with no result about this fact
    from auditgraph.agents.session import filing_cases

    revenues = next(c for c in filing_cases(sample_filing_graph, FILING) if c.concept == "us-gaap:Revenues")
    typo = {k if k != "concept" else "concpt": v for k, v in case_args(box.specs["check_dim_consistency"], revenues).items()}
    turns = [tc(box, "check_sign", revenues), tc(box, "check_calc_tree", revenues)]
    turns += [{"tool_calls": [{"name": "check_dim_consistency", "arguments": typo}]}, report(verdict="consistent", rules=())]
    art, traj, _ = run_one(
        box, {"A1|us-gaap:Revenues": turns}, tmp_path, case=revenues, config=AuditConfig(agents="a1", budget=4)
    )
    assert art["verdict"] != "consistent" and (art["verdict"], art["reason_code"]) == ("inconclusive", "tools_failed")
    assert "unknown argument(s) 'concpt'" in art["reason"]
    events = traj["agents"]["A1"]["invocations"][0]["events"]
    refused = next(e for e in events if e.get("tool") == "check_dim_consistency")
    assert (refused["kind"], refused["ok"], refused["args"]) == ("tool_call", False, typo)
    assert art["trace"]["A1"]["tool_errors"] == 1
    assert [e["missing"] for e in events if e["kind"] == "gate_rejection"] == [["check_dim_consistency"]]


def test_a_required_checker_run_for_another_fact_does_not_satisfy_the_gate(box, tmp_path):
    # Liabilities' checkers pass; calling the calculation checker for Liabilities in the Assets case (which has
    # a 0126 finding) must not let the model report Assets consistent
    other = tc(box, "check_calc_tree", LIAB)
    turns = [tc(box, "check_sign"), other, tc(box, "check_dim_consistency"), report(verdict="consistent", rules=())]
    art, traj, requests = run_one(box, {"A1|us-gaap:Assets": turns}, tmp_path, config=AuditConfig(agents="a1", budget=4))
    assert art["verdict"] != "consistent" and (art["verdict"], art["reason_code"]) == ("inconclusive", "tools_failed")
    assert (
        art["reason"] == "required tools failed: A1: check_calc_tree (called only for another fact: concept us-gaap:Liabilities)"
    )
    events = traj["agents"]["A1"]["invocations"][0]["events"]
    ran = next(e for e in events if e.get("tool") == "check_calc_tree")
    assert (ran["ok"], ran["other_fact"]) == (True, "concept us-gaap:Liabilities")
    (rejection,) = [e for e in events if e["kind"] == "gate_rejection"]
    assert rejection["missing"] == ["check_calc_tree"]


SEGMENT = {"us-gaap:StatementBusinessSegmentsAxis": "smpl:WidgetsSegmentMember"}
WIDGETS = Case(
    case_id="revenues-widgets",
    filing_id=FILING,
    concept="us-gaap:Revenues",
    period="duration:2025-01-01/2025-12-31",
    dims=("us-gaap:StatementBusinessSegmentsAxis=smpl:WidgetsSegmentMember",),
)


@pytest.mark.parametrize(
    "case,dimensions,named",
    [
        # the non-dimensional Liabilities case; the history asked for a segment member's fact
        (LIAB, SEGMENT, "dimensions StatementBusinessSegmentsAxis=WidgetsSegmentMember"),
        # the Widgets segment's revenue; the history asked for the consolidated (non-dimensional) fact
        (WIDGETS, {}, "dimensions none (the non-dimensional fact)"),
    ],
    ids=["segment-for-total", "total-for-segment"],
)
def test_a_required_call_for_the_same_concept_but_other_dimensions_does_not_satisfy_the_gate(
    box, tmp_path, case, dimensions, named
):
    turns = [tc(box, name, case) for name in CHECKS]
    turns += [tc(box, "get_fact_history", case, dimensions=dimensions), report(verdict="consistent", rules=())]
    art, traj, _ = run_one(
        box, {f"A2|{case.concept}": turns}, tmp_path, case=case, config=AuditConfig(agents="a2", budget=len(turns))
    )
    assert art["verdict"] != "consistent" and (art["verdict"], art["reason_code"]) == ("inconclusive", "tools_failed")
    assert art["reason"] == f"required tools failed: A2: get_fact_history (called only for another fact: {named})"
    events = traj["agents"]["A2"]["invocations"][0]["events"]
    ran = next(e for e in events if e.get("tool") == "get_fact_history")
    assert (ran["ok"], ran["other_fact"], ran["args"]["dimensions"]) == (True, named, dimensions)
    assert all("other_fact" not in e for e in events if e.get("tool") in CHECKS)  # same concept, period, no dimension args
    (rejection,) = [e for e in events if e["kind"] == "gate_rejection"]
    assert rejection["missing"] == ["get_fact_history"]


def test_what_counts_as_another_fact_dimensions_units_and_contexts():
    from auditgraph.agents.junior_loop import _other_fact

    args = {"filing_id": FILING, "concept": "Revenues", "period": "2025-12-31"}
    assert _other_fact(args, WIDGETS) is None  # omitted dimension arguments name nothing
    same = {"dims": ["StatementBusinessSegmentsAxis=WidgetsSegmentMember"], "dimensions": SEGMENT}
    assert _other_fact({**args, **same}, WIDGETS) is None  # local names match
    assert _other_fact({**args, "dimensions": None}, WIDGETS) is None  # null: any fact of the concept
    gadgets = ["us-gaap:StatementBusinessSegmentsAxis=smpl:GadgetsSegmentMember"]
    assert _other_fact({**args, "dims": gadgets}, WIDGETS) == "dims StatementBusinessSegmentsAxis=GadgetsSegmentMember"
    assert _other_fact({**args, "dims": []}, ASSETS.model_copy(update={"concept": "us-gaap:Revenues"})) is None
    assert _other_fact({**args, "unit": "iso4217:EUR"}, WIDGETS.model_copy(update={"unit": "iso4217:USD"})) == (
        "unit iso4217:EUR"
    )
    assert _other_fact({**args, "context_id": "FY2025_Widgets"}, WIDGETS) == (
        "context_id FY2025_Widgets (a case names no context; omit it)"
    )
