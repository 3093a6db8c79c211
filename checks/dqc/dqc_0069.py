"""DQC.US.0069 "Plan Asset Categories Component Members".

Official logic (compiled rule set 27, the same in 2023-2025, any form), for every fact (nils included) of
DefinedBenefitPlanPlanAssetsInvestmentWithinPlanAssetCategoryAmount (7642) and of
DefinedBenefitPlanAmountOfEmployerAndRelatedPartySecuritiesIncludedInPlanAssets (7643):

1. it has no member on DefinedBenefitPlanByPlanAssetCategoriesAxis: reported;
2. its member hangs directly from the axis in the filing's dimensional relationships (a dimension-domain arc of some
   cube ends at it): reported, the component should use a child of a category member;
3. otherwise it is reported when it is not less than a DefinedBenefitPlanFairValueOfPlanAssets fact reported with
   one of its member's parents (in the filing's cubes) on the axis, for the same period, unit and other dimensions:
   a component cannot reach the fair value of the category it belongs to. Nil values are not compared; one finding
   per such fair-value fact.

The elements and the axis are us-gaap's (the rule's *: prefix is its default namespace); members are compared by
local name.
"""

from __future__ import annotations

from auditgraph.checks.dqc.dqc_0053 import dimension_edges, under_axis
from auditgraph.checks.dqc.dqc_0072 import AXIS, AXIS_QNAME, category_member, facts_of, parents
from auditgraph.checks.dqc.dqc_0195 import described, violation
from auditgraph.checks.filing_data import Fact, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0069"
FAIR_VALUE = "DefinedBenefitPlanFairValueOfPlanAssets"
COMPONENTS = (
    (7642, "DefinedBenefitPlanPlanAssetsInvestmentWithinPlanAssetCategoryAmount"),
    (7643, "DefinedBenefitPlanAmountOfEmployerAndRelatedPartySecuritiesIncludedInPlanAssets"),
)


def _others(f: Fact) -> tuple[tuple[str, str], ...]:
    return tuple(d for d in f.dims if d[0] != AXIS_QNAME)


def _reasons(f: Fact, above: set[str], fair_values: list[Fact]) -> list[tuple[str, Fact | None]]:
    """Why the component fact is wrong (each with the fair-value fact it is measured against), [] when it is not."""
    member = category_member(f)
    if member is None:
        return [(f"has no member on {AXIS}; report it with the plan asset category it belongs to", None)]
    if AXIS_QNAME in above:
        text = (
            f"uses {member}, which the filing's definition linkbase places directly below {AXIS} (as its domain); a "
            "component of plan assets should carry a more specific member, a child of the category member used for "
            f"{FAIR_VALUE}"
        )
        return [(text, None)]
    if f.value is None:
        return []
    parent_names = {local(p) for p in above}
    out: list[tuple[str, Fact | None]] = []
    for g in fair_values:
        gm = category_member(g)
        if g.value is None or gm is None or local(gm) not in parent_names:
            continue
        if g.period_key == f.period_key and g.unit == f.unit and _others(g) == _others(f) and f.value >= g.value:
            text = (
                f"is not less than {g.qname} ({g.raw}) of the category {gm} it belongs to (context {g.context_id}); a "
                "component of a plan asset category must be smaller than the category's fair value"
            )
            out.append((text, g))
    return out


def check(inp: RuleInput) -> list[CheckResult]:
    components = [(number, facts_of(inp, name)) for number, name in COMPONENTS]
    if not any(facts for _, facts in components):
        return []
    edges = under_axis(dimension_edges(inp.data.defs), AXIS_QNAME)
    fair_values = facts_of(inp, FAIR_VALUE)
    out = []
    for number, facts in components:
        for f in facts:
            member = category_member(f)
            above = parents(edges, member) if member else set()
            for text, g in _reasons(f, above, fair_values):
                value = f.raw if not f.nil else "nil"
                result = violation(RULE_ID, f"{RULE_ID}.{number}", f, f"{f.qname} ({value}; {described(f)}) {text}.")
                if g is not None:
                    result.facts.append(g.used("total"))
                out.append(result)
    return out


FAMILY = Rule(
    key="0069",
    rule_id=RULE_ID,
    name="Plan Asset Categories Component Members",
    codes=tuple(f"{RULE_ID}.{n}" for n, _ in COMPONENTS),
    check=check,
    forms=frozenset(),  # the compiled rule has no form test: any form
)
