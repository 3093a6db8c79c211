"""DQC.US.0146 "Annual Report Income Statement With More Non-Annual Than Annual Values": a 10-K (or 20-F) income
statement should report the fiscal year, not mostly shorter periods ending at year end (e.g. a fourth quarter).

Official logic (DQCRT 27): on a 10-K or 20-F that is not a transition report (no DocumentTransitionReport = true, no
extension element TransitionReport or YearOfInception, no FinancialDesignationPredecessorAndSuccessorFixedList), for
each statement presentation network that presents IncomeStatementAbstract, the non-dimensional facts of its monetary
duration concepts are counted twice: those for exactly the DocumentPeriodEndDate fact's period, and those ending on the
same day but starting on another. More of the second kind is one finding for the network, about the first of those
facts by value (the engine sorts them and names the first; nils last, then by context id). The rule set tests no other form.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from decimal import Decimal

from auditgraph.checks.dqc.dqc_0110 import as_date
from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, violation
from auditgraph.checks.filing_data import Fact, FilingData
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0146"
CODE = f"{RULE}.9870"
QUERY = "dqc.dqc_0146_inputs"
FORMS = frozenset(("10-K", "20-F"))


def document_period(data: FilingData) -> tuple[dt.date, dt.date] | None:
    """(start, end) of the first DocumentPeriodEndDate fact's period (non-dimensional first); None for an instant."""
    rows = sorted((r for r in data.dei if r["name"] == "DocumentPeriodEndDate"), key=lambda r: bool(r["dimensional"]))
    if not rows or rows[0]["kind"] != "duration":
        return None
    start, end = as_date(rows[0]["start"]), as_date(rows[0]["end"])
    return (start, end) if start and end else None


def _first(facts: list[Fact]) -> Fact:
    def key(f: Fact) -> tuple[bool, Decimal, str]:
        return (f.value is None, f.value if f.value is not None else Decimal(0), f.context_id or "")

    return sorted(facts, key=key)[0]


def check(inp: RuleInput) -> list[CheckResult]:
    rows = inp.rows(QUERY)
    period = document_period(inp.data)
    if not rows or rows[0]["exempt"] or period is None:
        return []
    start, end = period
    index = engine_facts(inp.data)
    out = []
    for row in rows:
        if row["role"] is None:
            continue
        facts = [f for k in dict.fromkeys(row["items"]) for f in index.get(k, []) if not f.dims and f.kind == "duration"]
        year = [f for f in facts if (f.start, f.end) == (start, end)]
        other = [f for f in facts if f.end == end and f.start != start]
        if len(year) >= len(other):
            continue
        focus = _first(other)
        msg = (
            f"The income statement {row['definition']} of this annual report has {len(other)} value(s) for periods ending "
            f"{end} that do not start on {start}, but only {len(year)} for the fiscal year {start} to {end} (e.g. "
            f"{focus.qname} = {focus.raw}, {described(focus)}). An annual income statement reports the year: check the "
            "periods of its facts."
        )
        out.append(replace(violation(RULE, CODE, focus, msg), network=row["role"], network_definition=row["definition"]))
    return out


FAMILY = Rule(
    key="0146",
    rule_id=RULE,
    name="Annual Report Income Statement With More Non-Annual Than Annual Values",
    codes=(CODE,),
    check=check,
    queries=(QUERY,),
    forms=FORMS,  # the rule's own document-type test
)
