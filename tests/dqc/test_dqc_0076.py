"""DQC.US.0076 (remaining performance obligations by start date without the duration of the band) on hand-built
typed-dimension facts."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

AXIS = "us-gaap:RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis"
RPO = "us-gaap:RevenueRemainingPerformanceObligation"
PCT = "us-gaap:RevenueRemainingPerformanceObligationPercentage"
BAND = "us-gaap:RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionPeriod1"
END = dt.date(2024, 12, 31)


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0076"], RuleInput(graph, load_filing_data(graph, fid)))


def test_obligations_without_a_band_duration(graph: Graph):
    b = FilingBuilder("t-0076")
    b.fact(RPO, "700", period=END, dims={AXIS: "typed:2025-01-01"})  # its band has a duration: passes
    b.fact(BAND, "P1Y", decimals=None, unit=None, base_type="string", dims={AXIS: "typed:2025-01-01"})
    late = b.fact(RPO, "300", period=END, dims={AXIS: "typed:2026-01-01"})
    b.fact(RPO, "300", period=END, dims={AXIS: "typed:2026-01-01"})  # the same fact again: one finding
    pct = b.fact(PCT, None, decimals=None, unit="xbrli:pure", period=END, dims={AXIS: "typed:2026-01-01"}, base_type="percent")
    b.fact(RPO, "1000", period=END)  # no start date: not tested
    b.write(graph)
    results = run(graph, "t-0076")
    assert sorted((r.sub_rule, r.concept or "", r.facts[0].fact_id) for r in results) == sorted(
        [("DQC.US.0076.7653", RPO, late), ("DQC.US.0076.7653", PCT, pct)]
    )
    assert all(r.dimensions == [f"{AXIS}=typed:2026-01-01"] for r in results)
    assert "starting 2026-01-01" in results[0].message


def test_nil_band_counts_and_unloaded_filing(graph: Graph):
    b = FilingBuilder("t-0076b")
    b.fact(RPO, "300", period=END, dims={AXIS: "typed:2026-01-01"})
    b.fact(
        BAND,
        None,
        decimals=None,
        unit=None,
        base_type="string",
        period=(dt.date(2023, 1, 1), dt.date(2023, 12, 31)),
        dims={AXIS: "typed:2026-01-01", "srt:ProductOrServiceAxis": "srt:ProductMember"},
    )
    b.write(graph)
    assert run(graph, "t-0076b") == []
    [r] = run(graph, "t-0076-missing")
    assert r.status == "not_evaluable" and "no filing 't-0076-missing'" in r.reason
