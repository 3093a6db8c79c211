"""DQC.US.0161 on hand-built filings: a fact alone on a one-member InvestmentTypeAxis of a cube without its total,
next to the narrow misses (total reported, two members, a fact outside the cube, an 11-K)."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

ONE = "http://example.com/role/OneInvestmentType"
TWO = "http://example.com/role/TwoInvestmentTypes"
AXIS = "us-gaap:InvestmentTypeAxis"
DOMAIN = "us-gaap:InvestmentTypeCategorizationMember"


def build(filing_id: str, form: str = "10-K") -> FilingBuilder:
    b = FilingBuilder(filing_id, form=form)
    b.role(ONE, "100 - Disclosure - Investments (Details)")
    b.role(TWO, "200 - Disclosure - Investment Types (Details)")
    b.cube(ONE, ["us-gaap:OtherLongTermInvestments", "us-gaap:EquityMethodInvestments"], AXIS, DOMAIN, {"abc:FundMember": None})
    b.cube(
        TWO,
        ["us-gaap:ShortTermInvestments"],
        AXIS,
        DOMAIN,
        {"abc:FundMember": None, "abc:BondsMember": None},
        table="us-gaap:ScheduleOfInvestmentsTable",
        line_items_abstract="us-gaap:ScheduleOfInvestmentsLineItems",
    )
    fund = {AXIS: "abc:FundMember"}
    b.fact("us-gaap:OtherLongTermInvestments", "148800000", period="instant", dims=fund, fact_id="alone")  # flagged
    b.fact("us-gaap:EquityMethodInvestments", "500", period="instant", dims=fund, fact_id="with-total")
    b.fact("us-gaap:EquityMethodInvestments", "500", period="instant", fact_id="total")  # the total: fine
    b.fact("us-gaap:ShortTermInvestments", "70", period="instant", dims=fund, fact_id="two-members")  # fine
    b.fact("us-gaap:Revenues", "9", dims=fund, fact_id="not-a-line-item")  # not in any cube
    b.fact("us-gaap:OtherLongTermInvestments", "148800000", period="instant", dims=fund, fact_id="alone-dup")  # duplicate
    b.fact("us-gaap:OtherLongTermInvestments", "5", dims=fund, fact_id="two-values")  # two values in one period:
    b.fact("us-gaap:OtherLongTermInvestments", "6", dims=fund, fact_id="two-values-2")  # not alone
    return b


def run(graph: Graph, filing_id: str) -> list[CheckResult]:
    return run_rules(graph, filing_id, ["0161"])[0]["0161"]


def test_0161_flags_the_lone_member_fact_and_names_the_document_type(graph: Graph):
    b = build("t-0161")
    b.write(graph)
    [r] = run(graph, "t-0161")
    assert (r.sub_rule, r.status, r.concept, r.reported_value, r.period, r.network, r.axis) == (
        "DQC.US.0161.10083",
        "violation",
        "us-gaap:OtherLongTermInvestments",
        "148800000",
        "instant:2024-12-31",
        ONE,
        "InvestmentTypeAxis",
    )
    assert r.dimensions == [f"{AXIS}=abc:FundMember"]
    doc = next(f for f in b.facts if f["props"]["concept_qname"] == "dei:DocumentType")
    assert [(f.concept, f.context_id, f.value) for f in r.facts] == [("dei:DocumentType", doc["props"]["context_id"], "10-K")]
    assert "InvestmentTypeExtensibleEnumeration" in r.message and "abc:FundMember" in r.message


def test_0161_skips_employee_benefit_plan_reports(graph: Graph):
    build("t-0161-11k", form="11-K").write(graph)
    assert [r for r in run(graph, "t-0161-11k") if r.status == "violation"] == []


def test_0161_not_evaluable_for_an_unknown_filing(graph: Graph):
    [r] = run(graph, "no-such-filing")
    assert r.status == "not_evaluable" and "no filing" in r.reason
