"""DQC.US.00184 (OCI before-tax / tax / after-tax signs) on hand-built filings: findings, narrow misses, not evaluable."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

ROLES = "http://fasb.org/us-gaap/role/statement/"
ALTERNATIVE = ROLES + "StatementOfOtherComprehensiveIncomeAlternative"
FOURTH = ROLES + "StatementOfOtherComprehensiveIncomeFouthAlternative"
HEDGE = "us-gaap:OtherComprehensiveIncomeLossCashFlowHedgeGainLossReclassification"
FX = "us-gaap:OtherComprehensiveIncomeForeignCurrencyTransactionAndTranslationGainLossArisingDuringPeriod"
YEARS = {y: (dt.date(y, 1, 1), dt.date(y, 12, 31)) for y in (2021, 2022, 2023, 2024)}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["00184"], RuleInput(graph, load_filing_data(graph, fid)))


def taxonomy(b: FilingBuilder) -> None:
    """The us-gaap release's own OCI calculations (owner us-gaap/2025), as the taxonomy loader writes them."""
    owner = "us-gaap/2025"
    b.calc(FOURTH, f"{HEDGE}AfterTax", [(f"{HEDGE}BeforeTax", 1), (f"{HEDGE}Tax", -1)], owner=owner)
    b.calc(ALTERNATIVE, "us-gaap:OtherComprehensiveIncomeLossNetOfTax", [(f"{FX}NetOfTax", 1)], owner=owner)
    b.calc(ALTERNATIVE, f"{FX}NetOfTax", [(f"{FX}BeforeTax", 1), (f"{FX}Tax", -1)], owner=owner)


def triple(b: FilingBuilder, stem: str, year: int, before: str, tax: str, after: str) -> None:
    period = YEARS[year]
    kind = "hedge" if stem == HEDGE else "fx"
    b.fact(f"{stem}BeforeTax", before, period=period, fact_id=f"{kind}-before-{year}")
    b.fact(f"{stem}Tax", tax, period=period, fact_id=f"{kind}-tax-{year}")
    b.fact(f"{stem}AfterTax" if stem == HEDGE else f"{stem}NetOfTax", after, period=period, fact_id=f"{kind}-{year}")


def test_mixed_signs_that_do_not_reconcile(graph: Graph):
    b = FilingBuilder("t-00184")
    taxonomy(b)
    triple(b, HEDGE, 2024, "200", "-42", "158")  # mixed signs, 200 - (-42) = 242 != 158: finding
    triple(b, HEDGE, 2023, "200", "42", "158")  # one sign: fine
    triple(b, HEDGE, 2022, "100", "-20", "120")  # mixed signs but 100 - (-20) = 120: fine
    triple(b, HEDGE, 2021, "100", "0", "120")  # a zero: not tested
    triple(b, FX, 2024, "-500", "100", "-400")  # 10163 path: mixed, -500 - 100 = -600 != -400: finding
    b.write(graph)
    results = run(graph, "t-00184")
    assert sorted((r.sub_rule, r.concept, r.facts[0].fact_id, r.reported_value, r.expected_value) for r in results) == [
        ("DQC.US.00184.10163", f"{FX}NetOfTax", "fx-2024", "-400", "-600"),
        ("DQC.US.00184.10164", f"{HEDGE}AfterTax", "hedge-2024", "158", "242"),
    ]
    hedge = next(r for r in results if r.sub_rule.endswith("10164"))
    assert [f.concept for f in hedge.facts] == [f"{HEDGE}AfterTax"] and hedge.period == "duration:2024-01-01/2024-12-31"
    assert hedge.facts[0].context_id == b.facts[4]["props"]["context_id"] and "-42" in hedge.message


def test_not_evaluable_without_the_taxonomy_calculations(graph: Graph):
    b = FilingBuilder("t-00184-none")
    triple(b, HEDGE, 2024, "200", "-42", "158")
    b.write(graph)
    results = run(graph, "t-00184-none")
    assert [(r.status, r.rule_id) for r in results] == [("not_evaluable", "DQC.US.00184")]
    assert "StatementOfOtherComprehensiveIncome" in results[0].reason
