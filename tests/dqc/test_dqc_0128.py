"""DQC.US.0128 on hand-built filings: a member value above the element's non-dimensional total."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

DEBT_AXIS = "us-gaap:LongtermDebtTypeAxis"
DEBT = {DEBT_AXIS: "abc:TermLoanMember"}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0128"], RuleInput(graph, load_filing_data(graph, fid)))


def test_0128_member_above_the_total_is_reported(rules_graph: Graph):
    b = FilingBuilder("t-0128-a")
    b.fact("us-gaap:LongTermDebt", "1000000", period="instant")
    b.fact("us-gaap:LongTermDebt", "1913620", period="instant", dims=DEBT, fact_id="part")
    b.fact("us-gaap:LongTermDebt", "900000", period="instant", dims={"us-gaap:LongtermDebtTypeAxis": "abc:BondMember"})
    b.write(rules_graph)
    (r,) = run(rules_graph, "t-0128-a")
    assert (r.sub_rule, r.concept, r.reported_value, r.expected_value) == (
        "DQC.US.0128.9594",
        "us-gaap:LongTermDebt",
        "1913620",
        "1000000",
    )
    assert [f.fact_id for f in r.facts] == ["part"] and r.dimensions == ["us-gaap:LongtermDebtTypeAxis=abc:TermLoanMember"]


def test_0128_narrow_misses(rules_graph: Graph):
    b = FilingBuilder("t-0128-b")
    b.fact("us-gaap:LongTermDebt", "1000000", period="instant")
    b.fact("us-gaap:LongTermDebt", "1000000", period="instant", dims=DEBT)  # equal: fine
    b.fact(
        "us-gaap:LongTermDebt", "1000001", decimals="0", period="instant", dims={DEBT_AXIS: "abc:OtherMember"}
    )  # decimals differ
    b.fact("us-gaap:LongTermDebt", "2000000", period=dt.date(2023, 12, 31), dims=DEBT)  # no total for that date
    two = {**DEBT, "srt:ProductOrServiceAxis": "abc:WidgetMember"}
    b.fact("us-gaap:LongTermDebt", "5000000", period="instant", dims=two)  # two dimensions: not this rule's factset
    b.fact("us-gaap:LongTermDebt", "5000000", period="instant", dims={"us-gaap:StatementBusinessSegmentsAxis": "abc:SegMember"})
    b.fact("us-gaap:ProfitLoss", "5", dims={"srt:ProductOrServiceAxis": "abc:WidgetMember"})  # can be negative: not listed
    b.fact("us-gaap:ProfitLoss", "1")
    b.write(rules_graph)
    assert run(rules_graph, "t-0128-b") == []


def test_0128_not_evaluable_without_the_constant(graph: Graph):
    b = FilingBuilder("t-0128-c")
    b.fact("us-gaap:LongTermDebt", "1", period="instant")
    b.write(graph)
    (r,) = run(graph, "t-0128-c")
    assert r.status == "not_evaluable" and "NON_NEG_ITEMS" in r.reason
