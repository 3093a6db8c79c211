"""DQC.US.0113 (gross payments to acquire businesses below the net amount) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

GROSS = "us-gaap:PaymentsToAcquireBusinessesGross"
NET = "us-gaap:PaymentsToAcquireBusinessesNetOfCashAcquired"
GEO = "srt:StatementGeographicalAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0113"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def test_gross_below_net(graph: Graph):
    b = FilingBuilder("t-0113")
    b.fact(GROSS, "1000000", fact_id="gross")  # no dimensions: net 1,500,000 is more
    b.fact(NET, "1500000")
    us = {GEO: "country:US"}  # 1 more at decimals 0: reported (factor 0)
    b.fact(GROSS, "1000000", decimals="0", dims=us, fact_id="gross-us")
    b.fact(NET, "1000001", decimals="0", dims=us)
    ca = {GEO: "country:CA"}  # rounded to the lower decimals (-3) both are 1,000,000: equal
    b.fact(GROSS, "1000000", decimals="-3", dims=ca)
    b.fact(NET, "1000400", decimals="0", dims=ca)
    mx = {GEO: "country:MX"}  # net below gross: fine
    b.fact(GROSS, "900", dims=mx)
    b.fact(NET, "800", dims=mx)
    b.fact(NET, "5000", dims={GEO: "country:FR"})  # no gross fact in this alignment: nothing to compare
    b.fact(GROSS, None, dims={GEO: "country:DE"})  # nil: left out
    b.fact(NET, "5000", dims={GEO: "country:DE"})
    b.write(graph)
    results = run(graph, "t-0113")
    assert sorted((r.sub_rule, r.concept, r.facts[0].context_id, r.reported_value) for r in results) == sorted(
        [
            ("DQC.US.0113.9562", GROSS, ctx(b, "gross"), "1000000"),
            ("DQC.US.0113.9562", GROSS, ctx(b, "gross-us"), "1000000"),
        ]
    )
    gross = next(r for r in results if r.facts[0].fact_id == "gross")
    assert "1500000" in gross.message and gross.dimensions == []


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    b = FilingBuilder("t-0113-2022", us_gaap_year=2022)
    b.fact(GROSS, "1000000")
    b.fact(NET, "1500000")
    b.write(graph)
    [r] = run(graph, "t-0113-2022")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0113 rule data for us-gaap 2022")
