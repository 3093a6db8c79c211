"""DQC.US.0189 on hand-built filings: a fact alone on a one-member VariableRateAxis without its total (anywhere in
the filing), the narrow misses, the engine's text-fact behaviour and the years the rule set has."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

ROLE = "http://example.com/role/DebtDetails"
AXIS = "us-gaap:VariableRateAxis"
SOFR = {AXIS: "us-gaap:SecuredOvernightFinancingRateSofrMember"}
TERMS = "us-gaap:PreferredStockDividendPaymentTerms"


def build(filing_id: str, year: int = 2025) -> FilingBuilder:
    b = FilingBuilder(filing_id, us_gaap_year=year)
    b.role(ROLE, "300 - Disclosure - Debt (Details)")
    line_items = ["us-gaap:DebtInstrumentBasisSpreadOnVariableRate1", "us-gaap:LongTermDebt", TERMS]
    b.cube(ROLE, line_items, AXIS, "us-gaap:VariableRateDomain", {"us-gaap:SecuredOvernightFinancingRateSofrMember": None})
    spread = {"decimals": "4", "unit": "xbrli:pure", "period": "instant"}
    b.fact("us-gaap:DebtInstrumentBasisSpreadOnVariableRate1", "0.03", dims=SOFR, fact_id="spread", **spread)  # flagged
    b.fact("us-gaap:LongTermDebt", "500", period="instant", dims=SOFR, fact_id="debt-on-sofr")
    b.fact("us-gaap:LongTermDebt", "500", period="instant", fact_id="debt-total")  # the total: fine
    text = {"decimals": None, "unit": None, "base_type": "string"}
    b.fact(TERMS, "SOFR plus 5%", dims=SOFR, fact_id="terms-on-sofr", **text)  # flagged although its total exists
    b.fact(TERMS, "SOFR plus 5%", fact_id="terms-total", **text)
    return b


def run(graph: Graph, filing_id: str) -> list[CheckResult]:
    return run_rules(graph, filing_id, ["0189"])[0]["0189"]


def test_0189_flags_lone_variable_rate_facts(graph: Graph):
    b = build("t-0189")
    b.write(graph)
    results = run(graph, "t-0189")
    assert sorted((r.sub_rule, r.facts[0].fact_id) for r in results) == [
        ("DQC.US.0189.10184", "spread"),
        ("DQC.US.0189.10184", "terms-on-sofr"),
    ]
    r = next(r for r in results if r.facts[0].fact_id == "spread")
    assert (r.concept, r.reported_value, r.period, r.network, r.axis) == (
        "us-gaap:DebtInstrumentBasisSpreadOnVariableRate1",
        "0.03",
        "instant:2024-12-31",
        ROLE,
        "VariableRateAxis",
    )
    ctx = {f["props"]["fact_id"]: f["props"]["context_id"] for f in b.facts}
    assert r.facts[0].context_id == ctx["spread"] and r.dimensions == [f"{AXIS}=us-gaap:SecuredOvernightFinancingRateSofrMember"]
    assert "InvestmentVariableInterestRateTypeExtensibleEnumeration" in r.message


def test_0189_has_no_2023_rule_set(graph: Graph):
    build("t-0189-2023", year=2023).write(graph)
    [r] = run(graph, "t-0189-2023")
    assert r.status == "not_evaluable" and "us-gaap 2023" in r.reason
