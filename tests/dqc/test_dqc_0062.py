"""DQC.US.0062 (no change in cash reported beside a cash flow statement) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

CF = "http://example.com/role/ConsolidatedStatementsOfCashFlows"
CHANGE = "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0062"])
    return results["0062"]


def pres(b: FilingBuilder, role: str, parent: str, child: str) -> None:
    """A presentation arc in the filing's own network (FilingBuilder writes them only beside calculations)."""
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


def cash_flow_filing(fid: str, definition: str = "0000006 - Statement - Consolidated Statements of Cash Flows") -> FilingBuilder:
    b = FilingBuilder(fid)
    b.role(CF, definition)
    pres(b, CF, "us-gaap:StatementOfCashFlowsAbstract", "us-gaap:NetCashProvidedByUsedInOperatingActivities")
    b.fact("us-gaap:NetCashProvidedByUsedInOperatingActivities", "1000")
    return b


def test_0062_cash_flow_statement_without_change_in_cash(graph: Graph):
    cash_flow_filing("t-0062").write(graph)
    (r,) = run(graph, "t-0062")
    assert (r.sub_rule, r.concept, r.network, r.facts) == ("DQC.US.0062.7501", CHANGE, CF, [])
    assert "Consolidated Statements of Cash Flows" in r.message


def test_0062_narrow_misses(graph: Graph):
    b = cash_flow_filing("t-0062-nil")
    b.fact(CHANGE, None, dims={"srt:ProductOrServiceAxis": "abc:XMember"})  # a nil dimensional fact still counts
    b.write(graph)
    cash_flow_filing("t-0062-disclosure", "0000020 - Disclosure - Cash Flow Information").write(graph)
    assert run(graph, "t-0062-nil") == [] and run(graph, "t-0062-disclosure") == []
    FilingBuilder("t-0062-2022", us_gaap_year=2022).write(graph)
    (r,) = run(graph, "t-0062-2022")
    assert r.status == "not_evaluable"
