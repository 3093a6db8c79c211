"""DQC.US.0110 (consideration transferred reported for a period shorter than the report) on hand-built filings."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

PAID = "us-gaap:BusinessCombinationConsiderationTransferred1"
END = dt.date(2024, 12, 31)


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0110"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def test_default_payment_for_a_short_period(graph: Graph):
    # the document covers 2024-01-01 .. 2024-12-31 (365 days between the dates); a fact must cover at least 345
    b = FilingBuilder("t-0110")
    b.fact(PAID, "9000000", period=(dt.date(2024, 3, 1), END), fact_id="short")
    b.fact(PAID, "8000000", period=(dt.date(2024, 1, 22), END), fact_id="just-short")  # 344 days
    b.fact(PAID, "7000000", period=(dt.date(2024, 1, 21), END), fact_id="long-enough")  # 345 days
    b.fact(PAID, "6000000", period=(dt.date(2024, 6, 1), END), dims={"us-gaap:BusinessAcquisitionAxis": "abc:TargetMember"})
    b.fact(PAID, None, period=(dt.date(2024, 9, 1), END), fact_id="nil")  # a nil fact is tested too
    b.write(graph)
    results = run(graph, "t-0110")
    assert sorted((r.sub_rule, r.concept, r.facts[0].fact_id, r.facts[0].context_id, r.reported_value) for r in results) == [
        ("DQC.US.0110.9559", PAID, "just-short", ctx(b, "just-short"), "8000000"),
        ("DQC.US.0110.9559", PAID, "nil", ctx(b, "nil"), None),
        ("DQC.US.0110.9559", PAID, "short", ctx(b, "short"), "9000000"),
    ]
    short = next(r for r in results if r.facts[0].fact_id == "short")
    assert short.period == "duration:2024-03-01/2024-12-31" and "BusinessAcquisitionAxis" in short.message


def test_quarterly_report_compares_with_its_quarter(graph: Graph):
    b = FilingBuilder("t-0110-q", form="10-Q", year_start=dt.date(2024, 10, 1))
    b.fact(PAID, "500", period=(dt.date(2024, 10, 1), END))  # the quarter itself
    b.fact(PAID, "400", period=(dt.date(2024, 11, 1), END), fact_id="month")  # 60 days < 91 - 20
    b.write(graph)
    assert [(r.facts[0].fact_id, r.reported_value) for r in run(graph, "t-0110-q")] == [("month", "400")]


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    b = FilingBuilder("t-0110-2022", us_gaap_year=2022)
    b.fact(PAID, "9000000", period=(dt.date(2024, 3, 1), END))
    b.write(graph)
    [r] = run(graph, "t-0110-2022")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0110 rule data for us-gaap 2022")
