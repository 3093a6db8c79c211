"""DQC.US.0036 "Document Period End Date Context / Fact Value Check".

Official logic (dqc_us_rules DQC_0036, compiled rule set 27, the same in 2023-2025): every dei:DocumentPeriodEndDate
fact (any dimensions, any form: the compiled rule has no form test) whose date value lies more than four days from
the end of its own context. The engine compares the value (midnight of that day) with the context's end as Arelle
holds it, midnight after the last day, so the window is asymmetric in calendar days: a value from three days before
to five days after the displayed end date passes; anything further away is a finding (1). Nil facts and values that
are not dates have no date to compare and are not reported.

The dei facts come from cypher/dqc/dqc_0036_dei_facts.cypher (FilingData holds numeric facts only); 0033 reads the
same query.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from auditgraph.checks.result import CheckResult, FactUsed
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0036"
CODE = f"{RULE_ID}.1"
DEI_FACTS = "dqc.dqc_0036_dei_facts"
# The engine's window around the context end (end + 1 day, Arelle's end instant, plus or minus four days), in days
# relative to the displayed end date.
EARLIEST = dt.timedelta(days=-3)
LATEST = dt.timedelta(days=5)


def date_value(row: Mapping[str, Any]) -> dt.date | None:
    """The xs:date value of a dei fact, None when nil or not a plain date."""
    raw = row["value"]
    if row.get("nil") or raw is None:
        return None
    text = str(raw).strip()
    try:
        return dt.date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        return None


def end_date(row: Mapping[str, Any]) -> dt.date | None:
    end = row["end"]
    if end is None:
        return None
    return end if isinstance(end, dt.date) else end.to_native()


def in_window(value: dt.date, end: dt.date) -> bool:
    """The engine's test: the value is within four days of the context end (Arelle's end instant, the next midnight)."""
    return end + EARLIEST <= value <= end + LATEST


def used(row: Mapping[str, Any]) -> FactUsed:
    return FactUsed(
        fact_id=row["fact_id"],
        concept=row["concept"],
        value=row["value"],
        decimals=row["decimals"],
        context_id=row["context_id"],
        period=row["period_key"],
        dimensions=list(row["dims"]),
        unit=row["unit"],
        role="fact",
    )


def finding(rule_id: str, code: str, row: Mapping[str, Any], message: str) -> CheckResult:
    fact = used(row)
    return CheckResult(
        rule_id=rule_id,
        sub_rule=code,
        status="violation",
        concept=fact.concept,
        reported_value=fact.value,
        period=fact.period,
        dimensions=fact.dimensions,
        unit=fact.unit,
        facts=[fact],
        contexts=[fact.context_id] if fact.context_id else [],
        message=message,
    )


def off_context(row: Mapping[str, Any]) -> bool:
    """A DocumentPeriodEndDate value further from its context end than the engine allows."""
    value, end = date_value(row), end_date(row)
    return value is not None and end is not None and not in_window(value, end)


def check(inp: RuleInput) -> list[CheckResult]:
    # the filing header already holds every DocumentPeriodEndDate value and period: read the facts only when one is off
    if not any(off_context(r) for r in inp.data.dei if r["name"] == "DocumentPeriodEndDate"):
        return []
    out = []
    for row in inp.rows(DEI_FACTS):
        value, end = date_value(row), end_date(row)
        if row["name"] != "DocumentPeriodEndDate" or value is None or end is None or in_window(value, end):
            continue
        days = (value - end).days
        dims = ", ".join(row["dims"]) or "none"
        out.append(
            finding(
                RULE_ID,
                CODE,
                row,
                f"{row['concept']} says the document period ends on {value}, but the context it is reported in "
                f"({row['context_id']}, period {row['period_key']}, dimensions {dims}) ends on {end}, {abs(days)} days "
                f"{'earlier' if days > 0 else 'later'}. The two must agree: correct the value or the end date of the "
                "context.",
            )
        )
    return out


FAMILY = Rule(
    key="0036",
    rule_id=RULE_ID,
    name="Document Period End Date Context / Fact Value Check",
    codes=(CODE,),
    check=check,
    queries=(DEI_FACTS,),
    forms=frozenset(),  # the compiled rule has no form test: any form
)
