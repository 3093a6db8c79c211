"""DQC.US.0079 (extension members duplicating SEC taxonomy members) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

GEO = "http://example.com/role/Geography"
SEG = "http://example.com/role/Segments"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0079"], RuleInput(graph, load_filing_data(graph, fid)))


def test_extension_country_members_on_an_axis(rules_graph: Graph):
    b = FilingBuilder("t-0079")
    b.cube(
        GEO,
        ["us-gaap:Revenues"],
        "srt:StatementGeographicalAxis",
        "srt:SegmentGeographicalDomain",
        {"abc:AsiaMember": None, "abc:HongKongMember": "abc:AsiaMember", "abc:MarsMember": None},
    )
    # on the segments axis only: the rule accepts it there
    b.cube(
        SEG, ["us-gaap:Revenues"], "us-gaap:StatementBusinessSegmentsAxis", "us-gaap:SegmentDomain", {"abc:MalaysiaMember": None}
    )
    b.concept("abc:UnitedStatesMember", base_type="string")  # defined but on no axis: fine
    b.write(rules_graph)
    results = run(rules_graph, "t-0079")
    assert [(r.status, r.sub_rule, r.concept, r.facts, r.network) for r in results] == [
        ("violation", "DQC.US.0079.7657", "abc:HongKongMember", [], GEO)
    ]
    assert "StatementGeographicalAxis" in results[0].message and "HK" in results[0].message


def test_not_evaluable_without_the_constant(graph: Graph):
    FilingBuilder("t-0079-none").write(graph)
    results = run(graph, "t-0079-none")
    assert [(r.status, r.rule_id) for r in results] == [("not_evaluable", "DQC.US.0079")]
    assert "EXTENSION_ITEMS" in results[0].reason
