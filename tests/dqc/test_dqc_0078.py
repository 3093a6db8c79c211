"""DQC.US.0078 (ownership percentages without OwnershipAxis) on hand-built facts: fires, and narrowly misses."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

NCI = "us-gaap:MinorityInterestOwnershipPercentageByNoncontrollingOwners"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0078"], RuleInput(graph, load_filing_data(graph, fid)))


def test_percentages_need_the_ownership_axis(graph: Graph):
    b = FilingBuilder("t-0078", form="10-Q")
    pct = {"decimals": "2", "unit": "xbrli:pure", "period": "instant", "base_type": "pure"}
    b.fact(NCI, "0.45", fact_id="plain", **pct)  # type: ignore[arg-type]
    b.fact(NCI, "0.45", fact_id="plain-dup", **pct)  # type: ignore[arg-type]  # a complete duplicate: one finding
    b.fact(NCI, "0.3", dims={"us-gaap:StatementBusinessSegmentsAxis": "abc:WestMember"}, fact_id="other-axis", **pct)  # type: ignore[arg-type]
    b.fact(NCI, "0.2", dims={"srt:OwnershipAxis": "abc:OpCoMember"}, fact_id="owned", **pct)  # type: ignore[arg-type]
    b.fact("us-gaap:EquityMethodInvestmentOwnershipPercentage", "0.5", fact_id="not-listed", **pct)  # type: ignore[arg-type]
    b.write(graph)
    results = run(graph, "t-0078")
    assert sorted((r.sub_rule, r.concept, r.facts[0].fact_id, r.reported_value) for r in results) == [
        ("DQC.US.0078.7655", NCI, "other-axis", "0.3"),
        ("DQC.US.0078.7655", NCI, "plain", "0.45"),
    ]
    assert all("srt:OwnershipAxis" in r.message for r in results)


def test_a_year_without_rule_set_is_not_evaluated(graph: Graph):
    FilingBuilder("t-0078old", us_gaap_year=2022).write(graph)
    [r] = run(graph, "t-0078old")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0078 rule data for us-gaap 2022")
