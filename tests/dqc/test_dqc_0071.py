"""DQC.US.0071 (a single member on srt:ProductOrServiceAxis in a statement table) on hand-built statement cubes: a
lone member without the total, the total reported, two members, a disclosure table."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

AXIS = "srt:ProductOrServiceAxis"
DOMAIN = "srt:ProductsAndServicesDomain"
REV = "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"
IS = "http://example.com/role/Operations"
FY23 = (dt.date(2023, 1, 1), dt.date(2023, 12, 31))


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0071"], RuleInput(graph, load_filing_data(graph, fid)))


def test_single_member_without_the_total(graph: Graph):
    b = FilingBuilder("t-0071")
    b.role(IS, "200 - Statement - Operations")
    b.cube(IS, [REV, "us-gaap:OperatingExpenses"], AXIS, DOMAIN, {"srt:ProductMember": None})
    lone = b.fact(REV, "500", dims={AXIS: "srt:ProductMember"})
    b.fact(REV, "450", period=FY23, dims={AXIS: "srt:ProductMember"})  # narrow miss: the total is reported for 2023
    b.fact(REV, "450", period=FY23)
    b.fact("us-gaap:OperatingExpenses", "90", dims={AXIS: "srt:ProductMember"})  # not one of the three elements
    b.write(graph)
    [r] = run(graph, "t-0071")
    assert (r.sub_rule, r.concept, r.facts[0].fact_id, r.reported_value) == ("DQC.US.0071.7646", REV, lone, "500")
    assert r.dimensions == [f"{AXIS}=srt:ProductMember"] and "200 - Statement - Operations" in r.message


def test_two_members_or_a_disclosure_table_pass(graph: Graph):
    b = FilingBuilder("t-0071b")
    b.role(IS, "200 - Statement - Operations")
    b.cube(IS, [REV], AXIS, DOMAIN, {"srt:ProductMember": None, "srt:ServiceMember": None})
    b.fact(REV, "500", dims={AXIS: "srt:ProductMember"})
    b.write(graph)
    assert run(graph, "t-0071b") == []
    c = FilingBuilder("t-0071c")
    c.role(IS, "600 - Disclosure - Revenue (Details)")
    c.cube(IS, [REV], AXIS, DOMAIN, {"srt:ProductMember": None})
    c.fact(REV, "500", dims={AXIS: "srt:ProductMember"})
    c.write(graph)
    assert run(graph, "t-0071c") == []
    [r] = run(graph, "t-0071-missing")
    assert r.status == "not_evaluable" and "no filing 't-0071-missing'" in r.reason
