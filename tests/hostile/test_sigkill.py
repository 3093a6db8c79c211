"""SIGKILL of `filing load` in the middle of its transaction leaves nothing behind (issue 21).

Deterministic, no sleeps: the test holds an uncommitted Filing with the same id, so the loader's
own CREATE waits on that lock inside its transaction; the test waits until Neo4j shows the
loader's transaction blocked, kills the loader, releases its lock and checks the database.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from importlib.resources import files
from pathlib import Path

from auditgraph.config import Connection
from auditgraph.graph import Graph

SAMPLE = Path(str(files("auditgraph.sample")))
FID = "smpl-20251231"


def counts(g: Graph) -> tuple[int, int]:
    rec = g.driver.execute_query(
        "MATCH (n) WITH count(n) AS n CALL () { MATCH ()-[r]->() RETURN count(r) AS r } RETURN n, r"
    ).records[0]
    return rec["n"], rec["r"]


def blocked_loader(g: Graph) -> bool:
    rows = g.driver.execute_query(
        "SHOW TRANSACTIONS YIELD status, currentQuery WHERE status STARTS WITH 'Blocked' RETURN currentQuery"
    ).records
    return any("Filing" in (r["currentQuery"] or "") for r in rows)


def test_sigkill_during_the_load_transaction_leaves_no_filing(graph: Graph, neo4j_connection: Connection, tmp_path: Path):
    before = counts(graph)
    env = {
        **os.environ,
        "NEO4J_URI": neo4j_connection.uri,
        "AUDITGRAPH_CONFIG_DIR": str(tmp_path / "config"),
        "AUDITGRAPH_DATA_DIR": str(tmp_path / "data"),
    }
    if neo4j_connection.password is not None:
        env["NEO4J_PASSWORD"] = neo4j_connection.password
    with graph.driver.session() as session:
        holder = session.begin_transaction()
        holder.run("CREATE (:Filing {id: $id, status: 'held by the test'})", id=FID).consume()
        proc = subprocess.Popen(
            [sys.executable, "-m", "auditgraph", "filing", "load", str(SAMPLE / "filing"), "-p", str(SAMPLE / "taxonomy")],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        try:
            deadline = time.monotonic() + 300
            while not blocked_loader(graph):  # a state Neo4j reports, not a guessed delay
                assert proc.poll() is None, proc.communicate()
                assert time.monotonic() < deadline, "the loader never reached its transaction"
                time.sleep(0.05)  # only to not hammer the server while polling
            proc.send_signal(signal.SIGKILL)
            assert proc.wait(timeout=60) == -signal.SIGKILL
        finally:
            if proc.poll() is None:
                proc.kill()
            holder.rollback()
    # the server notices the dead connection and rolls the loader's transaction back
    deadline = time.monotonic() + 120
    while graph.driver.execute_query(
        "SHOW TRANSACTIONS YIELD currentQuery WHERE currentQuery CONTAINS 'Filing' "
        "AND NOT currentQuery CONTAINS 'SHOW' RETURN count(*) AS n"
    ).records[0]["n"]:
        assert time.monotonic() < deadline, "the killed loader's transaction was never rolled back"
        time.sleep(0.05)
    # nothing of the filing is left; only the killed loader's claim, committed on its own before the load,
    # and the LoadGate node every claim locks (loader/leases.py: the taxonomy lease)
    assert counts(graph) == (before[0] + 2, before[1]) and not graph.read("filing.list")
    claims = graph.driver.execute_query("MATCH (c:LoadClaim) RETURN c.key AS key").records
    assert [r["key"] for r in claims] == [FID]
    rerun = subprocess.run(
        [sys.executable, "-m", "auditgraph", "filing", "load", str(SAMPLE / "filing"), "-p", str(SAMPLE / "taxonomy"), "--json"],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert rerun.returncode == 0, rerun.stderr
    assert [(r["id"], r["status"]) for r in graph.read("filing.list")] == [(FID, "loaded")]
    # the rerun on the same host saw the claim's process was dead, took the claim at once and released it
    assert graph.driver.execute_query("MATCH (c:LoadClaim) RETURN count(c) AS n").records[0]["n"] == 0


def facts_of(g: Graph, filing_id: str) -> list[tuple[str, str]]:
    """The filing as a reader sees it: each fact's concept and value, by fact id."""
    rows = g.driver.execute_query(
        "MATCH (:Filing {id: $id})-[:HAS_FACT]->(x:Fact)-[:REPORTS]->(c:Concept) "
        "RETURN x.fact_id AS id, c.key AS concept, x.value AS value ORDER BY id, concept, value",
        id=filing_id,
    ).records
    return [(r["id"], r["concept"], r["value"]) for r in rows]


