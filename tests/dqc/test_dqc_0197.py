"""DQC.US.0197 (income statement items on the equity statement) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

AXIS = "us-gaap:StatementEquityComponentsAxis"
RE = {AXIS: "us-gaap:RetainedEarningsMember"}
IS = "http://fasb.org/us-gaap/role/statement/StatementOfIncome"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0197"])
    return results["0197"]


def ctx(b: FilingBuilder, fact_id: str) -> str | None:
    return next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id)


def test_0197_income_statement_items_with_an_equity_member(rules_graph: Graph):
    b = FilingBuilder("t-0197")
    # the us-gaap calculation puts this (invented) item under PreferredStockDividendsAndOtherAdjustments
    b.calc(
        IS, "us-gaap:PreferredStockDividendsAndOtherAdjustments", [("us-gaap:TestPreferredAdjustment", 1)], owner="us-gaap/2025"
    )
    b.fact("us-gaap:AllocatedShareBasedCompensationExpense", "518000", dims=RE, fact_id="sbc")  # on the constant's list
    b.fact("us-gaap:PreferredStockDividendsAndOtherAdjustments", "0", dims=RE, fact_id="pref-zero")  # zero counts too
    b.fact("us-gaap:TestPreferredAdjustment", "12", dims=RE, fact_id="pref-child")  # a calculation descendant
    b.fact("us-gaap:NetIncomeLoss", "900", dims=RE)  # moves equity: allowed
    b.fact("us-gaap:AllocatedShareBasedCompensationExpense", "518000")  # no member: fine
    b.fact(
        "us-gaap:AllocatedShareBasedCompensationExpense",
        "5",
        dims={
            **RE,
            "us-gaap:ReclassificationOutOfAccumulatedOtherComprehensiveIncomeAxis": "us-gaap:ReclassificationOutOfAccumulatedOtherComprehensiveIncomeMember",
        },
    )  # an AOCI reclassification: fine
    b.fact("us-gaap:AllocatedShareBasedCompensationExpense", None, dims={AXIS: "us-gaap:CommonStockMember"})  # nil: fine
    b.write(rules_graph)
    got = sorted((r.sub_rule, r.facts[0].concept, r.facts[0].context_id, r.facts[0].value) for r in run(rules_graph, "t-0197"))
    assert got == sorted(
        [
            ("DQC.US.0197.10634", "us-gaap:AllocatedShareBasedCompensationExpense", ctx(b, "sbc"), "518000"),
            ("DQC.US.0197.10634", "us-gaap:PreferredStockDividendsAndOtherAdjustments", ctx(b, "pref-zero"), "0"),
            ("DQC.US.0197.10634", "us-gaap:TestPreferredAdjustment", ctx(b, "pref-child"), "12"),
        ]
    )


def test_0197_not_for_us_gaap_2023_and_not_without_constants(graph: Graph):
    FilingBuilder("t-0197-2023", us_gaap_year=2023).write(graph)
    (r,) = run(graph, "t-0197-2023")
    assert r.status == "not_evaluable" and "us-gaap 2023" in r.reason
    FilingBuilder("t-0197-none").write(graph)
    (r,) = run(graph, "t-0197-none")
    assert r.status == "not_evaluable" and "INCOME_STATEMENT_CONCEPTS" in r.reason
