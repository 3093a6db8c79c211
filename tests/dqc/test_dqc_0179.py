"""DQC.US.0179 on hand-built filings: dividend facts on wrong axes, dates out of order or without DividendsAxis,
declared amounts on periods of their own, reused dividend members, payables after their payment date."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

EPS = "iso4217:USD/xbrli:shares"
DIV = "us-gaap:DividendsAxis"
DECLARED = "us-gaap:DividendsPayableDateDeclaredDayMonthAndYear"
RECORD = "us-gaap:DividendsPayableDateOfRecordDayMonthAndYear"
PAID = "us-gaap:DividendPayableDateToBePaidDayMonthAndYear"
COMMON = "us-gaap:CommonStockDividendsPerShareDeclared"
PAYABLE = "us-gaap:DividendsPayableAmountPerShare"
DAY = (dt.date(2024, 3, 9), dt.date(2024, 3, 9))


def date_fact(b: FilingBuilder, qname: str, value: str, fact_id: str, dims: dict[str, str] | None = None) -> None:
    b.fact(qname, value, decimals=None, unit=None, base_type="string", dims=dims, fact_id=fact_id)


def run(graph: Graph, filing_id: str) -> list[CheckResult]:
    return run_rules(graph, filing_id, ["0179"])[0]["0179"]


def found(results: list[CheckResult]) -> list[tuple[str, str]]:
    return sorted((r.sub_rule.rsplit(".", 1)[1], r.facts[0].fact_id) for r in results if r.status == "violation")


def test_0179_wrong_axes_and_dates(graph: Graph):
    b = FilingBuilder("t-0179")
    b.fact(COMMON, "0.5", decimals="2", unit=EPS, dims={"us-gaap:AwardTypeAxis": "abc:BonusMember"}, fact_id="award")
    b.fact(COMMON, "0.5", decimals="2", unit=EPS, dims={"abc:DividendDeclaredAxis": "abc:MarchMember"}, fact_id="own-axis")
    both = {"srt:RangeAxis": "srt:MinimumMember", "dei:LegalEntityAxis": "abc:SubsidiaryMember"}
    b.fact(COMMON, "0.5", decimals="2", unit=EPS, dims=both, fact_id="range-and-entity")  # excepted
    b.fact(COMMON, "0.5", decimals="2", unit=EPS, dims={DIV: "abc:Q1Member"}, fact_id="on-dividends-axis")  # fine
    q1 = {DIV: "abc:Q1Member"}
    date_fact(b, DECLARED, "2024-05-01", "declared", q1)  # later than the record date: 10140
    date_fact(b, RECORD, "2024-03-15", "record", q1)
    date_fact(b, PAID, "2024-06-01", "paid", q1)  # after both: fine
    date_fact(b, RECORD, "2024-01-15", "record-no-axis")  # 10151 (different dimensions: not compared)
    b.write(graph)
    results = run(graph, "t-0179")
    assert found(results) == [
        ("10139", "award"),
        ("10139", "own-axis"),
        ("10140", "declared"),
        ("10151", "record-no-axis"),
    ]
    order = next(r for r in results if r.sub_rule == "DQC.US.0179.10140")
    assert (order.concept, order.reported_value, order.dimensions) == (DECLARED, "2024-05-01", [f"{DIV}=abc:Q1Member"])
    assert "2024-03-15" in order.message and RECORD in order.message
    [scale] = [r for r in results if r.status == "not_evaluable"]
    assert scale.sub_rule == "DQC.US.0179.10141" and "inline scale" in scale.reason


def test_0179_declared_amount_on_a_period_of_its_own(graph: Graph):
    b = FilingBuilder("t-0179-period")
    for i in range(6):  # the year is one of the report's periods
        b.fact(f"us-gaap:Revenues{i}", "100")
    b.fact(COMMON, "0.17", decimals="2", unit=EPS, period=DAY, fact_id="one-day")  # 10142
    quarter = (dt.date(2024, 1, 1), dt.date(2024, 3, 31))
    b.fact(COMMON, "0.17", decimals="2", unit=EPS, period=quarter, fact_id="quarter")  # a quarter: fine
    later = (dt.date(2025, 2, 3), dt.date(2025, 2, 3))
    b.fact(COMMON, "0.18", decimals="2", unit=EPS, period=later, fact_id="after-period-end")  # fine
    b.fact(COMMON, "0.70", decimals="2", unit=EPS, fact_id="year")  # the report's own period: fine
    b.write(graph)
    results = run(graph, "t-0179-period")
    assert found(results) == [("10142", "one-day")]
    r = next(r for r in results if r.status == "violation")
    assert r.period == "duration:2024-03-09/2024-03-09" and "duration:2024-01-01/2024-12-31" in r.message


def test_0179_reused_member_and_payable_after_payment(graph: Graph):
    b = FilingBuilder("t-0179-payable")
    q4 = {DIV: "abc:Q4Member"}
    b.fact(PAYABLE, "0.2", decimals="2", unit=EPS, period="instant", dims=q4, fact_id="payable")  # 10144
    date_fact(b, PAID, "2024-12-15", "paid", q4)
    q3 = {DIV: "abc:Q3Member"}
    b.fact(PAYABLE, "0.2", decimals="2", unit=EPS, period=dt.date(2024, 9, 30), dims=q3, fact_id="q3-sep")  # 10143
    b.fact(PAYABLE, "0.2", decimals="2", unit=EPS, period=dt.date(2024, 6, 30), dims=q3, fact_id="q3-jun")
    date_fact(b, PAID, "2024-10-15", "paid-q3", q3)  # paid after both payables: fine for 10144
    b.write(graph)
    results = run(graph, "t-0179-payable")
    assert found(results) == [("10143", "q3-jun"), ("10144", "payable")]  # named first: the lowest fact id
    reuse = next(r for r in results if r.sub_rule.endswith("10143"))
    assert {f.fact_id for f in reuse.facts} == {"q3-sep", "q3-jun"} and "abc:Q3Member" in reuse.message


def test_0179_not_evaluable_for_an_unknown_filing(graph: Graph):
    [r] = run(graph, "no-such-filing")
    assert r.status == "not_evaluable" and "no filing" in r.reason
