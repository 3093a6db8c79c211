"""The provider path end to end: langchain's ChatOpenAI against a local OpenAI-compatible server
that replays scripted tool-calling responses, plus the on-disk cache that replays a run with
zero model calls. The tools return fixed checker results (the graph runs in test_agents_e2e)."""

from __future__ import annotations

import pytest

from auditgraph.agents.auditflow import audit_case
from auditgraph.agents.cache import ModelCache
from auditgraph.agents.case_records import Case, canonical_json
from auditgraph.agents.junior_loop import AuditConfig
from auditgraph.agents.policy import ModelPolicy
from auditgraph.agents.replay_server import ReplayServer
from auditgraph.agents.role_client import ChatClient, output_budget
from auditgraph.agents.role_tools import ToolSpec, Toolbox
from auditgraph.errors import ConfigError
from auditgraph.llm.providers import ModelSpec, build_chat_model

CASE = Case(case_id="c1", filing_id="F1", concept="us-gaap:Assets", period="instant:2023-12-31")
ARGS = {
    "type": "object",
    "properties": {"filing_id": {"type": "string"}, "concept": {"type": "string"}, "period": {"type": "string"}},
    "required": ["filing_id", "concept"],
}
RESULTS = {
    "get_fact": {"status": "ok", "value": "100"},
    "check_sign": {"rule_id": "DQC.US.0015", "status": "ok", "reported_value": "100", "expected_value": "100"},
    "check_calc_tree": {"rule_id": "DQC.US.0126", "status": "violation", "reported_value": "100", "expected_value": "90"},
    "check_dim_consistency": {"rule_id": "DQC.US.0117", "status": "not_evaluable", "reason": "no members"},
    "get_fact_history": {"status": "ok", "history": [{"period": "instant:2022-12-31", "value": "95"}]},
}
SECRET = "sk-test-0123456789abcdefghijkl"


def toolbox() -> Toolbox:
    kinds = {"get_fact_history": "dynamic"}
    return Toolbox([ToolSpec(n, f"the {n} tool", kinds.get(n, "static"), ARGS) for n in RESULTS], lambda n, a: RESULTS[n])


def tc(name, **args):
    return {"tool_calls": [{"name": name, "arguments": {"filing_id": "F1", "concept": "us-gaap:Assets", **args}}]}


def report(rules, verdict="violation", **extra):
    return {
        "tool_calls": [
            {
                "name": "final_report",
                "arguments": {"verdict": verdict, "rules": rules, "reported_value": "100", "expected_value": "90", **extra},
            }
        ]
    }


SCRIPT = {
    "A1": [
        tc("check_sign"),
        report(["DQC.US.0126"]),  # refused by the gate
        tc("check_calc_tree"),
        tc("check_dim_consistency"),
        report(["DQC.US.0126"]),
        report(["DQC.US.0126"]),
    ],  # after the senior's feedback
    "A2": [
        tc("get_fact_history"),
        {"content": "Looks odd, let me think."},  # malformed (no action)
        {"tool_calls": [{"name": "check_sign", "arguments": "{not json"}]},  # unparsable arguments
        tc("check_sign"),
        tc("check_calc_tree"),
        tc("check_dim_consistency"),
        report(
            [],
            verdict="consistent",
            expected_value="100",
            overrides=[{"rule": "DQC.US.0015", "justification": "history: 95 a year earlier", "expected_value": "-100"}],
        ),
        report(["DQC.US.0126"]),
    ],
    "AS": [{"content": "A1: your calculation finding stands.\nA2: check_calc_tree returned a violation; report it."}],
}


@pytest.fixture
def replay():
    with ReplayServer(SCRIPT) as srv:
        yield srv


def run(spec, cache_dir, config: AuditConfig | None = None):
    client = ChatClient(spec, ModelCache(cache_dir))
    art, traj = audit_case(CASE, ModelPolicy(client), toolbox(), config or AuditConfig())
    return client, art, traj


