"""DQC.US.0125 "Negative Lease Cost Without Sublease Income": LeaseCost reported below zero while the filing reports
no SubleaseIncome suggests a sign error (a negative cost only makes sense when sublease income is netted in).

Official logic (DQCRT 27): each LeaseCost fact with a value below 0, either without dimensions or with no member,
axis or member pair of the rule set's non-negative exclusions (DQCRT EXCLUDE_NON_NEG_STRING_MEMBERS, _MEMBERS, _AXIS,
_AXIS_MEMBERS: eliminations, adjustments and the like), when the filing has no SubleaseIncome fact at all (any
context, nil or not). One finding per fact. The compiled rule set has no form test.
"""

from __future__ import annotations

from auditgraph.checks.dqc.dqc_0108 import Exclusions
from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, us_gaap_key, violation
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0125"
CODE = f"{RULE}.9589"
CONSTANTS = ("EXCLUDE_NON_NEG_STRING_MEMBERS", "EXCLUDE_NON_NEG_MEMBERS", "EXCLUDE_NON_NEG_AXIS", "EXCLUDE_NON_NEG_AXIS_MEMBERS")


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    if index.get(us_gaap_key(inp.year, "SubleaseIncome")):
        return []
    ex = Exclusions(inp)
    out = []
    for f in index.get(us_gaap_key(inp.year, "LeaseCost"), []):
        if f.value is None or f.value >= 0 or not ex.keeps(f):
            continue
        msg = (
            f"{f.qname} is negative ({f.raw}; {described(f)}) and the filing reports no SubleaseIncome. Lease cost "
            "is normally positive; it can only be negative when sublease income is included in it. Check the sign, "
            "or report the sublease income with us-gaap:SubleaseIncome."
        )
        out.append(violation(RULE, CODE, f, msg))
    return out


FAMILY = Rule(
    key="0125",
    rule_id=RULE,
    name="Negative Lease Cost Without Sublease Income",
    codes=(CODE,),
    check=check,
    constants=CONSTANTS,
    forms=frozenset(),  # the compiled official rule names no form: every form
)
