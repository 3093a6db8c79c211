"""DQC.US.0127: a statement presents an element whose current-period amounts are all dimensional.

9591: for each statement presentation network of the filing (as DQC.US.0099 selects them) that is not the role of a
statement table (a hypercube in a "- Statement -" role, leaving out equity, capital, investment and similar roles and
the investment-schedule tables), each monetary element it presents (as a child) that has facts for the current
period (the period of the first dei:DocumentPeriodEndDate fact; instants at its end; none without that fact) only
with dimensions (a nil fact without dimensions counts as a value), whose sum is not zero,
is one finding naming the element, not a fact: the statement has no dimension to show those values, and no value
without one. Elements reported only on dei:LegalEntityAxis, on EquityMethodInvestmentNonconsolidatedInvesteeAxis or
on srt:ConsolidatedEntitiesAxis (every dimensional fact using it) are not reported.

Sub-rule 9592 (statements with a table whose line item has values outside the table) is not implemented: the
official engine reports none on the shared filings, and it needs the facts of each table's cube.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal
from typing import Any

from auditgraph.checks.filing_data import Fact, FilingData
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rule_data import INVESTMENT_TABLES, STATEMENT_URI_EXCLUSIONS
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0127"
QUERY = "dqc.dqc_0127_statement_items"
ENTITY_AXES = ("LegalEntityAxis", "EquityMethodInvestmentNonconsolidatedInvesteeAxis", "ConsolidatedEntitiesAxis")


def statement_cube_roles(data: FilingData) -> set[str]:
    """The roles of the filing's statement tables, as the rule set's statement cubes select them."""
    out = set()
    for a in data.defs:
        if a.arc != "all":
            continue
        role = data.roles.get(a.role)
        definition = role.definition if role else ""
        uri = a.role.lower()
        if "- Statement -" not in definition or any(w in uri for w in STATEMENT_URI_EXCLUSIONS):
            continue
        if "schedule iii" in definition.lower() or "schedule iv" in definition.lower():
            continue
        if a.target.rsplit(":", 1)[-1] in INVESTMENT_TABLES and a.target_key.startswith("http://fasb.org/us-gaap/"):
            continue
        out.add(a.role)
    return out


def document_period(data: FilingData) -> tuple[dt.date | None, dt.date | None] | None:
    """(start, end) of the context of the first dei:DocumentPeriodEndDate fact; None without one (the rule then
    has no current period and reports nothing)."""
    rows = [r for r in data.dei if r["name"] == "DocumentPeriodEndDate"]
    if not rows:
        return None
    return _date(rows[0]["start"]), _date(rows[0]["end"])


def _date(v: Any) -> dt.date | None:
    if v is None or isinstance(v, dt.date):
        return v
    native = v.to_native() if hasattr(v, "to_native") else dt.date.fromisoformat(str(v))
    return native if isinstance(native, dt.date) else None


def current(period: tuple[dt.date | None, dt.date | None], f: Fact) -> bool:
    """The fact is for the current period: ends at the document period end (durations also start at its start)."""
    start, end = period
    return f.end == end and (f.kind == "instant" or f.start == start)


def check(inp: RuleInput) -> list[CheckResult]:
    data = inp.data
    period = document_period(data)
    if period is None:
        return []
    cubes = statement_cube_roles(data)
    by_concept: dict[str, list[Fact]] = defaultdict(list)
    for f in data.facts:
        if current(period, f):
            by_concept[f.concept_key].append(f)
    out: list[CheckResult] = []
    for row in inp.rows(QUERY):
        if row["role"] in cubes:
            continue
        for item in row["items"]:
            every = by_concept.get(item["key"], [])
            if any(not f.dims for f in every):  # a value without dimensions, nil included, is on the statement
                continue
            facts = [f for f in every if f.value is not None]
            if not facts or sum((f.amount for f in facts), Decimal(0)) == 0:
                continue
            if any(all(axis in {a.rsplit(":", 1)[-1] for a, _ in f.dims} for f in facts) for axis in ENTITY_AXES):
                continue
            out.append(finding(row, item, facts))
    return out


def finding(row: Any, item: Any, facts: list[Fact]) -> CheckResult:
    first = sorted(facts, key=lambda f: (f.amount, f.fact_id))[0]
    shown = "; ".join(f"{f.raw} ({', '.join(f.dim_strings)})" for f in sorted(facts, key=lambda f: (f.amount, f.fact_id))[:5])
    more = f" and {len(facts) - 5} more" if len(facts) > 5 else ""
    return CheckResult(
        rule_id=RULE,
        sub_rule=f"{RULE}.9591",
        status="violation",
        concept=item["qname"],
        network=row["role"],
        network_definition=row["definition"],
        period=first.period_key,
        message=(
            f"The statement {row['definition']} presents {item['qname']}, which has no value without dimensions for the "
            f"current period ({first.period_key}) but has dimensional values: {shown}{more}. The statement has no dimensional "
            "structure to show them: if they appear on the statement, add the dimension to it; if the line has no value on the "
            "statement, remove it from the presentation."
        ),
    )


FAMILY = Rule(
    key="0127",
    rule_id=RULE,
    name="Statement Line Items With Only Dimensional Values",
    codes=(f"{RULE}.9591",),
    check=check,
    queries=(QUERY,),
    forms=frozenset(),  # empty: every form (the official rule names none)
)
