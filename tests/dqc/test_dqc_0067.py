"""DQC.US.0067 (revenue recognition elements of the superseded standard beside ASC 606 elements) on hand-built
filings: the old elements' facts are reported when an ASC 606 element has a fact in the same unit (none for text)."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

NEW = "us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax"
NEW_TEXT = "us-gaap:RevenueFromContractWithCustomerTextBlock"
OLD = "us-gaap:CustomerAdvancesAndDeposits"
OLD_TEXT = "us-gaap:RevenueRecognitionMultipleElementArrangements"
SCENARIO = {"srt:StatementScenarioAxis": "srt:ScenarioForecastMember"}
END = dt.date(2024, 12, 31)


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0067"], RuleInput(graph, load_filing_data(graph, fid)))


def found(results: list[CheckResult]) -> list[tuple[str, str | None, str | None, str | None]]:
    return sorted((r.sub_rule, r.concept, r.facts[0].fact_id, r.facts[0].value) for r in results)


def revenue(fid: str) -> FilingBuilder:
    b = FilingBuilder(fid)
    b.fact(OLD, "5000", period=END, fact_id="old")
    b.fact(OLD, "6000", period=END, fact_id="old-forecast", dims=SCENARIO)  # a scenario column: not checked
    b.fact(OLD_TEXT, "Multiple element arrangements are ...", decimals=None, unit=None, base_type="string", fact_id="old-text")
    return b


def test_old_elements_beside_asc_606_elements(rules_graph: Graph):
    b = revenue("t-0067")
    b.fact(NEW, "90000", fact_id="new")  # a monetary 606 fact: the monetary old facts are reported, not the text one
    b.write(rules_graph)
    results = run(rules_graph, "t-0067")
    assert found(results) == [("DQC.US.0067.7644", OLD, "old", "5000")]
    assert NEW in results[0].message and results[0].facts[0].context_id == b.facts[2]["props"]["context_id"]
    t = revenue("t-0067-text")
    t.fact(NEW_TEXT, "<p>Revenue ...</p>", decimals=None, unit=None, base_type="string", fact_id="new-text")
    t.write(rules_graph)
    assert found(run(rules_graph, "t-0067-text")) == [
        ("DQC.US.0067.7644", OLD_TEXT, "old-text", "Multiple element arrangements are ...")
    ]


def test_no_asc_606_fact_outside_scenarios(rules_graph: Graph):
    b = revenue("t-0067-none")
    b.fact(NEW, "90000", fact_id="new-forecast", dims=SCENARIO)  # only a forecast: the filing has not shown adoption
    b.write(rules_graph)
    assert run(rules_graph, "t-0067-none") == []


def test_not_evaluable_without_the_constants(graph: Graph):
    revenue("t-0067-n").write(graph)
    (result,) = run(graph, "t-0067-n")
    assert result.status == "not_evaluable" and "NETWORK" in result.reason
