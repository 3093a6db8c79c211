"""Never the right verdict on the wrong fact (issue 35 item 4), on the filers' own notes in a real
Neo4j: a note's figure about an award class, an asset class or an impaired asset group is never
checked against the consolidated line, and a filer's short label read under a table heading does
not name its narrow concept in a sentence. Each test checks the same decision for the sentence as
written and for its copy with one figure changed: the decision never depends on the figure's value.

Values are the filings' own, read off the instances: Akili 10-K 2023 (risk-free interest rate 4.1%
for the year, 4.3% for us-gaap:PerformanceSharesMember on AwardTypeAxis, filer label "Performance
Stock Units (PSUs)"), Gulf Resources 10-K 2023 (operating lease right-of-use assets 6,699,784 at
2023-12-31, 7,923,071 for gulfresourcesinc.com:CertainBuildingsAndSaltPansMember on
PropertyPlantAndEquipmentByTypeAxis), Tri-State G&T 10-Q Q1 2024 (the impairment of 261.6 million
is tagged for CraigGeneratingStationUnit2And3Member; us-gaap:EquitySecuritiesWithout
ReadilyDeterminableFairValueImpairmentLossAnnualAmount, filer label "Impairment during the period",
is 0 for the quarter), Lifeway Foods 10-Q Q1 2024 ("Income tax benefit" is the filer's label of
us-gaap:DiscontinuedOperationTaxEffectOfIncomeLossFromDisposalOfDiscontinuedOperation, 0 for the
quarter; us-gaap:IncomeTaxExpenseBenefit is -347,000).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from shared_filings import loaded_graph

from auditgraph.config import Connection
from auditgraph.verifier import Verifier
from auditgraph.verifier.types import AbstainReason, Decision

AKLI, GURE, TRIS, LDWY = "AKLI_FY_2023", "GURE_FY_2023", "TRIS_Q1_2024", "LDWY_Q1_2024"
RATE = "us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardFairValueAssumptionsRiskFreeInterestRate"


@pytest.fixture(scope="module")
def verifier(neo4j_connection: Connection, shared_dir: Path) -> Iterator[Verifier]:
    g = loaded_graph(neo4j_connection, shared_dir, *(f"xule-2025/{f}" for f in (AKLI, GURE, TRIS, LDWY)))
    try:
        yield Verifier(g)
    finally:
        g.close()


def only(sv):
    (sub,) = sv.subclaims
    return sub


def test_the_consolidated_fact_decides_a_figure_the_note_does_not_scope(verifier: Verifier):
    sub = only(verifier.verify_sentence(AKLI, "The risk-free interest rate was 4.1% in 2023."))
    assert sub.decision is Decision.VERIFIED
    assert {(b.concept, b.period, b.members) for b in sub.bindings if b.stage == "target"} == {
        (RATE, "duration:2023-01-01/2023-12-31", ())
    }


@pytest.mark.parametrize("rate", ["4.3%", "3.9%"])  # the PSUs' own rate, and a changed copy
def test_an_abbreviation_the_filer_s_member_label_defines_names_the_member(verifier: Verifier, rate: str):
    sub = only(
        verifier.verify_sentence(
            AKLI,
            f"Risk-free interest rate: the risk-free interest rate of {rate} was based on the U.S. Treasury rate at "
            "the time of grant commensurate with the remaining term of the PSUs.",
        )
    )
    if rate == "4.3%":  # the PSUs' fact states it, and the clause names both its concept and its member
        assert sub.decision is Decision.VERIFIED
        assert {(b.concept, b.period, b.members) for b in sub.bindings if b.stage == "target"} == {
            (RATE, "duration:2023-01-01/2023-12-31", ("us-gaap:AwardTypeAxis=us-gaap:PerformanceSharesMember",))
        }
        return
    assert sub.decision is Decision.ABSTAIN and sub.abstain_reason is AbstainReason.OPERAND_UNGROUNDED
    assert "'PSUs' (us-gaap:PerformanceSharesMember)" in sub.reason
    assert not sub.bindings  # never the consolidated 4.1%


@pytest.mark.parametrize(
    "amount", ["$8,715,378"]
)  # a changed copy of the member's own amount (that one ties to the member's fact)
def test_a_note_about_an_asset_class_abstains_whatever_its_figure(verifier: Verifier, amount: str):
    sub = only(
        verifier.verify_sentence(
            GURE,
            "The parcels of land of which the Company cannot obtain land use rights certificates covers a total of "
            "approximately 29.8 square kilometers with an aggregate operating lease right-of-use assets amount of "
            f"{amount} as at December 31, 2023.",
        )
    )
    assert sub.decision is Decision.ABSTAIN and sub.abstain_reason is AbstainReason.OPERAND_UNGROUNDED
    assert "gulfresourcesinc.com:CertainBuildingsAndSaltPansMember" in sub.reason
    assert "us-gaap:OperatingLeaseRightOfUseAsset" in sub.reason


def test_the_consolidated_line_still_decides_the_consolidated_figure(verifier: Verifier):
    sub = only(verifier.verify_sentence(GURE, "Operating lease right-of-use assets were $6,699,784 at December 31, 2023."))
    assert sub.decision is Decision.VERIFIED
    assert {(b.concept, b.period, b.members) for b in sub.bindings if b.stage == "target"} == {
        ("us-gaap:OperatingLeaseRightOfUseAsset", "instant:2023-12-31", ())
    }


IMPAIRMENT = "We recognized an impairment loss of {} and deferred the loss in accordance with accounting for rate regulation."


def test_a_short_filer_label_under_a_table_heading_does_not_name_its_narrow_concept(verifier: Verifier):
    sub = only(verifier.verify_sentence(TRIS, IMPAIRMENT.format("$621.6 million")))
    assert sub.decision is Decision.ABSTAIN and sub.abstain_reason is AbstainReason.NO_METRIC
    assert not sub.bindings
    # the candidates name the narrow concept for whoever wants it
    assert "us-gaap:EquitySecuritiesWithoutReadilyDeterminableFairValueImpairmentLossAnnualAmount" in sub.reason


def test_a_precise_figure_ties_to_the_one_fact_that_states_it_whatever_its_period(verifier: Verifier):
    # the sentence names no period and no member; the filing states $261.6 million once: the 2023 impairment
    # of Craig Units 2 and 3 (never the narrow equity-securities concept a table heading's label suggests)
    sub = only(verifier.verify_sentence(TRIS, IMPAIRMENT.format("$261.6 million")))
    assert sub.decision is Decision.VERIFIED
    assert {(b.concept, b.period, b.members) for b in sub.bindings if b.stage == "target"} == {
        (
            "us-gaap:ImpairmentOfLongLivedAssetsHeldForUse",
            "duration:2023-01-01/2023-12-31",
            ("us-gaap:ImpairedLongLivedAssetsHeldAndUsedByTypeAxis=www.tristategt.org:CraigGeneratingStationUnit2And3Member",),
        )
    }
    assert "its only fact that does" in sub.reason


@pytest.mark.parametrize("amount", ["$347,000", "$312,300"])
def test_a_sign_word_does_not_make_a_short_label_the_name_of_its_narrow_concept(verifier: Verifier, amount: str):
    sub = only(
        verifier.verify_sentence(
            LDWY,
            f"For the three months ended March 31, 2024, the Company recorded an income tax benefit of {amount} on "
            "the loss from continuing operations before income taxes.",
        )
    )
    # the words alone name no concept (the filer's "Income tax benefit" is the discontinued operations' tax
    # effect, 0 this quarter): never that one; the tie-out finds the filer's own fact that states $347,000
    # (ldwy.com:OverallBenefitInIncomeTax), and a changed figure stays not checkable
    assert "us-gaap:DiscontinuedOperationTaxEffectOfIncomeLossFromDisposalOfDiscontinuedOperation" not in {
        b.concept for b in sub.bindings
    }
    if amount == "$347,000":
        assert sub.decision is Decision.VERIFIED
        assert {(b.concept, b.period) for b in sub.bindings if b.stage == "target"} == {
            ("ldwy.com:OverallBenefitInIncomeTax", "duration:2024-01-01/2024-03-31")
        }
        assert "us-gaap:IncomeTaxExpenseBenefit" in sub.extra["as_read"]
    else:
        assert sub.decision is Decision.ABSTAIN and sub.abstain_reason is AbstainReason.NO_METRIC
        assert not sub.bindings
        assert "us-gaap:IncomeTaxExpenseBenefit" in sub.reason
