"""DQC.US.0119 on hand-built filings: income before taxes that excludes equity method income."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

IS = "http://example.com/role/IncomeStatement"
BEFORE_TAX = "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0119"], RuleInput(graph, load_filing_data(graph, fid)))


def test_0119_pre_tax_income_without_equity_method_income(graph: Graph):
    b = FilingBuilder("t-0119-a")
    b.fact(BEFORE_TAX, "1179000000", fact_id="pti")
    b.fact(BEFORE_TAX, "0", period="instant", fact_id="zero")  # zero is reported too
    b.fact(BEFORE_TAX, "5", dims={"srt:ProductOrServiceAxis": "abc:XMember"})  # a dimensional fact is not
    b.write(graph)
    assert sorted((r.sub_rule, r.facts[0].fact_id) for r in run(graph, "t-0119-a")) == [
        ("DQC.US.0119.9576", "pti"),
        ("DQC.US.0119.9576", "zero"),
    ]


def test_0119_equity_income_anywhere_clears_9576_but_in_the_calculation_is_9577(graph: Graph):
    b = FilingBuilder("t-0119-b")
    b.calc(IS, "us-gaap:IncomeLossFromContinuingOperations", [(BEFORE_TAX, 1), ("us-gaap:IncomeTaxExpenseBenefit", -1)])
    b.calc(IS, BEFORE_TAX, [("us-gaap:OperatingIncomeLoss", 1), ("abc:OtherIncome", 1)])
    b.calc(IS, "abc:OtherIncome", [("us-gaap:IncomeLossFromEquityMethodInvestments", 1)])
    b.fact(BEFORE_TAX, "100")
    b.fact("us-gaap:IncomeLossFromEquityMethodInvestments", None, dims={"srt:ProductOrServiceAxis": "abc:XMember"})  # nil
    b.write(graph)
    (r,) = run(graph, "t-0119-b")
    assert (r.sub_rule, r.concept, r.facts) == ("DQC.US.0119.9577", "us-gaap:IncomeLossFromEquityMethodInvestments", [])


def test_0119_not_evaluable_without_rule_data_for_the_year(graph: Graph):
    b = FilingBuilder("t-0119-c", us_gaap_year=2021)
    b.fact(BEFORE_TAX, "100")
    b.write(graph)
    (r,) = run(graph, "t-0119-c")
    assert r.status == "not_evaluable" and "2021" in r.reason
