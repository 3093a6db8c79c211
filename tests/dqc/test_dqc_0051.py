"""DQC.US.0051 (income tax inside a before-tax total) on hand-built calculations."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

IS = "http://example.com/role/IncomeStatement"
IS2 = "http://example.com/role/IncomeStatementAlternative"
PRETAX = "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0051"], RuleInput(graph, load_filing_data(graph, fid)))


def test_tax_deducted_in_a_before_tax_total(graph: Graph):
    b = FilingBuilder("t-0051", form="10-Q")
    b.role(IS, "300 - Statement - Operations")
    # the parent total deducts the tax two levels down: weight -1 x 1 = -1
    b.calc(IS, "us-gaap:IncomeLossAttributableToParent", [("us-gaap:OperatingIncomeLoss", 1), ("abc:TaxesAndOther", -1)])
    b.calc(IS, "abc:TaxesAndOther", [("us-gaap:IncomeTaxExpenseBenefit", 1)])
    # the pre-tax total adds a tax element through two negative weights: -1 x -1 = +1, fine
    b.calc(IS2, PRETAX, [("abc:NetOfTaxes", -1)])
    b.calc(IS2, "abc:NetOfTaxes", [("us-gaap:CurrentFederalTaxExpenseBenefit", -1)])
    b.write(graph)
    results = run(graph, "t-0051")
    assert [(r.status, r.sub_rule, r.concept, r.network, r.facts) for r in results] == [
        ("violation", "DQC.US.0051.7485", "us-gaap:IncomeTaxExpenseBenefit", IS, [])
    ]
    assert "IncomeLossAttributableToParent > TaxesAndOther > IncomeTaxExpenseBenefit" in results[0].message


def test_tax_deducted_in_an_after_tax_total_passes(graph: Graph):
    b = FilingBuilder("t-0051-ok")
    b.calc(IS, "us-gaap:ProfitLoss", [(PRETAX, 1), ("us-gaap:IncomeTaxExpenseBenefit", -1)])
    b.write(graph)
    assert run(graph, "t-0051-ok") == []
