"""DQC.US.0057 on hand-built filings: the cash balance elements of a cash flow statement network."""

from __future__ import annotations

from _support import pres
from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

CF = "http://example.com/role/ConsolidatedStatementsOfCashFlows"


def cash_flow(fid: str, balance: str, role: str = CF, definition: str = "0000007 - Statement - Cash Flows") -> FilingBuilder:
    b = FilingBuilder(fid)
    b.role(role, definition)
    b.concept(balance, period_type="instant")
    pres(b, role, "us-gaap:StatementOfCashFlowsAbstract", ["us-gaap:NetCashProvidedByUsedInOperatingActivities", balance])
    return b


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0057"], RuleInput(graph, load_filing_data(graph, fid)))


def test_0057_cash_without_restricted_cash_is_9728(graph: Graph):
    cash_flow("t-0057-a", "us-gaap:CashAndCashEquivalentsAtCarryingValue").write(graph)
    (r,) = run(graph, "t-0057-a")
    assert (r.sub_rule, r.network, r.facts) == ("DQC.US.0057.9728", CF, [])
    assert "CashAndCashEquivalentsAtCarryingValue" in r.message


def test_0057_no_cash_element_is_both(graph: Graph):
    cash_flow("t-0057-b", "abc:CashAtEndOfPeriod").write(graph)
    assert sorted(r.sub_rule for r in run(graph, "t-0057-b")) == ["DQC.US.0057.7494", "DQC.US.0057.9728"]


def test_0057_narrow_misses(graph: Graph):
    cash_flow("t-0057-c", "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents").write(graph)
    cash_flow("t-0057-d", "abc:Cash", role="http://example.com/role/Operations").write(graph)  # no "cashflow" in the URI
    cash_flow("t-0057-e", "abc:Cash", definition="0000007 - Disclosure - Cash Flows").write(graph)
    assert run(graph, "t-0057-c") == [] and run(graph, "t-0057-d") == [] and run(graph, "t-0057-e") == []


def test_0057_not_evaluable_for_an_unloaded_filing(graph: Graph):
    (r,) = run(graph, "t-0057-none")
    assert r.status == "not_evaluable"
