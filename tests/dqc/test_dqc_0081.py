"""DQC.US.0081 (calculations contrary to us-gaap's) on hand-built filings: each sub-rule fires, and narrowly misses."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

GAAP_CF = "http://fasb.org/us-gaap/role/statement/StatementOfCashFlowsIndirect"
GAAP_BS = "http://fasb.org/us-gaap/role/statement/StatementOfFinancialPositionClassified"
GAAP_IS = "http://fasb.org/us-gaap/role/statement/StatementOfIncome"
CF = "http://example.com/role/CashFlows"
BS = "http://example.com/role/BalanceSheet"
IS = "http://example.com/role/Operations"
NOTE = "http://example.com/role/DebtDetails"
TAX = "us-gaap/2025"
Q1 = "duration:2024-01-01/2024-12-31"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0081"], RuleInput(graph, load_filing_data(graph, fid)))


def found(results: list[CheckResult]) -> list[tuple[str, str | None, str | None, str | None, str | None]]:
    return sorted(
        (
            r.sub_rule,
            r.concept,
            r.facts[0].fact_id if r.facts else None,
            r.facts[0].context_id if r.facts else None,
            r.reported_value,
        )
        for r in results
    )


def usgaap_calcs(b: FilingBuilder) -> None:
    """The few us-gaap calculation relationships the cases lean on (owned by the us-gaap release)."""
    b.calc(
        GAAP_CF,
        "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect",
        [("us-gaap:NetCashProvidedByUsedInOperatingActivities", 1), ("us-gaap:NetCashProvidedByUsedInFinancingActivities", 1)],
        owner=TAX,
    )
    b.calc(
        GAAP_CF,
        "us-gaap:NetCashProvidedByUsedInFinancingActivities",
        [("us-gaap:PaymentsOfDebtExtinguishmentCosts", -1)],
        owner=TAX,
    )
    b.calc(GAAP_BS, "us-gaap:NotesPayableCurrent", [("us-gaap:ConvertibleNotesPayableCurrent", 1)], owner=TAX)
    b.calc(GAAP_IS, "us-gaap:ProfitLoss", [("us-gaap:IncomeLossFromContinuingOperations", 1)], owner=TAX)
    b.calc(
        GAAP_IS, "us-gaap:IncomeLossFromContinuingOperations", [("us-gaap:IncomeLossFromEquityMethodInvestments", 1)], owner=TAX
    )


def test_child_that_us_gaap_puts_under_a_sibling_9277(rules_graph: Graph):
    b = FilingBuilder("t-0081a", form="10-Q")
    usgaap_calcs(b)
    b.role(CF, "400 - Statement - Cash Flows")
    b.calc(CF, "us-gaap:NetCashProvidedByUsedInOperatingActivities", [("us-gaap:PaymentsOfDebtExtinguishmentCosts", -1)])
    b.fact("us-gaap:NetCashProvidedByUsedInOperatingActivities", "-50663", decimals="0", fact_id="op")
    b.fact("us-gaap:PaymentsOfDebtExtinguishmentCosts", "179036", decimals="0", fact_id="debt")
    # narrow misses: a zero child, a dimensional child, a child whose period has no parent fact
    b.fact(
        "us-gaap:PaymentsOfDebtExtinguishmentCosts",
        "0",
        decimals="0",
        period=(b.year_start.replace(year=2023), b.year_start),
        fact_id="zero",
    )
    b.fact(
        "us-gaap:PaymentsOfDebtExtinguishmentCosts",
        "5",
        decimals="0",
        dims={"us-gaap:StatementBusinessSegmentsAxis": "abc:WidgetsMember"},
        fact_id="dim",
    )
    b.write(rules_graph)
    results = run(rules_graph, "t-0081a")
    ctx = {f["props"]["fact_id"]: f["props"]["context_id"] for f in b.facts}
    assert found(results) == [
        ("DQC.US.0081.9277", "us-gaap:PaymentsOfDebtExtinguishmentCosts", "debt", ctx["debt"], "179036"),
    ]
    [r] = results
    assert r.network == CF and r.period == Q1 and r.severity == "error"
    assert "child of us-gaap:NetCashProvidedByUsedInOperatingActivities (-50663)" in r.message


def test_a_disclosure_network_or_an_allowed_pair_is_not_reported(rules_graph: Graph):
    b = FilingBuilder("t-0081b")
    usgaap_calcs(b)
    b.role(NOTE, "700 - Disclosure - Cash Flow Details")
    b.calc(NOTE, "us-gaap:NetCashProvidedByUsedInOperatingActivities", [("us-gaap:PaymentsOfDebtExtinguishmentCosts", -1)])
    # SIBLINGS_DEMOTABLE_TO_CHILD lets DeferredGainOnSaleOfProperty sit under LiabilitiesCurrent
    b.calc(
        GAAP_BS,
        "us-gaap:Liabilities",
        [("us-gaap:LiabilitiesCurrent", 1), ("us-gaap:DeferredGainOnSaleOfProperty", 1)],
        owner=TAX,
    )
    b.role(BS, "200 - Statement - Balance Sheet")
    b.calc(BS, "us-gaap:LiabilitiesCurrent", [("us-gaap:DeferredGainOnSaleOfProperty", 1)])
    b.fact("us-gaap:NetCashProvidedByUsedInOperatingActivities", "-50663", decimals="0")
    b.fact("us-gaap:PaymentsOfDebtExtinguishmentCosts", "179036", decimals="0")
    b.fact("us-gaap:LiabilitiesCurrent", "900", period="instant")
    b.fact("us-gaap:DeferredGainOnSaleOfProperty", "100", period="instant")
    b.write(rules_graph)
    assert run(rules_graph, "t-0081b") == []


def test_sibling_that_us_gaap_puts_below_9278_and_9872(rules_graph: Graph):
    b = FilingBuilder("t-0081c")
    usgaap_calcs(b)
    b.role(BS, "200 - Statement - Balance Sheet")
    b.calc(BS, "us-gaap:LiabilitiesCurrent", [("us-gaap:NotesPayableCurrent", 1), ("us-gaap:ConvertibleNotesPayableCurrent", 1)])
    b.fact("us-gaap:NotesPayableCurrent", "1000", period="instant", fact_id="np")
    b.fact("us-gaap:ConvertibleNotesPayableCurrent", "529887", decimals="0", period="instant", fact_id="cnp")
    b.role(IS, "300 - Statement - Operations")
    b.calc(
        IS,
        "us-gaap:ProfitLoss",
        [("us-gaap:IncomeLossFromContinuingOperations", 1), ("us-gaap:IncomeLossFromEquityMethodInvestments", 1)],
    )
    b.fact("us-gaap:IncomeLossFromContinuingOperations", "4000", fact_id="cont")
    b.fact("us-gaap:IncomeLossFromEquityMethodInvestments", "-700000", decimals="-5", fact_id="eq")
    # the same misplacement in a cash flow statement is not 9872's business
    b.role(CF, "400 - Statement - Cash Flows")
    b.calc(
        CF,
        "us-gaap:ProfitLoss",
        [("us-gaap:IncomeLossFromContinuingOperations", 1), ("us-gaap:IncomeLossFromEquityMethodInvestments", 1)],
    )
    b.write(rules_graph)
    results = run(rules_graph, "t-0081c")
    ctx = {f["props"]["fact_id"]: f["props"]["context_id"] for f in b.facts}
    assert found(results) == [
        ("DQC.US.0081.9278", "us-gaap:ConvertibleNotesPayableCurrent", "cnp", ctx["cnp"], "529887"),
        ("DQC.US.0081.9872", "us-gaap:IncomeLossFromEquityMethodInvestments", "eq", ctx["eq"], "-700000"),
    ]
    by_code = {r.sub_rule: r for r in results}
    assert by_code["DQC.US.0081.9278"].network == BS and by_code["DQC.US.0081.9872"].network == IS
    assert "beside us-gaap:NotesPayableCurrent (1000) under us-gaap:LiabilitiesCurrent" in by_code["DQC.US.0081.9278"].message


def test_not_evaluable_without_us_gaap_calculations_or_rule_set(rules_graph: Graph):
    b = FilingBuilder("t-0081d")
    b.role(BS, "200 - Statement - Balance Sheet")
    b.calc(BS, "us-gaap:LiabilitiesCurrent", [("us-gaap:NotesPayableCurrent", 1)])
    b.write(rules_graph)
    [r] = run(rules_graph, "t-0081d")
    assert r.status == "not_evaluable" and "us-gaap 2025 calculation networks are not in the database" in r.reason
    FilingBuilder("t-0081e", us_gaap_year=2022).write(rules_graph)
    [r] = run(rules_graph, "t-0081e")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0081 rule data for us-gaap 2022")
