"""DQC.US.0158 (the deprecated RelatedAndNonrelatedPartyStatusAxis) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

STATUS = "us-gaap:RelatedAndNonrelatedPartyStatusAxis"
BY_PARTY = "us-gaap:RelatedPartyTransactionsByRelatedPartyAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0158"])
    return results["0158"]


def filing(fid: str) -> FilingBuilder:
    b = FilingBuilder(fid)
    b.fact("us-gaap:NotesReceivableNet", "500", period="instant", dims={STATUS: "us-gaap:RelatedPartyMember"}, fact_id="notes")
    b.fact("us-gaap:NotesReceivableGross", None, period="instant", dims={STATUS: "us-gaap:RelatedPartyMember"}, fact_id="nil")
    b.fact("us-gaap:NotesReceivableNet", "90", period="instant", dims={BY_PARTY: "abc:ParentMember"}, fact_id="by-party")  # fine
    b.fact("us-gaap:NotesReceivableNet", "700", period="instant", fact_id="plain")  # fine
    return b


def test_0158_every_fact_on_the_deprecated_axis(graph: Graph):
    filing("t-0158").write(graph)
    bad = [r for r in run(graph, "t-0158") if r.status == "violation"]
    assert sorted((r.sub_rule, r.concept, r.facts[0].fact_id, r.reported_value) for r in bad) == [
        ("DQC.US.0158.10078", "us-gaap:NotesReceivableGross", "nil", None),
        ("DQC.US.0158.10078", "us-gaap:NotesReceivableNet", "notes", "500"),
    ]
    assert all("RelatedPartyTransactionsByRelatedPartyAxis" in r.message for r in bad)


def test_0158_not_evaluable_when_a_nil_extensible_enumeration_stops_the_rule(graph: Graph):
    b = filing("t-0158-enum")
    enum = "us-gaap:AccountsPayableRelatedPartyTypeExtensibleEnumeration"
    b.fact(enum, None, period="instant", dims={STATUS: "us-gaap:RelatedPartyMember"}, base_type="enumerationSet")
    b.write(graph)
    results = run(graph, "t-0158-enum")
    assert [r.status for r in results] == ["not_evaluable"] and enum in results[0].reason


def test_0158_refuses_a_year_without_a_rule_set(graph: Graph):
    b = FilingBuilder("t-0158-2022", us_gaap_year=2022)
    b.fact("us-gaap:NotesReceivableNet", "500", period="instant", dims={STATUS: "us-gaap:RelatedPartyMember"})
    b.write(graph)
    results = run(graph, "t-0158-2022")
    assert [r.status for r in results] == ["not_evaluable"] and "2022" in results[0].reason
