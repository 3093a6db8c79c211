"""DQC.US.0074 (nil typed members on the listed typed axes): the graph cannot tell a nil typed member from an empty
one, so an empty member on a listed axis makes the rule not evaluable; a valued member, or an empty one on another
axis, passes."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

INV = "us-gaap:InvestmentIdentifierAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0074"], RuleInput(graph, load_filing_data(graph, fid)))


def test_valued_typed_members_pass(graph: Graph):
    b = FilingBuilder("t-0074")
    b.fact("us-gaap:InvestmentOwnedAtFairValue", "100", dims={INV: "typed:ABC 123"})
    b.fact("us-gaap:InvestmentOwnedAtFairValue", "5", dims={"abc:LoanIdentifierAxis": "typed:"})  # not a listed axis
    b.write(graph)
    assert run(graph, "t-0074") == []


def test_an_empty_member_on_a_listed_axis_is_not_evaluable(graph: Graph):
    b = FilingBuilder("t-0074b")
    fid = b.fact("us-gaap:InvestmentOwnedAtFairValue", "100", dims={INV: "typed:"})
    b.write(graph)
    [r] = run(graph, "t-0074b")
    assert r.status == "not_evaluable" and r.sub_rule == "DQC.US.0074"
    assert "us-gaap:InvestmentOwnedAtFairValue (context c_" in r.reason and INV in r.reason and fid
    [m] = run(graph, "t-0074-missing")
    assert m.status == "not_evaluable" and "no filing 't-0074-missing'" in m.reason
