"""DQC.US.0185 (unrecognized tax benefit movements without a roll forward table) on hand-built filings: the graph does
not know which facts an inline text block contains, so the one undecidable case is not evaluable."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

MOVE = "us-gaap:UnrecognizedTaxBenefitsIncreasesResultingFromCurrentPeriodTaxPositions"
CONTINGENCIES = "us-gaap:SummaryOfIncomeTaxContingenciesTextBlock"
ROLL = "us-gaap:ScheduleOfUnrecognizedTaxBenefitsRollForwardTableTextBlock"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0185"], RuleInput(graph, load_filing_data(graph, fid)))


def filing(fid: str, blocks: list[str], year: int = 2025) -> FilingBuilder:
    b = FilingBuilder(fid, us_gaap_year=year)
    b.fact(MOVE, "120")
    for block in blocks:
        b.text_fact(block, "<div>...</div>")
    return b


def test_movements_in_the_contingencies_block_cannot_be_decided(graph: Graph):
    filing("t-0185", [CONTINGENCIES]).write(graph)
    [r] = run(graph, "t-0185")
    assert r.status == "not_evaluable" and "UnrecognizedTaxBenefitsIncreasesResultingFromCurrentPeriodTaxPositions" in r.reason


def test_roll_forward_table_or_no_contingencies_block(graph: Graph):
    filing("t-0185-roll", [CONTINGENCIES, ROLL]).write(graph)
    filing("t-0185-none", []).write(graph)
    assert run(graph, "t-0185-roll") == [] and run(graph, "t-0185-none") == []


def test_not_evaluable_before_the_2024_rule_set(graph: Graph):
    filing("t-0185-2023", [CONTINGENCIES], year=2023).write(graph)
    [r] = run(graph, "t-0185-2023")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0185 rule data for us-gaap 2023")
