"""What a tie-out reads of a figure the reader left unread (no database): its own words, its
period in a "respectively" list, how precisely it is written, and which labels its words name."""

from __future__ import annotations

from dataclasses import replace

import pytest

from auditgraph.verifier.lexicon import ConceptWords, Lexicon
from auditgraph.verifier.numbers import find_numbers
from auditgraph.verifier.registry import load_registry
from auditgraph.verifier.sentence import read
from auditgraph.verifier.tie_out import LabelIndex, significant_digits, words_of
from auditgraph.verifier.types import Unit

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
    words = "For the years , and , the Company recorded expense of | stock incentive awards."
    assert got["$8.5 million"] == (words, "ended December 31, 2023")
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
