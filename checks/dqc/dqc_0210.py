"""DQC.US.0210 "Missing Investment Identifier Axis": investment rate facts reported with dimensions must carry the
InvestmentIdentifierAxis.

As the official rule set runs it (DQCRT: no cube or BDC test), the facts of InvestmentInterestRate,
InvestmentBasisSpreadVariableRate and InvestmentInterestRateFloor are aligned on everything but the concept (period,
unit, dimensions); each alignment takes the first of the three that has a value there (interest rate, then spread,
then floor), and that fact is a finding when it has dimensions but not InvestmentIdentifierAxis.
"""

from __future__ import annotations

from collections import defaultdict

from auditgraph.checks.filing_data import Fact, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput, fact_violation

RULE = "DQC.US.0210"
NUMBER = "10734"
CODE = f"{RULE}.{NUMBER}"
USGAAP = "http://fasb.org/us-gaap/"
ORDER = ("InvestmentInterestRate", "InvestmentBasisSpreadVariableRate", "InvestmentInterestRateFloor")
AXIS = "InvestmentIdentifierAxis"


def _chosen(facts: list[Fact]) -> list[Fact]:
    """Per alignment (period, unit, dimensions), the facts of the first concept of ORDER with a value there."""
    by_alignment: dict[tuple[object, ...], dict[str, list[Fact]]] = defaultdict(lambda: defaultdict(list))
    for f in facts:
        ns, _, name = f.concept_key.rpartition("#")
        if name in ORDER and ns.startswith(USGAAP) and not f.nil:  # a nil has no value, so the next concept is taken
            by_alignment[(f.period_key, f.unit, f.dims)][name].append(f)
    out = []
    for found in by_alignment.values():
        first = next(name for name in ORDER if found.get(name))
        out += found[first]
    return out


def check(inp: RuleInput) -> list[CheckResult]:
    out = []
    for f in _chosen(inp.data.facts):
        axes = [a for a, _ in f.dims]
        if not axes or any(local(a) == AXIS for a in axes):
            continue
        message = (
            f"{f.qname} is reported as {f.raw} (period {f.period_key}, unit {f.unit}) with the dimensions "
            f"{', '.join(f.dim_strings)} but without us-gaap:{AXIS}. An investment's interest rate, spread or floor "
            f"is reported per investment: add the {AXIS} to this fact."
        )
        out.append(fact_violation(RULE, NUMBER, f, message))
    return out


FAMILY = Rule(
    key="0210",
    rule_id=RULE,
    name="Missing Investment Identifier Axis",
    codes=(CODE,),
    check=check,
    forms=frozenset(),  # the official rule set has no form (or BDC) test: any form
)
