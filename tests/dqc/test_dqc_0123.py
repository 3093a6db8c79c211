"""DQC.US.0123 (missing components of equity axis) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

CLASS = "us-gaap:StatementClassOfStockAxis"
EQUITY = "us-gaap:StatementEquityComponentsAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0123"])
    return results["0123"]


def ctx(b: FilingBuilder, fact_id: str) -> str | None:
    return next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id)


def test_0123_class_of_stock_without_equity_component(graph: Graph):
    b = FilingBuilder("t-0123")
    class_a = {CLASS: "us-gaap:CommonClassAMember"}
    class_b = {CLASS: "us-gaap:CommonClassBMember"}
    b.fact("us-gaap:StockholdersEquity", "5000", period="instant", dims=class_a, fact_id="she")  # flagged
    b.fact("us-gaap:StockholdersEquity", "5000", period="instant", dims={**class_a, EQUITY: "us-gaap:CommonStockMember"})
    b.fact("us-gaap:StockholdersEquity", "7000", period="instant")  # no dimension: fine
    b.fact("us-gaap:StockholdersEquity", None, period="instant", dims=class_b)  # nil: fine
    # class B reports net assets per share for the same period (a BDC): its equity by class is fine
    b.fact("us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest", "3", period="instant", dims=class_b)
    b.fact("us-gaap:NetAssetValuePerShare", "10.5", period="instant", dims=class_b, unit="iso4217:USD/xbrli:shares", decimals="2")
    b.fact(
        "us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
        "4",
        period=b.year_start,
        dims=class_b,
        fact_id="other-date",
    )  # net assets per share is for another date: flagged
    b.write(graph)
    got = sorted((r.sub_rule, r.facts[0].concept, r.facts[0].context_id, r.facts[0].value) for r in run(graph, "t-0123"))
    assert got == sorted(
        [
            ("DQC.US.0123.9583", "us-gaap:StockholdersEquity", ctx(b, "she"), "5000"),
            (
                "DQC.US.0123.9583",
                "us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
                ctx(b, "other-date"),
                "4",
            ),
        ]
    )


def test_0123_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    FilingBuilder("t-0123-2022", us_gaap_year=2022).write(graph)
    (r,) = run(graph, "t-0123-2022")
    assert r.status == "not_evaluable" and "us-gaap 2022" in r.reason
