"""DQC.US.0122 (equity components axis in the balance sheet table) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

BS = "http://abc.com/role/BalanceSheet"
BS2 = "http://abc.com/role/ConsolidatedBalanceSheetSegments"
EQ = "http://abc.com/role/Equity"
SECA = "us-gaap:StatementEquityComponentsAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0122"], RuleInput(graph, load_filing_data(graph, fid)))


def pres(b: FilingBuilder, role: str, parent: str, child: str) -> None:
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


def statement(
    b: FilingBuilder, role: str, definition: str, axis: str, abstract: str = "us-gaap:StatementOfFinancialPositionAbstract"
) -> None:
    b.role(role, definition)
    pres(b, role, abstract, "us-gaap:Assets")
    b.cube(role, ["us-gaap:Assets"], axis, "us-gaap:EquityComponentDomain", {"us-gaap:RetainedEarningsMember": None})


def test_equity_axis_in_the_first_balance_sheet(graph: Graph):
    b = FilingBuilder("t-0122")
    statement(b, BS, "0002 - Statement - Balance Sheet", SECA)
    statement(b, BS2, "0009 - Statement - Balance Sheet by Segment", SECA)  # not the first balance sheet: not tested
    statement(b, EQ, "0004 - Statement - Changes in Equity", SECA, abstract="us-gaap:StatementOfStockholdersEquityAbstract")
    b.write(graph)
    results = run(graph, "t-0122")
    assert [(r.sub_rule, r.status, r.concept, r.network, r.facts) for r in results] == [
        ("DQC.US.0122.9582", "violation", SECA, BS, [])
    ]
    assert results[0].network_definition == "0002 - Statement - Balance Sheet" and "us-gaap:StatementTable" in results[0].message


def test_balance_sheet_with_other_axes_and_parenthetical(graph: Graph):
    b = FilingBuilder("t-0122-ok")
    statement(b, BS, "0002 - Statement - Balance Sheet", "us-gaap:StatementClassOfStockAxis")
    statement(b, BS + "Parenthetical", "0001 - Statement - Balance Sheet (Parenthetical)", SECA)  # parenthetical: skipped
    b.write(graph)
    assert run(graph, "t-0122-ok") == []


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    b = FilingBuilder("t-0122-2022", us_gaap_year=2022)
    statement(b, BS, "0002 - Statement - Balance Sheet", SECA)
    b.write(graph)
    [r] = run(graph, "t-0122-2022")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0122 rule data for us-gaap 2022")
