"""The ground every other part stands on: the query registry, config, the server, the CLI."""

from __future__ import annotations

import json
import os
import re
import stat
import urllib.request
from importlib.resources import files

import pytest
from click.testing import CliRunner

from auditgraph import config, queries
from auditgraph.cli import cli
from auditgraph.config import Connection
from auditgraph.errors import GraphUnavailable, QueryFileError, QueryParamError, UnknownQueryError
from auditgraph.graph import BackgroundTx, Graph


def test_every_shipped_query_parses_and_names_match_paths():
    reg = queries.shipped()
    assert "schema.constraints" in reg and "db.node_counts" in reg
    assert [q.name for q in reg.values() if q.path != f"cypher/{q.name.replace('.', '/')}.cypher"] == []


def test_no_query_tests_an_indexed_property_by_suffix_or_substring():
    """Neo4j 5.26.12 sometimes plans `f.concept_key ENDS WITH '#DocumentType'` as a suffix query on the RANGE index
    `fact_concept` and then fails it ("A STRING_SUFFIX predicate is not allowed for a RANGE index"), depending on
    the statistics of the moment (it failed `auditgraph demo` once, in CI, after a wipe). Such tests go through a
    function (`split(f.concept_key, '#')[1] = 'DocumentType'`), which no index can answer."""
    schema = queries.get("schema.constraints").text
    indexed = set(re.findall(r"\bn\.(\w+)", schema)) | set(re.findall(r"\br\.(\w+)", schema))
    assert {"concept_key", "name", "key", "filing_id"} <= indexed
    suffix = re.compile(r"\b\w+\.(\w+)\s+(?:ENDS WITH|CONTAINS)\b")
    found = [(q.path, m.group(0)) for q in queries.registry().values() for m in suffix.finditer(q.text) if m.group(1) in indexed]
    assert found == []


def test_test_fixtures_are_served_but_not_shipped():
    """tests/conftest.py adds tests/cypher: its writes run by name, but the package does not ship them."""
    fixtures = {
        "verify.fixture_filing",
        "verify.fixture_facts",
        "verify.fixture_calc",
        "verify.fixture_text_facts",
        "checks.build_filing",
        "checks.build_concepts",
        "checks.build_roles",
        "checks.build_facts",
        "checks.build_calc_arcs",
        "checks.build_def_arcs",
        "checks.build_pres_arcs",
        "checks.build_dqc_lists",
        "db.mark_scratch",
        "db.scratch_state",
        "db.note_scratch",  # tests/test_one_door.py: the write handles name the file of a query Neo4j rejects
        "db.endless_read",  # ... the server stops a named read at its timeout
        "db.mislabelled_write",  # ... `run` sends a query whose header says read to the read door
        "fingerprint.nodes",  # scripts/graph_fingerprint.py: two loads give the same graph
        "fingerprint.edges",
        "rules.negative_facts",  # tests/test_rulebook.py: a toy structural rule
        "load.filing_retire",  # tests/test_filing_loads.py: a replaced version as loaders before 2026-12-07 left it
    }
    assert fixtures & queries.shipped().keys() == set()
    assert queries.registry().keys() - queries.shipped().keys() == fixtures
    assert queries.get("verify.fixture_calc").path.endswith("tests/cypher/verify/fixture_calc.cypher")
    assert queries.get("verify.fixture_calc").mode == "write"


def test_an_extra_query_directory_cannot_shadow_a_shipped_query(tmp_path):
    (tmp_path / "db").mkdir()
    (tmp_path / "db" / "wipe.cypher").write_text(
        "// name: db.wipe\n// summary: s\n// mode: write\n// returns: nothing\nMATCH (n) DETACH DELETE n"
    )
    with pytest.raises(QueryFileError, match=r"db\.wipe already shipped in cypher/; rename the extra file"):
        queries.add_directory(tmp_path)
    assert queries.get("db.wipe").path == "cypher/db/wipe.cypher"
    with pytest.raises(QueryFileError, match="no such query directory"):
        queries.add_directory(tmp_path / "absent")


