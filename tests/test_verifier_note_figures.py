"""Figures in a filer's notes that are no reported line item's value (issue 35: wrong-fact
decisions): the reader abstains on them, or binds the concept and period the sentence is about.

Every sentence is Advent Technologies' own (10-K 2023, xule-2025/ADN_FY_2023), as
`auditgraph verify --narrative` reads it; before, each was shown to an auditor as "inconsistent"
against a fact it is not about (total R&D expense, Cash, us-gaap:Assets, 2023's credit loss, ...).
Facts used: contract liabilities 2,015 / 1,019 thousand at 2023-12-31 / 2022-12-31; goodwill
5,742 thousand at 2022-12-31. Gulf Resources 10-K 2023 (xule-2025/GURE_FY_2023): operating lease
right-of-use assets 7,923,071 at 2023-12-31 for CertainBuildingsAndSaltPansMember only (the
consolidated fact is another value). Red Trail Energy 10-K FY2023 (xule-2025/RED_FY_2023): depreciation
in cost of goods sold 5,298,318 / 4,027,744 / 4,832,462 for the years ended September 30, 2023 /
2022 / 2021 (us-gaap:CostOfGoodsAndServicesSoldDepreciation). Laredo Oil 10-K FY2023 (xule-2025/LAREDO_FY_2023):
us-gaap:CostsIncurredOilAndGasPropertyAcquisitionExplorationAndDevelopmentActivities 4,547,740 and 2,764,477 for the
years ended May 31, 2023 and 2022.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from shared_filings import loaded_graph

from auditgraph.config import Connection
from auditgraph.verifier import Verifier
from auditgraph.verifier.lexicon import Lexicon, Unresolved
from auditgraph.verifier.registry import load_registry
from auditgraph.verifier.types import Decision

ADN, GURE, RED, LAREDO = "ADN_FY_2023", "GURE_FY_2023", "RED_FY_2023", "LAREDO_FY_2023"
FY23 = "duration:2023-01-01/2023-12-31"


@pytest.fixture(scope="module")
def verifier(neo4j_connection: Connection, shared_dir: Path) -> Iterator[Verifier]:
    g = loaded_graph(neo4j_connection, shared_dir, *(f"xule-2025/{f}" for f in (ADN, GURE, RED, LAREDO)))
    try:
        yield Verifier(g)
    finally:
        g.close()


def bound(sv) -> set[tuple[str, str]]:
    """(concept, period) of the facts the sentence's sub-claims were decided on."""
    return {(b.concept, b.period) for sub in sv.subclaims for b in sub.bindings if b.stage == "target"}


def unread_for(sv, figure: str) -> str:
    (why,) = [u for u in sv.unread if u.startswith(repr(figure))]
    return why


@pytest.mark.parametrize(
    ("sentence", "figure", "said"),
    [
        ("Advent SA can be reimbursed up to $0.8 million of research and development costs.", "$0.8 million", "can be"),
        (
            "As a part of the CRADA, the Company is required to contribute $1.2 million in cash and $0.6 million of "
            "in-kind contributions, such as personnel salaries.",
            "$0.6 million",
            "required to",
        ),
    ],
)
def test_what_can_or_must_happen_is_no_reported_amount(verifier: Verifier, sentence, figure, said):
    sv = verifier.verify_sentence(ADN, sentence)
    assert sv.decision is Decision.ABSTAIN
    assert bound(sv) == set()  # never R&D expense, never Cash
    assert "possibility, obligation or limit" in unread_for(sv, figure) and said in unread_for(sv, figure)


def test_a_year_split_from_its_period_words_is_read_with_them(verifier: Verifier):
    sv = verifier.verify_sentence(
        ADN,
        "During the year December 31, 2022, the Company recognized a credit loss of $0.9 million related to the "
        "likelihood of realizing a contract asset.",
    )
    (sub,) = sv.subclaims
    assert sub.extra["period"] == "12m to 2022-12-31"  # before: 2023, the filing's current year
    assert ("amcigroup.com:CreditLoss", FY23) not in bound(sv)


def test_a_year_no_period_places_is_never_the_current_year(verifier: Verifier):
    sv = verifier.verify_sentence(
        ADN, "During the year, under the 2021 Plan, the Company recognized a credit loss of $0.9 million."
    )
    assert sv.decision is Decision.ABSTAIN
    assert bound(sv) == set()
    assert "names '2021'" in unread_for(sv, "$0.9 million")


