"""DQC.US.0195 (invalid member with the Equity Components Axis) on hand-built filings: each sub-rule triggered,
narrowly missed, and the rule not evaluable without its DQCRT constants."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

AXIS = "us-gaap:StatementEquityComponentsAxis"
COMMON = {AXIS: "us-gaap:CommonStockMember"}
RETAINED = {AXIS: "us-gaap:RetainedEarningsMember"}
OPEN = dt.date(2023, 12, 31)
CLOSE = dt.date(2024, 12, 31)


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0195"])
    return results["0195"]


def found(results: list[CheckResult]) -> list[tuple[str, str, str | None, str | None]]:
    """(code, concept, context id, value) of each violation, sorted."""
    return sorted(
        (r.sub_rule, r.facts[0].concept, r.facts[0].context_id, r.facts[0].value) for r in results if r.status == "violation"
    )


def ctx(b: FilingBuilder, fact_id: str) -> str | None:
    return next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id)


def test_0195_member_and_line_item_combinations(rules_graph: Graph):
    b = FilingBuilder("t-0195")
    b.fact("us-gaap:StockIssuedDuringPeriodValueTreasuryStockReissued", "31000", dims=COMMON, fact_id="reissued")  # 10622
    b.fact("us-gaap:StockIssuedDuringPeriodValueTreasuryStockReissued", "0", dims=COMMON, period=(OPEN, OPEN))  # zero: fine
    b.fact(
        "us-gaap:AdjustmentsToAdditionalPaidInCapitalSharebasedCompensationRequisiteServicePeriodRecognitionValue",
        "5000",
        dims=COMMON,
        fact_id="apic",
    )  # 10622 through the APIC_ADJUSTMENTS constant
    b.fact(
        "us-gaap:StockholdersEquity",
        "230000",
        period=CLOSE,
        dims={AXIS: "us-gaap:NoncontrollingInterestMember"},
        fact_id="she-nci",
    )  # 10623
    b.fact("us-gaap:StockholdersEquity", "230000", period=CLOSE, dims={AXIS: "us-gaap:RetainedEarningsMember"})  # not NCI
    b.fact(
        "us-gaap:SharesOutstanding",
        "-546658",
        unit="xbrli:shares",
        decimals="0",
        period=CLOSE,
        dims={AXIS: "us-gaap:TreasuryStockCommonMember"},
        fact_id="out-treasury",
    )  # 10624
    b.write(rules_graph)
    assert found(run(rules_graph, "t-0195")) == sorted(
        [
            ("DQC.US.0195.10622", "us-gaap:StockIssuedDuringPeriodValueTreasuryStockReissued", ctx(b, "reissued"), "31000"),
            (
                "DQC.US.0195.10622",
                "us-gaap:AdjustmentsToAdditionalPaidInCapitalSharebasedCompensationRequisiteServicePeriodRecognitionValue",
                ctx(b, "apic"),
                "5000",
            ),
            ("DQC.US.0195.10623", "us-gaap:StockholdersEquity", ctx(b, "she-nci"), "230000"),
            ("DQC.US.0195.10624", "us-gaap:SharesOutstanding", ctx(b, "out-treasury"), "-546658"),
        ]
    )


def test_0195_treasury_moves_follow_the_share_method(rules_graph: Graph):
    # issued-share method (two SharesIssued facts with only the common stock member): each treasury movement is
    # reported once per issued-shares fact, as the engine does; TreasuryStockSharesRetired is then fine
    b = FilingBuilder("t-0195-issued")
    shares = {"unit": "xbrli:shares", "decimals": "0"}
    b.fact("us-gaap:SharesIssued", "1000", period=OPEN, dims=COMMON, **shares)
    b.fact("us-gaap:SharesIssued", "1100", period=CLOSE, dims=COMMON, **shares)
    b.fact("us-gaap:StockRepurchasedDuringPeriodShares", "50", dims=COMMON, fact_id="repurchased", **shares)
    b.fact("us-gaap:TreasuryStockSharesRetired", "20", dims=COMMON, **shares)
    b.write(rules_graph)
    got = [r for r in run(rules_graph, "t-0195-issued") if r.sub_rule == "DQC.US.0195.10625"]
    assert [(r.facts[0].concept, r.facts[0].context_id) for r in got] == [
        ("us-gaap:StockRepurchasedDuringPeriodShares", ctx(b, "repurchased"))
    ] * 2
    assert "1000" in got[0].message + got[1].message and "1100" in got[0].message + got[1].message

    # outstanding-share method (no issued shares with the member): only TreasuryStockSharesRetired is flagged, once
    b = FilingBuilder("t-0195-outstanding")
    b.fact("us-gaap:SharesOutstanding", "900", period=CLOSE, dims=COMMON, **shares)
    b.fact("us-gaap:StockRepurchasedDuringPeriodShares", "50", dims=COMMON, **shares)
    b.fact("us-gaap:TreasuryStockSharesRetired", "20", dims=COMMON, fact_id="retired", **shares)
    b.write(rules_graph)
    assert found(run(rules_graph, "t-0195-outstanding")) == [
        ("DQC.US.0195.10625", "us-gaap:TreasuryStockSharesRetired", ctx(b, "retired"), "20")
    ]


def test_0195_issued_and_outstanding_pairs(rules_graph: Graph):
    b = FilingBuilder("t-0195-pairs")
    shares = {"unit": "xbrli:shares", "decimals": "0"}
    other = {**COMMON, "us-gaap:StatementClassOfStockAxis": "us-gaap:CommonClassAMember"}
    b.fact("us-gaap:SharesIssued", "250000", period=OPEN, dims=COMMON, fact_id="issued", **shares)
    b.fact("us-gaap:SharesOutstanding", "142000", period=CLOSE, dims=COMMON, **shares)
    b.fact("us-gaap:SharesOutstanding", "143000", period=OPEN, dims=COMMON, **shares)
    b.fact("us-gaap:SharesOutstanding", "9", period=CLOSE, dims=other, **shares)  # another class: not aligned
    b.write(rules_graph)
    got = [r for r in run(rules_graph, "t-0195-pairs") if r.sub_rule == "DQC.US.0195.10626"]
    assert [(r.facts[0].concept, r.facts[0].context_id, r.facts[0].value) for r in got] == [
        ("us-gaap:SharesIssued", ctx(b, "issued"), "250000")
    ] * 2
    assert sorted("142000" in r.message for r in got) == [False, True]


def test_0195_retained_earnings_ten_percent_of_the_total(rules_graph: Graph):
    b = FilingBuilder("t-0195-re")
    b.fact("us-gaap:StockIssuedDuringPeriodValueNewIssues", "1500", dims=RETAINED, fact_id="no-total")  # no total: flagged
    b.fact("us-gaap:StockRepurchasedDuringPeriodValue", "1001", dims=RETAINED, fact_id="big")  # > 10% of 10000
    b.fact("us-gaap:StockRepurchasedDuringPeriodValue", "10000")
    b.fact("us-gaap:StockRepurchasedDuringPeriodValue", "10000", fact_id="dup-total")  # a duplicate total counts once
    b.fact("us-gaap:StockIssuedDuringPeriodValueStockDividend", "1000", dims=RETAINED)  # exactly 10%: fine
    b.fact("us-gaap:StockIssuedDuringPeriodValueStockDividend", "10000")
    b.fact("us-gaap:PreferredStockRedemptionPremium", "5000", dims=RETAINED)  # not on the compiled list
    b.write(rules_graph)
    assert found(run(rules_graph, "t-0195-re")) == sorted(
        [
            ("DQC.US.0195.10627", "us-gaap:StockIssuedDuringPeriodValueNewIssues", ctx(b, "no-total"), "1500"),
            ("DQC.US.0195.10627", "us-gaap:StockRepurchasedDuringPeriodValue", ctx(b, "big"), "1001"),
        ]
    )


def test_0195_not_evaluable_without_constants(graph: Graph):
    FilingBuilder("t-0195-none").write(graph)
    (r,) = run(graph, "t-0195-none")
    assert r.status == "not_evaluable" and "APIC_ADJUSTMENTS" in r.reason
