"""DQC.US.0112 (line items requiring the BusinessAcquisitionAxis) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

BAA = "us-gaap:BusinessAcquisitionAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0112"], RuleInput(graph, load_filing_data(graph, fid)))


def test_acquisition_details_without_the_acquisition(graph: Graph):
    b = FilingBuilder("t-0112")
    b.fact("us-gaap:BusinessAcquisitionRevenueReportedByAcquiredEntityForLastAnnualPeriod", "8033000", fact_id="plain")
    b.fact(
        "us-gaap:BusinessCombinationStepAcquisitionEquityInterestInAcquireePercentage",
        "0.32",
        decimals="2",
        unit="xbrli:pure",
        fact_id="other-axis",
        dims={"srt:ConsolidatedEntitiesAxis": "abc:SubMember"},
    )
    b.fact(
        "us-gaap:BusinessCombinationStepAcquisitionEquityInterestInAcquireeDescription",
        "2.4 million",
        None,
        None,
        base_type="string",
        fact_id="text",
    )
    b.fact("us-gaap:BusinessAcquisitionSharePrice", "12", decimals="2", fact_id="ok", dims={BAA: "abc:TargetCoMember"})
    b.fact("us-gaap:BusinessCombinationConsiderationTransferred1", "900", fact_id="not-listed")
    b.write(graph)
    results = run(graph, "t-0112")
    assert sorted((r.sub_rule, r.concept, r.facts[0].fact_id, r.reported_value) for r in results) == [
        ("DQC.US.0112.9561", "us-gaap:BusinessAcquisitionRevenueReportedByAcquiredEntityForLastAnnualPeriod", "plain", "8033000"),
        (
            "DQC.US.0112.9561",
            "us-gaap:BusinessCombinationStepAcquisitionEquityInterestInAcquireeDescription",
            "text",
            "2.4 million",
        ),
        (
            "DQC.US.0112.9561",
            "us-gaap:BusinessCombinationStepAcquisitionEquityInterestInAcquireePercentage",
            "other-axis",
            "0.32",
        ),
    ]
    other = next(r for r in results if r.facts[0].fact_id == "other-axis")
    written = next(f for f in b.facts if f["props"]["fact_id"] == "other-axis")
    assert other.facts[0].context_id == written["props"]["context_id"] and BAA.split(":")[1] in other.message
