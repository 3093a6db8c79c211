"""DQC.US.0088 (operating lease cost tagged as operating lease expense) on hand-built filings: each sub-rule fires,
and narrowly misses."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

NOTE = "http://example.com/role/LeaseCostDetails"
PRIOR = (dt.date(2023, 1, 1), dt.date(2023, 12, 31))
EARLIER = (dt.date(2022, 1, 1), dt.date(2022, 12, 31))


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0088"], RuleInput(graph, load_filing_data(graph, fid)))


def test_operating_lease_expense_beside_variable_cost_without_operating_lease_cost(graph: Graph):
    b = FilingBuilder("t-0088")
    b.fact("us-gaap:OperatingLeaseExpense", "646000000", decimals="-6", fact_id="exp")
    b.fact("us-gaap:VariableLeaseCost", "10000000", decimals="-6", dims={"srt:ProductOrServiceAxis": "abc:TowersMember"})
    # prior year: OperatingLeaseCost is reported: fine; earlier year: no VariableLeaseCost: fine
    b.fact("us-gaap:OperatingLeaseExpense", "600000000", decimals="-6", period=PRIOR)
    b.fact("us-gaap:VariableLeaseCost", "9000000", decimals="-6", period=PRIOR)
    b.fact("us-gaap:OperatingLeaseCost", "600000000", decimals="-6", period=PRIOR)
    b.fact("us-gaap:OperatingLeaseExpense", "500000000", decimals="-6", period=EARLIER)
    b.role(NOTE, "800 - Disclosure - Leases (Details)")
    b.calc(NOTE, "us-gaap:LeaseCost", [("us-gaap:OperatingLeaseExpense", 1), ("us-gaap:VariableLeaseCost", 1)])
    b.write(graph)
    results = run(graph, "t-0088")
    assert sorted((r.sub_rule, r.concept, r.facts[0].fact_id if r.facts else None, r.network) for r in results) == [
        ("DQC.US.0088.10094", "us-gaap:OperatingLeaseExpense", None, NOTE),
        ("DQC.US.0088.9372", "us-gaap:OperatingLeaseExpense", "exp", None),
    ]


def test_operating_lease_cost_in_lease_cost_is_fine(graph: Graph):
    b = FilingBuilder("t-0088ok")
    b.calc(NOTE, "us-gaap:LeaseCost", [("us-gaap:OperatingLeaseCost", 1), ("us-gaap:VariableLeaseCost", 1)])
    b.fact("us-gaap:OperatingLeaseCost", "646000000", decimals="-6")
    b.fact("us-gaap:VariableLeaseCost", "10000000", decimals="-6")
    b.write(graph)
    assert run(graph, "t-0088ok") == []
