"""DQC.US.0073 on hand-built filings: elements that are not plan asset elements on the plan asset categories axis,
next to an allowed element, an extension element, a fact off the axis and a duplicate."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

AXIS = "us-gaap:DefinedBenefitPlanByPlanAssetCategoriesAxis"
EQUITY = {AXIS: "us-gaap:DefinedBenefitPlanEquitySecuritiesMember"}


def run(graph: Graph, filing_id: str) -> list[CheckResult]:
    return run_rules(graph, filing_id, ["0073"])[0]["0073"]


def test_0073_flags_base_elements_not_allowed_on_the_axis(graph: Graph):
    b = FilingBuilder("t-0073")
    b.fact("us-gaap:AllocatedShareBasedCompensationExpense", "-100000", dims=EQUITY, fact_id="wrong")  # flagged
    b.fact("us-gaap:AllocatedShareBasedCompensationExpense", "-100000", dims=EQUITY, fact_id="wrong-dup")  # same fact
    b.fact("us-gaap:DefinedBenefitPlanFairValueOfPlanAssets", "900", period="instant", dims=EQUITY, fact_id="allowed")
    b.fact("abc:PlanAssetFees", "3", dims=EQUITY, fact_id="extension")  # extensions are the filer's business
    b.fact("us-gaap:AllocatedShareBasedCompensationExpense", "-5", fact_id="off-axis")
    b.fact("dei:EntityCommonStockSharesOutstanding", None, period="instant", dims=EQUITY, fact_id="dei-nil")  # flagged
    b.write(graph)
    results = run(graph, "t-0073")
    assert sorted((r.facts[0].fact_id, r.concept) for r in results) == [
        ("dei-nil", "dei:EntityCommonStockSharesOutstanding"),
        ("wrong", "us-gaap:AllocatedShareBasedCompensationExpense"),
    ]
    r = next(r for r in results if r.facts[0].fact_id == "wrong")
    ctx = {f["props"]["fact_id"]: f["props"]["context_id"] for f in b.facts}
    assert (r.sub_rule, r.status, r.reported_value, r.period, r.dimensions, r.facts[0].context_id) == (
        "DQC.US.0073.7648",
        "violation",
        "-100000",
        "duration:2024-01-01/2024-12-31",
        [f"{AXIS}=us-gaap:DefinedBenefitPlanEquitySecuritiesMember"],
        ctx["wrong"],
    )
    assert "DefinedBenefitPlanByPlanAssetCategoriesAxis" in r.message and "-100000" in r.message


def test_0073_not_evaluable_for_an_unknown_filing(graph: Graph):
    [r] = run(graph, "no-such-filing")
    assert r.status == "not_evaluable" and "no filing" in r.reason
