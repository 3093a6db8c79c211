"""DQC.US.0009 (element A must be less than or equal to element B) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

SHARES = {"unit": "xbrli:shares", "decimals": "0", "period": "instant", "base_type": "shares"}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0009"])
    return results["0009"]


def ctx(b: FilingBuilder, fact_id: str) -> str | None:
    return next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id)


def found(graph: Graph, fid: str) -> list[tuple[str, str, str | None, str | None]]:
    return sorted((r.sub_rule, r.facts[0].concept, r.facts[0].context_id, r.facts[0].value) for r in run(graph, fid))


def test_0009_lesser_element_above_the_greater(graph: Graph):
    b = FilingBuilder("t-0009")
    b.fact("us-gaap:CommonStockSharesOutstanding", "8035665831", fact_id="out", **SHARES)  # 15: above authorized
    b.fact("us-gaap:CommonStockSharesAuthorized", "90000000", **SHARES)
    b.fact("us-gaap:CommonStockSharesIssued", "90000000", **SHARES)  # 21: equal is fine; 24: outstanding > issued
    series_a = {"us-gaap:StatementClassOfStockAxis": "us-gaap:SeriesAPreferredStockMember"}
    b.fact("us-gaap:PreferredStockSharesIssued", "500", dims=series_a, fact_id="pref", **SHARES)  # 22 with its class
    b.fact("us-gaap:PreferredStockSharesAuthorized", "400", dims=series_a, **SHARES)
    b.fact("us-gaap:PreferredStockSharesAuthorized", "100", **SHARES)  # no class: not compared with the class fact
    # rounded to the lower decimals (-3), 1,000,400 and 1,000,000 are equal
    b.fact("us-gaap:DefinedBenefitPlanAccumulatedBenefitObligation", "1000400", decimals="0", period="instant")
    b.fact("us-gaap:DefinedBenefitPlanBenefitObligation", "1000000", decimals="-3", period="instant")
    b.write(graph)
    assert found(graph, "t-0009") == sorted(
        [
            ("DQC.US.0009.15", "us-gaap:CommonStockSharesOutstanding", ctx(b, "out"), "8035665831"),
            ("DQC.US.0009.22", "us-gaap:PreferredStockSharesIssued", ctx(b, "pref"), "500"),
            ("DQC.US.0009.24", "us-gaap:CommonStockSharesOutstanding", ctx(b, "out"), "8035665831"),
        ]
    )


def test_0009_stock_splits_switch_off_the_authorized_tests(graph: Graph):
    b = FilingBuilder("t-0009-split")
    b.fact("us-gaap:CommonStockSharesOutstanding", "200", fact_id="out", **SHARES)
    b.fact("us-gaap:CommonStockSharesAuthorized", "100", **SHARES)
    b.fact("us-gaap:StockIssuedDuringPeriodSharesStockSplits", "50", unit="xbrli:shares", decimals="0", base_type="shares")
    b.fact("us-gaap:StockIssuedDuringPeriodSharesReverseStockSplits", "7", unit="xbrli:shares", decimals="0", base_type="shares")
    b.write(graph)
    assert found(graph, "t-0009-split") == []
