"""Hostile Cypher against every surface that takes user or agent Cypher (issue 21).

Each attack is tried through the guarded door itself (`Graph.read_adhoc`), the MCP/agent tool
`run_cypher` and the MCP `investigate_cypher` tool, and each must come back refused with the
exact reason, with the database unchanged (node and relationship counts) and the server still
answering. The legitimate reads the old keyword filter refused must run. A loopback listener
stands in for "a server on the network": no attack may reach it.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable, Iterator

import pytest

from auditgraph.errors import CypherRefused
from auditgraph.graph import Graph, check_plan
from auditgraph.tools.catalog import call_tool

F = "smpl-20251231"


@pytest.fixture(scope="module")
def listener() -> Iterator[dict]:
    """A loopback TCP server that records every connection made to it."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    seen = {"port": sock.getsockname()[1], "connections": 0}

    def accept() -> None:
        while True:
            try:
                conn, _ = sock.accept()
            except OSError:
                return
            seen["connections"] += 1
            conn.close()

    threading.Thread(target=accept, daemon=True).start()
    yield seen
    sock.close()


@pytest.fixture(scope="module")
def investigator(sample_filing_graph: Graph) -> Iterator[object]:
    from auditgraph.agents.environment import Investigator

    inv = Investigator(sample_filing_graph)
    yield inv
    inv.close()


def counts(g: Graph) -> tuple[int, int]:
    rec = g.driver.execute_query(
        "MATCH (n) WITH count(n) AS n CALL () { MATCH ()-[r]->() RETURN count(r) AS r } RETURN n, r"
    ).records[0]
    return rec["n"], rec["r"]


def via_graph(g: Graph, inv: object, query: str, **kw) -> str:
    try:
        g.read_adhoc(query, kw.get("params"), limit=kw.get("limit", 100), timeout=kw.get("timeout", 10.0))
    except CypherRefused as exc:
        return str(exc)
    return "ran"


def via_run_cypher(g: Graph, inv: object, query: str, **kw) -> str:
    args = {
        "query": query,
        "params": kw.get("params") or {},
        "limit": kw.get("limit", 100),
        "timeout_seconds": kw.get("timeout", 10.0),
    }
    out = call_tool(g, "run_cypher", args)
    json.dumps(out)
    return out["message"] if out["status"] == "error" else "ran"


def via_investigate(g: Graph, inv: object, query: str, **kw) -> str:
    out = inv.read(query, kw.get("params") or {}, kw.get("limit", 100))  # type: ignore[attr-defined]
    json.dumps(out)
    return out["message"] if out["status"] == "error" else "ran"


SURFACES: dict[str, Callable[..., str]] = {
    "read_adhoc": via_graph,
    "run_cypher": via_run_cypher,
    "investigate_cypher": via_investigate,
}

