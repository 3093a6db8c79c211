"""`auditgraph ask`: retrieve, generate, verify, repair against Netflix's 10-K for 2023 (a shared filing
in a real Neo4j) with scripted models on the replay server (agents/replay_server.py): a right answer,
one wrong by scale, one of the wrong period, prose, a refusal; and each failure path with its output.

Values are the filing's own (revenue 33,723,297 thousand for 2023, 31,615,550 thousand for 2022,
fact f-49; operating income 6,954,003 thousand, fact f-64), read off the instance, never off the verifier."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from shared_filings import loaded_graph

from auditgraph.agents.replay_server import ReplayServer
from auditgraph.config import Connection
from auditgraph.llm.providers import ModelSpec
from auditgraph.verifier import Verifier
from auditgraph.verifier.ask import ABSTAINED, ACCEPTED, DECLINE, NO_ANSWER, REFUSED, ask
from auditgraph.verifier.model_proposals import ChatModel
from auditgraph.verifier.repair import NUMBER_ONLY

NFLX = "0001065280-24-000030"
REVENUE_Q = "What was Netflix's revenue in 2023?"
FY23 = "duration:2023-01-01/2023-12-31"
PROSE = "Netflix had a strong year, with revenue growing on the back of more paid memberships."


@pytest.fixture(scope="module")
def verifier(neo4j_connection: Connection, shared_dir: Path) -> Iterator[Verifier]:
    g = loaded_graph(neo4j_connection, shared_dir, "edgar/nflx-10k-2023-12-31", years=(2023,))
    try:
        yield Verifier(g)
    finally:
        g.close()


def scripted(*replies: str) -> ReplayServer:
    return ReplayServer({"default": [{"content": r} for r in replies]})


def model(srv: ReplayServer) -> ChatModel:
    return ChatModel(ModelSpec.parse("openai-compatible:replay", base_url=srv.base_url))


def target(v) -> list[tuple[str, str, str, str]]:
    return [(b.concept, b.period, b.fact_id, str(b.value)) for b in v.bindings]


def test_a_right_answer_is_accepted_with_its_evidence(verifier):
    with scripted("$33.7 billion") as srv:
        res = ask(verifier, model(srv), NFLX, REVENUE_Q)
        sent = srv.requests[0]["messages"]
    assert (res.outcome, res.usable, res.answer) == (ACCEPTED, True, "$33.7 billion")
    assert target(res.final) == [("us-gaap:Revenues", FY23, "f-49", "33723297000")]
    assert [f.source for f in res.final.formulas] == ["filed-fact"]
    # the model saw the question and the filed facts with their ids; never an expected value or the placeholder
    prompt = sent[1]["content"]
    assert "us-gaap:Revenues = 33723297000 iso4217:USD for duration:2023-01-01/2023-12-31 (fact f-49" in prompt
    assert "expected" not in prompt and "Violated" not in prompt
    rec = res.to_json()
    assert rec["drafts"][0]["decision"] == "Verified" and rec["tokens"] == {"input": 1, "output": 1}
    assert rec["evidence"]["bindings"][0]["fact_id"] == "f-49" and rec["model"] == "openai-compatible:replay"


def test_a_registry_formula_is_the_evidence_of_a_ratio(verifier):
    with scripted("20.6%") as srv:
        res = ask(verifier, model(srv), NFLX, "What was Netflix's operating margin in 2023?")
        prompt = srv.requests[0]["messages"][1]["content"]
    assert res.outcome == ACCEPTED and res.final.plan.target == "metric:operating_margin"
    assert target(res.final) == [
        ("us-gaap:OperatingIncomeLoss", FY23, "f-64", "6954003000"),
        ("us-gaap:Revenues", FY23, "f-49", "33723297000"),
    ]
    assert "answer = operating_income / revenue" in prompt


def test_wrong_by_scale_is_refused_with_the_core_and_never_shown_as_an_answer(verifier):
    with scripted("$33.7 million") as srv:
        res = ask(verifier, model(srv), NFLX, REVENUE_Q)
    assert (res.outcome, res.usable, res.answer) == (REFUSED, False, None)
    v = res.final
    assert v.direction == "understates" and "fact:us-gaap:Revenues:f-49" in v.core
    assert res.to_json()["answer"] is None and res.to_json()["drafts"][0]["answer"] == "$33.7 million"


def test_wrong_period_is_repaired_from_the_core(verifier):
    """2022's revenue for 2023; the core goes back to the model and its second draft is verified."""
    with scripted("$31.6 billion", "$33.7 billion") as srv:
        res = ask(verifier, model(srv), NFLX, REVENUE_Q, repair_k=2)
        hint = srv.requests[1]["messages"][-1]["content"]
    assert [d.verdict.decision.value for d in res.drafts] == ["Violated", "Verified"]
    assert res.outcome == ACCEPTED and res.answer == "$33.7 billion"
    assert "understates" in hint and "filed fact us-gaap:Revenues = 33723297000 iso4217:USD" in hint
    rep = res.to_json()["repair"]
    assert rep == {"k": 2, "used": 1, "first_decision": "Violated", "recovered": True}


