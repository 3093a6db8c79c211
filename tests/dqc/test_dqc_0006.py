"""DQC.US.0006 (text block and dei period lengths against the fiscal period focus) on hand-built filings."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0006"], RuleInput(graph, load_filing_data(graph, fid)))


def text_block(b: FilingBuilder, qname: str, period: tuple[dt.date, dt.date], fact_id: str) -> None:
    b.fact(qname, "<div>note</div>", None, None, period=period, base_type="string", fact_id=fact_id)
    b.concepts[b.key(qname)]["props"]["type"] = "dtr-types:textBlockItemType"


def q3_filing(fid: str, form: str = "10-Q") -> FilingBuilder:
    b = FilingBuilder(fid, form=form, year_start=dt.date(2024, 1, 1), period_end=dt.date(2024, 9, 30))  # 274 days
    b.text_fact("dei:DocumentFiscalPeriodFocus", "Q3")
    text_block(b, "us-gaap:StockholdersEquityNoteDisclosureTextBlock", (dt.date(2024, 7, 1), dt.date(2024, 9, 30)), "quarter")
    text_block(b, "us-gaap:IncomeTaxDisclosureTextBlock", (dt.date(2024, 1, 1), dt.date(2024, 9, 30)), "nine-months")
    text_block(b, "us-gaap:SubsequentEventsTextBlock", (dt.date(2024, 10, 12), dt.date(2024, 10, 12)), "one-day")
    b.fact("us-gaap:Revenues", "5", period=(dt.date(2024, 7, 1), dt.date(2024, 9, 30)))  # not a text block: fine
    return b


def test_text_blocks_outside_the_quarter_range(graph: Graph):
    b = q3_filing("t-0006")
    b.write(graph)
    results = run(graph, "t-0006")
    assert sorted((r.sub_rule, r.concept, r.facts[0].fact_id) for r in results) == [
        ("DQC.US.0006.14", "us-gaap:StockholdersEquityNoteDisclosureTextBlock", "quarter"),
        ("DQC.US.0006.14", "us-gaap:SubsequentEventsTextBlock", "one-day"),
    ]
    one_day = next(r for r in results if r.facts[0].fact_id == "one-day")
    assert "(1 days)" in one_day.message and "245 to 295" in one_day.message
    assert one_day.facts[0].period == "duration:2024-10-12/2024-10-12"


def test_transition_reports_are_left_out(graph: Graph):
    q3_filing("t-0006-kt", form="10-KT").write(graph)
    assert run(graph, "t-0006-kt") == []
    b = q3_filing("t-0006-flag")
    b.text_fact("dei:DocumentTransitionReport", "true")
    b.write(graph)
    assert run(graph, "t-0006-flag") == []
