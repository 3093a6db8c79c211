"""DQC.US.0183 on hand-built filings: balance sheet and activity location axes with the wrong kind of element."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

BSLA = "us-gaap:BalanceSheetLocationAxis"
ACCRUAL = "us-gaap:StatementOfFinancialPositionLocationActivityAccrualAxis"
CAPITALIZATION = "us-gaap:StatementOfFinancialPositionLocationActivityCapitalizationAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0183"], RuleInput(graph, load_filing_data(graph, fid)))


def test_0183_each_axis_with_the_wrong_element(rules_graph: Graph):
    b = FilingBuilder("t-0183-a")
    b.fact("us-gaap:AssetImpairmentCharges", "40000000", dims={BSLA: "abc:OtherAssetsMember"}, fact_id="dur")
    b.fact("us-gaap:OtherAssetsNoncurrent", "10", period="instant", dims={BSLA: "abc:OtherAssetsMember"})  # a balance: fine
    b.fact("us-gaap:Assets", "5", period="instant", dims={ACCRUAL: "abc:AccruedMember"}, fact_id="acc")  # instant, not P&L
    b.fact("us-gaap:Liabilities", "6", period="instant", dims={CAPITALIZATION: "abc:CapMember"}, fact_id="cap")
    b.fact("us-gaap:OperatingLeaseCost", "7", dims={CAPITALIZATION: "abc:CapMember"})  # a duration: fine
    b.write(rules_graph)
    found = sorted((r.sub_rule, r.facts[0].fact_id) for r in run(rules_graph, "t-0183-a"))
    assert found == [
        ("DQC.US.0183.10161", "dur"),
        ("DQC.US.0183.10162", "acc"),
        ("DQC.US.0183.10177", "acc"),
        ("DQC.US.0183.10178", "cap"),
    ]


def test_0183_not_evaluable_without_the_constant(graph: Graph):
    FilingBuilder("t-0183-b").write(graph)
    (r,) = run(graph, "t-0183-b")
    assert r.status == "not_evaluable" and "INCOME_STATEMENT_CONCEPTS" in r.reason
