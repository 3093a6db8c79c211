"""DQC.US.0178 (dividends in the statement of changes in equity) on hand-built filings: each sub-rule and misses."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

SECA = "us-gaap:StatementEquityComponentsAxis"
RE = {SECA: "us-gaap:RetainedEarningsMember"}
APIC = {SECA: "us-gaap:AdditionalPaidInCapitalMember"}
Y = {y: (dt.date(y, 1, 1), dt.date(y, 12, 31)) for y in (2021, 2022, 2023, 2024)}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0178"], RuleInput(graph, load_filing_data(graph, fid)))


def test_each_sub_rule(graph: Graph):
    b = FilingBuilder("t-0178")
    b.fact("us-gaap:DividendsCommonStock", "-977", period=Y[2024], dims=RE, fact_id="neg-re")  # 10134
    b.fact("us-gaap:DividendsCommonStock", "977", period=Y[2023], dims=RE, fact_id="pos-re")  # fine
    b.fact("us-gaap:DividendsCommonStock", "5035", period=Y[2024], dims=APIC, fact_id="apic-alone")  # 10135: none on RE in 2024
    b.fact("us-gaap:DividendsCommonStock", "10", period=Y[2023], dims=APIC, fact_id="apic-with-re")  # RE has 977 in 2023: fine
    b.fact("us-gaap:DividendsCommonStockCash", "-131", period=Y[2024], dims=APIC, fact_id="cash-apic")  # 10136
    b.fact("us-gaap:StockIssuedDuringPeriodValueStockDividend", "-1706", period=Y[2022], dims=RE, fact_id="stock-re")
    b.fact("us-gaap:StockIssuedDuringPeriodValueStockDividend", "-1706", period=Y[2022], fact_id="stock-total")  # 10137
    b.fact(
        "us-gaap:DividendsPreferredStockCash",
        "5",
        period=Y[2024],
        dims={SECA: "us-gaap:CommonStockMember"},
        fact_id="pref-common",
    )
    b.fact(
        "us-gaap:AdjustmentsToAdditionalPaidInCapitalDividendsInExcessOfRetainedEarnings",
        "-210",
        period=Y[2024],
        dims=APIC,
        fact_id="excess-apic",
    )  # 10145
    b.fact(
        "us-gaap:AdjustmentsToAdditionalPaidInCapitalDividendsInExcessOfRetainedEarnings",
        "-210",
        period=Y[2024],
        fact_id="excess-total",
    )  # 10146
    b.fact(
        "us-gaap:PreferredStockDividendsPerShareDeclared",
        "20",
        decimals="2",
        unit="iso4217:USD/xbrli:shares",
        period=Y[2024],
        dims={"us-gaap:StatementClassOfStockAxis": "us-gaap:PreferredStockMember"},
        fact_id="per-share",
    )  # 10150
    b.fact(
        "us-gaap:StockIssuedDuringPeriodValueDividendReinvestmentPlan", "119", period=Y[2021], dims=RE, fact_id="drip"
    )  # 10152
    b.write(graph)
    results = run(graph, "t-0178")
    assert sorted((r.sub_rule, r.facts[0].fact_id) for r in results) == [
        ("DQC.US.0178.10134", "neg-re"),
        ("DQC.US.0178.10135", "apic-alone"),
        ("DQC.US.0178.10136", "cash-apic"),
        ("DQC.US.0178.10137", "stock-total"),
        ("DQC.US.0178.10138", "pref-common"),
        ("DQC.US.0178.10145", "excess-apic"),
        ("DQC.US.0178.10146", "excess-total"),
        ("DQC.US.0178.10150", "per-share"),
        ("DQC.US.0178.10152", "drip"),
    ]
    drip = next(r for r in results if r.sub_rule.endswith("10152"))
    assert drip.reported_value == "119" and drip.dimensions == [f"{SECA}=us-gaap:RetainedEarningsMember"]


def test_stock_dividend_with_its_paid_in_capital_side_passes(graph: Graph):
    b = FilingBuilder("t-0178-ok")
    b.fact("us-gaap:StockIssuedDuringPeriodValueStockDividend", "-1706", period=Y[2022], dims=RE)
    b.fact("us-gaap:StockIssuedDuringPeriodValueStockDividend", "-1706", period=Y[2022])
    b.fact("us-gaap:StockIssuedDuringPeriodValueStockDividend", "1706", period=Y[2022], dims=APIC)
    b.write(graph)
    assert run(graph, "t-0178-ok") == []
