"""DQC.US.0206 (expense caption member that is not a statement expense) on hand-built filings."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

IS = "http://abc.com/role/IncomeStatement"
DISE = "us-gaap:DisaggregationOfIncomeStatementExpenseCaptionIdentifierAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0206"], RuleInput(graph, load_filing_data(graph, fid)))


def statement(b: FilingBuilder) -> None:
    b.role(IS, "0004 - Statement - Income Statement")
    b.concept("us-gaap:SellingGeneralAndAdministrativeExpense", balance="debit")
    b.concept("us-gaap:Revenues", balance="credit")
    b.calc(IS, "us-gaap:OperatingIncomeLoss", [("us-gaap:Revenues", 1), ("us-gaap:SellingGeneralAndAdministrativeExpense", -1)])


def test_member_not_an_expense_of_the_statements(graph: Graph):
    b = FilingBuilder("t-0206")
    statement(b)
    b.fact(
        "us-gaap:EmployeeBenefitsAndShareBasedCompensation", "10", dims={DISE: "us-gaap:SellingGeneralAndAdministrativeExpense"}
    )
    b.fact("us-gaap:EmployeeBenefitsAndShareBasedCompensation", "20", dims={DISE: "us-gaap:Revenues"})  # a credit caption
    half = (dt.date(2024, 7, 1), dt.date(2024, 12, 31))  # same member in a second context: still one finding
    b.fact("us-gaap:DepreciationDepletionAndAmortization", "30", dims={DISE: "us-gaap:Revenues"}, period=half)
    b.fact("us-gaap:DepreciationDepletionAndAmortization", "5", dims={DISE: "abc:ResearchMember"})  # not presented at all
    b.write(graph)
    results = run(graph, "t-0206")
    assert [(r.sub_rule, r.status, r.concept, r.facts) for r in results] == [
        ("DQC.US.0206.10721", "violation", "abc:ResearchMember", []),
        ("DQC.US.0206.10721", "violation", "us-gaap:Revenues", []),
    ]
    assert "2 context(s)" in results[1].message


def test_no_statement_network(graph: Graph):
    b = FilingBuilder("t-0206-none")
    b.fact("us-gaap:DepreciationDepletionAndAmortization", "5", dims={DISE: "abc:ResearchMember"})
    b.write(graph)
    assert run(graph, "t-0206-none") == []


def test_not_evaluable_before_the_2025_rule_set(graph: Graph):
    b = FilingBuilder("t-0206-2024", us_gaap_year=2024)
    statement(b)
    b.fact("us-gaap:DepreciationDepletionAndAmortization", "5", dims={DISE: "abc:ResearchMember"})
    b.write(graph)
    [r] = run(graph, "t-0206-2024")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0206 rule data for us-gaap 2024")