def test_sigkill_during_a_reload_leaves_the_old_version_whole_and_queryable(
    graph: Graph, neo4j_connection: Connection, tmp_path: Path
):
    """`filing load --force` of a changed filing replaces the old version in place in one transaction
    (filing_rows.InPlace): killed in the middle, the old version is what every reader sees, before and after, and
    nothing is left over; the rerun replaces it, and nothing of the old version stays."""
    from auditgraph.loader.filing import FilingLoader, delete_filing
    from auditgraph.loader.taxonomy import load_taxonomies

    load_taxonomies(graph, [SAMPLE / "taxonomy"])
    taxonomy_only = data_counts(graph)
    with FilingLoader(graph, [SAMPLE / "taxonomy"]) as loader:
        assert loader.load(SAMPLE / "filing").status == "loaded"
    old = facts_of(graph, FID)
    assert len(old) == 66 and ("f-dei-3", "http://xbrl.sec.gov/dei/2025#DocumentFiscalYearFocus", "2025") in old
    before = data_counts(graph)
    # the changed filing: one fact has a new id, so its Fact key is new; the test holds that key uncommitted,
    # and the reload's fact write (past the start of the replacement, in the same transaction) waits on it
    changed = tmp_path / "changed"
    shutil.copytree(SAMPLE / "filing", changed)
    instance = changed / "smpl-20251231.xml"
    instance.write_text(instance.read_text().replace('id="f-dei-3"', 'id="f-dei-3-changed"'))
    env = {
        **os.environ,
        "NEO4J_URI": neo4j_connection.uri,
        "AUDITGRAPH_CONFIG_DIR": str(tmp_path / "config"),
        "AUDITGRAPH_DATA_DIR": str(tmp_path / "data"),
    }
    if neo4j_connection.password is not None:
        env["NEO4J_PASSWORD"] = neo4j_connection.password
    reload = [sys.executable, "-m", "auditgraph", "filing", "load", str(changed), "-p", str(SAMPLE / "taxonomy"), "--force"]
    with graph.driver.session() as session:
        holder = session.begin_transaction()
        holder.run("CREATE (:Fact {key: $key})", key=f"{FID}|f-dei-3-changed").consume()
        proc = subprocess.Popen(reload, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 300
            while not blocked_writing_rows(graph):  # a state Neo4j reports, not a guessed delay
                assert proc.poll() is None, proc.communicate()
                assert time.monotonic() < deadline, f"the reload never reached its fact writes: {blocked(graph)}"
                time.sleep(0.05)  # only to not hammer the server while polling
            assert facts_of(graph, FID) == old  # a reader meanwhile sees the old version whole
            proc.send_signal(signal.SIGKILL)
            assert proc.wait(timeout=60) == -signal.SIGKILL
        finally:
            if proc.poll() is None:
                proc.kill()
            holder.rollback()
    deadline = time.monotonic() + 120
    while blocked_writing_rows(graph, status=""):  # the server sees the dead connection and rolls its transaction back
        assert time.monotonic() < deadline, "the killed loader's transaction was never rolled back"
        time.sleep(0.05)
    assert facts_of(graph, FID) == old
    assert [(r["id"], r["status"]) for r in graph.read("filing.list")] == [(FID, "loaded")]
    # apart from the claims, the graph is the first load's: nothing retired or half-written is left
    assert data_counts(graph) == before
    retired = graph.driver.execute_query("MATCH (n) WHERE n:Retired OR n:RetiredFiling RETURN count(n) AS n").records
    assert retired[0]["n"] == 0

    rerun = subprocess.run([*reload, "--json"], env=env, capture_output=True, text=True, timeout=600)
    assert rerun.returncode == 0, rerun.stderr
    assert json.loads(rerun.stdout.splitlines()[-1])["status"] == "replaced"
    new = facts_of(graph, FID)
    assert ("f-dei-3-changed", "http://xbrl.sec.gov/dei/2025#DocumentFiscalYearFocus", "2025") in new
    assert len(new) == 66 and not [f for f in new if f[0] == "f-dei-3"]
    # nothing of the replaced version is left: the first load's graph, the new fact id aside
    assert data_counts(graph) == before
    assert graph.read("filing.retired") == []
    assert delete_filing(graph, FID)
    # nothing of the filing or its versions is left: the taxonomy's edges, and its nodes plus the shared Unit and
    # Period nodes the filing created (filing.delete keeps those, other filings share them)
    left = graph.driver.execute_query(
        "MATCH (n) WHERE n:Retired OR n:RetiredFiling OR n:Filing OR n:Fact OR n:Context OR n:Extension RETURN count(n) AS n"
    ).records
    assert left[0]["n"] == 0
    shared = graph.driver.execute_query("MATCH (n) WHERE n:Unit OR n:Period RETURN count(n) AS n").records[0]["n"]
    assert data_counts(graph) == (taxonomy_only[0] + shared, taxonomy_only[1])


def data_counts(g: Graph) -> tuple[int, int]:
    """Nodes and relationships, the loaders' claims (LoadClaim, LoadGate) left out."""
    rec = g.driver.execute_query(
        "MATCH (n) WHERE NOT n:LoadClaim AND NOT n:LoadGate WITH count(n) AS n "
        "CALL () { MATCH ()-[r]->() RETURN count(r) AS r } RETURN n, r"
    ).records[0]
    return rec["n"], rec["r"]


def blocked_writing_rows(g: Graph, status: str = "Blocked") -> bool:
    """A loader's transaction in one of its row writes, in a state starting with `status` (Blocked: on a lock)."""
    rows = g.driver.execute_query(
        "SHOW TRANSACTIONS YIELD status, currentQuery WHERE status STARTS WITH $status "
        "AND currentQuery CONTAINS 'UNWIND $rows' AND NOT currentQuery CONTAINS 'SHOW' RETURN count(*) AS n",
        status=status,
    ).records
    return bool(rows[0]["n"])


def blocked(g: Graph) -> list[str]:
    rows = g.driver.execute_query(
        "SHOW TRANSACTIONS YIELD status, currentQuery WHERE NOT currentQuery CONTAINS 'SHOW' RETURN status, currentQuery"
    ).records
    return [f"{r['status']}: {(r['currentQuery'] or '')[:80]}" for r in rows]