# (query, the refusal's exact wording); {url} is the loopback listener.
ATTACKS = [
    # writes, however spelled
    ("CREATE (:Probe)", "the planner says this query writes (query type 'w')"),
    ("MATCH (f:Filing) SET f.x = 1 RETURN f", "reads and writes (query type 'rw')"),
    ("MATCH (n) DETACH DELETE n", "the planner says this query writes (query type 'w')"),
    ("MERGE (p:Probe {id: 1}) RETURN p", "reads and writes (query type 'rw')"),
    ("MATCH (f:Filing) REMOVE f.id RETURN f", "reads and writes (query type 'rw')"),
    ("MATCH (f:Filing) FOREACH (x IN [1] | SET f.y = x)", "writes (query type 'w')"),
    ("cReAtE (:Probe)", "writes (query type 'w')"),
    ("MATCH (f:Filing) CALL (f) { SET f.z = 1 } RETURN f", "reads and writes (query type 'rw')"),
    ("UNWIND range(1, 3) AS i CREATE (:Probe {i: i})", "writes (query type 'w')"),
    ("CALL { MATCH (n) RETURN n } IN TRANSACTIONS RETURN n", "the plan uses 'TransactionApply'"),
    ("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS", "writes (query type 'w')"),
    # schema and administration
    ("CREATE INDEX probe_idx FOR (n:Probe) ON (n.x)", "changes the schema or administers the server (query type 's')"),
    ("DROP CONSTRAINT filing_id IF EXISTS", "changes the schema or administers the server (query type 's')"),
    ("SHOW USERS", "changes the schema or administers the server (query type 's')"),
    ("SHOW DATABASES", "changes the schema or administers the server (query type 's')"),
    ("SHOW CURRENT USER", "changes the schema or administers the server (query type 's')"),
    ("CREATE USER probe SET PASSWORD 'probe-probe-1'", "changes the schema or administers the server (query type 's')"),
    ("STOP DATABASE neo4j", "refused: Neo4j rejected the query: Unsupported administration command: STOP DATABASE neo4j"),
    ("SHOW TRANSACTIONS", "the plan uses 'ShowTransactions'"),
    ("TERMINATE TRANSACTIONS 'neo4j-transaction-1'", "the plan uses 'TerminateTransactions'"),
    (
        "SHOW TRANSACTIONS YIELD transactionId AS t TERMINATE TRANSACTIONS t YIELD message RETURN message",
        "the plan uses 'TerminateTransactions'",
    ),
    ("SHOW SETTINGS", "the plan uses 'ShowSettings'"),
    ("CALL dbms.listConfig()", "changes the schema or administers the server (query type 's')"),
    ("CALL `dbms`.`listConfig`()", "changes the schema or administers the server (query type 's')"),
    ("CALL dbms . listConfig ( )", "changes the schema or administers the server (query type 's')"),
    ("CALL dbms.components()", "changes the schema or administers the server (query type 's')"),
    ("CALL dbms.listConnections()", "changes the schema or administers the server (query type 's')"),
    ("CALL db.clearQueryCaches()", "refused"),
    ("CALL db.createLabel('Probe')", "refused"),
    # server-side requests
    ("LOAD CSV FROM '{url}/a.csv' AS row RETURN row", "the plan uses 'LoadCSV'"),
    ("load csv with headers from '{url}/a.csv' as row return row", "the plan uses 'LoadCSV'"),
    ("LOAD CSV FROM 'file:///etc/passwd' AS row RETURN row", "the plan uses 'LoadCSV'"),
    (
        "CALL apoc.load.json('{url}/x.json')",
        "There is no procedure with the name `apoc.load.json` || procedure 'apoc.load.json' is not on the read-only allowlist",
    ),
    (
        "CALL `apoc`.`load`.`json`('{url}/x.json')",
        "There is no procedure with the name `apoc.load.json` || procedure 'apoc.load.json' is not on the read-only allowlist",
    ),
    (
        "CALL apoc . load . json ('{url}/x.json')",
        "There is no procedure with the name `apoc.load.json` || procedure 'apoc.load.json' is not on the read-only allowlist",
    ),
    (
        "CALL apoc.load.xml('{url}/x.xml')",
        "There is no procedure with the name `apoc.load.xml` || procedure 'apoc.load.xml' is not on the read-only allowlist",
    ),
    (
        "CALL apoc.load.jsonParams('{url}/x.json', {}, null)",
        "There is no procedure with the name `apoc.load.jsonParams` || procedure 'apoc.load.jsonParams' is not on the read-only allowlist",
    ),
    (
        "CALL apoc.import.csv([{fileName: '{url}/n.csv', labels: ['P']}], [], {})",
        "There is no procedure with the name `apoc.import.csv` || procedure 'apoc.import.csv' is not on the read-only allowlist",
    ),
    (
        "CALL apoc.export.csv.all('out.csv', {})",
        "There is no procedure with the name `apoc.export.csv.all` || procedure 'apoc.export.csv.all' is not on the read-only allowlist",
    ),
    (
        "CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'DETACH DELETE n', {})",
        "There is no procedure with the name `apoc.periodic.iterate` || procedure 'apoc.periodic.iterate' is not on the read-only allowlist",
    ),
    (
        "CALL apoc.cypher.runWrite('CREATE (:Probe)', {})",
        "There is no procedure with the name `apoc.cypher.runWrite` || procedure 'apoc.cypher.runWrite' is not on the read-only allowlist",
    ),
    ("CALL apoc.meta.data()", "refused: procedure 'apoc.meta.data' is not on the read-only allowlist"),
    (
        "RETURN apoc.util.sha1(['x']) AS h",
        "Unknown function 'apoc.util.sha1' || function 'apoc.util.sha1' is not on the read-only allowlist",
    ),
    (
        "RETURN apoc.text.urlencode('x') AS h",
        "Unknown function 'apoc.text.urlencode' || function 'apoc.text.urlencode' is not on the read-only allowlist",
    ),
    # resource exhaustion: refused by the server's limits, the server lives on
    (
        "RETURN size([x IN range(1, 2000000000) | toString(x)]) AS n",
        "refused: the query needs more memory than one transaction may use",
    ),
    (
        "UNWIND range(1, 50000000) AS i RETURN size(collect(toString(i) + '" + "x" * 2000 + "')) AS n",
        "refused: the query needs more memory than one transaction may use",
    ),
    # malformed
    ("MATCH (n RETURN n", "refused: Neo4j rejected the query: Invalid input"),
    ("", "refused: the query is empty"),
    ("   ", "refused: the query is empty"),
    ("RETURN $missing AS x", "refused: Neo4j rejected the query: Expected parameter(s): missing"),
    ("MATCH (n) RETURN n; CREATE (:Probe)", "refused: Neo4j rejected the query"),
]