def test_a_figure_a_members_fact_states_is_no_inconsistency(verifier: Verifier):
    sv = verifier.verify_sentence(
        GURE,
        "The parcels of land of which the Company cannot obtain land use rights certificates covers a total of "
        "approximately 29.8 square kilometers with an aggregate operating lease right-of-use assets amount of "
        "$7,923,071 as at December 31, 2023.",
    )
    # before: Violated against the consolidated right-of-use assets; the reader alone abstains, naming the
    # member whose fact states the figure, and the tie-out binds that fact (tests/test_verifier_tie_out.py)
    (sub,) = sv.subclaims
    assert sub.decision is Decision.VERIFIED
    assert {(b.concept, b.period, b.members) for b in sub.bindings if b.stage == "target"} == {
        (
            "us-gaap:OperatingLeaseRightOfUseAsset",
            "instant:2023-12-31",
            ("srt:StatementGeographicalAxis=gulfresourcesinc.com:CertainBuildingsAndSaltPansMember",),
        )
    } or all("CertainBuildingsAndSaltPansMember" in m for b in sub.bindings for m in b.members)
    assert "gulfresourcesinc.com:CertainBuildingsAndSaltPansMember" in sub.extra["as_read"]


@pytest.mark.parametrize(
    ("sentence", "figure", "why"),
    [
        (
            "During the year ended December 31, 2023, the Company transferred $11.5 million of assets under "
            "construction to land, buildings and leasehold improvements.",
            "$11.5 million",
            "narrowed by 'under'",
        ),
        (
            "As of December 31, 2022, the Company had $0.8 million of cash and cash equivalents which are restricted.",
            "$0.8 million",
            "narrowed by 'which are'",
        ),
        (
            "The amortization expense for the intangible assets for the years ended December 31, 2023 and 2022 was "
            "$0.6 million and $2.8 million, respectively.",
            "$0.6 million",
            "longer noun phrase (expense … intangible assets)",
        ),
        (
            "During the years ended December 31, 2023 and 2022, the Company recognized $0.4 million and $0.1 million "
            "in revenues.",
            "$0.1 million",
            "nothing pairing each with its period",
        ),
    ],
)
def test_a_narrowed_or_nested_metric_never_binds_the_broad_line(verifier: Verifier, sentence, figure, why):
    sv = verifier.verify_sentence(ADN, sentence)
    # never us-gaap:Assets, Cash, IntangibleAssetsNet or Revenues; a tie-out may bind the note's own fact
    # (2022's amortization of $2.8 million is us-gaap:AdjustmentForAmortization; "$0.4 million and $0.1
    # million in revenues" are the revenue recognized from contract liabilities of 2023 and 2022; the $11.5
    # million transferred is the filer's "Transfer from assets under construction to machinery and equipment";
    # the $0.8 million of cash "which are restricted" is the restricted cash the filing states at 2022-12-31)
    assert {c for c, _ in bound(sv)} <= {
        "us-gaap:AdjustmentForAmortization",
        "us-gaap:ContractWithCustomerLiabilityRevenueRecognized",
        "us-gaap:PropertyPlantAndEquipmentTransfersAndChanges",
        "us-gaap:RestrictedCashAndCashEquivalentsAtCarryingValue",
    }
    assert all("tied:" in s.reason for s in sv.subclaims if s.bindings)
    tied = [s for s in sv.subclaims if s.claim == figure and "tied:" in s.reason]
    assert tied or why in unread_for(sv, figure)  # the reader's reason stays unless the figure's own fact states it


def test_the_from_figure_of_a_change_has_no_period(verifier: Verifier):
    sv = verifier.verify_sentence(
        ADN, "As part of the legislation, the U.S. corporate income tax rate was reduced from 35% to 21%, among other changes."
    )
    assert "earlier value of a change" in unread_for(sv, "35%")
    assert all(sub.claim_value is None or sub.claim_value.text != "35%" for sub in sv.subclaims)


def test_a_table_leftover_after_a_scaled_figure_is_not_a_second_claim(verifier: Verifier):
    sv = verifier.verify_sentence(
        ADN,
        "As of December 31, 2022, the Company had goodwill of $5.7 million 5,742 related to the acquisitions of "
        "UltraCell, SerEnergy, and FES, which is analyzed as follows:",
    )
    assert "same figure as a table writes it" in unread_for(sv, "5,742")
    (sub,) = sv.subclaims
    assert sub.decision is Decision.VERIFIED
    assert bound(sv) == {("us-gaap:Goodwill", "instant:2022-12-31")}


def test_a_respectively_list_with_its_own_metric_still_binds_each_period(verifier: Verifier):
    sv = verifier.verify_sentence(
        ADN,
        "As of December 31, 2023 and 2022, Advent recognized contract liabilities of $2.0 million and $1.0 million, "
        "respectively, in the consolidated balance sheets.",
    )
    assert [s.decision for s in sv.subclaims] == [Decision.VERIFIED, Decision.VERIFIED]
    assert bound(sv) == {
        ("us-gaap:ContractWithCustomerLiabilityCurrent", "instant:2023-12-31"),
        ("us-gaap:ContractWithCustomerLiabilityCurrent", "instant:2022-12-31"),
    }


