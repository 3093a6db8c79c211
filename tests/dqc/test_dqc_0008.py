"""DQC.US.0008 (reversed calculation) on hand-built calculations: fires, and narrowly misses."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

BS = "http://example.com/role/BalanceSheet"
NOTE = "http://example.com/role/LeaseDetails"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0008"], RuleInput(graph, load_filing_data(graph, fid)))


def test_a_calculation_upside_down_against_us_gaap(rules_graph: Graph):
    b = FilingBuilder("t-0008")
    b.role(BS, "200 - Statement - Balance Sheet")
    # us-gaap: StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest = StockholdersEquity + ...
    b.calc(
        BS, "us-gaap:StockholdersEquity", [("us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest", 1)]
    )
    b.role(NOTE, "700 - Disclosure - Leases (Details)")
    # the right way round, and a reversed pair with the other weight: not reported
    b.calc(NOTE, "us-gaap:LineOfCredit", [("us-gaap:LongTermLineOfCredit", 1)])
    b.calc(NOTE, "us-gaap:LineOfCreditFacilityCurrentBorrowingCapacity", [("us-gaap:LineOfCredit", -1)])
    b.write(rules_graph)
    [r] = run(rules_graph, "t-0008")
    assert (r.sub_rule, r.concept, r.network, r.network_definition, r.facts) == (
        "DQC.US.0008.6819",
        "us-gaap:StockholdersEquity",
        BS,
        "200 - Statement - Balance Sheet",
        [],
    )
    assert r.relationships[0].target == "us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest"
    assert "is reversed" in r.message


def test_not_evaluable_without_the_constant(rules_graph: Graph):
    b = FilingBuilder("t-0008old", us_gaap_year=2024)
    b.calc(
        BS, "us-gaap:StockholdersEquity", [("us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest", 1)]
    )
    b.write(rules_graph)
    [r] = run(rules_graph, "t-0008old")
    assert r.status == "not_evaluable" and "DQCRT constant CALC_RELATIONSHIPS of us-gaap 2024 is not loaded" in r.reason
