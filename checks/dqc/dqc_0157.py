"""DQC.US.0157 "Banking Ratio Entered With a Scale": a banking ratio (DQCRT BANKING_MEASURES_BETWEEN_ZERO_AND_ONE, names
without "basis") below 0.01 in an inline XBRL filing whose fact carries a scale was probably scaled twice (a 5% ratio
entered as 0.05 with scale -2 gives 0.0005).

Official logic (DQCRT 27): each non-nil fact of those elements whose inline scale attribute is set and whose value is
below 0.01. The graph does not keep the inline scale of a fact, so the rule cannot decide those facts: when a filing has
such a ratio below 0.01 the rule is not evaluable (naming the facts); when it has none, no fact can be reported and the
result is certain (no finding). The compiled rule set has no form test.
"""

from __future__ import annotations

from decimal import Decimal

from auditgraph.checks.dqc.dqc_0195 import engine_facts
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.errors import RuleDataMissing

RULE = "DQC.US.0157"
CODE = f"{RULE}.10077"
SMALL = Decimal("0.01")


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    small = [
        f
        for key in sorted(inp.constant("BANKING_MEASURES_BETWEEN_ZERO_AND_ONE"))
        for f in index.get(key, [])
        if f.value is not None and f.value < SMALL and "basis" not in f.name.lower()
    ]
    if small:
        named = ", ".join(f"{f.qname} = {f.raw} (context {f.context_id})" for f in small[:5])
        raise RuleDataMissing(
            f"DQC.US.0157 needs the inline XBRL scale of each fact, which the graph does not hold; {len(small)} banking "
            f"ratio(s) below 0.01 cannot be decided: {named}"
        )
    return []


FAMILY = Rule(
    key="0157",
    rule_id=RULE,
    name="Banking Ratio Entered With a Scale",
    codes=(CODE,),
    check=check,
    constants=("BANKING_MEASURES_BETWEEN_ZERO_AND_ONE",),
    forms=frozenset(),  # the compiled official rule names no form: every form
)
