"""DQC.US.0204 on hand-built filings: intangible and tangible assets on each other's axes."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

PPE = "us-gaap:PropertyPlantAndEquipmentByTypeAxis"
FINITE = "us-gaap:FiniteLivedIntangibleAssetsByMajorClassAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0204"], RuleInput(graph, load_filing_data(graph, fid)))


def test_0204_wrong_axis_members_and_elements(rules_graph: Graph):
    b = FilingBuilder("t-0204-a")
    b.fact("us-gaap:PropertyPlantAndEquipmentGross", "46095000", period="instant",
           dims={PPE: "us-gaap:ComputerSoftwareIntangibleAssetMember"}, fact_id="m10706")  # fmt: skip
    b.fact("us-gaap:FiniteLivedIntangibleAssetsNet", "5", period="instant", dims={FINITE: "us-gaap:LandMember"}, fact_id="m10705")
    b.fact("us-gaap:FiniteLivedIntangibleAssetsNet", "0", period="instant", dims={FINITE: "us-gaap:BuildingMember"})  # zero
    b.fact("us-gaap:FiniteLivedIntangibleAssetsNet", "9", period="instant",
           dims={FINITE: "us-gaap:SoftwareAndSoftwareDevelopmentCostsMember"})  # fmt: skip
    b.fact("us-gaap:CapitalizedComputerSoftwareGross", "8", period="instant", dims={PPE: "abc:ServersMember"}, fact_id="m10707")
    b.fact("us-gaap:PropertyPlantAndEquipmentGross", "7", period="instant", dims={PPE: "us-gaap:LandMember"})  # fine
    b.write(rules_graph)
    found = sorted((r.sub_rule, r.facts[0].fact_id) for r in run(rules_graph, "t-0204-a"))
    assert found == [
        ("DQC.US.0204.10704", "m10707"),  # CapitalizedComputerSoftwareGross is also on the intangible items list
        ("DQC.US.0204.10705", "m10705"),
        ("DQC.US.0204.10706", "m10706"),
        ("DQC.US.0204.10707", "m10707"),
    ]


def test_0204_not_evaluable_without_the_constants(graph: Graph):
    FilingBuilder("t-0204-b").write(graph)
    (r,) = run(graph, "t-0204-b")
    assert r.status == "not_evaluable" and "INTANGIBLE_MONETARY_ITEMS" in r.reason
