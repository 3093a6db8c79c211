"""DQC.US.0131 (lease amount above the balance sheet line items its extensible list names) on hand-built filings."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

GAAP = "http://fasb.org/us-gaap/2025#"
OLL = "us-gaap:OperatingLeaseLiabilityNoncurrent"
OLL_LIST = "us-gaap:OperatingLeaseLiabilityNoncurrentStatementOfFinancialPositionExtensibleList"
ROU = "us-gaap:OperatingLeaseRightOfUseAsset"
ROU_LIST = "us-gaap:OperatingLeaseRightOfUseAssetStatementOfFinancialPositionExtensibleList"
TEXT = {"decimals": None, "unit": None, "base_type": "string"}
Y24, Y23 = dt.date(2024, 12, 31), dt.date(2023, 12, 31)


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0131"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def test_lease_above_its_line_items(graph: Graph):
    b = FilingBuilder("t-0131")
    for day in (Y24, Y23):
        b.fact(OLL_LIST, f"{GAAP}OtherLiabilitiesNoncurrent", period=day, **TEXT)
    b.fact(OLL, "500", decimals="0", period=Y24, fact_id="over")  # above 400
    b.fact("us-gaap:OtherLiabilitiesNoncurrent", "400", decimals="0", period=Y24)
    b.fact(OLL, "1000400", decimals="0", period=Y23)  # rounded to -3 both are 1,000,000: equal
    b.fact("us-gaap:OtherLiabilitiesNoncurrent", "1000000", decimals="-3", period=Y23)
    b.fact(ROU_LIST, f"{GAAP}OtherAssetsNoncurrent {GAAP}PropertyPlantAndEquipmentNet", period=Y24, **TEXT)
    b.fact(ROU, "700", decimals="0", period=Y24)  # 300 + 450 hold it
    b.fact("us-gaap:OtherAssetsNoncurrent", "300", decimals="0", period=Y24)
    b.fact("us-gaap:PropertyPlantAndEquipmentNet", "450", decimals="0", period=Y24)
    b.fact(ROU, "900", decimals="0", period=Y23)  # no list fact for 2023: not tested
    b.fact("us-gaap:OtherAssetsNoncurrent", "100", decimals="0", period=Y23)
    b.write(graph)
    results = run(graph, "t-0131")
    assert [(r.sub_rule, r.concept, r.facts[0].context_id, r.reported_value) for r in results] == [
        ("DQC.US.0131.9729", OLL, ctx(b, "over"), "500")
    ]
    assert "us-gaap:OtherLiabilitiesNoncurrent 400" in results[0].message


def test_line_items_not_reported(graph: Graph):
    b = FilingBuilder("t-0131-none")
    b.fact(OLL_LIST, f"{GAAP}OtherLiabilitiesNoncurrent", period=Y24, **TEXT)
    b.fact(OLL, "500", decimals="0", period=Y24)  # the named line item has no fact: nothing to compare
    b.write(graph)
    assert run(graph, "t-0131-none") == []


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    b = FilingBuilder("t-0131-2022", us_gaap_year=2022)
    b.fact(OLL_LIST, "http://fasb.org/us-gaap/2022#OtherLiabilitiesNoncurrent", period=Y24, **TEXT)
    b.fact(OLL, "500", decimals="0", period=Y24)
    b.write(graph)
    [r] = run(graph, "t-0131-2022")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0131 rule data for us-gaap 2022")
