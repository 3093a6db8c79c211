"""DQC.US.0157 (banking ratio below 0.01 entered with an inline scale) on hand-built filings: the graph holds no inline
scale, so a ratio below 0.01 makes the rule not evaluable; without one the rule is certain to report nothing."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

PURE = {"unit": "xbrli:pure", "decimals": "4", "period": "instant"}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0157"], RuleInput(graph, load_filing_data(graph, fid)))


def test_small_ratio_cannot_be_decided(rules_graph: Graph):
    b = FilingBuilder("t-0157")
    b.fact("us-gaap:SupplementaryLeverageRatio", "0.0005", fact_id="tiny", **PURE)
    b.write(rules_graph)
    [r] = run(rules_graph, "t-0157")
    assert (
        r.status == "not_evaluable"
        and "inline XBRL scale" in r.reason
        and "us-gaap:SupplementaryLeverageRatio = 0.0005" in r.reason
    )


def test_ratios_of_at_least_one_percent(rules_graph: Graph):
    b = FilingBuilder("t-0157-ok")
    b.fact("us-gaap:SupplementaryLeverageRatio", "0.01", **PURE)  # not below 0.01
    b.fact("us-gaap:SupplementaryLeverageRatio", None, dims={"srt:ConsolidatedEntitiesAxis": "abc:BankMember"}, **PURE)
    b.write(rules_graph)
    assert run(rules_graph, "t-0157-ok") == []


def test_not_evaluable_without_the_constant(graph: Graph):
    b = FilingBuilder("t-0157-nc")
    b.fact("us-gaap:SupplementaryLeverageRatio", "0.05", **PURE)
    b.write(graph)
    [r] = run(graph, "t-0157-nc")
    assert r.status == "not_evaluable" and "BANKING_MEASURES_BETWEEN_ZERO_AND_ONE" in r.reason
