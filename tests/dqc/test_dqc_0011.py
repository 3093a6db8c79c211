"""DQC.US.0011 (dimensional equivalents) on hand-built filings: a difference beyond the decimals tolerance, one
within it, the weight, INF decimals, and not evaluable without the DIM_EQUIVALENTS constant."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

AXIS = "us-gaap:StatementEquityComponentsAxis"
TOTAL = "us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0011"])
    return results["0011"]


def ctx(b: FilingBuilder, fact_id: str) -> str | None:
    return next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id)


def test_0011_line_item_and_its_dimensional_equivalent(rules_graph: Graph):
    b = FilingBuilder("t-0011")
    # 6825: AdditionalPaidInCapital = total equity with AdditionalPaidInCapitalMember (weight 1); 3,000 apart at -3: > 2,000
    b.fact("us-gaap:AdditionalPaidInCapital", "27288000", period="instant", fact_id="apic")
    b.fact(TOTAL, "27285000", period="instant", dims={AXIS: "us-gaap:AdditionalPaidInCapitalMember"})
    # 6828: 2,000 apart is within the tolerance
    b.fact("us-gaap:RetainedEarningsAccumulatedDeficit", "-130723000", period="instant")
    b.fact(TOTAL, "-130721000", period="instant", dims={AXIS: "us-gaap:RetainedEarningsMember"})
    # 6827: TreasuryStockValue = total with TreasuryStockMember times -1: equal once negated
    b.fact("us-gaap:TreasuryStockValue", "5000", period="instant")
    b.fact(TOTAL, "-5000", period="instant", dims={AXIS: "us-gaap:TreasuryStockMember"})
    # 6831: NetIncomeLoss = ProfitLoss with RetainedEarningsMember; INF decimals on both: any difference counts
    b.fact("us-gaap:NetIncomeLoss", "100.5", decimals="INF", fact_id="ni")
    b.fact("us-gaap:ProfitLoss", "100.4", decimals="INF", dims={AXIS: "us-gaap:RetainedEarningsMember"})
    # another period is not compared
    b.fact("us-gaap:NetIncomeLoss", "1", period=(b.year_start, b.year_start))
    b.write(rules_graph)
    got = sorted((r.sub_rule, r.facts[0].concept, r.facts[0].context_id, r.facts[0].value) for r in run(rules_graph, "t-0011"))
    assert got == [
        ("DQC.US.0011.6825", "us-gaap:AdditionalPaidInCapital", ctx(b, "apic"), "27288000"),
        ("DQC.US.0011.6831", "us-gaap:NetIncomeLoss", ctx(b, "ni"), "100.5"),
    ]


def test_0011_not_evaluable_without_constants(graph: Graph):
    FilingBuilder("t-0011-none").write(graph)
    (r,) = run(graph, "t-0011-none")
    assert r.status == "not_evaluable" and "DIM_EQUIVALENTS" in r.reason
