"""Issue 19 (a): the audit headline counts every finding it shows, CALC11 included, and CALC11
rows say which total, computed vs reported (real Neo4j, hand-built filing)."""

from __future__ import annotations

import io
import json

from handbuilt import FilingBuilder
from rich.console import Console

from auditgraph.checks import audit_filing
from auditgraph.checks.audit import print_report
from auditgraph.checks.html_report import render_html
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
    report = audit_filing(graph, "t-c11only")
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
    assert json.loads(report.model_dump_json())["calc11"][0]["reason"].startswith("total us-gaap:Assets")
