"""DQC.US.0109 on hand-built filings: ConcentrationRiskPercentage1 facts with missing, incomplete, misused and
mismatched concentration risk axes, each next to the narrow miss that is fine."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

PCT = "us-gaap:ConcentrationRiskPercentage1"
TYPE = "us-gaap:ConcentrationRiskByTypeAxis"
BENCH = "us-gaap:ConcentrationRiskByBenchmarkAxis"
CUSTOMERS = "srt:MajorCustomersAxis"


def pct(b: FilingBuilder, fact_id: str, value: str | None, dims: dict[str, str] | None = None, **kw: object) -> None:
    b.fact(PCT, value, decimals=None if value is None else "2", unit="xbrli:pure", dims=dims, fact_id=fact_id, **kw)  # type: ignore[arg-type]


def run(graph: Graph, filing_id: str) -> list[CheckResult]:
    return run_rules(graph, filing_id, ["0109"])[0]["0109"]


def codes(results: list[CheckResult]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for r in results:
        out.setdefault(r.facts[0].fact_id, set()).add(r.sub_rule.rsplit(".", 1)[1])
    return out


def test_0109_axis_placement(rules_graph: Graph):
    b = FilingBuilder("t-0109")
    pct(b, "bare", "0.35")  # 9565
    pct(b, "bare-one", "1")  # narrow miss: 100% needs no axis
    pct(b, "bare-nil", None)  # nils are skipped
    pct(b, "type-only", "0.4", {TYPE: "us-gaap:CustomerConcentrationRiskMember"})  # 9567
    pct(b, "bench-only", "0.4", {BENCH: "us-gaap:SalesRevenueNetMember"})  # 9568
    two = {TYPE: "us-gaap:CustomerConcentrationRiskMember", BENCH: "us-gaap:SalesRevenueNetMember"}
    pct(b, "two-axes", "0.6", two)  # 9569: needs a third axis
    pct(b, "two-axes-one", "1.00", two)  # narrow miss: 100% with two axes is fine
    labor = {TYPE: "us-gaap:LaborForceConcentrationRiskMember", BENCH: "us-gaap:CostOfGoodsTotalMember"}
    pct(b, "two-axes-labor", "0.6", labor)  # narrow miss: workforce risks excepted
    three = dict(two, **{CUSTOMERS: "abc:CustomerAMember"})
    pct(b, "three-axes", "0.6", three)  # fine
    b.write(rules_graph)
    results = run(rules_graph, "t-0109")
    assert codes(results) == {
        "bare": {"9565"},
        "type-only": {"9567"},
        "bench-only": {"9568"},
        "two-axes": {"9569"},
    }
    r = next(r for r in results if r.sub_rule == "DQC.US.0109.9569")
    assert (r.concept, r.reported_value, r.period, r.dimensions) == (
        PCT,
        "0.6",
        "duration:2024-01-01/2024-12-31",
        [f"{BENCH}=us-gaap:SalesRevenueNetMember", f"{TYPE}=us-gaap:CustomerConcentrationRiskMember"],
    )
    assert r.facts[0].context_id == b.facts[[f["props"]["fact_id"] for f in b.facts].index("two-axes")]["props"]["context_id"]
    assert "third axis" in r.message and "us-gaap:CustomerConcentrationRiskMember" in r.message


def test_0109_other_axes_only_unless_a_dimensionless_fact_shares_the_period(rules_graph: Graph):
    b = FilingBuilder("t-0109-other")
    prior = (dt.date(2023, 1, 1), dt.date(2023, 12, 31))
    pct(b, "other-now", "0.2", {CUSTOMERS: "abc:CustomerAMember"})  # narrow miss: a dimensionless fact this period
    pct(b, "plain-now", "1")
    pct(b, "other-prior", "0.3", {CUSTOMERS: "abc:CustomerAMember"}, period=prior)  # 9566
    b.write(rules_graph)
    results = run(rules_graph, "t-0109-other")
    assert codes(results) == {"other-prior": {"9566"}}
    assert results[0].period == "duration:2023-01-01/2023-12-31"


def test_0109_swapped_and_mismatched_members(rules_graph: Graph):
    b = FilingBuilder("t-0109-members")
    customers = {CUSTOMERS: "abc:CustomerAMember"}
    swapped_bench = {BENCH: "us-gaap:CustomerConcentrationRiskMember", TYPE: "us-gaap:CustomerConcentrationRiskMember"}
    pct(b, "risk-as-benchmark", None, dict(swapped_bench, **customers))  # 9571, nil included
    swapped_type = {BENCH: "us-gaap:SalesRevenueNetMember", TYPE: "us-gaap:AccountsReceivableMember"}
    pct(b, "benchmark-as-risk", "0.3", dict(swapped_type, **customers))  # 9572 (and 9570: not a revenue risk)
    mismatch = {BENCH: "us-gaap:AccountsReceivableMember", TYPE: "us-gaap:SupplierConcentrationRiskMember"}
    pct(b, "mismatch", "0.3", dict(mismatch, **customers))  # 9570
    ext_risk = {BENCH: "us-gaap:AccountsReceivableMember", TYPE: "abc:DistributorConcentrationRiskMember"}
    pct(b, "extension-risk", "0.3", dict(ext_risk, **customers))  # narrow miss: extension risk types are allowed
    fine = {BENCH: "us-gaap:AccountsReceivableMember", TYPE: "us-gaap:CreditConcentrationRiskMember"}
    pct(b, "fine", "0.3", dict(fine, **customers))
    b.write(rules_graph)
    results = run(rules_graph, "t-0109-members")
    assert codes(results) == {"risk-as-benchmark": {"9571"}, "benchmark-as-risk": {"9570", "9572"}, "mismatch": {"9570"}}
    r9571 = next(r for r in results if r.sub_rule.endswith("9571"))
    assert r9571.reported_value is None and "us-gaap:CustomerConcentrationRiskMember" in r9571.message


def test_0109_not_evaluable_without_the_dqcrt_constants(graph: Graph):
    b = FilingBuilder("t-0109-nc")
    pct(b, "bare", "0.35")
    b.write(graph)
    [r] = run(graph, "t-0109-nc")
    assert r.status == "not_evaluable" and "SET_CONCENTRATION_RISK_ITEMS" in r.reason
