"""One door to Neo4j: only src/auditgraph/graph.py touches the driver, its read door is read-only by
what Neo4j enforces, and a named query Neo4j rejects fails as QueryFailed naming its .cypher file."""

from __future__ import annotations

import inspect
import io
import tokenize
from pathlib import Path

import neo4j
import pytest
from neo4j.exceptions import AuthError

from auditgraph import queries
from auditgraph.errors import GraphUnavailable, QueryFailed
from auditgraph.graph import READ_TIMEOUT_S, Graph

REPO = Path(__file__).resolve().parent.parent
STAGES = ("src", "loader", "checks", "tools", "agents", "verifier", "eval", "scripts")
DOOR = REPO / "src" / "auditgraph" / "graph.py"
# Names that open or reach a driver, a session or a transaction of one (code only, not prose).
DRIVER_NAMES = {
    "GraphDatabase",
    "Neo4jGraph",
    "execute_query",
    "execute_read",
    "execute_write",
    "begin_transaction",
    "unit_of_work",
}
DRIVER_ATTRIBUTES = {"driver", "_driver", "session"}  # `x.driver`, `x._driver`, `x.session(`


def driver_uses(source: str) -> list[tuple[int, str]]:
    """(line, what) for every driver access in Python source; comments and strings do not count."""
    tokens = [
        t
        for t in tokenize.generate_tokens(io.StringIO(source).readline)
        if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
    ]
    found = []
    for i, tok in enumerate(tokens):
        if tok.type != tokenize.NAME:
            continue
        after_dot = i > 0 and tokens[i - 1].string == "."
        called = i + 1 < len(tokens) and tokens[i + 1].string == "("
        if tok.string in DRIVER_NAMES:
            found.append((tok.start[0], tok.string))
        elif after_dot and tok.string in ("driver", "_driver"):
            found.append((tok.start[0], "." + tok.string))
        elif after_dot and tok.string == "session" and called:
            found.append((tok.start[0], ".session("))
    return found


def test_the_scan_sees_driver_code_and_not_prose():
    src = (
        "g.driver.session(database=None)  # .driver in a comment\n"
        'x = "execute_query in a string"\n'
        "loader.session.model(entry)\n"
        "kg = Neo4jGraph(url=u)._driver\n"
    )
    assert driver_uses(src) == [(1, ".driver"), (1, ".session("), (4, "Neo4jGraph"), (4, "._driver")]


def test_only_graph_py_touches_the_driver():
    files = [p for stage in STAGES for p in sorted((REPO / stage).rglob("*.py")) if p != DOOR]
    assert len(files) > 50  # the stages are all there (a wrong REPO would pass vacuously)
    offenders = [
        f"{p.relative_to(REPO)}:{line}: {what}" for p in files for line, what in driver_uses(p.read_text(encoding="utf-8"))
    ]
    assert offenders == [], "driver use outside src/auditgraph/graph.py (go through Graph):\n" + "\n".join(offenders)


def test_the_read_door_is_read_only_by_neo4j(graph: Graph):
    # db.mark_scratch is a named *write* query (MERGE); Graph.read runs it in a READ transaction
    graph.driver.execute_query("MATCH (m:AuditgraphScratch) DELETE m")
    try:
        with pytest.raises(QueryFailed) as failed:
            graph.read("db.mark_scratch")
        assert graph.read("db.scratch_state")[0]["marked"] is False  # nothing was written
    finally:
        graph.write("db.mark_scratch")  # the write door writes it (and an external test server keeps its mark)
    message = str(failed.value)
    path = queries.get("db.mark_scratch").path  # a test fixture query: tests/cypher/db/mark_scratch.cypher
    assert path.endswith("tests/cypher/db/mark_scratch.cypher")
    assert message.startswith(f"db.mark_scratch ({path}) writes, and Neo4j refused it in a read transaction (")
    assert message.endswith("; run it with Graph.write")
    assert "read access mode" in message.lower()
    assert graph.read("db.scratch_state")[0]["marked"] is True


