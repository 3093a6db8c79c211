"""Real OpenAI-compatible servers (issue 17): what llama.cpp's server needs from the client.

The replay server is as strict as llama.cpp's (content null beside tool calls, tool messages
without or with a dangling tool_call_id are refused), so every audit here proves the client sends
a valid conversation. The audits run over the bundled sample filing smpl-20251231 in a real Neo4j;
Assets has a planted 0126 finding."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

pytest.importorskip("auditgraph.tools.catalog", reason="the tool catalog (issue 5) has not landed")

from auditgraph.agents.auditflow import audit_case  # noqa: E402
from auditgraph.agents.cache import ModelCache, cache_key  # noqa: E402
from auditgraph.agents.case_records import Case  # noqa: E402
from auditgraph.agents.junior_loop import AuditConfig, Deadline  # noqa: E402
from auditgraph.agents.policy import ModelPolicy  # noqa: E402
from auditgraph.agents.replay_server import ReplayServer  # noqa: E402
from auditgraph.agents.role_client import ChatClient  # noqa: E402
from auditgraph.agents.role_tools import case_args, catalog_toolbox  # noqa: E402
from auditgraph.llm.providers import ModelSpec  # noqa: E402

FILING = "smpl-20251231"
ASSETS = Case(case_id="assets", filing_id=FILING, concept="us-gaap:Assets", period="instant:2025-12-31")
CHECKS = ["check_sign", "check_calc_tree", "check_dim_consistency"]
PROSE = {"content": "The balance sheet looks fine to me."}


@pytest.fixture
def box(sample_filing_graph):
    return catalog_toolbox(sample_filing_graph)


def native_script(box, final_verdict="violation"):
    """Both juniors call their required tools natively, then report (A2 with history first)."""

    def tc(name):
        return {"tool_calls": [{"name": name, "arguments": case_args(box.specs[name], ASSETS)}]}

    final = {"tool_calls": [{"name": "final_report", "arguments": {"verdict": final_verdict, "rules": ["DQC.US.0126"]}}]}
    return {"A1": [tc(n) for n in CHECKS] + [final], "A2": [tc("get_fact_history")] + [tc(n) for n in CHECKS] + [final]}


def react(box, name):
    """A ReAct JSON action written as plain text, as a model without tool calling answers."""
    return {"content": json.dumps({"action": name, "action_input": case_args(box.specs[name], ASSETS)})}


REACT_FINAL = {"content": 'Done.\n{"action": "final_report", "action_input": {"verdict": "violation", "rules": ["DQC.US.0126"]}}'}


def post(url, body):
    req = urllib.request.Request(
        url + "/chat/completions", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_the_replay_server_refuses_what_llama_cpp_refuses():
    call = {"id": "call_1", "type": "function", "function": {"name": "check_sign", "arguments": "{}"}}
    user = {"role": "user", "content": "audit"}
    bad = [
        (
            [user, {"role": "assistant", "content": None, "tool_calls": [call]}],
            'messages[1]: assistant message with tool_calls has content null; send "" instead',
        ),
        (
            [user, {"role": "assistant", "content": "", "tool_calls": [call]}, {"role": "tool", "content": "{}"}],
            "messages[2]: tool message without tool_call_id",
        ),
        (
            [
                user,
                {"role": "assistant", "content": "", "tool_calls": [call]},
                {"role": "tool", "tool_call_id": "call_9", "content": "{}"},
            ],
            "messages[2]: tool_call_id 'call_9' answers no earlier tool call",
        ),
    ]
    with ReplayServer({"default": [{"content": "ok"}]}) as srv:
        for messages, message in bad:
            assert post(srv.base_url, {"model": "replay", "messages": messages}) == (
                400,
                {"error": {"message": message, "type": "invalid_request_error"}},
            )
        good = [
            user,
            {"role": "assistant", "content": "", "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "call_1", "content": "{}"},
        ]
        status, reply = post(srv.base_url, {"model": "replay", "messages": good, "tool_choice": "auto"})
        assert status == 200 and reply["choices"][0]["message"]["content"] == "ok"
        assert srv.rejected == [m for _, m in bad] and srv.tool_choices == [None, None, None, "auto"]


@pytest.mark.parametrize("choice", ["auto", "required"])
def test_a_multi_step_audit_sends_tool_choice_and_valid_conversations(agents, box, tmp_path, choice):
    out = tmp_path / "run.jsonl"
    with ReplayServer(native_script(box)) as srv:
        res = agents(
            "audit",
            FILING,
            "--concept",
            ASSETS.concept,
            "--period",
            ASSETS.period,
            "--llm",
            "openai-compatible:replay",
            "--base-url",
            srv.base_url,
            "--no-cache",
            "--max-retries",
            "0",
            "--tool-choice",
            choice,
            "--out",
            str(out),
        )
        assert srv.remaining() == {"A1": 0, "A2": 0} and srv.rejected == []
        requests = list(srv.requests)
    assert res.exit_code == 0, res.output
    assert len(requests) == 9 and {r.get("tool_choice") for r in requests} == {choice}
    # the last A2 request holds the whole conversation: 4 tool calls, each answered by its id
    last = requests[-1]["messages"]
    assistants = [m for m in last if m["role"] == "assistant"]
    assert len(assistants) == 4 and all(m["content"] == "" and m["tool_calls"] for m in assistants)
    ids = [c["id"] for m in assistants for c in m["tool_calls"]]
    assert [m["tool_call_id"] for m in last if m["role"] == "tool"] == ids
    (art,) = [json.loads(x) for x in out.read_text().splitlines()]
    assert (art["verdict"], art["rules"]) == ("violation", ["DQC.US.0126"])


def test_a_model_name_the_server_does_not_serve_exits_2_naming_the_served_models(agents, tmp_path):
    with ReplayServer({}, model="SmolLM2-135M-Instruct") as srv:
        res = agents(
            "audit",
            FILING,
            "--llm",
            "openai-compatible:smollm2-135m",
            "--base-url",
            srv.base_url,
            "--no-cache",
            "--out",
            str(tmp_path / "run.jsonl"),
        )
        assert srv.requests == []  # refused before any model call
    assert res.exit_code == 2, res.output
    (line,) = res.stderr.strip().splitlines()
    assert line == (
        f"error: --llm openai-compatible:smollm2-135m: {srv.base_url} serves SmolLM2-135M-Instruct, "
        "not 'smollm2-135m'; pass --llm openai-compatible:SmolLM2-135M-Instruct"
    )


def test_the_text_protocol_completes_an_audit_with_a_server_that_only_writes_react_json(box):
    script = {"A1": [react(box, n) for n in CHECKS] + [REACT_FINAL]}
    with ReplayServer(script) as srv:
        spec = ModelSpec.parse("openai-compatible:replay", base_url=srv.base_url, max_retries=0, tool_protocol="text")
        art, traj = audit_case(ASSETS, ModelPolicy(ChatClient(spec, ModelCache(None))), box, AuditConfig(agents="a1"))
        assert srv.remaining() == {"A1": 0} and srv.rejected == []
        requests = list(srv.requests)
    # no tools field: the tools are in the system prompt, the calls and results are plain turns
    assert all("tools" not in r and "tool_choice" not in r for r in requests)
    assert "## Calling tools" in requests[0]["messages"][0]["content"]
    assert "- check_calc_tree: " in requests[0]["messages"][0]["content"]
    last = requests[-1]["messages"]
    assert {m["role"] for m in last} == {"system", "user", "assistant"}
    assert json.loads(last[2]["content"])["action"] == "check_sign"
    assert last[3]["content"].startswith("Observation (check_sign): ")
    events = traj["agents"]["A1"]["invocations"][0]["events"]
    assert [e.get("tool") for e in events if e["kind"] == "tool_call"] == CHECKS
    assert (art.verdict, art.rules, art.reason_code) == ("violation", ("DQC.US.0126",), None)
    assert (art.extracted_value, art.calculated_value) == ("20000000", "19900000")


def test_a_server_that_answers_tools_requests_in_prose_twice_gets_the_text_protocol(box):
    script = {"A1": [PROSE, PROSE] + [react(box, n) for n in CHECKS] + [REACT_FINAL]}
    with ReplayServer(script) as srv:
        spec = ModelSpec.parse("openai-compatible:replay", base_url=srv.base_url, max_retries=0)
        client = ChatClient(spec, ModelCache(None))
        art, traj = audit_case(ASSETS, ModelPolicy(client), box, AuditConfig(agents="a1"))
        requests = list(srv.requests)
    assert ["tools" in r for r in requests] == [True, True, False, False, False, False]
    assert client.protocol_for(ASSETS.case_id) == "text" and client.protocol == "native"  # only this case switched
    events = traj["agents"]["A1"]["invocations"][0]["events"]
    switch = next(e for e in events if e["kind"] == "protocol_switch")
    assert switch == {
        "step": 1,
        "kind": "protocol_switch",
        "message": (
            "openai-compatible:replay answered 2 tools requests in prose; switching to the text tool protocol (ReAct JSON)"
        ),
    }
    assert art.trace["A1"]["malformed"] == 2 and (art.verdict, art.rules) == ("violation", ("DQC.US.0126",))


def test_prose_detection_is_per_case_two_concurrent_cases_only_the_prose_one_switches(box, tmp_path):
    from auditgraph.agents.runner import run_cases

    liab = Case(case_id="liabilities", filing_id=FILING, concept="us-gaap:Liabilities", period="instant:2025-12-31")

    def tc(name, case):
        return {"tool_calls": [{"name": name, "arguments": case_args(box.specs[name], case)}]}

    final = {"tool_calls": [{"name": "final_report", "arguments": {"verdict": "consistent", "rules": []}}]}
    script = {
        "A1|us-gaap:Assets": [PROSE, PROSE] + [react(box, n) for n in CHECKS] + [REACT_FINAL],
        "A1|us-gaap:Liabilities": [PROSE] + [tc(n, liab) for n in CHECKS] + [final],
    }
    with ReplayServer(script) as srv:
        spec = ModelSpec.parse("openai-compatible:replay", base_url=srv.base_url, max_retries=0)
        client = ChatClient(spec, ModelCache(None))
        run_cases([ASSETS, liab], box, ModelPolicy(client), AuditConfig(agents="a1"), tmp_path / "run.jsonl", concurrency=2)
        assert srv.remaining() == {"A1|us-gaap:Assets": 0, "A1|us-gaap:Liabilities": 0}
        requests = list(srv.requests)

    def of(concept):
        return [r for r in requests if concept in next(m["content"] for m in r["messages"] if m["role"] == "user")]

    assert ["tools" in r for r in of("us-gaap:Assets")] == [True, True, False, False, False, False]
    assert ["tools" in r for r in of("us-gaap:Liabilities")] == [True] * 5  # one prose reply: still native
    assert (client.protocol_for("assets"), client.protocol_for("liabilities"), client.protocol) == ("text", "native", "native")
    arts = {a["case_id"]: a for a in map(json.loads, (tmp_path / "run.jsonl").read_text().splitlines())}
    assert arts["assets"]["verdict"] == "violation"


class Watched(ChatClient):
    """The client with each HTTP request's timeout recorded as httpx sends it."""

    def __init__(self, spec, cache):
        super().__init__(spec, cache)
        self.sent: list[float] = []

    def _model(self, role):
        model = super()._model(role)
        hooks = model.root_client._client.event_hooks["request"]
        if self._record not in hooks:
            hooks.append(self._record)
        return model

    def _record(self, request):
        self.sent.append(request.extensions["timeout"]["read"])