def test_without_repair_a_wrong_period_stays_refused(verifier):
    with scripted("$31.6 billion") as srv:
        res = ask(verifier, model(srv), NFLX, REVENUE_Q)
        assert len(srv.requests) == 1
    assert res.outcome == REFUSED and res.final.extra["period"] == "12m to 2023-12-31"


def test_prose_is_recorded_as_prose_and_asked_again_for_the_number(verifier):
    with scripted(PROSE) as srv:
        res = ask(verifier, model(srv), NFLX, REVENUE_Q)
    assert (res.outcome, res.answer) == (NO_ANSWER, None)
    (d,) = res.drafts
    assert d.kind == "prose" and d.verdict is None
    assert d.note == f"the model answered in prose, not a number (no number in it): {PROSE[:77] + '...'!r}"
    with scripted(PROSE, "$33.7 billion") as srv:
        res = ask(verifier, model(srv), NFLX, REVENUE_Q, repair_k=1)
        assert srv.requests[1]["messages"][-1]["content"] == NUMBER_ONLY
    assert [d.kind for d in res.drafts] == ["prose", "number"] and res.outcome == ACCEPTED


@pytest.mark.parametrize("reply", [DECLINE, "I cannot determine this from the evidence provided."])
def test_a_refusal_is_recorded_and_ends_the_loop(verifier, reply):
    with scripted(reply, "$33.7 billion") as srv:
        res = ask(verifier, model(srv), NFLX, REVENUE_Q, repair_k=2)
        assert len(srv.requests) == 1  # a decline is not pressed
    assert res.outcome == NO_ANSWER and res.drafts[0].kind == "refusal" and res.answer is None
    assert res.reason == f"the model declined to answer: {reply!r}"


def test_no_evidence_abstains_without_asking_the_model(verifier):
    with scripted("1") as srv:
        res = ask(verifier, model(srv), NFLX, "What was Netflix's zorblax in 2023?")
        assert srv.requests == []
    assert res.outcome == ABSTAINED and res.drafts == () and "zorblax" in res.reason


