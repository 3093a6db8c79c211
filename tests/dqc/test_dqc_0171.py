"""DQC.US.0171 (ASU 2016-13 transition elements) on hand-built filings: findings, narrow misses, not evaluable."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0171"], RuleInput(graph, load_filing_data(graph, fid)))


def test_transition_facts_from_periods_ending_2023_09_30(rules_graph: Graph):
    b = FilingBuilder("t-0171", year_start=dt.date(2023, 1, 1), period_end=dt.date(2023, 12, 31))
    b.fact("us-gaap:ProvisionForLoanAndLeaseLosses", "4000", fact_id="fy")
    b.fact("us-gaap:ProvisionForLoanAndLeaseLosses", "3000", period=(dt.date(2023, 7, 1), dt.date(2023, 9, 30)), fact_id="q3")
    b.fact("us-gaap:ProvisionForLoanAndLeaseLosses", "2000", period=(dt.date(2023, 4, 1), dt.date(2023, 9, 29)), fact_id="early")
    b.fact(
        "us-gaap:ProvisionForLoanAndLeaseLosses",
        "1000",
        fact_id="seg",
        dims={"us-gaap:StatementBusinessSegmentsAxis": "abc:BankMember"},
    )
    b.fact("us-gaap:MarketableSecuritiesGainLoss", None, fact_id="nil")  # nil facts count too
    b.text_fact("us-gaap:ScheduleOfUnrealizedLossOnInvestmentsTableTextBlock", "<table>losses</table>")  # f8: not excepted
    b.fact("us-gaap:UnamortizedLoanCommitmentAndOriginationFeesAndUnamortizedDiscountsOrPremiums", "50", period="instant")
    b.fact("us-gaap:ProvisionForLoansLeasesAndOtherCreditLosses", "4000")  # the current element: fine
    b.write(rules_graph)
    results = run(rules_graph, "t-0171")
    assert sorted((r.sub_rule, r.concept, r.facts[0].fact_id, r.reported_value) for r in results) == [
        ("DQC.US.0171.10104", "us-gaap:MarketableSecuritiesGainLoss", "nil", None),
        ("DQC.US.0171.10104", "us-gaap:ProvisionForLoanAndLeaseLosses", "fy", "4000"),
        ("DQC.US.0171.10104", "us-gaap:ProvisionForLoanAndLeaseLosses", "q3", "3000"),
        ("DQC.US.0171.10104", "us-gaap:ProvisionForLoanAndLeaseLosses", "seg", "1000"),
        ("DQC.US.0171.10104", "us-gaap:ScheduleOfUnrealizedLossOnInvestmentsTableTextBlock", "f8", "<table>losses</table>"),
    ]
    seg = next(r for r in results if r.facts[0].fact_id == "seg")
    assert seg.facts[0].context_id == b.facts[5]["props"]["context_id"]
    assert seg.dimensions == ["us-gaap:StatementBusinessSegmentsAxis=abc:BankMember"] and "ASU 2016-13" in seg.message


def test_not_evaluable_without_the_constant(graph: Graph):
    FilingBuilder("t-0171-none").write(graph)  # no DQCRT constants loaded
    results = run(graph, "t-0171-none")
    assert [(r.status, r.rule_id) for r in results] == [("not_evaluable", "DQC.US.0171")]
    assert "ASU201613_TRANSITION_ELEMENTS" in results[0].reason
