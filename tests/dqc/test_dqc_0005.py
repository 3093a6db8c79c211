"""DQC.US.0005 (context dates after the period end date) on hand-built filings."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

END = dt.date(2024, 9, 30)
SUBSEQUENT = {"us-gaap:SubsequentEventTypeAxis": "us-gaap:SubsequentEventMember"}
FORECAST = {"srt:StatementScenarioAxis": "srt:ScenarioForecastMember"}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0005"], RuleInput(graph, load_filing_data(graph, fid)))


def shares(b: FilingBuilder, day: dt.date, fact_id: str) -> None:
    b.fact("dei:EntityCommonStockSharesOutstanding", "1000", decimals="INF", unit="xbrli:shares", period=day, fact_id=fact_id)


def test_dates_on_the_wrong_side_of_the_period_end(graph: Graph):
    b = FilingBuilder("t-0005", form="10-Q", year_start=dt.date(2024, 1, 1), period_end=END)
    shares(b, dt.date(2024, 9, 29), "old-shares")  # 17: before the period end
    shares(b, END, "end-shares")  # on the period end day: fine for 17
    shares(b, dt.date(2024, 10, 28), "cover-shares")  # the latest practicable date: fine
    b.fact(
        "us-gaap:CommonStockDividendsPerShareDeclared",
        "0.15",
        decimals="2",
        unit="iso4217:USD/xbrli:shares",
        period=(END, END),
        dims=SUBSEQUENT,
        fact_id="sub-old",
    )  # 48: ends on the period end day
    b.fact(
        "us-gaap:CommonStockDividendsPerShareDeclared",
        "0.16",
        decimals="2",
        unit="iso4217:USD/xbrli:shares",
        period=(dt.date(2024, 10, 1), dt.date(2024, 10, 1)),
        dims=SUBSEQUENT,
        fact_id="sub-ok",
    )
    b.fact("us-gaap:Revenues", "9", period=(dt.date(2024, 1, 1), END), dims=FORECAST, fact_id="forecast-old")  # 49
    b.write(graph)
    results = run(graph, "t-0005")
    assert sorted((r.sub_rule, r.concept, r.facts[0].concept, r.facts[0].fact_id) for r in results) == [
        ("DQC.US.0005.17", "dei:EntityCommonStockSharesOutstanding", "dei:EntityCommonStockSharesOutstanding", "old-shares"),
        # 48 names the DocumentPeriodEndDate fact, as the official engine does
        ("DQC.US.0005.48", "us-gaap:CommonStockDividendsPerShareDeclared", "dei:DocumentPeriodEndDate", "f2"),
        ("DQC.US.0005.49", "us-gaap:Revenues", "us-gaap:Revenues", "forecast-old"),
    ]
    sub = next(r for r in results if r.sub_rule.endswith(".48"))
    assert "0.15" in sub.message and "2024-09-30" in sub.message


def test_registration_statements_are_left_out(graph: Graph):
    b = FilingBuilder("t-0005-s1", form="S-1", year_start=dt.date(2024, 1, 1), period_end=END)
    shares(b, dt.date(2024, 9, 29), "old-shares")
    b.write(graph)
    assert run(graph, "t-0005-s1") == []
