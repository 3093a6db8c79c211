"""DQC.US.0089 (weighted average remaining lease terms on srt:RangeAxis) on hand-built facts."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

RANGE = "srt:RangeAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0089"], RuleInput(graph, load_filing_data(graph, fid)))


def term(b: FilingBuilder, qname: str, value: str | None, dims: dict[str, str] | None) -> str:
    return b.fact(qname, value, decimals=None, unit=None, base_type="string", dims=dims)


def test_lease_terms_on_the_range_axis(graph: Graph):
    b = FilingBuilder("t-0089")
    op = term(b, "us-gaap:OperatingLeaseWeightedAverageRemainingLeaseTerm1", "P5Y", {RANGE: "srt:MinimumMember"})
    fin = term(
        b,
        "us-gaap:FinanceLeaseWeightedAverageRemainingLeaseTerm1",
        None,
        {RANGE: "srt:MaximumMember", "srt:ConsolidatedEntitiesAxis": "srt:SubsidiariesMember"},
    )
    term(b, "us-gaap:OperatingLeaseWeightedAverageRemainingLeaseTerm1", "P6Y", None)  # no range: passes
    term(b, "us-gaap:LesseeOperatingLeaseRemainingLeaseTerm", "P9Y", {RANGE: "srt:MaximumMember"})  # the right element
    # an extension element of the same name: the rule's *: prefix is its default namespace, us-gaap
    term(b, "abc:OperatingLeaseWeightedAverageRemainingLeaseTerm1", "P4Y", {RANGE: "srt:MinimumMember"})
    b.write(graph)
    results = sorted(run(graph, "t-0089"), key=lambda r: r.concept or "")
    assert [(r.sub_rule, r.concept, r.facts[0].fact_id, r.reported_value) for r in results] == [
        ("DQC.US.0089.9373", "us-gaap:FinanceLeaseWeightedAverageRemainingLeaseTerm1", fin, None),
        ("DQC.US.0089.9373", "us-gaap:OperatingLeaseWeightedAverageRemainingLeaseTerm1", op, "P5Y"),
    ]
    assert results[1].dimensions == [f"{RANGE}=srt:MinimumMember"] and "srt:MinimumMember on srt:RangeAxis" in results[1].message


def test_not_evaluable_for_an_unloaded_filing(graph: Graph):
    [r] = run(graph, "t-0089-missing")
    assert r.status == "not_evaluable" and "no filing 't-0089-missing'" in r.reason
