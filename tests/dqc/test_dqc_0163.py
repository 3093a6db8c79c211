"""DQC.US.0163 (PPE additions reported in the segment note) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

SEG = "http://example.com/role/SegmentDetails"
SEG2 = "http://example.com/role/SegmentCapex"
CF = "http://example.com/role/CashFlow"
TABLE = "us-gaap:ScheduleOfSegmentReportingInformationBySegmentTable"
PPE = "us-gaap:PaymentsToAcquirePropertyPlantAndEquipment"


def present(b: FilingBuilder, role: str, parent: str, child: str) -> None:
    b.arcs["pres"].append(
        {
            "source": b.concept(parent, base_type="string"),
            "target": b.concept(child),
            "props": {
                "owner": b.filing_id,
                "role": role,
                "order": 1.0,
                "arcrole": "http://www.xbrl.org/2003/arcrole/parent-child",
            },
        }
    )


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0163"])
    return results["0163"]


def capex_filing(fid: str, under_table: bool = True, segment_element: bool = False, year: int = 2025) -> FilingBuilder:
    b = FilingBuilder(fid, us_gaap_year=year)
    present(b, CF, "us-gaap:StatementOfCashFlowsAbstract", PPE)
    if under_table:
        present(b, SEG, TABLE, "us-gaap:SegmentReportingInformationLineItems")
        present(b, SEG, "us-gaap:SegmentReportingInformationLineItems", PPE)
    if segment_element:
        present(b, SEG2, TABLE, "us-gaap:SegmentReportingInformationLineItems")
        present(b, SEG2, "us-gaap:SegmentReportingInformationLineItems", "us-gaap:SegmentExpenditureAdditionToLongLivedAssets")
    b.fact(PPE, "900", fact_id="total")
    b.fact(PPE, "400", dims={"us-gaap:StatementBusinessSegmentsAxis": "abc:AlphaMember"}, fact_id="alpha")
    return b


def test_0163_every_fact_of_the_ppe_element_below_a_segment_table(graph: Graph):
    capex_filing("t-0163").write(graph)
    bad = [r for r in run(graph, "t-0163") if r.status == "violation"]
    assert sorted((r.sub_rule, r.concept, r.facts[0].fact_id, r.facts[0].value) for r in bad) == [
        ("DQC.US.0163.10085", PPE, "alpha", "400"),
        ("DQC.US.0163.10085", PPE, "total", "900"),
    ]
    assert all(TABLE in r.message and "SegmentExpenditureAdditionToLongLivedAssets" in r.message for r in bad)


def test_0163_narrow_misses(graph: Graph):
    capex_filing("t-0163-cf", under_table=False).write(graph)  # only in the cash flow statement
    assert [r for r in run(graph, "t-0163-cf") if r.status == "violation"] == []
    capex_filing("t-0163-seg", segment_element=True).write(graph)  # the segment element is used below a table
    assert [r for r in run(graph, "t-0163-seg") if r.status == "violation"] == []


def test_0163_refuses_a_year_without_a_rule_set(graph: Graph):
    capex_filing("t-0163-2022", year=2022).write(graph)
    results = run(graph, "t-0163-2022")
    assert [r.status for r in results] == ["not_evaluable"] and "2022" in results[0].reason
