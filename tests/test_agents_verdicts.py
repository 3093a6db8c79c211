"""Verdicts follow evidence (issue 17): over the bundled sample filing in a real Neo4j, no model
failure, outage or bad argument ever becomes `consistent`.

The sample filing smpl-20251231 has three planted findings (0015 on capital expenditure, 0126 on
Assets, 0117 on Revenues). Models are the replay server (a scripted OpenAI-compatible endpoint)
or nothing listening at all."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("auditgraph.tools.catalog", reason="the tool catalog (issue 5) has not landed")

from auditgraph.agents.auditflow import JuniorState, audit_case, settle  # noqa: E402
from auditgraph.agents.cache import ModelCache  # noqa: E402
from auditgraph.agents.case_records import Case  # noqa: E402
from auditgraph.agents.junior_loop import AuditConfig  # noqa: E402
from auditgraph.agents.policy import DeterministicPolicy, ModelPolicy  # noqa: E402
from auditgraph.agents.replay_server import ReplayServer  # noqa: E402
from auditgraph.agents.role_client import ChatClient  # noqa: E402
from auditgraph.agents.role_tools import case_args, catalog_toolbox  # noqa: E402
from auditgraph.agents.runner import run_cases  # noqa: E402
from auditgraph.agents.session import filing_cases  # noqa: E402
from auditgraph.llm.providers import ModelSpec  # noqa: E402

FILING = "smpl-20251231"
ASSETS = Case(case_id="assets", filing_id=FILING, concept="us-gaap:Assets", period="instant:2025-12-31")
CALC = {
    "rule_id": "DQC.US.0126",
    "sub_rule": "DQC.US.0126.9590",
    "status": "violation",
    "concept": "us-gaap:Assets",
    "period": "instant:2025-12-31",
    "reported_value": "20000000",
    "expected_value": "19900000",
}


def artifacts(path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def test_nothing_listening_is_inconclusive_and_exits_3(agents, tmp_path):
    out = tmp_path / "run.jsonl"
    res = agents(
        "audit",
        FILING,
        "--llm",
        "openai-compatible:x",
        "--base-url",
        "http://127.0.0.1:9/v1",
        "--no-cache",
        "--max-retries",
        "0",
        "--out",
        str(out),
        "--json",
    )
    assert res.exit_code == 3, res.output
    arts = artifacts(out)
    assert len(arts) == 3 and {a["verdict"] for a in arts} == {"inconclusive"}
    assert {a["reason_code"] for a in arts} == {"provider"} and {a["tau"] for a in arts} == {None}
    assert all(
        a["reason"].startswith("provider failed: A1: openai-compatible:x: OpenAIConnectionError: Connection error.") for a in arts
    )
    assert "3 cases: 0 violation, 3 inconclusive, 0 not evaluable, 0 errors (reasons: provider 3)" in res.stderr
    assert "error: 3 of 3 cases ended inconclusive because the model failed" in res.stderr
    assert json.loads(res.stdout)["summary"]["reasons"] == {"provider": 3}
    # no refinement round against a dead provider: both juniors tried, the senior was never asked
    assert {a["rounds"] for a in arts} == {0} and {a["trace"]["senior_calls"] for a in arts} == {0}
    # a junior whose model failed reached no verdict, and fusion over no evidence decides nothing
    for a in arts:
        assert [(j["status"], j["verdict"]) for j in a["juniors"].values()] == [("provider_failure", None)] * 2
        assert (a["masses"]["verdict"], a["masses"]["fused"], a["masses"]["used_for_verdict"]) == (
            None,
            {"v": "0", "c": "0", "theta": "1"},
            False,
        )


def test_a_run_of_another_llm_in_the_same_out_is_refused_not_resumed(agents, tmp_path):
    """`--llm none` first, then a model whose server is down, into the same file: the first run's verdicts must
    not come back as the second's (they once did: 3 violations, 0 model calls, `llm: openai-compatible:none`)."""
    out = tmp_path / "run.jsonl"
    first = agents("audit", FILING, "--llm", "none", "--out", str(out))
    assert first.exit_code == 0, first.output
    before = out.read_text()
    dead = ("--llm", "openai-compatible:none", "--base-url", "http://127.0.0.1:9/v1", "--no-cache", "--max-retries", "0")
    second = agents("audit", FILING, *dead, "--out", str(out))
    assert second.exit_code == 2, second.output
    assert f"error: --out {out} holds a run made another way: llm 'none' (this run: 'openai-compatible:none')" in second.stderr
    assert "give another --out, or delete" in second.stderr and "violation" not in second.stdout
    assert out.read_text() == before  # the first run's artifacts are left as they were
    other = agents("audit", FILING, "--llm", "none", "--override", "--agents", "a1", "--out", str(out))
    assert other.exit_code == 2 and "agents='both' (this run: 'a1')" in other.stderr  # configuration counts too
    again = agents("audit", FILING, "--llm", "none", "--out", str(out), "--json")
    assert again.exit_code == 0 and json.loads(again.stdout)["summary"]["resumed"] == 3  # the same run resumes


