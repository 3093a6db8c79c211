"""DQC.US.0001 (axis with inappropriate members) on hand-built filings: violations, narrow misses, refusals."""

from __future__ import annotations

from typing import Any

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

SEG = "http://example.com/role/Segments"
FV = "http://example.com/role/FairValue"
LOOSE = "http://example.com/role/AxisListing"


class Builder(FilingBuilder):
    """FilingBuilder whose contexts also carry axis_keys/member_keys, as the loader writes them."""

    def fact(self, qname: str, value: str | None, *args: Any, **kw: Any) -> str:
        fid = super().fact(qname, value, *args, **kw)
        row = self.facts[-1]
        row["context"]["axis_keys"] = [a["axis_key"] for a in row["axes"]]
        row["context"]["member_keys"] = [a["member_key"] or "" for a in row["axes"]]
        return fid

    def ctx(self, fact_id: str) -> str:
        row = next(f for f in self.facts if f["props"]["fact_id"] == fact_id)
        return str(row["context"]["context_ids"][0])


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0001"])
    return results["0001"]


def violations(results: list[CheckResult]) -> list[tuple[str, str | None, list[tuple[str, str | None, str | None]]]]:
    return sorted(
        (r.sub_rule, r.concept, [(f.concept, f.context_id, f.value) for f in r.facts]) for r in results if r.status == "violation"
    )


def segment_filing(fid: str = "t-0001", **kw: Any) -> Builder:
    b = Builder(fid, **kw)
    b.cube(
        SEG,
        ["us-gaap:Revenues"],
        "us-gaap:StatementBusinessSegmentsAxis",
        "us-gaap:SegmentDomain",
        {
            "us-gaap:CorporateNonSegmentMember": None,  # base member outside MBR_STM_BIS_SEG_AXS: flagged, with its fact
            "us-gaap:IntersegmentEliminationMember": None,  # same, but no fact uses it: flagged without facts
            "us-gaap:CorporateMember": None,  # in MBR_STM_BIS_SEG_AXS: allowed
            "abc:WidgetsMember": None,  # extension: this axis takes them freely
        },
    )
    b.fact(
        "us-gaap:Revenues",
        "500",
        dims={"us-gaap:StatementBusinessSegmentsAxis": "us-gaap:CorporateNonSegmentMember"},
        fact_id="seg1",
    )
    b.fact("us-gaap:Revenues", "700", dims={"us-gaap:StatementBusinessSegmentsAxis": "us-gaap:CorporateMember"}, fact_id="seg2")
    b.fact("us-gaap:Revenues", "900", dims={"us-gaap:StatementBusinessSegmentsAxis": "abc:WidgetsMember"}, fact_id="seg3")
    return b


def test_0001_81_flags_base_members_outside_the_list_per_fact_and_without_facts(rules_graph: Graph):
    b = segment_filing()
    b.write(rules_graph)
    results = run(rules_graph, "t-0001")
    assert violations(results) == [
        ("DQC.US.0001.81", "us-gaap:IntersegmentEliminationMember", []),
        ("DQC.US.0001.81", "us-gaap:Revenues", [("us-gaap:Revenues", b.ctx("seg1"), "500")]),
    ]
    fact_finding = next(r for r in results if r.facts)
    assert fact_finding.reported_value == "500" and fact_finding.period == "duration:2024-01-01/2024-12-31"
    assert "us-gaap:CorporateNonSegmentMember" in fact_finding.message
    assert "us-gaap:StatementBusinessSegmentsAxis" in fact_finding.message
    assert all(r.severity == "error" for r in results)


def test_0001_61_checks_every_member_extensions_included(rules_graph: Graph):
    b = Builder("t-0001-range")
    b.cube(FV, ["us-gaap:SharePrice"], "srt:RangeAxis", "srt:RangeMember", {"srt:MinimumMember": None, "abc:TargetMember": None})
    b.fact("us-gaap:SharePrice", "10", dims={"srt:RangeAxis": "abc:TargetMember"}, fact_id="r1")
    b.fact("us-gaap:SharePrice", "8", dims={"srt:RangeAxis": "srt:MinimumMember"}, fact_id="r2")
    b.write(rules_graph)
    assert violations(run(rules_graph, "t-0001-range")) == [
        ("DQC.US.0001.61", "us-gaap:SharePrice", [("us-gaap:SharePrice", b.ctx("r1"), "10")]),
    ]


def test_0001_narrow_misses(rules_graph: Graph):
    b = Builder("t-0001-miss")
    # the fair-value hierarchy axis admits its us-gaap members and three named extension members
    b.cube(
        FV,
        ["us-gaap:AssetsFairValueDisclosure"],
        "us-gaap:FairValueByFairValueHierarchyLevelAxis",
        "us-gaap:FairValueMeasurementsFairValueHierarchyDomain",
        {"us-gaap:FairValueInputsLevel1Member": None, "abc:FairValueInputsLevel1AndLevel2Member": None},
    )
    b.fact(
        "us-gaap:AssetsFairValueDisclosure",
        "5",
        period="instant",
        dims={"us-gaap:FairValueByFairValueHierarchyLevelAxis": "abc:FairValueInputsLevel1AndLevel2Member"},
    )
    # a member listed under the axis in a role with no hypercube is not in the filing's dimensional structure
    b.def_arc(LOOSE, "dimension-domain", "us-gaap:StatementBusinessSegmentsAxis", "us-gaap:SegmentDomain")
    b.def_arc(LOOSE, "domain-member", "us-gaap:SegmentDomain", "us-gaap:CorporateNonSegmentMember")
    # a fact with a disallowed member the networks never place under the axis: the rule looks at the networks
    b.fact("us-gaap:Revenues", "1", dims={"us-gaap:StatementBusinessSegmentsAxis": "us-gaap:CorporateNonSegmentMember"})
    b.write(rules_graph)
    assert violations(run(rules_graph, "t-0001-miss")) == []


def test_0001_refuses_without_member_lists(graph: Graph):
    segment_filing().write(graph)  # no DQCRT constants loaded
    results = run(graph, "t-0001")
    assert [r.status for r in results] == ["not_evaluable"]
    assert "MEMBER_USGAAP_FAIR_VALUE" in results[0].reason


def test_0001_refuses_a_year_without_a_rule_set(rules_graph: Graph):
    b = segment_filing("t-0001-2022", us_gaap_year=2022)
    b.write(rules_graph)
    results = run(rules_graph, "t-0001-2022")
    assert [r.status for r in results] == ["not_evaluable"]
    assert "2022" in results[0].reason
