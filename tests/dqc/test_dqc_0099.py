"""DQC.US.0099 (statement elements without a calculation) on hand-built filings: one finding per statement network
listing its uncalculated monetary elements; calculated, exempt, supplemental and parenthetical ones are not listed."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

IS = "http://example.com/role/IncomeStatement"
ISP = "http://example.com/role/IncomeStatementParenthetical"
BS = "http://example.com/role/BalanceSheet"
CF = "http://example.com/role/CashFlows"
NOTE = "http://example.com/role/RevenueDetails"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0099"], RuleInput(graph, load_filing_data(graph, fid)))


def pres(b: FilingBuilder, role: str, parent: str, children: list[str], period_type: str = "duration") -> None:
    p = b.concept(parent, base_type="string", period_type=period_type)
    for i, child in enumerate(children):
        b.arcs["pres"].append(
            {
                "source": p,
                "target": b.concept(
                    child, base_type="string" if child.endswith("Abstract") else "monetary", period_type=period_type
                ),
                "props": {
                    "owner": b.filing_id,
                    "role": role,
                    "order": float(i),
                    "arcrole": "http://www.xbrl.org/2003/arcrole/parent-child",
                },
            }
        )


def statements(fid: str) -> FilingBuilder:
    b = FilingBuilder(fid)
    b.role(IS, "100 - Statement - Income Statement")
    b.role(ISP, "101 - Statement - Income Statement (Parenthetical)")
    b.role(BS, "200 - Statement - Balance Sheet")
    b.role(CF, "300 - Statement - Cash Flows")
    b.role(NOTE, "400 - Disclosure - Revenue (Details)")
    # income statement: GrossProfit = Revenues - CostOfRevenue; two uncalculated lines, one exempt total, one supplemental
    b.calc(IS, "us-gaap:GrossProfit", [("us-gaap:Revenues", 1), ("us-gaap:CostOfRevenue", -1)])
    pres(
        b,
        IS,
        "us-gaap:IncomeStatementAbstract",
        ["us-gaap:GrossProfit", "us-gaap:OtherNonoperatingIncomeExpense", "us-gaap:InterestExpense"],
    )
    pres(
        b,
        IS,
        "us-gaap:IncomeStatementAbstract",
        ["us-gaap:ComprehensiveIncomeNetOfTax", "us-gaap:SupplementalIncomeStatementElementsAbstract"],
    )
    pres(b, IS, "us-gaap:SupplementalIncomeStatementElementsAbstract", ["us-gaap:ShareBasedCompensation"])
    pres(b, ISP, "us-gaap:IncomeStatementAbstract", ["us-gaap:IncomeTaxExpenseBenefit"])  # parenthetical: not checked
    pres(b, NOTE, "us-gaap:RevenuesAbstract", ["us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"])  # a disclosure
    # balance sheet without any asset component: Assets is exempt, the instant total is not
    pres(
        b,
        BS,
        "us-gaap:StatementOfFinancialPositionAbstract",
        ["us-gaap:Assets", "us-gaap:LiabilitiesAndStockholdersEquity"],
        "instant",
    )
    # cash flows: a NON_CF_ITEMS element, a supplemental descendant and an instant element are not listed
    pres(b, CF, "us-gaap:StatementOfCashFlowsAbstract", ["us-gaap:ProceedsFromIssuanceOfCommonStock", "us-gaap:InterestPaidNet"])
    pres(b, CF, "us-gaap:StatementOfCashFlowsAbstract", ["us-gaap:SupplementalCashFlowInformationAbstract"])
    pres(b, CF, "us-gaap:SupplementalCashFlowInformationAbstract", ["us-gaap:IncomeTaxesPaidNetAbstract"])
    pres(b, CF, "us-gaap:IncomeTaxesPaidNetAbstract", ["us-gaap:IncomeTaxesPaid"])  # two levels down: still supplemental
    pres(b, CF, "us-gaap:StatementOfCashFlowsAbstract", ["us-gaap:CashAndCashEquivalentsAtCarryingValue"], "instant")
    return b


def test_one_finding_per_statement_network(rules_graph: Graph):
    statements("t-0099").write(rules_graph)
    results = sorted(run(rules_graph, "t-0099"), key=lambda r: r.network or "")
    assert [(r.sub_rule, r.network, r.concept, r.facts) for r in results] == [
        ("DQC.US.0099.9533", BS, "us-gaap:LiabilitiesAndStockholdersEquity", []),
        ("DQC.US.0099.9533", CF, "us-gaap:ProceedsFromIssuanceOfCommonStock", []),
        ("DQC.US.0099.9533", IS, "us-gaap:InterestExpense", []),
    ]
    income = results[2].message
    assert results[2].network_definition == "100 - Statement - Income Statement"
    assert "100 - Statement - Income Statement" in income
    assert "us-gaap:InterestExpense, us-gaap:OtherNonoperatingIncomeExpense." in income
    for calculated_or_exempt in (
        "GrossProfit",
        "Revenues",
        "ComprehensiveIncomeNetOfTax",
        "ShareBasedCompensation",
        "IncomeTaxExpenseBenefit",
    ):
        assert f"us-gaap:{calculated_or_exempt}," not in income and f"us-gaap:{calculated_or_exempt}." not in income
    assert "2 monetary elements" in income and "1 monetary element " in results[1].message
    assert "InterestPaidNet" not in results[1].message and "IncomeTaxesPaid" not in results[1].message


def test_a_calculation_anywhere_in_the_filing_counts_and_an_asset_component_keeps_assets_checked(rules_graph: Graph):
    b = statements("t-0099-ok")
    b.calc(NOTE, "us-gaap:OperatingIncomeLoss", [("us-gaap:OtherNonoperatingIncomeExpense", 1), ("us-gaap:InterestExpense", -1)])
    pres(b, BS, "us-gaap:StatementOfFinancialPositionAbstract", ["us-gaap:AssetsCurrent"], "instant")  # an asset component
    b.write(rules_graph)
    results = {r.network: r for r in run(rules_graph, "t-0099-ok")}
    # the note's calculation joins the two income statement lines only to each other through a total the statement
    # does not present, so they stay listed; the balance sheet now lists Assets and AssetsCurrent too
    assert set(results) == {BS, CF, IS}
    assert "us-gaap:Assets, us-gaap:AssetsCurrent, us-gaap:LiabilitiesAndStockholdersEquity." in results[BS].message
    b2 = statements("t-0099-calc")
    pres(b2, IS, "us-gaap:IncomeStatementAbstract", ["us-gaap:OperatingIncomeLoss"])
    b2.calc(NOTE, "us-gaap:OperatingIncomeLoss", [("us-gaap:OtherNonoperatingIncomeExpense", 1), ("us-gaap:InterestExpense", -1)])
    b2.write(rules_graph)
    assert IS not in {r.network for r in run(rules_graph, "t-0099-calc")}


def test_not_evaluable_without_the_constants(graph: Graph):
    statements("t-0099-n").write(graph)
    (result,) = run(graph, "t-0099-n")
    assert result.status == "not_evaluable" and "NON_CF_ITEMS" in result.reason