@pytest.mark.parametrize("surface", list(SURFACES))
@pytest.mark.parametrize("query,reason", ATTACKS, ids=[f"attack{i:02d}" for i in range(len(ATTACKS))])
def test_attack_is_refused_and_changes_nothing(
    sample_filing_graph: Graph, neo4j_connection, investigator, listener, surface, query, reason
):
    g = sample_filing_graph
    if "memory" in reason and neo4j_connection.external:
        pytest.skip("memory attacks need the server auditgraph configures (no exit on OOM); NEO4J_URI is another one")
    before = counts(g)
    message = SURFACES[surface](g, investigator, query.replace("{url}", f"http://127.0.0.1:{listener['port']}"))
    # "A || B": A on the server auditgraph configures (APOC's loaders are not even loaded), B on any other
    assert message.startswith("refused") and any(r in message for r in reason.split(" || ")), message
    assert counts(g) == before
    assert [(r["id"], r["status"]) for r in g.read("tools.filing", filing_id=F)] == [(F, "loaded")]  # still answers
    assert listener["connections"] == 0


def test_a_long_query_is_stopped_by_its_timeout(sample_filing_graph: Graph, investigator):
    msg = via_run_cypher(
        sample_filing_graph, investigator, "UNWIND range(1, 100000000000) AS i WITH i WHERE i < 0 RETURN i", timeout=1
    )
    assert msg == "refused: the query ran longer than 1 s and the server stopped it; add LIMIT or narrow it"
    assert [(r["id"], r["status"]) for r in sample_filing_graph.read("tools.filing", filing_id=F)] == [(F, "loaded")]


