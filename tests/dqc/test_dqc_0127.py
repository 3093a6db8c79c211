"""DQC.US.0127 (statement line items with only dimensional values) on hand-built filings: an element a statement
presents whose current-period values are all dimensional is reported; a value without dimensions (nil too), an
entity axis, a statement table, a zero sum or a missing DocumentPeriodEndDate is not."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

CF = "http://example.com/role/CashFlows"
SEGMENT = {"us-gaap:StatementBusinessSegmentsAxis": "abc:EastMember"}
WEST = {"us-gaap:StatementBusinessSegmentsAxis": "abc:WestMember"}
ENTITY = {"dei:LegalEntityAxis": "abc:SubsidiaryMember"}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0127"], RuleInput(graph, load_filing_data(graph, fid)))


def cash_flows(fid: str) -> FilingBuilder:
    b = FilingBuilder(fid)
    b.role(CF, "300 - Statement - Cash Flows")
    items = ["us-gaap:Depreciation", "us-gaap:ShareBasedCompensation", "us-gaap:PaymentsToAcquireBusinessesGross",
             "us-gaap:ProceedsFromIssuanceOfDebt", "us-gaap:RepaymentsOfDebt", "us-gaap:PaymentsOfDividends"]  # fmt: skip
    for i, item in enumerate(items):
        b.arcs["pres"].append(
            {
                "source": b.concept("us-gaap:StatementOfCashFlowsAbstract", base_type="string"),
                "target": b.concept(item),
                "props": {
                    "owner": fid,
                    "role": CF,
                    "order": float(i),
                    "arcrole": "http://www.xbrl.org/2003/arcrole/parent-child",
                },
            }
        )
    b.fact("us-gaap:Depreciation", "700", dims=SEGMENT, fact_id="dep-east")  # only dimensional: reported
    b.fact("us-gaap:Depreciation", "300", dims=WEST, fact_id="dep-west")
    b.fact("us-gaap:ShareBasedCompensation", "500", dims=SEGMENT)
    b.fact("us-gaap:ShareBasedCompensation", "500")  # has its value without dimensions
    b.fact("us-gaap:PaymentsToAcquireBusinessesGross", "100", dims=ENTITY)  # only on the legal entity axis
    b.fact("us-gaap:ProceedsFromIssuanceOfDebt", "100", dims=SEGMENT)
    b.fact("us-gaap:ProceedsFromIssuanceOfDebt", None)  # a nil value without dimensions counts
    b.fact("us-gaap:RepaymentsOfDebt", "100", dims=SEGMENT)
    b.fact("us-gaap:RepaymentsOfDebt", "-100", dims=WEST)  # they sum to zero
    b.fact(
        "us-gaap:PaymentsOfDividends",
        "100",
        dims=SEGMENT,
        period=(b.year_start.replace(year=2023), b.period_end.replace(year=2023)),
    )
    return b


def test_only_dimensional_current_values(graph: Graph):
    cash_flows("t-0127").write(graph)
    results = run(graph, "t-0127")
    assert [(r.sub_rule, r.concept, r.network, r.facts, r.period) for r in results] == [
        ("DQC.US.0127.9591", "us-gaap:Depreciation", CF, [], "duration:2024-01-01/2024-12-31")
    ]
    assert "abc:EastMember" in results[0].message and "abc:WestMember" in results[0].message


def test_a_statement_table_or_no_document_period_end(graph: Graph):
    b = cash_flows("t-0127-cube")
    b.def_arc(CF, "all", "us-gaap:StatementLineItems", "us-gaap:StatementTable")
    b.write(graph)
    assert run(graph, "t-0127-cube") == []
    n = cash_flows("t-0127-nodate")
    n.facts = [f for f in n.facts if f["props"]["concept_qname"] != "dei:DocumentPeriodEndDate"]
    n.write(graph)
    assert run(graph, "t-0127-nodate") == []
