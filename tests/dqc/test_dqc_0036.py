"""DQC.US.0036 (document period end date against its context) on hand-built dei facts: the engine's asymmetric
four-day window (three days before to five days after the displayed end), nils and non-dates."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

DPED = "dei:DocumentPeriodEndDate"
YEAR = (dt.date(2024, 1, 1), dt.date(2024, 12, 31))


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0036"], RuleInput(graph, load_filing_data(graph, fid)))


def dei(b: FilingBuilder, value: str | None, period: object = YEAR, dims: dict[str, str] | None = None) -> str:
    return b.fact(DPED, value, decimals=None, unit=None, base_type="string", period=period, dims=dims)  # type: ignore[arg-type]


def test_values_outside_the_window_are_reported(graph: Graph):
    b = FilingBuilder("t-0036", form="10-Q")  # its own DocumentPeriodEndDate (2024-12-31 on the year) passes
    late = dei(b, "2025-01-06", dims={"dei:LegalEntityAxis": "abc:SubsidiaryMember"})  # six days after: reported
    early = dei(b, "2024-12-27", period=dt.date(2024, 12, 31))  # four days before an instant: reported
    b.write(graph)
    results = run(graph, "t-0036")
    assert [(r.sub_rule, r.concept, r.facts[0].fact_id, r.reported_value) for r in results] == [
        ("DQC.US.0036.1", DPED, late, "2025-01-06"),
        ("DQC.US.0036.1", DPED, early, "2024-12-27"),
    ]
    assert results[0].dimensions == ["dei:LegalEntityAxis=abc:SubsidiaryMember"]
    assert results[0].period == "duration:2024-01-01/2024-12-31" and results[1].period == "instant:2024-12-31"
    assert results[0].contexts == [results[0].facts[0].context_id]
    assert "ends on 2024-12-31, 6 days earlier" in results[0].message
    assert "ends on 2024-12-31, 4 days later" in results[1].message


def test_narrow_misses_and_values_without_a_date(graph: Graph):
    b = FilingBuilder("t-0036b")
    dei(b, "2025-01-05", dims={"dei:LegalEntityAxis": "abc:AMember"})  # five days after: inside the engine's window
    dei(b, "2024-12-28", dims={"dei:LegalEntityAxis": "abc:BMember"})  # three days before: inside
    dei(b, None, dims={"dei:LegalEntityAxis": "abc:CMember"})  # nil: no date to compare
    dei(b, "December 31, 2024", dims={"dei:LegalEntityAxis": "abc:DMember"})  # not a date
    b.write(graph)
    assert run(graph, "t-0036b") == []


def test_not_evaluable_for_an_unloaded_filing(graph: Graph):
    [r] = run(graph, "t-0036-missing")
    assert r.status == "not_evaluable" and "no filing 't-0036-missing'" in r.reason
