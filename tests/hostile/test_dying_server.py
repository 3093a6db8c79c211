"""Loads interrupted by a dying process leave nothing half-written visible, and a rerun gives the
counts of a clean load (issue 21, docs/graph-model.md "Atomic loads").

1. SIGKILL of the Neo4j JVM while `filing load` writes: the loader exits 3 with one line, the
   restarted server holds exactly what it held before, and the rerun loads the filing.
2. SIGKILL of `taxonomy load` while it writes: the Release stays `pending` (readers match
   `loaded`), the server still answers, and the rerun removes the leftovers and loads it all.

Deterministic, no sleeps: as in test_sigkill.py, the test holds an uncommitted Role with the key
the loader will write next, so the loader waits on that lock with everything before it written;
the test waits until Neo4j reports the loader's statement blocked, then kills.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path

import pytest
from held_locks import open_transactions_on, role_held

from auditgraph import server
from auditgraph.config import Connection, LocalServerSettings
from auditgraph.graph import Graph
from auditgraph.loader.filing import FilingLoader
from auditgraph.loader.taxonomy import load_taxonomies

SAMPLE = Path(str(files("auditgraph.sample")))
FID = "smpl-20251231"
ROLE = "https://auditgraph.example/sample/2025/role/"
# the Role each loader MERGEs after its concepts, labels (and, for the filing, facts) are written
FILING_ROLE = f"{FID}|{ROLE}IncomeStatement"
RELEASE_ROLE = f"us-gaap/2025|{ROLE}BalanceSheet"
DEADLINE = 600  # seconds; only a guard against a hang, never a wait for something to happen


def counts(g: Graph) -> dict[str, int]:
    """Nodes per label and relationships per type (labels left unused by a rollback are dropped)."""
    nodes = {f":{r['label']}": r["count"] for r in g.read("db.node_counts")}
    rels = {r["type"]: r["count"] for r in g.read("db.relationship_counts")}
    return {k: n for k, n in {**nodes, **rels}.items() if n}


def cli_env(conn: Connection, tmp_path: Path) -> dict[str, str]:
    env = {
        **os.environ,
        "NEO4J_URI": conn.uri,
        "AUDITGRAPH_CONFIG_DIR": str(tmp_path / "config"),
        "AUDITGRAPH_DATA_DIR": str(tmp_path / "data"),
    }
    env.pop("NEO4J_PASSWORD", None)
    if conn.password is not None:
        env["NEO4J_PASSWORD"] = conn.password
    return env


def auditgraph(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "auditgraph", *args], env=env, capture_output=True, text=True, timeout=DEADLINE)


def wait_until(condition, what: str, proc: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():  # a state Neo4j reports, not a guessed delay
        if proc is not None:
            assert proc.poll() is None, f"the loader ended before {what}: {proc.communicate()}"
        assert time.monotonic() < deadline, f"never saw {what}"
        time.sleep(0.05)  # only to not hammer the server while polling


def blocked_on_role(g: Graph) -> bool:
    rows = g.driver.execute_query(
        "SHOW TRANSACTIONS YIELD status, currentQuery WHERE status STARTS WITH 'Blocked' RETURN currentQuery"
    ).records
    # releases MERGE their roles, a filing CREATEs its own: both wait on the held key
    return any(":Role" in (r["currentQuery"] or "") for r in rows)


def one_line_error(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    assert lines[0].startswith("error: "), stderr
    return lines[0]


@pytest.fixture(autouse=True)
def own_config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process loads must not read or write the user's remembered packages."""
    monkeypatch.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path / "config"))


# ---------------------------------------------------------------- 1. Neo4j dies mid-load
@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[tuple[server.LocalServer, Connection]]:
    """A throwaway Neo4j of this test alone (the test kills it), no auth, free ports."""
    server.install()
    settings = LocalServerSettings(
        bolt_port=server.free_port(), http_port=server.free_port(), heap="512m", pagecache="128m", auth=False
    )
    srv = server.LocalServer(tmp_path / "neo4j", settings)
    srv.start(timeout=DEADLINE)
    try:
        yield srv, Connection(settings.bolt_uri, "neo4j", None, external=True)
    finally:
        srv.stop()


def sample_taxonomy_graph(g: Graph) -> None:
    g.write("db.wipe")
    g.run_script("schema.constraints")
    load_taxonomies(g, [SAMPLE / "taxonomy"])


