"""DQC.US.0072 "Plan Asset Categories Percentage" (7647).

Official logic (compiled rule set 27, the same in 2023-2025, any form): every fact of
DefinedBenefitPlanPlanAssetsInvestmentWithinPlanAssetCategoryPercentage (nils included) is reported

- when it has no member on DefinedBenefitPlanByPlanAssetCategoriesAxis, or
- when its member hangs directly from the axis in the filing's dimensional relationships (some cube's
  dimension-domain arc from the axis ends at it): the percentage of an investment within a category should use a
  more specific member, a child of the category member that DefinedBenefitPlanFairValueOfPlanAssets uses.

A member the filing's cubes do not place under the axis at all passes. The element and the axis are us-gaap's (the
rule's *: prefix is its default namespace); members are compared by local name.
"""

from __future__ import annotations

from auditgraph.checks.dqc.dqc_0053 import DimEdge, dimension_edges, under_axis
from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, us_gaap_key, violation
from auditgraph.checks.filing_data import Fact, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0072"
CODE = f"{RULE_ID}.7647"
AXIS = "DefinedBenefitPlanByPlanAssetCategoriesAxis"
AXIS_QNAME = f"us-gaap:{AXIS}"  # the rule's *: prefix is its default namespace, us-gaap
CONCEPT = "DefinedBenefitPlanPlanAssetsInvestmentWithinPlanAssetCategoryPercentage"


def category_member(fact: Fact) -> str | None:
    """The fact's member on the plan asset categories axis (QName), None without it."""
    return next((m for a, m in fact.dims if a == AXIS_QNAME), None)


def parents(edges: list[DimEdge], member: str) -> set[str]:
    """The QNames the cubes put directly above a member of the axis (the axis itself for its domain); members are
    compared by local name, as prefixes may differ between contexts and linkbases."""
    return {e.source for e in edges if local(e.target) == local(member)}


def facts_of(inp: RuleInput, name: str) -> list[Fact]:
    """The engine's facts (duplicates of equal value once) of a us-gaap element given by local name."""
    return engine_facts(inp.data).get(us_gaap_key(inp.year, name), [])


def check(inp: RuleInput) -> list[CheckResult]:
    facts = facts_of(inp, CONCEPT)
    if not facts:
        return []
    edges = under_axis(dimension_edges(inp.data.defs), AXIS_QNAME)
    out = []
    for f in facts:
        member = category_member(f)
        if member is None:
            text = f"has no member on {AXIS}; report it with the plan asset category member it belongs to"
        elif AXIS_QNAME in parents(edges, member):
            text = (
                f"uses {member}, which the filing's definition linkbase places directly below {AXIS} (as its domain). "
                "An investment within a plan asset category should carry a more specific member: a child of the category "
                "member used for DefinedBenefitPlanFairValueOfPlanAssets"
            )
        else:
            continue
        value = f.raw if not f.nil else "nil"
        out.append(violation(RULE_ID, CODE, f, f"{f.qname} ({value}; {described(f)}) {text}."))
    return out


FAMILY = Rule(
    key="0072",
    rule_id=RULE_ID,
    name="Plan Asset Categories Percentage",
    codes=(CODE,),
    check=check,
    forms=frozenset(),  # the compiled rule has no form test: any form
)
