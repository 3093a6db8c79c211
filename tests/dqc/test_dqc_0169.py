"""DQC.US.0169 (calculations in a parenthetical statement) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

BSP = "http://abc.com/role/BalanceSheetParenthetical"
BS = "http://abc.com/role/BalanceSheet"
CFP = "http://abc.com/role/CashFlowParenthetical"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0169"], RuleInput(graph, load_filing_data(graph, fid)))


def test_monetary_calculation_in_a_parenthetical(graph: Graph):
    b = FilingBuilder("t-0169")
    b.role(BSP, "0003 - Statement - Balance Sheet (Parenthetical)")
    b.calc(BSP, "us-gaap:AccountsReceivableNetCurrent", [("us-gaap:AccountsReceivableGrossCurrent", 1)])
    b.role(BS, "0002 - Statement - Balance Sheet")  # the face statement may have calculations
    b.calc(BS, "us-gaap:Assets", [("us-gaap:AssetsCurrent", 1)])
    b.role(CFP, "0007 - Statement - Cash Flows (Parenthetical)")  # cash flow: only duration items count
    b.concept("us-gaap:Cash", period_type="instant")
    b.concept("us-gaap:CashEquivalentsAtCarryingValue", period_type="instant")
    b.calc(CFP, "us-gaap:Cash", [("us-gaap:CashEquivalentsAtCarryingValue", 1)])
    b.write(graph)
    results = run(graph, "t-0169")
    assert [(r.sub_rule, r.status, r.network, r.facts) for r in results] == [("DQC.US.0169.10102", "violation", BSP, [])]
    assert "us-gaap:AccountsReceivableGrossCurrent" in results[0].message


def test_cash_flow_parenthetical_with_a_duration_item(graph: Graph):
    b = FilingBuilder("t-0169-cf")
    b.role(CFP, "0007 - Statement - Cash Flows (Parenthetical)")
    b.calc(CFP, "us-gaap:InterestPaidNet", [("us-gaap:InterestPaid", 1)])
    b.write(graph)
    assert [(r.sub_rule, r.network) for r in run(graph, "t-0169-cf")] == [("DQC.US.0169.10102", CFP)]


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    b = FilingBuilder("t-0169-2022", us_gaap_year=2022)
    b.role(BSP, "0003 - Statement - Balance Sheet (Parenthetical)")
    b.calc(BSP, "us-gaap:AccountsReceivableNetCurrent", [("us-gaap:AccountsReceivableGrossCurrent", 1)])
    b.write(graph)
    [r] = run(graph, "t-0169-2022")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0169 rule data for us-gaap 2022")
