"""VeriFin over a small filing written into the real Neo4j through tests/cypher/verify/fixture_*.cypher.

The values are Apple's FY2023 10-K figures (USD, decimals -6): enough to drive every decision
path (Verified, Violated with a named core, each Abstain reason) and the unit, scale and period
binding. End-to-end runs on Arelle-loaded filings are in test_verifier_e2e.py.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from auditgraph.graph import Graph
from auditgraph.verifier import Verifier
from auditgraph.verifier.types import AbstainReason, Decision

FILING = "acme-10k-2023"
QFILING = "acme-10q-2023q3"
NS = "http://fasb.org/us-gaap/2023#"
FY23 = ("duration:2022-09-25/2023-09-30", "duration", "2022-09-25", "2023-09-30", 371)
FY22 = ("duration:2021-09-26/2022-09-24", "duration", "2021-09-26", "2022-09-24", 363)
I23 = ("instant:2023-09-30", "instant", None, "2023-09-30", None)
I22 = ("instant:2022-09-24", "instant", None, "2022-09-24", None)
Q3M = ("duration:2023-04-02/2023-07-01", "duration", "2023-04-02", "2023-07-01", 90)
Q9M = ("duration:2022-09-25/2023-07-01", "duration", "2022-09-25", "2023-07-01", 279)
OPS_ROLE = "http://www.apple.com/role/CONSOLIDATEDSTATEMENTSOFOPERATIONS"
USD, USD_SH, SH = "iso4217:USD", "iso4217:USD/xbrli:shares", "xbrli:shares"

LABELS = {
    "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax": "Revenue from Contract with Customer, Excluding Assessed Tax",
    "us-gaap:CostOfGoodsAndServicesSold": "Cost of Goods and Services Sold",
    "us-gaap:GrossProfit": "Gross Profit",
    "us-gaap:OtherAssetsNoncurrent": "Other Assets, Noncurrent",
    "us-gaap:OtherAssetsCurrent": "Other Assets, Current",
}


def _fact(filing, n, qname, value, period, unit=USD, decimals="-6", dims=(), duplicate=None, period_type=None):
    key, kind, start, end, days = period
    return {
        "filing_id": filing,
        "fact_id": f"f{n}",
        "qname": qname,
        "concept_key": NS + qname.split(":")[1],
        "label": LABELS.get(qname, qname.split(":")[1]),
        "period_type": period_type or kind,
        "value": value,
        "decimals": decimals,
        "duplicate": duplicate,
        "unit_key": unit,
        "context": f"c-{key}-{'-'.join(dims)}",
        "dims": list(dims),
        "period_key": key,
        "kind": kind,
        "start": start,
        "end": end,
        "days": days,
    }


def load_acme(graph: Graph) -> None:
    graph.write(
        "verify.fixture_filing",
        filing={
            "id": FILING,
            "accession": "0000320193-23-000106",
            "entity_name": "Acme Inc.",
            "form": "10-K",
            "period_end": "2023-09-30",
            "fiscal_year_focus": 2023,
            "fiscal_period_focus": "FY",
            "us_gaap_year": 2023,
        },
    )
    rows = [
        ("us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", "383285000000", FY23),
        ("us-gaap:CostOfGoodsAndServicesSold", "214137000000", FY23),
        ("us-gaap:GrossProfit", "169148000000", FY23),
        ("us-gaap:ResearchAndDevelopmentExpense", "29915000000", FY23),
        ("us-gaap:SellingGeneralAndAdministrativeExpense", "24932000000", FY23),
        ("us-gaap:OperatingExpenses", "54847000000", FY23),
        ("us-gaap:OperatingIncomeLoss", "114301000000", FY23),
        ("us-gaap:NetIncomeLoss", "96995000000", FY23),
        ("us-gaap:NetCashProvidedByUsedInOperatingActivities", "110543000000", FY23),
        ("us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", "394328000000", FY22),
        ("us-gaap:CostOfGoodsAndServicesSold", "223546000000", FY22),
        ("us-gaap:GrossProfit", "170782000000", FY22),
        ("us-gaap:AssetsCurrent", "143566000000", I23),
        ("us-gaap:LiabilitiesCurrent", "145308000000", I23),
        ("us-gaap:Assets", "352583000000", I23),
        ("us-gaap:OtherAssetsNoncurrent", "64758000000", I23),
        ("us-gaap:OtherAssetsCurrent", "14695000000", I23),
        ("us-gaap:AssetsCurrent", "135405000000", I22),
    ]
    facts = [_fact(FILING, i, q, v, p) for i, (q, v, p) in enumerate(rows, 1)]
    facts += [
        _fact(FILING, 100, "us-gaap:EarningsPerShareDiluted", "6.13", FY23, unit=USD_SH, decimals="2"),
        _fact(
            FILING,
            101,
            "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
            "200583000000",
            FY23,
            dims=("srt:ProductOrServiceAxis=us-gaap:ProductMember",),
        ),
        # an inconsistent duplicate pair: the filing contradicts itself
        _fact(FILING, 102, "us-gaap:AccountsPayableCurrent", "62611000000", I23, duplicate="inconsistent"),
        _fact(FILING, 103, "us-gaap:AccountsPayableCurrent", "62000000000", I23, duplicate="inconsistent"),
    ]
    graph.write_batches("verify.fixture_facts", facts)
    calc = [
        ("us-gaap:GrossProfit", "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", 1.0, 1.0),
        ("us-gaap:GrossProfit", "us-gaap:CostOfGoodsAndServicesSold", -1.0, 2.0),
        ("us-gaap:OperatingExpenses", "us-gaap:ResearchAndDevelopmentExpense", 1.0, 1.0),
        ("us-gaap:OperatingExpenses", "us-gaap:SellingGeneralAndAdministrativeExpense", 1.0, 2.0),
        ("us-gaap:OperatingIncomeLoss", "us-gaap:GrossProfit", 1.0, 1.0),
        ("us-gaap:OperatingIncomeLoss", "us-gaap:OperatingExpenses", -1.0, 2.0),
    ]
    graph.write_batches(
        "verify.fixture_calc",
        [
            {
                "owner": FILING,
                "role": OPS_ROLE,
                "total_qname": t,
                "total_key": NS + t.split(":")[1],
                "child_qname": c,
                "child_key": NS + c.split(":")[1],
                "weight": w,
                "order": o,
            }
            for t, c, w, o in calc
        ],
    )


def load_acme_quarter(graph: Graph) -> None:
    graph.write(
        "verify.fixture_filing",
        filing={
            "id": QFILING,
            "accession": "0000320193-23-000077",
            "entity_name": "Acme Inc.",
            "form": "10-Q",
            "period_end": "2023-07-01",
            "fiscal_year_focus": 2023,
            "fiscal_period_focus": "Q3",
            "us_gaap_year": 2023,
        },
    )
    rev = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
    graph.write_batches(
        "verify.fixture_facts",
        [
            _fact(QFILING, 1, rev, "81797000000", Q3M),
            _fact(QFILING, 2, rev, "289573000000", Q9M),
            _fact(QFILING, 3, "us-gaap:CostOfGoodsAndServicesSold", "45384000000", Q3M),
            _fact(QFILING, 4, "us-gaap:CostOfGoodsAndServicesSold", "160043000000", Q9M),
        ],
    )


@pytest.fixture
def acme(graph: Graph) -> Verifier:
    load_acme(graph)
    load_acme_quarter(graph)
    return Verifier(graph)


def test_verified_total_from_filing_calculation_with_provenance(acme: Verifier):
    v = acme.verify(FILING, "What was Acme's gross profit for fiscal 2023?", "$169.1 billion")
    assert v.decision is Decision.VERIFIED, v.reason
    sources = {f.source for f in v.formulas}
    assert sources == {"filing-calc", "filed-fact"}  # children and weights from the filing, plus the reported total
    calc = next(f for f in v.formulas if f.source == "filing-calc")
    assert calc.source_id == OPS_ROLE
    assert calc.expression == ("us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax - us-gaap:CostOfGoodsAndServicesSold")
    rev = next(b for b in v.bindings if b.concept.endswith("ExcludingAssessedTax"))
    assert (rev.value, rev.period, rev.unit, rev.filing_id, rev.fact_id) == (Decimal("383285000000"), FY23[0], USD, FILING, "f1")
    assert (rev.lower, rev.upper) == (Decimal("383284500000"), Decimal("383285500000"))
    assert rev.accession == "0000320193-23-000106"
    assert (v.expected_lower, v.expected_upper) == (
        Decimal("169147500000"),
        Decimal("169148500000"),
    )  # tightest: the reported total
    assert v.entailed is True  # 169.1 billion +- 0.05 billion covers every value the facts allow


def test_violated_wrong_year_names_the_core_and_direction(acme: Verifier):
    v = acme.verify(FILING, "What was gross profit for fiscal 2023 (in millions)?", "170,782")  # FY2022's figure
    assert v.decision is Decision.VIOLATED
    assert v.direction == "overstates"
    assert "claim" in v.core
    assert any(c.startswith("fact:") for c in v.core) and any(c.startswith("formula:") for c in v.core)
    assert "overstates" in v.reason


def test_wrong_scale_and_wrong_sign_understate(acme: Verifier):
    v = acme.verify(FILING, "What was gross profit for fiscal 2023?", "169,148")  # thousands of times too small
    assert (v.decision, v.direction) == (Decision.VIOLATED, "understates")
    v = acme.verify(FILING, "What was gross profit for fiscal 2023 (in millions)?", "(169,148)")
    assert (v.decision, v.direction) == (Decision.VIOLATED, "understates")
    v = acme.verify(FILING, "What was gross profit for fiscal 2023 (in millions)?", "169,148")
    assert v.decision is Decision.VERIFIED


def test_arithmetic_slip_and_rounding(acme: Verifier):
    q = "What was operating income for fiscal 2023?"
    assert acme.verify(FILING, q, "$114.3 billion").decision is Decision.VERIFIED
    assert acme.verify(FILING, q, "$114.4 billion").decision is Decision.VIOLATED  # slip in the last digit
    assert acme.verify(FILING, q, "114,301,000,000").decision is Decision.VERIFIED
    assert acme.verify(FILING, q, "114,302,000,000").decision is Decision.VIOLATED  # outside the +-0.5 million rounding
    # a one-digit claim cannot pass for a precise figure: the claim tolerance is capped at 0.5%
    assert acme.verify(FILING, q, "$0.1 trillion").decision is Decision.VIOLATED


def test_registry_ratio_percent_and_fraction(acme: Verifier):
    q = "What was the gross margin in fiscal 2023, as a percentage?"
    v = acme.verify(FILING, q, "44.1%")
    assert v.decision is Decision.VERIFIED, v.reason
    assert [f.source for f in v.formulas] == ["registry"]
    assert v.formulas[0].source_id.startswith("registry:gross_margin@")
    assert acme.verify(FILING, q, "44.1").decision is Decision.VERIFIED  # bare number in a percentage question
    assert acme.verify(FILING, "What was the gross margin in fiscal 2023?", "0.441").decision is Decision.VERIFIED
    assert acme.verify(FILING, q, "45%").decision is Decision.VIOLATED
    v = acme.verify(FILING, "What was the current ratio at fiscal year end 2023?", "0.99")
    assert v.decision is Decision.VERIFIED, v.reason


def test_explicit_operation_in_the_question_has_first_authority(acme: Verifier):
    v = acme.verify(FILING, "What was revenue minus cost of sales in fiscal 2022 (in millions)?", "170,782")
    assert v.decision is Decision.VERIFIED, v.reason
    assert [f.source for f in v.formulas] == ["question"]
    assert {b.period for b in v.bindings} == {FY22[0]}
    v = acme.verify(FILING, "What is the difference between revenue and cost of sales for fiscal 2022?", "$160 billion")
    assert v.decision is Decision.VIOLATED


def test_period_and_unit_binding(acme: Verifier):
    # instants bind at the fiscal year end; the prior year snaps to 2022-09-24 (52/53-week calendar)
    v = acme.verify(FILING, "What were total current assets at fiscal year end 2022?", "$135.4 billion")
    assert v.decision is Decision.VERIFIED, v.reason
    assert {b.period for b in v.bindings} == {I22[0]}
    v = acme.verify(FILING, "What were total current assets as of September 30, 2023?", "$135.4 billion")
    assert v.decision is Decision.VIOLATED  # the 2022 figure asked for 2023
    # per-share unit: the question's scale does not apply to EPS
    v = acme.verify(FILING, "What was diluted EPS for fiscal 2023 (in millions, except per-share data)?", "$6.13")
    assert v.decision is Decision.VERIFIED, v.reason
    assert v.bindings[0].unit == USD_SH
    # a 10-Q: three months versus nine months ended July 1, 2023
    q3 = acme.verify(QFILING, "What was revenue for the three months ended July 1, 2023?", "$81.8 billion")
    assert q3.decision is Decision.VERIFIED and {b.period for b in q3.bindings} == {Q3M[0]}
    q9 = acme.verify(QFILING, "What was revenue for the nine months ended July 1, 2023?", "$81.8 billion")
    assert q9.decision is Decision.VIOLATED and {b.period for b in q9.bindings} == {Q9M[0]}
    assert acme.verify(QFILING, "What was gross profit in Q3 2023?", "$36.4 billion").decision is Decision.VERIFIED


def test_dimensional_facts_never_bind(acme: Verifier):
    v = acme.verify(FILING, "What was revenue for fiscal 2023?", "$200.6 billion")  # a product-segment value
    assert v.decision is Decision.VIOLATED
    assert all(b.fact_id != "f101" for b in v.bindings)


def test_label_match_is_the_last_resort(acme: Verifier):
    v = acme.verify(FILING, "What were other assets, noncurrent as of September 30, 2023?", "$64.8 billion")
    assert v.decision is Decision.VERIFIED, v.reason
    assert v.bindings[0].concept == "us-gaap:OtherAssetsNoncurrent"
    v = acme.verify(FILING, "What were other assets as of September 30, 2023?", "$64.8 billion")
    # current or noncurrent? the claim says less than either label: never grounded on a guess
    assert v.abstain_reason is AbstainReason.AMBIGUOUS_METRIC and "none has exactly its words" in v.reason
    assert "us-gaap:OtherAssetsCurrent" in v.reason and "us-gaap:OtherAssetsNoncurrent" in v.reason


@pytest.mark.parametrize(
    "question,claim,reason,text",
    [
        ("What was gross profit for fiscal 2023?", "about a billion", AbstainReason.CLAIM_UNPARSABLE, "no number"),
        ("What was gross profit for fiscal 2023?", "between 160 and 170 billion", AbstainReason.CLAIM_UNPARSABLE, "range"),
        ("What was gross profit for fiscal 2023?", "44%", AbstainReason.CLAIM_UNIT_MISMATCH, "percentage"),
        ("What was the gross margin for fiscal 2023?", "$1.2 billion", AbstainReason.CLAIM_UNIT_MISMATCH, "ratio"),
        ("What was the weather in fiscal 2023?", "1", AbstainReason.NO_METRIC, "weather"),
        ("What was gross profit for fiscal 2019?", "$169.1 billion", AbstainReason.NO_PERIOD, "2023-09-30"),
        (
            "What was free cash flow for fiscal 2023?",
            "$99.6 billion",
            AbstainReason.OPERAND_UNGROUNDED,
            "PaymentsToAcquirePropertyPlantAndEquipment",
        ),
        ("What were accounts payable at September 30, 2023?", "$62.6 billion", AbstainReason.EVIDENCE_INCONSISTENT, "fact:"),
    ],
)
def test_each_abstain_reason_names_the_missing_requirement(acme: Verifier, question, claim, reason, text):
    v = acme.verify(FILING, question, claim)
    assert v.decision is Decision.ABSTAIN
    assert v.abstain_reason is reason, v.reason
    assert text in v.reason


def test_formula_authority_incomplete_or_ambiguous_abstains(acme: Verifier, tmp_path):
    import json as _json

    from auditgraph.verifier.registry import load_registry

    v = acme.verify(FILING, "What was revenue minus net sales in fiscal 2023?", "0")
    assert v.abstain_reason is AbstainReason.FORMULA_AMBIGUOUS  # both operands are the same concept
    doc = _json.loads((Path(__file__).resolve().parent.parent / "verifier" / "metrics_registry.json").read_text())
    doc["metrics"]["brand_value"] = {
        "label": "Brand value",
        "statement": "BS",
        "unit": "monetary",
        "aliases": ["brand value"],
        "concept": None,
        "formula": None,
        "source": "none",
    }
    custom = tmp_path / "registry.json"
    custom.write_text(_json.dumps(doc))
    v = Verifier(acme.graph, load_registry(str(custom))).verify(FILING, "What was the brand value in fiscal 2023?", "$1 billion")
    assert v.abstain_reason is AbstainReason.FORMULA_INCOMPLETE and "no authority defines Brand value" in v.reason


def test_unknown_filing_abstains(acme: Verifier):
    v = acme.verify("no-such-filing", "What was gross profit?", "1")
    assert v.abstain_reason is AbstainReason.UNKNOWN_FILING and "no-such-filing" in v.reason


def test_default_period_is_the_filing_focus(acme: Verifier):
    v = acme.verify(FILING, "What was gross profit?", "$169.1 billion")
    assert v.decision is Decision.VERIFIED
    assert "filing default" in v.extra["period_source"]


def test_jsonl_record_has_the_eval_fields(acme: Verifier):
    v = acme.verify(FILING, "What was gross profit for fiscal 2023 (in millions)?", "170,782", case_id="c1")
    rec = json.loads(json.dumps(v.to_json()))
    assert rec["case_id"] == "c1" and rec["decision"] == "Violated" and rec["claim"] == "170,782"
    assert rec["plan"]["target"] == "metric:gross_profit"
    assert rec["bindings"][0]["fact_id"] and rec["bindings"][0]["value"] == "383285000000"
    assert "claim" in rec["core"] and rec["reason"]


# ------------------------------------------------------------------ CLI
def test_cli_single_claim_json_and_unknown_filing(acme: Verifier, verify_json, monkeypatch):
    from auditgraph.cli import cli, main

    rec = verify_json("--filing", FILING, "-q", "What was gross profit for fiscal 2023?", "-c", "$169.1 billion")
    assert rec["decision"] == "Verified" and rec["bindings"]
    r = CliRunner().invoke(
        cli, ["verify", "--filing", FILING, "-q", "What was gross profit for fiscal 2023?", "-c", "$170 billion"]
    )
    assert r.exit_code == 0 and "Violated" in r.output and "unsat core: claim" in r.output
    monkeypatch.setattr("sys.argv", ["auditgraph", "verify", "--filing", "nope", "-q", "What was gross profit?", "-c", "1"])
    with pytest.raises(SystemExit) as exc:
        main()
    assert exc.value.code == 2  # an unknown filing is bad input (README, "Exit codes")


def test_cli_batch_writes_jsonl_and_the_acceptance_summary(acme: Verifier, neo4j_connection, monkeypatch, tmp_path):
    from auditgraph.cli import cli

    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    claims = tmp_path / "claims.jsonl"
    rows = [
        {
            "case_id": "ok",
            "filing_id": FILING,
            "question": "What was gross profit for fiscal 2023?",
            "claim": "$169.1 billion",
            "correct": True,
        },
        {
            "case_id": "year",
            "filing_id": FILING,
            "question": "What was gross profit for fiscal 2023?",
            "claim": "$170.8 billion",
            "correct": False,
        },
        {
            "case_id": "text",
            "filing_id": FILING,
            "question": "What was gross profit for fiscal 2023?",
            "claim": "a lot",
            "label": "incorrect",
        },
        {"case_id": "nolabel", "filing": FILING, "question": "What was gross profit for fiscal 2022?", "claim": "$170.8 billion"},
    ]
    claims.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    out = tmp_path / "decisions.jsonl"
    r = CliRunner().invoke(cli, ["verify", "--batch", str(claims), "--out", str(out)])
    assert r.exit_code == 0, r.output
    recs = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(x["case_id"], x["decision"], x["correct"]) for x in recs] == [
        ("ok", "Verified", True),
        ("year", "Violated", False),
        ("text", "Abstain", False),
        ("nolabel", "Verified", None),
    ]
    assert all({"case_id", "decision", "claim", "plan", "bindings", "core", "reason"} <= x.keys() for x in recs)
    assert "TA" in r.output and "75.0%" in r.output  # coverage 3/4
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"question": "q"}\n')
    r = CliRunner().invoke(cli, ["verify", "--batch", str(bad)])
    assert r.exit_code != 0 and "missing filing_id" in str(r.exception or r.output)


# ------------------------------------------------------------------ model-assisted planning and repair
class Replay:
    """A tiny OpenAI-compatible server in a thread that answers with scripted replies, in order."""

    def __init__(self, replies: list[str]):
        import http.server
        import threading

        self.replies = list(replies)
        self.requests: list[dict] = []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server API)
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append(body)
                content = outer.replies.pop(0) if outer.replies else ""
                payload = json.dumps(
                    {
                        "id": "r",
                        "object": "chat.completion",
                        "created": 0,
                        "model": body["model"],
                        "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
                    }
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *a):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def close(self):
        self.server.shutdown()


@pytest.fixture
def replay():
    servers = []

    def start(replies):
        servers.append(Replay(replies))
        return servers[-1]

    yield start
    for s in servers:
        s.close()


def test_llm_plan_is_checked_against_the_registry_and_never_sees_the_claim(acme: Verifier, replay):
    from auditgraph.llm.providers import ModelSpec
    from auditgraph.verifier.model_proposals import ChatModel, LLMPlanner

    srv = replay(
        [
            json.dumps(
                {
                    "metric": None,
                    "operation": {"formula": "x - y", "operands": {"x": "revenue", "y": "cost_of_revenue"}},
                    "period": {"fiscal_year": 2023},
                    "scale": "millions",
                }
            ),
            json.dumps({"metric": "ebitda_adjusted_by_vibes"}),  # not in the registry: rejected, deterministic plan used
            "I think it's fine",  # no JSON at all
        ]
    )
    v = Verifier(
        acme.graph, planner=LLMPlanner(ChatModel(ModelSpec.parse("openai-compatible:qwen3", base_url=srv.url)), acme.registry)
    )
    r = v.verify(FILING, "How much did revenue exceed cost of sales in FY2023 (in millions)?", "169,148")
    assert r.decision is Decision.VERIFIED, r.reason
    assert r.plan.planner == "llm:openai-compatible:qwen3" and [f.source for f in r.formulas] == ["question"]
    assert any(n.startswith("deterministic planner:") for n in r.plan.notes)  # "exceed" is no operation rule
    assert all("169,148" not in m["content"] for m in srv.requests[0]["messages"])  # the candidate stays out
    r = v.verify(FILING, "What was gross profit for fiscal 2023?", "$169.1 billion")
    assert r.decision is Decision.VERIFIED and any("model plan rejected" in n for n in r.plan.notes)
    r = v.verify(FILING, "How big was the moon in 2023?", "1")
    assert r.abstain_reason is AbstainReason.PLAN_REJECTED and "no JSON" in r.reason


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_llm_planner_speaks_the_agents_providers(acme: Verifier, provider, monkeypatch):
    """The same `--llm PROVIDER:MODEL` spellings as the agents, against agents/replay_server.py:
    the OpenAI chat API at /v1/chat/completions, the Anthropic Messages API at /v1/messages."""
    from auditgraph.agents.replay_server import ReplayServer
    from auditgraph.verifier.model_proposals import ChatModel, LLMPlanner

    monkeypatch.setenv("OPENAI_API_KEY", "sk-verifier-test-000000000000")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-verifier-test-0000000")
    operation = {
        "metric": None,
        "operation": {"formula": "x - y", "operands": {"x": "revenue", "y": "cost_of_revenue"}},
        "period": {"fiscal_year": 2022},
        "scale": "millions",
    }
    script = {
        "default": [
            {"content": json.dumps(operation)},
            {"content": "Here is the plan: " + json.dumps({"metric": "gross_margin", "percent": True})},
        ]
    }
    with ReplayServer(script) as srv:
        model = ChatModel.from_options(f"{provider}:planner-1", srv.root_url if provider == "anthropic" else srv.base_url)
        v = Verifier(acme.graph, planner=LLMPlanner(model, acme.registry))
        op = v.verify(FILING, "How much did revenue exceed cost of sales in FY2022 (in millions)?", "170,782")
        margin = v.verify(FILING, "What was the gross margin in fiscal 2023, as a percentage?", "44.1%")
        bodies = list(srv.requests)
    assert op.decision is Decision.VERIFIED and op.plan.planner == f"llm:{provider}:planner-1"
    assert [f.source for f in op.formulas] == ["question"] and {b.period for b in op.bindings} == {FY22[0]}
    assert margin.decision is Decision.VERIFIED and margin.plan.target == "metric:gross_margin"
    first = bodies[0]
    budget = first.get("max_tokens", first.get("max_completion_tokens"))  # newer OpenAI clients send the latter
    assert (first["model"], first["temperature"], budget) == ("planner-1", 0, 1024)
    system = first["system"] if provider == "anthropic" else first["messages"][0]["content"]
    assert "verification plan" in json.dumps(system)
    assert all("170,782" not in json.dumps(b) and "44.1%" not in json.dumps(b) for b in bodies)  # the claim stays out


def test_cli_repair_through_anthropic(acme: Verifier, verify_json, monkeypatch):
    from auditgraph.agents.replay_server import ReplayServer
    from auditgraph.cli import cli

    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-verifier-test-0000000")
    with ReplayServer({"default": [{"content": "$169.1 billion"}]}) as srv:
        rec = verify_json(
            "--filing",
            FILING,
            "-q",
            "What was gross profit for fiscal 2023?",
            "-c",
            "$170.8 billion",
            "--repair",
            "1",
            "--llm",
            "anthropic:fixer",
            "--base-url",
            srv.root_url,
            "--planner",
            "deterministic",
        )
        body = srv.requests[0]
    assert rec["recovered"] and [a["decision"] for a in rec["attempts"]] == ["Verified"]
    assert "overstates" in json.dumps(body["messages"])  # the unsat core went to the model as feedback
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    r = CliRunner().invoke(cli, ["verify", "--filing", FILING, "-q", "q", "-c", "1", "--repair", "1", "--llm", "anthropic:fixer"])
    assert r.exit_code == 1 and "ANTHROPIC_API_KEY is not set" in str(r.exception)


def test_guided_repair_uses_the_core_and_reverifies(acme: Verifier, replay):
    from auditgraph.llm.providers import ModelSpec
    from auditgraph.verifier.model_proposals import ChatModel
    from auditgraph.verifier.repair import repair

    srv = replay(["$170.0 billion", "$169.1 billion"])
    res = repair(
        acme,
        ChatModel(ModelSpec.parse("openai-compatible:m", base_url=srv.url)),
        FILING,
        "What was gross profit for fiscal 2023?",
        "$170.8 billion",
        k=3,
    )
    assert res.initial.decision is Decision.VIOLATED
    assert [a.verdict.decision for a in res.attempts] == [Decision.VIOLATED, Decision.VERIFIED]
    assert res.recovered is True
    first_hint = srv.requests[0]["messages"][-1]["content"]
    assert "overstates" in first_hint and "filed fact us-gaap:CostOfGoodsAndServicesSold = 214137000000" in first_hint
    srv = replay(["$170.0 billion", "$169.1 billion"])
    naive = repair(
        acme,
        ChatModel(ModelSpec.parse("openai-compatible:m", base_url=srv.url)),
        FILING,
        "What was gross profit for fiscal 2023?",
        "$170.8 billion",
        k=3,
        mode="naive",
    )
    assert len(naive.attempts) == 1 and not naive.recovered  # one generic retry only
    assert "filed fact" not in srv.requests[0]["messages"][-1]["content"]


def test_cli_repair_reports_each_attempt(acme: Verifier, verify_json, replay):
    from auditgraph.cli import cli

    srv = replay(["$169.1 billion"])
    rec = verify_json(
        "--filing",
        FILING,
        "-q",
        "What was gross profit for fiscal 2023?",
        "-c",
        "$170.8 billion",
        "--repair",
        "2",
        "--llm",
        "openai-compatible:m",
        "--base-url",
        srv.url,
        "--planner",
        "deterministic",
    )
    assert rec["recovered"] and rec["initial"]["decision"] == "Violated"
    assert [a["decision"] for a in rec["attempts"]] == ["Verified"]
    r = CliRunner().invoke(cli, ["verify", "--filing", FILING, "-q", "q", "-c", "1", "--repair", "2"])
    assert r.exit_code == 2 and "--repair needs a model" in r.output


def test_cli_batch_repairs_violated_claims(acme: Verifier, neo4j_connection, monkeypatch, replay, tmp_path):
    from auditgraph.cli import cli

    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    claims = tmp_path / "claims.jsonl"
    claims.write_text(
        "\n".join(
            json.dumps(r)
            for r in [
                {
                    "case_id": "ok",
                    "filing_id": FILING,
                    "question": "What was gross profit for fiscal 2023?",
                    "claim": "$169.1 billion",
                },
                {
                    "case_id": "bad",
                    "filing_id": FILING,
                    "question": "What was gross profit for fiscal 2023?",
                    "claim": "$170.8 billion",
                },
            ]
        )
        + "\n"
    )
    srv = replay(["$169.1 billion"])
    out = tmp_path / "out.jsonl"
    r = CliRunner().invoke(
        cli,
        [
            "verify",
            "--batch",
            str(claims),
            "--out",
            str(out),
            "--repair",
            "1",
            "--llm",
            "m",
            "--base-url",
            srv.url,
            "--planner",
            "deterministic",
        ],
    )
    assert r.exit_code == 0, r.output
    recs = {x["case_id"]: x for x in map(json.loads, out.read_text().splitlines())}
    assert "repair" not in recs["ok"] and recs["bad"]["repair"]["recovered"] is True


# ------------------------------------------------------------------ a misbehaving model (issue 17)
REPAIR_QUESTION = "What was gross profit for fiscal 2023?"
PROSE_REPLY = "I recomputed gross profit from the filed revenue and cost of sales, and it is lower than I said."


def test_a_prose_repair_reply_is_named_and_the_loop_goes_on(acme):
    from auditgraph.agents.replay_server import ReplayServer
    from auditgraph.llm.providers import ModelSpec
    from auditgraph.verifier.model_proposals import ChatModel
    from auditgraph.verifier.repair import NUMBER_ONLY, repair

    with ReplayServer({"default": [{"content": PROSE_REPLY}, {"content": "$169.1 billion"}]}) as srv:
        model = ChatModel(ModelSpec.parse("openai-compatible:replay", base_url=srv.base_url))
        res = repair(acme, model, FILING, REPAIR_QUESTION, "$170.8 billion", k=3)
        asked = [r["messages"][-1]["content"] for r in srv.requests]
    assert [a.verdict.decision if a.verdict else None for a in res.attempts] == [None, Decision.VERIFIED] and res.recovered
    assert res.attempts[0].error == f"the model answered in prose, not a number (no number in it): {PROSE_REPLY[:77] + '...'!r}"
    assert "overstates" in asked[0] and asked[1] == NUMBER_ONLY  # after prose: ask for the number only
    assert res.to_json()["attempts"][0] == {"answer": PROSE_REPLY, "decision": None, "reason": res.attempts[0].error}


# prose without a number, prose quoting two figures (the claim parser alone would call it "a range"), prose around one
PROSE_REPLIES = [
    PROSE_REPLY,
    "Gross profit was 169.1 billion in 2023 and 170.8 billion in 2022.",
    "Approximately $169.1 billion.",
]


def test_three_prose_replies_use_the_three_tries(acme):
    from auditgraph.agents.replay_server import ReplayServer
    from auditgraph.llm.providers import ModelSpec
    from auditgraph.verifier.model_proposals import ChatModel
    from auditgraph.verifier.repair import NUMBER_ONLY, repair

    with ReplayServer({"default": [{"content": r} for r in PROSE_REPLIES]}) as srv:
        model = ChatModel(ModelSpec.parse("openai-compatible:replay", base_url=srv.base_url))
        res = repair(acme, model, FILING, REPAIR_QUESTION, "$170.8 billion", k=3)
        assert len(srv.requests) == 3
        asked = [r["messages"][-1]["content"] for r in srv.requests]
    assert len(res.attempts) == 3 and not res.recovered and res.final.decision is Decision.VIOLATED
    assert asked[1:] == [NUMBER_ONLY, NUMBER_ONLY]
    assert [a.error.split(":")[0] for a in res.attempts] == [
        "the model answered in prose, not a number (no number in it)",
        "the model answered in prose, not a number (4 numbers in its words)",
        "the model answered in prose, not a number (1 number in its words)",
    ]
    assert not any("range" in (a.error or "") for a in res.attempts)


def test_a_bare_range_reply_gets_the_parsers_reason_and_the_loop_goes_on(acme):
    from auditgraph.agents.replay_server import ReplayServer
    from auditgraph.llm.providers import ModelSpec
    from auditgraph.verifier.model_proposals import ChatModel
    from auditgraph.verifier.repair import repair

    with ReplayServer({"default": [{"content": "169 to 170 billion"}, {"content": "$169.1 billion"}]}) as srv:
        model = ChatModel(ModelSpec.parse("openai-compatible:replay", base_url=srv.base_url))
        res = repair(acme, model, FILING, REPAIR_QUESTION, "$170.8 billion", k=3)
    assert res.recovered and len(res.attempts) == 2
    assert res.attempts[0].error == (
        "the model's reply is not one number: claim '169 to 170 billion' is a range, not one number; give a single value"
    )


def test_the_human_repair_output_names_each_prose_reply_and_shows_the_three_tries(acme, neo4j_connection, monkeypatch):
    from auditgraph.agents.replay_server import ReplayServer
    from auditgraph.cli import cli

    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    with ReplayServer({"default": [{"content": r} for r in PROSE_REPLIES]}) as srv:
        r = CliRunner().invoke(
            cli,
            ["verify", "--filing", FILING, "-q", REPAIR_QUESTION, "-c", "$170.8 billion", "--repair", "3"]
            + ["--llm", "openai-compatible:replay", "--base-url", srv.base_url, "--planner", "deterministic"],
        )
        assert len(srv.requests) == 3
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    for i in (1, 2, 3):
        assert f"repair {i}: " in text
    assert text.count("the model answered in prose, not a number") == 3 and "range" not in text
    assert "Violated" in text


def test_the_human_output_says_a_model_plan_was_rejected_and_why(acme, neo4j_connection, monkeypatch):
    from auditgraph.agents.replay_server import ReplayServer
    from auditgraph.cli import cli

    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    with ReplayServer({"default": [{"content": "Gross profit is revenue minus cost of sales."}]}) as srv:
        r = CliRunner().invoke(
            cli,
            [
                "verify",
                "--filing",
                FILING,
                "-q",
                REPAIR_QUESTION,
                "-c",
                "$169.1 billion",
                "--llm",
                "openai-compatible:replay",
                "--base-url",
                srv.base_url,
                "--planner",
                "llm",
            ],
        )
    assert r.exit_code == 0, r.output
    assert "Verified" in r.output
    assert "model plan rejected (the model's reply holds no JSON object); deterministic plan used" in " ".join(r.output.split())


def test_a_model_name_the_server_does_not_list_is_refused():
    from auditgraph.agents.replay_server import ReplayServer
    from auditgraph.errors import ConfigError
    from auditgraph.verifier.model_proposals import ChatModel

    wrong_name = r"serves SmolLM2-135M-Instruct, not 'smollm2'; pass --llm openai-compatible:"
    with ReplayServer({}, model="SmolLM2-135M-Instruct") as srv, pytest.raises(ConfigError, match=wrong_name):
        ChatModel.from_options("openai-compatible:smollm2", srv.base_url)
