"""Signs and the document's unit in the filers' own notes (issue 35 item 3: signs, the document's own
scale, metric words). Each test asserts the fact a figure is decided on, not only the decision.

Facts used: NBH (xule-2025/NBH__): nbh:WorkingCapitalDeficit 29,077,591 at 2022-12-31, a deficit stated
positive (its name has no gain side); Accredited Solutions 10-Q Q2 2023 (xule-2025/ACC_Q2_2023):
accredited.com:WorkingCapitalDeficit -5,896,491 at 2023-06-30, the same kind of concept stated negative; QMIS TBS Capital Group 10-Q Q1 2023 (xule-2025/QMIS_Q1_2023):
us-gaap:RetainedEarningsAccumulatedDeficit -2,779,421 at 2023-03-31 and -3,013,236 at 2022-12-31, a signed
amount; ITT 10-K 2023 (xule-2025/ITT_FY_2023), statements in millions with one decimal (decimals -5):
us-gaap:Depreciation 84.2, 80.7 and 85.8 million and us-gaap:AmortizationOfIntangibleAssets 19.1, 20.8 and
18.9 million for 2023, 2022 and 2021.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from shared_filings import loaded_graph

from auditgraph.config import Connection
from auditgraph.verifier import Verifier
from auditgraph.verifier.metric_names import contrary_sign, sign_named_by
from auditgraph.verifier.types import Decision

NBH, QMIS, ITT, ACC = "NBH__", "QMIS_Q1_2023", "ITT_FY_2023", "ACC_Q2_2023"
YEARS = {
    "2023": "duration:2023-01-01/2023-12-31",
    "2022": "duration:2022-01-01/2022-12-31",
    "2021": "duration:2021-01-01/2021-12-31",
}


@pytest.fixture(scope="module")
def verifier(neo4j_connection: Connection, shared_dir: Path) -> Iterator[Verifier]:
    g = loaded_graph(neo4j_connection, shared_dir, *(f"xule-2025/{f}" for f in (NBH, QMIS, ITT, ACC)))
    try:
        yield Verifier(g)
    finally:
        g.close()


def on(sv) -> list[tuple[str, Decision, str, str]]:
    """Each figure: (as written, decision, the concept and period it was decided on)."""
    out = []
    for sub in sv.subclaims:
        b = next(b for b in sub.bindings if b.stage == "target")
        out.append((sub.claim, sub.decision, b.concept, b.period))
    return out


def test_a_concept_that_is_the_deficit_is_not_negated_by_the_word_deficit(verifier: Verifier):
    sv = verifier.verify_sentence(NBH, "The Company had a working capital deficit as of December 31, 2022 of $29,077,591.")
    assert on(sv) == [("$29,077,591", Decision.VERIFIED, "nbh:WorkingCapitalDeficit", "instant:2022-12-31")]


def test_a_deficit_concept_stated_negative_is_the_same_deficit(verifier: Verifier):
    # filers state a concept that is itself the deficit either way; the amount is what the note says
    sv = verifier.verify_sentence(ACC, "The Company had a working capital deficit of $5,896,491 at June 30, 2023.")
    assert on(sv) == [("$5,896,491", Decision.VERIFIED, "accredited.com:WorkingCapitalDeficit", "instant:2023-06-30")]
    assert "states this working capital deficit" in sv.subclaims[0].reason and "as a negative amount" in sv.subclaims[0].reason
    changed = verifier.verify_sentence(ACC, "The Company had a working capital deficit of $5,869,491 at June 30, 2023.")
    assert on(changed) == [("$5,869,491", Decision.VIOLATED, "accredited.com:WorkingCapitalDeficit", "instant:2023-06-30")]


def test_a_surplus_is_never_the_deficit_concept(verifier: Verifier):
    sv = verifier.verify_sentence(NBH, "The Company had a working capital surplus as of December 31, 2022 of $29,077,591.")
    assert sv.decision is Decision.ABSTAIN
    assert not [s for s in sv.subclaims if s.decision is Decision.VERIFIED]


def test_a_deficit_of_a_signed_balance_is_its_negative(verifier: Verifier):
    text = "In addition, the Company had accumulated deficits of {} and {} as of March 31, 2023, and December 31, 2022, respectively."
    deficit = "us-gaap:RetainedEarningsAccumulatedDeficit"
    assert on(verifier.verify_sentence(QMIS, text.format("$2,779,421", "$3,013,236"))) == [
        ("$2,779,421", Decision.VERIFIED, deficit, "instant:2023-03-31"),
        ("$3,013,236", Decision.VERIFIED, deficit, "instant:2022-12-31"),
    ]
    changed = verifier.verify_sentence(QMIS, text.format("$2,779,421", "$3,031,236"))
    assert on(changed)[1] == ("$3,031,236", Decision.VIOLATED, deficit, "instant:2022-12-31")


def test_a_bare_amount_is_read_in_the_unit_the_filing_states_its_amounts_in(verifier: Verifier):
    text = "Depreciation expense of $84.2, $80.7, and {} was recognized in 2023, 2022 and 2021, respectively."
    sv = verifier.verify_sentence(ITT, text.format("$85.8"))
    assert on(sv) == [
        ("$84.2", Decision.VERIFIED, "us-gaap:Depreciation", YEARS["2023"]),
        ("$80.7", Decision.VERIFIED, "us-gaap:Depreciation", YEARS["2022"]),
        ("$85.8", Decision.VERIFIED, "us-gaap:Depreciation", YEARS["2021"]),
    ]
    assert "read in millions, the unit the filing states its amounts in" in sv.subclaims[0].reason
    changed = verifier.verify_sentence(ITT, text.format("$58.8"))
    assert on(changed)[2] == ("$58.8", Decision.VIOLATED, "us-gaap:Depreciation", YEARS["2021"])
    assert "expected [85,750,000, 85,850,000]" in changed.subclaims[2].reason


def test_an_expense_related_to_an_asset_is_the_expense_not_the_asset(verifier: Verifier):
    sv = verifier.verify_sentence(
        ITT,
        "Amortization expense related to intangible assets for 2023, 2022 and 2021 was $19.1, $20.8, and $18.9, respectively.",
    )
    assert on(sv) == [
        ("$19.1", Decision.VERIFIED, "us-gaap:AmortizationOfIntangibleAssets", YEARS["2023"]),
        ("$20.8", Decision.VERIFIED, "us-gaap:AmortizationOfIntangibleAssets", YEARS["2022"]),
        ("$18.9", Decision.VERIFIED, "us-gaap:AmortizationOfIntangibleAssets", YEARS["2021"]),
    ]


@pytest.mark.parametrize(
    ("concept", "words", "is_it"),
    [
        ("OperatingLossCarryforwards", "net operating loss carryforwards", True),
        ("WorkingCapitalDeficit", "working capital deficit", True),
        ("LossOnConversionDebt", "loss on conversion", True),
        ("RetainedEarningsAccumulatedDeficit", "accumulated deficits", False),  # signed: earnings or deficit
        ("NetIncomeLoss", "net loss", False),
        ("NetCashProvidedByUsedInOperatingActivities", "net cash used in operating activities", False),
    ],
)
def test_whether_a_concept_is_the_loss_its_words_name(concept: str, words: str, is_it: bool):
    assert sign_named_by(concept, [], words) is is_it


def test_a_label_in_parentheses_makes_a_concept_signed():
    assert not sign_named_by("WorkingCapitalDeficit", ["Working capital (deficit)"], "working capital deficit")


@pytest.mark.parametrize(
    ("concept", "clause", "contrary"),
    [
        ("WorkingCapitalDeficit", "a working capital surplus of", True),
        ("GainOnSaleOfAssets", "a loss on sale of", True),
        ("WorkingCapitalDeficit", "a working capital deficit of", False),
        ("NetIncomeLoss", "net loss of", False),  # signed: no other side
    ],
)
def test_the_other_side_of_a_one_sided_concept(concept: str, clause: str, contrary: bool):
    assert contrary_sign(concept, clause) is contrary


def test_words_after_a_figure_that_narrow_it_make_it_a_part(verifier: Verifier):
    # the revenue ITT recognized out of its contract liabilities is a part of its revenue, not its revenue
    sv = verifier.verify_sentence(
        ITT, "During 2023, we recognized revenue of $49.2 related to contract liabilities at December 31, 2022."
    )
    assert sv.decision is Decision.ABSTAIN
    assert [s.decision for s in sv.subclaims] == [Decision.ABSTAIN]  # never Violated on the whole revenue