def test_anthropic_drafts_too(verifier, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-ask-test-000000000000")
    with scripted("$33.7 billion") as srv:
        m = ChatModel.from_options("anthropic:drafter", srv.root_url)
        assert m is not None
        res = ask(verifier, m, NFLX, REVENUE_Q)
        assert "f-49" in json.dumps(srv.requests[0]["messages"])
    assert res.outcome == ACCEPTED and res.model == "anthropic:drafter" and res.tokens == {"input": 1, "output": 1}


# ------------------------------------------------------------------ the command line
def run(args: list[str], capsys) -> tuple[int, str, str]:
    from auditgraph.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(args)
    out, err = capsys.readouterr()
    return int(exit_.value.code or 0), out, err


def test_cli_accepted_answer_and_json_record(verifier, neo4j_connection, monkeypatch, capsys):
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    with scripted("$33.7 billion", "$33.7 million") as srv:
        llm = ["--llm", "openai-compatible:replay", "--base-url", srv.base_url]
        code, out, _ = run(["ask", "--filing", "NFLX 10-K 2023", REVENUE_Q, *llm], capsys)
        assert code == 0
        lines = out.splitlines()
        assert lines[0] == "Accepted  $33.7 billion"
        assert lines[1] == f"question: {REVENUE_Q} ({NFLX})"
        assert "│f-49 │ us-gaap:Revenues" in out and "33,723,297,000" in out
        assert lines[-1] == "model openai-compatible:replay: 1 draft, tokens 1 in / 1 out"
        assert max(map(len, lines)) <= 80
        code, out, _ = run(["ask", "--filing", NFLX, REVENUE_Q, *llm, "--json"], capsys)
    rec = json.loads(out)
    assert code == 0 and (rec["outcome"], rec["usable"], rec["answer"]) == ("refused", False, None)
    assert rec["drafts"][0]["verdict"]["core"] == ["claim", "fact:us-gaap:Revenues:f-49", "formula:filed-fact:1"]


def test_cli_refusal_says_the_draft_is_not_usable(verifier, neo4j_connection, monkeypatch, capsys):
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    with scripted("$31.6 billion") as srv:
        code, out, _ = run(
            ["ask", "--filing", NFLX, REVENUE_Q, "--llm", "openai-compatible:replay", "--base-url", srv.base_url], capsys
        )
    assert code == 0
    assert out.splitlines()[0] == "Refused: no usable answer; the model's answer contradicts the filing"
    assert "draft 1 (not usable): '$31.6 billion' -> Violated" in out
    assert "unsat core: claim, fact:us-gaap:Revenues:f-49, formula:filed-fact:1" in out
    assert "Accepted" not in out


def test_cli_without_a_model_says_what_it_needs(monkeypatch, capsys):
    monkeypatch.delenv("AUDITGRAPH_VERIFIER_MODEL", raising=False)
    for llm in (["--llm", "none"], []):
        code, out, err = run(["ask", "--filing", NFLX, REVENUE_Q, *llm], capsys)
        assert (code, out) == (2, "")
        assert err == (
            "error: ask needs a model to draft answers: --llm openai:MODEL, anthropic:MODEL or "
            "openai-compatible:MODEL --base-url URL (or AUDITGRAPH_VERIFIER_MODEL); to check an answer you "
            "already have: auditgraph verify --filing F -q QUESTION -c ANSWER\n"
        )


def test_cli_with_the_model_server_down_exits_3_with_one_line(verifier, neo4j_connection, monkeypatch, capsys):
    import socket

    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}/v1"
    code, out, err = run(["ask", "--filing", NFLX, REVENUE_Q, "--llm", "openai-compatible:m", "--base-url", url], capsys)
    assert (code, out) == (3, "")
    assert err == (
        "error: the model call failed (openai-compatible:m: OpenAIConnectionError: Connection error.); "
        "check that its server runs, --llm and --base-url\n"
    )


