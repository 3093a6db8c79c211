"""DQC.US.0199 (schedule of investments: spread without rate type, rate without maturity) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

IIA = "us-gaap:InvestmentIdentifierAxis"
SPREAD = "us-gaap:InvestmentBasisSpreadVariableRate"
BASIS = "us-gaap:InvestmentVariableInterestRateTypeExtensibleEnumeration"
MATURITY = "us-gaap:InvestmentMaturityDate"
RATE = "us-gaap:InvestmentInterestRate"
PCT = {"unit": "xbrli:pure", "decimals": "4"}
TEXT = {"decimals": None, "unit": None, "base_type": "string"}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0199"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def test_missing_rate_type_and_maturity(graph: Graph):
    b = FilingBuilder("t-0199")
    full = {IIA: "typed:Acme first lien"}  # spread, its rate type and its maturity: fine
    b.fact(SPREAD, "0.055", dims=full, **PCT)
    b.fact(BASIS, "http://fasb.org/us-gaap/2025#SecuredOvernightFinancingRateSofrMember", dims=full, **TEXT)
    b.fact(MATURITY, "2029-06-30", dims=full, **TEXT)
    bare = {IIA: "typed:Beta second lien"}  # a spread alone: both sub-rules
    b.fact(SPREAD, "0.06", dims=bare, fact_id="bare", **PCT)
    fixed = {IIA: "typed:Gamma note"}  # an instant rate never meets the (duration) maturity date
    b.fact(RATE, "0.08", dims=fixed, period="instant", fact_id="instant-rate", **PCT)
    b.fact(MATURITY, "2030-01-31", dims=fixed, **TEXT)
    more = {IIA: "typed:Delta loan", "us-gaap:InvestmentTypeAxis": "abc:SeniorMember"}  # another axis: not selected
    b.fact(SPREAD, "0.07", dims=more, **PCT)
    b.write(graph)
    results = run(graph, "t-0199")
    assert [(r.sub_rule, r.concept, r.facts[0].context_id, r.reported_value) for r in results] == sorted(
        [
            ("DQC.US.0199.10653", SPREAD, ctx(b, "bare"), "0.06"),
            ("DQC.US.0199.10654", SPREAD, ctx(b, "bare"), "0.06"),
            ("DQC.US.0199.10654", RATE, ctx(b, "instant-rate"), "0.08"),
        ]
    )


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    b = FilingBuilder("t-0199-2022", us_gaap_year=2022)
    b.fact(SPREAD, "0.06", dims={IIA: "typed:x"}, **PCT)
    b.write(graph)
    [r] = run(graph, "t-0199-2022")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0199 rule data for us-gaap 2022")
