"""What the sentence reader must get right on text other people write (issue 35, items 3 and 4),
against real shared filings in a real Neo4j: each test names the capability and checks the fact
the figure was bound to (concept, period, and no consolidated fact for a member's figure), not only
the decision.

Values are the filings' own, read off the instances: Netflix 10-K 2023 (revenue 33,723,297 and
31,615,550 thousand; diluted EPS 12.03; streaming revenue of United States and Canada 14,873,783 and
of Latin America 4,446,461 thousand in 2023), Netflix 10-Q Q3 2024 (revenue 9,824,703 / 8,541,668 for the
quarters, 28,754,453 / 24,890,472 for the nine months; cash 7,457,025 at 2024-09-30 and 7,116,913 at
2023-12-31), Advent Technologies 10-K 2023 (diluted EPS -37.24; operating cash flow -32,115
thousand), Cooper-Standard 10-Q Q3 2024 (Industrial Specialty Group goodwill 12,736 thousand, a
segment member's fact only).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from shared_filings import loaded_graph

from auditgraph.config import Connection
from auditgraph.verifier import Verifier
from auditgraph.verifier.sentence import Context
from auditgraph.verifier.types import AbstainReason, Decision

NFLX, NFLX_Q, ADN, CPS = "0001065280-24-000030", "0001065280-24-000287", "ADN_FY_2023", "CPS_Q3_2024"
FY23 = "duration:2023-01-01/2023-12-31"


@pytest.fixture(scope="module")
def verifier(neo4j_connection: Connection, shared_dir: Path) -> Iterator[Verifier]:
    g = loaded_graph(
        neo4j_connection,
        shared_dir,
        "edgar/nflx-10k-2023-12-31",
        "edgar/nflx-10q-2024-09-30",
        "xule-2025/ADN_FY_2023",
        "xule-2025/CPS_Q3_2024",
    )
    try:
        yield Verifier(g)
    finally:
        g.close()


def bound(v) -> set[tuple[str, str]]:
    """(concept, period) of the facts a sub-claim verdict was decided on."""
    return {(b.concept, b.period) for b in v.bindings if b.stage == "target"}


def every_binding(sv) -> set[tuple[str, str]]:
    return {x for sub in sv.subclaims for x in bound(sub)}


# ---------------------------------------------------------------- units are a constraint
def test_an_amount_never_binds_a_per_share_concept_nor_the_dollar_line(verifier: Verifier):
    sv = verifier.verify_sentence(ADN, "Net loss per share was $2.2 billion in 2023")
    assert sv.decision is Decision.ABSTAIN
    assert every_binding(sv) == set()  # never us-gaap:NetIncomeLoss
    assert any("per share" in u for u in sv.unread)


def test_per_share_words_bind_eps_with_the_loss_sign(verifier: Verifier):
    for sentence in (
        "Net loss per share was $37.24 in 2023",
        "Advent lost $37.24 per diluted share in 2023",
        "Loss per share of $(37.24) in 2023",
        "Basic and diluted net loss per share was $(37.24) for 2023",
    ):
        sv = verifier.verify_sentence(ADN, sentence)
        assert sv.decision is Decision.VERIFIED, (sentence, sv.reason)
        assert every_binding(sv) <= {("us-gaap:EarningsPerShareDiluted", FY23), ("us-gaap:EarningsPerShareBasic", FY23)}


FY22 = "duration:2022-01-01/2022-12-31"


def test_every_figure_of_a_per_share_name_and_its_comparison_bind_eps(verifier: Verifier):
    # ADN's diluted EPS: -37.24 (2023), -43.28 (2022); its net loss -71,397 and -74,337 thousand narrowed too,
    # so "widened" checked on the dollar net loss would be decided on the wrong fact
    eps = {("us-gaap:EarningsPerShareDiluted", FY23), ("us-gaap:EarningsPerShareDiluted", FY22)}
    sv = verifier.verify_sentence(ADN, "Net loss per share narrowed to $(37.24) in 2023 from $(43.28) in 2022")
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert [s.extra.get("kind") for s in sv.subclaims] == ["level", "level", "comparison"]
    assert [bound(s) for s in sv.subclaims] == [
        {("us-gaap:EarningsPerShareDiluted", FY23)},
        {("us-gaap:EarningsPerShareDiluted", FY22)},
        eps,
    ]
    for sentence in ("Net loss narrowed in 2023", "Net loss decreased 4% in 2023"):  # a loss both years: -71,397 / -74,337
        assert verifier.verify_sentence(ADN, sentence).decision is Decision.VERIFIED, sentence
    sv = verifier.verify_sentence(ADN, "Net loss per share widened to $(37.24) in 2023 from $(43.28) in 2022")
    assert sv.decision is Decision.VIOLATED
    assert [s.decision for s in sv.subclaims] == [Decision.VERIFIED, Decision.VERIFIED, Decision.VIOLATED]
    assert every_binding(sv) == eps  # never us-gaap:NetIncomeLoss


@pytest.mark.parametrize(
    ("filing", "sentence", "periods"),
    [
        # Netflix: diluted EPS 12.03 against 9.95 (+20.9%), where net income grew 20.4%
        (NFLX, "Net income per share rose 20.9% in 2023", (FY23, FY22)),
        # Advent: diluted EPS -37.24 against -43.28 (the loss per share 14% smaller), where the net loss shrank 4%
        (ADN, "Net loss per share narrowed 14% in 2023", (FY23, FY22)),
    ],
)
def test_the_growth_of_a_per_share_name_is_the_growth_of_eps(verifier: Verifier, filing, sentence, periods):
    sv = verifier.verify_sentence(filing, sentence)
    assert sv.decision is Decision.VERIFIED, sv.reason
    growth = sv.subclaims[0]
    assert growth.extra.get("kind") == "growth"
    assert bound(growth) == {("us-gaap:EarningsPerShareDiluted", p) for p in periods}  # never us-gaap:NetIncomeLoss


def test_a_bare_amount_below_the_rounding_of_the_line_is_an_unstated_scale(verifier: Verifier):
    # ADN reports its cash flows in thousands (decimals -3): operating cash flow -32,115 thousand
    ocf = {("us-gaap:NetCashProvidedByUsedInOperatingActivities", FY23)}
    sv = verifier.verify_sentence(ADN, "Net cash used in operating activities was $32,115 in 2023")
    (sub,) = sv.subclaims
    assert sub.decision is Decision.ABSTAIN and sub.abstain_reason is AbstainReason.CLAIM_TOO_PRECISE  # never Violated
    assert bound(sub) == ocf and "in thousands" in sub.reason
    sv = verifier.verify_sentence(ADN, "Net cash used in operating activities was $32,115 thousand in 2023")
    assert sv.decision is Decision.VERIFIED and every_binding(sv) == ocf
    sv = verifier.verify_sentence(ADN, "Net cash used in operating activities was $32,000 in 2023")  # to the thousand
    assert sv.decision is Decision.VIOLATED and every_binding(sv) == ocf


def test_a_price_per_share_is_no_eps(verifier: Verifier):
    sv = verifier.verify_sentence(NFLX, "216,719 shares were purchased at an average price of $193.52 per share")
    assert sv.decision is Decision.ABSTAIN
    assert every_binding(sv) == set()


def test_a_share_count_named_after_the_number(verifier: Verifier):
    sv = verifier.verify_sentence(NFLX, "Netflix had 432.8 million shares outstanding at year-end")
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert every_binding(sv) == {("us-gaap:CommonStockSharesOutstanding", "instant:2023-12-31")}


# ---------------------------------------------------------------- signs
@pytest.mark.parametrize(
    "sentence",
    [
        "Advent used $32.1 million of cash in operating activities in 2023",
        "Operating activities used $32.1 million in 2023",
        "Net cash used in operating activities was $32.1 million in 2023",
        "Operating cash outflow was $32.1 million in 2023",
    ],
)
def test_cash_used_is_negative(verifier: Verifier, sentence):
    sv = verifier.verify_sentence(ADN, sentence)
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert every_binding(sv) == {("us-gaap:NetCashProvidedByUsedInOperatingActivities", FY23)}


def test_earnings_per_share_without_basic_or_diluted_never_rejects_the_basic_figure(verifier: Verifier):
    # unqualified EPS reads as diluted (12.03); Netflix's basic EPS (12.25) is true as written: not Violated
    sv = verifier.verify_sentence(NFLX, "Earnings per share were $12.25 in 2023.")
    assert sv.decision is Decision.ABSTAIN
    assert "$12.25 is the filing's basic earnings per share" in sv.subclaims[0].reason
    sv = verifier.verify_sentence(NFLX, "Earnings per share were $12.03 in 2023.")
    assert sv.decision is Decision.VERIFIED and every_binding(sv) == {("us-gaap:EarningsPerShareDiluted", FY23)}
    sv = verifier.verify_sentence(NFLX, "Earnings per share were $11.00 in 2023.")
    assert sv.decision is Decision.VIOLATED and every_binding(sv) == {("us-gaap:EarningsPerShareDiluted", FY23)}
    sv = verifier.verify_sentence(NFLX, "Diluted earnings per share were $12.25 in 2023.")  # the words say which
    assert sv.decision is Decision.VIOLATED


def test_cash_provided_where_it_was_used_is_violated(verifier: Verifier):
    for sentence in ("Operating activities provided $32.1 million in 2023", "Operating cash inflow was $32.1 million in 2023"):
        sv = verifier.verify_sentence(ADN, sentence)
        assert sv.decision is Decision.VIOLATED
        assert every_binding(sv) == {("us-gaap:NetCashProvidedByUsedInOperatingActivities", FY23)}


# ---------------------------------------------------------------- dimensions
ISG = "us-gaap:StatementBusinessSegmentsAxis=www.cooperstandard.com:IndustrialSpecialtyGroupMember"
STREAMING = "srt:ProductOrServiceAxis=nflx:StreamingMember"


def facts_of(sv) -> set[tuple[str, str, tuple[str, ...]]]:
    """(concept, period, axis=member pairs) of the target facts every sub-claim was decided on."""
    return {(b.concept, b.period, b.members) for sub in sv.subclaims for b in sub.bindings if b.stage == "target"}


@pytest.mark.parametrize(
    "sentence",
    [
        "The Industrial Specialty Group segment reported goodwill of $12.7 million at September 30, 2024",
        "Goodwill of the Industrial Specialty Group segment was $12.7 million at September 30, 2024",
        "Industrial Specialty Group goodwill was $12.7 million at September 30, 2024",
    ],
)
def test_a_segment_figure_binds_the_segment_member_s_fact(verifier: Verifier, sentence):
    # the segment's goodwill is 12,736 thousand, the company's 140,727 thousand
    sv = verifier.verify_sentence(CPS, sentence)
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert facts_of(sv) == {("us-gaap:Goodwill", "instant:2024-09-30", (ISG,))}


def test_a_wrong_segment_figure_is_violated_on_the_segment_s_fact(verifier: Verifier):
    sv = verifier.verify_sentence(
        CPS, "The Industrial Specialty Group segment reported goodwill of $14.7 million at September 30, 2024"
    )
    assert sv.decision is Decision.VIOLATED
    assert facts_of(sv) == {("us-gaap:Goodwill", "instant:2024-09-30", (ISG,))}
    assert "goodwill (us-gaap:Goodwill) of Industrial Specialty Group" in sv.subclaims[0].reason


def test_a_region_s_figure_binds_the_region_with_the_members_always_tagged_with_it(verifier: Verifier):
    # Netflix tags every regional revenue with ProductOrServiceAxis=Streaming too: naming the region names both
    sv = verifier.verify_sentence(NFLX, "Revenues in the United States and Canada were $14.9 billion in 2023")
    assert sv.decision is Decision.VERIFIED, sv.reason  # 14,873,783 thousand
    ucan = "srt:StatementGeographicalAxis=nflx:UnitedStatesAndCanadaMember"
    assert facts_of(sv) == {("us-gaap:Revenues", FY23, (STREAMING, ucan))}
    sv = verifier.verify_sentence(NFLX, "Revenues were $4.4 billion in Latin America in 2023")
    assert sv.decision is Decision.VERIFIED, sv.reason
    sv = verifier.verify_sentence(NFLX, "Latin America revenues were $5.4 billion in 2023")
    assert sv.decision is Decision.VIOLATED  # 4,446,461 thousand
    assert facts_of(sv) == {("us-gaap:Revenues", FY23, (STREAMING, "srt:StatementGeographicalAxis=srt:LatinAmericaMember"))}


def test_a_country_goes_by_the_name_every_reader_uses(verifier: Verifier):
    # the filer labels country:US "United States"; its notes say "U.S." (13,800,000,000 in 2023, not
    # the 33.7 billion of the whole company); a bare "US" counts only in capitals, never "us"
    us = "srt:StatementGeographicalAxis=country:US"
    sv = verifier.verify_sentence(
        NFLX, "Total U.S. revenues were $13.8 billion and $13.0 billion for 2023 and 2022, respectively."
    )
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert facts_of(sv) == {("us-gaap:Revenues", FY23, (us,)), ("us-gaap:Revenues", "duration:2022-01-01/2022-12-31", (us,))}
    sv = verifier.verify_sentence(NFLX, "US revenues were $12.8 billion in 2023")
    assert sv.decision is Decision.VIOLATED and facts_of(sv) == {("us-gaap:Revenues", FY23, (us,))}
    sv = verifier.verify_sentence(NFLX, "Revenues were $33.7 billion for us in 2023")
    assert sv.decision is Decision.VERIFIED and facts_of(sv) == {("us-gaap:Revenues", FY23, ())}


def test_a_member_named_for_another_figure_decides_nothing(verifier: Verifier):
    # the consolidated 33.7 billion with a region named after it for another figure: neither fact decides
    sv = verifier.verify_sentence(NFLX, "Revenues were $33.7 billion in 2023, of which Latin America contributed 13%")
    assert sv.decision is Decision.ABSTAIN and every_binding(sv) == set()
    assert "srt:LatinAmericaMember" in sv.subclaims[0].reason


def test_a_figure_off_the_consolidated_fact_in_a_paragraph_about_a_member_abstains(verifier: Verifier):
    sentence = "Goodwill was $14.7 million at September 30, 2024"
    sv = verifier.verify_sentence(CPS, sentence)
    assert sv.decision is Decision.VIOLATED  # alone, it is the company's goodwill
    assert facts_of(sv) == {("us-gaap:Goodwill", "instant:2024-09-30", ())}
    sv = verifier.verify_sentence(CPS, sentence, context=Context("The Industrial Specialty Group segment makes seals."))
    assert sv.decision is Decision.ABSTAIN and every_binding(sv) == set()
    assert "www.cooperstandard.com:IndustrialSpecialtyGroupMember" in sv.subclaims[0].reason


def test_a_consolidated_figure_never_binds_a_member_s_fact(verifier: Verifier):
    sv = verifier.verify_sentence(NFLX, "Revenues were $33.7 billion in 2023")
    assert sv.decision is Decision.VERIFIED
    assert facts_of(sv) == {("us-gaap:Revenues", FY23, ())}


@pytest.mark.parametrize(
    ("sentence", "candidates"),
    [
        # two members of one axis and nothing pairing the figure with one of them
        (
            "Revenues in Latin America and Asia-Pacific were $4.4 billion in 2023",
            ("srt:AsiaPacificMember", "srt:LatinAmericaMember"),
        ),
        # words two members go by (the 2018 and the 2017 issue of the notes)
        (
            "Interest expense on the 5.875% Senior Notes was $50 million in 2023",
            ("nflx:FivePointEightSevenFivePercentSeniorNotes2018Member", "nflx:FivePointEightSevenFivePercentSeniorNotesMember"),
        ),
    ],
)
def test_a_member_named_ambiguously_abstains_with_the_candidates(verifier: Verifier, sentence, candidates):
    sv = verifier.verify_sentence(NFLX, sentence)
    assert sv.decision is Decision.ABSTAIN
    sub = next(s for s in sv.subclaims if s.abstain_reason is AbstainReason.AMBIGUOUS_METRIC)
    assert all(c in sub.reason for c in candidates), sub.reason
    assert sub.bindings == ()
    # "5.875%" itself is the stated rate of those notes (a tie-out by value), never a fact of another concept
    assert every_binding(sv) <= {("us-gaap:DebtInstrumentInterestRateStatedPercentage", "instant:2023-12-31")}


def test_segment_words_without_a_member_label_abstain_too(verifier: Verifier):
    sv = verifier.verify_sentence(NFLX, "The segment's revenue was $33.7 billion in 2023")
    assert sv.decision is Decision.ABSTAIN and every_binding(sv) == set()


def test_a_member_name_that_is_a_line_item_is_the_line_item(verifier: Verifier):
    sv = verifier.verify_sentence(NFLX, "Cash provided by operating activities was $7.27 billion in 2023")
    assert sv.decision is Decision.VERIFIED, sv.reason


# ---------------------------------------------------------------- periods
@pytest.mark.parametrize(
    "sentence",
    [
        "Nine-month revenue was $28.75 billion",
        "Revenue for the first nine months of 2024 was $28.75 billion",
        "Revenue was $28.75 billion in the nine-month period of 2024",
    ],
)
def test_nine_month_words(verifier: Verifier, sentence):
    sv = verifier.verify_sentence(NFLX_Q, sentence)
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert every_binding(sv) == {("us-gaap:Revenues", "duration:2024-01-01/2024-09-30")}


def test_the_corresponding_period_is_a_year_earlier_of_the_same_length(verifier: Verifier):
    sv = verifier.verify_sentence(
        NFLX_Q, "Revenue was $28.75 billion for the nine months, compared with $24.89 billion in the corresponding period of 2023"
    )
    assert sv.decision is Decision.VERIFIED, sv.reason
    now, then = sv.subclaims
    assert bound(now) == {("us-gaap:Revenues", "duration:2024-01-01/2024-09-30")}
    assert bound(then) == {("us-gaap:Revenues", "duration:2023-01-01/2023-09-30")}


def test_the_year_ago_quarter(verifier: Verifier):
    sv = verifier.verify_sentence(
        NFLX_Q, "Revenue was $9.82 billion in the third quarter, compared with $8.54 billion in the year-ago quarter"
    )
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert every_binding(sv) == {
        ("us-gaap:Revenues", "duration:2024-07-01/2024-09-30"),
        ("us-gaap:Revenues", "duration:2023-07-01/2023-09-30"),
    }


def test_a_balance_compared_with_the_prior_year_end(verifier: Verifier):
    sv = verifier.verify_sentence(
        NFLX_Q, "Cash and cash equivalents were $7.46 billion, up from $7.12 billion at the end of the prior year"
    )
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert every_binding(sv) == {
        ("us-gaap:CashAndCashEquivalentsAtCarryingValue", "instant:2024-09-30"),
        ("us-gaap:CashAndCashEquivalentsAtCarryingValue", "instant:2023-12-31"),
    }


def test_a_dateline_is_neither_period_nor_forecast(verifier: Verifier):
    for sentence in (
        "HOUSTON, May 2, 2024 -- Revenue was $33.7 billion in 2023.",
        "LOS GATOS, Calif., Jan. 23, 2024 /PRNewswire/ -- Netflix reported revenue of $33.7 billion for 2023",
    ):
        sv = verifier.verify_sentence(NFLX, sentence)
        assert sv.decision is Decision.VERIFIED, (sentence, sv.reason)
        assert every_binding(sv) == {("us-gaap:Revenues", FY23)}


def test_may_with_a_day_is_a_date_not_the_modal(verifier: Verifier):
    sv = verifier.verify_sentence(NFLX, "At May 31, 2023, cash and cash equivalents were $7.1 billion")
    assert sv.abstain_reason is not AbstainReason.NOT_IN_FILING, sv.reason  # not "a forecast"
    assert "2023-05-31" in sv.reason


def test_respectively_pairs_figures_with_periods_in_order(verifier: Verifier):
    sv = verifier.verify_sentence(NFLX, "Revenue was $33.7 billion and $31.6 billion in 2023 and 2022, respectively")
    assert sv.decision is Decision.VERIFIED, sv.reason
    first, second = sv.subclaims
    assert bound(first) == {("us-gaap:Revenues", FY23)}
    assert bound(second) == {("us-gaap:Revenues", "duration:2022-01-01/2022-12-31")}
    swapped = verifier.verify_sentence(NFLX, "Revenue was $31.6 billion and $33.7 billion in 2023 and 2022, respectively")
    assert swapped.decision is Decision.VIOLATED


def test_a_comparison_repeats_both_figures_for_the_earlier_year(verifier: Verifier):
    # the prior year's net income after "$12.03 per diluted share": an amount again, bound to 2022
    sv = verifier.verify_sentence(
        NFLX,
        "Net income was $5.41 billion, or $12.03 per diluted share, compared with $4.49 billion, or $9.95 per diluted "
        "share, in 2022.",
    )
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert every_binding(sv) == {
        ("us-gaap:NetIncomeLoss", FY23),
        ("us-gaap:EarningsPerShareDiluted", FY23),
        ("us-gaap:NetIncomeLoss", "duration:2022-01-01/2022-12-31"),
        ("us-gaap:EarningsPerShareDiluted", "duration:2022-01-01/2022-12-31"),
    }


# ---------------------------------------------------------------- question + answer
def test_a_sentence_answer_takes_the_question_s_metric_and_period(verifier: Verifier):
    v = verifier.verify(NFLX, "What was Netflix's revenue in 2023?", "It was $33.7 billion.")
    assert v.decision is Decision.VERIFIED, v.reason
    assert bound(v) == {("us-gaap:Revenues", FY23)}
    assert v.extra["answer_read_as"] == "revenue was $33.7 billion in 2023"
    wrong = verifier.verify(NFLX, "What was Netflix's revenue in 2023?", "Revenue was $31.6 billion.")
    assert wrong.decision is Decision.VIOLATED
    assert bound(wrong) == {("us-gaap:Revenues", FY23)}


def test_a_sentence_answer_with_its_own_metric(verifier: Verifier):
    v = verifier.verify(NFLX, "What was net income in fiscal 2023?", "Net income was $5.4 billion, or $12.03 per diluted share.")
    assert v.decision is Decision.VERIFIED, v.reason
    assert v.extra["answer_read_as"] == "Net income was $5.4 billion, or $12.03 per diluted share in fiscal 2023"
    targets = [{b["concept"] for b in sub["bindings"] if b["stage"] == "target"} for sub in v.extra["subclaims"]]
    assert targets == [{"us-gaap:NetIncomeLoss"}, {"us-gaap:EarningsPerShareDiluted"}]


def test_a_sentence_answer_is_read_whatever_the_planner_makes_of_the_question(verifier: Verifier):
    # "How much did revenue grow" names no line item for the question planner; the answer names its
    # metric, and two figures of two kinds ("6.7% to $33.7 billion") are a sentence, not a range
    v = verifier.verify(NFLX, "How much did revenue grow in 2023?", "Revenue grew 6.7% to $33.7 billion.")
    assert v.decision is Decision.VERIFIED, v.reason
    assert v.extra["answer_read_as"] == "Revenue grew 6.7% to $33.7 billion in 2023"
    targets = [{(b["concept"], b["period"]) for b in sub["bindings"] if b["stage"] == "target"} for sub in v.extra["subclaims"]]
    assert targets[1] == {("us-gaap:Revenues", FY23)}
    assert ("us-gaap:Revenues", "duration:2022-01-01/2022-12-31") in {
        (b["concept"], b["period"]) for b in v.extra["subclaims"][0]["bindings"]
    }  # the growth is over 2022's revenue
    wrong = verifier.verify(NFLX, "How much did revenue grow in 2023?", "Revenue grew 9.7% to $33.7 billion.")
    assert wrong.decision is Decision.VIOLATED
    # one kind of figure at both ends is a range, refused as before
    rng = verifier.verify(NFLX, "What was revenue in 2023?", "$33 to $34 billion")
    assert rng.decision is Decision.ABSTAIN and "is a range" in rng.reason


def test_a_figure_without_period_words_takes_its_paragraph_s_period(verifier: Verifier):
    text = (
        "Revenue for the nine months ended September 30, 2024 was $28.75 billion. Net income was $6.84 billion.\n\n"
        "Net income was $2.36 billion."
    )
    nine, also_nine, quarter = verifier.verify_text(NFLX_Q, text)
    assert every_binding(nine) == {("us-gaap:Revenues", "duration:2024-01-01/2024-09-30")}
    assert also_nine.decision is Decision.VERIFIED and every_binding(also_nine) == {
        ("us-gaap:NetIncomeLoss", "duration:2024-01-01/2024-09-30")
    }
    # a new paragraph: the filing's own period (the quarter), not the paragraph before's
    assert every_binding(quarter) == {("us-gaap:NetIncomeLoss", "duration:2024-07-01/2024-09-30")}


def test_comparison_messages_say_what_was_read(verifier: Verifier):
    sv = verifier.verify_sentence(NFLX, "Revenue more than doubled in 2023")
    assert sv.decision is Decision.VIOLATED
    assert sv.subclaims[0].reason.startswith("the claim that Revenue (us-gaap:Revenues) more than doubled does not hold")


# ---------------------------------------------------------------- notes prose: abstain, never a generic line
@pytest.mark.parametrize(
    "sentence",
    [
        "The Company recognized a loss on extinguishment of debt of $39,175 on this conversion.",
        "Depreciation expense included in cost of revenues was $5,298,318 for the year ended December 31, 2023.",
        "Through December 31, 2023, the Company had revenues of $49,012.",
        "The Company recognized $19.3 million and $10.9 million of revenue in 2023 and 2022, respectively, "
        "which was included in the contract liability balance at the beginning of each such period.",
    ],
)
def test_note_specific_amounts_abstain(verifier: Verifier, sentence):
    sv = verifier.verify_sentence(NFLX, sentence)
    assert sv.decision is Decision.ABSTAIN, sv.reason
    assert every_binding(sv) == set()


def test_respectively_with_the_dates_before_the_figures(verifier: Verifier):
    sv = verifier.verify_sentence(
        NFLX,
        "As of December 31, 2023 and December 31, 2022, cash and cash equivalents were $7.12 billion and $5.15 billion, "
        "respectively",
    )
    assert sv.decision is Decision.VERIFIED, sv.reason
    first, second = sv.subclaims
    assert bound(first) == {("us-gaap:CashAndCashEquivalentsAtCarryingValue", "instant:2023-12-31")}
    assert bound(second) == {("us-gaap:CashAndCashEquivalentsAtCarryingValue", "instant:2022-12-31")}


def test_changes_per_period_are_not_levels(verifier: Verifier):
    sv = verifier.verify_sentence(
        NFLX,
        "The net change in cash for the years ended December 31, 2023 and 2022 was an increase of $2.0 billion and "
        "$0.6 billion, respectively",
    )
    assert sv.decision is Decision.ABSTAIN and every_binding(sv) == set()


def test_authorized_shares_of_a_class(verifier: Verifier):
    sv = verifier.verify_sentence(NFLX, "The Company is authorized to issue 4,990,000,000 shares of common stock")
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert every_binding(sv) == {("us-gaap:CommonStockSharesAuthorized", "instant:2023-12-31")}


def test_spending_words_name_the_metric_after_the_figure(verifier: Verifier):
    sv = verifier.verify_sentence(NFLX, "Netflix spent $2.66 billion on marketing in 2023")
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert every_binding(sv) == {("us-gaap:MarketingExpense", FY23)}


def test_flat_is_a_comparison_with_the_year_before(verifier: Verifier):
    sv = verifier.verify_sentence(NFLX, "Revenue was flat in 2023")  # it rose 6.7%
    assert sv.decision is Decision.VIOLATED
    (sub,) = sv.subclaims
    assert sub.extra["kind"] == "comparison"
    assert every_binding(sv) == {("us-gaap:Revenues", FY23), ("us-gaap:Revenues", "duration:2022-01-01/2022-12-31")}
    assert sub.reason.startswith("the claim that Revenue (us-gaap:Revenues) was flat (within 1%) does not hold")


# ---------------------------------------------------------------- notes prose: lists and "respectively"
SBC = "us-gaap:ShareBasedCompensation"
Q3_24, M9_24 = "duration:2024-07-01/2024-09-30", "duration:2024-01-01/2024-09-30"
Q3_23, M9_23 = "duration:2023-07-01/2023-09-30", "duration:2023-01-01/2023-09-30"


def test_two_respectively_lists_each_pair_with_their_own_periods(verifier: Verifier):
    # Netflix Q3 2024: stock-based compensation 65,650 / 210,761 thousand (2024), 79,720 / 256,846 (2023)
    text = (
        "Stock-based compensation expense was $66 million and $211 million for the three and nine months ended "
        "September 30, 2024, respectively, and $80 million and $257 million for the three and nine months ended "
        "September 30, 2023, respectively."
    )
    sv = verifier.verify_sentence(NFLX_Q, text)
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert [bound(s) for s in sv.subclaims] == [{(SBC, p)} for p in (Q3_24, M9_24, Q3_23, M9_23)]
    wrong = verifier.verify_sentence(NFLX_Q, text.replace("$211 million", "$221 million"))
    assert [s.decision for s in wrong.subclaims] == [Decision.VERIFIED, Decision.VIOLATED, Decision.VERIFIED, Decision.VERIFIED]
    assert bound(wrong.subclaims[1]) == {(SBC, M9_24)}  # the nine months, never the quarter


def test_a_list_continued_with_its_own_period(verifier: Verifier):
    sv = verifier.verify_sentence(
        NFLX,
        "Advertising expenses were $1,732 million and $1,586 million for the years ended December 31, 2023 and 2022, "
        "respectively, and $1,669 million for 2021.",
    )
    assert sv.decision is Decision.VERIFIED, sv.reason
    years = (FY23, "duration:2022-01-01/2022-12-31", "duration:2021-01-01/2021-12-31")
    assert [bound(s) for s in sv.subclaims] == [{("us-gaap:AdvertisingExpense", p)} for p in years]


def test_amounts_named_after_the_numbers_pair_with_periods_in_order(verifier: Verifier):
    sv = verifier.verify_sentence(
        NFLX_Q,
        "The Company recognized $66 million and $211 million of stock-based compensation expense for the three and "
        "nine months ended September 30, 2024, respectively.",
    )
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert [bound(s) for s in sv.subclaims] == [{(SBC, Q3_24)}, {(SBC, M9_24)}]
    # without "respectively" the reader pairs nothing (the last amount was once checked against the first
    # period); the tie-out pairs the list with the periods in order, each amount on its own year's fact
    sv = verifier.verify_sentence(
        NFLX,
        "The Company recognized $1,732 million, $1,586 million and $1,669 million of advertising expenses in 2023, "
        "2022 and 2021.",
    )
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert [bound(s) for s in sv.subclaims] == [
        {("us-gaap:AdvertisingExpense", FY23)},
        {("us-gaap:AdvertisingExpense", "duration:2022-01-01/2022-12-31")},
        {("us-gaap:AdvertisingExpense", "duration:2021-01-01/2021-12-31")},
    ]
    assert all("tied: the figure's own words name 'Advertising Expense'" in s.reason for s in sv.subclaims)


def test_a_balance_outstanding_at_two_dates(verifier: Verifier):
    # Netflix notes payable 14,543,000 thousand at 2023-12-31 and 14,353,076 thousand at 2022-12-31
    sv = verifier.verify_sentence(
        NFLX,
        "As of December 31, 2023 and 2022, the Company had $14,543 million and $14,353 million of notes payable "
        "outstanding, respectively, with maturities of more than twelve months.",
    )
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert [bound(s) for s in sv.subclaims] == [
        {("us-gaap:NotesPayable", "instant:2023-12-31")},
        {("us-gaap:NotesPayable", "instant:2022-12-31")},
    ]


def test_a_length_of_time_is_no_reporting_period():
    from auditgraph.verifier.periods import find_periods

    for text in ("maturities generally less than nine months", "payable within twelve months", "over the next six months"):
        assert find_periods(text) == [], text
    (p,) = find_periods("for the nine months ended September 30, 2024")
    assert p.request is not None and p.request.months == 9


def test_bare_amounts_take_the_note_s_own_scale(verifier: Verifier):
    from auditgraph.verifier.sentence import Context

    text = "Advertising expenses were $1,732 for the year ended December 31, 2023."
    sv = verifier.verify_sentence(NFLX, text, context=Context(scale_words="(in millions)"))
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert every_binding(sv) == {("us-gaap:AdvertisingExpense", FY23)}
    # without the note's scale, $1,732 is dollars: not the filed 1,731,925 thousand
    assert verifier.verify_sentence(NFLX, text).decision is not Decision.VERIFIED


def test_an_amount_spelled_out_before_its_figure(verifier: Verifier):
    # the words are the figure written out, and its parentheses are no minus sign
    said = "Advertising expenses for 2023 were one billion seven hundred thirty-two million dollars ($1,732 million)."
    sv = verifier.verify_sentence(NFLX, said)
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert every_binding(sv) == {("us-gaap:AdvertisingExpense", FY23)}
    wrong = verifier.verify_sentence(NFLX, said.replace("$1,732", "$1,723"))
    assert wrong.decision is Decision.VIOLATED
    assert every_binding(wrong) == {("us-gaap:AdvertisingExpense", FY23)}
    # without the words, parentheses are a minus sign: not the filed expense
    assert verifier.verify_sentence(NFLX, "Advertising expenses for 2023 were ($1,732 million).").decision is Decision.VIOLATED


def test_the_same_months_ended_in_an_earlier_year(verifier: Verifier):
    # "the nine months ended September 30, 2024 and 2023": the bare year is nine months too
    sv = verifier.verify_sentence(
        NFLX_Q,
        "Stock-based compensation expense for the nine months ended September 30, 2024 and 2023 was $211 million "
        "and $257 million, respectively.",
    )
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert [bound(s) for s in sv.subclaims] == [{(SBC, M9_24)}, {(SBC, M9_23)}]
    # lengths by years ("three and nine months … 2024 and 2023") pair no list of two in order
    sv = verifier.verify_sentence(
        NFLX_Q,
        "Stock-based compensation expense was $66 million and $211 million for the three and nine months ended "
        "September 30, 2024 and 2023, respectively.",
    )
    assert sv.decision is Decision.ABSTAIN and every_binding(sv) == set()


def test_a_bare_year_after_months_ended_is_those_months():
    from auditgraph.verifier.periods import find_periods

    first, second = find_periods("for the three months ended March 31, 2023 and 2022 totaled")
    assert first.request is not None and second.request is not None
    assert (second.request.end_date.isoformat(), second.request.months) == ("2022-03-31", 3)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "sentence",
    [
        "Advertising expenses were $1,732 million in 2023, including $300 million for the launch project.",
        "Advertising expenses were $1,732 million in 2023, of which $300 million, if capitalized, would have "
        "reduced operating expenses.",
    ],
)
def test_a_noun_or_a_conditional_is_no_forecast_and_a_part_is_no_line(verifier: Verifier, sentence):
    # "project" the noun and "if capitalized, would" say nothing about what is to come; the part
    # after "including" / "of which" is no line item's value and is not checked
    sv = verifier.verify_sentence(NFLX, sentence)
    (sub,) = sv.subclaims
    assert sub.decision is Decision.VERIFIED, sub.reason
    assert bound(sub) == {("us-gaap:AdvertisingExpense", FY23)}
    assert any("$300 million" in u and "a part of the amount before it" in u for u in sv.unread)
    forecast = verifier.verify_sentence(NFLX, "We project advertising expenses of $1,732 million in 2023.")
    assert forecast.decision is Decision.ABSTAIN and forecast.abstain_reason is AbstainReason.NOT_IN_FILING


@pytest.mark.parametrize(
    "sentence",
    [
        "Stock-based compensation expense for the three months and nine months ended September 30, 2024 was "
        "$66 million and $211 million, respectively.",
        "Stock-based compensation expense was $66 million and $211 million for the three- and nine-month periods "
        "ended September 30, 2024, respectively.",
    ],
)
def test_two_lengths_ended_on_one_date_however_written(verifier: Verifier, sentence):
    sv = verifier.verify_sentence(NFLX_Q, sentence)
    assert sv.decision is Decision.VERIFIED, sv.reason
    assert [bound(s) for s in sv.subclaims] == [{(SBC, Q3_24)}, {(SBC, M9_24)}]
