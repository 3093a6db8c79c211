"""Analyst terms on real filings: Apple's FY2023 10-K, and Procter & Gamble's FY2023 10-K (preferred
stock and noncontrolling interests, so every qualifier names a different figure), loaded by Arelle
into the real Neo4j.

Each claim is worded the way an analyst or a news story writes it; the term must ground on the
concept it names (not merely reach the right verdict), and a wrong figure must be Violated.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from auditgraph.config import Connection
from auditgraph.graph import Graph
from auditgraph.loader.filing import FilingLoader
from auditgraph.verifier import Verifier
from auditgraph.verifier.types import Decision

AAPL = "0000320193-23-000106"
PG = "0000080424-23-000073"


@pytest.fixture(scope="module")
def filings(neo4j_connection: Connection, shared_dir: Path) -> Iterator[Verifier]:
    g = Graph(neo4j_connection)
    g.write("db.wipe")
    g.run_script("schema.constraints")
    tax = shared_dir / "taxonomies"
    packages = [tax / f"{t}-{y}.zip" for y in (2022, 2023) for t in ("us-gaap", "srt", "sec")]
    with FilingLoader(g, [p for p in packages if p.exists()]) as loader:
        for name in ("aapl-10k-2023-09-30", "pg-10k-2023-06-30"):
            loader.load(shared_dir / "filings" / "edgar" / name)
    try:
        yield Verifier(g)
    finally:
        g.close()


@pytest.mark.parametrize(
    "question,claim,target,concepts",
    [
        (
            "What was Apple's top line in fiscal 2023?",
            "$383.3 billion",
            "concept:revenue",
            {"us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"},
        ),
        ("What was Apple's bottom line in fiscal 2023?", "$97.0 billion", "metric:net_income", {"us-gaap:NetIncomeLoss"}),
        (
            "What was Apple's pre-tax profit in fiscal 2023?",
            "$113.7 billion",
            "metric:income_before_tax",
            {"us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest"},
        ),
        (
            "What was Apple's comprehensive income (loss), net of tax, attributable to parent in fiscal 2023?",
            "$96.7 billion",
            "concept:comprehensive_income",
            {"us-gaap:ComprehensiveIncomeNetOfTax"},
        ),
        (
            "What was Apple's net debt as of September 30, 2023?",
            "$81.1 billion",
            "metric:net_debt",
            {
                "us-gaap:LongTermDebtNoncurrent",
                "us-gaap:LongTermDebtCurrent",
                "us-gaap:CommercialPaper",
                "us-gaap:CashAndCashEquivalentsAtCarryingValue",
            },
        ),
        (
            "What was Apple's book value per share as of September 30, 2023?",
            "$4.00",
            "metric:book_value_per_share",
            {"us-gaap:StockholdersEquity", "us-gaap:CommonStockSharesOutstanding"},
        ),
        (
            "What was Apple's FCF in fiscal 2023?",
            "$99.6 billion",
            "metric:free_cash_flow",
            {"us-gaap:NetCashProvidedByUsedInOperatingActivities", "us-gaap:PaymentsToAcquirePropertyPlantAndEquipment"},
        ),
        ("What was Apple's EPS in fiscal 2023?", "$6.13", "concept:eps_diluted", {"us-gaap:EarningsPerShareDiluted"}),
        (
            "What was Apple's op margin in fiscal 2023?",
            "29.8%",
            "metric:operating_margin",
            {"us-gaap:OperatingIncomeLoss", "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"},
        ),
        (
            "What was Apple's capital returned to shareholders in fiscal 2023?",
            "$92.6 billion",
            "metric:capital_returned",
            {"us-gaap:PaymentsOfDividends", "us-gaap:PaymentsForRepurchaseOfCommonStock"},
        ),
    ],
)
def test_apple_claims_in_analyst_terms_ground_on_the_named_concepts(filings: Verifier, question, claim, target, concepts):
    v = filings.verify(AAPL, question, claim)
    assert v.decision is Decision.VERIFIED, v.reason
    assert v.plan.target == target
    assert concepts <= {b.concept for b in v.bindings}


def test_apple_wrong_figures_in_analyst_terms_are_violated(filings: Verifier):
    v = filings.verify(AAPL, "What was Apple's net debt as of September 30, 2023?", "$111.1 billion")  # total debt, not net
    assert (v.decision, v.direction) == (Decision.VIOLATED, "overstates")
    v = filings.verify(AAPL, "What was Apple's book value per share as of September 30, 2023?", "$3.99")  # 3.9965 rounds to 4.00
    assert (v.decision, v.direction) == (Decision.VIOLATED, "understates")
    # comprehensive income is never OCI: Apple's OCI (-$343 million) is not its comprehensive income
    v = filings.verify(AAPL, "What was Apple's comprehensive income (loss) in fiscal 2023?", "-$343 million")
    assert v.decision is Decision.VIOLATED and v.plan.target == "metric:comprehensive_income"
    assert "us-gaap:ComprehensiveIncomeNetOfTax" in {b.concept for b in v.bindings}
    assert filings.verify(AAPL, "What was Apple's OCI in fiscal 2023?", "-$343 million").decision is Decision.VERIFIED


@pytest.mark.parametrize(
    "question,claim,decision,target,concept",
    [
        # P&G: net income 14,653 (parent), 14,738 including NCI, 14,371 available to common after 282 preferred dividends
        (
            "What was net income attributable to common stockholders for fiscal 2023?",
            "$14,371 million",
            Decision.VERIFIED,
            "concept:net_income_common",
            "us-gaap:NetIncomeLossAvailableToCommonStockholdersBasic",
        ),
        (
            "What was net income attributable to common stockholders for fiscal 2023?",
            "$14,653 million",
            Decision.VIOLATED,
            "concept:net_income_common",
            "us-gaap:NetIncomeLossAvailableToCommonStockholdersBasic",
        ),
        (
            "What was net income attributable to parent for fiscal 2023?",
            "$14,653 million",
            Decision.VERIFIED,
            "metric:net_income",
            "us-gaap:NetIncomeLoss",
        ),
        (
            "What was net income including noncontrolling interests for fiscal 2023?",
            "$14,738 million",
            Decision.VERIFIED,
            "metric:net_income_including_nci",
            "us-gaap:ProfitLoss",
        ),
        (
            "What was comprehensive income attributable to parent for fiscal 2023?",
            "$14,622 million",
            Decision.VERIFIED,
            "concept:comprehensive_income",
            "us-gaap:ComprehensiveIncomeNetOfTax",
        ),
        (
            "What was comprehensive income attributable to parent for fiscal 2023?",
            "$14,700 million",
            Decision.VIOLATED,
            "concept:comprehensive_income",
            "us-gaap:ComprehensiveIncomeNetOfTax",
        ),
        (
            "What was comprehensive income including noncontrolling interests for fiscal 2023?",
            "$14,700 million",
            Decision.VERIFIED,
            "metric:comprehensive_income_including_nci",
            "us-gaap:ComprehensiveIncomeNetOfTaxIncludingPortionAttributableToNoncontrollingInterest",
        ),
        (
            "What was comprehensive income attributable to noncontrolling interests for fiscal 2023?",
            "$78 million",
            Decision.VERIFIED,
            "concept:comprehensive_income_nci",
            "us-gaap:ComprehensiveIncomeNetOfTaxAttributableToNoncontrollingInterest",
        ),
    ],
)
def test_pg_qualifiers_select_the_concept_they_name(filings: Verifier, question, claim, decision, target, concept):
    v = filings.verify(PG, question, claim)
    assert v.decision is decision, v.reason
    assert v.plan.target == target
    assert {b.concept for b in v.bindings if b.stage == "target"} == {concept}  # duplicates bind too


def test_every_analyst_term_grounds_only_on_its_own_candidates(filings: Verifier):
    """All terms asked of both filings: the reported figure bound as the target is always one of the
    candidate QNames of the entry the term names (never a label neighbour), and most terms ground."""
    reg = filings.registry
    off, grounded, asked = [], 0, 0
    for t in reg.terms:
        entry = reg.metrics[t.id].concept if t.kind == "metric" else t.id
        candidates = set(reg.concepts[entry].candidates) if entry else set()
        for fid, year in ((AAPL, 2023), (PG, 2023)):
            v = filings.verify(fid, f"What was {t.term} for fiscal {year}?", "1")
            asked += 1
            grounded += v.decision is not Decision.ABSTAIN
            if stray := {b.concept for b in v.bindings if b.stage == "target"} - candidates:
                off.append((t.term, fid, stray))
    assert off == []
    assert grounded >= 0.75 * asked, (grounded, asked)


# P&G's FY2023 dividends per share as paid: 3.6806; its FY2023 and FY2022 diluted EPS 5.90 and 5.81
PG_FY23 = "duration:2022-07-01/2023-06-30"
PG_FY22 = "duration:2021-07-01/2022-06-30"


@pytest.mark.parametrize(
    ("sentence", "decision"),
    [
        ("P&G paid dividends of $3.68 per share in fiscal 2023", Decision.VERIFIED),  # the initials readers use
        ("Dividends paid per share were $3.68 in fiscal 2023", Decision.VERIFIED),  # "Dividends" names no company
        ("P&G paid dividends of $3.52 per share in fiscal 2023", Decision.VIOLATED),
    ],
)
def test_dividends_paid_per_share_bind_the_cash_paid_fact(filings: Verifier, sentence, decision):
    sv = filings.verify_sentence(PG, sentence)
    assert sv.decision is decision, sv.reason
    assert {(b.concept, b.period) for s in sv.subclaims for b in s.bindings if b.stage == "target"} == {
        ("us-gaap:CommonStockDividendsPerShareCashPaid", PG_FY23)
    }


def test_another_company_s_initials_are_another_company(filings: Verifier):
    sv = filings.verify_sentence(PG, "J&J's net sales were $82.0 billion in fiscal 2023")
    assert sv.decision is Decision.ABSTAIN and sv.abstain_reason is not None and sv.abstain_reason.value == "wrong_entity"


def test_net_earnings_per_share_growth_is_eps_growth(filings: Verifier):
    sv = filings.verify_sentence(PG, "Net earnings per share grew 1.5% to $5.90 in fiscal 2023")
    assert sv.decision is Decision.VERIFIED, sv.reason
    growth, level = sv.subclaims
    assert {(b.concept, b.period) for b in growth.bindings if b.stage == "target"} == {
        ("us-gaap:EarningsPerShareDiluted", PG_FY23),
        ("us-gaap:EarningsPerShareDiluted", PG_FY22),
    }  # never us-gaap:ProfitLoss
    assert {(b.concept, b.period) for b in level.bindings if b.stage == "target"} == {
        ("us-gaap:EarningsPerShareDiluted", PG_FY23)
    }


@pytest.mark.parametrize(
    "sentence",
    [
        "Net loss narrowed in fiscal 2023",
        "Net loss per share widened in fiscal 2023",
        "Net loss decreased 0.6% in fiscal 2023",  # P&G's net earnings did fall 0.6%, from 14,742 million
    ],
)
def test_a_loss_that_changed_needs_a_loss(filings: Verifier, sentence):
    # P&G earned 14,653 million (5.90 a diluted share) in FY2023: no loss to narrow, widen or fall, whatever the sizes
    sv = filings.verify_sentence(PG, sentence)
    (sub,) = sv.subclaims
    assert sub.decision is Decision.VIOLATED and "says there was a loss" in sub.reason, sub.reason
    assert {(b.concept, b.period) for b in sub.bindings if b.stage == "target"} <= {
        ("us-gaap:NetIncomeLoss", PG_FY23),
        ("us-gaap:EarningsPerShareDiluted", PG_FY23),
    }
