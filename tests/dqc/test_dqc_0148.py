"""DQC.US.0148 (net income and OCI mixed in calculations) on hand-built calculations: each sub-rule fires, and
narrowly misses."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

IS = "http://example.com/role/Operations"
CI = "http://example.com/role/ComprehensiveIncome"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0148"], RuleInput(graph, load_filing_data(graph, fid)))


def test_oci_in_net_income_and_net_income_in_oci(rules_graph: Graph):
    b = FilingBuilder("t-0148")
    b.role(IS, "300 - Statement - Operations")
    b.calc(IS, "us-gaap:NetIncomeLoss", [("us-gaap:OperatingIncomeLoss", 1), ("abc:OtherGains", 1)])
    b.calc(
        IS,
        "abc:OtherGains",
        [("us-gaap:OtherComprehensiveIncomeLossForeignCurrencyTransactionAndTranslationAdjustmentNetOfTax", 1)],
    )
    b.role(CI, "310 - Statement - Comprehensive Income")
    b.calc(
        CI,
        "us-gaap:OtherComprehensiveIncomeLossNetOfTax",
        [
            ("us-gaap:AmortizationOfDeferredHedgeGains", 1),
            ("us-gaap:OtherComprehensiveIncomeLossForeignCurrencyTransactionAndTranslationAdjustmentNetOfTax", 1),
        ],
    )
    # narrow miss: ComprehensiveIncomeNetOfTax is not one of the OCI totals the rule starts from
    b.calc(
        CI,
        "us-gaap:ComprehensiveIncomeNetOfTax",
        [("us-gaap:NetIncomeLoss", 1), ("us-gaap:OtherComprehensiveIncomeLossNetOfTax", 1)],
    )
    b.write(rules_graph)
    results = run(rules_graph, "t-0148")
    assert sorted((r.sub_rule, r.concept, r.network) for r in results) == [
        ("DQC.US.0148.10073", "us-gaap:AmortizationOfDeferredHedgeGains", CI),
        (
            "DQC.US.0148.9874",
            "us-gaap:OtherComprehensiveIncomeLossForeignCurrencyTransactionAndTranslationAdjustmentNetOfTax",
            IS,
        ),
    ]
    assert all(r.facts == [] and r.status == "violation" for r in results)
    assert "below NetIncomeLoss" in next(r for r in results if r.sub_rule.endswith("9874")).message


def test_not_evaluable_without_the_year_constants(rules_graph: Graph):
    b = FilingBuilder("t-0148b", us_gaap_year=2024)
    b.calc(IS, "us-gaap:NetIncomeLoss", [("us-gaap:OtherComprehensiveIncomeLossNetOfTax", 1)])
    b.write(rules_graph)
    [r] = run(rules_graph, "t-0148b")
    assert r.status == "not_evaluable" and "DQCRT constant OCI_CONCEPTS of us-gaap 2024 is not loaded" in r.reason
