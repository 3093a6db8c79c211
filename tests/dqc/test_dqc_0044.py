"""DQC.US.0044 (accrual items in financing or investing cash flows) on hand-built filings: fires, and narrowly
misses."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

CF = "http://example.com/role/CashFlows"
ACCRUAL = "us-gaap:InterestExpenseDemandDepositAccounts"  # on ACCRUAL_ITEMS


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0044"], RuleInput(graph, load_filing_data(graph, fid)))


def test_accrual_item_in_investing_cash_flows(rules_graph: Graph):
    b = FilingBuilder("t-0044")
    b.role(CF, "400 - Statement - Cash Flows")
    b.calc(
        CF,
        "us-gaap:NetCashProvidedByUsedInInvestingActivities",
        [(ACCRUAL, 1), ("us-gaap:PaymentsToAcquireBusinessesNetOfCashAcquired", -1)],
    )
    b.fact(ACCRUAL, "-375000", decimals="0", fact_id="accrual")
    b.fact(ACCRUAL, "0", decimals="0", period=(b.year_start.replace(year=2023), b.year_start), fact_id="zero")  # zero: fine
    b.fact("us-gaap:PaymentsToAcquireBusinessesNetOfCashAcquired", "100", fact_id="cash")  # a cash item: fine
    b.write(rules_graph)
    results = run(rules_graph, "t-0044")
    assert [(r.sub_rule, r.concept, r.facts[0].fact_id, r.reported_value, r.network) for r in results] == [
        ("DQC.US.0044.7503", ACCRUAL, "accrual", "-375000", CF),
    ]


def test_the_same_item_in_operating_cash_flows_is_fine(rules_graph: Graph):
    b = FilingBuilder("t-0044ok")
    b.calc(CF, "us-gaap:NetCashProvidedByUsedInOperatingActivities", [(ACCRUAL, 1)])
    b.fact(ACCRUAL, "-375000", decimals="0")
    b.write(rules_graph)
    assert run(rules_graph, "t-0044ok") == []
    FilingBuilder("t-0044old", us_gaap_year=2024).write(rules_graph)
    [r] = run(rules_graph, "t-0044old")
    assert r.status == "not_evaluable" and "DQCRT constant ACCRUAL_ITEMS of us-gaap 2024 is not loaded" in r.reason
