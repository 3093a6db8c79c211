"""DQC.US.0046 (inappropriate calculation descendants) on hand-built calculations: each sub-rule fires, and
narrowly misses."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

CF = "http://example.com/role/CashFlows"
CI = "http://example.com/role/ComprehensiveIncome"
FX = "us-gaap:EffectOfExchangeRateOnCashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0046"], RuleInput(graph, load_filing_data(graph, fid)))


def test_exchange_effect_in_continuing_cash_flow_and_net_income_in_oci(graph: Graph):
    b = FilingBuilder("t-0046")
    b.role(CF, "400 - Statement - Cash Flows")
    b.calc(CF, "us-gaap:NetCashProvidedByUsedInContinuingOperations", [("abc:OtherContinuingCashFlows", 1)])
    b.calc(CF, "abc:OtherContinuingCashFlows", [(FX, 1)])  # two levels down
    b.role(CI, "300 - Statement - Comprehensive Income")
    b.calc(CI, "us-gaap:OtherComprehensiveIncomeLossNetOfTax", [("us-gaap:NetIncomeLoss", 1)])
    b.write(graph)
    results = run(graph, "t-0046")
    assert sorted((r.sub_rule, r.concept, r.network, r.facts) for r in results) == [
        ("DQC.US.0046.6841", FX, CF, []),
        ("DQC.US.0046.9279", "us-gaap:NetIncomeLoss", CI, []),
    ]
    assert "below OtherComprehensiveIncomeLossNetOfTax" in next(r for r in results if r.sub_rule.endswith("9279")).message


def test_the_right_places_are_not_reported(graph: Graph):
    b = FilingBuilder("t-0046ok")
    b.role(CF, "400 - Statement - Cash Flows")
    # the exchange rate effect beside the continuing operations total, both under the change in cash
    b.calc(
        CF,
        "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect",
        [("us-gaap:NetCashProvidedByUsedInContinuingOperations", 1), (FX, 1)],
    )
    b.role(CI, "300 - Statement - Comprehensive Income")
    b.calc(
        CI,
        "us-gaap:ComprehensiveIncomeNetOfTax",
        [("us-gaap:NetIncomeLoss", 1), ("us-gaap:OtherComprehensiveIncomeLossNetOfTax", 1)],
    )
    b.write(graph)
    assert run(graph, "t-0046ok") == []
    FilingBuilder("t-0046old", us_gaap_year=2022).write(graph)
    [r] = run(graph, "t-0046old")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0046 rule data for us-gaap 2022")
