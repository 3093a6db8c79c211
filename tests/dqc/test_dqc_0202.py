"""DQC.US.0202 (annual report without cybersecurity disclosure facts) on hand-built filings."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0202"], RuleInput(graph, load_filing_data(graph, fid)))


def cyd(b: FilingBuilder, year: int) -> None:
    """A cybersecurity text fact of the cyd taxonomy of `year` (FilingBuilder knows us-gaap, srt and dei only)."""
    fid = b.text_fact("dei:CybersecurityRiskManagementProcessesIntegratedTextBlock", "We have a program.")
    key = f"http://xbrl.sec.gov/cyd/{year}#CybersecurityRiskManagementProcessesIntegratedTextBlock"
    concept = b.concepts.pop(b.key("dei:CybersecurityRiskManagementProcessesIntegratedTextBlock"))
    concept["key"] = key
    concept["props"].update(namespace=f"http://xbrl.sec.gov/cyd/{year}", prefix="cyd", release=f"cyd/{year}")
    b.concepts[key] = concept
    fact = next(f for f in b.facts if f["props"]["fact_id"] == fid)
    fact["props"]["concept_key"] = key


def test_annual_report_without_cyd_facts(graph: Graph):
    FilingBuilder("t-0202").write(graph)  # a 10-K for 2024-12-31
    results = run(graph, "t-0202")
    assert [(r.sub_rule, r.status, r.concept, r.facts) for r in results] == [("DQC.US.0202.10702", "violation", None, [])]
    assert "2024-12-31" in results[0].message


def test_cyd_facts_an_earlier_period_or_a_transition_report(graph: Graph):
    b = FilingBuilder("t-0202-cyd")
    cyd(b, 2025)
    b.write(graph)
    FilingBuilder("t-0202-early", period_end=dt.date(2024, 12, 14)).write(graph)
    t = FilingBuilder("t-0202-transition")
    t.text_fact("dei:DocumentTransitionReport", "true")
    t.write(graph)
    old = FilingBuilder("t-0202-oldcyd")
    cyd(old, 2024)  # the 2025 rule set asks for the cyd 2025 elements
    old.write(graph)
    assert [len(run(graph, f)) for f in ("t-0202-cyd", "t-0202-early", "t-0202-transition", "t-0202-oldcyd")] == [0, 0, 0, 1]


def test_not_applicable_to_a_quarterly_report(graph: Graph):
    FilingBuilder("t-0202-10q", form="10-Q").write(graph)
    [r] = run(graph, "t-0202-10q")
    assert r.status == "not_evaluable" and r.reason.startswith("not applicable: DQC.US.0202 does not apply to form 10-Q")
