"""DQC.US.0013 (negative tax-rate reconciliation items when income before tax is positive) on hand-built filings."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

PURE = {"unit": "xbrli:pure", "decimals": "3"}
PRIOR = (dt.date(2023, 1, 1), dt.date(2023, 12, 31))


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0013"])
    return results["0013"]


def ctx(b: FilingBuilder, fact_id: str) -> str | None:
    return next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id)


def found(graph: Graph, fid: str) -> list[tuple[str, str, str | None, str | None]]:
    return sorted((r.sub_rule, r.facts[0].concept, r.facts[0].context_id, r.facts[0].value) for r in run(graph, fid))


def test_0013_negative_rate_with_positive_income(rules_graph: Graph):
    b = FilingBuilder("t-0013")
    # no pre-tax total: income before tax is the pre-equity-method income plus the equity-method income
    b.fact(
        "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments",
        "902000",
        fact_id="ibt",
    )
    b.fact("us-gaap:IncomeLossFromEquityMethodInvestments", "9000")
    b.fact("us-gaap:EffectiveIncomeTaxRateReconciliationFdiiPercent", "-0.016", **PURE)  # 9791
    b.fact("us-gaap:EffectiveIncomeTaxRateReconciliationTaxCredits", "0.01", **PURE)  # positive: fine
    # the prior year had a loss before tax (with the equity-method income still below zero): its negative rate is fine
    b.fact(
        "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments",
        "-10000",
        period=PRIOR,
    )
    b.fact("us-gaap:IncomeLossFromEquityMethodInvestments", "9000", period=PRIOR)
    b.fact("us-gaap:EffectiveIncomeTaxRateReconciliationFdiiPercent", "-0.02", period=PRIOR, **PURE)
    # a dimension the sign rule excludes (member name contains "eliminat"): fine
    b.fact(
        "us-gaap:EffectiveIncomeTaxRateReconciliationTaxHolidays",
        "-0.5",
        dims={"srt:ConsolidationItemsAxis": "srt:ConsolidationEliminationsMember"},
        **PURE,
    )
    b.write(rules_graph)
    assert found(rules_graph, "t-0013") == [
        (
            "DQC.US.0013.9791",
            "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments",
            ctx(b, "ibt"),
            "902000",
        )
    ]


def test_0013_the_pre_tax_total_decides_for_the_whole_filing(rules_graph: Graph):
    b = FilingBuilder("t-0013-total")
    total = "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest"
    b.fact(total, "-5000", fact_id="loss")  # a loss: no test this year
    b.fact(total, "8000", period=PRIOR, fact_id="income")
    # the domestic figure is ignored once the filing reports the total
    b.fact("us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesDomestic", "7000")
    b.fact("us-gaap:EffectiveIncomeTaxRateReconciliationTaxHolidays", "-3.189", **PURE)
    b.fact("us-gaap:EffectiveIncomeTaxRateReconciliationTaxHolidays", "-1.5", period=PRIOR, **PURE)
    b.write(rules_graph)
    assert found(rules_graph, "t-0013-total") == [("DQC.US.0013.2871", total, ctx(b, "income"), "8000")]
