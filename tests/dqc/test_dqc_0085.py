"""DQC.US.0085 (deferred tax elements) on hand-built filings: each sub-rule fires, and narrowly misses."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

BS = "http://example.com/role/BalanceSheet"
TAX = "http://example.com/role/IncomeTaxDetails"
OTHER = "http://example.com/role/OtherDetails"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0085"], RuleInput(graph, load_filing_data(graph, fid)))


def found(results: list[CheckResult]) -> list[tuple[str, str | None, str | None, str | None]]:
    return sorted((r.sub_rule, r.concept, r.facts[0].fact_id if r.facts else None, r.reported_value) for r in results)


def test_statement_placement_and_rollups(graph: Graph):
    b = FilingBuilder("t-0085")
    b.role(BS, "200 - Statement - Balance Sheet")
    b.role(TAX, "300 - Disclosure - Income Taxes (Details)")
    b.calc(BS, "us-gaap:Assets", [("us-gaap:AssetsCurrent", 1), ("us-gaap:DeferredTaxAssetsNet", 1)])
    b.fact("us-gaap:DeferredTaxAssetsNet", "4116000", period="instant", fact_id="dta")
    b.fact(
        "us-gaap:DeferredTaxAssetsNet",
        "116000",
        period="instant",
        fact_id="dta-dim",
        dims={"us-gaap:IncomeTaxAuthorityAxis": "us-gaap:StateAndLocalJurisdictionMember"},
    )
    # a liability net element with no calculation parent anywhere: 9363 for the plain fact only
    b.fact("us-gaap:DeferredIncomeTaxLiabilitiesNet", "900", period="instant", fact_id="ditl")
    b.fact(
        "us-gaap:DeferredIncomeTaxLiabilitiesNet",
        "90",
        period="instant",
        fact_id="ditl-dim",
        dims={"us-gaap:IncomeTaxAuthorityAxis": "us-gaap:DomesticCountryMember"},
    )
    # the asset net element has a parent (in a disclosure): no 9362
    b.calc(
        TAX,
        "us-gaap:DeferredTaxAssetsLiabilitiesNet",
        [("us-gaap:DeferredIncomeTaxAssetsNet", 1), ("us-gaap:DeferredTaxLiabilities", -1)],
    )
    b.fact("us-gaap:DeferredIncomeTaxAssetsNet", "700", period="instant", fact_id="dita")
    # DeferredTaxLiabilities rolls up into a footnote total only (and that total is under Liabilities in another network)
    b.role(OTHER, "400 - Disclosure - Other (Details)")
    b.calc(OTHER, "us-gaap:Liabilities", [("us-gaap:DeferredTaxAssetsLiabilitiesNet", 1)])
    b.fact("us-gaap:DeferredTaxLiabilities", "300", period="instant", fact_id="dtl")
    b.write(graph)
    results = run(graph, "t-0085")
    assert found(results) == [
        ("DQC.US.0085.9361", "us-gaap:DeferredTaxAssetsNet", "f1", "10-K"),
        ("DQC.US.0085.9363", "us-gaap:DeferredIncomeTaxLiabilitiesNet", "ditl", "900"),
        ("DQC.US.0085.9364", "us-gaap:DeferredTaxAssetsNet", "dta", "4116000"),
        ("DQC.US.0085.9364", "us-gaap:DeferredTaxAssetsNet", "dta-dim", "116000"),
    ]
    statement = next(r for r in results if r.sub_rule.endswith("9361"))
    assert statement.facts[0].concept == "dei:DocumentType" and statement.network == BS
    assert statement.facts[0].context_id == b.facts[0]["props"]["context_id"]
    rollup = next(r for r in results if r.facts[0].fact_id == "dta-dim")
    assert rollup.facts[0].context_id == b.facts[3]["props"]["context_id"] and "Assets" in rollup.message


def test_liability_footnote_element_under_liabilities(graph: Graph):
    b = FilingBuilder("t-0085-l", form="10-Q")
    b.role(TAX, "300 - Disclosure - Income Taxes (Details)")
    b.calc(TAX, "us-gaap:LiabilitiesAndStockholdersEquity", [("us-gaap:Liabilities", 1)])
    b.calc(TAX, "us-gaap:Liabilities", [("us-gaap:DeferredTaxLiabilities", 1)])
    b.fact("us-gaap:DeferredTaxLiabilities", None, period="instant", fact_id="nil")  # nil facts count too
    b.write(graph)
    assert found(run(graph, "t-0085-l")) == [("DQC.US.0085.9367", "us-gaap:DeferredTaxLiabilities", "nil", None)]


def test_clean_filing_has_no_findings(graph: Graph):
    b = FilingBuilder("t-0085-ok")
    b.role(BS, "200 - Statement - Balance Sheet")
    b.calc(BS, "us-gaap:Assets", [("us-gaap:AssetsCurrent", 1), ("us-gaap:DeferredIncomeTaxAssetsNet", 1)])
    b.fact("us-gaap:DeferredIncomeTaxAssetsNet", "700", period="instant")
    b.write(graph)
    assert run(graph, "t-0085-ok") == []


def test_not_evaluable_when_the_filing_is_not_loaded(graph: Graph):
    results = run(graph, "t-0085-missing")
    assert [(r.status, r.rule_id) for r in results] == [("not_evaluable", "DQC.US.0085")]
