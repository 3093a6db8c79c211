"""Reading claim sentences (no database): numbers as written, periods as written, sub-claims."""

from __future__ import annotations

from decimal import Decimal

import pytest

from auditgraph.verifier.entity import counterparty, matcher, mentions
from auditgraph.verifier.lexicon import Lexicon
from auditgraph.verifier.numbers import Hedge, Interval, Kind, find_numbers, interval
from auditgraph.verifier.registry import load_registry
from auditgraph.verifier.sentence import find_periods, read, split_sentences
from auditgraph.verifier.subclaims import arithmetic
from auditgraph.verifier.types import Unit

LEX = Lexicon(load_registry(), [])


@pytest.mark.parametrize(
    "text,value,half,kind",
    [
        ("$33.7 billion", "33.7e9", "0.05e9", Kind.MONEY),
        ("$33,723 million", "33723e6", "0.5e6", Kind.MONEY),
        ("33.7bn", "33.7e9", "0.05e9", Kind.NUMBER),
        ("USD 33.7B", "33.7e9", "0.05e9", Kind.MONEY),
        ("$(1.2) billion", "-1.2e9", "0.05e9", Kind.MONEY),
        ("-$0.58", "-0.58", "0.005", Kind.MONEY),
        ("18.0%", "0.180", "0.0005", Kind.PERCENT),
        ("1.17x", "1.17", "0.005", Kind.MULTIPLE),
        ("1.2 times", "1.2", "0.05", Kind.MULTIPLE),
        ("$1.26 per diluted share", "1.26", "0.005", Kind.PER_SHARE),
        ("2.4 billion shares", "2.4e9", "0.05e9", Kind.SHARES),
        ("120 basis points", "0.012", "0.00005", Kind.POINTS),
    ],
)
def test_numbers_as_written_keep_their_exact_value_and_precision(text, value, half, kind):
    (m,) = find_numbers(f"The figure was {text} last time.")
    assert (m.value, m.half_width, m.kind) == (Decimal(value), Decimal(half), kind)


@pytest.mark.parametrize(
    "text,values,kind",
    [
        ("$1.2 and $1.5 million", ["1.2e6", "1.5e6"], Kind.MONEY),
        ("$1.2, $1.3 and $1.5 billion", ["1.2e9", "1.3e9", "1.5e9"], Kind.MONEY),
        ("2,551,039 and 8,696,108 shares", ["2551039", "8696108"], Kind.SHARES),
        ("between 2.1 and 2.3 million shares", ["2.1e6", "2.3e6"], Kind.SHARES),
    ],
)
def test_a_list_that_writes_its_scale_or_unit_once_shares_it(text, values, kind):
    got = find_numbers(f"It was {text} in the years presented.")
    assert [(m.value, m.kind) for m in got] == [(Decimal(v), kind) for v in values]


def test_a_figure_written_to_other_decimals_keeps_its_own_scale():
    # "$500 and $1.5 million" says nothing more of the $500 than it writes
    assert [m.value for m in find_numbers("fees of $500 and $1.5 million")] == [Decimal(500), Decimal("1.5e6")]
    # a currency written once before a list is each figure's, but a count of something else stays a count
    got = find_numbers("costs totaling $4,547,740 and 2,764,477 during the years ended May 31, 2023 and 2022")
    assert [(m.kind, m.value) for m in got] == [(Kind.MONEY, Decimal(4547740)), (Kind.MONEY, Decimal(2764477))]
    got = find_numbers("it paid $5,000 and 2,000 restricted stock units")
    assert [m.kind for m in got] == [Kind.MONEY, Kind.NUMBER]
    # nor is "$500,000" a price per share because a price follows it
    got = find_numbers("proceeds of $500,000 and $0.10 per share")
    assert [m.kind for m in got] == [Kind.MONEY, Kind.PER_SHARE]


def test_trailing_zeros_of_a_whole_amount_are_not_precision():
    (m,) = find_numbers("net income of about $950 million")
    assert (m.half_width, m.hedge) == (Decimal("5e6"), Hedge.ABOUT)  # 951 is "about $950 million"
    (m,) = find_numbers("net income of $950.0 million")
    assert m.half_width == Decimal("0.05e6")
    (m,) = find_numbers("growth of 20%")
    assert m.half_width == Decimal("0.005")  # rates keep every digit


