"""SIGKILL of `filing load` in the middle of its transaction leaves nothing behind (issue 21).

Deterministic, no sleeps: the test holds an uncommitted Filing with the same id, so the loader's
own CREATE waits on that lock inside its transaction; the test waits until Neo4j shows the
loader's transaction blocked, kills the loader, releases its lock and checks the database.
"""

from __future__ import annotations

import os
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
    # and the LoadGate node every claim locks (loader/claims.py: the taxonomy lease)
    assert counts(graph) == (before[0] + 2, before[1]) and not graph.run("filing.list")
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
    assert [(r["id"], r["status"]) for r in graph.run("filing.list")] == [(FID, "loaded")]
    # the rerun on the same host saw the claim's process was dead, took the claim at once and released it
    assert graph.driver.execute_query("MATCH (c:LoadClaim) RETURN count(c) AS n").records[0]["n"] == 0