def test_scripted_run_exercises_tools_gate_senior_and_fusion(replay, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    spec = ModelSpec.parse("openai-compatible:replay-1", base_url=replay.base_url, max_retries=0)
    client, art, traj = run(spec, tmp_path / "cache")
    assert replay.remaining() == {"A1": 0, "A2": 0, "AS": 0}
    assert client.calls == len(replay.requests) == 15
    a1_first = replay.requests[0]
    assert a1_first["temperature"] == 0 and a1_first["max_completion_tokens"] == 4096
    names = sorted(t["function"]["name"] for t in a1_first["tools"])
    assert names == ["ask_senior", "check_calc_tree", "check_dim_consistency", "check_sign", "final_report", "get_fact"]
    senior = next(r for r in replay.requests if "Senior Auditor of" in r["messages"][0]["content"])
    assert senior["max_completion_tokens"] == 8192 and "tools" not in senior
    assert art.trace["A1"]["gate_rejections"] == 1
    assert art.trace["A2"]["malformed"] == 2 and art.trace["A2"]["gate_rejections"] == 0
    assert art.rounds == 1 and art.agreement
    assert (art.verdict, art.rules, art.extracted_value, art.calculated_value) == ("violation", ("DQC.US.0126",), "100", "90")
    assert (art.K, art.tau) == ("0", "0.9975")
    first_a2 = traj["agents"]["A2"]["invocations"][0]["events"]
    # A2's first report omitted the positive checker finding (restored by the code) and declared
    # an override, so the juniors disagreed until the senior's round
    assert first_a2[-1]["report"]["restored_rules"] == ["DQC.US.0126"]
    assert first_a2[-1]["report"]["rules"] == ["DQC.US.0015", "DQC.US.0126"]
    dumped = art.to_json() + canonical_json(traj)
    assert SECRET not in dumped


def test_warm_cache_replays_byte_for_byte_without_model_calls(replay, tmp_path):
    spec = ModelSpec.parse("openai-compatible:replay-1", base_url=replay.base_url, max_retries=0)
    _, art1, traj1 = run(spec, tmp_path / "cache")
    served = len(replay.requests)
    replay.stop()  # nothing answers any more: every call must come from the cache
    client, art2, traj2 = run(spec, tmp_path / "cache")
    assert client.calls == 0 and client.cache.hits == served
    assert art2.to_json() == art1.to_json() and canonical_json(traj2) == canonical_json(traj1)


def test_provider_errors_are_recorded_not_raised(tmp_path):
    script = {"A1": [{"status": 500, "error": "overloaded"}, {"status": 400, "error": "maximum context length is 8192 tokens"}]}
    with ReplayServer(script) as srv:
        spec = ModelSpec.parse("openai-compatible:replay-1", base_url=srv.base_url, max_retries=0)
        _, art, traj = run(spec, None, AuditConfig(agents="a1"))
    events = traj["agents"]["A1"]["invocations"][0]["events"]
    assert [e["kind"] for e in events[:2]] == ["provider_error", "context_overflow"]
    assert art.juniors["A1"]["status"] == "provider_failure" and (art.verdict, art.reason_code) == ("inconclusive", "provider")
    assert "overloaded" in events[0]["message"] and "maximum context length" in art.reason


def test_model_specs_budgets_and_reasoning_settings(monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    assert output_budget(ModelSpec.parse("openai:gpt-4o"), "A1") == 2048
    assert output_budget(ModelSpec.parse("openai:gpt-4o"), "AS") == 8192
    assert output_budget(ModelSpec.parse("openai-compatible:Fino1-14B", base_url="http://x/v1"), "A2") == 3072
    assert ModelSpec.parse("openai:gpt-5-mini").reasoning and not ModelSpec.parse("openai:gpt-4o").reasoning
    with pytest.raises(ConfigError, match="needs --base-url"):
        ModelSpec.parse("openai-compatible:qwen")
    with pytest.raises(ConfigError, match="not understood"):
        ModelSpec.parse("gpt-4o")

    def build(spec, role):  # the model each auditor role gets
        return build_chat_model(spec, output_budget(spec, role))

    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    m = build(ModelSpec.parse("openai:o4-mini"), "A1")
    assert m.reasoning_effort == "low" and m.temperature is None
    with pytest.raises(ConfigError, match="ANTHROPIC_API_KEY is not set"):
        build(ModelSpec.parse("anthropic:claude-sonnet-4-6"), "A1")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-xyz")
    a = build(ModelSpec.parse("anthropic:claude-sonnet-4-6"), "AS")
    assert a.max_tokens == 8192 and a.temperature == 0
    q = build(ModelSpec.parse("openai-compatible:Qwen3.6-27B", base_url="http://x/v1", no_thinking=True), "A1")
    assert q.extra_body == {"chat_template_kwargs": {"enable_thinking": False}}


def test_anthropic_client_runs_the_same_protocol(tmp_path, monkeypatch):
    """ChatAnthropic against the replay server's Messages API: tool_use blocks, tool_result turns."""
    monkeypatch.setenv("ANTHROPIC_API_KEY", SECRET)
    script = {
        "A1": [
            tc("check_sign"),
            tc("check_calc_tree"),
            tc("check_dim_consistency"),
            {"content": '```json\n{"verdict": "violation", "rules": ["DQC.US.0126"]}\n```'},
        ]
    }
    with ReplayServer(script) as srv:
        spec = ModelSpec("anthropic", "claude-sonnet-4-6", base_url=srv.root_url, max_retries=0)
        client, art, traj = run(spec, tmp_path / "cache", AuditConfig(agents="a1"))
        bodies = list(srv.requests)
    assert client.calls == 4 and bodies[0]["system"].startswith("You are the Compliance Auditor (A1)")
    assert bodies[0]["temperature"] == 0 and bodies[0]["max_tokens"] == 4096
    assert {t["name"] for t in bodies[0]["tools"]} >= {"check_sign", "final_report"}
    last = bodies[-1]["messages"][-1]["content"][0]
    assert last["type"] == "tool_result" and "not_evaluable" in last["content"]
    assert (art.verdict, art.rules, art.calculated_value) == ("violation", ("DQC.US.0126",), "90")
    assert SECRET not in art.to_json() + canonical_json(traj)


def test_a_slow_provider_times_out_and_counts_as_a_step(tmp_path):
    script = {
        "A1": [
            {"delay": 1.5, "content": "late"},
            tc("check_sign"),
            tc("check_calc_tree"),
            tc("check_dim_consistency"),
            report(["DQC.US.0126"]),
        ]
    }
    with ReplayServer(script) as srv:
        spec = ModelSpec.parse("openai-compatible:replay-1", base_url=srv.base_url, max_retries=0, timeout=0.5)
        _, art, traj = run(spec, None, AuditConfig(agents="a1"))
    first = traj["agents"]["A1"]["invocations"][0]["events"][0]
    assert first["kind"] == "provider_error" and "Timeout" in first["message"]
    assert art.trace["A1"]["steps"] == 5 and art.verdict == "violation"


def test_provider_errors_are_never_cached_so_a_rerun_asks_again(tmp_path):
    sign = {"tool_calls": [{"id": "call-sign", **tc("check_sign")["tool_calls"][0]}]}  # same id both times
    script = {
        "A1": [
            {"status": 503, "error": "busy"},
            sign,
            tc("check_calc_tree"),
            tc("check_dim_consistency"),
            report(["DQC.US.0126"]),
            sign,
        ]
    }
    with ReplayServer(script) as srv:
        spec = ModelSpec.parse("openai-compatible:replay-1", base_url=srv.base_url, max_retries=0)
        _, art, traj = run(spec, tmp_path / "cache", AuditConfig(agents="a1"))
        assert art.trace["A1"]["provider_errors"] == 1 and len(srv.requests) == 5
        # the answers are cached; the failed first call is not, so the rerun asks that question again
        client, again, traj2 = run(spec, tmp_path / "cache", AuditConfig(agents="a1"))
        assert client.calls == 1 and len(srv.requests) == 6 and srv.remaining() == {"A1": 0}
    first = traj2["agents"]["A1"]["invocations"][0]["events"][0]
    assert (first["kind"], first["tool"]) == ("tool_call", "check_sign") and again.verdict == "violation"


def test_openai_compatible_without_a_name_uses_the_servers_model():
    with ReplayServer({}, model="Qwen3.6-27B") as srv:
        spec = ModelSpec.parse("openai-compatible", base_url=srv.base_url)
    assert spec.label == "openai-compatible:Qwen3.6-27B"
    with pytest.raises(ConfigError, match="did not name a model"):
        ModelSpec.parse("openai-compatible", base_url="http://127.0.0.1:9/v1")
