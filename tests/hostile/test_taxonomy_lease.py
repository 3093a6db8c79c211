"""Concurrent taxonomy loads (issue 36, item 1): N in {2, 3} `taxonomy load --force` of one package at once, and a
taxonomy load beside a filing load and an audit, leave the graph identical to one clean load, node for node and
relationship for relationship (no lost release, no duplicated edge).

Deterministic: the test itself holds the taxonomy lease (loader/leases.py) while it starts the loaders, waits
until each says it waits for the lease (so they all truly overlap), then lets go; the lease, not timing, decides
that the loads run one after another. The fingerprint is every node and relationship with its properties,
volatile timestamps and the leases themselves left out.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path

import pytest

from auditgraph.config import Connection
from auditgraph.graph import Graph, plain
from auditgraph.loader.filing import FilingLoader
from auditgraph.loader.leases import TAXONOMY, Leases
from auditgraph.loader.taxonomy import load_taxonomies

SAMPLE = Path(str(files("auditgraph.sample")))
FID = "smpl-20251231"
VOLATILE = {"loaded_at", "checked_at", "expires_at"}
NOT_DATA = {"LoadClaim", "LoadGate", "AuditgraphScratch"}
DEADLINE = 600  # only a guard against a hang


def fingerprint(g: Graph) -> list[str]:
    """Every node and relationship as canonical JSON, sorted: equal lists mean equal graphs (duplicates count)."""
    nodes: dict[str, str] = {}
    for r in g.driver.execute_query("MATCH (n) RETURN elementId(n) AS id, labels(n) AS labels, properties(n) AS props").records:
        if NOT_DATA & set(r["labels"]):
            continue
        props = {k: v for k, v in plain(r["props"]).items() if k not in VOLATILE}
        nodes[r["id"]] = json.dumps([sorted(r["labels"]), props], sort_keys=True, default=str)
    edges = [
        json.dumps([r["type"], nodes[r["a"]], nodes[r["b"]], plain(r["props"])], sort_keys=True, default=str)
        for r in g.driver.execute_query(
            "MATCH (a)-[r]->(b) RETURN elementId(a) AS a, elementId(b) AS b, type(r) AS type, properties(r) AS props"
        ).records
    ]
    return sorted(nodes.values()) + sorted(edges)


def env_for(conn: Connection, tmp_path: Path) -> dict[str, str]:
    env = {
        **os.environ,
        "NEO4J_URI": conn.uri,
        "AUDITGRAPH_CONFIG_DIR": str(tmp_path / "config"),
        "AUDITGRAPH_DATA_DIR": str(tmp_path / "data"),
    }
    env.pop("NEO4J_PASSWORD", None)
    env.pop("AUDITGRAPH_DEBUG", None)
    if conn.password is not None:
        env["NEO4J_PASSWORD"] = conn.password
    return env


class Proc:
    """`auditgraph ARGS` in its own process, its stderr read line by line as it comes."""

    def __init__(self, env: dict[str, str], *args: str):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "auditgraph", *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        self.err: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.err.append(line)

    def said(self, text: str) -> bool:
        assert self.proc.poll() is None or any(text in ln for ln in self.err), f"ended early: {''.join(self.err)}"
        return any(text in ln for ln in self.err)

    def finish(self) -> tuple[int, str, str]:
        out, _ = self.proc.communicate(timeout=DEADLINE)
        self._reader.join(timeout=DEADLINE)
        return self.proc.returncode, out, "".join(self.err)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()


def wait_until(condition, what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():  # something a loader printed, not a guessed delay
        assert time.monotonic() < deadline, f"never saw {what}"
        time.sleep(0.05)


@pytest.fixture
def own_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path / "config"))  # remembered packages: this test's


def fresh(g: Graph) -> None:
    g.write("db.wipe")
    g.run_script("schema.constraints")


@pytest.fixture
def lease_holder(graph: Graph) -> Iterator[Leases]:
    holder = Leases(graph)
    holder.acquire_taxonomy()
    try:
        yield holder
    finally:
        holder.release_all()


# ---------------------------------------------------------------- N concurrent `taxonomy load --force`
@pytest.mark.parametrize("start", ["loaded", "empty"])
@pytest.mark.parametrize("n", [2, 3])
def test_concurrent_forced_taxonomy_loads_equal_one_clean_load(
    graph: Graph, neo4j_connection: Connection, tmp_path: Path, own_config: None, n: int, start: str
):
    load_taxonomies(graph, [SAMPLE / "taxonomy"])
    clean = fingerprint(graph)
    assert sum('"Concept"' in x for x in clean) == 35
    if start == "empty":
        fresh(graph)

    holder = Leases(graph)
    holder.acquire_taxonomy()
    procs = [
        Proc(env_for(neo4j_connection, tmp_path), "taxonomy", "load", "--force", "--quiet", str(SAMPLE / "taxonomy"))
        for _ in range(n)
    ]
    try:
        for p in procs:  # every loader is running and blocked on the lease: they overlap for sure
            wait_until(lambda p=p: p.said("waiting for"), "a loader waiting for the taxonomy lease")
        holder.release_all()
        results = [p.finish() for p in procs]
    finally:
        holder.release_all()
        for p in procs:
            p.kill()
    for code, _, err in results:
        assert code == 0, err
        assert f"waiting for {holder.owner} to end (one taxonomy write at a time)" in err
    assert fingerprint(graph) == clean
    assert [(r["key"], r["status"]) for r in graph.read("taxonomy.releases")] == [("us-gaap/2025", "loaded")]
    assert graph.driver.execute_query("MATCH (c:LoadClaim) RETURN count(c) AS n").records[0]["n"] == 0


# ---------------------------------------------------------------- a taxonomy load beside a filing load and a check
def test_a_taxonomy_load_beside_a_filing_load_and_an_audit_equals_a_clean_load(
    graph: Graph, neo4j_connection: Connection, tmp_path: Path, own_config: None
):
    load_taxonomies(graph, [SAMPLE / "taxonomy"])
    with FilingLoader(graph, [SAMPLE / "taxonomy"]) as loader:
        assert loader.load(SAMPLE / "filing").status == "loaded"
    clean = fingerprint(graph)
    graph.write("filing.delete", filing_id=FID)

    env = env_for(neo4j_connection, tmp_path)
    holder = Leases(graph)
    holder.acquire_taxonomy()
    tax = Proc(env, "taxonomy", "load", "--force", "--quiet", str(SAMPLE / "taxonomy"))
    filing = Proc(env, "filing", "load", str(SAMPLE / "filing"), "-p", str(SAMPLE / "taxonomy"), "--json")
    try:
        wait_until(lambda: tax.said("waiting for"), "the taxonomy load waiting for the lease")
        wait_until(lambda: filing.said("waiting for the taxonomy load"), "the filing load waiting for the lease")
        audit = Proc(env, "audit", FID, "--json")  # a reader beside them: the filing may not be loaded yet
        holder.release_all()
        (tc, _, terr), (fc, fout, ferr), (ac, _, aerr) = tax.finish(), filing.finish(), audit.finish()
    finally:
        holder.release_all()
        for p in (tax, filing):
            p.kill()
    assert tc == 0, terr
    assert fc == 0 and json.loads(fout.splitlines()[-1])["status"] == "loaded", ferr
    assert ac in (0, 1) or (ac == 2 and aerr.strip().splitlines()[-1].startswith("error: ")), aerr
    assert "Traceback" not in aerr
    assert fingerprint(graph) == clean
    assert graph.driver.execute_query("MATCH (c:LoadClaim) RETURN count(c) AS n").records[0]["n"] == 0


# ---------------------------------------------------------------- the lease itself
def test_a_filing_claim_waits_for_the_taxonomy_lease_and_then_gets_it(graph: Graph, lease_holder: Leases):
    waiting = threading.Event()
    got: list[str | None] = []
    loader = Leases(graph, on_wait=lambda text: waiting.set())
    t = threading.Thread(target=lambda: got.append(loader.acquire("f1")))
    t.start()
    assert waiting.wait(timeout=DEADLINE)  # it told why it waits: the lease is held
    assert not got
    lease_holder.release_all()
    t.join(timeout=DEADLINE)
    assert got == [None]  # it holds f1 now
    assert loader.release("f1")


def test_the_taxonomy_lease_waits_for_filings_being_loaded(graph: Graph):
    filing_loader = Leases(graph)
    assert filing_loader.acquire("f1") is None
    waiting = threading.Event()
    tax = Leases(graph, on_wait=lambda text: waiting.set())
    t = threading.Thread(target=tax.acquire_taxonomy)
    t.start()
    assert waiting.wait(timeout=DEADLINE)
    filing_loader.release("f1")
    t.join(timeout=DEADLINE)
    rows = graph.driver.execute_query("MATCH (c:LoadClaim {key: $k}) RETURN c.owner AS o", k=TAXONOMY).records
    assert [r["o"] for r in rows] == [tax.owner]
    tax.release_all()


def test_the_lease_of_a_dead_loader_is_taken_at_once(graph: Graph):
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead = f"{socket.gethostname()}:{done.stdout.strip()}:deadbeef"  # a process of this host that no longer runs
    graph.write("load.taxonomy_lease", gate=TAXONOMY, owner=dead, lease_seconds=3600, dead_owners=[])
    assert Leases(graph, owner=dead).acquire_taxonomy() is None  # it is the holder now
    waited: list[str] = []
    taker = Leases(graph, on_wait=waited.append)
    taker.acquire_taxonomy()
    assert waited == []  # taken over without waiting out the hour
    taker.release_all()


def test_the_same_loader_may_take_its_own_lease_again(graph: Graph):
    claims = Leases(graph)
    claims.acquire_taxonomy()
    claims.acquire_taxonomy()  # renews: a loader never waits for itself
    assert claims.release_all() == 1
