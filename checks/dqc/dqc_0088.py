"""DQC.US.0088 "Operating Lease Cost Tagged as Operating Lease Expense".

- 9372: an OperatingLeaseExpense fact in a period (and unit) where VariableLeaseCost is reported and
  OperatingLeaseCost is not (dimensions do not matter); one finding per such fact.
- 10094: OperatingLeaseExpense calculated into LeaseCost in one of the filing's calculation networks; one finding
  naming the element.
"""

from __future__ import annotations

from auditgraph.checks.dqc.dqc_0081 import engine_facts, filing_descendants, gaap_key
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0088"
EXPENSE = "OperatingLeaseExpense"
VARIABLE = "VariableLeaseCost"
COST = "OperatingLeaseCost"
LEASE_COST = "LeaseCost"


def check(inp: RuleInput) -> list[CheckResult]:
    year = inp.year
    # duplicates fold within one concept: reading only the three elements keeps the same facts, in the same order
    wanted = {gaap_key(year, n) for n in (EXPENSE, VARIABLE, COST)}
    facts = engine_facts((f for f in inp.data.facts if f.concept_key in wanted), nils=True)

    def slots(name: str) -> set[tuple[str, str | None]]:
        return {(f.period_key, f.unit) for f in facts if f.concept_key == gaap_key(year, name)}

    variable, cost = slots(VARIABLE), slots(COST)
    out = [
        _missing_cost(f)
        for f in facts
        if f.concept_key == gaap_key(year, EXPENSE) and (f.period_key, f.unit) in variable and (f.period_key, f.unit) not in cost
    ]
    below = filing_descendants(inp.data, {gaap_key(year, LEASE_COST)})
    expense = gaap_key(year, EXPENSE)
    if expense in below:
        out.append(_in_lease_cost(inp, below[expense]))
    return out


def _missing_cost(f: Fact) -> CheckResult:
    message = (
        f"{f.qname} = {f.raw if not f.nil else 'nil'} is reported for {f.period_key} beside VariableLeaseCost, but "
        f"OperatingLeaseCost is not reported for that period: the operating lease cost of the lease disclosure is "
        f"a required element; check whether it was tagged OperatingLeaseExpense instead. (DQC.US.0088.9372)"
    )
    return CheckResult(
        rule_id=RULE,
        sub_rule=f"{RULE}.9372",
        status="violation",
        concept=f.qname,
        reported_value=f.raw,
        decimals=f.decimals_raw,
        period=f.period_key,
        dimensions=f.dim_strings,
        unit=f.unit,
        facts=[f.used()],
        contexts=[f.context_id] if f.context_id else [],
        message=message,
    )


def _in_lease_cost(inp: RuleInput, role: str) -> CheckResult:
    message = (
        f"OperatingLeaseExpense is calculated into LeaseCost (network {role}); the operating lease component of lease "
        f"cost is OperatingLeaseCost, a required disclosure: use it there instead. (DQC.US.0088.10094)"
    )
    return CheckResult(
        rule_id=RULE,
        sub_rule=f"{RULE}.10094",
        status="violation",
        concept=f"us-gaap:{EXPENSE}",
        network=role,
        message=message,
    )


FAMILY = Rule(
    key="0088",
    rule_id=RULE,
    name="Operating Lease Cost Tagged as Operating Lease Expense",
    codes=(f"{RULE}.9372", f"{RULE}.10094"),
    check=check,
    forms=frozenset(),  # the DQCRT rule names no form: it runs on every filing
)
