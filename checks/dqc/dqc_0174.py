"""DQC.US.0174 "Individually Evaluated Credit Loss Allowance Above the Collective One": a negative value of
FinancingReceivableAllowanceForCreditLossesIndividuallyEvaluatedForImpairment1 whose size exceeds the collectively
evaluated allowance points at a sign error (the allowance is reported as a positive amount).

Official logic (DQCRT 27): each fact of the individually evaluated allowance below 0 is compared with the first of
FinancingReceivableAllowanceForCreditLossesCollectivelyEvaluatedForImpairment,
FinancingReceivableAllowanceForCreditLossExcludingAccruedInterest (non-nil facts, same period, unit and dimensions),
else 0: a finding when |individual| > that value (exactly, no rounding). The finding is about the individual fact.
The compiled rule set has no form test.
"""

from __future__ import annotations

from decimal import Decimal

from auditgraph.checks.dqc.dqc_0113 import aligned
from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, us_gaap_key, violation
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0174"
CODE = f"{RULE}.10115"
INDIVIDUAL = "FinancingReceivableAllowanceForCreditLossesIndividuallyEvaluatedForImpairment1"
COLLECTIVE = (
    "FinancingReceivableAllowanceForCreditLossesCollectivelyEvaluatedForImpairment",
    "FinancingReceivableAllowanceForCreditLossExcludingAccruedInterest",
)


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    pools = [aligned(f for f in index.get(us_gaap_key(inp.year, n), []) if not f.nil) for n in COLLECTIVE]
    out = []
    for f in index.get(us_gaap_key(inp.year, INDIVIDUAL), []):
        if f.value is None or f.value >= 0:
            continue
        key = (f.period_key, f.unit, f.dims)
        others = next((pool[key] for pool in pools if pool.get(key)), [])
        compared = [(o.amount, f"{o.qname} = {o.raw}") for o in others] or [
            (Decimal(0), "no collectively evaluated allowance (0)")
        ]
        for value, what in compared:
            if abs(f.amount) > value:
                msg = (
                    f"{f.qname} is negative ({f.raw}; {described(f)}) and its size exceeds {what}. An allowance for "
                    "credit losses is reported as a positive amount: check the sign of the individually evaluated value."
                )
                out.append(violation(RULE, CODE, f, msg))
    return out


FAMILY = Rule(
    key="0174",
    rule_id=RULE,
    name="Individually Evaluated Credit Loss Allowance Above the Collective One",
    codes=(CODE,),
    check=check,
    forms=frozenset(),  # the compiled official rule names no form: every form
)