@pytest.mark.parametrize(("timeout", "left", "expected"), [(120.0, 7.5, 7.5), (5.0, 100.0, 5.0)])
def test_each_call_gets_the_lesser_of_the_timeout_and_what_the_deadline_leaves(box, timeout, left, expected):
    from auditgraph.agents.junior_loop import JuniorSession, required_tools, run_junior

    with ReplayServer(
        {
            "A1": [{"tool_calls": [{"name": n, "arguments": case_args(box.specs[n], ASSETS)}]} for n in CHECKS]
            + [{"tool_calls": [{"name": "final_report", "arguments": {"verdict": "violation", "rules": []}}]}]
        }
    ) as srv:
        spec = ModelSpec.parse("openai-compatible:replay", base_url=srv.base_url, max_retries=0, timeout=timeout)
        client = Watched(spec, ModelCache(None))
        session = JuniorSession("A1", "You are the Compliance Auditor (A1).", box, required_tools("A1", box))
        deadline = Deadline(at=left, clock=lambda: 0.0)  # a clock that stands still: `left` seconds remain
        report = run_junior(session, ModelPolicy(client), ASSETS, AuditConfig(), 0, deadline)
    assert report.status == "finalized"
    assert client.timeouts == [expected] * 4 and client.sent == [expected] * 4