def test_dates_years_quarters_and_forms_are_no_amounts():
    assert find_numbers("In Q3 2024, per the 10-K for fiscal 2023 and the three months ended June 30, 2024") == []
    assert find_numbers("revenue of $1e999 billion in 9M23") == []  # no number runs into letters


@pytest.mark.parametrize(
    "words,hedge",
    [
        ("about", Hedge.ABOUT),
        ("approximately", Hedge.ABOUT),
        ("more than", Hedge.OVER),
        ("at least", Hedge.OVER),
        ("nearly", Hedge.NEARLY),
        ("under", Hedge.UNDER),
    ],
)
def test_hedge_words_are_read(words, hedge):
    (m,) = find_numbers(f"revenue of {words} $34 billion")
    assert m.hedge is hedge


def test_tolerance_follows_precision_and_hedge():
    v, h = Decimal("34e9"), Decimal("0.5e9")
    assert interval(v, h) == Interval(Decimal("33.5e9"), Decimal("34.5e9"))
    assert interval(v, h, Hedge.ABOUT) == Interval(Decimal("33e9"), Decimal("35e9"))
    assert interval(v, h, Hedge.OVER) == Interval(Decimal("34e9"), None)
    assert interval(v, h, Hedge.NEARLY) == Interval(Decimal("32.3e9"), Decimal("34.5e9"))
    # one significant digit never passes for a precise figure: capped at 5% of the value
    assert interval(Decimal("3e9"), Decimal("0.5e9"), Hedge.ABOUT) == Interval(Decimal("2.85e9"), Decimal("3.15e9"))


@pytest.mark.parametrize(
    "text,fy,quarter,months,year_end",
    [
        ("in fiscal 2023", 2023, None, 12, False),
        ("FY23", 2023, None, 12, False),
        ("the first half of 2024", 2024, 2, 6, False),
        ("the third quarter", None, 3, 3, False),
        ("Q3 2024", 2024, 3, 3, False),
        ("the first nine months of 2024", 2024, 3, 9, False),
        ("at year end", None, None, 12, True),
    ],
)
def test_periods_as_written(text, fy, quarter, months, year_end):
    (p,) = find_periods(f"Revenue {text} was up")
    assert (p.request.fiscal_year, p.request.quarter, p.request.months, p.request.year_end) == (fy, quarter, months, year_end)


def test_dated_periods_and_relative_markers():
    ps = find_periods("for the six months ended June 30, 2024 compared with the prior year")
    assert ps[0].request.end_date.isoformat() == "2024-06-30" and ps[0].request.months == 6
    assert ps[1].relative == "prior"
    # as notes type them: no space after the comma, or one before it
    for typed in ("During the nine months ended April 30,2024, the Company", "as of April 30 , 2024"):
        (p,) = find_periods(typed)
        assert p.request.end_date.isoformat() == "2024-04-30" and p.request.fiscal_year is None
    assert find_periods("the nine months ended April 30,2024")[0].request.months == 9


def test_the_years_a_list_names_are_each_a_year():
    # "the fiscal years ended December 30, 2023 and December 31, 2022": two years, not a year and a balance day
    got = find_periods("were $8.5 million and $4.0 million for the fiscal years ended December 30, 2023 and December 31, 2022")
    assert [(p.request.end_date.isoformat(), p.request.months) for p in got] == [("2023-12-30", 12), ("2022-12-31", 12)]
    got = find_periods("During the years ended December 31, 2023 and 2022, the Company")
    assert [(p.request.end_date.isoformat(), p.request.months) for p in got] == [("2023-12-31", 12), ("2022-12-31", 12)]
    got = find_periods("As of December 31, 2023 and December 31, 2022, the balance")  # balances stay balances
    assert [p.request.months for p in got] == [None, None]


