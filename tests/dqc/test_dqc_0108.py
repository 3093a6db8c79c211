"""DQC.US.0108 on hand-built filings: a shorter period's value above the value of a longer period containing it."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

YEAR = (dt.date(2024, 1, 1), dt.date(2024, 12, 31))
Q4 = (dt.date(2024, 10, 1), dt.date(2024, 12, 31))
H2 = (dt.date(2024, 7, 1), dt.date(2024, 12, 31))


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0108"], RuleInput(graph, load_filing_data(graph, fid)))


def test_0108_quarter_above_its_year(rules_graph: Graph):
    b = FilingBuilder("t-0108-a")
    b.fact("us-gaap:LegalFees", "700", decimals="0", period=Q4, fact_id="q4")
    b.fact("us-gaap:LegalFees", "500", decimals="0", period=YEAR, fact_id="year")
    b.fact("us-gaap:LegalFees", "800", decimals="0", period=H2, fact_id="h2")  # above the year too, below nothing shorter
    b.fact("us-gaap:CostOfRevenue", "45000", decimals="0", period=H2, fact_id="cost-h2")  # 10095 list
    b.fact("us-gaap:CostOfRevenue", "40000", decimals="0", period=YEAR)
    b.write(rules_graph)
    found = sorted((r.sub_rule, r.facts[0].fact_id, r.expected_value) for r in run(rules_graph, "t-0108-a"))
    assert found == [
        ("DQC.US.0108.10095", "cost-h2", "40000"),
        ("DQC.US.0108.9564", "h2", "500"),
        ("DQC.US.0108.9564", "q4", "500"),
    ]  # q4 (700) is below h2 (800): only the year is exceeded


def test_0108_narrow_misses(rules_graph: Graph):
    b = FilingBuilder("t-0108-b")
    b.fact("us-gaap:LegalFees", "500400", decimals="-3", period=Q4)  # rounds to the year's 500000
    b.fact("us-gaap:LegalFees", "500000", decimals="-3", period=YEAR)
    elim = {"srt:ConsolidationItemsAxis": "us-gaap:IntersegmentEliminationMember"}
    b.fact("us-gaap:LegalFees", "900", decimals="0", period=Q4, dims=elim)  # an elimination member is left out
    b.fact("us-gaap:LegalFees", "100", decimals="0", period=YEAR, dims=elim)
    b.fact("us-gaap:LegalFees", "-900", decimals="0", period=H2, dims={"srt:ProductOrServiceAxis": "abc:WidgetMember"})
    b.fact("us-gaap:LegalFees", "100", decimals="0", period=YEAR, dims={"srt:ProductOrServiceAxis": "abc:WidgetMember"})
    b.fact("us-gaap:ProfitLoss", "900", decimals="0", period=Q4)  # not a never-negative element
    b.fact("us-gaap:ProfitLoss", "100", decimals="0", period=YEAR)
    b.write(rules_graph)
    assert run(rules_graph, "t-0108-b") == []


def test_0108_not_evaluable_without_the_constants_or_for_other_forms(graph: Graph):
    FilingBuilder("t-0108-c").write(graph)
    (r,) = run(graph, "t-0108-c")
    assert r.status == "not_evaluable" and "NON_NEG_ITEMS" in r.reason
    FilingBuilder("t-0108-d", form="S-1").write(graph)
    (r,) = run(graph, "t-0108-d")
    assert r.status == "not_evaluable" and "S-1" in r.reason
