"""The probes of tests/unit/hostile/test_cypher_limits.py against the tests' real server: refused before they are
sent, the server still answers after them, and an EXPLAIN returns the plan and runs nothing."""

from __future__ import annotations

import pytest

from auditgraph.errors import CypherRefused
from auditgraph.graph import Graph
from auditgraph.tools.catalog import call_tool
from auditgraph.tools.cypher_limits import check_adhoc


@pytest.mark.parametrize(
    "query",
    [
        "RETURN size(" + "[" * 500 + "]" * 500 + ")",
        "RETURN " + "(" * 500 + "1" + ")" * 500,
        "RETURN " + "NOT " * 20_000 + "true",
        "WITH 1 AS x " + "WITH x AS x " * 3000 + "RETURN x",
        "PROFILE MATCH (f:Filing) RETURN f.id",
    ],
    ids=["lists-500", "parens-500", "not-20000", "with-3000", "profile"],
)
def test_the_real_server_never_sees_the_probe_and_still_answers(sample_filing_graph: Graph, query: str):
    with pytest.raises(CypherRefused):
        check_adhoc(query)
    out = call_tool(sample_filing_graph, "run_cypher", {"query": query})
    assert out["status"] == "error" and out["message"].startswith("refused: ")
    ok = call_tool(sample_filing_graph, "run_cypher", {"query": "MATCH (f:Filing) RETURN f.id AS id"})
    assert ok["status"] == "ok" and ok["rows"] == [{"id": "smpl-20251231"}]


def test_explain_through_the_real_server_returns_the_plan_and_runs_nothing(sample_filing_graph: Graph):
    from auditgraph.agents.environment import Investigator

    out = call_tool(sample_filing_graph, "run_cypher", {"query": "// why\n/* plan */ EXPLAIN MATCH (f:Filing) RETURN f.id"})
    assert out["status"] == "ok"
    assert [(r["depth"], r["operator"]) for r in out["rows"]] == [
        (0, "ProduceResults"),
        (1, "Projection"),
        (2, "NodeByLabelScan"),
    ]
    assert out["rows"][2]["details"] == "f:Filing"
    same = Investigator(sample_filing_graph).read("EXPLAIN MATCH (f:Filing) RETURN f.id")
    assert same["status"] == "ok" and [r["operator"] for r in same["rows"]] == ["ProduceResults", "Projection", "NodeByLabelScan"]
    # a plan that writes is refused as the query itself would be, and nothing ran
    wipe = call_tool(sample_filing_graph, "run_cypher", {"query": "EXPLAIN MATCH (f:Filing) DETACH DELETE f"})
    assert wipe["status"] == "error" and "only read queries run here" in wipe["message"]
    options_first = call_tool(sample_filing_graph, "run_cypher", {"query": "CYPHER 5 EXPLAIN MATCH (f:Filing) RETURN f.id"})
    assert options_first["status"] == "error" and options_first["message"].startswith(
        "refused: ask for a plan with EXPLAIN as the first word"
    )
    still = call_tool(sample_filing_graph, "run_cypher", {"query": "MATCH (f:Filing) RETURN f.id AS id"})
    assert still["rows"] == [{"id": "smpl-20251231"}]
