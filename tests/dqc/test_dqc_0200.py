"""DQC.US.0200 (IncomeStatementLocationAxis with instant monetary elements) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

ISL = "us-gaap:IncomeStatementLocationAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0200"], RuleInput(graph, load_filing_data(graph, fid)))


def instant(b: FilingBuilder, qname: str, value: str, fact_id: str, dims: dict[str, str] | None) -> None:
    b.fact(qname, value, period="instant", fact_id=fact_id, dims=dims)
    b.concepts[b.key(qname)]["props"]["period_type"] = "instant"


def test_instant_monetary_facts_on_the_income_statement_location_axis(graph: Graph):
    b = FilingBuilder("t-0200", form="20-F")  # the official rule set tests no form
    on_axis = {ISL: "us-gaap:OtherNonoperatingIncomeExpenseMember"}
    instant(b, "us-gaap:DeferredRevenueCurrent", "14511000", "hit", on_axis)
    instant(b, "abc:CustomLiability", "7", "ext", on_axis)  # extension elements count too
    instant(b, "us-gaap:DeferredRevenueCurrent", "9", "no-axis", {"us-gaap:BalanceSheetLocationAxis": "abc:XMember"})
    instant(b, "us-gaap:FiniteLivedIntangibleAssetsNet", "5", "exception", on_axis)  # allowed by the rule
    b.fact("us-gaap:OperatingLeaseLeaseIncome", "455", fact_id="duration", dims=on_axis)  # a duration element: fine
    b.write(graph)
    results = run(graph, "t-0200")
    assert sorted((r.sub_rule, r.concept, r.facts[0].fact_id, r.reported_value) for r in results) == [
        ("DQC.US.0200.10700", "abc:CustomLiability", "ext", "7"),
        ("DQC.US.0200.10700", "us-gaap:DeferredRevenueCurrent", "hit", "14511000"),
    ]
    hit = next(r for r in results if r.facts[0].fact_id == "hit")
    assert hit.facts[0].context_id == b.facts[2]["props"]["context_id"]
    assert hit.dimensions == [f"{ISL}=us-gaap:OtherNonoperatingIncomeExpenseMember"] and "BalanceSheetLocationAxis" in hit.message


def test_not_evaluable_when_the_filing_is_not_loaded(graph: Graph):
    results = run(graph, "t-0200-missing")
    assert [(r.status, r.rule_id) for r in results] == [("not_evaluable", "DQC.US.0200")]
