"""A Neo4j that stops answering (issue 36, items 5 and 6): frozen with SIGSTOP while `filing load` writes,
frozen before a command connects, or alive but dropping one request (a StackOverflowError on a deeply nested
query). The command ends with one line saying what timed out and after how long, exit 3 (2 for the user's
own ad-hoc query), nothing half-written; a dropped request is not called "down", a frozen server not "not Neo4j".

How long a silent connection is waited for is Neo4j's own mechanism: the server sends Bolt keep-alives while a
query runs and tells the driver to drop a connection silent for longer (`[local] timeout`, here 4 s; see
docs/security.md). The assertions are on the message and the exit code, never on elapsed time; the states the
tests wait for are ones Neo4j reports (a blocked transaction), not guessed delays.
"""

from __future__ import annotations

import contextlib
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
from auditgraph.errors import CypherRefused
from auditgraph.graph import Graph
from auditgraph.loader.taxonomy import load_taxonomies

SAMPLE = Path(str(files("auditgraph.sample")))
FID = "smpl-20251231"
FILING_ROLE = f"{FID}|https://auditgraph.example/sample/2025/role/IncomeStatement"
TIMEOUT = 4  # [local] timeout of the test's server: keep-alive every 2 s, a connection silent for 4 s is dropped
DEADLINE = 600  # only a guard against a hang, never a wait for something to happen
pytestmark = pytest.mark.neo4j  # its own server (frozen_ready), not the session's: marked here, not by conftest


@pytest.fixture(scope="module")
def frozen_ready(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[server.LocalServer, Connection]]:
    """A throwaway Neo4j of this module alone (its tests freeze it), with a short keep-alive timeout."""
    server.install()
    settings = LocalServerSettings(
        bolt_port=server.free_port(), http_port=server.free_port(), heap="512m", pagecache="128m", auth=False, timeout=TIMEOUT
    )
    srv = server.LocalServer(tmp_path_factory.mktemp("frozen") / "neo4j", settings)
    srv.start(timeout=DEADLINE)
    os.environ.setdefault("AUDITGRAPH_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
    try:
        yield srv, Connection(settings.bolt_uri, "neo4j", None, external=True)
    finally:
        srv.stop()


@contextlib.contextmanager
def frozen(srv: server.LocalServer) -> Iterator[None]:
    pid = srv.pid()
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)  # whatever happened, the server goes on


