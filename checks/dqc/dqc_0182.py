"""DQC.US.0182 "Dimensional Equivalents Using the Meta Taxonomy".

Official logic (dqc_us_rules DQC_0182, compiled rule set 27): the DQCRT constant DIM_EQUIV_NAMES lists, per line item,
its dimensional equivalent: another line item, an axis and a member (the first member listed when there are two).
The line item's fact must equal the equivalent's fact with that member, aligned with it (same period and unit, and
the line item's dimensions are the equivalent's other dimensions), times -1 when the two elements have different
balance types. Both are rounded to the lower decimals of the two; they differ when the absolute difference exceeds
2 x 10^-decimals. Same balance: INF decimals compare exactly. Opposite balances: the decimals are capped at 5 (INF
counts as 5). Each aligned pair is tested; a finding names the line item's fact. Duplicate facts with the same value
are dropped first (dqc_0195.engine_facts); nil facts have no value to compare.
"""

from __future__ import annotations

from decimal import Decimal

from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, member_on, other_dims, qname_of_key, violation
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rule_data import split_key
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import dround

RULE_ID = "DQC.US.0182"
CODE = f"{RULE_ID}.10160"
FACTOR = Decimal(2)
INF = float("inf")


def _decimals(fact: Fact) -> float | None:
    raw = fact.decimals_raw
    if raw is None:
        return None
    return INF if raw.strip().upper() == "INF" else float(raw)


def equivalents(rows: tuple[tuple[str, str], ...]) -> dict[str, tuple[str, str, str]]:
    """Line item key -> (equivalent line item key, axis key, member key), from the constant's (key, name) rows in
    their order: the axis is the *Axis row, the member the first *Member row, the line item the other one."""
    grouped: dict[str, list[str]] = {}
    for key, other in rows:
        grouped.setdefault(key, []).append(other)
    out = {}
    for key, others in grouped.items():
        names = [(o, split_key(o)[1]) for o in others]
        axis = next((o for o, n in names if n.endswith("Axis")), None)
        member = next((o for o, n in names if n.endswith("Member")), None)
        line = next((o for o, n in names if not n.endswith(("Axis", "Member"))), None)
        if axis and member and line:
            out[key] = (line, axis, member)
    return out


def differ(base: Fact, dim: Fact, multiplier: int) -> bool | None:
    """The engine's tolerance_for_decimals (same balance) or tolerance_for_decimals_comp (opposite balances)."""
    db, dd = _decimals(base), _decimals(dim)
    if db is None or dd is None:
        return None
    if multiplier == 1:
        d = min(db, dd)
        places = None if d == INF else int(d)
    else:
        places = int(min(db, dd, 5.0))
    tolerance = Decimal(0) if places is None else Decimal(1).scaleb(-places) * FACTOR
    return abs(dround(base.amount, places) - dround(dim.amount * multiplier, places)) > tolerance


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    out = []
    for key, (line_key, axis_key, member_key) in equivalents(inp.constant("DIM_EQUIV_NAMES")).items():
        axis, member = qname_of_key(axis_key), qname_of_key(member_key)
        bases = [f for f in index.get(key, []) if not f.nil]
        dims = [f for f in index.get(line_key, []) if not f.nil and member_on(f, axis) == member]
        for base in bases:
            for dim in dims:
                if dim.period_key != base.period_key or dim.unit != base.unit or other_dims(dim, axis) != base.dims:
                    continue
                multiplier = 1 if base.balance == dim.balance else -1
                if differ(base, dim, multiplier):
                    msg = (
                        f"{base.qname} = {base.raw} ({described(base)}, decimals {base.decimals_raw}) should equal "
                        f"{dim.qname} with {axis}={member} = {dim.raw} (context {dim.context_id}, decimals "
                        f"{dim.decimals_raw}) times {multiplier}: the member's value is the same amount as the line item. "
                        "Correct whichever of the two values is wrong."
                    )
                    out.append(violation(RULE_ID, CODE, base, msg))
    return out


FAMILY = Rule(
    key="0182",
    rule_id=RULE_ID,
    name="Dimensional Equivalents Using the Meta Taxonomy",
    codes=(CODE,),
    check=check,
    constants=("DIM_EQUIV_NAMES",),
    forms=frozenset(),  # the official rule names no document type
)
