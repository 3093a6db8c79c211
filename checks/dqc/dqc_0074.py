"""DQC.US.0074 "Nil Values on Typed Axis" (7649).

Official logic (compiled rule set 27, the same in 2023-2025, any form): a fact reported with a nil typed member on
one of the typed axes the rule set lists (constant.xule TYPED_DIMENSIONS:
RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis, OpenFuturesContractIdentifierAxis,
OpenForwardForeignCurrencyContractIdentifierAxis, OpenOptionContractIdentifierAxis, OpenSwapContractIdentifierAxis,
SecuritySoldShortIdentifierAxis, InvestmentIdentifierAxis, ReinsuranceContractAxis) should be reported without
that axis.

The graph writes a nil typed member and an empty one alike (Context.dims "axis=typed:"), and the engine tells them
apart (an empty string is not nil). So a filing with no empty typed member on these axes has no finding, and one
with such a member cannot be decided: the rule is not evaluable there, naming the facts, until the loader records
typed nils.
"""

from __future__ import annotations

from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.errors import RuleDataMissing

RULE_ID = "DQC.US.0074"
CODE = f"{RULE_ID}.7649"
FACTS = "dqc.dqc_0074_typed_facts"


def check(inp: RuleInput) -> list[CheckResult]:
    rows = inp.rows(FACTS)
    if not rows:
        return []
    shown = ", ".join(f"{r['concept']} (context {r['context_id']}, {r['axis']})" for r in rows[:5])
    more = f" and {len(rows) - 5} more" if len(rows) > 5 else ""
    raise RuleDataMissing(
        f"{RULE_ID} needs to know whether an empty typed member is nil, and the graph writes both as 'typed:' "
        f"(Context.dims); facts with an empty typed member on a listed axis: {shown}{more}. Reload with a loader that "
        "records typed nils to evaluate it."
    )


FAMILY = Rule(
    key="0074",
    rule_id=RULE_ID,
    name="Nil Values on Typed Axis",
    codes=(CODE,),
    check=check,
    queries=(FACTS,),
    forms=frozenset(),  # the compiled rule has no form test: any form
)