def test_a_whole_tree_sum_is_calculation_evidence_not_the_rules_verdict(sample_filing_graph):
    """check_calc_tree with whole_tree=true sums any period's tree, beyond DQC.US.0126's scope: what it finds is
    named as such and decides nothing; the rule's own call (as `check` runs it) is what makes the finding."""
    from auditgraph.agents.role_tools import BEYOND_SCOPE, checker_results, scoped

    box = catalog_toolbox(sample_filing_graph)
    args = case_args(box.specs["check_calc_tree"], ASSETS)
    tree = scoped("check_calc_tree", {**args, "whole_tree": True}, box.call("check_calc_tree", {**args, "whole_tree": True}))
    assert tree["status"] == "ok" and all(BEYOND_SCOPE in r for r in tree["results"])
    assert any(r["status"] == "violation" and r["concept"] == "us-gaap:Assets" for r in tree["results"])
    assert checker_results("check_calc_tree", tree) == []
    a1 = JuniorState("A1", None, (), ())
    alone = settle("consistent", (), [a1], [("check_calc_tree", tree)], ASSETS)
    assert (alone.verdict, alone.code) == ("not_evaluable", "not_evaluable")
    rule = box.call("check_calc_tree", args)
    both = settle("consistent", (), [a1], [("check_calc_tree", tree), ("check_calc_tree", rule)], ASSETS)
    assert (both.verdict, both.rules) == ("violation", ("DQC.US.0126",))


PROSE = {"content": "I have reviewed the balance sheet and the figures look fine to me."}
WRONG = [
    {"tool_calls": [{"name": "check_everything", "arguments": {}}]},  # no such tool
    {"tool_calls": [{"name": "check_sign", "arguments": "{not json"}]},  # unparsable arguments
    {"tool_calls": [{"name": "check_calc_tree", "arguments": {"concpt": "Assets"}}]},
]  # invalid arguments


@pytest.mark.parametrize(
    ("script", "a1_reason", "a1_trace"),
    [
        (
            {"A1": [PROSE] * 3, "A2": [PROSE] * 3},
            "A1: check_sign, check_calc_tree, check_dim_consistency",
            {"malformed": 3, "tool_errors": 0},
        ),
        ({"A1": WRONG, "A2": [PROSE] * 3}, "A1: check_sign, check_dim_consistency", {"malformed": 2, "tool_errors": 1}),
    ],
    ids=["prose", "wrong-calls"],
)
def test_a_model_that_never_runs_the_checkers_is_inconclusive(agents, tmp_path, script, a1_reason, a1_trace):
    cases = tmp_path / "cases.jsonl"
    cases.write_text(ASSETS.model_dump_json() + "\n")
    with ReplayServer(script) as srv:
        res = agents(
            "run",
            str(cases),
            "--llm",
            "openai-compatible:replay",
            "--base-url",
            srv.base_url,
            "--no-cache",
            "--max-retries",
            "0",
            "--budget",
            "3",
            "--out",
            str(tmp_path / "run.jsonl"),
        )
        assert srv.remaining() == {"A1": 0, "A2": 0}
    assert res.exit_code == 3, res.output
    (art,) = artifacts(tmp_path / "run.jsonl")
    assert (art["verdict"], art["reason_code"], art["rules"]) == ("inconclusive", "tools_not_run", [])
    assert art["reason"] == (
        f"required tools not run: {a1_reason}; A2: check_sign, check_calc_tree, check_dim_consistency, get_fact_history"
    )
    assert {k: art["trace"]["A1"][k] for k in a1_trace} == a1_trace and art["juniors"]["A1"]["status"] == "budget_exhausted"
    assert "1 inconclusive" in res.stderr and "tools_not_run 1" in res.stderr


