"""DQC.US.0095 (cover page shares against balance sheet shares, a factor of 100) on hand-built share facts: both
directions, the exact bounds, the 90-day window, other dimensions, and stock split evidence."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

ECSO = "dei:EntityCommonStockSharesOutstanding"
CSO = "us-gaap:CommonStockSharesOutstanding"
COVER = dt.date(2025, 2, 15)
YE = dt.date(2024, 12, 31)
CLASS = "us-gaap:StatementClassOfStockAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0095"], RuleInput(graph, load_filing_data(graph, fid)))


def shares(b: FilingBuilder, qname: str, value: str, period: object, member: str | None = None) -> str:
    dims = {CLASS: member} if member else None
    return b.fact(qname, value, decimals="INF", unit="xbrli:shares", period=period, dims=dims, base_type="shares")  # type: ignore[arg-type]


def build(fid: str) -> tuple[FilingBuilder, dict[str, str]]:
    b = FilingBuilder(fid)
    ids = {
        "high": shares(b, ECSO, "1000000", COVER),
        "high_cso": shares(b, CSO, "10000", YE),  # 100 times: reported
        "old_cso": shares(b, CSO, "10", dt.date(2024, 11, 17)),  # 90 days before the cover date exactly: not compared
        "bound": shares(b, ECSO, "990000", COVER, "abc:ClassAMember"),
        "bound_cso": shares(b, CSO, "10000", YE, "abc:ClassAMember"),  # exactly 99 times: passes
        "low": shares(b, ECSO, "1000", COVER, "abc:ClassBMember"),
        "low_cso": shares(b, CSO, "10102", YE, "abc:ClassBMember"),  # 0.0989.. times: reported
    }
    shares(b, CSO, "5", YE, "abc:ClassCMember")  # no cover fact with those dimensions
    return b, ids


def test_large_factors_are_reported(graph: Graph):
    b, ids = build("t-0095")
    shares(b, "us-gaap:StockIssuedDuringPeriodSharesStockSplits", "3", (dt.date(2024, 1, 1), YE))  # one split value: still runs
    b.write(graph)
    results = run(graph, "t-0095")
    got = sorted((r.sub_rule, r.facts[0].fact_id, r.facts[1].fact_id) for r in results)
    assert got == sorted([("DQC.US.0095.9528", ids["high"], ids["high_cso"]), ("DQC.US.0095.9528", ids["low"], ids["low_cso"])])
    high = next(r for r in results if r.facts[0].fact_id == ids["high"])
    assert high.concept == ECSO and high.reported_value == "1000000" and high.period == "instant:2025-02-15"
    assert "100.0 times" in high.message or "100 times" in high.message


def test_split_evidence_stops_the_rule(graph: Graph):
    b, _ = build("t-0095b")
    period = (dt.date(2024, 1, 1), YE)
    shares(b, "us-gaap:StockIssuedDuringPeriodSharesStockSplits", "3", period)
    shares(b, "us-gaap:StockIssuedDuringPeriodSharesStockSplits", "4", period, "abc:ClassAMember")
    b.write(graph)
    assert run(graph, "t-0095b") == []
    c, _ = build("t-0095c")
    subsequent = {"us-gaap:SubsequentEventTypeAxis": "us-gaap:SubsequentEventMember"}
    c.fact(CSO, "7", decimals="INF", unit="xbrli:shares", period=COVER, dims=subsequent, base_type="shares")
    c.fact("us-gaap:SharesIssued", "8", decimals="INF", unit="xbrli:shares", period=COVER, dims=subsequent, base_type="shares")
    c.write(graph)
    assert run(graph, "t-0095c") == []
    [r] = run(graph, "t-0095-missing")
    assert r.status == "not_evaluable" and "no filing 't-0095-missing'" in r.reason
