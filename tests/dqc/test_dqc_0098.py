"""DQC.US.0098 (revenue recognized beyond the opening contract liability) on hand-built facts: each sub-rule fires,
and narrowly misses."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

RECOGNIZED = "us-gaap:ContractWithCustomerLiabilityRevenueRecognized"
OPENING = dt.date(2023, 12, 31)  # the day before the 2024 period starts
PRIOR = (dt.date(2023, 1, 1), dt.date(2023, 12, 31))
PRIOR_OPENING = dt.date(2022, 12, 31)


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0098"], RuleInput(graph, load_filing_data(graph, fid)))


def found(results: list[CheckResult]) -> list[tuple[str, str | None, str | None, str | None]]:
    return sorted((r.sub_rule, r.facts[0].fact_id, r.reported_value, r.expected_value) for r in results)


def test_more_recognized_than_the_opening_liability_9531(graph: Graph):
    b = FilingBuilder("t-0098")
    b.fact(RECOGNIZED, "523000", fact_id="rec")
    b.fact("us-gaap:ContractWithCustomerLiability", "106000", period=OPENING, fact_id="open")
    # the prior year: 2,000 more than the opening balance, within the tolerance of decimals -3 (2 * 1,000)
    b.fact(RECOGNIZED, "108000", period=PRIOR, fact_id="rec-prior")
    b.fact("us-gaap:ContractWithCustomerLiability", "106000", period=PRIOR_OPENING)
    # a segment fact compares with the segment's opening balance only (none here)
    b.fact(RECOGNIZED, "900000", dims={"us-gaap:StatementBusinessSegmentsAxis": "abc:WestMember"})
    b.write(graph)
    results = run(graph, "t-0098")
    assert found(results) == [("DQC.US.0098.9531", "rec", "523000", "106000")]
    assert "on 2023-12-31" in results[0].message


def test_against_current_plus_noncurrent_when_the_total_is_missing_9532(graph: Graph):
    b = FilingBuilder("t-0098b")
    b.fact(RECOGNIZED, "56116000", fact_id="rec")
    b.fact("us-gaap:ContractWithCustomerLiabilityCurrent", "5667000", period=OPENING)
    b.fact("us-gaap:ContractWithCustomerLiabilityNoncurrent", "2000000", period=OPENING)
    # the prior year: only the current part, and more than the revenue recognized: fine
    b.fact(RECOGNIZED, "1000", period=PRIOR, fact_id="rec-prior")
    b.fact("us-gaap:ContractWithCustomerLiabilityCurrent", "5000", period=PRIOR_OPENING)
    b.write(graph)
    assert found(run(graph, "t-0098b")) == [("DQC.US.0098.9532", "rec", "56116000", "7667000")]


def test_a_year_without_rule_set_is_not_evaluated(graph: Graph):
    FilingBuilder("t-0098old", us_gaap_year=2022).write(graph)
    [r] = run(graph, "t-0098old")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0098 rule data for us-gaap 2022")
