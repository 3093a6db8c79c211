"""DQC.US.0181 (interest expense classification) on hand-built filings: each sub-rule fires, and narrowly misses."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

IS = "http://example.com/role/IncomeStatement"
OTHER = "http://example.com/role/OtherIncome"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0181"], RuleInput(graph, load_filing_data(graph, fid)))


def test_interest_elements_under_the_wrong_totals(graph: Graph):
    b = FilingBuilder("t-0181")
    b.role(IS, "100 - Statement - Income Statement")
    # two levels down: NonoperatingIncomeExpense -> OtherNonoperatingIncomeExpense -> InterestExpense
    b.calc(
        IS,
        "us-gaap:NonoperatingIncomeExpense",
        [("us-gaap:OtherNonoperatingIncomeExpense", 1), ("us-gaap:InvestmentIncomeInterest", 1)],
    )
    b.calc(IS, "us-gaap:OtherNonoperatingIncomeExpense", [("us-gaap:InterestExpense", -1)])
    b.calc(
        IS,
        "us-gaap:OperatingExpenses",
        [("us-gaap:InterestExpenseNonoperating", 1), ("us-gaap:SellingGeneralAndAdministrativeExpense", 1)],
    )
    b.write(graph)
    results = run(graph, "t-0181")
    assert [(r.status, r.sub_rule, r.concept, r.network, r.facts) for r in results] == [
        ("violation", "DQC.US.0181.10180", "us-gaap:InterestExpense", IS, []),
        ("violation", "DQC.US.0181.10182", "us-gaap:InterestExpenseNonoperating", IS, []),
    ]
    assert "InterestExpenseNonoperating instead" in results[0].message
    assert "InterestExpenseOperating instead" in results[1].message


def test_right_elements_and_paths_across_networks_pass(graph: Graph):
    b = FilingBuilder("t-0181-ok", form="10-Q")
    b.role(IS, "100 - Statement - Income Statement")
    b.role(OTHER, "200 - Disclosure - Other Income")
    b.calc(
        IS,
        "us-gaap:NonoperatingIncomeExpense",
        [("us-gaap:InterestExpenseNonoperating", -1), ("us-gaap:OtherNonoperatingIncomeExpense", 1)],
    )
    b.calc(IS, "us-gaap:InterestIncomeExpenseNet", [("us-gaap:InterestExpenseOperating", -1)])
    # InterestExpense under OtherNonoperatingIncomeExpense only in another network: no path within one network
    b.calc(OTHER, "us-gaap:OtherNonoperatingIncomeExpense", [("us-gaap:InterestExpense", -1)])
    b.write(graph)
    assert run(graph, "t-0181-ok") == []


def test_not_in_the_2023_rule_set(graph: Graph):
    b = FilingBuilder("t-0181-2023", us_gaap_year=2023)
    b.calc(IS, "us-gaap:NonoperatingIncomeExpense", [("us-gaap:InterestExpense", -1)])
    b.write(graph)
    results = run(graph, "t-0181-2023")
    assert [(r.status, r.rule_id) for r in results] == [("not_evaluable", "DQC.US.0181")]
    assert "2023" in results[0].reason
