"""DQC.US.0095 "Scale - Common Stock Outstanding" (9528).

Official logic (compiled rule set 27, the same in 2023-2025, any form). The rule does not run when the filing
reports more than one distinct value among its share facts (item type xbrli:sharesItemType) with
SubsequentEventMember on SubsequentEventTypeAxis, or among its stock split facts (StockIssuedDuringPeriodSharesStockSplits,
StockIssuedDuringPeriodSharesReverseStockSplits, StockholdersEquityNoteStockSplitConversionRatio1): a split may explain
the difference. Otherwise each positive dei:EntityCommonStockSharesOutstanding fact is compared with each positive
CommonStockSharesOutstanding fact of the same unit and dimensions whose date is less than 90 days before the cover
date (its end plus 90 days falls after the cover fact's end); the pair is a finding when the cover value is more than
99 times the balance sheet value or less than 0.099 times it, a likely scale error.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, us_gaap_key, violation
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0095"
CODE = f"{RULE_ID}.9528"
SPLITS = frozenset(
    {
        "StockIssuedDuringPeriodSharesStockSplits",
        "StockIssuedDuringPeriodSharesReverseStockSplits",
        "StockholdersEquityNoteStockSplitConversionRatio1",
    }
)
HIGH = Decimal(99)
LOW = Decimal("0.099")
WINDOW = dt.timedelta(days=90)


def _name(f: Fact) -> str:
    return f.concept_key.rsplit("#", 1)[-1]


def _subsequent(f: Fact) -> bool:
    return ("us-gaap:SubsequentEventTypeAxis", "us-gaap:SubsequentEventMember") in f.dims


def _split_evidence(facts: list[Fact], year: int | None) -> bool:
    """More than one distinct value among subsequent-event share facts, or among stock split facts."""
    subsequent = {f.value for f in facts if f.item_type == "xbrli:sharesItemType" and _subsequent(f)}
    split_keys = {us_gaap_key(year, n) for n in SPLITS}
    splits = {f.value for f in facts if f.concept_key in split_keys}
    return len(subsequent) > 1 or len(splits) > 1


def _positive(f: Fact) -> bool:
    return f.value is not None and f.value > 0


def check(inp: RuleInput) -> list[CheckResult]:
    facts = [f for group in engine_facts(inp.data).values() for f in group]
    # the cover element by local name (any namespace, as the rule selects it); the rest are us-gaap elements
    cover = [f for f in facts if _name(f) == "EntityCommonStockSharesOutstanding" and _positive(f)]
    balance = [f for f in facts if f.concept_key == us_gaap_key(inp.year, "CommonStockSharesOutstanding") and _positive(f)]
    if not cover or not balance or _split_evidence(facts, inp.year):
        return []
    out = []
    for e in cover:
        for c in balance:
            if c.unit != e.unit or c.dims != e.dims or not (e.end and c.end and c.end + WINDOW > e.end):
                continue
            factor = e.amount / c.amount
            if LOW <= factor <= HIGH:
                continue
            result = violation(
                RULE_ID,
                CODE,
                e,
                f"{e.qname} is {e.raw} ({described(e)}) but {c.qname} is {c.raw} on {c.end} (context {c.context_id}): "
                f"the cover page figure is {factor:.4g} times the balance sheet one, more than a factor of 100 apart. "
                "Check the scale of both values; if a stock split explains it, tag StockIssuedDuringPeriodSharesStockSplits, "
                "StockIssuedDuringPeriodSharesReverseStockSplits or StockholdersEquityNoteStockSplitConversionRatio1.",
            )
            result.facts.append(c.used("total"))
            out.append(result)
    return out


FAMILY = Rule(
    key="0095",
    rule_id=RULE_ID,
    name="Scale - Common Stock Outstanding",
    codes=(CODE,),
    check=check,
    forms=frozenset(),  # the compiled rule has no form test: any form
)
