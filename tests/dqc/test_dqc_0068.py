"""DQC.US.0068 (geographical axis with pension line items) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0068"], RuleInput(graph, load_filing_data(graph, fid)))


def test_pension_line_items_on_the_geographical_axis(rules_graph: Graph):
    b = FilingBuilder("t-0068")
    geo = {"srt:StatementGeographicalAxis": "country:US"}
    b.fact("us-gaap:DefinedBenefitPlanContributionsByEmployer", "10000", fact_id="geo", dims=geo)
    b.fact(
        "us-gaap:DefinedBenefitPlanContributionsByEmployer",
        "9000",
        fact_id="sponsor",
        dims={"us-gaap:RetirementPlanSponsorLocationAxis": "us-gaap:ForeignPlanMember"},
    )
    b.fact("us-gaap:Revenues", "5", fact_id="not-pension", dims=geo)
    b.write(rules_graph)
    results = run(rules_graph, "t-0068")
    assert [(r.status, r.sub_rule, r.concept, r.facts[0].fact_id, r.reported_value) for r in results] == [
        ("violation", "DQC.US.0068.7641", "us-gaap:DefinedBenefitPlanContributionsByEmployer", "geo", "10000")
    ]
    written = next(f for f in b.facts if f["props"]["fact_id"] == "geo")
    assert results[0].facts[0].context_id == written["props"]["context_id"] and "country:US" in results[0].message


def test_not_evaluable_without_the_constant(graph: Graph):
    FilingBuilder("t-0068-none").write(graph)
    results = run(graph, "t-0068-none")
    assert [(r.status, r.rule_id) for r in results] == [("not_evaluable", "DQC.US.0068")]
    assert "NETWORK_730000_TARGET_NON_ABSTRACT_QNAMES" in results[0].reason
