"""DQC.US.0114 (net assets acquired including goodwill = without goodwill + goodwill) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

TOTAL = "us-gaap:BusinessCombinationRecognizedIdentifiableAssetsAcquiredGoodwillAndLiabilitiesAssumedNet"
NET = "us-gaap:BusinessCombinationRecognizedIdentifiableAssetsAcquiredAndLiabilitiesAssumedNet"
GW = "us-gaap:Goodwill"
BAA = "us-gaap:BusinessAcquisitionAxis"
I0 = {"decimals": "0", "period": "instant"}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0114"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def acquisition(b: FilingBuilder, member: str, total: str | None, net: str | None, goodwill: str | None) -> None:
    dims = {BAA: f"abc:{member}Member"}
    for qname, value, fid in ((TOTAL, total, member), (NET, net, None), (GW, goodwill, None)):
        if value is not None:  # "" writes a nil fact
            b.fact(qname, value or None, dims=dims, fact_id=fid, **I0)


def test_total_differs_from_its_parts(graph: Graph):
    b = FilingBuilder("t-0114")
    acquisition(b, "Equal", "500", "300", "200")
    acquisition(b, "Short", "500", "300", "150")  # 450: reported
    acquisition(b, "Within", "502", "300", "200")  # 2 off at decimals 0: within 2 * 10^0
    acquisition(b, "Beyond", "503", "300", "200")  # 3 off: reported
    acquisition(b, "GoodwillOnly", "500", None, "200")  # one part missing: not tested (as the engine does)
    acquisition(b, "NetOnly", "500", "300", None)
    acquisition(b, "NilNet", "500", "", "150")  # a nil part counts as absent from the sum: 150
    acquisition(b, "NoParts", "500", None, None)  # nothing to add up: not tested
    b.fact(TOTAL, "500", **I0)  # the default (no acquisition) is not tested
    b.fact(NET, "1", **I0)
    b.write(graph)
    results = run(graph, "t-0114")
    assert sorted((r.sub_rule, r.concept, r.facts[0].context_id, r.reported_value) for r in results) == sorted(
        [
            ("DQC.US.0114.9563", TOTAL, ctx(b, "Short"), "500"),
            ("DQC.US.0114.9563", TOTAL, ctx(b, "Beyond"), "503"),
            ("DQC.US.0114.9563", TOTAL, ctx(b, "NilNet"), "500"),
        ]
    )
    short = next(r for r in results if r.facts[0].fact_id == "Short")
    assert short.dimensions == [f"{BAA}=abc:ShortMember"] and "450" in short.message


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    b = FilingBuilder("t-0114-2022", us_gaap_year=2022)
    acquisition(b, "Short", "500", "300", "150")
    b.write(graph)
    [r] = run(graph, "t-0114-2022")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0114 rule data for us-gaap 2022")
