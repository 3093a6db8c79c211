"""DQC.US.0041 (the extension changes a base axis default) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

ROLE = "http://example.com/role/PurchaseObligations"
AXIS = "us-gaap:RecordedUnconditionalPurchaseObligationByCategoryOfItemPurchasedAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0041"])
    return results["0041"]


def defaults_filing(fid: str) -> FilingBuilder:
    b = FilingBuilder(fid)
    b.role(ROLE, "900 - Disclosure - Purchase Obligations (Details)")
    b.def_arc(ROLE, "dimension-default", AXIS, "abc:AllCategoriesMember")  # changed: flagged
    b.def_arc(ROLE, "dimension-default", "us-gaap:StatementBusinessSegmentsAxis", "us-gaap:SegmentDomain")  # the taxonomy's
    b.def_arc(ROLE, "dimension-default", "us-gaap:NoSuchDefaultAxis", "abc:SomeMember")  # an axis without a listed default
    b.def_arc(ROLE, "dimension-default", "abc:ProjectAxis", "abc:AllProjectsMember")  # an extension axis
    return b


def test_0041_flags_a_changed_default_of_a_base_axis(rules_graph: Graph):
    defaults_filing("t-0041").write(rules_graph)
    bad = [r for r in run(rules_graph, "t-0041") if r.status == "violation"]
    assert [(r.sub_rule, r.concept, r.network, r.facts) for r in bad] == [("DQC.US.0041.73", AXIS, ROLE, [])]
    assert "RecordedUnconditionalPurchaseObligationCategoryDomain" in bad[0].message
    assert "abc:AllCategoriesMember" in bad[0].message


def test_0041_refuses_without_the_taxonomy_defaults(graph: Graph):
    defaults_filing("t-0041-nc").write(graph)
    results = run(graph, "t-0041-nc")
    assert [r.status for r in results] == ["not_evaluable"] and "TAXONOMY_DEFAULTS" in results[0].reason
