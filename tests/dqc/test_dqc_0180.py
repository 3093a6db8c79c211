"""DQC.US.0180 (dividends per share) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

IS = "http://abc.com/role/IncomeStatement"
ISP = "http://abc.com/role/IncomeStatementParenthetical"
EQ = "http://abc.com/role/StockholdersEquity"
PAYABLE = "us-gaap:DividendsPayableAmountPerShare"
PER_SHARE = {"unit": "iso4217:USD/xbrli:shares", "decimals": "2"}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0180"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


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


def test_payable_per_share_on_statements(graph: Graph):
    b = FilingBuilder("t-0180")
    b.role(IS, "0004 - Statement - Income Statement")
    pres(b, IS, "us-gaap:IncomeStatementAbstract", PAYABLE)
    b.role(ISP, "0005 - Statement - Income Statement (Parenthetical)")
    pres(b, ISP, "us-gaap:IncomeStatementAbstract", PAYABLE)
    b.role(EQ, "0006 - Statement - Stockholders Equity")  # an equity statement is not a STATEMENT_PRES_NETWORK
    pres(b, EQ, "us-gaap:IncomeStatementAbstract", PAYABLE)
    b.fact(PAYABLE, "0.25", fact_id="payable", **PER_SHARE)
    b.write(graph)
    results = run(graph, "t-0180")
    assert sorted((r.sub_rule, r.concept, r.facts[0].context_id, r.network) for r in results) == [
        ("DQC.US.0180.10147", PAYABLE, ctx(b, "payable"), IS),
        ("DQC.US.0180.10154", PAYABLE, ctx(b, "payable"), ISP),
    ]


def test_presented_but_not_reported(graph: Graph):
    b = FilingBuilder("t-0180-nofact")
    b.role(IS, "0004 - Statement - Income Statement")
    pres(b, IS, "us-gaap:IncomeStatementAbstract", PAYABLE)
    b.write(graph)
    assert run(graph, "t-0180-nofact") == []


def test_paid_differs_from_declared(graph: Graph):
    b = FilingBuilder("t-0180-paid")
    b.fact("us-gaap:PaymentsOfDividendsCommonStock", "900", fact_id="paid")
    b.fact("us-gaap:DividendsCommonStock", "1000")  # declared 1000, paid 900, no per-share declared: 10148
    b.fact("us-gaap:PaymentsOfDividendsPreferredStockAndPreferenceStock", "50")
    b.fact("us-gaap:DividendsPreferredStock", "50")  # equal: fine
    cls = {"us-gaap:StatementClassOfStockAxis": "abc:ClassBMember"}
    b.fact("us-gaap:PaymentsOfDividendsCommonStock", "80", dims=cls, fact_id="paid-b")  # differs: 10148 too
    b.fact("us-gaap:DividendsCommonStockCash", "100", dims=cls)
    b.fact("us-gaap:PaymentsOfDividendsPreferredStockAndPreferenceStock", "70", dims=cls)  # nothing declared: not tested
    b.write(graph)
    assert sorted((r.sub_rule, r.concept, r.facts[0].context_id, r.reported_value) for r in run(graph, "t-0180-paid")) == sorted(
        [
            ("DQC.US.0180.10148", "us-gaap:PaymentsOfDividendsCommonStock", ctx(b, "paid-b"), "80"),
            ("DQC.US.0180.10148", "us-gaap:PaymentsOfDividendsCommonStock", ctx(b, "paid"), "900"),
        ]
    )


def test_any_declared_per_share_fact_switches_it_off(graph: Graph):
    b = FilingBuilder("t-0180-pershare")
    b.fact("us-gaap:PaymentsOfDividendsCommonStock", "900")
    b.fact("us-gaap:DividendsCommonStock", "1000")
    cls = {"us-gaap:StatementClassOfStockAxis": "abc:ClassBMember"}  # per share for one class only, as NI_Q3_2023
    b.fact("us-gaap:CommonStockDividendsPerShareDeclared", "0.10", dims=cls, **PER_SHARE)
    b.write(graph)
    assert run(graph, "t-0180-pershare") == []


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    b = FilingBuilder("t-0180-2022", us_gaap_year=2022)
    b.fact("us-gaap:PaymentsOfDividendsCommonStock", "900")
    b.fact("us-gaap:DividendsCommonStock", "1000")
    b.write(graph)
    [r] = run(graph, "t-0180-2022")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0180 rule data for us-gaap 2022")
