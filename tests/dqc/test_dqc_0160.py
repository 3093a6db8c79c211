"""DQC.US.0160 (members below or beside NonrelatedPartyMember) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

ROLE = "http://abc.com/role/RelatedParties"
DOMAIN = "us-gaap:RelatedAndNonrelatedPartyStatusDomain"
NON = "us-gaap:NonrelatedPartyMember"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0160"], RuleInput(graph, load_filing_data(graph, fid)))


def found(graph: Graph, fid: str) -> list[tuple[str, str, str | None, int]]:
    return [(r.sub_rule, r.concept or "", r.network, len(r.facts)) for r in run(graph, fid)]


def test_children_and_siblings_without_related_party(graph: Graph):
    b = FilingBuilder("t-0160")
    b.role(ROLE, "0050 - Disclosure - Related Parties (Details)")
    b.def_arc(ROLE, "domain-member", DOMAIN, NON)
    b.def_arc(ROLE, "domain-member", DOMAIN, "abc:AffiliateMember")  # a sibling, and no RelatedPartyMember
    b.def_arc(ROLE, "domain-member", NON, "abc:VendorMember")  # a child
    b.write(graph)
    results = run(graph, "t-0160")
    assert found(graph, "t-0160") == [("DQC.US.0160.10082", NON, ROLE, 0), ("DQC.US.0160.10092", NON, ROLE, 0)]
    assert "abc:VendorMember" in results[0].message and "abc:AffiliateMember" in results[1].message


def test_related_party_beside_it(graph: Graph):
    b = FilingBuilder("t-0160-ok")
    b.role(ROLE, "0050 - Disclosure - Related Parties (Details)")
    b.def_arc(ROLE, "domain-member", DOMAIN, NON)
    b.def_arc(ROLE, "domain-member", DOMAIN, "us-gaap:RelatedPartyMember")
    b.def_arc(ROLE, "domain-member", DOMAIN, "abc:AffiliateMember")  # other siblings are fine beside RelatedPartyMember
    b.def_arc(ROLE, "domain-member", "us-gaap:RelatedPartyMember", "abc:ParentMember")
    b.write(graph)
    assert run(graph, "t-0160-ok") == []


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    b = FilingBuilder("t-0160-2022", us_gaap_year=2022)
    b.def_arc(ROLE, "domain-member", NON, "abc:VendorMember")
    b.write(graph)
    [r] = run(graph, "t-0160-2022")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0160 rule data for us-gaap 2022")
