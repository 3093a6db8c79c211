"""DQC.US.0182 (dimensional equivalents from the meta taxonomy) on hand-built filings: same-balance and
opposite-balance pairs, the decimals tolerance, alignment of further dimensions, and not evaluable without the
DIM_EQUIV_NAMES constant."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

AXIS = "us-gaap:StatementEquityComponentsAxis"
TOTAL = "us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest"
SEGMENT = {"us-gaap:StatementBusinessSegmentsAxis": "abc:WestMember"}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0182"])
    return results["0182"]


def ctx(b: FilingBuilder, fact_id: str) -> str | None:
    return next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id)


def test_0182_line_items_and_their_dimensional_equivalents(rules_graph: Graph):
    b = FilingBuilder("t-0182")
    credit = {"period": "instant", "balance": "credit"}
    # RetainedEarningsAccumulatedDeficit = total equity with RetainedEarningsMember (both credit): 3,000 apart at -3
    b.fact("us-gaap:RetainedEarningsAccumulatedDeficit", "-102485000", fact_id="re", **credit)
    b.fact(TOTAL, "-102488000", dims={AXIS: "us-gaap:RetainedEarningsMember"}, **credit)
    # the same with a segment: aligned on the segment, 2,000 apart is within the tolerance
    b.fact("us-gaap:RetainedEarningsAccumulatedDeficit", "500000", dims=SEGMENT, **credit)
    b.fact(TOTAL, "502000", dims={AXIS: "us-gaap:RetainedEarningsMember", **SEGMENT}, **credit)
    # TreasuryStockValue (debit) = total equity (credit) with TreasuryStockMember times -1
    b.fact("us-gaap:TreasuryStockValue", "5000", period="instant", balance="debit")
    b.fact(TOTAL, "-5000", dims={AXIS: "us-gaap:TreasuryStockMember"}, **credit)
    b.fact("us-gaap:TreasuryStockValue", "9000", period=b.year_start, balance="debit", fact_id="treasury")
    b.fact(TOTAL, "9000", period=b.year_start, balance="credit", dims={AXIS: "us-gaap:TreasuryStockMember"})
    b.write(rules_graph)
    got = sorted((r.sub_rule, r.facts[0].concept, r.facts[0].context_id, r.facts[0].value) for r in run(rules_graph, "t-0182"))
    assert got == [
        ("DQC.US.0182.10160", "us-gaap:RetainedEarningsAccumulatedDeficit", ctx(b, "re"), "-102485000"),
        ("DQC.US.0182.10160", "us-gaap:TreasuryStockValue", ctx(b, "treasury"), "9000"),
    ]


def test_0182_not_evaluable_without_constants(graph: Graph):
    FilingBuilder("t-0182-none").write(graph)
    (r,) = run(graph, "t-0182-none")
    assert r.status == "not_evaluable" and "DIM_EQUIV_NAMES" in r.reason
