"""DQC.US.0149 (NoncurrentAssets outside the geographic long-lived assets table) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

BS = "http://example.com/role/BalanceSheet"
GEO = "http://example.com/role/GeographicInformationDetails"
OTHER = "http://example.com/role/SegmentDetails"
NCA = "us-gaap:NoncurrentAssets"
GEO_TABLE = "us-gaap:ScheduleOfRevenuesFromExternalCustomersAndLongLivedAssetsTable"


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
    results, _, _ = run_rules(graph, fid, ["0149"])
    return results["0149"]


def found(results: list[CheckResult]) -> list[tuple[str, str | None, list[str]]]:
    return sorted((r.sub_rule, r.concept, [f.fact_id for f in r.facts]) for r in results if r.status == "violation")


def filing(fid: str, table: str, on_balance_sheet: bool = False) -> FilingBuilder:
    b = FilingBuilder(fid)
    b.role(BS, "100 - Statement - Balance Sheet")
    b.role(OTHER, "900 - Disclosure - Segments (Details)")
    b.concept(table, base_type="string")
    b.concepts[b.key(table)]["props"]["substitution_group"] = "xbrldt:hypercubeItem"
    present(b, OTHER, table, "us-gaap:SegmentReportingInformationLineItems")
    present(b, OTHER, "us-gaap:SegmentReportingInformationLineItems", NCA)
    if on_balance_sheet:
        present(b, BS, "us-gaap:StatementOfFinancialPositionAbstract", NCA)
    b.fact(NCA, "800", period="instant", fact_id="nca")
    b.fact(NCA, "300", period="instant", dims={"srt:StatementGeographicalAxis": "country:US"}, fact_id="nca-us")
    return b


def test_0149_10075_every_fact_when_not_in_the_geographic_table(graph: Graph):
    filing("t-0149", "us-gaap:ScheduleOfSegmentReportingInformationBySegmentTable").write(graph)
    results = run(graph, "t-0149")
    assert found(results) == [
        ("DQC.US.0149.10075", NCA, ["nca"]),
        ("DQC.US.0149.10075", NCA, ["nca-us"]),
    ]
    assert "us-gaap:ScheduleOfSegmentReportingInformationBySegmentTable" in results[0].message


def test_0149_9943_on_a_statement_and_the_narrow_miss(graph: Graph):
    # in the geographic table, so no 10075; on the balance sheet, so one 9943 naming the element
    filing("t-0149-bs", GEO_TABLE, on_balance_sheet=True).write(graph)
    results = run(graph, "t-0149-bs")
    assert found(results) == [("DQC.US.0149.9943", NCA, [])]
    assert "100 - Statement - Balance Sheet" in results[0].message
    filing("t-0149-ok", GEO_TABLE).write(graph)
    assert found(run(graph, "t-0149-ok")) == []


def test_0149_refuses_a_year_without_a_rule_set(graph: Graph):
    b = FilingBuilder("t-0149-2022", us_gaap_year=2022)
    b.fact(NCA, "800", period="instant")
    b.write(graph)
    results = run(graph, "t-0149-2022")
    assert [r.status for r in results] == ["not_evaluable"] and "2022" in results[0].reason
