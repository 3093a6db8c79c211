"""Ad-hoc Cypher that Neo4j's parser cannot take, refused before it is sent (issue 36, items 5 and 13).

A 1 KB `RETURN size([[[…500 deep…]]])`, 5,000 parentheses, 20,000 NOTs or 3,000 chained WITHs made
Neo4j drop the request with a StackOverflowError while the tool waited out its timeout. Each probe is
tried through `run_cypher` and `investigate_cypher` over a graph that fails the test if it is touched:
the refusal comes from tools/cypher_limits.py, in one line with the limit and the fix. The reads agents
write still pass. The real server still answers after the probes: tests/hostile/test_cypher_limits_neo4j.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from auditgraph.tools.catalog import call_tool
from auditgraph.tools.cypher_limits import MAX_CYPHER_CHARS, MAX_CYPHER_CLAUSES, MAX_CYPHER_DEPTH, check_adhoc, shape


class NoGraph:
    """Fails loudly if a refused query reaches the database."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the query reached the graph ({name})")


def nested_lists(n: int) -> str:
    return "RETURN size(" + "[" * n + "]" * n + ")"


def parens(n: int) -> str:
    return "RETURN " + "(" * n + "1" + ")" * n


def nots(n: int) -> str:
    return "RETURN " + "NOT " * n + "true"


def withs(n: int) -> str:
    return "WITH 1 AS x " + "WITH x AS x " * n + "RETURN x"


def maps(n: int) -> str:
    return "RETURN " + "{a: " * n + "1" + "}" * n


DEEP = "nests {} levels deep"
SIZE = "the query is {} characters; the limit is 8,000"
CLAUSES = "clauses; the limit is 100"
PROFILE = "PROFILE is not run here"

# (id, query, what the one-line refusal says)
PROBES: list[tuple[str, str, str]] = [
    ("lists-500-1KB", nested_lists(500), DEEP.format(501)),
    ("lists-300", nested_lists(300), DEEP.format(301)),
    ("lists-64-in-size", nested_lists(64), DEEP.format(65)),
    ("parens-5000", parens(5000), SIZE.format("10,008")),
    ("parens-500", parens(500), DEEP.format(500)),
    ("parens-65", parens(65), DEEP.format(65)),
    ("not-20000", nots(20_000), SIZE.format("80,011")),
    ("not-1000", nots(1000), DEEP.format(1000)),
    ("not-65", nots(65), DEEP.format(65)),
    ("not-in-parens", "RETURN " + "NOT (" * 40 + "true" + ")" * 40, DEEP.format(80)),
    ("unary-minus-100", "RETURN " + "-" * 100 + "1", DEEP.format(99)),
    ("spaced-minus-70", "RETURN " + "- " * 70 + "1", DEEP.format(69)),
    ("maps-70", maps(70), DEEP.format(70)),
    ("mixed-brackets", "RETURN " + "[(" * 33 + "1" + ")]" * 33, DEEP.format(66)),
    ("with-3000", withs(3000), SIZE.format("36,020")),
    ("with-101", withs(101), CLAUSES),
    ("unwind-150", "UNWIND [1] AS x " * 150 + "RETURN x", CLAUSES),
    ("union-120", " UNION ".join(["RETURN 1 AS x"] * 120), CLAUSES),
    ("long-string", "RETURN '" + "x" * 9000 + "'", SIZE.format("9,009")),
    ("long-comment", "// " + "c" * 9000 + "\nRETURN 1", SIZE.format("9,012")),
    ("profile", "PROFILE MATCH (f:Filing) RETURN f.id", PROFILE),
    ("profile-mixed-case", "PrOfIlE MATCH (f:Filing) RETURN f.id", PROFILE),
    ("profile-leading-space", "\n\t  PROFILE MATCH (f:Filing) RETURN f.id", PROFILE),
    ("profile-cypher-options", "CYPHER planner=cost PROFILE MATCH (f:Filing) RETURN f.id", PROFILE),
]


def via_run_cypher(query: str) -> dict:
    return call_tool(NoGraph(), "run_cypher", {"query": query})  # type: ignore[arg-type]


def via_investigate(query: str) -> dict:
    from auditgraph.agents.environment import Investigator

    return Investigator(NoGraph()).read(query)  # type: ignore[arg-type]


@pytest.mark.parametrize("surface", [via_run_cypher, via_investigate], ids=["run_cypher", "investigate_cypher"])
@pytest.mark.parametrize("query,says", [p[1:] for p in PROBES], ids=[p[0] for p in PROBES])
def test_a_query_the_parser_cannot_take_is_refused_before_it_is_sent(surface, query: str, says: str):
    out = surface(query)
    assert out["status"] == "error", out
    message = out["message"]
    assert message.startswith("refused: ") and says in message, message
    assert "\n" not in message and len(message) < 300
    assert "the limit is" in message or "send the query itself" in message  # the fix is in the line


# Reads agents write: strings, comments and names that look like the probes are not counted.
PASSING = [
    ("brackets-in-strings", "RETURN '((((((' + \"[[[[[[\" + '{{{{' AS s"),
    ("keywords-in-comments", "// EXPLAIN PROFILE\nMATCH (f:Filing) /* PROFILE */ RETURN f.id"),
    ("explain-as-property", "MATCH (f:Filing) WHERE f.explain IS NULL RETURN f.profile"),
    ("explain-as-parameter", "MATCH (f:Filing) WHERE f.id = $explain RETURN f.id"),
    ("backquoted-brackets", "MATCH (f:Filing) RETURN f.id AS `((([[[`"),
    ("pattern-arrows", "MATCH (a)-[:CALC_CHILD]->(b)<-[:HAS]-(c) WHERE NOT (a)-->() RETURN -1, - -2"),
    ("exactly-the-depth", nested_lists(MAX_CYPHER_DEPTH - 1)),
    ("exactly-the-clauses", withs(MAX_CYPHER_CLAUSES - 2)),
    ("exactly-the-size", "RETURN '" + "x" * (MAX_CYPHER_CHARS - 10) + "'"),
    ("subtraction-chain", "RETURN " + " - ".join(["1"] * 500)),
    ("and-chain", "RETURN " + " AND ".join(["true"] * 300)),
    ("escaped-quote", "RETURN 'it\\'s (not' AS s, \"a \\\" [quote\" AS t"),
]


@pytest.mark.parametrize("query", [p[1] for p in PASSING], ids=[p[0] for p in PASSING])
def test_ordinary_reads_pass_the_limits(query: str):
    check_adhoc(query)  # no CypherRefused


def test_the_scan_reports_depth_clauses_and_the_leading_keyword():
    s = shape("CYPHER 5 PROFILE MATCH (f:Filing)-[:HAS]->(x) WITH f, [[1]] AS l RETURN f")
    assert (s.depth, s.clauses, s.lead) == (2, 3, "PROFILE")
    assert shape("RETURN 1 // EXPLAIN").lead is None


EXPLAINS = [
    "EXPLAIN MATCH (f:Filing) RETURN f.id",
    "explain MATCH (f:Filing) RETURN f.id",
    "// why\n/* plan */ EXPLAIN MATCH (f:Filing) RETURN f.id",
    "CYPHER 5 EXPLAIN MATCH (f:Filing) RETURN f.id",
]


@pytest.mark.parametrize("query", EXPLAINS)
def test_an_explain_is_recognised_before_neo4j_sees_it(query: str):
    assert check_adhoc(query) is True
    assert check_adhoc("MATCH (f:Filing) RETURN f.id") is False
