"""The natural-claims dev set builder, one claim per style, on a small filing held in memory.

No Arelle parse and no Neo4j: the facts below are Netflix's 10-K for 2023 as the builder would read them
(`eval/claims_devset/filings.py`), and each builder takes a seeded random.Random, so a claim is the same on
every run. Each case pins the sentence, its label, the error of a false claim, and the facts it names.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

import pytest

from auditgraph.eval.claims_devset.analyst import analyst_levels
from auditgraph.eval.claims_devset.blocks import Ctx, Sub
from auditgraph.eval.claims_devset.build import PER_STYLE, build_filing
from auditgraph.eval.claims_devset.earnings import earnings_ni_eps
from auditgraph.eval.claims_devset.filings import Fact, Filing, choose_concepts
from auditgraph.eval.claims_devset.news import news_level
from auditgraph.eval.claims_devset.subclaims import Builder
from auditgraph.eval.claims_devset.template import template_level
from auditgraph.eval.claims_devset.workpaper import workpaper_footing

FY23 = ("duration:2023-01-01/2023-12-31", date(2023, 1, 1), date(2023, 12, 31))
FY22 = ("duration:2022-01-01/2022-12-31", date(2022, 1, 1), date(2022, 12, 31))
END23 = ("instant:2023-12-31", None, date(2023, 12, 31))
END22 = ("instant:2022-12-31", None, date(2022, 12, 31))
USD, PER_SHARE = "iso4217:USD", "iso4217:USD/xbrli:shares"

# (local name, period, value in USD, decimals, unit): the face statements, in thousands except EPS
NETFLIX_2023 = [
    ("Revenues", FY23, "33723297000", "-3", USD),
    ("Revenues", FY22, "31615550000", "-3", USD),
    ("CostOfRevenue", FY23, "19715368000", "-3", USD),
    ("CostOfRevenue", FY22, "19168285000", "-3", USD),
    ("OperatingIncomeLoss", FY23, "6954003000", "-3", USD),
    ("OperatingIncomeLoss", FY22, "5632831000", "-3", USD),
    ("NetIncomeLoss", FY23, "5408426000", "-3", USD),
    ("NetIncomeLoss", FY22, "4491924000", "-3", USD),
    ("EarningsPerShareDiluted", FY23, "12.03", "2", PER_SHARE),
    ("EarningsPerShareDiluted", FY22, "9.95", "2", PER_SHARE),
    ("NetCashProvidedByUsedInOperatingActivities", FY23, "7274301000", "-3", USD),
    ("NetCashProvidedByUsedInOperatingActivities", FY22, "2026257000", "-3", USD),
    ("PaymentsToAcquirePropertyPlantAndEquipment", FY23, "348552000", "-3", USD),
    ("PaymentsToAcquirePropertyPlantAndEquipment", FY22, "407729000", "-3", USD),
    ("Assets", END23, "48731992000", "-3", USD),
    ("Assets", END22, "48594768000", "-3", USD),
    ("Liabilities", END23, "28143679000", "-3", USD),
    ("Liabilities", END22, "27816874000", "-3", USD),
    ("AssetsCurrent", END23, "9918133000", "-3", USD),
    ("AssetsCurrent", END22, "9266473000", "-3", USD),
    ("LiabilitiesCurrent", END23, "8860655000", "-3", USD),
    ("LiabilitiesCurrent", END22, "7930974000", "-3", USD),
    ("CashAndCashEquivalentsAtCarryingValue", END23, "7116913000", "-3", USD),
    ("CashAndCashEquivalentsAtCarryingValue", END22, "5147305000", "-3", USD),
]


def netflix_2023() -> Filing:
    facts: dict[str, dict[str, Fact]] = {}
    for local, (key, start, end), value, decimals, unit in NETFLIX_2023:
        kind = key.split(":")[0]
        fact = Fact(f"us-gaap:{local}", local, key, kind, start, end, Decimal(value), decimals, unit)
        facts.setdefault(local, {})[key] = fact
    filing = Filing(
        path="edgar/nflx-10k-2023-12-31",
        name="nflx-10k-2023-12-31",
        registrant="Netflix, Inc.",
        short="Netflix",
        ticker="NFLX",
        form="10-K",
        fiscal_year=2023,
        fiscal_period="FY",
        end=date(2023, 12, 31),
        start=date(2023, 1, 1),
        facts=facts,
        all_locals=set(facts),
    )
    choose_concepts(filing)  # metric -> concept, as read_filing does after the parse
    return filing


@dataclass(frozen=True)
class Case:
    style: str
    builder: Builder
    seed: int
    make_false: bool
    text: str
    claimed: list[str]  # each sub-claim's figure as written
    error: str | None  # the false sub-claim's error
    named: list[list[tuple[str, str]]]  # each sub-claim's facts: (qname, period key)


NI23 = ("us-gaap:NetIncomeLoss", FY23[0])
EPS23 = ("us-gaap:EarningsPerShareDiluted", FY23[0])
REV23 = ("us-gaap:Revenues", FY23[0])
FOOTING = [("us-gaap:Assets", END23[0]), ("us-gaap:Liabilities", END23[0])]

CASES = [
    Case(
        "analyst", analyst_levels, 0, False,
        "NFLX FY2023: EPS (diluted) $12.03, revenue $33.7B, net income $5.41bn",
        ["$12.03", "$33.7B", "$5.41bn"], None, [[EPS23], [REV23], [NI23]],
    ),
    Case(
        "analyst", analyst_levels, 0, True,
        "NFLX FY23: diluted EPS $12.03, revenue $33.7B, net income -$5.41bn",
        ["$12.03", "$33.7B", "-$5.41bn"], "sign", [[EPS23], [REV23], [NI23]],
    ),
    Case(
        "news", news_level, 2, False,
        "Netflix reported sales of $33.7 billion in fiscal 2023", ["$33.7 billion"], None, [[REV23]],
    ),
    Case(
        "news", news_level, 2, True,
        "In 2023, Netflix reported sales of $34.7 billion", ["$34.7 billion"], "pct_off", [[REV23]],
    ),
    Case(
        "earnings", earnings_ni_eps, 1, False,
        "Net income for the year ended December 31, 2023 was $5.41 billion, or $12.03 per diluted share",
        ["$5.41 billion", "$12.03"], None, [[NI23], [EPS23]],
    ),
    Case(  # the prior year's net income, written against 2023
        "earnings", earnings_ni_eps, 1, True,
        "Net income in 2023 was $4.49 billion, or $12.03 per diluted share",
        ["$4.49 billion", "$12.03"], "wrong_period", [[NI23], [EPS23]],
    ),
    Case(
        "workpaper", workpaper_footing, 0, False,
        "Noted that total assets exceeded total liabilities by $20,588 million at the end of fiscal 2023",
        ["$20,588 million"], None, [FOOTING],
    ),
    Case(
        "workpaper", workpaper_footing, 0, True,
        "Noted that total assets exceeded total liabilities by $18,735 million at the end of fiscal 2023",
        ["$18,735 million"], "pct_off", [FOOTING],
    ),
    Case(
        "template", template_level, 2, False,
        json.dumps({"question": "What was Netflix's revenue for fiscal 2023, in millions of USD?", "answer": "33,723"}),
        ["33,723"], None, [[REV23]],
    ),
    Case(
        "template", template_level, 2, True,
        json.dumps({"question": "What was revenue for fiscal 2023, in millions of USD?", "answer": "36,084"}),
        ["36,084"], "pct_off", [[REV23]],
    ),
]  # fmt: skip


def label(subs: list[Sub]) -> str:
    return "true" if all(s.truth for s in subs) else "false"


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.style}-{'false' if c.make_false else 'true'}")
def test_one_claim_per_style(case: Case):
    filing = netflix_2023()
    text, subs = case.builder(Ctx(filing, random.Random(case.seed)), case.style, case.make_false)

    assert text == case.text
    assert label(subs) == ("false" if case.make_false else "true")
    assert [s.claimed for s in subs] == case.claimed
    assert all(s.claimed in text for s in subs)  # the figure is the one the sentence writes
    assert [[(f.qname, f.period) for f in s.facts] for s in subs] == case.named
    assert [s.error for s in subs if not s.truth] == ([case.error] if case.error else [])
    for s in subs:
        # the facts a sub-claim names are the filing's own, with their exact values
        for f in s.facts:
            assert filing.facts[f.local][f.period] is f
        if s.kind != "level":
            continue
        claimed, half, fact = Decimal(str(s.claimed_value)), Decimal(str(s.half_unit)), s.facts[0].value
        if s.truth:  # a true figure is the fact rounded to the written digits
            assert abs(claimed - fact) <= half
        else:  # a false one misses it by more than any reading of those digits
            assert abs(claimed - fact) > 2 * half


def test_a_false_figure_carries_the_reference_value():
    # the earnings case above: $4.49 billion is 2022's net income, the claim is about 2023's
    filing = netflix_2023()
    _, subs = earnings_ni_eps(Ctx(filing, random.Random(1)), "earnings", True)
    wrong = next(s for s in subs if not s.truth)
    assert (wrong.claimed_value, wrong.expected) == ("4490000000", "5408426000")
    assert wrong.facts[0].value == Decimal("5408426000")


def test_one_filing_builds_every_style_the_same_way_twice():
    first = build_filing(netflix_2023(), [("Apple", "AAPL")], 0)
    again = build_filing(netflix_2023(), [("Apple", "AAPL")], 0)
    assert first == again  # one seeded RNG per filing: the dev set is reproducible byte for byte

    styles = {r["style"] for r in first}
    assert styles == set(PER_STYLE)
    assert first[0]["id"] == "nflx-10k-2023-12-31/analyst/001"
    for r in first:
        if r["label"] == "undecidable":
            assert r["subclaims"] == []
            continue
        truths = [s["truth"] for s in r["subclaims"]]
        assert (r["label"] == "true") == all(truths), r["id"]
        assert (r["error"] is None) == (r["label"] == "true"), r["id"]
        for s in r["subclaims"]:
            for f in s["facts"]:
                assert f["value"] == str(netflix_2023().facts[f["qname"].split(":")[1]][f["period"]].value)
    wrong_entity = [r for r in first if r["expected_abstain_reason"] == "wrong_entity"]
    assert wrong_entity and "Apple" in (wrong_entity[0]["text"] or wrong_entity[0]["question"])