def test_queries_command_lists_read_queries_by_family_at_80_columns():
    out = CliRunner().invoke(cli, ["queries"])  # not a terminal: rich renders 80 columns
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert [ln.split(":")[0] for ln in lines if ln[:1].isalpha()] == [
        "tools",
        "checks",
        "dqc",
        "verify",
        "filing",
        "taxonomy",
        "eval",
        "db",
    ]
    reads = [q for q in queries.shipped().values() if q.mode == "read"]
    assert [q.name for q in reads if f"│ {q.name} " not in out.output] == []  # every name whole, on one line
    assert "│   $filing_id STRING " in out.output and "│   $dims LIST<STRING> " in out.output
    assert "db.wipe" not in out.output and "load.filing_facts" not in out.output and "fixture" not in out.output

    everything = CliRunner().invoke(cli, ["queries", "--all"]).output
    assert "│ db.wipe " in everything and "│ load.filing_facts " in everything and "│ schema.constraints " in everything
    assert "fixture" not in everything and "build_" not in everything

    fams = json.loads(CliRunner().invoke(cli, ["queries", "--json"]).output)
    assert {f["family"]: len(f["queries"]) for f in fams} == {
        "tools": 14,  # 11 catalog reads + the 3 schema samplings of get_graph_schema
        "checks": 14,  # + checks.fact_periods (what --concept/--period may name), the DQCRT constants and their years
        "dqc": sum(1 for f in files("auditgraph.cypher").joinpath("dqc").iterdir() if f.name.endswith(".cypher")),  # families
        "verify": 15,  # + text_blocks (--narrative), the 4 member queries (a part of the company), numeric_facts (tie-outs)
        "filing": 9,  # + filing.graph (the Browser guide's graph view), filing.coverage, filing.retired (versions to purge)
        "taxonomy": 9,  # + taxonomy.concept_keys (what a reload wrote in place), dqc_rules (the guide's DQC slide)
        "eval": 3,  # loaded_filings, fact_location, copies (what build-cases wrote)
        "db": 7,  # + db.databases (naming them when NEO4J_DATABASE is unknown), db.indexes (ensure_schema)
    }
    facts = next(q for f in fams for q in f["queries"] if q["name"] == "tools.facts")
    assert [(p["name"], p["type"]) for p in facts["params"]] == [("filing_id", "STRING"), ("key", "STRING"), ("qname", "STRING")]
    assert facts["mode"] == "read" and facts["path"] == "cypher/tools/facts.cypher"


def test_query_header_must_declare_exactly_the_parameters_used():
    src = "// name: t.q\n// summary: s\n// mode: read\n// returns: x\nRETURN $a AS x"
    with pytest.raises(QueryFileError, match=r"undeclared parameter\(s\) a"):
        queries.parse_query("t.q", src, "cypher/t/q.cypher")
    ok = queries.parse_query("t.q", src.replace("// returns", "// param a: INTEGER the a\n// returns"), "p")
    assert [(p.name, p.type) for p in ok.params] == [("a", "INTEGER")]
    with pytest.raises(QueryParamError, match=r"missing \$a \(INTEGER\)"):
        ok.check_params({})


def test_unknown_query_suggests_close_names():
    with pytest.raises(UnknownQueryError, match="did you mean db.node_counts"):
        queries.get("db.node_count")


def test_every_query_compiles_and_the_planner_agrees_with_its_mode(graph: Graph):
    """EXPLAIN plans without running: a `read` header must plan as read-only (type "r"), a `write` as a write."""
    planned: dict[str, str] = {}
    with graph.driver.session() as s:
        for q in queries.registry().values():
            if q.mode != "script":
                planned[q.name] = s.run("EXPLAIN " + q.text, {p.name: None for p in q.params}).consume().query_type
    assert len(planned) == len(queries.registry()) - 1  # every query but schema.constraints, the one script
    # CALL dbms.components() is a DBMS procedure: the planner types it "s" although it only reads.
    assert planned.pop("db.server_version") == "s"
    assert planned.pop("db.databases") == "s"  # SHOW DATABASES is an administration command, read only
    assert planned.pop("db.mislabelled_write") == "w"  # a fixture whose header lies on purpose (test_one_door.py)
    assert {n for n, t in planned.items() if t != "r"} == {q.name for q in queries.registry().values() if q.mode == "write"}
    assert {planned[n] for n, q in queries.registry().items() if q.mode == "write"} <= {"w", "rw"}


def test_schema_is_idempotent_and_counts_come_back(graph: Graph):
    assert graph.run_script("schema.constraints") == graph.run_script("schema.constraints")
    graph.driver.execute_query("CREATE (:Release {key: 'us-gaap/2025'}), (:Release {key: 'srt/2025'})")
    counts = {r["label"]: r["count"] for r in graph.read("db.node_counts")}
    assert counts["Release"] == 2
    assert graph.read("db.server_version")[0]["version"].startswith("5.26")


def test_the_schema_is_checked_in_one_query_and_what_is_missing_is_created(graph: Graph):
    """`open_graph(writes=True)` runs this for every writing command: nothing runs when all is there."""
    graph.ensure_schema()
    assert graph.ensure_schema() == 0
    graph.driver.execute_query("DROP INDEX concept_name")
    graph.driver.execute_query("DROP CONSTRAINT load_claim_key")
    assert graph.ensure_schema() == 25  # the whole idempotent script (13 constraints, 12 indexes), once
    present = {(r["name"], r["constraint"]) for r in graph.read("db.indexes")}
    assert {("concept_name", None), ("load_claim_key", "load_claim_key")} <= present
    assert graph.ensure_schema() == 0


