"""What a tie-out reads of a figure the reader left unread (no database): its own words, its
period in a "respectively" list, how precisely it is written, and which labels its words name."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest

from auditgraph.verifier.ground import FilingInfo, PeriodRow, resolve_period, unit_of_decimals
from auditgraph.verifier.lexicon import ConceptWords, Lexicon
from auditgraph.verifier.numbers import find_numbers, named_currency
from auditgraph.verifier.periods import find_periods
from auditgraph.verifier.registry import load_registry
from auditgraph.verifier.sentence import read
from auditgraph.verifier.tie_out import LabelIndex, containing_periods, in_unit, significant_digits, stated_before, words_of
from auditgraph.verifier.types import PeriodRequest, PeriodSpec, Unit

LEX = Lexicon(load_registry(), [])


def open_figures(sentence: str) -> dict[str, tuple[str, str | None]]:
    """figure -> (its own phrase, the period read for it)."""
    r = read(sentence, LEX.knows)
    return {of.subclaim.number.text: (of.phrase, of.subclaim.period.phrase) for of in r.open_figures}  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "digits"),
    [("$1,735,714", 7), ("$111.7 million", 4), ("$128,000", 3), ("10%", 1), ("4.625%", 4), ("$0.10", 1)],
)
def test_significant_digits_are_those_between_the_first_and_last_non_zero_digit(text: str, digits: int):
    (n,) = find_numbers(f"It was {text}.")
    assert significant_digits(n) == digits


def test_each_figure_of_a_respectively_list_has_its_period_and_the_lists_words():
    got = open_figures(
        "For the years ended December 31, 2023, 2022 and 2021, the Company recorded expense of $8.5 million, "
        "$8.3 million and $7.4 million, respectively, for stock incentive awards."
    )
    words = ", and , the Company recorded expense of | stock incentive awards."  # the period words are no metric's
    assert got["$8.5 million"] == (words, "For the years ended December 31, 2023")
    assert got["$8.3 million"][1] == "2022" and got["$7.4 million"][1] == "2021"


def test_a_figure_has_only_the_words_since_the_figure_before_it():
    got = open_figures("In February 2022, principal of $15,000, accrued interest of $3,520 were converted into shares.")
    assert got["$15,000"][0] == "In February , principal of"
    assert got["$3,520"][0] == ", accrued interest of"


def test_a_list_without_its_periods_paired_leaves_its_figures_unplaced():
    assert open_figures("The weighted average interest rate was 11.9% and 9.2% for the years ended December 31") == {}


def test_a_label_is_named_by_most_of_its_words_in_the_figure_s_unit():
    grants = ConceptWords("x:IncomeFromGrants", Unit.MONETARY, "duration", (), (("label", "Income from grants"),))
    program = ConceptWords(
        "us-gaap:StockRepurchaseProgramAuthorizedAmount1",
        Unit.MONETARY,
        "instant",
        ("Stock repurchase program, authorized amount",),
        (),
    )
    rate = ConceptWords("x:GrantRate", Unit.RATIO, "duration", (), (("label", "Income from grants, rate"),))
    index = LabelIndex([grants, program, rate])
    (figure,) = read("The Company recognized $1,234 in 2023.", LEX.knows).open_figures

    def named(*words: str, line_items: tuple[frozenset[str], ...] = ()) -> list[tuple[ConceptWords, frozenset[str]]]:
        return index.named(replace(figure, words=frozenset(words), named=line_items), [Unit.MONETARY])

    assert named("recogn", "income", "grant") == [(grants, frozenset({"grant", "income"}))]
    assert named("repurc", "author", "stock") == [(program, frozenset({"repurc", "author", "stock"}))]  # 3 of 4
    assert named("repurchase", "stock") == []  # 2 of 4 words: not named
    assert named("grant") == []  # 1 of 2 words
    # a line item the words name that shares no word with the concept's labels: not that concept's figure
    assert named("recogn", "income", "grant", line_items=(frozenset({"deferr", "revenu"}),)) == []
    assert named("recogn", "income", "grant", line_items=(frozenset({"other", "income"}),)) == [
        (grants, frozenset({"grant", "income"}))
    ]


def test_words_meet_across_verb_and_noun_forms():
    assert words_of("the Company repurchased shares by its authorization") == words_of("Repurchase of shares, authorized")
    assert words_of("Interest expense") != words_of("International expense")


def test_the_document_s_unit_is_the_one_its_balance_sheet_totals_are_rounded_to():
    # ground.statement_unit reads the totals' decimals; the same unit --narrative gives a note's bare amounts
    assert unit_of_decimals({"-6"}) == Decimal(10) ** 6
    assert unit_of_decimals({"-3"}) == Decimal(1000)
    assert unit_of_decimals({"-5"}) == Decimal(10) ** 6  # millions with one decimal: ITT's "$84.2"
    assert unit_of_decimals({"-6", "-3"}) is None  # rounded differently: no unit
    assert unit_of_decimals({"0"}) is None  # amounts to the dollar: a bare "$313" is $313
    assert unit_of_decimals(set()) is None


def test_a_bare_amount_is_read_in_the_document_s_unit_and_nothing_else_is():
    r = read("Total global defined contribution expense was $392, $366 and $340 in 2023, 2022 and 2021, respectively.", LEX.knows)
    scaled = [in_unit(of, Decimal(10) ** 6) for of in r.open_figures]
    assert [(s.subclaim.number.value, s.subclaim.number.half_width) for s in scaled if s] == [  # type: ignore[union-attr]
        (Decimal(392_000_000), Decimal(500_000)),
        (Decimal(366_000_000), Decimal(500_000)),
        (Decimal(340_000_000), Decimal(5_000_000)),  # a trailing zero may be rounding (numbers.py)
    ]
    (of,) = read("Depreciation was $84.2 in 2023.", LEX.knows).open_figures  # a filing in millions with one decimal
    assert (n := in_unit(of, Decimal(10) ** 6)) and n.subclaim.number == replace(
        of.subclaim.number, value=Decimal(84_200_000), half_width=Decimal(50_000)
    )
    for written in ("$2.5 million", "$0.40", "12%"):  # a scale word, cents, a rate: as written
        r = read(f"The Company recorded expense of {written} in 2023.", LEX.knows)
        assert all(in_unit(of, Decimal(10) ** 6) is None for of in r.open_figures)


def test_a_figure_s_facts_are_in_the_currency_it_names_other_than_the_dollar():
    assert [named_currency(n) for n in find_numbers("€1,200 million, £5 million, $9.8 billion and 4,000")] == [
        "EUR",
        "GBP",
        None,  # "$" may be another country's dollar: the filing's currency decides
        None,
    ]


def test_a_year_to_date_period_ended_a_day_is_the_fiscal_year_s_months_to_it():
    (p,) = find_periods("Net sales were $11,601 million for the year-to-date period ended October 1, 2022.")
    assert p.request is not None and (p.request.end_date, p.request.months, p.request.ytd) == (date(2022, 10, 1), None, True)
    q3 = FilingInfo("K_Q3_2023", None, None, None, "10-Q", date(2023, 9, 30), 2023, "Q3")
    rows = [
        PeriodRow(f"duration:{s}/{e}", "duration", s, e, 1)
        for s, e in ((date(2022, 1, 2), date(2022, 10, 1)), (date(2023, 1, 1), date(2023, 9, 30)))
    ]
    spec = resolve_period(p.request, q3, rows)
    assert isinstance(spec, PeriodSpec) and (spec.end, spec.months) == (date(2022, 10, 1), 9)


@pytest.mark.parametrize(
    ("sentence", "terms"),
    [
        (
            "Under the ATM Agreement, the Agent will be entitled to a commission at a fixed rate of 3.0% of the gross proceeds.",
            True,
        ),
        ("The note may be converted at a price of $0.40 per share.", True),
        ("We expect capital expenditures of $500 million in 2024.", False),
        ("The notes will mature in 2028, and we expect to repay $500 million of them.", False),
    ],
)
def test_modal_verbs_alone_state_an_agreement_s_terms_not_a_forecast(sentence: str, terms: bool):
    r = read(sentence, LEX.knows)
    assert r.forward_looking is not None and r.terms is terms


@pytest.mark.parametrize(
    ("sentence", "stated"),
    [
        # the cost is a balance the filing holds; only when it reaches earnings is expected
        (
            "As of December 31, 2023, approximately $5,777 million of the unamortized cost of the licensed content "
            "is expected to be amortized in each of the next three years.",
            True,
        ),
        ("Revenue of $5,777 million is expected in 2025.", False),
    ],
)
def test_a_balance_whose_timing_alone_is_expected_is_stated(sentence: str, stated: bool):
    r = read(sentence, LEX.knows)
    assert r.forward_looking == "expected" and r.forward_at is not None
    (of,) = r.open_figures
    assert stated_before(of, sentence, r.forward_at) is stated


@pytest.mark.parametrize(
    "sentence",
    [
        "The fair value was estimated with a volatility factor of 99.36% and an expected life of 7 years.",
        "The actuarial loss of $171 million reflects lower than expected asset returns.",
        "A full valuation allowance is provided against deferred tax assets of $16,871,555 on the expected future tax benefits.",
        "The notes of $300 million had an anticipated repayment date of May 2022.",
        "We considered the performance targets for the fiscal 2022 tranche probable of achievement at the 150% level.",
    ],
)
def test_expected_in_an_accounting_term_is_no_forecast(sentence: str):
    assert read(sentence, LEX.knows).forward_looking is None


def test_an_expected_amount_is_still_a_forecast():
    assert read("The expected cost of the restructuring is $50 million.", LEX.knows).forward_looking == "expected"


def test_a_transaction_day_is_contained_by_the_reporting_periods_around_it_a_balance_day_is_not():
    q1, ytd = (date(2023, 1, 1), date(2023, 3, 31)), (date(2023, 1, 1), date(2023, 9, 30))
    rows = [PeriodRow("", "duration", s, e, 1) for s, e in (q1, ytd)] + [PeriodRow("", "instant", None, date(2023, 3, 31), 1)]
    day = PeriodRequest(end_date=date(2023, 3, 14), phrase="on March 14, 2023")
    assert [(p.end, p.months) for p in containing_periods(day, rows)] == [(date(2023, 3, 31), 3), (date(2023, 9, 30), 9)]
    balance = PeriodRequest(end_date=date(2023, 3, 14), phrase="as of March 14, 2023")
    assert containing_periods(balance, rows) == []
    assert containing_periods(PeriodRequest(end_date=date(2023, 3, 31), months=3, phrase="the quarter"), rows) == []


def test_a_relative_clause_of_the_future_is_its_own_nouns_not_the_figures_after_it():
    sentence = (
        "As of December 31, 2023, the Company had $582 million of tax credit carryforwards which can be carried "
        "forward indefinitely, $838 million of net operating loss carryforwards which will begin to expire in 2026, "
        "and $19 million of capital loss carryforwards."
    )
    r = read(sentence, LEX.knows)
    got = {of.subclaim.number.text: of for of in r.open_figures if of.subclaim.number}
    # no figure is dated by "in 2026" (the carryforwards' expiry) nor a possibility because of "can be carried"
    assert {t: of.subclaim.period.end_date for t, of in got.items()} == {
        "$582 million": date(2023, 12, 31),
        "$838 million": date(2023, 12, 31),
        "$19 million": date(2023, 12, 31),
    }
    assert not [u for u in r.unread if "possibility" in u]
    assert r.forward_looking == "will" and all(r.stated(of) for of in got.values())
    # a figure inside the clause is what will happen: a forecast
    inside = read("The Company had notes payable which will be repaid with $50 million in 2026.", LEX.knows)
    assert not [of for of in inside.open_figures if inside.stated(of)]
