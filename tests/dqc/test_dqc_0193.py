"""DQC.US.0193 (DividendsAxis member naming) on hand-built filings."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

AXIS = "us-gaap:DividendsAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0193"], RuleInput(graph, load_filing_data(graph, fid)))


def test_members_that_do_not_follow_the_naming(graph: Graph):
    b = FilingBuilder("t-0193")
    q1 = (dt.date(2024, 1, 1), dt.date(2024, 3, 31))
    b.fact("us-gaap:DividendsCommonStockCash", "2300", period=q1, fact_id="special-1", dims={AXIS: "abc:SpecialDividendMember"})
    b.fact(
        "us-gaap:CommonStockDividendsPerShareCashPaid",
        "13.15",
        decimals="2",
        unit="iso4217:USD/xbrli:shares",
        fact_id="special-2",
        dims={AXIS: "abc:SpecialDividendMember"},
    )
    b.fact("us-gaap:DividendsCommonStockCash", "100", period=q1, dims={AXIS: "abc:O2024Q1DividendsMember"})  # ordinary Q1
    b.fact("us-gaap:DividendsCommonStockCash", "50", dims={AXIS: "abc:S2024PartialDividendsMember"})  # special, no period
    b.fact("us-gaap:DividendsCommonStockCash", "70", dims={AXIS: "abc:O2024DividendsMember"})  # ordinary needs a period
    b.write(graph)
    results = run(graph, "t-0193")
    assert sorted((r.sub_rule, r.concept, r.facts[0].fact_id) for r in results) == [
        ("DQC.US.0193.10153", "abc:O2024DividendsMember", "f7"),
        ("DQC.US.0193.10153", "abc:SpecialDividendMember", "special-1"),
    ]
