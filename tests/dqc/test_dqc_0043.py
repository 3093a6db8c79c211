"""DQC.US.0043 (calculation weights in operating cash flows) on hand-built filings: each sub-rule fires, and narrowly
misses."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

CF = "http://example.com/role/CashFlows"
PRIOR = (dt.date(2023, 1, 1), dt.date(2023, 12, 31))


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0043"], RuleInput(graph, load_filing_data(graph, fid)))


def found(results: list[CheckResult]) -> list[tuple[str, str | None, str | None, str | None]]:
    return sorted((r.sub_rule, r.concept, r.facts[0].fact_id if r.facts else None, r.network) for r in results)


def test_weights_against_balance_and_income_subtracted_7488_9873(graph: Graph):
    b = FilingBuilder("t-0043a")
    b.role(CF, "400 - Statement - Cash Flows")
    b.concept("us-gaap:IncreaseDecreaseInAccountsPayable", balance="credit")  # +1: wrong for a credit element
    b.concept("us-gaap:DepreciationDepletionAndAmortization", balance="debit")  # +1: right
    b.concept("us-gaap:IncreaseDecreaseInInventories", balance="credit")  # -1: right
    b.concept("us-gaap:ProfitLoss", balance="credit")
    b.concept("us-gaap:IncomeLossFromEquityMethodInvestments", balance="credit")
    b.calc(
        CF,
        "us-gaap:NetCashProvidedByUsedInOperatingActivities",
        [
            ("us-gaap:ProfitLoss", -1),  # an income total subtracted: 9873
            ("us-gaap:DepreciationDepletionAndAmortization", 1),
            ("us-gaap:IncreaseDecreaseInInventories", -1),
            ("us-gaap:IncreaseDecreaseInAccountsPayable", 1),  # credit added: 7488
        ],
    )
    # below an income total: not looked at
    b.calc(CF, "us-gaap:ProfitLoss", [("us-gaap:IncomeLossFromEquityMethodInvestments", 1)])
    b.fact("us-gaap:NetCashProvidedByUsedInOperatingActivities", "500", fact_id="now")
    b.fact("us-gaap:NetCashProvidedByUsedInOperatingActivities", "400", period=PRIOR, fact_id="prior")
    b.write(graph)
    results = run(graph, "t-0043a")
    assert found(results) == [
        ("DQC.US.0043.7488", "us-gaap:IncreaseDecreaseInAccountsPayable", "prior", CF),
        ("DQC.US.0043.9873", "us-gaap:ProfitLoss", None, CF),
    ]
    weight = next(r for r in results if r.sub_rule.endswith("7488"))
    assert weight.period == "duration:2023-01-01/2023-12-31" and "credit element" in weight.message


def continuing_only(fid: str, whole: bool = False) -> FilingBuilder:
    b = FilingBuilder(fid)
    b.role(CF, "400 - Statement - Cash Flows")
    b.concept("us-gaap:IncreaseDecreaseInAccountsReceivable", balance="credit")
    b.concept("us-gaap:IncomeLossFromDiscontinuedOperationsNetOfTax", balance="credit")
    b.calc(
        CF,
        "us-gaap:NetCashProvidedByUsedInOperatingActivitiesContinuingOperations",
        [
            ("us-gaap:IncreaseDecreaseInAccountsReceivable", 1),
            ("us-gaap:IncreaseDecreaseInAccountsReceivable", -1),  # the same child twice, weights cancel: 6833
            ("us-gaap:IncomeLossFromDiscontinuedOperationsNetOfTax", 1),  # 9873 (continuing total)
        ],
    )
    b.fact("us-gaap:NetCashProvidedByUsedInOperatingActivitiesContinuingOperations", "70", fact_id="cont")
    if whole:
        b.fact("us-gaap:NetCashProvidedByUsedInOperatingActivities", "90", fact_id="whole")
    return b


def test_continuing_total_only_6833_and_discontinued_added_9873(graph: Graph):
    continuing_only("t-0043b").write(graph)
    assert found(run(graph, "t-0043b")) == [
        ("DQC.US.0043.6833", "us-gaap:IncreaseDecreaseInAccountsReceivable", "cont", CF),
        ("DQC.US.0043.9873", "us-gaap:IncomeLossFromDiscontinuedOperationsNetOfTax", None, CF),
    ]
    # with the whole-entity total reported too, 6833 gives way (and 7488 finds nothing below that total)
    continuing_only("t-0043b2", whole=True).write(graph)
    assert [r.sub_rule for r in run(graph, "t-0043b2")] == ["DQC.US.0043.9873"]


def test_discontinued_income_with_opposite_signs_9875(graph: Graph):
    b = FilingBuilder("t-0043c")
    entity = "us-gaap:IncomeLossFromDiscontinuedOperationsNetOfTaxAttributableToReportingEntity"
    total = "us-gaap:IncomeLossFromDiscontinuedOperationsNetOfTax"
    b.fact(entity, "-1115885", decimals="0", fact_id="after")
    b.fact(total, "1200000", decimals="0", fact_id="before")
    # the prior year: an NCI part is reported, so opposite signs are possible
    b.fact(entity, "-10", period=PRIOR, fact_id="after-prior")
    b.fact(total, "20", period=PRIOR, fact_id="before-prior")
    b.fact("us-gaap:IncomeLossFromDiscontinuedOperationsNetOfTaxAttributableToNoncontrollingInterest", "30", period=PRIOR)
    # same signs in a segment: fine
    seg = {"us-gaap:StatementBusinessSegmentsAxis": "abc:WestMember"}
    b.fact(entity, "5", dims=seg)
    b.fact(total, "6", dims=seg)
    b.write(graph)
    results = run(graph, "t-0043c")
    assert found(results) == [("DQC.US.0043.9875", entity, "after", None)]
    assert results[0].reported_value == "-1115885" and "1200000" in results[0].message


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    FilingBuilder("t-0043d", us_gaap_year=2022).write(graph)
    [r] = run(graph, "t-0043d")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0043 rule data for us-gaap 2022")