# Reads that must keep working (the keyword filter refused the first two kinds), with their rows.
LEGIT = [
    ("MATCH (f:Filing) RETURN f.id AS id", [{"id": F}]),
    ("MATCH (p:Period) WHERE p.kind = 'duration' RETURN p.start AS start ORDER BY start LIMIT 1", [{"start": "2024-01-01"}]),
    ("// CREATE (:Probe) would write\nMATCH (f:Filing) RETURN count(f) AS n", [{"n": 1}]),
    ("MATCH (f:Filing) /* DELETE, SET, MERGE */ RETURN f.id AS id", [{"id": F}]),
    ("MATCH (f:Filing) WHERE f.id <> 'CREATE (:X)' RETURN count(*) AS n", [{"n": 1}]),
    ("RETURN 'LOAD CSV FROM x' AS text, 'apoc.load.json(1)' AS t2", [{"text": "LOAD CSV FROM x", "t2": "apoc.load.json(1)"}]),
    ("MATCH (f:Filing) RETURN f.id AS `set`, f.id AS `create`", [{"set": F, "create": F}]),
    ("RETURN date('2023-12-31') AS d", [{"d": "2023-12-31"}]),
    ("RETURN datetime('2024-01-02T03:04:05Z') AS t", [{"t": "2024-01-02T03:04:05.000000000+00:00"}]),
    (
        "RETURN localdatetime('2024-01-02T03:04:05') AS t, time('10:00+01:00') AS u",
        [{"t": "2024-01-02T03:04:05.000000000", "u": "10:00:00.000000000+01:00"}],
    ),
    (
        "RETURN duration('P1Y2M3DT4H') AS d, duration.between(date('2024-01-01'), date('2024-03-01')) AS e",
        [{"d": "P1Y2M3DT4H", "e": "P2M"}],
    ),
    (
        "RETURN point({x: 1, y: 2}) AS p, point({latitude: 50.1, longitude: 8.7}) AS q",
        [{"p": {"srid": 7203, "coordinates": [1.0, 2.0]}, "q": {"srid": 4326, "coordinates": [8.7, 50.1]}}],
    ),
    ("RETURN 0.0 / 0.0 AS nan, 1.0 / 0.0 AS inf", [{"nan": "NaN", "inf": "Infinity"}]),
    ("RETURN {a: [1, 'x', null, true]} AS m", [{"m": {"a": [1, "x", None, True]}}]),
    ("MATCH (f:Filing) RETURN f {.id} AS f", [{"f": {"id": F}}]),
    ("MATCH (f:Filing) WHERE f.id = $id RETURN f.id AS id", [{"id": F}]),
    ("CALL db.labels() YIELD label WHERE label = 'Filing' RETURN label", [{"label": "Filing"}]),
    ("CALL db.relationshipTypes() YIELD relationshipType WITH count(*) AS n RETURN n > 0 AS some", [{"some": True}]),
    ("SHOW INDEXES YIELD name WHERE name = 'no such index' RETURN name", []),
    ("RETURN apoc.version() STARTS WITH '5.' AS apoc", [{"apoc": True}]),
    ("RETURN apoc.coll.sum([1, 2, 3]) AS s", [{"s": 6.0}]),
    ("UNWIND range(1, 5) AS i WITH i WHERE i % 2 = 1 RETURN collect(i) AS odd", [{"odd": [1, 3, 5]}]),
    ("MATCH (f:Filing) OPTIONAL MATCH (f)-[:NO_SUCH]->(x) RETURN f.id AS id, x", [{"id": F, "x": None}]),
    ("MATCH (f:Filing) CALL (f) { RETURN f.id AS inner } RETURN inner", [{"inner": F}]),
    ("RETURN EXISTS { MATCH (:Filing) } AS any", [{"any": True}]),
    ("RETURN COUNT { MATCH (:Filing) } AS n", [{"n": 1}]),
    ("MATCH (f:Filing) RETURN f.id AS id UNION MATCH (f:Filing) RETURN f.id AS id", [{"id": F}]),
]


@pytest.mark.parametrize("query,rows", LEGIT, ids=[f"read{i:02d}" for i in range(len(LEGIT))])
def test_legitimate_read_runs_with_json_rows(sample_filing_graph: Graph, investigator, query, rows):
    g = sample_filing_graph
    params = {"id": F} if "$id" in query else None
    assert g.read_adhoc(query, params).rows == rows
    out = call_tool(g, "run_cypher", {"query": query, "params": params or {}})
    assert out["rows"] == rows and out["status"] == ("ok" if rows else "no_data"), out
    inv = investigator.read(query, params or {})
    assert json.loads(json.dumps(inv))["rows"] == rows, inv


