"""DQC.US.0175 (litigation settlement amounts added into income statement items) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

IS = "http://abc.com/role/IncomeStatement"
NOTE = "http://abc.com/role/Contingencies"
GAAP_IS = "http://fasb.org/us-gaap/role/statement/StatementOfIncome"
TO = "us-gaap:LitigationSettlementAmountAwardedToOtherParty"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0175"], RuleInput(graph, load_filing_data(graph, fid)))


def taxonomy(b: FilingBuilder) -> None:
    b.calc(GAAP_IS, "us-gaap:NetIncomeLoss", [("us-gaap:OperatingIncomeLoss", 1)], owner="us-gaap/2025")
    b.calc(GAAP_IS, "us-gaap:OperatingIncomeLoss", [("us-gaap:OperatingExpenses", -1)], owner="us-gaap/2025")


def test_award_added_into_an_income_statement_item(graph: Graph):
    b = FilingBuilder("t-0175")
    taxonomy(b)
    b.calc(IS, "us-gaap:OperatingExpenses", [("us-gaap:CostOfRevenue", 1), (TO, 1)])
    b.write(graph)
    results = run(graph, "t-0175")
    assert [(r.sub_rule, r.status, r.concept, r.facts) for r in results] == [("DQC.US.0175.10130", "violation", TO, [])]
    assert "us-gaap:OperatingExpenses" in results[0].message


def test_award_in_a_note_calculation(graph: Graph):
    b = FilingBuilder("t-0175-note")
    taxonomy(b)
    b.calc(NOTE, "us-gaap:LossContingencyAccrualAtCarryingValue", [(TO, 1)])  # not an income statement item
    b.write(graph)
    assert run(graph, "t-0175-note") == []


def test_not_evaluable_without_the_taxonomy_calculations(graph: Graph):
    b = FilingBuilder("t-0175-nocalc")
    b.calc(IS, "us-gaap:OperatingExpenses", [("us-gaap:CostOfRevenue", 1), (TO, 1)])
    b.write(graph)
    [r] = run(graph, "t-0175-nocalc")
    assert r.status == "not_evaluable" and "calculation networks are not in the database" in r.reason
