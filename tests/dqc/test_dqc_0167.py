"""DQC.US.0167 (statement calculation trees) on hand-built filings: a statement without a calculation, and a
calculation split into trees that us-gaap joins; narrow misses and the not-evaluable case."""

from __future__ import annotations

from _support import pres
from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

IS = "http://example.com/role/IncomeStatement"
BS = "http://example.com/role/BalanceSheet"
CI = "http://example.com/role/ComprehensiveIncome"
GAAP = "http://fasb.org/us-gaap/role/statement/StatementOfIncome"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0167"], RuleInput(graph, load_filing_data(graph, fid)))


def statements(fid: str, form: str = "10-K", us_gaap_year: int = 2025) -> FilingBuilder:
    b = FilingBuilder(fid, form=form, us_gaap_year=us_gaap_year)
    b.role(IS, "200 - Statement - Income Statement")
    b.role(BS, "100 - Statement - Balance Sheet")
    b.role(CI, "300 - Statement - Comprehensive Income")
    # us-gaap calculates Revenues under NetIncomeLoss (through continuing operations)
    b.calc(GAAP, "us-gaap:NetIncomeLoss", [("us-gaap:IncomeLossFromContinuingOperations", 1)], owner=f"us-gaap/{us_gaap_year}")
    b.calc(GAAP, "us-gaap:IncomeLossFromContinuingOperations", [("us-gaap:Revenues", 1)], owner=f"us-gaap/{us_gaap_year}")
    # the filing's income statement calculation has two trees
    b.calc(IS, "us-gaap:NetIncomeLoss", [("us-gaap:IncomeTaxExpenseBenefit", -1)])
    b.calc(IS, "us-gaap:Revenues", [("us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", 1)])
    pres(b, BS, "us-gaap:StatementOfFinancialPositionAbstract", "us-gaap:Assets")  # a balance sheet without calculation
    pres(b, CI, "us-gaap:StatementOfIncomeAndComprehensiveIncomeAbstract", "us-gaap:ComprehensiveIncomeNetOfTax")  # one amount
    return b


def test_missing_and_split_statement_calculations(graph: Graph):
    statements("t-0167").write(graph)
    results = sorted(run(graph, "t-0167"), key=lambda r: r.sub_rule)
    assert [(r.sub_rule, r.concept, r.network, r.facts) for r in results] == [
        ("DQC.US.0167.10099", None, BS, []),
        ("DQC.US.0167.10100", "us-gaap:NetIncomeLoss", IS, []),
    ]
    assert "us-gaap:Revenues" in results[1].message and "200 - Statement - Income Statement" in results[1].message
    assert BS in results[0].message
    assert (results[0].network_definition, results[1].network_definition) == (
        "100 - Statement - Balance Sheet",
        "200 - Statement - Income Statement",
    )


def test_one_tree_and_registration_statements(graph: Graph):
    b = statements("t-0167-one")
    b.calc(IS, "us-gaap:NetIncomeLoss", [("us-gaap:Revenues", 1)])  # the trees joined: a single root
    b.calc(BS, "us-gaap:Assets", [("us-gaap:AssetsCurrent", 1)])
    b.write(graph)
    assert run(graph, "t-0167-one") == []
    statements("t-0167-s1", form="S-1").write(graph)
    assert run(graph, "t-0167-s1") == []


def test_split_trees_not_evaluable_without_usgaap_calculations(graph: Graph):
    b = statements("t-0167-2024", us_gaap_year=2024)
    b.arcs["calc"] = [a for a in b.arcs["calc"] if a["props"]["owner"] != "us-gaap/2024"]
    b.write(graph)
    results = {r.sub_rule: r for r in run(graph, "t-0167-2024")}
    assert results["DQC.US.0167.10100"].status == "not_evaluable" and "us-gaap/2024" in results["DQC.US.0167.10100"].reason
    assert results["DQC.US.0167.10099"].status == "violation"
