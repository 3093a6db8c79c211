"""DQC.US.0150 (segment disclosures) on hand-built filings: sums over segments, the operating-segments member, refusals."""

from __future__ import annotations

from typing import Any

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

SEG = "http://example.com/role/SegmentInformationDetails"
SEG_AXIS = "us-gaap:StatementBusinessSegmentsAxis"
CONS_AXIS = "srt:ConsolidationItemsAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0150"])
    return results["0150"]


def found(results: list[CheckResult]) -> list[tuple[str, str | None, list[tuple[str, str | None, str | None]]]]:
    return sorted(
        (r.sub_rule, r.concept, [(f.concept, f.fact_id, f.value) for f in r.facts]) for r in results if r.status == "violation"
    )


def segment_filing(fid: str, a: str, b: str, concept: str = "us-gaap:Revenues", **kw: Any) -> FilingBuilder:
    f = FilingBuilder(fid, **kw)
    f.role(SEG, "9954 - Disclosure - Segment Information (Details)")
    f.cube(SEG, [concept], SEG_AXIS, "us-gaap:SegmentDomain", {"abc:AlphaMember": None, "abc:BetaMember": None})
    f.fact(concept, "1000", decimals="0", fact_id="total")
    f.fact(concept, a, decimals="0", dims={SEG_AXIS: "abc:AlphaMember"}, fact_id="alpha")
    f.fact(concept, b, decimals="0", dims={SEG_AXIS: "abc:BetaMember"}, fact_id="beta")
    return f


def test_0150_9877_segments_adding_to_more_than_the_total(rules_graph: Graph):
    segment_filing("t-0150", "700", "400").write(rules_graph)
    results = run(rules_graph, "t-0150")
    assert found(results) == [("DQC.US.0150.9877", "us-gaap:Revenues", [("us-gaap:Revenues", "alpha", "700")])]
    r = results[0]
    assert (r.expected_value, r.difference, r.network) == ("1000", "100", SEG)
    assert "1100" in r.message and "beta" not in r.message and "400" in r.message


def test_0150_9877_narrow_misses(rules_graph: Graph):
    # 1002 against 1000 with decimals 0: within two rounding units
    segment_filing("t-0150-tol", "700", "302").write(rules_graph)
    assert found(run(rules_graph, "t-0150-tol")) == []
    # line items named ...IncomeLoss... are left out
    segment_filing("t-0150-il", "700", "400", concept="us-gaap:OperatingIncomeLoss").write(rules_graph)
    assert found(run(rules_graph, "t-0150-il")) == []
    # a role that is not a segment disclosure is not read
    f = segment_filing("t-0150-role", "700", "400")
    f.roles[0]["definition"] = "9954 - Statement - Segment Information"
    f.write(rules_graph)
    assert found(run(rules_graph, "t-0150-role")) == []


def operating_filing(fid: str, with_operating: bool) -> FilingBuilder:
    f = FilingBuilder(fid)
    f.role(SEG, "9954 - Disclosure - Segment Information (Details)")
    f.cube(SEG, ["us-gaap:InterestExpense"], SEG_AXIS, "us-gaap:SegmentDomain", {"abc:AlphaMember": None})
    f.cube(
        SEG,
        ["us-gaap:InterestExpense"],
        CONS_AXIS,
        "srt:ConsolidationItemsDomain",
        {"us-gaap:OperatingSegmentsMember": None, "us-gaap:MaterialReconcilingItemsMember": None},
    )
    f.fact(
        "us-gaap:InterestExpense", "50", decimals="0", dims={CONS_AXIS: "us-gaap:MaterialReconcilingItemsMember"}, fact_id="recon"
    )
    f.fact("us-gaap:InterestExpense", "100", decimals="0", dims={SEG_AXIS: "abc:AlphaMember"}, fact_id="seg")
    if with_operating:
        dims = {SEG_AXIS: "abc:AlphaMember", CONS_AXIS: "us-gaap:OperatingSegmentsMember"}
        f.fact("us-gaap:InterestExpense", "100", decimals="0", dims=dims, fact_id="op")
    return f


def test_0150_9878_reconciling_items_without_an_operating_segments_member(rules_graph: Graph):
    operating_filing("t-0150-op", with_operating=False).write(rules_graph)
    results = run(rules_graph, "t-0150-op")
    assert found(results) == [("DQC.US.0150.9878", "us-gaap:InterestExpense", [("us-gaap:InterestExpense", "recon", "50")])]
    assert "OperatingSegmentsMember" in results[0].message and "100" in results[0].message


def test_0150_9878_operating_segments_member_present(rules_graph: Graph):
    operating_filing("t-0150-op-ok", with_operating=True).write(rules_graph)
    assert found(run(rules_graph, "t-0150-op-ok")) == []


def test_0150_refuses_without_constants(graph: Graph):
    segment_filing("t-0150-nc", "700", "400").write(graph)
    results = run(graph, "t-0150-nc")
    assert [r.status for r in results] == ["not_evaluable"]
    assert "NON_NEG_ITEMS" in results[0].reason
