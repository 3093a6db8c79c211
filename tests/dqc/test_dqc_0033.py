"""DQC.US.0033 (dei facts off the document period end date) on hand-built cover pages: a dei fact ending elsewhere,
the exempt cover facts and SubsequentEventTypeAxis, a document period end date off its own context, amended 8-Ks."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

PRIOR = (dt.date(2023, 1, 1), dt.date(2023, 12, 31))


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0033"], RuleInput(graph, load_filing_data(graph, fid)))


def dei(b: FilingBuilder, qname: str, value: str | None, period: object, dims: dict[str, str] | None = None) -> str:
    return b.fact(qname, value, decimals=None, unit=None, base_type="string", period=period, dims=dims)  # type: ignore[arg-type]


def test_dei_facts_ending_off_the_document_period(graph: Graph):
    b = FilingBuilder("t-0033")
    off = dei(b, "dei:DocumentFiscalYearFocus", "2024", PRIOR)  # ends 2023-12-31: reported
    nil = dei(b, "dei:EntityRegistrantName", None, dt.date(2024, 12, 30), dims={"dei:LegalEntityAxis": "abc:SubMember"})
    dei(b, "dei:DocumentFiscalPeriodFocus", "FY", None)  # ends 2024-12-31: passes
    dei(b, "dei:EntityPublicFloat", "1000", dt.date(2024, 6, 30))  # exempt cover fact
    dei(b, "dei:AuditorName", "Audit LLP", PRIOR)  # exempt
    dei(
        b,
        "dei:EntityAddressCityOrTown",
        "Boston",
        PRIOR,
        dims={"us-gaap:SubsequentEventTypeAxis": "us-gaap:SubsequentEventMember"},
    )
    b.write(graph)
    results = run(graph, "t-0033")
    assert [(r.sub_rule, r.concept, r.facts[0].fact_id, r.period) for r in results] == [
        ("DQC.US.0033.2", "dei:DocumentFiscalYearFocus", off, "duration:2023-01-01/2023-12-31"),
        ("DQC.US.0033.2", "dei:EntityRegistrantName", nil, "instant:2024-12-30"),
    ]
    assert results[1].reported_value is None and results[1].dimensions == ["dei:LegalEntityAxis=abc:SubMember"]
    assert "ending 2023-12-31" in results[0].message and "document period end date is 2024-12-31" in results[0].message


def test_no_finding_when_the_document_period_end_date_is_off_its_context(graph: Graph):
    b = FilingBuilder("t-0033b", period_end=dt.date(2024, 12, 25))  # context ends 2024-12-25; value 2024-12-25
    b.facts.clear()  # rebuild the cover page: a document period end date six days after its context end
    b.text_fact("dei:DocumentType", "10-K")
    dei(b, "dei:DocumentPeriodEndDate", "2024-12-31", (dt.date(2024, 1, 1), dt.date(2024, 12, 25)))
    dei(b, "dei:DocumentFiscalYearFocus", "2024", PRIOR)
    b.write(graph)
    assert run(graph, "t-0033b") == []
    # narrow miss: five days after is still within the window, so the rule runs and reports the prior-year fact
    c = FilingBuilder("t-0033c", period_end=dt.date(2024, 12, 26))
    c.facts.clear()
    c.text_fact("dei:DocumentType", "10-K")
    dei(c, "dei:DocumentPeriodEndDate", "2024-12-31", (dt.date(2024, 1, 1), dt.date(2024, 12, 26)))
    fiscal = dei(c, "dei:DocumentFiscalYearFocus", "2024", PRIOR)
    c.write(graph)
    assert [(r.concept, r.facts[0].fact_id) for r in run(graph, "t-0033c")] == [("dei:DocumentFiscalYearFocus", fiscal)]


def test_amended_8k_is_skipped_but_an_original_8k_is_not(graph: Graph):
    b = FilingBuilder("t-0033d", form="8-K")
    dei(b, "dei:AmendmentFlag", "true", None)
    dei(b, "dei:EntityRegistrantName", "Abc", PRIOR)
    b.write(graph)
    assert run(graph, "t-0033d") == []
    c = FilingBuilder("t-0033e", form="8-K")
    dei(c, "dei:AmendmentFlag", "false", None)
    name = dei(c, "dei:EntityRegistrantName", "Abc", PRIOR)
    c.write(graph)
    assert [(r.concept, r.facts[0].fact_id) for r in run(graph, "t-0033e")] == [("dei:EntityRegistrantName", name)]


def test_no_document_period_end_date_and_unloaded_filing(graph: Graph):
    b = FilingBuilder("t-0033f")
    b.facts.clear()
    b.text_fact("dei:DocumentType", "10-K")
    dei(b, "dei:DocumentFiscalYearFocus", "2024", PRIOR)
    b.write(graph)
    assert run(graph, "t-0033f") == []
    [r] = run(graph, "t-0033-missing")
    assert r.status == "not_evaluable" and "no filing 't-0033-missing'" in r.reason
