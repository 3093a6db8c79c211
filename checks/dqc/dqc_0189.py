"""DQC.US.0189: a VariableRateAxis with one member only, where an extensible enumeration element should say it.

The same test as DQC.US.0161 (checks/dqc/dqc_0161.py builds the cubes as the XULE engine does), on
VariableRateAxis: in a cube whose VariableRateAxis domain has exactly one member, a fact on the axis that is the only
one of its concept, period, unit and other dimensions is a finding unless the filing reports its total (the same
without the axis) anywhere, in or out of the cube. The variable rate type belongs in
InvestmentVariableInterestRateTypeExtensibleEnumeration or DebtInstrumentVariableInterestRateTypeExtensibleEnumeration.
The engine names the fact itself. The us-gaap 2024 rule set skips cubes with
InitialApplicationPeriodCumulativeEffectTransitionAxis; the rule is not in the 2023 rule set.
"""

from __future__ import annotations

from auditgraph.checks.dqc.dqc_0161 import ARCS_QUERY, FACTS_QUERY, Dts, _local, _row_fact, read_def_arcs, single_member_facts
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0189"
CODE = f"{RULE_ID}.10184"
AXIS = "VariableRateAxis"
ENUMERATION = (
    "InvestmentVariableInterestRateTypeExtensibleEnumeration or DebtInstrumentVariableInterestRateTypeExtensibleEnumeration"
)


def check(inp: RuleInput) -> list[CheckResult]:
    year = inp.year
    facts = [_row_fact(r) for r in inp.rows(FACTS_QUERY)]
    axis_key = f"http://fasb.org/us-gaap/{year}#{AXIS}"
    if not any(axis_key in f.axes for f in facts):
        return []
    dts = Dts(read_def_arcs(inp))
    out = []
    for cube, _, f in single_member_facts(dts, facts, [axis_key], skip_transition=year == 2024, total_in_cube=False):
        member = next((d.split("=", 1)[1] for d in f.dims if d.split("=", 1)[0].endswith(":" + AXIS)), f.axes[axis_key])
        role = inp.data.roles.get(cube.role)
        where = role.definition if role and role.definition else cube.role
        value = "nil" if f.nil else f.value
        out.append(
            CheckResult(
                rule_id=RULE_ID,
                sub_rule=CODE,
                status="violation",
                concept=f.qname,
                reported_value=f.value,
                decimals=f.decimals,
                period=f.period_key,
                dimensions=list(f.dims),
                unit=f.unit,
                network=cube.role,
                network_definition=role.definition if role else None,
                axis=AXIS,
                facts=[f.used()],
                contexts=[f.context_id] if f.context_id else [],
                message=(
                    f"{f.qname} (value {value}, period {f.period_key}, dimensions {', '.join(f.dims)}, context "
                    f"{f.context_id}) is broken down on {AXIS} in '{where}' (table {_local(cube.hypercube)}) by one "
                    f"member only, {member}, and its total is not reported. Either tag the total and give the rate type "
                    f"with {ENUMERATION} (value {member}) instead of the member, or also report the total of {f.qname} "
                    f"without {AXIS}."
                ),
            )
        )
    return out


FAMILY = Rule(
    key="0189",
    rule_id=RULE_ID,
    name="Single Member on the Variable Rate Axis",
    codes=(CODE,),
    check=check,
    years=(2024, 2025),  # not in the us-gaap 2023 rule set
    queries=(ARCS_QUERY, FACTS_QUERY),
    forms=frozenset(),  # the official rule names no form
)
