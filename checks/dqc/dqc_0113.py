"""DQC.US.0113 "Payments to Acquire Businesses Gross Less Than Net": PaymentsToAcquireBusinessesGross must not be less
than PaymentsToAcquireBusinessesNetOfCashAcquired.

Official logic (DQCRT 27): non-nil facts of both elements, aligned on period, unit and every dimension. The net amount
exceeds the gross one when net - gross > 0 and, both rounded to the lower of their decimals d (a fact without decimals
takes the least decimals of the facts of that alignment), they differ by more than 0 (factor 0: any rounded difference).
The finding is about the gross fact. The compiled rule set has no form test, so it runs on every form.

`greater_than` (the engine's tolerance_for_decimals_greater_than) is shared with other families of this helper.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal

from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, us_gaap_key, violation
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import dround, unit_step

RULE = "DQC.US.0113"
CODE = f"{RULE}.9562"
Align = tuple[str, str | None, tuple[tuple[str, str], ...]]


def least_decimals(facts: Iterable[Fact]) -> int | None:
    """min() of the facts' decimals where INF (or none) is the largest; None when all are INF."""
    finite = [f.decimals for f in facts if f.decimals is not None]
    return min(finite) if finite else None


def greater_than(less: Fact, greater: Fact, min_d: int | None, factor: int | Decimal = 0) -> bool:
    """tolerance_for_decimals_greater_than: `less` is above `greater` when less - greater > 0 and, rounded to the lower
    decimals d of the two (a fact without decimals takes `min_d`), they differ by more than factor * 10^-d
    (INF: by anything)."""
    lv = less.value if less.value is not None else Decimal(0)
    gv = greater.value if greater.value is not None else Decimal(0)
    if lv - gv <= 0:
        return False
    ld = min_d if less.decimals_raw is None else less.decimals
    gd = min_d if greater.decimals_raw is None else greater.decimals
    d = gd if ld is None else (ld if gd is None else min(ld, gd))
    if d is None:  # INF: no rounding, no tolerance
        return abs(lv - gv) > 0
    return abs(dround(lv, d) - dround(gv, d)) > factor * unit_step(d)


def aligned(facts: Iterable[Fact]) -> dict[Align, list[Fact]]:
    """Facts by the engine's default alignment: period, unit and every dimension."""
    out: dict[Align, list[Fact]] = defaultdict(list)
    for f in facts:
        out[(f.period_key, f.unit, f.dims)].append(f)
    return out


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    gross = aligned(f for f in index.get(us_gaap_key(inp.year, "PaymentsToAcquireBusinessesGross"), []) if not f.nil)
    net = aligned(f for f in index.get(us_gaap_key(inp.year, "PaymentsToAcquireBusinessesNetOfCashAcquired"), []) if not f.nil)
    out = []
    for key, grosses in gross.items():
        nets = net.get(key, [])
        min_d = least_decimals(grosses + nets)
        for g in grosses:
            for n in nets:
                if greater_than(n, g, min_d, 0):
                    msg = (
                        f"{g.qname} is {g.raw} but {n.qname} is {n.raw} ({described(g)}). The gross payment for "
                        "acquired businesses cannot be less than the payment net of the cash acquired: check both "
                        "values and the elements used."
                    )
                    out.append(violation(RULE, CODE, g, msg))
    return out


FAMILY = Rule(
    key="0113",
    rule_id=RULE,
    name="Payments to Acquire Businesses Gross Less Than Net",
    codes=(CODE,),
    check=check,
    forms=frozenset(),  # the compiled official rule names no form: every form
)