def _checks_then_consistent(box, case):
    def tc(name):
        return {"tool_calls": [{"name": name, "arguments": case_args(box.specs[name], case)}]}

    def consistent():
        return {
            "tool_calls": [
                {
                    "name": "final_report",
                    "arguments": {
                        "verdict": "consistent",
                        "rules": [],
                        "confidence": 0.99,
                        "rationale": "The checker is wrong: the balance sheet clearly adds up.",
                    },
                }
            ]
        }

    checks = ["check_sign", "check_calc_tree", "check_dim_consistency"]
    return {
        "A1": [tc(n) for n in checks] + [consistent()],
        "A2": [tc("get_fact_history")] + [tc(n) for n in checks] + [consistent()],
    }


def test_a_model_saying_consistent_against_a_checker_finding_stays_a_violation(sample_filing_graph, tmp_path):
    box = catalog_toolbox(sample_filing_graph)
    with ReplayServer(_checks_then_consistent(box, ASSETS)) as srv:
        client = ChatClient(ModelSpec.parse("openai-compatible:replay", base_url=srv.base_url, max_retries=0), ModelCache(None))
        art, _ = audit_case(ASSETS, ModelPolicy(client), box, AuditConfig())
        assert srv.remaining() == {"A1": 0, "A2": 0}
    assert (art.verdict, art.rules, art.reason_code) == ("violation", ("DQC.US.0126",), None)
    assert (art.extracted_value, art.calculated_value) == ("20000000", "19900000")
    assert art.juniors["A1"]["restored_rules"] == ["DQC.US.0126"] and art.juniors["A2"]["restored_rules"] == ["DQC.US.0126"]


def test_the_fused_verdict_cannot_be_milder_than_an_unrefuted_checker_finding():
    done = [JuniorState("A1", None, (), ()), JuniorState("A2", None, (), ())]
    seen = [("check_calc_tree", {"status": "ok", "results": [CALC]})]
    out = settle("consistent", (), done, seen, ASSETS)
    assert (out.verdict, out.rules, out.floor) == ("violation", ("DQC.US.0126",), ("DQC.US.0126",))
    # facts and words are no refutation; only the same checker passing the same fact under the same sub-rule is
    words = seen + [("get_fact", {"status": "ok", "rows": [{"value": "19900000"}]})]
    assert settle("consistent", (), done, words, ASSETS).verdict == "violation"
    passing = {**CALC, "status": "ok", "expected_value": "20000000"}
    assert settle("consistent", (), done, seen + [("check_calc_tree", {"results": [passing]})], ASSETS).verdict == "consistent"
    other_sub = {**passing, "sub_rule": "DQC.US.0126.9591"}
    assert settle("consistent", (), done, seen + [("check_calc_tree", {"results": [other_sub]})], ASSETS).verdict == "violation"
    # an observed finding stands even when other required tools never ran; nothing observed is inconclusive
    short = [JuniorState("A1", None, ("check_sign",), ()), done[1]]
    out = settle("consistent", (), short, seen, ASSETS)
    stands = "required tools not run: A1: check_sign; the observed checker findings stand"
    assert (out.verdict, out.code, out.reason) == ("violation", None, stands)
    assert settle("consistent", (), short, [], ASSETS).code == "tools_not_run"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no-such-filing"], "error: no filing 'no-such-filing' in the database; load it with `auditgraph filing load`"),
        ([FILING, "--concept", "us-gaap:NoSuchConceptAtAll"], "error: no concept 'us-gaap:NoSuchConceptAtAll' in the database"),
        (
            [FILING, "--concept", "us-gaap:Assets", "--period", "instant:2019-12-31"],
            (
                f"error: --period instant:2019-12-31: filing '{FILING}' has no fact of us-gaap:Assets for it; "
                "its periods: instant:2024-12-31, instant:2025-12-31"
            ),
        ),
    ],
)
def test_a_filing_concept_or_period_that_does_not_exist_is_an_error(agents, tmp_path, args, message):
    res = agents("audit", *args, "--llm", "none", "--out", str(tmp_path / "run.jsonl"))
    assert res.exit_code == 2, res.output
    (line,) = res.stderr.strip().splitlines()
    assert line.startswith(message), line
    assert not (tmp_path / "run.jsonl").exists()


