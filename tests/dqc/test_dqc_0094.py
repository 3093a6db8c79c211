"""DQC.US.0094 (remainder of the fiscal year in maturity schedules) on hand-built filings: a remainder-of-year fact
at the fiscal year end of an annual report (9526), and a remainder with year two but no year one (9527)."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

REST = "us-gaap:LongTermDebtMaturitiesRepaymentsOfPrincipalRemainderOfFiscalYear"
ONE = "us-gaap:LongTermDebtMaturitiesRepaymentsOfPrincipalInNextTwelveMonths"
TWO = "us-gaap:LongTermDebtMaturitiesRepaymentsOfPrincipalInYearTwo"
SERIES = {"us-gaap:LongtermDebtTypeAxis": "abc:TermLoanMember"}
END, QUARTER = dt.date(2024, 12, 31), dt.date(2024, 9, 30)


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0094"], RuleInput(graph, load_filing_data(graph, fid)))


def found(results: list[CheckResult]) -> list[tuple[str, str | None, str, str | None]]:
    return sorted((r.sub_rule, r.concept, r.facts[0].concept, r.facts[0].context_id) for r in results)


def test_remainder_at_the_fiscal_year_end_of_an_annual_report(rules_graph: Graph):
    b = FilingBuilder("t-0094")
    b.fact(REST, "30000", period=END, fact_id="rest")
    b.fact(ONE, "50000", period=END)  # year one is there: no 9527
    b.fact(TWO, "60000", period=END)
    b.fact(REST, "10000", period=dt.date(2023, 12, 31), fact_id="rest-prior")  # not at this year's end
    b.write(rules_graph)
    results = run(rules_graph, "t-0094")
    doc_context = b.facts[0]["props"]["context_id"]
    assert found(results) == [("DQC.US.0094.9526", REST, "dei:DocumentType", doc_context)]  # the engine names DocumentType
    assert "30000" in results[0].message and "LongTermDebtMaturitiesRepaymentsOfPrincipalInNextTwelveMonths" in results[0].message


def test_remainder_and_year_two_without_year_one(rules_graph: Graph):
    b = FilingBuilder("t-0094-q", form="10-Q", period_end=QUARTER)
    b.fact(REST, "27500", period=QUARTER, fact_id="rest")
    b.fact(TWO, "360000", period=QUARTER)
    b.fact(REST, "1000", period=QUARTER, dims=SERIES, fact_id="rest-series")
    b.fact(TWO, "2000", period=QUARTER, dims=SERIES)
    b.fact(ONE, None, period=QUARTER, dims=SERIES)  # a nil year one counts as reported
    b.write(rules_graph)
    results = run(rules_graph, "t-0094-q")
    assert found(results) == [("DQC.US.0094.9527", REST, REST, b.facts[2]["props"]["context_id"])]  # no 9526 on a 10-Q


def test_not_evaluable_without_the_constant(graph: Graph):
    FilingBuilder("t-0094-n").write(graph)
    (result,) = run(graph, "t-0094-n")
    assert result.status == "not_evaluable" and "MATURITY_SCHEDULE_ELEMENTS" in result.reason
