"""DQC.US.0014 (negative values with no dimensions) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0014"])
    return results["0014"]


def ctx(b: FilingBuilder, fact_id: str) -> str | None:
    return next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id)


def test_0014_negative_listed_facts_without_dimensions(graph: Graph):
    b = FilingBuilder("t-0014")
    b.fact("us-gaap:AmortizationOfIntangibleAssets", "-3221789", decimals="0", fact_id="amort")  # 2791
    b.fact("us-gaap:AmortizationOfIntangibleAssets", "-3221789", decimals="0", fact_id="amort-dup")  # the same fact again
    b.fact("us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", "-18791", decimals="0", fact_id="rev")  # 7652
    b.fact("us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", "-5", dims={"srt:ProductOrServiceAxis": "abc:XMember"})
    b.fact("us-gaap:Goodwill", "0", period="instant")  # zero: fine
    b.fact("us-gaap:Goodwill", None, period=b.year_start)  # nil: fine
    b.fact("us-gaap:ProfitLoss", "-7")  # not listed
    b.write(graph)
    got = sorted((r.sub_rule, r.facts[0].concept, r.facts[0].context_id, r.facts[0].value) for r in run(graph, "t-0014"))
    assert got == [
        ("DQC.US.0014.2791", "us-gaap:AmortizationOfIntangibleAssets", ctx(b, "amort"), "-3221789"),
        ("DQC.US.0014.7652", "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", ctx(b, "rev"), "-18791"),
    ]


def test_0014_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    FilingBuilder("t-0014-2022", us_gaap_year=2022).write(graph)
    (r,) = run(graph, "t-0014-2022")
    assert r.status == "not_evaluable"
