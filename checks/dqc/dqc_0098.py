"""DQC.US.0098 "Revenue Recognized from the Opening Contract Liability": revenue recognized in a period out of the
contract liability at its start (ContractWithCustomerLiabilityRevenueRecognized) cannot exceed that opening balance.

- 9531: against ContractWithCustomerLiability at the day before the period's start (same unit and dimensions),
  beyond twice the rounding of the least decimals of the two facts.
- 9532: when that fact is missing, against ContractWithCustomerLiabilityCurrent + ...Noncurrent (a missing part
  counts as zero, both missing: no test), beyond the rounding of the least decimals of the facts involved.

One finding per revenue recognized fact and opening balance; it names the revenue recognized fact.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal

from auditgraph.checks.dqc.dqc_0081 import engine_facts, gaap_key
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import dround, unit_step

RULE = "DQC.US.0098"
RECOGNIZED = "ContractWithCustomerLiabilityRevenueRecognized"
LIABILITY = "ContractWithCustomerLiability"
CURRENT = "ContractWithCustomerLiabilityCurrent"
NONCURRENT = "ContractWithCustomerLiabilityNoncurrent"
Slot = tuple[str, str | None, tuple[tuple[str, str], ...]]  # (instant period key, unit, dims)


def least(*decimals: int | None) -> int | None:
    """The least decimals, INF (None) being the largest; None when all are INF."""
    finite = [d for d in decimals if d is not None]
    return min(finite) if finite else None


def exceeds(left: Decimal, right: Decimal, d: int | None, factor: int) -> bool:
    """left > right, and by more than factor * 10^-d once both are rounded to d decimals (INF: exactly)."""
    if left - right <= 0:
        return False
    tolerance = Decimal(0) if d is None else factor * unit_step(d)
    return abs(dround(left, d) - dround(right, d)) > tolerance


def check(inp: RuleInput) -> list[CheckResult]:
    year = inp.year
    # duplicates fold within one concept: reading only the four elements keeps the same facts, in the same order
    wanted = {gaap_key(year, n) for n in (RECOGNIZED, LIABILITY, CURRENT, NONCURRENT)}
    facts = engine_facts(f for f in inp.data.facts if f.concept_key in wanted)
    at: dict[str, dict[Slot, list[Fact]]] = {n: defaultdict(list) for n in (LIABILITY, CURRENT, NONCURRENT)}
    for f in facts:
        for name, slots in at.items():
            if f.concept_key == gaap_key(year, name) and f.kind == "instant":
                slots[(f.period_key, f.unit, f.dims)].append(f)
    out = []
    for rec in facts:
        if rec.concept_key != gaap_key(year, RECOGNIZED) or rec.start is None:
            continue
        opening_day = rec.start - dt.timedelta(days=1)
        slot: Slot = (f"instant:{opening_day.isoformat()}", rec.unit, rec.dims)
        whole = at[LIABILITY].get(slot, [])
        for liability in whole:
            if exceeds(rec.amount, liability.amount, least(rec.decimals, liability.decimals), 2):
                out.append(_finding(rec, "9531", liability.amount, [liability], opening_day))
        if whole:
            continue
        for parts in _part_choices(at[CURRENT].get(slot, []), at[NONCURRENT].get(slot, [])):
            present = [p for p in parts if p is not None]
            opening = sum((p.amount for p in present), Decimal(0))
            d = least(rec.decimals, *(p.decimals for p in present))
            if exceeds(rec.amount, opening, d, 0):
                out.append(_finding(rec, "9532", opening, present, opening_day))
    return out


def _part_choices(current: list[Fact], noncurrent: list[Fact]) -> list[tuple[Fact | None, Fact | None]]:
    """Each (current, noncurrent) pair the engine iterates; a missing part is None; no pair when both are missing."""
    if not current and not noncurrent:
        return []
    currents: list[Fact | None] = list(current) or [None]
    noncurrents: list[Fact | None] = list(noncurrent) or [None]
    return [(c, n) for c in currents for n in noncurrents]


def _finding(rec: Fact, code: str, opening: Decimal, parts: list[Fact], day: dt.date) -> CheckResult:
    what = " + ".join(f"{p.qname} {p.raw}" for p in parts)
    message = (
        f"{rec.qname} = {rec.raw} for {rec.period_key} is more than the contract liability it comes out of at the "
        f"start of the period ({what} = {opening} on {day.isoformat()}): revenue recognized from the opening balance "
        f"cannot exceed it. Check both values, and that the element reports only revenue out of the opening "
        f"balance. (DQC.US.0098.{code})"
    )
    return CheckResult(
        rule_id=RULE,
        sub_rule=f"{RULE}.{code}",
        status="violation",
        concept=rec.qname,
        reported_value=rec.raw,
        expected_value=str(opening),
        decimals=rec.decimals_raw,
        period=rec.period_key,
        dimensions=rec.dim_strings,
        unit=rec.unit,
        facts=[rec.used("fact")],  # the balances it is compared with are in the message
        contexts=[rec.context_id] if rec.context_id else [],
        message=message,
    )


FAMILY = Rule(
    key="0098",
    rule_id=RULE,
    name="Revenue Recognized from the Opening Contract Liability",
    codes=(f"{RULE}.9531", f"{RULE}.9532"),
    check=check,
    forms=frozenset(),  # the DQCRT rule names no form: it runs on every filing
)
