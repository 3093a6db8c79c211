"""DQC.US.0053 (NonUsMember on RetirementPlanSponsorLocationAxis) on hand-built facts and cubes: each fact with the
member; without facts, one fact-less finding when the filing's cubes place the member under the axis."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

AXIS = "us-gaap:RetirementPlanSponsorLocationAxis"
DOMAIN = "us-gaap:RetirementPlanSponsorLocationDomain"
PLANS = "http://example.com/role/Plans"
END = dt.date(2024, 12, 31)


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0053"], RuleInput(graph, load_filing_data(graph, fid)))


def test_facts_with_the_member_are_reported_one_by_one(graph: Graph):
    b = FilingBuilder("t-0053")
    b.cube(PLANS, ["us-gaap:DefinedBenefitPlanFairValueOfPlanAssets"], AXIS, DOMAIN, {"us-gaap:NonUsMember": None})
    one = b.fact("us-gaap:DefinedBenefitPlanFairValueOfPlanAssets", "700", period=END, dims={AXIS: "us-gaap:NonUsMember"})
    two = b.fact("us-gaap:DefinedBenefitPlanBenefitObligation", None, period=END, dims={AXIS: "us-gaap:NonUsMember"})
    b.fact("us-gaap:DefinedBenefitPlanFairValueOfPlanAssets", "300", period=END, dims={AXIS: "country:US"})
    b.write(graph)
    results = run(graph, "t-0053")
    assert sorted((r.sub_rule, r.concept or "", r.facts[0].fact_id) for r in results) == sorted(
        [
            ("DQC.US.0053.7489", "us-gaap:DefinedBenefitPlanFairValueOfPlanAssets", one),
            ("DQC.US.0053.7489", "us-gaap:DefinedBenefitPlanBenefitObligation", two),
        ]
    )
    assert all(r.dimensions == [f"{AXIS}=us-gaap:NonUsMember"] for r in results)


def test_member_in_the_cubes_without_facts(graph: Graph):
    b = FilingBuilder("t-0053b")
    b.cube(PLANS, ["us-gaap:DefinedBenefitPlanFairValueOfPlanAssets"], AXIS, DOMAIN, {"abc:ForeignMember": None})
    b.def_arc(PLANS, "domain-member", "abc:ForeignMember", "us-gaap:NonUsMember")  # a grandchild of the domain
    b.write(graph)
    [r] = run(graph, "t-0053b")
    assert (r.sub_rule, r.concept, r.network, r.facts) == ("DQC.US.0053.7489", "us-gaap:NonUsMember", PLANS, [])


def test_narrow_misses(graph: Graph):
    b = FilingBuilder("t-0053c")
    # the member under another axis, and a NonUsMember in a network that is not a cube (no hypercube arcs)
    b.cube(
        PLANS,
        ["us-gaap:DefinedBenefitPlanFairValueOfPlanAssets"],
        "srt:StatementGeographicalAxis",
        "srt:SegmentGeographicalDomain",
        {"us-gaap:NonUsMember": None},
    )
    b.def_arc("http://example.com/role/Loose", "dimension-domain", AXIS, DOMAIN)
    b.def_arc("http://example.com/role/Loose", "domain-member", DOMAIN, "us-gaap:NonUsMember")
    b.fact(
        "us-gaap:DefinedBenefitPlanFairValueOfPlanAssets",
        "10",
        period=END,
        dims={"srt:StatementGeographicalAxis": "us-gaap:NonUsMember"},
    )
    b.write(graph)
    assert run(graph, "t-0053c") == []
    [r] = run(graph, "t-0053-missing")
    assert r.status == "not_evaluable" and "no filing 't-0053-missing'" in r.reason
