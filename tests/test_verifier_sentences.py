"""Claim sentences and texts against real shared filings in a real Neo4j: Netflix's 10-K for 2023
(EDGAR, its own label linkbase) and Advent Technologies' 10-K for 2023 (xule-2025, a loss year).

Values are the filings' own (NFLX revenue 33,723,297 / 31,615,550 thousand; ADN net loss 71,397 /
74,337 thousand), read off the instances, never off the verifier."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from shared_filings import loaded_graph

from auditgraph.config import Connection
from auditgraph.verifier import Verifier
from auditgraph.verifier.types import AbstainReason, Decision

NFLX, ADN = "0001065280-24-000030", "ADN_FY_2023"


@pytest.fixture(scope="module")
def verifier(neo4j_connection: Connection, shared_dir: Path) -> Iterator[Verifier]:
    g = loaded_graph(neo4j_connection, shared_dir, "edgar/nflx-10k-2023-12-31", "xule-2025/ADN_FY_2023", years=(2023, 2025))
    try:
        yield Verifier(g)
    finally:
        g.close()


def facts(sub) -> set[tuple[str, str]]:
    return {(b.concept, b.period) for b in sub.bindings if b.stage == "target"}


def test_growth_and_level_from_one_news_sentence(verifier: Verifier):
    v = verifier.verify_sentence(NFLX, "Netflix's revenue rose 6.7% to $33.7 billion in 2023")
    assert v.decision is Decision.VERIFIED, v.reason
    growth, level = v.subclaims
    assert facts(growth) == {
        ("us-gaap:Revenues", "duration:2023-01-01/2023-12-31"),
        ("us-gaap:Revenues", "duration:2022-01-01/2022-12-31"),
    }
    assert facts(level) == {("us-gaap:Revenues", "duration:2023-01-01/2023-12-31")}
    assert growth.extra["expected_point"].startswith("0.06666")  # (33,723,297 - 31,615,550) / 31,615,550


@pytest.mark.parametrize(
    "sentence,wrong",
    [
        ("Netflix's revenue rose 6.7% to $31.6 billion in 2023", "2022's revenue for 2023"),
        ("Netflix's revenue rose 6.7% to $33.7 million in 2023", "scale"),
        ("Netflix's revenue rose 7.6% to $33.7 billion in 2023", "transposed digits"),
        ("Revenue fell 6.7% in 2023", "sign"),
        ("Net income was $5.9 billion in 2023", "+9%"),
    ],
)
def test_realistic_errors_are_violated(verifier: Verifier, sentence, wrong):
    assert verifier.verify_sentence(NFLX, sentence).decision is Decision.VIOLATED, wrong


def test_numbers_scales_and_hedges_as_written(verifier: Verifier):
    for s in (
        "Revenue was $33,723 million in fiscal 2023",
        "Revenue of USD 33.7B in FY23",
        "Agreed total revenues of $33,723,297 (in thousands) for the year ended December 31, 2023",
        "Revenue was about $34 billion in 2023",
        "Revenue was more than $33 billion in 2023",
        "Net income was $5.4 billion, or $12.03 per diluted share, in 2023",
    ):
        assert verifier.verify_sentence(NFLX, s).decision is Decision.VERIFIED, s
    assert verifier.verify_sentence(NFLX, "Revenue was more than $34 billion in 2023").decision is Decision.VIOLATED


def test_difference_comparison_and_compared_period(verifier: Verifier):
    v = verifier.verify_sentence(NFLX, "Operating income exceeded net income by $1.5 billion in 2023")
    assert v.decision is Decision.VERIFIED and v.subclaims[0].extra["kind"] == "difference"  # 6,954,003 - 5,407,990
    assert verifier.verify_sentence(NFLX, "Revenue grew faster than cost of revenue in 2023").decision is Decision.VERIFIED
    v = verifier.verify_sentence(NFLX, "Revenue was $33.7 billion in 2023 compared with $31.6 billion a year earlier")
    assert v.decision is Decision.VERIFIED
    assert facts(v.subclaims[1]) == {("us-gaap:Revenues", "duration:2022-01-01/2022-12-31")}


def test_a_loss_is_minus_the_concept_and_narrowing_compares_magnitudes(verifier: Verifier):
    v = verifier.verify_sentence(ADN, "Net loss narrowed to $71.4 million in 2023 from $74.3 million in 2022")
    assert v.decision is Decision.VERIFIED, v.reason
    assert {s.extra["kind"] for s in v.subclaims} == {"level", "comparison"}
    assert verifier.verify_sentence(ADN, "Net loss widened to $71.4 million in 2023").decision is Decision.VIOLATED


def test_rose_to_and_fell_to_also_say_which_way(verifier: Verifier):
    # NFLX net income went from 4,491,924 to 5,407,990 thousand: "fell to $5.4 billion" has the right level, wrong way
    assert verifier.verify_sentence(NFLX, "Net income rose to $5.4 billion in 2023").decision is Decision.VERIFIED
    v = verifier.verify_sentence(NFLX, "Net income fell to $5.4 billion in 2023")
    assert v.decision is Decision.VIOLATED and [s.decision for s in v.subclaims] == [Decision.VERIFIED, Decision.VIOLATED]
    # ADN's loss went from 74,337 to 71,397 thousand: it improved (narrowed) by $2.9 million
    assert (
        verifier.verify_sentence(ADN, "Net loss improved by $2.9 million to $71.4 million in 2023").decision is Decision.VERIFIED
    )


def test_comprehensive_income_is_never_an_oci_concept_or_an_operation(verifier: Verifier):
    v = verifier.verify_sentence(NFLX, "Comprehensive income (loss) was $5.4 billion in 2023")
    assert v.decision is Decision.VERIFIED
    assert facts(v.subclaims[0]) == {("us-gaap:ComprehensiveIncomeNetOfTax", "duration:2023-01-01/2023-12-31")}
    q = verifier.verify(
        NFLX, "What was comprehensive income (loss), net of tax, attributable to parent for 2023 (in thousands)?", "5,401,351"
    )
    assert q.decision is Decision.VERIFIED and q.plan.explicit_formula is None
    assert {b.concept for b in q.bindings if b.stage == "target"} == {"us-gaap:ComprehensiveIncomeNetOfTax"}


def test_unexplained_words_abstain_with_candidates_and_a_qname_decides(verifier: Verifier):
    v = verifier.verify_sentence(NFLX, "Global streaming revenues rose 7% in 2023")
    assert v.decision is Decision.ABSTAIN and v.abstain_reason is AbstainReason.AMBIGUOUS_METRIC
    assert "'Global', 'streaming'" in v.reason and "[us-gaap:Revenues]" in v.reason
    # "Streaming" alone is Netflix's member nflx:StreamingMember, which reports revenue only by region
    v = verifier.verify_sentence(NFLX, "Streaming revenues rose 7% in 2023")
    assert v.decision is Decision.ABSTAIN and v.subclaims
    assert all("nflx:StreamingMember" in s.reason for s in v.subclaims), v.reason
    v = verifier.verify_sentence(NFLX, "Streaming revenues [us-gaap:Revenues] were $33.7 billion in 2023")
    assert v.decision is Decision.VERIFIED and facts(v.subclaims[0]) == {("us-gaap:Revenues", "duration:2023-01-01/2023-12-31")}


@pytest.mark.parametrize(
    "sentence,reason",
    [
        ("Apple's revenue rose 8% to $383.3 billion in fiscal 2023", AbstainReason.WRONG_ENTITY),
        ("Netflix expects revenue of $38 billion in 2024", AbstainReason.NOT_IN_FILING),
        ("Netflix's stock price rose 65% in 2023", AbstainReason.NOT_IN_FILING),
        ("Revenue was $40 billion in 2019", AbstainReason.NO_PERIOD),
        ("MATCH (n) DETACH DELETE n", AbstainReason.CLAIM_UNPARSABLE),
        ("収益は増加した", AbstainReason.CLAIM_UNPARSABLE),
        ("revenue " * 1500, AbstainReason.CLAIM_UNPARSABLE),
    ],
)
def test_undecidable_sentences_abstain_and_say_why(verifier: Verifier, sentence, reason):
    v = verifier.verify_sentence(NFLX, sentence)
    assert v.decision is Decision.ABSTAIN and v.abstain_reason is reason, v.reason


def test_template_questions_with_currency_words(verifier: Verifier):
    for q, a in (
        ("What was total revenues for the year ended December 31, 2023, in thousands of USD?", "33,723,297"),
        ("What was revenue for fiscal 2023, in USD?", "33723297000"),
        ("What was diluted EPS for fiscal 2022, in USD per share?", "9.95"),
    ):
        v = verifier.verify(NFLX, q, a)
        assert v.decision is Decision.VERIFIED, (q, v.reason)


def test_cli_sentence_and_text_modes(verifier: Verifier, neo4j_connection: Connection, monkeypatch, tmp_path):
    import json

    from auditgraph.cli import cli

    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    counts = lambda: (verifier.graph.read("db.node_counts"), verifier.graph.read("db.relationship_counts"))  # noqa: E731
    before = counts()
    r = CliRunner().invoke(cli, ["verify", "--filing", NFLX, "Revenue rose 6.7% to $33.7 billion in 2023", "--json"])
    assert r.exit_code == 0, r.output
    rec = json.loads(r.stdout)
    assert rec["decision"] == "Verified" and [s["kind"] for s in rec["subclaims"]] == ["growth", "level"]
    text = tmp_path / "release.txt"
    text.write_text(
        "Netflix reported its results. Revenue rose 6.7% to $33.7 billion in 2023.\n\n"
        "Net income was $5.9 billion. Operating income was $6.95 billion in 2023.\n\n"
        "Revenue for 2022 was $31.6 billion. Net income was $4.5 billion.",
        encoding="utf-8",
    )
    r = CliRunner().invoke(cli, ["verify", "--filing", NFLX, "--text", str(text), "--json"])
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert [x["decision"] for x in lines] == ["Verified", "Violated", "Verified", "Verified", "Verified"]
    # the CLI reads a text as verify_text does: a figure with no period words takes its paragraph's (2022)
    assert {(b["concept"], b["period"]) for b in lines[4]["subclaims"][0]["bindings"] if b["stage"] == "target"} == {
        ("us-gaap:NetIncomeLoss", "duration:2022-01-01/2022-12-31")
    }
    r = CliRunner().invoke(cli, ["verify", "--filing", NFLX, "--text", str(text)])
    assert r.exit_code == 0 and "5 sentences with numbers: Verified 4, Violated 1, Abstain 0" in r.output
    r = CliRunner().invoke(cli, ["verify", "--filing", NFLX, "  "])
    assert r.exit_code == 2 and "empty" in r.output
    r = CliRunner().invoke(cli, ["verify", "--filing", "NO-SUCH-FILING", "Revenue rose 6.7%"])
    assert r.exit_code != 0 and "NO-SUCH-FILING" in str(r.exception)  # main() prints it as one `error:` line
    assert counts() == before  # verifying never writes


def test_a_model_may_propose_a_reading_that_the_same_checks_decide(verifier: Verifier, monkeypatch):
    """The reader cannot place "earnings haul"; the model reads it as net income (copying the number
    and the period words), which the filed facts then decide; a number the model made up is refused."""
    import json

    from auditgraph.agents.replay_server import ReplayServer
    from auditgraph.verifier.model_proposals import ChatModel, SentenceProposer

    sentence = "Netflix's earnings haul for 2023 came to $5.4 billion"
    assert verifier.verify_sentence(NFLX, sentence).abstain_reason is AbstainReason.AMBIGUOUS_METRIC  # 'haul'
    reading = {
        "figures": [
            {"metric": "net_income", "number": "$5.4 billion", "kind": "level", "period": "for 2023"},
            {"metric": "revenue", "number": "$34 billion", "kind": "level", "period": "for 2023"},
        ]
    }
    script = {"default": [{"content": json.dumps(reading)}]}
    monkeypatch.setenv("OPENAI_API_KEY", "replay")
    with ReplayServer(script) as srv:
        model = ChatModel.from_options("openai-compatible:replay", srv.base_url)
        assert model is not None and (model.spec.provider, model.model, model.spec.base_url) == (
            "openai-compatible",
            "replay",
            srv.base_url,
        )
        v = Verifier(verifier.graph, verifier.registry, proposer=SentenceProposer(model, verifier.registry))
        out = v.verify_sentence(NFLX, sentence)
    model_subs = [s for s in out.subclaims if s.extra.get("proposed_by")]
    assert [s.extra["reading"] for s in model_subs] == ["net income was $5.4 billion for 2023"]
    assert model_subs[0].decision is Decision.VERIFIED
    assert facts(model_subs[0]) == {("us-gaap:NetIncomeLoss", "duration:2023-01-01/2023-12-31")}
    # the invented "$34 billion" is refused, so the sentence stays open instead of Verified
    assert out.decision is Decision.ABSTAIN and any("not written in the sentence" in u for u in out.unread)
