"""DQC.US.0187 on hand-built filings: PP&E gross against net plus accumulated depreciation, and the PublicUtilityAxis
and mineral property checks."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

BS = "http://example.com/role/BalanceSheet"
PRIOR = dt.date(2023, 12, 31)


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0187"], RuleInput(graph, load_filing_data(graph, fid)))


def test_0187_gross_not_net_plus_depreciation(graph: Graph):
    b = FilingBuilder("t-0187-a")
    b.fact("us-gaap:PropertyPlantAndEquipmentGross", "839000", period="instant", fact_id="gross")
    b.fact("us-gaap:PropertyPlantAndEquipmentNet", "839000", period="instant")
    b.fact("us-gaap:AccumulatedDepreciationDepletionAndAmortizationPropertyPlantAndEquipment", "9000", period="instant")
    b.fact("us-gaap:PropertyPlantAndEquipmentGross", "848000", period=PRIOR)  # 839000 + 10000 - 1000: within 2000
    b.fact("us-gaap:PropertyPlantAndEquipmentNet", "839000", period=PRIOR)
    b.fact("us-gaap:AccumulatedDepreciationDepletionAndAmortizationPropertyPlantAndEquipment", "10000", period=PRIOR)
    b.write(graph)
    (r,) = run(graph, "t-0187-a")
    assert (r.sub_rule, r.reported_value, r.expected_value, r.facts[0].fact_id) == (
        "DQC.US.0187.10174",
        "839000",
        "848000",
        "gross",
    )


def test_0187_other_net_children_widen_the_tolerance(graph: Graph):
    b = FilingBuilder("t-0187-b")
    b.calc(
        BS,
        "us-gaap:PropertyPlantAndEquipmentNet",
        [
            ("us-gaap:PropertyPlantAndEquipmentGross", 1),
            ("us-gaap:AccumulatedDepreciationDepletionAndAmortizationPropertyPlantAndEquipment", -1),
            ("us-gaap:ConstructionInProgressGross", 1),
        ],
    )
    b.fact("us-gaap:PropertyPlantAndEquipmentGross", "1000", decimals="0", period="instant")
    b.fact("us-gaap:PropertyPlantAndEquipmentNet", "650", decimals="0", period="instant")
    b.fact(
        "us-gaap:AccumulatedDepreciationDepletionAndAmortizationPropertyPlantAndEquipment", "400", decimals="0", period="instant"
    )
    b.fact("us-gaap:ConstructionInProgressGross", "50", decimals="0", period="instant", balance="debit")  # factor 52
    b.write(graph)
    assert run(graph, "t-0187-b") == []  # 1000 against 1050: off by 50, within 52


def test_0187_missing_component_public_utility_and_minerals(graph: Graph):
    b = FilingBuilder("t-0187-c")
    b.fact("us-gaap:PropertyPlantAndEquipmentGross", "100", period="instant", fact_id="gross")  # no net: not compared
    b.fact("us-gaap:AccumulatedDepreciationDepletionAndAmortizationPropertyPlantAndEquipment", "10", period="instant")
    for m, v in (("abc:ElectricMember", "60"), ("abc:GasMember", "50")):
        b.fact("us-gaap:PropertyPlantAndEquipmentGross", v, period="instant", dims={"us-gaap:PublicUtilityAxis": m})
    b.fact("us-gaap:MineralPropertiesNet", "500", period="instant", fact_id="net")
    b.fact("us-gaap:MineralPropertiesGross", "300", period="instant")
    b.fact("us-gaap:MineralRights", "100", period="instant")
    b.write(graph)
    found = sorted((r.sub_rule, r.facts[0].fact_id, r.expected_value) for r in run(graph, "t-0187-c"))
    assert found == [("DQC.US.0187.10176", "gross", "110"), ("DQC.US.0187.10179", "net", "400")]


def test_0187_not_evaluable_for_other_forms(graph: Graph):
    FilingBuilder("t-0187-d", form="DEF 14A").write(graph)
    (r,) = run(graph, "t-0187-d")
    assert r.status == "not_evaluable" and "DEF 14A" in r.reason
