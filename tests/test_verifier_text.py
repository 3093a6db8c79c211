"""Formula authority 4: a metric the registry does not know, defined in the filing's own text.

A small filing is written into the real Neo4j through tests/cypher/verify/fixture_*.cypher: numeric
facts plus two text-block facts (HTML, as filers tag them) that define "net debt", "owner
earnings", "total liquidity" and, twice and differently, "adjusted operating cash flow".
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from auditgraph.graph import Graph
from auditgraph.verifier import Verifier
from auditgraph.verifier.textdef import FilingText, parse_definition, plain_text
from auditgraph.verifier.types import AbstainReason, Decision

FILING = "textco-10k-2023"
NS = "http://fasb.org/us-gaap/2023#"
FY = ("duration:2023-01-01/2023-12-31", "duration", "2023-01-01", "2023-12-31", 364)
END = ("instant:2023-12-31", "instant", None, "2023-12-31", None)

POLICIES = (  # fact t1
    "<div><p style='font-weight:bold'>Non-GAAP Financial Measures</p>"
    "<p>We define net debt as long-term debt plus finance lease liabilities, less cash and cash equivalents. "
    "Adjusted operating cash flow is defined as net cash provided by operating activities less share repurchases.</p>"
    "<p>Owner earnings are defined as net income plus depreciation and amortization less capital expenditures.</p>"
    "<p>Fair value is defined as the price that would be received to sell an asset in an orderly transaction.</p>"
    "<p>We define working capital as current assets minus current liabilities minus cash and cash equivalents.</p></div>"
)
LIQUIDITY = (  # fact t2: net debt again (same formula, other words); adjusted operating cash flow differently
    "<p><b>Liquidity</b></p><p>Net debt&#160;(a non-GAAP measure) is calculated as long-term debt plus finance "
    "lease liabilities less cash and cash equivalents. We define adjusted operating cash flow as net cash provided by operating "
    "activities plus share repurchases.</p><p>Total liquidity is calculated as cash and cash equivalents plus undrawn "
    "revolver capacity.</p>"
)


def _fact(n, qname, value, period, label=None):
    key, kind, start, end, days = period
    return {
        "filing_id": FILING,
        "fact_id": f"f{n}",
        "qname": qname,
        "concept_key": NS + qname.split(":")[1],
        "label": label or qname.split(":")[1],
        "period_type": kind,
        "value": value,
        "decimals": "-6",
        "duplicate": None,
        "unit_key": "iso4217:USD",
        "context": f"c-{key}",
        "dims": [],
        "period_key": key,
        "kind": kind,
        "start": start,
        "end": end,
        "days": days,
    }


def _text(fact_id, qname, value):
    key, kind, start, end, days = FY
    return {
        "filing_id": FILING,
        "fact_id": fact_id,
        "qname": qname,
        "concept_key": NS + qname.split(":")[1],
        "value": value,
        "context": f"c-{key}",
        "period_key": key,
        "kind": kind,
        "start": start,
        "end": end,
        "days": days,
    }


@pytest.fixture
def textco(graph: Graph) -> Verifier:
    graph.write(
        "verify.fixture_filing",
        filing={
            "id": FILING,
            "accession": "0000000001-24-000001",
            "entity_name": "Textco Inc.",
            "form": "10-K",
            "period_end": "2023-12-31",
            "fiscal_year_focus": 2023,
            "fiscal_period_focus": "FY",
            "us_gaap_year": 2023,
        },
    )
    graph.write_batches(
        "verify.fixture_facts",
        [
            _fact(1, "us-gaap:LongTermDebtNoncurrent", "95281000000", END, "Long-Term Debt, Excluding Current Maturities"),
            _fact(2, "us-gaap:FinanceLeaseLiability", "5985000000", END, "Finance Lease, Liability"),
            _fact(
                3,
                "us-gaap:CashAndCashEquivalentsAtCarryingValue",
                "29965000000",
                END,
                "Cash and Cash Equivalents, at Carrying Value",
            ),
            _fact(4, "us-gaap:NetCashProvidedByUsedInOperatingActivities", "110543000000", FY),
            _fact(5, "us-gaap:PaymentsForRepurchaseOfCommonStock", "77550000000", FY),
            _fact(6, "us-gaap:NetIncomeLoss", "96995000000", FY),
            _fact(7, "us-gaap:DepreciationDepletionAndAmortization", "11519000000", FY),
            _fact(8, "us-gaap:AssetsCurrent", "143566000000", END),
            _fact(9, "us-gaap:LiabilitiesCurrent", "145308000000", END),
        ],
    )
    graph.write_batches(
        "verify.fixture_text_facts",
        [
            _text("t1", "us-gaap:SignificantAccountingPoliciesTextBlock", POLICIES),
            _text("t2", "us-gaap:LiquidityDisclosureTextBlock", LIQUIDITY),
        ],
    )
    return Verifier(graph)


def test_a_metric_defined_in_the_filing_text_is_verified_with_the_sentence_as_provenance(textco: Verifier):
    v = textco.verify(FILING, "What was net debt as of December 31, 2023?", "$71.3 billion")
    assert v.decision is Decision.VERIFIED, v.reason
    (f,) = v.formulas  # the filer reports no net debt fact: the text is the only authority
    assert (f.source, f.source_id) == ("filing-text", "t1")  # t2 says the same in other words: one definition
    assert f.expression == "long_term_debt + us_gaap_FinanceLeaseLiability - cash"
    assert f.evidence == "We define net debt as long-term debt plus finance lease liabilities, less cash and cash equivalents."
    # long-term debt and cash through the registry's concept mappings, finance lease liabilities through a label
    assert {(b.role, b.concept, b.value) for b in v.bindings} == {
        ("long_term_debt", "us-gaap:LongTermDebtNoncurrent", Decimal("95281000000")),
        ("us_gaap_FinanceLeaseLiability", "us-gaap:FinanceLeaseLiability", Decimal("5985000000")),
        ("cash", "us-gaap:CashAndCashEquivalentsAtCarryingValue", Decimal("29965000000")),
    }
    assert {b.stage for b in v.bindings} == {"filing-text"} and {b.period for b in v.bindings} == {END[0]}
    assert v.extra["expected_point"] == "71301000000"
    assert 'text fact t1: "We define net debt' in v.reason


def test_a_claim_against_the_text_definition_is_violated_with_the_formula_in_the_core(textco: Verifier):
    v = textco.verify(FILING, "What was net debt at December 31, 2023 (in millions)?", "101,266")  # cash not subtracted
    assert (v.decision, v.direction) == (Decision.VIOLATED, "overstates")
    assert "formula:filing-text:1" in v.core and "claim" in v.core
    assert "fact:cash:f3" in v.core
    assert v.to_json()["formulas"][0]["evidence"].startswith("We define net debt")


def test_two_different_text_definitions_abstain_naming_both(textco: Verifier):
    v = textco.verify(FILING, "What was adjusted operating cash flow for fiscal 2023?", "$33.0 billion")
    assert v.abstain_reason is AbstainReason.FORMULA_AMBIGUOUS, v.reason
    assert "2 different ways" in v.reason and "fact t1" in v.reason and "fact t2" in v.reason


@pytest.mark.parametrize(
    "question,missing",
    [
        # capital expenditures maps through the registry, but the filing reports no such fact
        ("What were owner earnings for fiscal 2023?", "PaymentsToAcquirePropertyPlantAndEquipment"),
        # "undrawn revolver capacity" is no registry concept and no concept label
        ("What was total liquidity at December 31, 2023?", "term 'undrawn revolver capacity'"),
    ],
)
def test_a_partly_grounded_text_definition_abstains_with_the_missing_term(textco: Verifier, question, missing):
    v = textco.verify(FILING, question, "$100.0 billion")
    assert v.abstain_reason is AbstainReason.OPERAND_UNGROUNDED, v.reason
    assert "only partly grounded" in v.reason and missing in v.reason


def test_the_registry_outranks_the_filing_text_and_undefined_terms_stay_unknown(textco: Verifier):
    # the text defines working capital differently; the registry's definition comes first
    v = textco.verify(FILING, "What was working capital at December 31, 2023 (in millions)?", "(1,742)")
    assert v.decision is Decision.VERIFIED, v.reason
    assert [f.source for f in v.formulas] == ["registry"]
    v = textco.verify(FILING, "What was brand equity at December 31, 2023?", "$1.0 billion")
    assert v.abstain_reason is AbstainReason.NO_METRIC
    assert "'brand equity'" in v.reason and "no text block of filing textco-10k-2023 defines it" in v.reason


def test_cli_prints_the_text_formula_and_its_sentence(textco: Verifier, verify_json):
    rec = verify_json("--filing", FILING, "-q", "What was net debt at December 31, 2023?", "-c", "$71.3 billion")
    assert rec["decision"] == "Verified" and rec["formulas"][0]["source"] == "filing-text"


# ------------------------------------------------------------------ reading text (no database)
def test_definitions_are_read_strictly_from_html_text():
    assert plain_text("&lt;p&gt;Net debt is defined as A less B.&lt;/p&gt;") == "Net debt is defined as A less B."
    assert plain_text("<div><b>Heading</b><p>Body&#160;text</p></div>").splitlines() == ["Heading", "Body text"]
    assert parse_definition(
        "Free cash flow, a non-GAAP measure, is defined as net cash provided by operating activities less capital expenditures."
    ) == (
        ("Free cash flow", "non-GAAP measure"),
        ((1, "net cash provided by operating activities"), (-1, "capital expenditures")),
    )
    assert parse_definition("Working capital equals current assets minus current liabilities")[1] == (
        (1, "current assets"),
        (-1, "current liabilities"),
    )
    # ratios, percentages, prose and comparisons are not sum/difference definitions
    for s in (
        "Segment operating margin is calculated as segment operating income divided by segment revenue.",
        "The estimated loss is calculated as a percentage of the total category.",
        "Fair value is defined as the price that would be received to sell an asset.",
        "Availability is calculated as the lesser of the commitment and the borrowing base.",
        "Net revenue is defined as total revenue less excise, sales or similar taxes.",
    ):
        assert parse_definition(s) is None, s
    text = FilingText(lambda: [{"fact_id": "t9", "concept_qname": "x:Notes", "value": POLICIES}])
    assert [d.fact_id for d in text.defining(["net debt"])] == ["t9"]
    assert text.defining(["adjusted net debt"]) == [] and text.defining(["debt"]) == []
