"""Tie-outs (issue 35, filer narrative): a note's figure that no line item name reaches is agreed to
the tagged fact that states it, named by the figure's own words, or, for a figure written precisely
enough, by its value with a word of its clause (verifier/tie_out.py). A single figure's tie-out only
ever verifies: swapped or changed figures tie to nothing alone; a list whose figures one concept states
all but one of is that concept's, and the one that differs is Violated.

Sentences are the filers' own, from their notes. Facts used: Advent Technologies 10-K 2023
(xule-2025/ADN_FY_2023): amcigroup.com:IncomeFromGrant 2,504,000 (2023) and 1,460,000 (2022);
Netflix 10-Q Q3 2024 (edgar/nflx-10q-2024-09-30): us-gaap:TreasuryStockSharesAcquired 2,551,039
(three months) and 8,696,108 (nine months to 2024-09-30); the 4.625% Senior Notes' stated rate,
tagged with DebtInstrumentAxis=nflx:FourPointSixTwoFivePercentSeniorNotesMember; Cyber Apps World
10-Q Q3 2023 (xule-2025/CYB_Q3_2023): a 2015 debt conversion tagged for 2015-01-01/2015-01-22,
us-gaap:DebtConversionOriginalDebtAmount1 556,267 and DebtConversionConvertedInstrumentSharesIssued1
17,550,000; Vinco/VINE 10-Q Q3 2024 (xule-2025/VINE_Q3_2024): us-gaap:StockIssuedDuringPeriodValueNewIssues
tagged 3,143,969 (dollars) on 2023-03-14, the day it issued 3,143,969 shares and as many warrants;
Kellogg 10-K 2023 (xule-2025/K_FY_2023): unrecognized share-based compensation cost 108 million at
2023-12-30; its global pension plans' cash and cash equivalents at Level 1, 60 and 16 million at 2023-12-30 and
2022-12-31 (us-gaap:DefinedBenefitPlanPlanAssetsInvestmentWithinPlanAssetCategoryAmount); Apple 10-K 2023 (edgar/aapl-10k-2023-09-30): foreign income before taxes 72.9, 71.3 and
68.7 billion for fiscal 2023, 2022 and 2021 (us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesForeign);
the same Netflix 10-Q: each euro note's face amount in EUR (and in USD: the 4.625% notes' 1,215,000,000 USD);
Procter & Gamble 10-K 2023 (edgar/pg-10k-2023-06-30), amounts in millions: us-gaap:DefinedContributionPlanCostRecognized
392, 366 and 340 million for fiscal 2023, 2022 and 2021; Worldwide Strategies 10-K 2023 (xule-2025/WDSP_FY_2023):
10,000,000 preferred and 10,817,350 common shares issued at 2023-10-31; Video River Networks 10-Q Q3 2023
(xule-2025/NIHK_Q3_2023): us-gaap:DebtInstrumentFaceAmount 2,200,000 at 2022-12-30 under DebtInstrumentAxis
EDINotesMember and MortgageNotesMember; CFN Enterprises 10-Q Q3 2024 (xule-2025/CFN_Q3_2024), a fiscal year
ending September 30: cfnenterprisesinc.com:WarrantsIssuedInConnectionWithNotePayable 626,073 for the
comparative quarter (2023-07-01/2023-09-30) and RightOfUseAssetAndLiability 187,863 for the comparative nine months;
the same Apple 10-K: us-gaap:VariableLeaseCost 13.9, 14.9 and 12.9 billion for fiscal 2023, 2022 and 2021, and
DeferredTaxAssetsTaxCreditCarryforwardsResearch 3.0 billion at 2023-09-30; EZCORP 10-K 2023 (xule-2025/EZPW_FY_2023):
www.ezcorp.com:NonCashIncreaseDecreaseInOperatingLeaseRightOfUseAssets 66.5 million and ...LeaseLiabilities 69.4
million, each tagged for both fiscal 2023 and 2022; Lendway 10-Q Q1 2024 (xule-2025/LDWY_Q1_2024): the tax rate
reconciliation of the quarter to 2024-03-31, federal statutory rate 21%, state taxes 4.7%, valuation allowance
change 17.6%, other permanent items (22.7)%.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from shared_filings import loaded_graph

from auditgraph.config import Connection
from auditgraph.verifier import Verifier
from auditgraph.verifier.types import AbstainReason, Decision

ADN, NFLX_Q3, CYB, VINE, K = "ADN_FY_2023", "0001065280-24-000287", "CYB_Q3_2023", "VINE_Q3_2024", "K_FY_2023"
LEVEL_1 = "(a) Cash and cash equivalents includes Level 1 assets of {} and {} for 2023 and 2022, respectively."
PLAN_CASH_LEVEL_1 = (
    "us-gaap:DefinedBenefitPlanByPlanAssetCategoriesAxis=us-gaap:CashAndCashEquivalentsMember",
    "us-gaap:FairValueByFairValueHierarchyLevelAxis=us-gaap:FairValueInputsLevel1Member",
    "us-gaap:RetirementPlanSponsorLocationAxis=kelloggcompany.com:GlobalPlansMember",
    "us-gaap:RetirementPlanTypeAxis=us-gaap:PensionPlansDefinedBenefitMember",
)
AAPL = "0000320193-23-000106"
PG, WDSP = "0000080424-23-000073", "WDSP_FY_2023"
NIHK, CFN, EZPW, LDWY = "NIHK_Q3_2023", "CFN_Q3_2024", "EZPW_FY_2023", "LDWY_Q1_2024"
JRVS = "JRVS_Q3_2024"
GRANTS = (
    "During the years ended December 31, 2023 and 2022, the Company recognized income for grants of {} and {}, "
    "respectively, in connection with amounts received for fuel cell research and development."
)
REPURCHASED = "During the three and nine months ended September 30, 2024, the Company repurchased {} and {} shares, respectively."


@pytest.fixture(scope="module")
def verifier(neo4j_connection: Connection, shared_dir: Path) -> Iterator[Verifier]:
    g = loaded_graph(
        neo4j_connection,
        shared_dir,
        "xule-2025/ADN_FY_2023",
        "edgar/nflx-10q-2024-09-30",
        "xule-2025/CYB_Q3_2023",
        "xule-2025/VINE_Q3_2024",
        "xule-2025/K_FY_2023",
        "edgar/aapl-10k-2023-09-30",
        "edgar/pg-10k-2023-06-30",
        "xule-2025/WDSP_FY_2023",
        "xule-2025/NIHK_Q3_2023",
        "xule-2025/CFN_Q3_2024",
        "xule-2025/EZPW_FY_2023",
        "xule-2025/LDWY_Q1_2024",
        "xule-2025/JRVS_Q3_2024",
        years=(2022, 2023, 2024, 2025),
    )
    try:
        yield Verifier(g)
    finally:
        g.close()


def decided(sv) -> dict[str, tuple[Decision, set[tuple[str, str, tuple[str, ...]]]]]:
    """figure -> (decision, the (concept, period, members) it was decided on)."""
    return {
        sub.claim: (sub.decision, {(b.concept, b.period, b.members) for b in sub.bindings if b.stage == "target"})
        for sub in sv.subclaims
    }


def test_a_note_figure_named_by_its_own_words_ties_to_the_fact_that_states_it(verifier: Verifier):
    sv = verifier.verify_sentence(ADN, GRANTS.format("$2.5 million", "$1.5 million"))
    assert sv.decision is Decision.VERIFIED
    got = decided(sv)
    assert got["$2.5 million"] == (
        Decision.VERIFIED,
        {("amcigroup.com:IncomeFromGrant", "duration:2023-01-01/2023-12-31", ())},
    )
    assert got["$1.5 million"] == (
        Decision.VERIFIED,
        {("amcigroup.com:IncomeFromGrant", "duration:2022-01-01/2022-12-31", ())},
    )
    (sub,) = [s for s in sv.subclaims if s.claim == "$2.5 million"]
    assert "tied: the figure's own words name 'Income from grants'" in sub.reason


@pytest.mark.parametrize(
    ("filing", "sentence"),
    [
        (ADN, GRANTS.format("$1.5 million", "$2.5 million")),
        (NFLX_Q3, REPURCHASED.format("8,696,108", "2,551,039")),
    ],
)
def test_swapped_figures_tie_to_nothing(verifier: Verifier, filing: str, sentence: str):
    sv = verifier.verify_sentence(filing, sentence)
    assert sv.decision is Decision.ABSTAIN
    assert not [s for s in sv.subclaims if s.decision is Decision.VERIFIED]
    assert len(sv.unread) == 2  # each figure stays not checkable, with the reader's reason


def test_a_precise_figure_ties_by_its_value_and_a_word_of_its_clause(verifier: Verifier):
    sv = verifier.verify_sentence(NFLX_Q3, REPURCHASED.format("2,551,039", "8,696,108"))
    assert sv.decision is Decision.VERIFIED
    got = decided(sv)
    assert got["2,551,039"] == (
        Decision.VERIFIED,
        {("us-gaap:TreasuryStockSharesAcquired", "duration:2024-07-01/2024-09-30", ())},
    )
    assert got["8,696,108 shares"] == (
        Decision.VERIFIED,
        {("us-gaap:TreasuryStockSharesAcquired", "duration:2024-01-01/2024-09-30", ())},
    )
    (sub,) = [s for s in sv.subclaims if s.claim == "2,551,039"]
    assert "precise to 7 digits" in sub.reason and "(repurchased)" in sub.reason


@pytest.mark.parametrize(
    "figure",
    ["8.7 million", "8,696,180"],  # round: many facts could state it; changed: no fact states it
)
def test_a_round_or_changed_figure_is_not_tied_by_value(verifier: Verifier, figure: str):
    sv = verifier.verify_sentence(
        NFLX_Q3, f"During the nine months ended September 30, 2024, the Company repurchased {figure} shares."
    )
    assert sv.decision is Decision.ABSTAIN
    assert sv.subclaims == ()
    assert sv.unread == (f"'{figure} shares': no metric named before it",)


def test_a_precise_figure_ties_to_the_members_fact_that_states_it(verifier: Verifier):
    sv = verifier.verify_sentence(
        NFLX_Q3,
        "The following Senior Notes have a principal amount denominated in euros: 4.625% Senior Notes for €1,100 million.",
    )
    got = decided(sv)
    decision, facts = got["4.625%"]
    assert decision is Decision.VERIFIED
    assert {(c, p) for c, p, _ in facts} == {("us-gaap:DebtInstrumentInterestRateStatedPercentage", "instant:2024-09-30")}
    assert all("us-gaap:DebtInstrumentAxis=nflx:FourPointSixTwoFivePercentSeniorNotesMember" in m for _, _, m in facts)


def test_a_figure_dated_by_its_transaction_ties_to_the_fact_of_that_day(verifier: Verifier):
    sv = verifier.verify_sentence(
        CYB,
        "On January 22, 2015, the Company converted $556,267 of its debt to various lenders into convertible debt "
        "and 17,550,000 shares of Common Stock were issued as a result of the debt conversion.",
    )
    got = decided(sv)
    day = "duration:2015-01-01/2015-01-22"
    assert got["$556,267"] == (Decision.VERIFIED, {("us-gaap:DebtConversionOriginalDebtAmount1", day, ())})
    assert got["17,550,000 shares"] == (Decision.VERIFIED, {("us-gaap:DebtConversionConvertedInstrumentSharesIssued1", day, ())})
    # a changed figure of that day ties to nothing
    sv = verifier.verify_sentence(CYB, "On January 22, 2015, the Company converted $565,267 of its debt to various lenders.")
    assert not [s for s in sv.subclaims if s.decision is Decision.VERIFIED]


def test_a_bare_count_never_ties_to_dollars(verifier: Verifier):
    sv = verifier.verify_sentence(
        VINE,
        "Upon the closing of the Rights Offering, which occurred on March 14, 2023, the Company issued 3,143,969 shares "
        "of common stock and 3,143,969 Rights Offering Warrants.",
    )
    # the filing states 3,143,969 as a dollar amount that day; a count of warrants is never it
    assert "us-gaap:StockIssuedDuringPeriodValueNewIssues" not in {c for _, facts in decided(sv).values() for c, _, _ in facts}
    # the shares issued that day are tagged for the quarter that contains it, under the common stock member
    assert decided(sv)["3,143,969 shares"] == (
        Decision.VERIFIED,
        {
            (
                "vine:StockIssuedDuringPeriodSharesRightsOfferingCommonStockAndWarrantsIssuedinShares",
                "duration:2023-01-01/2023-03-31",
                ("us-gaap:StatementEquityComponentsAxis=us-gaap:CommonStockMember",),
            )
        },
    )
    (shares,) = [s for s in sv.subclaims if s.claim == "3,143,969 shares"]
    assert "that period contains the day the sentence dates it" in shares.reason


def test_a_figure_stated_before_a_forecast_in_its_own_clause_still_ties(verifier: Verifier):
    sv = verifier.verify_sentence(
        K,
        "As of December 30, 2023, total stock-based compensation cost related to non-vested awards not yet recognized "
        "was $108 million and the weighted-average period over which this amount is expected to be recognized was 2 years.",
    )
    assert sv.decision is Decision.ABSTAIN and "forecast" in sv.reason  # the sentence also says what is expected
    assert decided(sv)["$108 million"] == (
        Decision.VERIFIED,
        {
            (
                "us-gaap:EmployeeServiceShareBasedCompensationNonvestedAwardsTotalCompensationCostNotYetRecognized",
                "instant:2023-12-30",
                (),
            )
        },
    )
    # the figure of the forecast itself is never tied
    sv = verifier.verify_sentence(K, "Total stock-based compensation cost of $108 million is expected to be recognized in 2024.")
    assert sv.decision is Decision.ABSTAIN and sv.subclaims == ()


FOREIGN = "The foreign provision for income taxes is based on foreign pretax earnings of {}, {} and {} in 2023, 2022 and 2021, respectively."


def test_a_list_one_concept_states_in_every_period_ties_as_a_whole(verifier: Verifier):
    sv = verifier.verify_sentence(AAPL, FOREIGN.format("$72.9 billion", "$71.3 billion", "$68.7 billion"))
    concept = "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesForeign"
    assert {c for _, facts in decided(sv).values() for c, _, _ in facts} == {concept}
    assert {p for _, facts in decided(sv).values() for _, p, _ in facts} == {
        "duration:2022-09-25/2023-09-30",
        "duration:2021-09-26/2022-09-24",
        "duration:2020-09-27/2021-09-25",
    }
    assert sv.decision is Decision.VERIFIED
    assert all("the filing states every figure of the list as" in s.reason for s in sv.subclaims)
    # two figures swapped: the list is no concept's as a whole and neither swapped figure is tied; 2021's,
    # unchanged, is tied alone to the fact that states it
    sv = verifier.verify_sentence(AAPL, FOREIGN.format("$71.3 billion", "$72.9 billion", "$68.7 billion"))
    got = decided(sv)
    assert {figure for figure, (d, _) in got.items() if d is not Decision.ABSTAIN} == {"$68.7 billion"}
    assert got["$68.7 billion"] == (Decision.VERIFIED, {(concept, "duration:2020-09-27/2021-09-25", ())})
    # one of three changed: the other two say whose list it is, and the changed one is Violated on 2022's fact
    sv = verifier.verify_sentence(AAPL, FOREIGN.format("$72.9 billion", "$71.8 billion", "$68.7 billion"))
    got = decided(sv)
    assert sv.decision is Decision.VIOLATED
    assert got["$71.8 billion"] == (Decision.VIOLATED, {(concept, "duration:2021-09-26/2022-09-24", ())})
    assert got["$72.9 billion"][0] is Decision.VERIFIED and got["$68.7 billion"][0] is Decision.VERIFIED
    (changed,) = [s for s in sv.subclaims if s.claim == "$71.8 billion"]
    assert "the filing states 2 of the 3 figures of the list as" in changed.reason


def test_a_bare_answer_to_a_question_in_a_note_s_words_ties_out(verifier: Verifier):
    # the question names no line item; the answer read as a sentence with it ties to the note's fact
    question = "How much income from grants did Advent recognize in {}?"
    v = verifier.verify(ADN, question.format(2023), "$2.5 million")
    assert v.decision is Decision.VERIFIED
    assert {(b.concept, b.period) for b in v.bindings if b.stage == "target"} == {
        ("amcigroup.com:IncomeFromGrant", "duration:2023-01-01/2023-12-31")
    }
    for year, answer in ((2023, "$3.5 million"), (2022, "$2.5 million")):  # neither ties: the planner's reason stays
        v = verifier.verify(ADN, question.format(year), answer)
        assert v.decision is Decision.ABSTAIN and "no registry metric, operation or concept" in v.reason


EUROS = (
    "(1) The following Senior Notes have a principal amount denominated in euros: 3.000% Senior Notes for €470 "
    "million, 3.625% Senior Notes for €1,300 million, 4.625% Senior Notes for €1,100 million, 3.875% Senior Notes "
    "for €1,200 million, and 3.625% Senior Notes for €1,100 million."
)


def test_a_round_figure_ties_to_the_member_named_beside_it_in_the_currency_it_is_written_in(verifier: Verifier):
    # each euro figure is the face amount of the notes named just before it, in EUR: "€1,200 million" is not
    # the 4.625% notes' 1,215,000,000 USD (a round figure, but of another currency), and the second €1,100
    # million is the 3.625% notes', not the 4.625% notes' named earlier in the same list
    sv = verifier.verify_sentence(NFLX_Q3, EUROS)
    got = [
        (s.claim, s.decision, {(b.concept, b.unit, b.members) for b in s.bindings if b.stage == "target"}) for s in sv.subclaims
    ]
    face = "us-gaap:DebtInstrumentFaceAmount"

    def notes(member: str) -> tuple[str, ...]:
        return (f"us-gaap:DebtInstrumentAxis=nflx:{member}", "us-gaap:LongtermDebtTypeAxis=us-gaap:SeniorNotesMember")

    euros = [(claim, d, facts) for claim, d, facts in got if claim.startswith("€")]
    assert [(claim, d) for claim, d, _ in euros] == [
        ("€470 million", Decision.VERIFIED),
        ("€1,300 million", Decision.VERIFIED),
        ("€1,100 million", Decision.VERIFIED),
        ("€1,200 million", Decision.VERIFIED),
        ("€1,100 million", Decision.VERIFIED),
    ]
    assert [facts for _, _, facts in euros][2:] == [
        {(face, "iso4217:EUR", notes("FourPointSixTwoFivePercentSeniorNotesMember"))},
        {(face, "iso4217:EUR", notes("ThreePointEightSevenFivePercentSeniorNotesMember"))},
        {(face, "iso4217:EUR", notes("ThreePointSixTwoFivePercentSeniorNotesIssuedOctober2019Member"))},
    ]
    # a figure in euros is never checked against a dollar fact: Netflix reports revenue in dollars only
    (sub,) = verifier.verify_sentence(NFLX_Q3, "Revenues were €9,825 million in the third quarter of 2024.").subclaims
    assert sub.decision is Decision.ABSTAIN and "iso4217:EUR" in sub.reason


def test_bare_amounts_in_a_filing_stated_in_millions_are_read_in_millions(verifier: Verifier):
    # P&G's notes write "$392" for $392 million: read in the unit most of its amounts are rounded to
    sv = verifier.verify_sentence(
        PG, "Total global defined contribution expense was $392, $366 and $340 in 2023, 2022 and 2021, respectively."
    )
    concept = "us-gaap:DefinedContributionPlanCostRecognized"
    assert decided(sv) == {
        "$392": (Decision.VERIFIED, {(concept, "duration:2022-07-01/2023-06-30", ())}),
        "$366": (Decision.VERIFIED, {(concept, "duration:2021-07-01/2022-06-30", ())}),
        "$340": (Decision.VERIFIED, {(concept, "duration:2020-07-01/2021-06-30", ())}),
    }
    assert all("read in millions, the unit the filing states its amounts in" in s.reason for s in sv.subclaims)
    # digits transposed in 2022's: the list is still the concept's, and 2022's figure is Violated on its fact
    got = decided(
        verifier.verify_sentence(
            PG, "Total global defined contribution expense was $392, $636 and $340 in 2023, 2022 and 2021, respectively."
        )
    )
    assert got["$636"] == (Decision.VIOLATED, {(concept, "duration:2021-07-01/2022-06-30", ())})


def test_a_round_count_written_out_ties_only_to_a_fact_that_states_it_exactly(verifier: Verifier):
    sentence = (
        "There were {} shares of Series A Preferred Stock issued and outstanding as of October 31, 2023 and October 31, 2022."
    )
    assert decided(verifier.verify_sentence(WDSP, sentence.format("10,000,000")))["10,000,000 shares"] == (
        Decision.VERIFIED,
        {("us-gaap:PreferredStockSharesIssued", "instant:2023-10-31", ())},
    )
    # "11,000,000" is every digit written: it is not the 10,817,350 common shares issued that round to it
    sv = verifier.verify_sentence(WDSP, sentence.format("11,000,000"))
    assert not [s for s in sv.subclaims if s.decision is Decision.VERIFIED]


def test_a_list_paired_with_a_quarter_and_a_year_to_date_on_one_day_ties_each_to_its_period(verifier: Verifier):
    # two lists, one pair of periods: the amounts are the cash paid for the repurchases, which the treasury
    # stock acquired states as well (both concepts state both figures: the message names the other)
    sv = verifier.verify_sentence(
        NFLX_Q3,
        REPURCHASED.format("2,551,039", "8,696,108")[:-1]
        + ", for an aggregate amount of $1.7 billion and $5.3 billion, respectively.",
    )
    got = decided(sv)
    paid = "us-gaap:PaymentsForRepurchaseOfCommonStock"
    assert got["$1.7 billion"] == (Decision.VERIFIED, {(paid, "duration:2024-07-01/2024-09-30", ())})
    assert got["$5.3 billion"] == (Decision.VERIFIED, {(paid, "duration:2024-01-01/2024-09-30", ())})
    (amount,) = [s for s in sv.subclaims if s.claim == "$5.3 billion"]
    assert "so does us-gaap:TreasuryStockValueAcquiredCostMethod" in amount.reason


EDI_NOTES = (
    "The EDI Notes has a total face amount of {} which is equivalent to the Mortgage Notes face amount of {} "
    "as at December 30, 2022, the date of the sale/purchase transaction."
)


def test_a_round_figure_on_the_day_a_note_names_ties_to_the_fact_of_that_day_and_its_member(verifier: Verifier):
    # no reporting period ends on December 30, 2022: a round figure the filing states on that very day is tied
    # with one word of the fact's, and each figure to the member named beside it, never the other note's
    sv = verifier.verify_sentence(NIHK, EDI_NOTES.format("$2.2 million", "$2.2 million"))
    assert sv.decision is Decision.VERIFIED
    first, second = sv.subclaims
    face, day = "us-gaap:DebtInstrumentFaceAmount", "instant:2022-12-30"
    assert {(b.concept, b.period, b.members) for b in first.bindings if b.stage == "target"} == {
        (face, day, ("us-gaap:DebtInstrumentAxis=videorivernetworks.com:EDINotesMember",))
    }
    assert {(b.concept, b.period, b.members) for b in second.bindings if b.stage == "target"} == {
        (face, day, ("us-gaap:DebtInstrumentAxis=videorivernetworks.com:MortgageNotesMember",))
    }
    assert "for 2022-12-30, the day the sentence names" in first.reason
    # the EDI Notes' figure changed: nothing of that day states it, so it stays open (a tie-out only verifies)
    sv = verifier.verify_sentence(NIHK, EDI_NOTES.format("$2.4 million", "$2.2 million"))
    assert sv.decision is Decision.ABSTAIN
    assert [s.claim for s in sv.subclaims] == ["$2.2 million"]
    assert sv.subclaims[0].bindings[0].members == ("us-gaap:DebtInstrumentAxis=videorivernetworks.com:MortgageNotesMember",)


def test_a_precise_figure_with_no_period_ties_to_the_reporting_period_that_states_it(verifier: Verifier):
    # the notes of a 10-Q for the quarter to 2024-09-30 tell of last year's transactions with no period words
    sv = verifier.verify_sentence(
        CFN, "In connection with this lease, the Company recorded a ROU asset and liability of $187,863."
    )
    assert sv.decision is Decision.VERIFIED
    assert decided(sv)["$187,863"] == (
        Decision.VERIFIED,
        {("cfnenterprisesinc.com:RightOfUseAssetAndLiability", "duration:2023-01-01/2023-09-30", ())},
    )
    assert "the sentence names no period" in sv.subclaims[0].reason
    warrants = "The fair value of the warrants was {}, which was recognized as a debt discount."
    assert decided(verifier.verify_sentence(CFN, warrants.format("$626,073")))["$626,073"] == (
        Decision.VERIFIED,
        {("cfnenterprisesinc.com:WarrantsIssuedInConnectionWithNotePayable", "duration:2023-07-01/2023-09-30", ())},
    )
    changed = verifier.verify_sentence(CFN, warrants.format("$662,073"))
    assert changed.decision is Decision.ABSTAIN and changed.subclaims == ()


def test_a_part_far_below_the_line_its_words_name_is_not_a_misstatement_of_that_line(verifier: Verifier):
    # Kellogg: "Level 1 assets" are a part of the cash of its pension plans' assets, not its total assets of
    # 15,621 million: a changed figure abstains on Total assets, never Violated on it
    sv = verifier.verify_sentence(K, LEVEL_1.format("$60 million", "$61 million"))
    assert [s.decision for s in sv.subclaims] == [Decision.ABSTAIN, Decision.ABSTAIN]
    assert "$60 million is a hundredth or less of Total assets" in sv.subclaims[0].reason


def test_a_list_two_periods_of_one_members_fact_state_ties_to_that_fact_whatever_order_the_database_gives(
    verifier: Verifier,
):
    # as written, both figures are the plan assets' cash at Level 1 (the footnote of the pension assets table);
    # the facts' members are compared sorted: the database collects them in no fixed order, and this tie
    # once held or not from one run to the next
    got = decided(verifier.verify_sentence(K, LEVEL_1.format("$60 million", "$16 million")))
    assets = "us-gaap:DefinedBenefitPlanPlanAssetsInvestmentWithinPlanAssetCategoryAmount"
    assert got["$60 million"] == (Decision.VERIFIED, {(assets, "instant:2023-12-30", PLAN_CASH_LEVEL_1)})
    assert got["$16 million"] == (Decision.VERIFIED, {(assets, "instant:2022-12-31", PLAN_CASH_LEVEL_1)})


NOTES = "As of September 30, 2024, the Company had aggregate outstanding notes of $15,981 million, net of {} of issuance costs."


def test_an_amount_a_line_is_net_of_is_not_that_line(verifier: Verifier):
    got = decided(verifier.verify_sentence(NFLX_Q3, NOTES.format("$68 million")))
    assert got["$15,981 million"] == (Decision.VERIFIED, {("us-gaap:NotesPayable", "instant:2024-09-30", ())})
    assert got["$68 million"] == (Decision.VERIFIED, {("us-gaap:DeferredFinanceCostsNet", "instant:2024-09-30", ())})
    changed = verifier.verify_sentence(NFLX_Q3, NOTES.format("$68 billion"))  # never Violated on the notes
    assert [s.claim for s in changed.subclaims] == ["$15,981 million"]
    assert changed.unread == ("'$68 billion': an amount 'aggregate outstanding notes' is net of ('net of'), not its value",)


def test_a_statement_caption_names_no_line_item(verifier: Verifier):
    # the equity statement's "Ending balance, value" is StockholdersEquity's label; "a net balance" is not equity
    sv = verifier.verify_sentence(NIHK, "As of September 30, 2023, the portfolio has a net balance of $191,757.")
    assert sv.decision is Decision.ABSTAIN
    assert not [s for s in sv.subclaims if s.decision is not Decision.ABSTAIN]


VARIABLE_LEASES = (
    "Lease costs associated with variable payments on the Company’s leases were {} for 2023, 2022 and 2021, respectively."
)


def test_the_rest_of_a_list_whose_other_figures_tie_is_that_line_item_in_its_period(verifier: Verifier):
    # 2022's and 2021's figures tie to variable lease cost by the list's words, so 2023's is that line item's too:
    # a list of figures paired with periods is one metric's, and the changed figure is Violated on its fact
    sv = verifier.verify_sentence(AAPL, VARIABLE_LEASES.format("$12.5 billion, $14.9 billion and $12.9 billion"))
    assert sv.decision is Decision.VIOLATED
    got = decided(sv)
    cost = "us-gaap:VariableLeaseCost"
    assert got["$12.5 billion"] == (Decision.VIOLATED, {(cost, "duration:2022-09-25/2023-09-30", ())})
    assert got["$14.9 billion"] == (Decision.VERIFIED, {(cost, "duration:2021-09-26/2022-09-24", ())})
    assert got["$12.9 billion"] == (Decision.VERIFIED, {(cost, "duration:2020-09-27/2021-09-25", ())})
    (changed,) = [s for s in sv.subclaims if s.claim == "$12.5 billion"]
    assert "the list's other figures tied to 'Variable Lease, Cost'" in changed.reason
    # as filed, every figure agrees with its year
    filed = verifier.verify_sentence(AAPL, VARIABLE_LEASES.format("$13.9 billion, $14.9 billion and $12.9 billion"))
    assert filed.decision is Decision.VERIFIED


def test_a_list_figure_another_named_line_item_states_is_not_violated(verifier: Verifier):
    # EZCORP tags 66.5 million as the additions to right-of-use assets and 69.4 million as those to lease
    # liabilities, each for both years: the sentence names both line items, so 2022's figure is the lease
    # liabilities', never a misstatement of the assets' 66.5 million
    sv = verifier.verify_sentence(
        EZPW,
        "We recorded $66.5 million and $69.4 million in non-cash additions to our operating right-of-use assets "
        "and lease liabilities for the fiscal year ended September 30, 2023 and 2022, respectively.",
    )
    assert sv.decision is Decision.VERIFIED
    got = decided(sv)
    assert got["$66.5 million"] == (
        Decision.VERIFIED,
        {("www.ezcorp.com:NonCashIncreaseDecreaseInOperatingLeaseRightOfUseAssets", "duration:2022-10-01/2023-09-30", ())},
    )
    assert got["$69.4 million"] == (
        Decision.VERIFIED,
        {("www.ezcorp.com:NonCashIncreaseDecreaseInOperatingLeaseLeaseLiabilities", "duration:2021-10-01/2022-09-30", ())},
    )


def test_a_figure_of_one_significant_digit_ties_when_its_clause_names_the_fact(verifier: Verifier):
    credits = (
        "As of September 30, 2023, the Company had $5.2 billion in foreign tax credit carryforwards in Ireland and "
        "{} in California R&D credit carryforwards, both of which can be carried forward indefinitely."
    )
    got = decided(verifier.verify_sentence(AAPL, credits.format("$3.0 billion")))
    assert got["$3.0 billion"] == (
        Decision.VERIFIED,
        {("us-gaap:DeferredTaxAssetsTaxCreditCarryforwardsResearch", "instant:2023-09-30", ())},
    )
    # another round value: no fact of the period states it, and a tie-out alone never rejects
    assert "$4.0 billion" not in decided(verifier.verify_sentence(AAPL, credits.format("$4.0 billion")))


RATES = (
    "The rate differs from the federal statutory rate of {} due to state taxes of 4.7%, valuation allowance change "
    "of 17.6% and nondeductible transaction costs and other permanent items of (22.7)%."
)


def test_a_figure_among_figures_tied_to_one_context_is_checked_in_that_context(verifier: Verifier):
    # the state taxes, valuation allowance and permanent items tie by their own words to the quarter's tax rate
    # reconciliation: the statutory rate's own words name the one such line item with a fact of that quarter,
    # so a changed rate is Violated on it (alone it would only ever be left open)
    statutory = (
        "us-gaap:EffectiveIncomeTaxRateReconciliationAtFederalStatutoryIncomeTaxRate",
        "duration:2024-01-01/2024-03-31",
        (),
    )
    assert verifier.verify_sentence(LDWY, RATES.format("21%")).decision is Decision.VERIFIED
    sv = verifier.verify_sentence(LDWY, RATES.format("19%"))
    assert sv.decision is Decision.VIOLATED
    assert decided(sv)["19%"] == (Decision.VIOLATED, {statutory})
    (changed,) = [s for s in sv.subclaims if s.claim == "19%"]
    assert "the sentence's other figures tied to facts of 2024-03-31" in changed.reason


DRONE_NET = "As of October 31, 2023, 99.86% of total accounts receivable was owed to the Company by Drone Net Co., Ltd, in the amount of {}."


def test_the_other_party_of_the_filers_own_transaction_is_no_other_company(verifier: Verifier):
    # "owed to the Company by Drone Net Co., Ltd": the Company is the actor, Drone Net its debtor, so the
    # receivable is the filer's own figure to check (no wrong_entity)
    sv = verifier.verify_sentence(WDSP, DRONE_NET.format("$125,811"))
    assert sv.abstain_reason is not AbstainReason.WRONG_ENTITY
    assert decided(sv)["$125,811"] == (
        Decision.VERIFIED,
        {("wdsp:Accountsreceivablefromdronenet", "instant:2023-10-31", ())},
    )
    assert "$152,811" not in decided(verifier.verify_sentence(WDSP, DRONE_NET.format("$152,811")))


CASH_CONVERTERS = (
    "Our equity in Cash Converters’s net loss was $28.5 million in fiscal 2023, which includes {} of our share of "
    "their non-cash goodwill impairment charge."
)


def test_another_companys_figures_are_only_tied_to_the_facts_that_state_them(verifier: Verifier):
    # Cash Converters' own results are never checked against EZCORP's line items; the share of its goodwill
    # impairment that EZCORP tags under the investee's member still ties out
    sv = verifier.verify_sentence(EZPW, CASH_CONVERTERS.format("$32.4 million"))
    assert sv.decision is Decision.ABSTAIN and sv.abstain_reason is AbstainReason.WRONG_ENTITY
    assert decided(sv) == {
        "$32.4 million": (
            Decision.VERIFIED,
            {
                (
                    "www.ezcorp.com:EquityMethodInvestmentsNonCashGoodwillImpairmentCharge",
                    "duration:2022-10-01/2023-09-30",
                    (
                        "srt:ScheduleOfEquityMethodInvestmentEquityMethodInvesteeNameAxis=www.ezcorp.com:CashConvertersInternationalLimitedMember",
                    ),
                )
            },
        )
    }
    changed = verifier.verify_sentence(EZPW, CASH_CONVERTERS.format("$35.6 million"))
    assert changed.abstain_reason is AbstainReason.WRONG_ENTITY and not changed.subclaims
    # Apple's own net income, told as another company's, ties to nothing: its fact is of no such company
    probe = verifier.verify_sentence(AAPL, "Advent Technologies' net income was $97.0 billion in fiscal 2023.")
    assert probe.abstain_reason is AbstainReason.WRONG_ENTITY and not probe.subclaims


AMORTIZATION = (
    "During the nine months ended April 30,2024, the Company recognized interest of $11,115 amortization of "
    "debt discount of {} and paid interest of $1,000."
)
LOAN = ("us-gaap:AwardDateAxis=iminecrop.com:OctoberTwentySevenTwentyTwentyThreeMember",)
PERIOD = "duration:2023-08-01/2024-04-30"


def test_a_round_figure_beside_a_tied_one_ties_in_that_figures_member_context(verifier: Verifier):
    # the $11,115 of interest ties to the October 27, 2023 loan's member; the $244 of amortization, too round
    # to tie by its value alone, is that very context's fact (never the consolidated 1,458)
    sv = verifier.verify_sentence(JRVS, AMORTIZATION.format("$244"))
    got = decided(sv)
    assert got["$11,115"] == (Decision.VERIFIED, {("us-gaap:InterestCostsCapitalized", PERIOD, LOAN)})
    assert got["$244"] == (Decision.VERIFIED, {("us-gaap:AmortizationOfDebtDiscountPremium", PERIOD, LOAN)})
    (sub,) = [s for s in sv.subclaims if s.claim == "$244"]
    assert "the context of the sentence's other figures" in sub.reason
    # changed, the reader's figure of amortization is that loan's too: Violated on the loan's 244
    changed = decided(verifier.verify_sentence(JRVS, AMORTIZATION.format("$424")))
    assert changed["$424"] == (Decision.VIOLATED, {("us-gaap:AmortizationOfDebtDiscountPremium", PERIOD, LOAN)})


WARRANT_PRICE = (
    "In connection with the promissory note on September 10, 2019, the Company issued warrants to purchase 33,333 "
    "shares of the Company’s common stock at an exercise price of {} per share."
)
WARRANTS = (
    ("us-gaap:ClassOfWarrantOrRightAxis", "cfnenterprisesinc.com:WarrantInConnectionWithPromissoryNoteMember"),
    ("us-gaap:LongtermDebtTypeAxis", "cfnenterprisesinc.com:PromissoryNotePayableMember"),
)


def test_a_price_per_share_of_common_stock_ties_to_the_per_share_fact_beside_the_tied_count(verifier: Verifier):
    # "common stock" is the class of the shares the price is per, no line item the price must be a part of:
    # the exercise price ties in the warrants' context on the day of the note, where the 33,333 tied
    got = decided(verifier.verify_sentence(CFN, WARRANT_PRICE.format("$1.50")))
    members = tuple(f"{a}={m}" for a, m in WARRANTS)
    day = "instant:2019-09-10"
    assert got["33,333 shares"] == (
        Decision.VERIFIED,
        {("us-gaap:ClassOfWarrantOrRightNumberOfSecuritiesCalledByWarrantsOrRights", day, members)},
    )
    assert got["$1.50 per share"] == (
        Decision.VERIFIED,
        {("us-gaap:ClassOfWarrantOrRightExercisePriceOfWarrantsOrRights1", day, members)},
    )
    changed = decided(verifier.verify_sentence(CFN, WARRANT_PRICE.format("$1.05")))
    assert changed.get("$1.05 per share", (Decision.ABSTAIN, set()))[0] is Decision.ABSTAIN  # never Verified