def test_a_news_sentence_is_a_growth_and_a_level():
    r = read("Netflix's revenue rose 6.7% to $33.7 billion in 2023", LEX.knows, frozenset({"netflix"}))
    growth, level = r.subclaims
    assert (growth.kind, growth.metric.matched, growth.number.text, growth.period.fiscal_year) == (
        "growth",
        "revenue",
        "6.7%",
        2023,
    )
    assert (level.kind, level.number.value, level.period.fiscal_year) == ("level", Decimal("33.7e9"), 2023)
    maths = arithmetic(growth, Decimal(1), Unit.MONETARY)
    assert [f.period for f in maths.figures] == ["cur", "base"] and maths.claim == Interval(Decimal("0.0665"), Decimal("0.0675"))


def test_loss_words_negate_and_qualifiers_stay_with_the_metric():
    r = read("Net loss attributable to common stockholders was $12.5 million.", LEX.knows)
    (sc,) = r.subclaims
    assert sc.metric.negated and "attributable to common stockholders" in sc.metric.text
    maths = arithmetic(sc, Decimal(1), Unit.MONETARY)
    assert maths.claim == Interval(Decimal("-12.55e6"), Decimal("-12.45e6"))


def test_modifiers_no_entry_explains_are_kept_for_grounding_to_refuse():
    (sc,) = read("Streaming revenues rose 7% year over year.", LEX.knows).subclaims
    assert sc.metric.unexplained == ("Streaming",) and sc.base_relative == "prior"


def test_differences_ratios_comparisons_and_prior_period_levels():
    (d,) = read("Operating income exceeded net income by $1.2 billion in fiscal 2023.", LEX.knows).subclaims
    assert (d.kind, d.metric.matched, d.other.matched) == ("difference", "Operating income", "net income")
    _, ratio = read("Gross margin was 45.2% in 2023, and R&D was 12% of revenue.", LEX.knows).subclaims
    assert (ratio.kind, ratio.metric.matched, ratio.other.matched) == ("ratio", "R&D", "revenue")
    (c,) = read("Free cash flow more than doubled in 2023.", LEX.knows).subclaims
    assert (c.kind, c.relation, c.hedge) == ("comparison", "double", "more than")
    now, before = read(
        "Total assets were $48.7 billion at year end compared with $48.6 billion a year earlier.", LEX.knows
    ).subclaims
    assert not now.at_base and before.at_base and before.base_relative == "prior"


def test_respectively_pairs_names_and_numbers_in_order():
    a, b = read("Revenue and net income were $33.7 billion and $5.4 billion, respectively, in 2023", LEX.knows).subclaims
    assert (a.metric.matched, a.number.text, b.metric.matched, b.number.text) == (
        "Revenue",
        "$33.7 billion",
        "net income",
        "$5.4 billion",
    )


def test_what_is_not_tied_to_a_metric_is_reported_unread():
    r = read("The company added 13.1 million paid memberships.", LEX.knows)
    assert r.subclaims == () and "13.1 million" in r.unread[0]
    assert read("The company expects revenue of $40 billion in 2025.", LEX.knows).forward_looking == "expects"


def test_entities_are_matched_against_the_registrant():
    own = matcher("NETFLIX INC", "NFLX")
    assert mentions("Apple's revenue rose 8%") == ["Apple"] and not own("Apple")
    assert own("Netflix") and own("NFLX") and own("Netflix, Inc.")
    assert mentions("The Company's revenue rose 8%") == []
    pg = matcher("PROCTER & GAMBLE CO", "PG")
    assert mentions("P&G paid dividends of $3.68 per share") == ["P&G"] and pg("P&G") and pg("Procter & Gamble")
    assert not pg("J&J") and not pg("p&g") and not own("NI")  # initials only as written, in capitals
    # a name ending in s keeps it before a bare apostrophe: "ONE Gas’ total debt-to-capital ratio"
    assert mentions("maintaining ONE Gas’ total debt-to-capital ratio of 70 percent") == ["ONE Gas"]
    assert matcher("ONE Gas, Inc.", "OGS")("ONE Gas")


