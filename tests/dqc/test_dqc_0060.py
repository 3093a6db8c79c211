"""DQC.US.0060 (continuing operations cash flow totals without the total) on hand-built cash flow facts: each
section fires, a total reported for any period silences it, annual forms keep to long periods, nils."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

FY24 = (dt.date(2024, 1, 1), dt.date(2024, 12, 31))
FY23 = (dt.date(2023, 1, 1), dt.date(2023, 12, 31))
Q4 = (dt.date(2024, 10, 1), dt.date(2024, 12, 31))
GAAP = "us-gaap:"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0060"], RuleInput(graph, load_filing_data(graph, fid)))


def cash(
    b: FilingBuilder, name: str, value: str | None, period: tuple[dt.date, dt.date], dims: dict[str, str] | None = None
) -> str:
    return b.fact(GAAP + name, value, period=period, dims=dims)


def found(results: list[CheckResult]) -> list[tuple[str, str, str]]:
    return sorted((r.sub_rule, r.concept or "", r.facts[0].fact_id) for r in results)


def test_annual_report(graph: Graph):
    b = FilingBuilder("t-0060")  # a 10-K
    fin24 = cash(b, "NetCashProvidedByUsedInFinancingActivitiesContinuingOperations", "100", FY24)
    fin23 = cash(b, "NetCashProvidedByUsedInFinancingActivitiesContinuingOperations", None, FY23)  # nil counts
    cash(b, "NetCashProvidedByUsedInInvestingActivitiesContinuingOperations", "50", FY24)
    cash(b, "NetCashProvidedByUsedInInvestingActivities", "40", FY23)  # a total for another period: 7496 passes
    op = cash(b, "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations", "300", FY24)
    cash(b, "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations", "80", Q4)  # short period on a 10-K
    cash(b, "NetCashProvidedByUsedInOperatingActivities", "70", Q4)  # short: does not count on a 10-K
    cash(
        b,
        "NetCashProvidedByUsedInOperatingActivities",
        "310",
        FY24,
        dims={"srt:ConsolidationItemsAxis": "srt:ParentCompanyMember"},
    )
    b.write(graph)
    results = run(graph, "t-0060")
    name = "NetCashProvidedByUsedIn{}ActivitiesContinuingOperations"
    assert found(results) == [
        ("DQC.US.0060.7495", GAAP + name.format("Financing"), fin24),
        ("DQC.US.0060.7495", GAAP + name.format("Financing"), fin23),
        ("DQC.US.0060.7497", GAAP + name.format("Operating"), op),
    ]
    assert next(r for r in results if r.facts[0].fact_id == op).period == "duration:2024-01-01/2024-12-31"


def test_quarterly_report_and_narrow_misses(graph: Graph):
    b = FilingBuilder("t-0060b", form="10-Q")
    op = cash(b, "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations", "80", Q4)  # any period on a 10-Q
    cash(b, "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations", None, FY23)  # nil only: no 7497 there
    cash(b, "NetCashProvidedByUsedInFinancingActivitiesContinuingOperations", "10", Q4)
    cash(b, "CashProvidedByUsedInFinancingActivitiesDiscontinuedOperations", None, FY23)  # discontinued reported: passes
    b.write(graph)
    assert found(run(graph, "t-0060b")) == [
        ("DQC.US.0060.7497", GAAP + "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations", op)
    ]
    c = FilingBuilder("t-0060c")
    cash(c, "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations", "300", FY24)
    cash(c, "NetCashProvidedByUsedInOperatingActivities", "280", FY23)  # a long total in another year: passes
    c.write(graph)
    assert run(graph, "t-0060c") == []
    [r] = run(graph, "t-0060-missing")
    assert r.status == "not_evaluable" and "no filing 't-0060-missing'" in r.reason