def test_a_total_never_binds_the_current_part(verifier: Verifier):
    sv = verifier.verify_sentence(ADN, "As of December 31, 2023, Advent had total contract liabilities of $2.0 million.")
    (sub,) = sv.subclaims
    # the reader's words name the current part and refuse it; the tie-out finds the filer's own total
    assert "us-gaap:ContractWithCustomerLiabilityCurrent is its current or non-current part only" in sub.extra["as_read"]
    assert sub.decision is Decision.VERIFIED
    assert {(b.concept, b.period) for b in sub.bindings if b.stage == "target"} == {
        ("amcigroup.com:ContractLiabilities", "instant:2023-12-31")
    }


def test_a_name_of_two_things_summed_is_not_the_name_of_one():
    # the registry's "cash and restricted cash" has the words of "restricted cash" (MTEX_FY_2023's
    # "total restricted cash was $1.7 million" was checked against cash, cash equivalents and restricted cash)
    lex = Lexicon(load_registry(), [])
    assert not isinstance(got := lex.resolve("cash and restricted cash"), Unresolved) and got.id == "cash_and_restricted_cash"
    assert isinstance(lex.resolve("restricted cash"), Unresolved)
    assert not isinstance(got := lex.resolve("cash and cash equivalents"), Unresolved) and got.id == "cash"


RED_COGS_DEPRECIATION = (
    "Depreciation expense included in cost of goods sold is $5,298,318 for the year ended September 30, 2023, "
    "$4,027,744 for the year ended September 30, 2022 and $4,832,462 for the year ended September 30, 2021."
)


def test_a_part_the_filing_reports_as_a_line_of_its_own_binds_that_line(verifier: Verifier):
    # "<A> included in <B>": a part of B, which Red Trail reports as a line item of its own
    # ("Cost of goods sold, depreciation"), each figure with its own fiscal year
    sv = verifier.verify_sentence(RED, RED_COGS_DEPRECIATION)
    assert sv.decision is Decision.VERIFIED
    assert bound(sv) == {
        ("us-gaap:CostOfGoodsAndServicesSoldDepreciation", "duration:2022-10-01/2023-09-30"),
        ("us-gaap:CostOfGoodsAndServicesSoldDepreciation", "duration:2021-10-01/2022-09-30"),
        ("us-gaap:CostOfGoodsAndServicesSoldDepreciation", "duration:2020-10-01/2021-09-30"),
    }
    changed = verifier.verify_sentence(RED, RED_COGS_DEPRECIATION.replace("$4,832,462", "$4,832,642"))
    assert changed.decision is Decision.VIOLATED
    assert [s.decision for s in changed.subclaims] == [Decision.VERIFIED, Decision.VERIFIED, Decision.VIOLATED]


def test_a_part_no_line_item_of_the_filing_names_stays_unread(verifier: Verifier):
    # Red Trail reports no "cost of goods sold, amortization": the figure is a part of cost of goods
    # sold that no line states, never the whole line's value nor total amortization
    sv = verifier.verify_sentence(
        RED, "Amortization expense included in cost of goods sold is $5,298,318 for the year ended September 30, 2023."
    )
    assert sv.decision is Decision.ABSTAIN and bound(sv) == set()
    assert "a part of another amount ('included in')" in unread_for(sv, "$5,298,318")


COSTS = (
    "The Company has incurred oil and gas acquisition and drilling costs totaling {} and 2,764,477 during the years "
    "ended May 31, 2023 and 2022, respectively."
)


def test_costs_a_company_has_incurred_during_the_years_it_names_are_those_years_costs(verifier: Verifier):
    # "has incurred" is cumulative only when no span is named; the "$" written once is the second figure's too
    costs = "us-gaap:CostsIncurredOilAndGasPropertyAcquisitionExplorationAndDevelopmentActivities"
    sv = verifier.verify_sentence(LAREDO, COSTS.format("$4,547,740"))
    assert sv.decision is Decision.VERIFIED
    assert bound(sv) == {(costs, "duration:2022-06-01/2023-05-31"), (costs, "duration:2021-06-01/2022-05-31")}
    changed = verifier.verify_sentence(LAREDO, COSTS.format("$4,092,966"))
    assert [(s.claim, s.decision) for s in changed.subclaims if s.decision is not Decision.VERIFIED] == [
        ("$4,092,966", Decision.VIOLATED)
    ]
