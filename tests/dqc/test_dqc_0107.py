"""DQC.US.0107 (acquired intangibles text block with the BusinessAcquisitionAxis) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

BAA = "us-gaap:BusinessAcquisitionAxis"
BLOCK = "us-gaap:ScheduleOfAcquiredFiniteLivedIntangibleAssetsByMajorClassTextBlock"
TEXT = {"decimals": None, "unit": None, "base_type": "string"}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0107"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def test_text_block_with_an_acquisition_member(graph: Graph):
    b = FilingBuilder("t-0107")
    b.fact(BLOCK, "<table>Customer lists 5</table>", dims={BAA: "abc:TargetCoMember"}, fact_id="bad", **TEXT)
    b.fact(BLOCK, "<table>Customer lists 7</table>", fact_id="plain", **TEXT)  # no axis: fine
    b.fact(BLOCK, "<table>x</table>", dims={"srt:ConsolidatedEntitiesAxis": "abc:SubMember"}, fact_id="other", **TEXT)
    b.fact(
        "us-gaap:ScheduleOfFiniteLivedIntangibleAssetsAcquiredAsPartOfBusinessCombinationTextBlock",
        "<table>ok</table>",
        dims={BAA: "abc:TargetCoMember"},
        fact_id="right-block",
        **TEXT,
    )
    b.write(graph)
    results = run(graph, "t-0107")
    assert [(r.sub_rule, r.concept, r.facts[0].fact_id, r.facts[0].context_id, r.reported_value) for r in results] == [
        ("DQC.US.0107.9557", BLOCK, "bad", ctx(b, "bad"), "<table>Customer lists 5</table>")
    ]
    assert results[0].status == "violation" and "ScheduleOfFiniteLivedIntangibleAssetsAcquiredAsPartOfBusinessCombination" in (
        results[0].message
    )
    assert results[0].facts[0].dimensions == [f"{BAA}=abc:TargetCoMember"]


def test_any_form_is_checked(graph: Graph):
    b = FilingBuilder("t-0107-8k", form="8-K")
    b.fact(BLOCK, "text", dims={BAA: "abc:TargetCoMember"}, fact_id="bad", **TEXT)
    b.write(graph)
    assert [(r.status, r.facts[0].fact_id) for r in run(graph, "t-0107-8k")] == [("violation", "bad")]


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    b = FilingBuilder("t-0107-2022", us_gaap_year=2022)
    b.fact(BLOCK, "text", dims={BAA: "abc:TargetCoMember"}, **TEXT)
    b.write(graph)
    [r] = run(graph, "t-0107-2022")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0107 rule data for us-gaap 2022")