def test_max_output_tokens_is_part_of_the_spec_and_the_cache_key():
    plain = ModelSpec.parse("openai-compatible:replay", base_url="http://127.0.0.1:9/v1")
    capped = ModelSpec.parse("openai-compatible:replay", base_url="http://127.0.0.1:9/v1", max_output_tokens=256)
    a, b = ChatClient(plain, ModelCache(None)), ChatClient(capped, ModelCache(None))
    assert (a.output_budget("AS"), b.output_budget("AS"), b.output_budget("A1")) == (8192, 256, 256)
    msgs = [{"role": "user", "content": "audit"}]
    # default settings keep the keys caches were written with; a cap gives its own
    assert a.cache_key("A1", "sys", msgs, ["check_sign"]) == cache_key(
        "A1", "openai-compatible:replay", "sys", msgs, ["check_sign"]
    )
    assert b.cache_key("A1", "sys", msgs, ["check_sign"]) == cache_key(
        "A1", "openai-compatible:replay|max_output_tokens=256", "sys", msgs, ["check_sign"]
    )


def _bench_script():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "scripts" / "bench_llamacpp.py"
    spec = importlib.util.spec_from_file_location("bench_llamacpp", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_llama_cpp_benchmark_script_builds_its_commands_and_reads_a_run(agents, tmp_path):
    bench = _bench_script()
    args = bench.parse_args(
        ["--port", "7790", "--tool-protocol", "text", "--chat-format", "chatml", "--venv", str(tmp_path / "v")]
    )
    assert bench.server_command(args, "m.gguf")[1:] == [
        "-m",
        "llama_cpp.server",
        "--model",
        "m.gguf",
        "--model_alias",
        "smollm2-135m",
        "--host",
        "127.0.0.1",
        "--port",
        "7790",
        "--n_ctx",
        "8192",
        "--chat_format",
        "chatml",
    ]
    audit = bench.audit_command(args, tmp_path / "run.jsonl")
    assert audit[1:6] == ["agents", "audit", FILING, "--llm", "openai-compatible:smollm2-135m"]
    assert audit[audit.index("--base-url") + 1] == "http://127.0.0.1:7790/v1" and "text" in audit
    with pytest.raises(SystemExit):
        bench.parse_args(["--port", "0"])
    out = tmp_path / "run.jsonl"
    assert agents("audit", FILING, "--llm", "none", "--out", str(out)).exit_code == 0
    rows = bench.rows(out)
    assert len(rows) == 3 and all(r.split(" | ")[1] == "violation" for r in rows)
    # A1: get_fact and the three checkers, then its report (5 steps); A2 adds the history (6 steps)
    assert rows[0] == (
        "| us-gaap:PaymentsToAcquirePropertyPlantAndEquipment | violation |  | 11 | 9 (get_fact, check_sign, "
        "check_calc_tree, check_dim_consistency, get_fact, get_fact_history, check_sign, check_calc_tree, "
        "check_dim_consistency) | 0 | 0 | 0 |"
    )