def test_the_other_party_of_the_filers_transaction_is_told_from_a_company_the_claim_is_about():
    note = "As of December 31, 2023, the Company had a note payable of $9,634 to Redfield Holdings, Ltd."
    assert mentions(note) == ["Redfield"] and counterparty(note, "Redfield")
    assert not counterparty("The total subscription amount paid by Ultimate One LLC was $115,108.", "Ultimate One")
    assert not counterparty("Our equity in Cash Converters’s net loss was $28.5 million.", "Cash Converters")


def test_text_splits_into_sentences_without_breaking_amounts():
    assert split_sentences("Revenue was $33.7 billion. Netflix Inc. grew 6.7% in 2023.\n\nNet income rose.") == [
        "Revenue was $33.7 billion.",
        "Netflix Inc. grew 6.7% in 2023.",
        "Net income rose.",
    ]


def test_a_participle_starts_what_is_said_about_the_metric():
    (sc,) = read("In 2023, the company reported revenues totaling $33.7 billion.", LEX.knows).subclaims
    assert (sc.metric.matched, sc.metric.unexplained, sc.number.text) == ("revenues", (), "$33.7 billion")


def test_per_share_words_belong_to_their_own_figure():
    # "$12.03 per diluted share" says nothing of the $4.49 billion after it: that is net income again
    r = read(
        "Net income was $5.41 billion, or $12.03 per diluted share, compared with $4.49 billion, or $9.95 per diluted "
        "share, in 2022.",
        LEX.knows,
    )
    assert [(sc.metric.matched.lower(), sc.number.text) for sc in r.subclaims] == [
        ("net income", "$5.41 billion"),
        ("diluted earnings per share", "$12.03 per diluted share"),
        ("net income", "$4.49 billion"),
        ("diluted earnings per share", "$9.95 per diluted share"),
    ]
    assert r.unread == ()


def test_a_related_party_s_part_of_a_line_is_not_its_total():
    r = read("During 2022, revenue totaling $7,879 was recognized from sales to related party ZEXAVERSE.", LEX.knows)
    assert r.subclaims == ()
    (why,) = r.unread
    assert why == "'$7,879': a related party's part ('related party') of the line item, not its total"


def test_a_growth_noun_after_a_figure_is_the_growth_of_the_metric_before():
    r = read(
        "For the first nine months of 2024, revenue totaled $28.75 billion, a 16% increase over the corresponding "
        "period of 2023.",
        LEX.knows,
    )
    level, growth = r.subclaims
    assert (growth.kind, growth.metric.matched, growth.number.text, growth.direction) == ("growth", "revenue", "16%", 1)
    assert (growth.period.fiscal_year, growth.period.months, growth.base_relative) == (2024, 9, "prior")


@pytest.mark.parametrize(
    ("sentence", "periods"),
    [
        (
            "As of December 31, 2023, the Company had 108,468 shares available for grant under the 2017 Plan, "
            "which expires on April 16, 2027.",
            ["As of December 31, 2023", "on April 16, 2027"],
        ),
        (
            "During 2023, the Company repurchased shares, excluding excise tax due under the Inflation Reduction Act of 2022.",
            ["During 2023"],
        ),
        ("In May 2018, we issued $172.5 million of 2.375% Convertible Senior Notes due 2025.", ["2018"]),
        ("Revenue was $5 billion in 2023 and $4 billion in 2022.", ["in 2023", "in 2022"]),
    ],
)
def test_a_year_in_the_name_of_a_plan_a_debt_or_a_law_is_no_period(sentence: str, periods: list[str]):
    assert [p.text for p in find_periods(sentence)] == periods


def test_accounting_negatives_joined_by_and_are_both_negative():
    # "and (43.4) percent" is the list's second negative, not a parenthetical after a word, nor the
    # figures of an amount spelled out in words ("one hundred million (100,000,000)")
    text = "The effective tax rate was (48.2) percent and (43.4) percent for the three and six months ended June 30, 2022."
    r = read(text, LEX.knows)
    assert [(of.subclaim.number.text, of.subclaim.number.value) for of in r.open_figures] == [  # type: ignore[union-attr]
        ("(48.2) percent", Decimal("-0.482")),
        ("(43.4) percent", Decimal("-0.434")),
    ]
    assert [n.value for n in find_numbers("Revenue ($33.7 billion) rose")] == [Decimal("33.7E+9")]