def test_a_background_transaction_is_all_or_nothing(graph: Graph):
    """Statements queued from this thread run in one transaction on a worker thread."""
    graph.run_script("schema.constraints")
    concept = {"key": "http://example.com/x#A", "namespace": "http://example.com/x", "name": "A", "qname": "x:A", "year": None}
    btx = BackgroundTx(graph)
    btx.run("load.placeholders", rows=[concept])
    btx.run("load.filing_begin", props={"id": "bg-1"})
    btx.finish(commit=True)
    btx.wait()
    count = "MATCH (n) WHERE n:Concept OR n:Filing RETURN count(n) AS n"
    assert graph.driver.execute_query(count).records[0]["n"] == 2
    graph.driver.execute_query("MATCH (n) WHERE n:Concept OR n:Filing DETACH DELETE n")

    btx = BackgroundTx(graph)
    btx.run("load.placeholders", rows=[concept])
    btx.run("load.filing_begin", props={"id": "bg-2"})
    btx.run("load.filing_begin", props={"id": "bg-2"})  # breaks the unique Filing id
    btx.finish(commit=True)
    with pytest.raises(Exception, match="already exists"):
        btx.wait()
    assert graph.driver.execute_query(count).records[0]["n"] == 0


def test_a_background_transaction_says_when_only_its_commit_is_left(graph: Graph):
    """`wait_committing` returns once the worker has sent everything and waits on the commit, and
    also when the transaction failed or was rolled back: a caller waiting on it never hangs."""
    graph.run_script("schema.constraints")
    count = "MATCH (f:Filing) WHERE f.id STARTS WITH 'bg-c' RETURN count(f) AS n"
    btx = BackgroundTx(graph)
    btx.run("load.filing_begin", props={"id": "bg-c1"})
    btx.finish(commit=True)
    btx.wait_committing()
    btx.wait()
    assert graph.driver.execute_query(count).records[0]["n"] == 1

    btx = BackgroundTx(graph)
    btx.run("load.filing_begin", props={"id": "bg-c1"})  # already there: the transaction fails
    btx.finish(commit=True)
    btx.wait_committing()
    with pytest.raises(Exception, match="already exists"):
        btx.wait()

    btx = BackgroundTx(graph)
    btx.run("load.filing_begin", props={"id": "bg-c2"})
    btx.abort()
    btx.wait_committing()
    assert graph.driver.execute_query(count).records[0]["n"] == 1


def test_apoc_is_installed(graph: Graph):
    records, _, _ = graph.driver.execute_query("RETURN apoc.version() AS v")
    assert records[0]["v"].startswith("5.26")


def test_browser_is_served(neo4j_connection: Connection):
    if neo4j_connection.external:
        pytest.skip("external server: the Browser URL is not ours")
    with urllib.request.urlopen(neo4j_connection.browser_url, timeout=10) as resp:
        assert resp.status == 200
        assert b"Neo4j Browser" in resp.read()


def test_cli_db_stats_json(graph: Graph, neo4j_connection: Connection, monkeypatch):
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    graph.driver.execute_query("CREATE (:Filing {id: 'x'})-[:HAS_FACT]->(:Fact {key: 'x|f1'})")
    result = CliRunner().invoke(cli, ["db", "stats", "--json"])
    assert result.exit_code == 0, result.output
    stats = json.loads(result.output)
    assert stats["nodes"]["Filing"] == 1 and stats["relationships"]["HAS_FACT"] == 1


def test_unreachable_server_is_a_one_line_error(monkeypatch):
    monkeypatch.setenv("NEO4J_URI", "bolt://127.0.0.1:1")
    with pytest.raises(GraphUnavailable, match=r"no Neo4j answers at bolt://127.0.0.1:1; check NEO4J_URI"):
        Graph.connect()


def test_config_file_keeps_a_generated_password_private(tmp_path, monkeypatch):
    monkeypatch.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path))
    monkeypatch.delenv("NEO4J_URI", raising=False)
    saved = config.save_local_settings(config.LocalServerSettings(bolt_port=7688))
    assert len(saved.password) >= 20
    assert stat.S_IMODE(os.stat(config.config_file()).st_mode) == 0o600
    conn = config.connection()
    assert (conn.uri, conn.password, conn.external) == ("bolt://127.0.0.1:7688", saved.password, False)


def test_environment_points_at_an_external_server(tmp_path, monkeypatch):
    monkeypatch.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("NEO4J_URI", "neo4j+s://demo.databases.neo4j.io")
    monkeypatch.setenv("NEO4J_PASSWORD", "pw")
    conn = config.connection()
    assert (conn.uri, conn.user, conn.password, conn.external) == ("neo4j+s://demo.databases.neo4j.io", "neo4j", "pw", True)