def test_a_failing_named_query_names_its_file(graph: Graph):
    graph.driver.execute_query("CREATE (:Concept {name: 'Revenues', prefix: 'us-gaap', qname: 'us-gaap:Revenues'})")
    # a map where a prefix string belongs: `$prefix + ':'` is a type error in Neo4j
    with pytest.raises(QueryFailed) as failed:
        graph.read("tools.resolve_concept", local_name="Revenues", prefix={"not": "a string"}, filing_id="F1")
    message = str(failed.value)
    assert message.startswith("tools.resolve_concept (cypher/tools/resolve_concept.cypher) failed in Neo4j: ")
    assert "[Neo.ClientError.Statement." in message and message.endswith("that query file is at fault, report it")
    assert failed.value.exit_code == 4
    rows = graph.read("tools.resolve_concept", local_name="Revenues", prefix="us-gaap", filing_id="F1")
    assert [r["qname"] for r in rows] == ["us-gaap:Revenues"]


def test_credentials_refused_mid_run_are_the_environment_not_a_query(graph: Graph, monkeypatch: pytest.MonkeyPatch):
    # the password changed while a command ran: Neo4j answers the next request with an AuthError (a
    # ClientError), which is exit 3 naming the password to set, never "that query file is at fault" (exit 4)
    def refuse(*_args: object, **_kw: object) -> None:
        raise AuthError("The client is unauthorized due to authentication failure.")

    monkeypatch.setattr(graph.driver, "execute_query", refuse)
    with pytest.raises(GraphUnavailable) as refused:
        graph.read("db.server_version")
    assert "wrong password" in str(refused.value) and refused.value.exit_code == 3


def test_the_door_has_no_handle_that_guesses_read_or_write():
    # one door per mode: a caller says read or write, as the query's header does (no `run` that picks)
    assert not hasattr(Graph, "run")


def test_every_query_returns_the_columns_its_header_declares(graph: Graph):
    # EXPLAIN plans a query without running it (no parameter values, nothing written, even for a
    # write): the columns Neo4j will return are those the header's `returns:` names, in order, so a
    # row's keys are known from the file (Query.columns) and a renamed column cannot drift from it
    drift = {}
    for name, query in queries.shipped().items():
        if query.mode == "script":
            continue
        with graph.driver.session(default_access_mode=neo4j.READ_ACCESS) as session:
            result = session.run("EXPLAIN " + query.text)
            keys = result.keys()
            result.consume()
        if keys != [c for c, _ in query.columns]:
            drift[name] = (keys, query.returns)
    assert drift == {}
    assert queries.get("verify.filing").columns[3] == ("ticker", "STRING")
    assert queries.get("tools.schema_relationships").columns == (("output", "MAP {start STRING, type STRING, end STRING}"),)
    assert queries.get("filing.graph").columns[2] == ("unit", "PATH (Fact-IN_UNIT->Unit)")  # an arrow closes no bracket
    assert queries.get("db.wipe").columns == ()  # returns: nothing


def test_the_server_stops_a_named_read_at_its_timeout(graph: Graph):
    # READ_TIMEOUT_S unless the caller says otherwise
    assert inspect.signature(Graph.read).parameters["timeout"].default == READ_TIMEOUT_S == 60.0
    assert inspect.signature(Graph.read_records).parameters["timeout"].default == READ_TIMEOUT_S
    path = queries.get("db.endless_read").path  # 10^10 rows: minutes on any machine, stopped after 1 s
    with pytest.raises(QueryFailed) as failed:
        graph.read("db.endless_read", timeout=1)
    assert str(failed.value) == (
        f"db.endless_read ({path}) ran longer than its 1 s timeout and the server stopped it; "
        "narrow the request (one filing, one concept)"
    )
    assert failed.value.exit_code == 4


def test_the_read_door_refuses_a_write_whose_header_says_read(graph: Graph):
    graph.driver.execute_query("MATCH (m:AuditgraphScratch) DELETE m")
    try:
        # `// mode: read` on a query that writes: the read door runs it, and Neo4j refuses it there
        with pytest.raises(QueryFailed, match="its header says `mode: read`; make it `mode: write`"):
            graph.read("db.mislabelled_write")
        assert graph.read("db.scratch_state")[0]["marked"] is False
    finally:
        graph.write("db.mark_scratch")  # `// mode: write`: the write door
    assert graph.read("db.scratch_state")[0]["marked"] is True