def test_not_evaluable_stays_not_evaluable_with_llm_none_and_checker_only(agents, tmp_path):
    out = tmp_path / "run.jsonl"
    res = agents("audit", FILING, "--concept", "dei:EntityCentralIndexKey", "--llm", "none", "--out", str(out), "--json")
    assert res.exit_code == 0, res.output
    (art,) = artifacts(out)
    assert (art["verdict"], art["reason_code"], art["rules"], art["tau"]) == ("not_evaluable", "not_evaluable", [], None)
    assert art["reason"].startswith("no checker evaluated the fact: ")
    assert "dei:EntityCentralIndexKey has no total with qualifying member facts in a statement cube" in art["reason"]
    assert "1 not evaluable" in res.stderr and json.loads(res.stdout)["summary"]["not_evaluable"] == 1
    res = agents("audit", FILING, "--concept", "dei:EntityCentralIndexKey", "--out", str(tmp_path / "co.jsonl"))
    assert res.exit_code == 0 and [a["verdict"] for a in artifacts(tmp_path / "co.jsonl")] == ["not_evaluable"]


def test_a_provider_error_is_not_cached_and_the_rerun_asks_the_model_again(sample_filing_graph, tmp_path):
    box = catalog_toolbox(sample_filing_graph)
    cache = tmp_path / "cache"
    down = {"status": 503, "error": "the server is loading the model"}
    with ReplayServer({"A1": [down] * 3, "A2": [down] * 3}) as srv:
        spec = ModelSpec.parse("openai-compatible:replay", base_url=srv.base_url, max_retries=0)
        art, _ = audit_case(ASSETS, ModelPolicy(ChatClient(spec, ModelCache(cache))), box, AuditConfig())
        assert len(srv.requests) == 6
    assert (art.verdict, art.reason_code) == ("inconclusive", "provider")
    assert not list(cache.rglob("*.json"))  # nothing cached
    script = _checks_then_consistent(box, ASSETS)
    with ReplayServer(script) as srv:  # the server is back: the same question reaches the model
        spec = ModelSpec.parse("openai-compatible:replay", base_url=srv.base_url, max_retries=0)
        client = ChatClient(spec, ModelCache(cache))
        again, _ = audit_case(ASSETS, ModelPolicy(client), box, AuditConfig())
        assert len(srv.requests) == client.calls == 9 and srv.remaining() == {"A1": 0, "A2": 0}
    assert (again.verdict, again.rules) == ("violation", ("DQC.US.0126",))
    assert len(list(cache.rglob("*.json"))) == 9


def test_retry_errors_is_gone(agents, tmp_path):
    res = agents("audit", FILING, "--llm", "none", "--retry-errors", "--out", str(tmp_path / "run.jsonl"))
    assert res.exit_code == 2 and "No such option '--retry-errors'" in res.output


class SlowModel(DeterministicPolicy):
    """The offline policy on a clock that advances 10 s per model turn: a slow model, no real waiting."""

    def __init__(self):
        self.now = 0.0
        self.turns = 0

    def clock(self) -> float:
        return self.now

    def turn(self, role, system, messages, tools, case, timeout=None):
        self.now += 10
        self.turns += 1
        return super().turn(role, system, messages, tools, case)


