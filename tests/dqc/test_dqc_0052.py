"""DQC.US.0052 (DomesticPlanMember on RetirementPlanSponsorLocationAxis) on hand-built facts: every fact with the
member is reported (text, nil and further dimensions too); another member of the axis is not."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

AXIS = "us-gaap:RetirementPlanSponsorLocationAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0052"], RuleInput(graph, load_filing_data(graph, fid)))


def test_facts_with_the_domestic_plan_member(graph: Graph):
    b = FilingBuilder("t-0052")
    end = dt.date(2024, 12, 31)
    assets = b.fact(
        "us-gaap:DefinedBenefitPlanFairValueOfPlanAssets", "5000", period=end, dims={AXIS: "us-gaap:DomesticPlanMember"}
    )
    plan = {AXIS: "us-gaap:DomesticPlanMember", "us-gaap:RetirementPlanNameAxis": "abc:MainPlanMember"}
    nil = b.fact("us-gaap:DefinedBenefitPlanBenefitObligation", None, period=end, dims=plan)
    text = b.fact(
        "us-gaap:DefinedBenefitPlanFundedStatusOfPlan", "funded", decimals=None, unit=None, base_type="string", dims=plan
    )
    b.fact("us-gaap:DefinedBenefitPlanFairValueOfPlanAssets", "4000", period=end, dims={AXIS: "country:US"})  # narrow miss
    b.fact("us-gaap:DefinedBenefitPlanFairValueOfPlanAssets", "9000", period=end)  # no axis
    # an extension member of the same name: the rule's *: prefix is its default namespace, us-gaap
    b.fact("us-gaap:DefinedBenefitPlanFairValueOfPlanAssets", "1", period=end, dims={AXIS: "abc:DomesticPlanMember"})
    b.write(graph)
    results = run(graph, "t-0052")
    got = sorted((r.concept or "", r.facts[0].fact_id, r.reported_value or "nil") for r in results)
    assert got == sorted(
        [
            ("us-gaap:DefinedBenefitPlanFairValueOfPlanAssets", assets, "5000"),
            ("us-gaap:DefinedBenefitPlanBenefitObligation", nil, "nil"),
            ("us-gaap:DefinedBenefitPlanFundedStatusOfPlan", text, "funded"),
        ]
    )
    assert {r.sub_rule for r in results} == {"DQC.US.0052.7487"}
    r = next(r for r in results if r.facts[0].fact_id == assets)
    assert r.dimensions == [f"{AXIS}=us-gaap:DomesticPlanMember"] and r.period == "instant:2024-12-31"
    assert r.contexts == [r.facts[0].context_id] and "DomesticPlanMember" in r.message


def test_not_evaluable_for_an_unloaded_filing(graph: Graph):
    [r] = run(graph, "t-0052-missing")
    assert r.status == "not_evaluable" and "no filing 't-0052-missing'" in r.reason
