"""DQC.US.0137 on hand-built filings: an EXT_ENUM element with a single fact on its location axis, next to two
locations in one period, a duplicate, another form and a missing constant."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

BS_AXIS = "us-gaap:BalanceSheetLocationAxis"
IS_AXIS = "us-gaap:IncomeStatementLocationAxis"
RESTRICTED = "us-gaap:RestrictedCashCurrent"  # instant: BalanceSheetLocationAxis
DERIVATIVE_LOSS = "us-gaap:DerivativeLossOnDerivative"  # duration: IncomeStatementLocationAxis


def build(filing_id: str, form: str = "10-K") -> FilingBuilder:
    b = FilingBuilder(filing_id, form=form)
    b.fact(RESTRICTED, "700", period="instant", dims={BS_AXIS: "us-gaap:OtherAssetsCurrentMember"}, fact_id="alone")
    prior = dt.date(2023, 12, 31)
    b.fact(RESTRICTED, "650", period=prior, dims={BS_AXIS: "us-gaap:OtherAssetsCurrentMember"}, fact_id="prior-1")
    b.fact(RESTRICTED, "50", period=prior, dims={BS_AXIS: "us-gaap:PrepaidExpenseCurrentMember"}, fact_id="prior-2")
    b.fact(DERIVATIVE_LOSS, "12", dims={IS_AXIS: "us-gaap:OtherNonoperatingIncomeExpenseMember"}, fact_id="loss")
    b.fact(DERIVATIVE_LOSS, "12", dims={IS_AXIS: "us-gaap:OtherNonoperatingIncomeExpenseMember"}, fact_id="loss-dup")
    b.fact(DERIVATIVE_LOSS, "12", dims={BS_AXIS: "us-gaap:OtherAssetsCurrentMember"}, fact_id="wrong-axis")  # not its axis
    b.fact("us-gaap:Revenues", "5", dims={IS_AXIS: "us-gaap:OtherNonoperatingIncomeExpenseMember"}, fact_id="not-listed")
    return b


def run(graph: Graph, filing_id: str) -> list[CheckResult]:
    return run_rules(graph, filing_id, ["0137"])[0]["0137"]


def test_0137_flags_the_single_location_fact(rules_graph: Graph):
    b = build("t-0137")
    b.write(rules_graph)
    results = run(rules_graph, "t-0137")
    assert sorted(r.facts[0].fact_id for r in results) == ["alone", "loss"]  # "loss-dup" is the same fact again
    r = next(r for r in results if r.facts[0].fact_id == "alone")
    ctx = {f["props"]["fact_id"]: f["props"]["context_id"] for f in b.facts}
    assert (r.sub_rule, r.concept, r.reported_value, r.period, r.axis, r.facts[0].context_id) == (
        "DQC.US.0137.9838",
        RESTRICTED,
        "700",
        "instant:2024-12-31",
        "BalanceSheetLocationAxis",
        ctx["alone"],
    )
    assert "RestrictedCashCurrentAssetStatementOfFinancialPositionExtensibleList" in r.message


def test_0137_only_on_periodic_and_annual_reports(rules_graph: Graph):
    build("t-0137-s1", form="S-1").write(rules_graph)
    assert run(rules_graph, "t-0137-s1") == []


def test_0137_not_evaluable_without_the_constant(graph: Graph):
    build("t-0137-nc").write(graph)
    [r] = run(graph, "t-0137-nc")
    assert r.status == "not_evaluable" and "EXT_ENUM" in r.reason