def test_neo4j_killed_mid_filing_load_keeps_nothing_and_the_rerun_loads(
    graph: Graph, own_server: tuple[server.LocalServer, Connection], tmp_path: Path
):
    # what a clean load of the sample filing over the sample taxonomy gives (the session's server)
    sample_taxonomy_graph(graph)
    with FilingLoader(graph, [SAMPLE / "taxonomy"]) as loader:
        assert loader.load(SAMPLE / "filing").status == "loaded"
    clean = counts(graph)
    assert clean[":Fact"] == 66
    assert (
        graph.driver.execute_query(
            "MATCH (r:Role {key: $key}) RETURN count(r) AS n",  # the key held below
            key=FILING_ROLE,
        ).records[0]["n"]
        == 1
    )

    srv, conn = own_server
    env = cli_env(conn, tmp_path)
    load = ["filing", "load", str(SAMPLE / "filing"), "-p", str(SAMPLE / "taxonomy")]
    g = Graph(conn)
    try:
        sample_taxonomy_graph(g)
        before = counts(g)
        with role_held(g, FILING_ROLE):
            proc = subprocess.Popen(
                [sys.executable, "-m", "auditgraph", *load], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
            )
            try:
                wait_until(lambda: blocked_on_role(g), "the loader blocked inside its transaction", proc)
                pid = srv.pid()
                assert pid is not None
                os.kill(pid, signal.SIGKILL)  # the JVM, with the filing's transaction open
                os.waitpid(pid, 0)  # our child (LocalServer.start): reaped, so its ports and pid are free
                stdout, stderr = proc.communicate(timeout=DEADLINE)
            finally:
                if proc.poll() is None:
                    proc.kill()
    finally:
        g.close()
    assert proc.returncode == 3, (stdout, stderr)
    assert "Neo4j went away" in one_line_error(stderr)

    srv.start(timeout=DEADLINE)  # recovery drops the uncommitted transaction
    with Graph(conn) as g:
        # only the dead loader's claim (its own committed transaction) is left; the rerun here takes it at once
        assert counts(g) == {**before, ":LoadClaim": 1}
        assert g.read("filing.list") == [] and g.read("filing.pending") == []
        listed = auditgraph(env, "filing", "list", "--json")
        assert (listed.returncode, listed.stdout.strip()) == (0, "[]"), listed.stderr

        rerun = auditgraph(env, *load, "--json")
        assert rerun.returncode == 0, rerun.stderr
        assert [(r["id"], r["status"]) for r in g.read("filing.list")] == [(FID, "loaded")]
        assert counts(g) == clean


# ---------------------------------------------------------------- 2. the taxonomy loader dies mid-load
def test_sigkill_during_taxonomy_load_leaves_a_pending_release_the_rerun_replaces(
    graph: Graph, neo4j_connection: Connection, tmp_path: Path
):
    load_taxonomies(graph, [SAMPLE / "taxonomy"])  # a clean load, for its counts
    clean = counts(graph)
    assert clean[":Role"] == 3 and clean[":Concept"] == 35
    graph.write("db.wipe")
    graph.run_script("schema.constraints")
    before = counts(graph)

    env = cli_env(neo4j_connection, tmp_path)
    with role_held(graph, RELEASE_ROLE):
        proc = subprocess.Popen(
            [sys.executable, "-m", "auditgraph", "taxonomy", "load", str(SAMPLE / "taxonomy"), "--quiet"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        try:
            wait_until(lambda: blocked_on_role(graph), "the loader blocked writing the release's roles", proc)
            proc.send_signal(signal.SIGKILL)
            assert proc.wait(timeout=DEADLINE) == -signal.SIGKILL
        finally:
            if proc.poll() is None:
                proc.kill()
    # the server notices the dead connection and rolls the loader's open transaction back
    wait_until(lambda: not open_transactions_on(graph, "Role"), "the killed loader's transaction rolled back")

    assert graph.driver.execute_query("RETURN 1 AS one").records[0]["one"] == 1  # still answering
    [release] = graph.read("taxonomy.releases")
    # what the killed load committed before the roles stays under its pending release, which no
    # reader of releases shows as loaded and the next load removes
    assert (release["key"], release["status"], release["concepts"], release["loaded_at"]) == ("us-gaap/2025", "pending", 0, None)
    assert graph.read("taxonomy.statement_roles", release="us-gaap/2025") == []
    assert graph.read("taxonomy.calc_children", qname="us-gaap:GrossProfit", release="us-gaap/2025") == []
    left = counts(graph)
    # stopped at the roles, as held: they come after the edges, which the pending release owns until the rerun
    assert left != before and ":Role" not in left and left.get("CALC") == clean["CALC"]

    rerun = auditgraph(env, "taxonomy", "load", str(SAMPLE / "taxonomy"), "--json")
    assert rerun.returncode == 0, rerun.stderr
    assert [(r["key"], r["status"]) for r in graph.read("taxonomy.releases")] == [("us-gaap/2025", "loaded")]
    assert counts(graph) == clean
