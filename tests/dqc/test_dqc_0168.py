"""DQC.US.0168 (income tax reconciliation calculations) on hand-built filings: the statutory lines reported without a
reconciliation calculation (10096/10097) and rate-reconciliation weights that differ from us-gaap's (10098)."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

TAX_ROLE = "http://example.com/role/IncomeTaxesDetails"
GAAP_ROLE = "http://fasb.org/us-gaap/role/disclosure/IncomeTaxes"
RATE, RATE_STAT = (
    "us-gaap:EffectiveIncomeTaxRateContinuingOperations",
    "us-gaap:EffectiveIncomeTaxRateReconciliationAtFederalStatutoryIncomeTaxRate",
)
TAX, TAX_STAT = (
    "us-gaap:IncomeTaxExpenseBenefit",
    "us-gaap:IncomeTaxReconciliationIncomeTaxExpenseBenefitAtFederalStatutoryIncomeTaxRate",
)
CREDITS, STATE = (
    "us-gaap:EffectiveIncomeTaxRateReconciliationTaxCredits",
    "us-gaap:EffectiveIncomeTaxRateReconciliationStateAndLocalIncomeTaxes",
)


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0168"], RuleInput(graph, load_filing_data(graph, fid)))


def found(results: list[CheckResult]) -> list[tuple[str, str | None, str | None, str | None]]:
    return sorted((r.sub_rule, r.concept, r.facts[0].fact_id if r.facts else None, r.reported_value) for r in results)


def reconciliation(fid: str, form: str = "10-K") -> FilingBuilder:
    b = FilingBuilder(fid, form=form)
    b.fact(RATE_STAT, "0.21", decimals="2", unit="xbrli:pure", fact_id="rate-stat", base_type="pure")
    b.fact(RATE, "0.25", decimals="2", unit="xbrli:pure", fact_id="rate", base_type="pure")
    b.fact(TAX_STAT, "2100", fact_id="tax-stat")
    b.fact(TAX, "2500", fact_id="tax")
    b.fact(TAX_STAT, "1900", fact_id="tax-stat-dim", dims={"us-gaap:IncomeTaxAuthorityAxis": "us-gaap:DomesticCountryMember"})
    b.fact(TAX_STAT, "1800", fact_id="tax-stat-prior", period=(b.year_start.replace(year=2023), b.period_end.replace(year=2023)))
    return b


def test_statutory_lines_without_a_reconciliation_calculation(graph: Graph):
    reconciliation("t-0168").write(graph)
    results = run(graph, "t-0168")
    assert found(results) == [
        ("DQC.US.0168.10096", RATE_STAT, "rate-stat", "0.21"),
        ("DQC.US.0168.10097", TAX_STAT, "tax-stat", "2100"),  # not the dimensional one, nor the year without a total
    ]
    rate = next(r for r in results if r.sub_rule.endswith("10096"))
    assert rate.facts[0].context_id == reconciliation("x").facts[2]["props"]["context_id"]
    assert "0.25" in rate.message and RATE in rate.message and "TaxReconciliationNotRequired" in rate.message


def test_one_reconciliation_calculated_or_waived_or_a_quarterly_report(graph: Graph):
    b = reconciliation("t-0168-calc")
    b.calc(TAX_ROLE, RATE, [(RATE_STAT, 1), (STATE, 1)])  # the percentage reconciliation is calculated: neither fires
    b.calc(GAAP_ROLE, RATE, [(RATE_STAT, 1), (STATE, 1)], owner="us-gaap/2025")  # with us-gaap's weights
    b.write(graph)
    assert run(graph, "t-0168-calc") == []
    w = reconciliation("t-0168-waived")
    w.fact("abc:TaxReconciliationNotRequired", "true", decimals=None, unit=None, base_type="string")
    w.write(graph)
    assert run(graph, "t-0168-waived") == []
    reconciliation("t-0168-q", form="10-Q").write(graph)
    assert run(graph, "t-0168-q") == []


def test_rate_reconciliation_weights_against_usgaap(graph: Graph):
    b = FilingBuilder("t-0168-w", form="10-Q")  # 10098 runs on every form
    b.calc(GAAP_ROLE, RATE, [(RATE_STAT, 1), (CREDITS, -1), (STATE, 1)], owner="us-gaap/2025")
    b.calc(TAX_ROLE, RATE, [(RATE_STAT, 1), (CREDITS, 1), (STATE, 1), ("abc:OtherReconcilingItems", -1)])
    b.write(graph)
    (result,) = run(graph, "t-0168-w")
    assert (result.sub_rule, result.concept, result.network, result.reported_value, result.expected_value, result.facts) == (
        "DQC.US.0168.10098",
        RATE,
        TAX_ROLE,
        "1",
        "-1",
        [],
    )
    assert CREDITS in result.message


def test_weights_not_evaluable_without_usgaap_calculations(graph: Graph):
    b = FilingBuilder("t-0168-2024", us_gaap_year=2024)
    b.calc(TAX_ROLE, RATE, [(RATE_STAT, 1)])
    b.write(graph)
    (result,) = run(graph, "t-0168-2024")
    assert result.status == "not_evaluable" and result.sub_rule == "DQC.US.0168.10098" and "us-gaap/2024" in result.reason
