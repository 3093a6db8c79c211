"""DQC.US.0125 (negative lease cost without sublease income) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

COST = "us-gaap:LeaseCost"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0125"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def test_negative_lease_cost(rules_graph: Graph):
    b = FilingBuilder("t-0125")
    b.fact(COST, "-5000", fact_id="neg")
    b.fact(COST, "0", dims={"us-gaap:LeaseArrangementTypeAxis": "abc:OfficeMember"})  # zero is not below zero
    b.fact(COST, "-7000", dims={"srt:ProductOrServiceAxis": "abc:AdjustmentsMember"})  # "adjust": excluded member
    b.fact(COST, "-8000", dims={"us-gaap:StatementBusinessSegmentsAxis": "abc:RetailMember"})  # excluded axis
    b.fact(COST, "-9000", dims={"srt:ProductOrServiceAxis": "abc:StoresMember"}, fact_id="neg-dim")
    b.write(rules_graph)
    results = run(rules_graph, "t-0125")
    assert sorted((r.sub_rule, r.concept, r.facts[0].context_id, r.reported_value) for r in results) == sorted(
        [("DQC.US.0125.9589", COST, ctx(b, "neg"), "-5000"), ("DQC.US.0125.9589", COST, ctx(b, "neg-dim"), "-9000")]
    )


def test_sublease_income_anywhere_explains_it(rules_graph: Graph):
    b = FilingBuilder("t-0125-sub")
    b.fact(COST, "-5000")
    b.fact("us-gaap:SubleaseIncome", None, dims={"srt:ProductOrServiceAxis": "abc:StoresMember"})  # even nil
    b.write(rules_graph)
    assert run(rules_graph, "t-0125-sub") == []


def test_not_evaluable_without_the_constants(graph: Graph):
    b = FilingBuilder("t-0125-nc")
    b.fact(COST, "-5000")
    b.write(graph)
    [r] = run(graph, "t-0125-nc")
    assert r.status == "not_evaluable" and "EXCLUDE_NON_NEG_STRING_MEMBERS" in r.reason
