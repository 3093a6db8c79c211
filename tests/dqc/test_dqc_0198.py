"""DQC.US.0198.10652 on hand-built filings: a rate reconciliation percentage against amount / income before tax."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

BEFORE_TAX = "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0198"], RuleInput(graph, load_filing_data(graph, fid)))


def pct(b: FilingBuilder, qname: str, value: str, decimals: str = "3", fact_id: str | None = None) -> str:
    return b.fact(qname, value, decimals=decimals, unit="xbrli:pure", base_type="pure", fact_id=fact_id)


def test_0198_effective_rate_not_matching_tax_over_income(graph: Graph):
    b = FilingBuilder("t-0198-a")
    b.fact("us-gaap:IncomeTaxExpenseBenefit", "271000", fact_id="tax")
    b.fact(BEFORE_TAX, "52763000")
    pct(b, "us-gaap:EffectiveIncomeTaxRateContinuingOperations", "0.275", fact_id="etr")  # 271000/52763000 = 0.0051
    b.fact("us-gaap:IncomeTaxReconciliationIncomeTaxExpenseBenefitAtFederalStatutoryIncomeTaxRate", "11080000")
    pct(b, "us-gaap:EffectiveIncomeTaxRateReconciliationAtFederalStatutoryIncomeTaxRate", "0.21")  # 0.2100: fine
    b.write(graph)
    (r,) = run(graph, "t-0198-a")
    assert (r.sub_rule, r.concept, r.reported_value) == (
        "DQC.US.0198.10652",
        "us-gaap:EffectiveIncomeTaxRateContinuingOperations",
        "0.275",
    )
    assert [f.fact_id for f in r.facts] == ["tax"] and r.expected_value.startswith("0.00513")


def test_0198_narrow_misses(graph: Graph):
    b = FilingBuilder("t-0198-b")
    b.fact("us-gaap:IncomeTaxExpenseBenefit", "-2406940", decimals="0")
    b.fact(BEFORE_TAX, "-10991942", decimals="0")
    pct(b, "us-gaap:EffectiveIncomeTaxRateContinuingOperations", "0.22", decimals="2")  # 0.2190 is within the 0.005 interval
    b.fact("us-gaap:IncomeTaxReconciliationStateAndLocalIncomeTaxes", "-120000", decimals="0")
    pct(b, "us-gaap:EffectiveIncomeTaxRateReconciliationStateAndLocalIncomeTaxes", "0.02", decimals="2")  # 0.0109: 0.0091 off
    b.write(graph)
    assert run(graph, "t-0198-b") == []


def test_0198_income_from_net_income_and_unknown_filing(graph: Graph):
    b = FilingBuilder("t-0198-c")
    b.fact("us-gaap:IncomeTaxExpenseBenefit", "2405000", fact_id="tax")
    b.fact("us-gaap:IncomeLossIncludingPortionAttributableToNoncontrollingInterest", "-140719000")  # no discontinued ops
    pct(b, "us-gaap:EffectiveIncomeTaxRateContinuingOperations", "0.317")
    b.write(graph)
    (r,) = run(graph, "t-0198-c")
    assert r.facts[0].fact_id == "tax" and r.expected_value.startswith("-0.01709")
    (r,) = run(graph, "t-0198-missing")
    assert r.status == "not_evaluable"