def test_nodes_relationships_and_paths_serialise(sample_filing_graph: Graph, investigator):
    q = "MATCH p = (f:Filing)-[r]->(x) RETURN f, r, p LIMIT 1"
    for out in (call_tool(sample_filing_graph, "run_cypher", {"query": q}), investigator.read(q)):
        row = json.loads(json.dumps(out))["rows"][0]
        assert row["f"]["id"] == F and row["f"]["_labels"] == ["Filing"]
        assert isinstance(row["r"]["_type"], str)
        assert [n["_labels"] for n in row["p"]["nodes"]][0] == ["Filing"] and len(row["p"]["relationships"]) == 1


def test_rows_are_streamed_and_cut_at_the_limit(sample_filing_graph: Graph, investigator):
    q = "UNWIND range(1, 1000000000) AS i RETURN i"  # a billion rows: only the first few are ever pulled
    out = sample_filing_graph.read_adhoc(q, limit=3)
    assert [r["i"] for r in out.rows] == [1, 2, 3] and out.truncated == "rows"
    assert investigator.read(q, {}, 2) == {
        "status": "ok",
        "rows": [{"i": 1}, {"i": 2}],
        "row_count": 2,
        "message": "first 2 rows only; add LIMIT or narrow the query",
    }
    assert (
        call_tool(sample_filing_graph, "run_cypher", {"query": q, "limit": 5})["message"]
        == "first 5 rows only; add LIMIT or narrow the query"
    )


def test_wide_rows_are_cut_at_the_byte_limit(sample_filing_graph: Graph):
    wide = "UNWIND range(1, 100) AS i RETURN i, $pad AS pad"  # 100 rows of 56 kB: 5.6 MB
    out = call_tool(sample_filing_graph, "run_cypher", {"query": wide, "params": {"pad": "0123456" * 8000}})
    assert len(json.dumps(out["rows"])) <= 1_000_000 and len(out["rows"]) == 17
    assert out["message"] == "first 17 rows only (the result passed 1,000,000 bytes); return fewer columns or rows"
    small = sample_filing_graph.read_adhoc("UNWIND range(1, 10) AS i RETURN i", max_bytes=30)
    assert [r["i"] for r in small.rows] == [1, 2, 3] and small.truncated == "bytes"  # {"i": 1} is 8 bytes


@pytest.mark.parametrize(
    "plan,reason",
    [
        ({"operatorType": "Create@neo4j"}, "the plan uses 'Create'"),
        ({"operatorType": "ProduceResults@neo4j", "children": [{"operatorType": "LoadCSV@neo4j"}]}, "the plan uses 'LoadCSV'"),
        (
            {
                "operatorType": "ProduceResults@neo4j",
                "children": [
                    {
                        "operatorType": "ProcedureCall@neo4j",
                        "args": {"Details": "apoc.load.json($autostring_0) :: (value :: MAP)"},
                    }
                ],
            },
            "procedure 'apoc.load.json'",
        ),
        (
            {"operatorType": "Projection@neo4j", "args": {"Details": "apoc.text.urlencode($autostring_0) AS x"}},
            "function 'apoc.text.urlencode'",
        ),
        ({"operatorType": "ShowUsers@system"}, "runs on the system database"),
        ({"operatorType": "TransactionForeach@neo4j"}, "the plan uses 'TransactionForeach'"),
        (None, "returned no plan"),
    ],
)
def test_plan_check_on_its_own(plan, reason):
    with pytest.raises(CypherRefused, match=reason.replace("(", r"\(").replace(")", r"\)")):
        check_plan("r", plan, ["apoc.text.urlencode"])


def test_a_plug_in_function_in_a_string_or_alias_is_not_a_call():
    alias = {"operatorType": "Projection@neo4j", "args": {"Details": "$autostring_0 AS `apoc.text.urlencode(x)`"}}
    assert check_plan("r", alias, ["apoc.text.urlencode"]) is None  # passes: only a name, no call
    call = {"operatorType": "Projection@neo4j", "args": {"Details": "apoc.text.urlencode($autostring_0) AS x"}}
    with pytest.raises(CypherRefused, match="function 'apoc.text.urlencode'"):
        check_plan("r", call, ["apoc.text.urlencode"])
