"""DQC.US.0201 (private company elements) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

PRIVATE = "us-gaap:GoodwillImpairmentLossPrivateCompanyAlternative"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0201"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def test_private_company_element(graph: Graph):
    b = FilingBuilder("t-0201")
    b.fact(PRIVATE, "1200", fact_id="private")
    b.fact("abc:AmortizationPrivateCompanyGoodwill", None, fact_id="ext")  # any taxonomy, nil too
    b.fact("us-gaap:GoodwillImpairmentLoss", "1200")
    b.write(graph)
    results = run(graph, "t-0201")
    assert sorted((r.sub_rule, r.concept, r.facts[0].context_id, r.reported_value) for r in results) == sorted(
        [
            ("DQC.US.0201.10701", PRIVATE, ctx(b, "private"), "1200"),
            ("DQC.US.0201.10701", "abc:AmortizationPrivateCompanyGoodwill", ctx(b, "ext"), None),
        ]
    )


def test_sbsef_documents_are_left_out(graph: Graph):
    b = FilingBuilder("t-0201-sbsef", form="SBSEF")
    b.fact(PRIVATE, "1200")
    b.write(graph)
    assert run(graph, "t-0201-sbsef") == []


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    b = FilingBuilder("t-0201-2023", us_gaap_year=2023)
    b.fact(PRIVATE, "1200")
    b.write(graph)
    [r] = run(graph, "t-0201-2023")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0201 rule data for us-gaap 2023")
