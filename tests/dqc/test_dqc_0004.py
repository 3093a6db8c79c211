"""DQC.US.0004 on hand-built filings: balance identities that break, that hold within the rounding tolerance, and that
are not compared because a component is missing from the alignment."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

PRIOR = dt.date(2023, 12, 31)


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0004"], RuleInput(graph, load_filing_data(graph, fid)))


def context_of(b: FilingBuilder, fact_id: str) -> str:
    return next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id)


def violations(results: list[CheckResult]) -> list[CheckResult]:
    return [r for r in results if r.status == "violation"]


def test_0004_assets_not_equal_to_current_plus_noncurrent(graph: Graph):
    b = FilingBuilder("t-0004-a")
    b.fact("us-gaap:Assets", "1000000", period="instant", fact_id="assets")
    b.fact("us-gaap:AssetsCurrent", "300000", period="instant")
    b.fact("us-gaap:AssetsNoncurrent", "697000", period="instant")  # sum 997000: 3000 off, tolerance 2000
    b.fact("us-gaap:Assets", "500000", period=PRIOR, fact_id="prior")
    b.fact("us-gaap:AssetsCurrent", "200000", period=PRIOR)
    b.fact("us-gaap:AssetsNoncurrent", "298000", period=PRIOR)  # 2000 off: within 2 * 10^3
    b.write(graph)
    bad = violations(run(graph, "t-0004-a"))
    assert [(r.sub_rule, r.concept, r.reported_value, r.expected_value) for r in bad] == [
        ("DQC.US.0004.9280", "us-gaap:Assets", "1000000", "997000")
    ]
    (r,) = bad
    assert [f.fact_id for f in r.facts] == ["assets"]
    assert r.facts[0].context_id == context_of(b, "assets") and r.period == "instant:2024-12-31"
    assert "997000" in r.message and "AssetsNoncurrent 697000" in r.message


def test_0004_component_missing_from_the_alignment_is_not_compared(graph: Graph):
    b = FilingBuilder("t-0004-b")
    b.fact("us-gaap:Assets", "1000000", period="instant")
    b.fact("us-gaap:AssetsCurrent", "300000", period="instant")  # no AssetsNoncurrent at this date
    b.fact("us-gaap:AssetsNoncurrent", "1", period=PRIOR)  # reported elsewhere: still not this alignment
    b.fact("us-gaap:Assets", "10", period="instant", dims={"srt:ProductOrServiceAxis": "abc:WidgetMember"})
    b.write(graph)
    assert violations(run(graph, "t-0004-b")) == []


def test_0004_assets_against_liabilities_and_equity_and_cash_flow(graph: Graph):
    b = FilingBuilder("t-0004-c")
    b.fact("us-gaap:Assets", "1000", decimals="0", period="instant", fact_id="a")
    b.fact("us-gaap:LiabilitiesAndStockholdersEquity", "997", decimals="0", period="instant")
    b.fact("us-gaap:NetCashProvidedByUsedInFinancingActivities", "0", decimals="0", fact_id="fin")
    b.fact("us-gaap:NetCashProvidedByUsedInFinancingActivitiesContinuingOperations", "-175057", decimals="0")
    b.fact("us-gaap:CashProvidedByUsedInFinancingActivitiesDiscontinuedOperations", "0", decimals="0")
    b.fact("us-gaap:NetCashProvidedByUsedInInvestingActivities", "-5", decimals="0")  # no continuing/discontinued parts
    b.write(graph)
    bad = {r.sub_rule: r for r in violations(run(graph, "t-0004-c"))}
    assert set(bad) == {"DQC.US.0004.16", "DQC.US.0004.9287"}
    assert (bad["DQC.US.0004.16"].facts[0].fact_id, bad["DQC.US.0004.16"].expected_value) == ("a", "997")
    assert (bad["DQC.US.0004.9287"].facts[0].fact_id, bad["DQC.US.0004.9287"].expected_value) == ("fin", "-175057")


def test_0004_inf_decimals_compare_at_five_places(graph: Graph):
    b = FilingBuilder("t-0004-d")
    change = "CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseExcludingExchangeRateEffect"
    b.fact(f"us-gaap:{change}", "-221954.0", decimals="INF", fact_id="chg")
    b.fact("us-gaap:NetCashProvidedByUsedInOperatingActivities", "-100000.0", decimals="INF")
    b.fact("us-gaap:NetCashProvidedByUsedInInvestingActivities", "-21954.0001", decimals="INF")
    b.fact("us-gaap:NetCashProvidedByUsedInFinancingActivities", "-100000", decimals="INF")
    b.write(graph)
    (r,) = violations(run(graph, "t-0004-d"))  # 0.0001 off: INF decimals compare at 5 places, tolerance 0.00002
    assert r.sub_rule == "DQC.US.0004.9286" and r.facts[0].fact_id == "chg"


def test_0004_not_evaluable_without_a_rule_set_for_the_year(graph: Graph):
    b = FilingBuilder("t-0004-e", us_gaap_year=2022)
    b.fact("us-gaap:Assets", "1000", period="instant")
    b.write(graph)
    (r,) = run(graph, "t-0004-e")
    assert r.status == "not_evaluable" and "2022" in r.reason
