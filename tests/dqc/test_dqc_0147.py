"""DQC.US.0147 (elimination amount with the sign of the consolidated amount) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

REV = "us-gaap:SellingGeneralAndAdministrativeExpense"  # in NON_NEG_ITEMS
CIA = "srt:ConsolidationItemsAxis"
ELIM = {CIA: "srt:ConsolidationEliminationsMember"}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0147"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def test_elimination_with_the_total_sign(rules_graph: Graph):
    b = FilingBuilder("t-0147")
    b.fact(REV, "1000")
    b.fact(REV, "50", dims=ELIM, fact_id="same-sign")
    geo = {"srt:StatementGeographicalAxis": "country:US"}
    b.fact(REV, "800", dims=geo)
    b.fact(REV, "-40", dims={**geo, **ELIM})  # opposite sign: fine
    ca = {"srt:StatementGeographicalAxis": "country:CA"}
    b.fact(REV, "300", dims={**ca, **ELIM})  # no total for CA
    b.fact(REV, "0", dims={**ELIM, "srt:ProductOrServiceAxis": "abc:GoodsMember"})  # zero: not tested
    b.fact(REV, "0", dims={"srt:ProductOrServiceAxis": "abc:GoodsMember"})
    b.fact("us-gaap:Revenues", "90", dims=ELIM)  # not a NON_NEG_ITEMS element
    b.fact("us-gaap:Revenues", "900")
    b.write(rules_graph)
    results = run(rules_graph, "t-0147")
    assert [(r.sub_rule, r.concept, r.facts[0].context_id, r.reported_value) for r in results] == [
        ("DQC.US.0147.9871", REV, ctx(b, "same-sign"), "50")
    ]
    assert "1000" in results[0].message


def test_not_evaluable_without_the_constants(graph: Graph):
    b = FilingBuilder("t-0147-nc")
    b.fact(REV, "1000")
    b.fact(REV, "50", dims=ELIM)
    b.write(graph)
    [r] = run(graph, "t-0147-nc")
    assert r.status == "not_evaluable" and "NON_NEG_ITEMS" in r.reason
