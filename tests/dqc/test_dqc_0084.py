"""DQC.US.0084 (durational aggregation) on hand-built filings."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

Q1 = (dt.date(2024, 1, 1), dt.date(2024, 3, 31))
Q2 = (dt.date(2024, 4, 1), dt.date(2024, 6, 30))
Q3 = (dt.date(2024, 7, 1), dt.date(2024, 9, 30))
H1 = (dt.date(2024, 1, 1), dt.date(2024, 6, 30))
M9 = (dt.date(2024, 1, 1), dt.date(2024, 9, 30))


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0084"], RuleInput(graph, load_filing_data(graph, fid)))


def test_totals_that_are_not_the_sum_of_their_periods(graph: Graph):
    b = FilingBuilder("t-0084", form="10-Q")
    # exact values (INF): the half year is off by 1 from its quarters; the nine months match Q1+Q2+Q3 but not H1+Q3
    # (each chain is tested on its own)
    for period, value, fid in ((Q1, "100", "q1"), (Q2, "101", "q2"), (Q3, "50", "q3"), (H1, "200", "h1"), (M9, "251", "m9")):
        b.fact("us-gaap:NetIncomeLoss", value, decimals="INF", period=period, fact_id=fid)
    # thousands: a difference of 2,000 over three periods is within (3 - 1) x 3 x 1,000
    for period, value in ((Q1, "100000"), (Q2, "100000"), (Q3, "100000"), (M9, "302000")):
        b.fact("us-gaap:Revenues", value, decimals="-3", period=period)
    # same periods on a segment: its own alignment, off by 10,000 (more than 6,000)
    seg = {"us-gaap:StatementBusinessSegmentsAxis": "abc:EastMember"}
    for period, value, fid in (
        (Q1, "10000", "seg-q1"),
        (Q2, "10000", "seg-q2"),
        (Q3, "10000", "seg-q3"),
        (M9, "40000", "seg-m9"),
    ):
        b.fact("us-gaap:Revenues", value, decimals="-3", period=period, dims=seg, fact_id=fid)
    # an average element is not summed
    for period, value in ((Q1, "1"), (Q2, "1"), (H1, "5")):
        b.fact("us-gaap:AverageFinancingReceivableBalance", value, decimals="INF", period=period)
    b.write(graph)
    results = run(graph, "t-0084")
    assert sorted((r.sub_rule, r.concept, r.facts[0].fact_id, r.reported_value, r.expected_value) for r in results) == [
        ("DQC.US.0084.9298", "us-gaap:NetIncomeLoss", "h1", "200", "201"),
        ("DQC.US.0084.9298", "us-gaap:NetIncomeLoss", "m9", "251", "250"),
        ("DQC.US.0084.9298", "us-gaap:Revenues", "seg-m9", "40000", "30000"),
    ]
    h1 = next(r for r in results if r.facts[0].fact_id == "h1")
    assert h1.period == "duration:2024-01-01/2024-06-30" and "2024-04-01/2024-06-30 101" in h1.message