def test_every_write_handle_names_the_file_of_a_query_neo4j_rejects(graph: Graph):
    path = queries.get("db.note_scratch").path  # tests/cypher/db/note_scratch.cypher
    bad = [{"note": "fine"}, {"note": {"not": "text"}}]  # a map + ' (noted)': a type error in Neo4j

    def in_one_transaction() -> None:
        with graph.transaction() as tx:
            tx.run("db.note_scratch", rows=bad)

    for handle in (
        lambda: graph.write("db.note_scratch", rows=bad),
        lambda: graph.write("db.note_scratch", rows=bad),
        lambda: graph.write_batches("db.note_scratch", bad),
        lambda: graph.write_batches("db.note_scratch", bad, batch_size=1),
        in_one_transaction,
    ):
        with pytest.raises(QueryFailed) as failed:
            handle()
        assert str(failed.value).startswith(f"db.note_scratch ({path}) failed in Neo4j: ")
        assert "[Neo.ClientError.Statement.TypeError]" in str(failed.value)
        assert failed.value.exit_code == 4
    notes = "MATCH (n:ScratchNote) RETURN n.text AS text ORDER BY text"
    # all or nothing per transaction: only write_batches' first one-row batch, the good row, was kept
    assert graph.read_adhoc(notes).rows == [{"text": "fine (noted)"}]
    graph.write("db.note_scratch", rows=[{"note": "more"}])
    assert graph.read_adhoc(notes).rows == [{"text": "fine (noted)"}, {"text": "more (noted)"}]


def test_records_and_rows_are_the_same_read(graph: Graph):
    graph.write("db.mark_scratch")
    records = graph.read_records("db.scratch_state", timeout=30.0)
    assert [r.data() for r in records] == graph.read("db.scratch_state") == [{"has_data": False, "marked": True}]


def test_the_agents_schema_is_langchain_neo4js_without_its_driver(sample_filing_graph: Graph):
    from langchain_neo4j import Neo4jGraph  # the reference only: the environment no longer builds one

    from auditgraph.agents.environment import Investigator

    g = sample_filing_graph
    ours = Investigator(g).schema()
    conn = g.conn
    kg = Neo4jGraph(
        url=conn.uri,
        username=conn.user if conn.password is not None else "",
        password=conn.password if conn.password is not None else "",
        database=g.database,
        sanitize=True,
        refresh_schema=True,
    )
    try:
        assert ours["text"] == kg.schema
        for part in ("node_props", "rel_props", "relationships"):
            assert ours[part] == kg.structured_schema[part]
    finally:
        kg.close()
    assert "Fact" in ours["node_props"] and "(:Filing)-[:HAS_FACT]->(:Fact)" in ours["text"]


def test_langchain_chains_get_a_read_only_store_over_the_same_door(sample_filing_graph: Graph):
    from langchain_neo4j.graphs.graph_store import GraphStore

    from auditgraph.agents.langchain_store import AuditGraphStore
    from auditgraph.errors import CypherRefused

    store = AuditGraphStore(sample_filing_graph)
    assert isinstance(store, GraphStore)  # what GraphCypherQAChain.from_llm(graph=...) accepts
    assert "(:Filing)-[:HAS_FACT]->(:Fact)" in store.get_schema
    assert "Fact" in store.get_structured_schema["node_props"]
    rows = store.query("MATCH (f:Filing {id: $id}) RETURN f.id AS id, f.status AS status", {"id": "smpl-20251231"})
    assert rows == [{"id": "smpl-20251231", "status": "loaded"}]
    before = sample_filing_graph.read("db.node_counts")
    with pytest.raises(CypherRefused):
        store.query("MATCH (f:Filing) SET f.status = 'tampered' RETURN f")
    with pytest.raises(CypherRefused, match="read-only"):
        store.add_graph_documents([])
    assert sample_filing_graph.read("db.node_counts") == before