def test_cli_batch_records_and_eval_scores_per_model(verifier, neo4j_connection, monkeypatch, capsys, tmp_path):
    """Four questions, each with its gold value: right; wrong by scale then repaired; prose; a refusal."""
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    questions = tmp_path / "questions.jsonl"
    rows = [
        ("right", REVENUE_Q, "33723297000"),
        ("scale", "What was Netflix's total revenue for fiscal 2023?", "33723297000"),
        ("prose", "What were Netflix's revenues in 2023?", "33723297000"),
        ("declined", "What was Netflix's operating margin in 2023?", "0.2062"),
    ]
    questions.write_text(
        "".join(json.dumps({"case_id": c, "filing_id": NFLX, "question": q, "gold": g}) + "\n" for c, q, g in rows)
    )
    script = {
        f"default|{REVENUE_Q}": [{"content": "$33.7 billion"}],
        "default|total revenue for fiscal": [{"content": "$33.7 million"}, {"content": "$33.7 billion"}],
        "default|revenues in 2023": [{"content": PROSE}, {"content": PROSE}],
        "default|operating margin": [{"content": DECLINE}],
    }
    records = tmp_path / "records.jsonl"
    with ReplayServer(script) as srv:
        llm = ["--llm", "openai-compatible:replay", "--base-url", srv.base_url]
        code, out, _ = run(["ask", "--batch", str(questions), *llm, "--repair", "1", "--out", str(records)], capsys)
    assert code == 0, out
    recs = {r["case_id"]: r for r in map(json.loads, records.read_text().splitlines())}
    assert {c: r["outcome"] for c, r in recs.items()} == {
        "right": "accepted",
        "scale": "accepted",
        "prose": "no_answer",
        "declined": "no_answer",
    }
    assert [d["kind"] for d in recs["prose"]["drafts"]] == ["prose", "prose"]
    code, out, _ = run(["eval", "ask", str(records), "--json"], capsys)
    s = json.loads(out)
    assert code == 0 and s["model"] == "openai-compatible:replay"
    assert (s["n"], s["accepted"], s["no_answer"], s["coverage"]) == (4, 2, 2, 0.5)
    assert (s["wrong_drafts"], s["false_accepts"], s["false_accept_rate"]) == (1, 0, 0.0)  # "$33.7 million" was refused
    assert (s["first_violated"], s["recovered"], s["repair_success"]) == (1, 1, 1.0)
    code, out, _ = run(["eval", "ask", str(records)], capsys)
    assert code == 0 and "openai-compatible:replay" in out and max(map(len, out.splitlines())) <= 80


# ------------------------------------------------------------------ MCP (the server registers ask_toolbox)
def test_ask_filing_tool_returns_the_answer_only_when_accepted(verifier):
    from auditgraph.verifier.ask import MCP_NEEDS_MODEL, ask_toolbox

    with scripted("$33.7 million", "$33.7 billion") as srv:
        box = ask_toolbox(verifier.graph, lambda: model(srv))
        args = {"filing_id": "NFLX 10-K 2023", "question": REVENUE_Q, "repair": 0}
        refused = box.call("ask_filing", args)
        accepted = box.call("ask_filing", args)
    assert (refused["outcome"], refused["usable"], refused["answer"]) == ("refused", False, None)
    assert (accepted["outcome"], accepted["answer"]) == ("accepted", "$33.7 billion")
    assert accepted["record"]["evidence"]["bindings"][0]["fact_id"] == "f-49"
    none = ask_toolbox(verifier.graph, lambda: None).call("ask_filing", args)
    assert none == {"tool": "ask_filing", "status": "error", "message": MCP_NEEDS_MODEL}
    bad = ask_toolbox(verifier.graph, lambda: None).call("ask_filing", {"filing_id": NFLX})
    assert bad["status"] == "error" and "question" in bad["message"]


def test_eval_ask_refuses_other_records(tmp_path, capsys):
    other = tmp_path / "decisions.jsonl"
    other.write_text(json.dumps({"case_id": "x", "decision": "Verified"}) + "\n")
    code, _, err = run(["eval", "ask", str(other)], capsys)
    assert code == 2 and f"{other}:1: not an ask record; pass the output of `auditgraph ask --batch`" in err


def test_a_bad_question_file_names_the_line(tmp_path, capsys):
    bad = tmp_path / "questions.jsonl"
    bad.write_text(json.dumps({"case_id": "a", "question": "What was revenue?"}) + "\n")
    code, out, err = run(
        ["ask", "--batch", str(bad), "--llm", "openai-compatible:m", "--base-url", "http://127.0.0.1:1/v1"], capsys
    )
    assert (code, out) == (2, "")
    assert err == f"error: {bad}:1: needs filing_id and question; each line is {{case_id, filing_id, question[, gold]}}\n"
