"""DQC.US.0011 "Dimensional Equivalents".

Official logic (dqc_us_rules DQC_0011, compiled rule set 27): for each row of the DQCRT constant DIM_EQUIVALENTS
(suffix id, line item, dimensional line item, axis, member, weight), a line item reported with no dimension must
equal the dimensional line item reported with that member as its only dimension, times the weight, for the same
period and unit. Both are rounded to the lower decimals of the two (INF: not rounded); they differ when the absolute
difference exceeds 2 x 10^-decimals (0 for INF). Every such pair is tested; the finding, DQC.US.0011.<suffix id>,
names the line item. The engine drops duplicate facts with the same value first (dqc_0195.engine_facts); nil facts
have no value to compare.
"""

from __future__ import annotations

from decimal import Decimal

from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, qname_of_key, violation
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import dround

RULE_ID = "DQC.US.0011"
SUFFIXES = (6820, 6821, 6822, 6824, 6825, 6826, 6827, 6828, 6829, 6830, 6831, 6832, 9292, 9293)
FACTOR = Decimal(2)


def _decimals(fact: Fact) -> float | None:
    """The fact's decimals as the engine reads them: INF is infinite, no decimals attribute is None."""
    raw = fact.decimals_raw
    if raw is None:
        return None
    return float("inf") if raw.strip().upper() == "INF" else float(raw)


def differ(line: Fact, dim: Fact, weight: Decimal) -> bool | None:
    """The engine's test (tolerance_for_decimals_sign_flip); None when it cannot be evaluated (no decimals)."""
    dl, dd = _decimals(line), _decimals(dim)
    if dl is None or dd is None:
        return None
    d = dl if dl < dd else dd
    places = None if d == float("inf") else int(d)
    tolerance = Decimal(0) if places is None else Decimal(1).scaleb(-places) * FACTOR
    return abs(dround(line.amount, places) - dround(dim.amount, places) * weight) > tolerance


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    out = []
    for suffix, line_key, dim_key, axis_key, member_key, weight in inp.constant("DIM_EQUIVALENTS"):
        dims = ((qname_of_key(axis_key), qname_of_key(member_key)),)
        lines = [f for f in index.get(line_key, []) if not f.dims and not f.nil]
        equivalents = [f for f in index.get(dim_key, []) if f.dims == dims and not f.nil]
        for line in lines:
            for dim in equivalents:
                if dim.period_key != line.period_key or dim.unit != line.unit:
                    continue
                if differ(line, dim, Decimal(weight)):
                    msg = (
                        f"{line.qname} = {line.raw} ({described(line)}, decimals {line.decimals_raw}) should equal "
                        f"{dim.qname} with {dims[0][0]}={dims[0][1]} = {dim.raw} (context {dim.context_id}, decimals "
                        f"{dim.decimals_raw}) times {weight}: the member's value is the same amount as the line item "
                        "without dimensions. Correct whichever of the two values is wrong."
                    )
                    out.append(violation(RULE_ID, f"{RULE_ID}.{suffix}", line, msg))
    return out


FAMILY = Rule(
    key="0011",
    rule_id=RULE_ID,
    name="Dimensional Equivalents",
    codes=tuple(f"{RULE_ID}.{s}" for s in SUFFIXES),
    check=check,
    constants=("DIM_EQUIVALENTS",),
    forms=frozenset(),  # the official rule names no document type
)