def env_for(conn: Connection, tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {
        **os.environ,
        "NEO4J_URI": conn.uri,
        "AUDITGRAPH_CONFIG_DIR": str(tmp_path / "config"),
        "AUDITGRAPH_DATA_DIR": str(tmp_path / "data"),
        **extra,
    }
    env.pop("NEO4J_PASSWORD", None)
    env.pop("AUDITGRAPH_DEBUG", None)
    return env


def one_line_error(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    assert lines[0].startswith("error: "), stderr
    return lines[0]


def wait_until(condition, what: str, proc: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():
        if proc is not None:
            assert proc.poll() is None, f"the loader ended before {what}: {proc.communicate()}"
        assert time.monotonic() < deadline, f"never saw {what}"
        time.sleep(0.05)  # only to not hammer the server while polling


def blocked_on_role(g: Graph) -> bool:
    rows = g.driver.execute_query(
        "SHOW TRANSACTIONS YIELD status, currentQuery WHERE status STARTS WITH 'Blocked' RETURN currentQuery"
    ).records
    return any(":Role" in (r["currentQuery"] or "") for r in rows)


# ---------------------------------------------------------------- 6. frozen while a filing load writes
def test_a_server_frozen_mid_load_times_out_with_exit_3_and_keeps_nothing(frozen_ready, tmp_path):
    srv, conn = frozen_ready
    g = Graph(conn)
    try:
        g.write("db.wipe")
        g.run_script("schema.constraints")
        load_taxonomies(g, [SAMPLE / "taxonomy"])
        with role_held(g, FILING_ROLE):
            proc = subprocess.Popen(
                [sys.executable, "-m", "auditgraph", "filing", "load", str(SAMPLE / "filing"), "-p", str(SAMPLE / "taxonomy")],
                env=env_for(conn, tmp_path),
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            try:
                wait_until(lambda: blocked_on_role(g), "the loader blocked inside its transaction", proc)
                with frozen(srv):
                    _, stderr = proc.communicate(timeout=DEADLINE)
            finally:
                if proc.poll() is None:
                    proc.kill()
        assert proc.returncode == 3, stderr
        line = one_line_error(stderr)
        assert line.startswith(f"error: Neo4j at {conn.uri} timed out after {TIMEOUT} s: it sent nothing"), line
        assert "frozen or overloaded" in line and "not Neo4j" not in line and "no Neo4j answers" not in line

        # thawed: the server answers and rolls the loader's transaction back; no filing, nothing pending
        wait_until(lambda: not open_transactions_on(g, "Role"), "the loader's transaction rolled back")
        assert g.read("db.server_version")[0]["version"]
        assert g.read("filing.list") == [] and g.read("filing.pending") == []
        assert g.driver.execute_query("MATCH (f:Fact) RETURN count(f) AS n").records[0]["n"] == 0
    finally:
        g.close()


# ---------------------------------------------------------------- 12. frozen before the command connects
@pytest.mark.parametrize("command", [("filing", "list"), ("db", "stats"), ("taxonomy", "list"), ("audit", FID)])
def test_a_frozen_server_is_named_as_possibly_frozen_not_as_not_neo4j(frozen_ready, tmp_path, command):
    srv, conn = frozen_ready
    env = env_for(conn, tmp_path, AUDITGRAPH_CONNECT_TIMEOUT="1")
    with frozen(srv):
        done = subprocess.run(
            [sys.executable, "-m", "auditgraph", *command], env=env, capture_output=True, text=True, timeout=DEADLINE
        )
    line = one_line_error(done.stderr)
    port = conn.uri.rsplit(":", 1)[1]
    assert done.returncode == 3
    assert line.startswith(f"error: timed out after 1 s waiting for the Bolt handshake at 127.0.0.1:{port}: a frozen"), line
    with Graph(conn) as g:  # thawed, it answers again
        assert g.read("db.server_version")[0]["version"]


def test_a_graph_whose_server_froze_fails_fast_afterwards(frozen_ready):
    """After the first timeout the Graph knows the server is frozen: a loader's cleanup (releasing its claims,
    renewing leases) fails at once with the same message instead of waiting out retries and handshakes again."""
    srv, conn = frozen_ready
    g = Graph(conn)
    try:
        with frozen(srv):
            with pytest.raises(Exception, match=f"timed out after {TIMEOUT} s") as first:
                g.read("db.server_version")
            with pytest.raises(type(first.value)) as again:
                g.read("db.node_counts")
        assert str(again.value) == str(first.value) and first.value.exit_code == 3
    finally:
        g.close()


# ---------------------------------------------------------------- 5. a request the server dropped
NESTED = [
    "RETURN size(" + "[" * 3000 + "]" * 3000 + ") AS n",
    "RETURN " + "(" * 20000 + "1" + ")" * 20000 + " AS n",
    "RETURN " + "NOT " * 20000 + "true AS n",
]


@pytest.mark.parametrize("query", NESTED, ids=["lists", "parentheses", "nots"])
def test_a_request_neo4j_dropped_is_not_called_a_server_that_is_down(frozen_ready, query):
    _, conn = frozen_ready
    with Graph(conn) as g:
        try:
            rows = g.read_adhoc(query).rows
        except CypherRefused as exc:  # exit 2: the user's own query, the server itself is fine
            said = str(exc)
            assert exc.exit_code == 2 and "no Neo4j answers" not in said and "neo4j start" not in said, said
            if "dropped" in said:  # the server answered nothing to it (else it said why: "Unexpected expression")
                assert said.startswith(f"refused: Neo4j at {conn.uri} dropped this query: no answer after {TIMEOUT} s")
                assert "while the server itself still answers" in said
        else:  # a server whose parser copes answers it; either way it is never "down"
            assert rows
        assert g.read("db.server_version")[0]["version"]  # the same Graph goes on
