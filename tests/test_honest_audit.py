"""Issue 19 (a): the audit headline counts every finding it shows, CALC11 included, and CALC11
rows say which total, computed vs reported (real Neo4j, hand-built filing)."""

from __future__ import annotations

import datetime as dt
import io
import json

from handbuilt import FilingBuilder
from rich.console import Console

from auditgraph.checks import audit_filing
from auditgraph.checks.audit import print_report
from auditgraph.checks.html_report import render_html
from auditgraph.checks.result import dump_json
from auditgraph.graph import Graph

BS = "http://example.com/role/BalanceSheet"


def calc_filing(assets: str, fid: str) -> FilingBuilder:
    b = FilingBuilder(fid)
    b.role(BS, "100 - Statement - Balance Sheet")
    b.calc(BS, "us-gaap:Assets", [("us-gaap:AssetsCurrent", 1), ("us-gaap:AssetsNoncurrent", 1)])
    b.fact("us-gaap:Assets", assets, period="instant")
    b.fact("us-gaap:AssetsCurrent", "12000000", period="instant")
    b.fact("us-gaap:AssetsNoncurrent", "7900000", period="instant")
    return b


def test_calc11_only_filing_is_not_clean_and_rows_carry_a_note(graph: Graph):
    calc_filing("19902000", "t-c11only").write(graph)  # DQC.US.0126 allows it, CALC11 does not
    report = audit_filing(graph, "t-c11only", VALUE_RULES)
    assert report.findings == [] and len(report.calc11) == 1
    assert report.verdict == "violations"
    [r] = report.calc11
    assert r.reason == "total us-gaap:Assets: computed 19900000 (sum of contributors) vs reported 19902000"
    out = io.StringIO()
    print_report(report, Console(file=out, width=200))
    text = out.getvalue()
    assert "violations (1: 0 DQC, 1 CALC11)" in text and "computed 19900000" in text and "clean" not in text
    page = render_html(report)
    assert "violations (1: 0 DQC, 1 CALC11)" in page and "computed 19900000" in page
    assert json.loads(dump_json(report))["calc11"][0]["reason"].startswith("total us-gaap:Assets")


VALUE_RULES = ("0015", "0117", "0126", "calc11")  # the tables of value findings (the structural ones: test_rulebook)
LONG = "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest"


def test_findings_of_a_long_concept_are_grouped_under_it_at_80_columns_with_every_period(graph: Graph):
    """A 99-character concept leaves no room for the period in one flat table at 80 columns: the
    findings are grouped under a line naming the concept, each period and value whole on its row."""
    b = FilingBuilder("t-long")
    b.role(BS, "100 - Statement - Income")
    b.calc(BS, LONG, [("us-gaap:OperatingIncomeLoss", 1), ("us-gaap:NonoperatingIncomeExpense", 1)])
    for start, end, total in [
        (dt.date(2024, 1, 1), dt.date(2024, 3, 31), "-4753000"),
        (dt.date(2024, 4, 1), dt.date(2024, 6, 30), "-11587000"),
    ]:
        b.fact(LONG, total, period=(start, end))
        b.fact("us-gaap:OperatingIncomeLoss", "-13000000", period=(start, end))
        b.fact("us-gaap:NonoperatingIncomeExpense", "-129000", period=(start, end))
    b.write(graph)
    report = audit_filing(graph, "t-long", VALUE_RULES)
    assert sorted((r.concept, r.period, r.reported_value, r.expected_value) for r in report.calc11) == [
        (LONG, "duration:2024-01-01/2024-03-31", "-4753000", "-13129000"),
        (LONG, "duration:2024-04-01/2024-06-30", "-11587000", "-13129000"),
    ]
    out = io.StringIO()
    print_report(report, Console(file=out, width=80))
    lines = out.getvalue().splitlines()
    assert f"CALC11 {LONG}" in lines  # the concept whole, on its own line (the terminal wraps it, nothing cuts it)
    rows = [line for line in lines if "duration:2024-" in line]
    assert len(rows) == 2 and all(len(line) <= 80 for line in rows)
    assert "duration:2024-01-01/2024-03-31" in rows[0] and "-4753000" in rows[0] and "-13129000" in rows[0]
    assert "duration:2024-04-01/2024-06-30" in rows[1] and "-11587000" in rows[1] and "-13129000" in rows[1]
    assert all(len(line) <= 80 for line in lines if LONG not in line)

    wide = io.StringIO()
    print_report(report, Console(file=wide, width=80), wide=True)  # --wide: the one flat table, however wide
    assert any(LONG in line and "duration:2024-01-01/2024-03-31" in line for line in wide.getvalue().splitlines())
