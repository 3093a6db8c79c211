"""DQC.US.0054 (StatementGeographicalAxis on a retirement plan table) on hand-built definition arcs."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

PLANS = "http://example.com/role/Plans"
OTHER = "http://example.com/role/Other"
GEO = "srt:StatementGeographicalAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0054"], RuleInput(graph, load_filing_data(graph, fid)))


def test_geographical_axis_on_plan_tables(graph: Graph):
    b = FilingBuilder("t-0054")
    b.def_arc(PLANS, "hypercube-dimension", "us-gaap:DefinedContributionPlanTable", GEO)
    b.def_arc(OTHER, "hypercube-dimension", "us-gaap:DefinedContributionPlanTable", GEO)
    b.def_arc(PLANS, "hypercube-dimension", "us-gaap:ScheduleOfDefinedBenefitPlansDisclosuresTable", GEO)
    # narrow misses: the sponsor location axis on a plan table, the geographical axis on another table
    b.def_arc(
        PLANS,
        "hypercube-dimension",
        "us-gaap:DefinedBenefitPlansAndOtherPostretirementBenefitPlansDisclosuresTable",
        "us-gaap:RetirementPlanSponsorLocationAxis",
    )
    b.def_arc(OTHER, "hypercube-dimension", "us-gaap:StatementTable", GEO)
    b.write(graph)
    results = run(graph, "t-0054")
    assert [(r.sub_rule, r.concept, r.network, r.facts) for r in results] == [
        ("DQC.US.0054.7490", "us-gaap:ScheduleOfDefinedBenefitPlansDisclosuresTable", PLANS, []),
        ("DQC.US.0054.7491", "us-gaap:DefinedContributionPlanTable", OTHER, []),
    ]
    assert f"({OTHER}, {PLANS})" in results[1].message and f"({PLANS})" in results[0].message


def test_not_evaluable_for_an_unloaded_filing(graph: Graph):
    [r] = run(graph, "t-0054-missing")
    assert r.status == "not_evaluable" and "no filing 't-0054-missing'" in r.reason
