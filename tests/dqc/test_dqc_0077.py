"""DQC.US.0077 (satisfaction period with no satisfaction start date axis) on hand-built filings; also run as the
structural query over every loaded filing."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

PERIOD1 = "us-gaap:RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionPeriod1"
START = "us-gaap:RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0077"])
    return results["0077"]


def ctx(b: FilingBuilder, fact_id: str) -> str | None:
    return next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id)


def duration_fact(b: FilingBuilder, value: str | None, dims: dict[str, str] | None, fact_id: str) -> str:
    return b.fact(PERIOD1, value, decimals=None, unit=None, period="instant", dims=dims, fact_id=fact_id, base_type="string")


def test_0077_period_without_start_date_axis(graph: Graph):
    b = FilingBuilder("t-0077")
    duration_fact(b, "P1Y", {START: "typed:2025-01-01"}, "ok")  # with the start date: fine
    duration_fact(b, "P2Y", {"srt:RangeAxis": "srt:MinimumMember"}, "range")  # a range instead: fine
    duration_fact(b, None, {"abc:StartDate1Axis": "abc:M2025Member"}, "nil")  # nil, an extension axis: flagged
    duration_fact(b, "P3Y", None, "bare")  # no dimension: flagged
    duration_fact(b, "P3Y", None, "bare-again")  # the same value in the same context: once
    b.write(graph)
    got = sorted((r.sub_rule, r.facts[0].concept, r.facts[0].context_id, r.facts[0].value) for r in run(graph, "t-0077"))
    assert got == sorted(
        [
            ("DQC.US.0077.7654", PERIOD1, ctx(b, "nil"), None),
            ("DQC.US.0077.7654", PERIOD1, ctx(b, "bare"), "P3Y"),
        ]
    )
    portfolio = graph.read("dqc.dqc_0077", filing_id=None)
    assert sorted(r["facts"][0]["fact_id"] for r in portfolio) == ["bare", "nil"]
