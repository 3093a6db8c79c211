"""DQC.US.0162 (invalid trading symbol) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

CLASS = "us-gaap:StatementClassOfStockAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0162"])
    return results["0162"]


def test_0162_placeholders_special_characters_and_case(graph: Graph):
    b = FilingBuilder("t-0162")
    b.text_fact("dei:EntityCentralIndexKey", "0000000001")
    symbols = {
        "na": ("N/A", {CLASS: "us-gaap:CommonStockMember"}),  # placeholder: flagged
        "dollar": ("AB$C", {CLASS: "abc:ClassBMember"}),  # special character: flagged
        "lower": ("abc", {CLASS: "abc:ClassCMember"}),  # lower case: flagged
        "pref": ("abcP", {CLASS: "abc:SeriesAPreferredMember"}),  # lower case, but a preferred class: fine
        "ok": ("ABC", {CLASS: "abc:ClassAMember"}),  # fine
    }
    for fid, (value, dims) in symbols.items():
        b.fact("dei:TradingSymbol", value, decimals=None, unit=None, dims=dims, base_type="string", fact_id=fid)
    b.write(graph)
    bad = [r for r in run(graph, "t-0162") if r.status == "violation"]
    assert sorted((r.sub_rule, r.facts[0].fact_id, r.reported_value) for r in bad) == [
        ("DQC.US.0162.10084", "dollar", "AB$C"),
        ("DQC.US.0162.10084", "lower", "abc"),
        ("DQC.US.0162.10084", "na", "N/A"),
    ]
    assert all("NoTradingSymbolFlag" in r.message for r in bad)


def test_0162_refuses_a_year_without_a_rule_set(graph: Graph):
    b = FilingBuilder("t-0162-2022", us_gaap_year=2022)
    b.text_fact("dei:TradingSymbol", "N/A")
    b.write(graph)
    results = run(graph, "t-0162-2022")
    assert [r.status for r in results] == ["not_evaluable"] and "2022" in results[0].reason
