"""DQC.US.0069 (plan asset category component members) on hand-built facts and cubes: the three ways a component
fails (no member, a member directly below the axis, a value not below its category's fair value) and narrow misses."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

AXIS = "us-gaap:DefinedBenefitPlanByPlanAssetCategoriesAxis"
DOMAIN = "us-gaap:PlanAssetCategoriesDomain"
INV = "us-gaap:DefinedBenefitPlanPlanAssetsInvestmentWithinPlanAssetCategoryAmount"
REL = "us-gaap:DefinedBenefitPlanAmountOfEmployerAndRelatedPartySecuritiesIncludedInPlanAssets"
FV = "us-gaap:DefinedBenefitPlanFairValueOfPlanAssets"
EQ = "us-gaap:EquitySecuritiesMember"
ROLE = "http://example.com/role/PlanAssets"
END = dt.date(2024, 12, 31)
PLAN = "us-gaap:RetirementPlanNameAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0069"], RuleInput(graph, load_filing_data(graph, fid)))


def amount(b: FilingBuilder, qname: str, value: str | None, member: str | None, plan: str | None = None) -> str:
    dims = {AXIS: member} if member else {}
    if plan:
        dims[PLAN] = plan
    return b.fact(qname, value, period=END, dims=dims or None)


def test_components_that_fail(graph: Graph):
    b = FilingBuilder("t-0069")
    b.cube(ROLE, [INV, REL, FV], AXIS, DOMAIN, {EQ: None, "abc:OwnSharesMember": EQ, "abc:LargeCapMember": EQ})
    bare = amount(b, INV, "50", None)  # 7642, no member
    rel_nil = amount(b, REL, None, None)  # 7643, nil without member: reported too
    at_domain = amount(b, REL, "5", DOMAIN)  # 7643, the domain: directly below the axis
    fv = amount(b, FV, "1000", EQ, plan="abc:MainPlanMember")
    big = amount(b, REL, "1000", "abc:OwnSharesMember", plan="abc:MainPlanMember")  # equal to its category: reported
    amount(b, INV, "999", "abc:LargeCapMember", plan="abc:MainPlanMember")  # narrow miss: one less
    amount(b, INV, "2000", "abc:LargeCapMember", plan="abc:OtherPlanMember")  # no fair value for that plan
    amount(b, INV, "3000", "abc:LargeCapMember")  # nor without the plan axis
    b.write(graph)
    results = run(graph, "t-0069")
    got = sorted((r.sub_rule, r.facts[0].fact_id, tuple(f.fact_id for f in r.facts[1:])) for r in results)
    assert got == sorted(
        [
            ("DQC.US.0069.7642", bare, ()),
            ("DQC.US.0069.7643", rel_nil, ()),
            ("DQC.US.0069.7643", at_domain, ()),
            ("DQC.US.0069.7643", big, (fv,)),
        ]
    )
    by_id = {r.facts[0].fact_id: r for r in results}
    assert by_id[big].concept == REL and by_id[big].reported_value == "1000"
    assert "is not less than us-gaap:DefinedBenefitPlanFairValueOfPlanAssets (1000)" in by_id[big].message
    assert "directly below DefinedBenefitPlanByPlanAssetCategoriesAxis" in by_id[at_domain].message


def test_no_components_and_unloaded_filing(graph: Graph):
    b = FilingBuilder("t-0069b")
    amount(b, FV, "100", EQ)
    b.write(graph)
    assert run(graph, "t-0069b") == []
    [r] = run(graph, "t-0069-missing")
    assert r.status == "not_evaluable" and "no filing 't-0069-missing'" in r.reason
