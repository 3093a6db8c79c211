"""DQC.US.0116 on hand-built filings: business and asset acquisition elements on the wrong axis."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

ASSET = "us-gaap:AssetAcquisitionAxis"
BUSINESS = "us-gaap:BusinessAcquisitionAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0116"], RuleInput(graph, load_filing_data(graph, fid)))


def test_0116_each_sub_rule(graph: Graph):
    b = FilingBuilder("t-0116-a")
    b.fact("us-gaap:AssetAcquisitionIndemnificationAssetAmount", "3750000", period="instant", fact_id="no-axis")
    b.fact("us-gaap:AssetAcquisitionIndemnificationAssetAmount", "1", period="instant", dims={ASSET: "abc:DealMember"})
    b.fact("us-gaap:Goodwill", "2", period="instant", dims={ASSET: "abc:DealMember"}, fact_id="goodwill")
    b.fact("us-gaap:Goodwill", "3", period="instant", dims={BUSINESS: "abc:DealMember"})  # fine
    b.fact("us-gaap:AssetAcquisitionContingentConsiderationLiability", "112685", period="instant",
           dims={BUSINESS: "abc:DealMember"}, fact_id="liab")  # fmt: skip
    b.write(graph)
    found = sorted((r.sub_rule, r.facts[0].fact_id, r.network) for r in run(graph, "t-0116-a"))
    assert found == [
        ("DQC.US.0116.9573", "no-axis", None),
        ("DQC.US.0116.9726", "goodwill", None),
        ("DQC.US.0116.9727", "liab", None),
    ]


def test_0116_not_evaluable_for_an_unknown_filing(graph: Graph):
    (r,) = run(graph, "t-0116-none")
    assert r.status == "not_evaluable"
