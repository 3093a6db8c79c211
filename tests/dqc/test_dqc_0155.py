"""DQC.US.0155 (the cash change including exchange-rate effects lacks the exchange-rate addend) on hand-built filings."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

CF = "http://example.com/role/CashFlows"
TOTAL = "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect"
FX = "us-gaap:EffectOfExchangeRateOnCashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents"
PRIOR = (dt.date(2023, 1, 1), dt.date(2023, 12, 31))


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0155"])
    return results["0155"]


def cash_filing(fid: str, with_fx_addend: bool) -> FilingBuilder:
    b = FilingBuilder(fid)
    b.role(CF, "400 - Statement - Cash Flows")
    children = [("us-gaap:NetCashProvidedByUsedInOperatingActivities", 1)]
    if with_fx_addend:
        children.append((FX, 1))
    b.calc(CF, TOTAL, children)  # writes the presentation arcs of the role too
    b.fact(FX, "30", fact_id="fx-current")
    b.fact(FX, "20", period=PRIOR, fact_id="fx-prior")
    return b


def test_0155_names_one_exchange_rate_fact(graph: Graph):
    cash_filing("t-0155", with_fx_addend=False).write(graph)
    bad = [r for r in run(graph, "t-0155") if r.status == "violation"]
    # the official engine names one of the exchange-rate facts; this rule names the one of the earliest period
    assert [(r.sub_rule, r.concept, [f.fact_id for f in r.facts]) for r in bad] == [("DQC.US.0155.10072", FX, ["fx-prior"])]
    assert "ExcludingExchangeRateEffect" in bad[0].message and "2 fact(s)" in bad[0].message


def test_0155_the_exchange_rate_addend_in_the_calculation(graph: Graph):
    cash_filing("t-0155-ok", with_fx_addend=True).write(graph)
    assert [r for r in run(graph, "t-0155-ok") if r.status == "violation"] == []