def test_a_slow_model_meets_the_case_and_run_deadlines_as_inconclusive(sample_filing_graph, tmp_path):
    box = catalog_toolbox(sample_filing_graph)
    cases = filing_cases(sample_filing_graph, FILING)
    assert cases[0].concept == "us-gaap:PaymentsToAcquirePropertyPlantAndEquipment"
    slow = SlowModel()
    # A1 takes 5 turns (get_fact, 3 checkers, report) up to 50 s; A2 is stopped after 1 turn, at 60 s > 55 s.
    # A1 saw the 0015 finding, which stands: the case is a violation that says what is missing.
    run_cases(cases[:1], box, slow, AuditConfig(), tmp_path / "case.jsonl", case_timeout=55, run_timeout=None, clock=slow.clock)
    (art,) = artifacts(tmp_path / "case.jsonl")
    assert slow.turns == 6 and art["juniors"]["A2"]["status"] == "deadline"
    assert (art["verdict"], art["rules"], art["reason_code"]) == ("violation", ["DQC.US.0015"], None)
    assert art["reason"] == "deadline passed: A2: the case timeout (55 s) passed; the observed checker findings stand"
    # the run deadline: the first case stops after one turn (nothing evaluated), the others never start
    slow = SlowModel()
    summary = run_cases(
        cases, box, slow, AuditConfig(), tmp_path / "run.jsonl", case_timeout=None, run_timeout=10, clock=slow.clock
    )
    arts = artifacts(tmp_path / "run.jsonl")
    assert slow.turns == 1 and [a["verdict"] for a in arts] == ["inconclusive"] * 3
    assert arts[0]["reason"] == "deadline passed: A1: the run timeout (10 s) passed; A2: the run timeout (10 s) passed"
    assert arts[1]["reason"] == "deadline passed: the run timeout (10 s) passed before the case started"
    assert (summary.inconclusive, summary.provider_failures, summary.reasons) == (3, 3, (("deadline", 3),))
    # a resumed run audits the deadline cases again
    again = run_cases(cases, box, DeterministicPolicy(), AuditConfig(), tmp_path / "run.jsonl")
    assert (again.resumed, again.violations, again.inconclusive) == (0, 3, 0)


def test_max_output_tokens_reaches_the_request(agents, tmp_path):
    cases = tmp_path / "cases.jsonl"
    cases.write_text(ASSETS.model_dump_json() + "\n")
    with ReplayServer({"A1": [{"content": "prose"}], "A2": [{"content": "prose"}]}) as srv:
        agents(
            "run",
            str(cases),
            "--llm",
            "openai-compatible:replay",
            "--base-url",
            srv.base_url,
            "--no-cache",
            "--max-retries",
            "0",
            "--budget",
            "1",
            "--max-output-tokens",
            "256",
            "--out",
            str(tmp_path / "run.jsonl"),
        )
        assert [r["max_completion_tokens"] for r in srv.requests] == [256, 256]


def test_unknown_tools_bad_arguments_and_the_budget_cut_show_in_the_trajectory(sample_filing_graph):
    box = catalog_toolbox(sample_filing_graph)
    late = {"tool_calls": [{"name": "check_calc_tree", "arguments": case_args(box.specs["check_calc_tree"], ASSETS)}]}
    script = {"A1": WRONG + [late], "A2": [PROSE] * 3}
    with ReplayServer(script) as srv:
        client = ChatClient(ModelSpec.parse("openai-compatible:replay", base_url=srv.base_url, max_retries=0), ModelCache(None))
        art, traj = audit_case(ASSETS, ModelPolicy(client), box, AuditConfig(budget=3))
        assert srv.remaining() == {"A1": 1, "A2": 0}  # the call after the budget was never asked for
    assert art.verdict != "consistent" and (art.verdict, art.reason_code) == ("inconclusive", "tools_not_run")
    inv = traj["agents"]["A1"]["invocations"][0]
    assert inv["status"] == "budget_exhausted" and inv["steps"] == 3
    text = json.dumps(inv["events"])
    assert "check_everything" in text and "concpt" in text
