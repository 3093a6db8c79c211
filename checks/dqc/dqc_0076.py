"""DQC.US.0076 "Performance Obligations With No Durations" (7653).

Official logic (compiled rule set 27, the same in 2023-2025, any form): a remaining performance obligation
(RevenueRemainingPerformanceObligation or RevenueRemainingPerformanceObligationPercentage, nils included, any period,
unit and further dimensions) reported with a start date on the typed
RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis needs the duration of that time band:
a RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionPeriod1 fact with the same start date (any period
and further dimensions; nil counts). Each obligation fact whose start date has no such duration is a finding.

The facts come from cypher/dqc/dqc_0076_facts.cypher (the duration is not a numeric fact); a fact repeated with the
same value in the same context is one fact to the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from auditgraph.checks.dqc.dqc_0036 import finding
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0076"
CODE = f"{RULE_ID}.7653"
FACTS = "dqc.dqc_0076_facts"
DURATION = "RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionPeriod1"
AXIS = "RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis"


def check(inp: RuleInput) -> list[CheckResult]:
    rows: list[Mapping[str, Any]] = list(inp.rows(FACTS))
    timed = {r["start"] for r in rows if r["name"] == DURATION}
    seen: set[tuple[str, str, str | None, str | None]] = set()
    out = []
    for r in rows:
        key = (r["name"], r["context_key"], r["unit"], r["value"])
        if r["name"] == DURATION or r["start"] in timed or key in seen:
            continue
        seen.add(key)
        out.append(
            finding(
                RULE_ID,
                CODE,
                r,
                f"{r['concept']} is reported as {r['value'] if not r['nil'] else 'nil'} for the time band starting "
                f"{r['start'] or '(empty)'} on {AXIS} (context {r['context_id']}, period {r['period_key']}), but no "
                f"{DURATION} fact gives the length of that band. Report the expected timing of satisfaction for that "
                "start date.",
            )
        )
    return out


FAMILY = Rule(
    key="0076",
    rule_id=RULE_ID,
    name="Performance Obligations With No Durations",
    codes=(CODE,),
    check=check,
    queries=(FACTS,),
    forms=frozenset(),  # the compiled rule has no form test: any form
)
