"""DQC.US.0072 (plan asset category percentage members) on hand-built facts and cubes: no category member, a member
directly below the axis, a member below a category (passes), a member outside the cubes (passes)."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

AXIS = "us-gaap:DefinedBenefitPlanByPlanAssetCategoriesAxis"
DOMAIN = "us-gaap:PlanAssetCategoriesDomain"
PCT = "us-gaap:DefinedBenefitPlanPlanAssetsInvestmentWithinPlanAssetCategoryPercentage"
ROLE = "http://example.com/role/PlanAssets"
END = dt.date(2024, 12, 31)


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0072"], RuleInput(graph, load_filing_data(graph, fid)))


def pct(b: FilingBuilder, value: str | None, member: str | None) -> str:
    dims = {AXIS: member} if member else None
    return b.fact(PCT, value, decimals="2", unit="xbrli:pure", period=END, dims=dims, base_type="percent")


def test_percentages_without_a_specific_member(graph: Graph):
    b = FilingBuilder("t-0072")
    b.cube(
        ROLE,
        [PCT],
        AXIS,
        DOMAIN,
        {"us-gaap:EquitySecuritiesMember": None, "abc:LargeCapMember": "us-gaap:EquitySecuritiesMember"},
    )
    bare = pct(b, "0.25", None)
    domain = pct(b, None, DOMAIN)  # nil, with the domain itself: reported
    pct(b, "0.40", "abc:LargeCapMember")  # below a category: passes
    pct(b, "0.60", "us-gaap:EquitySecuritiesMember")  # a category (child of the domain): passes
    pct(b, "0.10", "abc:OutsideMember")  # not in any cube: passes
    b.write(graph)
    results = run(graph, "t-0072")
    assert sorted((r.sub_rule, r.concept or "", r.facts[0].fact_id, r.reported_value or "nil") for r in results) == sorted(
        [("DQC.US.0072.7647", PCT, bare, "0.25"), ("DQC.US.0072.7647", PCT, domain, "nil")]
    )
    by_id = {r.facts[0].fact_id: r for r in results}
    assert "has no member on DefinedBenefitPlanByPlanAssetCategoriesAxis" in by_id[bare].message
    assert "directly below DefinedBenefitPlanByPlanAssetCategoriesAxis" in by_id[domain].message
    assert by_id[domain].dimensions == [f"{AXIS}={DOMAIN}"]


def test_no_facts_and_unloaded_filing(graph: Graph):
    b = FilingBuilder("t-0072b")
    b.fact("us-gaap:DefinedBenefitPlanFairValueOfPlanAssets", "100", period=END)
    b.write(graph)
    assert run(graph, "t-0072b") == []
    [r] = run(graph, "t-0072-missing")
    assert r.status == "not_evaluable" and "no filing 't-0072-missing'" in r.reason
