"""`filing load --jobs N` and claims against a real Neo4j: workers load what one process loads, a bad
or killed filing does not stop the others, two loaders with overlapping lists load each filing
exactly once, a crashed loader's claim is taken over, a live loader's pending filing is left alone."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from auditgraph.cli import cli
from auditgraph.config import Connection
from auditgraph.graph import Graph
from auditgraph.loader.leases import Leases

REPO = Path(__file__).resolve().parent.parent
SAMPLE_FILING = REPO / "src" / "auditgraph" / "sample" / "filing"
SAMPLE_TAXONOMY = REPO / "src" / "auditgraph" / "sample" / "taxonomy"
INLINE = REPO / "tests" / "data" / "filing_inline" / "smpl-inline-20251231.htm"

HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:link="http://www.xbrl.org/2003/linkbase"
  xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:iso4217="http://www.xbrl.org/2003/iso4217"
  xmlns:us-gaap="http://fasb.org/us-gaap/2025">
  <link:schemaRef xlink:type="simple" xlink:href="smpl-20251231.xsd"/>
  <xbrli:context id="C1"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000999999</xbrli:identifier></xbrli:entity>
    <xbrli:period><xbrli:startDate>2025-01-01</xbrli:startDate><xbrli:endDate>2025-12-31</xbrli:endDate></xbrli:period></xbrli:context>
  <xbrli:unit id="USD"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
"""


def crafted(folder: Path, name: str, *values: str) -> Path:
    """A small filing folder: the sample's extension schema and linkbases plus an instance of Revenues facts."""
    folder.mkdir(parents=True, exist_ok=True)
    for f in SAMPLE_FILING.iterdir():
        if f.suffix == ".xsd" or f.name.endswith(("_lab.xml", "_cal.xml", "_def.xml")):
            shutil.copy(f, folder / f.name)
    facts = "".join(
        f'  <us-gaap:Revenues contextRef="C1" unitRef="USD" decimals="-3" id="r{n}">{v}</us-gaap:Revenues>\n'
        for n, v in enumerate(values)
    )
    (folder / f"{name}.xml").write_text(HEAD + facts + "</xbrli:xbrl>\n")
    return folder


@pytest.fixture
def batch(tmp_path: Path) -> dict[str, Path]:
    """Four small filings: the sample 10-K, the inline sample, two crafted instances (ids -> paths)."""
    shutil.copytree(SAMPLE_FILING, tmp_path / "smpl")
    return {
        "smpl-20251231": tmp_path / "smpl",
        "smpl-inline-20251231": INLINE,
        "a-20251231": crafted(tmp_path / "a", "a-20251231", "100000"),
        "b-20251231": crafted(tmp_path / "b", "b-20251231", "1000", "2000", "3000"),
    }


@pytest.fixture
def cli_env(neo4j_connection: Connection, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    if neo4j_connection.password is not None:
        monkeypatch.setenv("NEO4J_PASSWORD", neo4j_connection.password)


def load(*args: str | Path, jobs: int) -> tuple[int, list[dict]]:
    result = CliRunner().invoke(
        cli, ["filing", "load", *map(str, args), "--packages", str(SAMPLE_TAXONOMY), "--jobs", str(jobs), "--json"]
    )
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    return result.exit_code, lines


def facts_per_filing(graph: Graph) -> dict[str, tuple[str, int, int]]:
    records, _, _ = graph.driver.execute_query(
        "MATCH (f:Filing) OPTIONAL MATCH (f)-[:HAS_FACT]->(x:Fact) RETURN f.id AS id, f.status AS status, f.facts AS facts, "
        "count(x) AS nodes"
    )
    return {r["id"]: (r["status"], r["facts"], r["nodes"]) for r in records}


def count(graph: Graph, cypher: str) -> int:
    records, _, _ = graph.driver.execute_query(cypher)
    return int(records[0]["n"])


def wipe(graph: Graph) -> None:
    graph.write("db.wipe")
    graph.run_script("schema.constraints")


def test_two_workers_load_what_one_process_loads(graph: Graph, cli_env: None, batch: dict[str, Path]) -> None:
    paths = [*batch.values(), batch["a-20251231"]]  # the same filing twice: loaded once, then unchanged
    code, one = load(*paths, jobs=1)
    assert code == 0, one
    by_one = facts_per_filing(graph)
    wipe(graph)
    code, two = load(*paths, jobs=2)
    assert code == 0, two
    assert facts_per_filing(graph) == by_one
    assert set(by_one) == set(batch) and all(status == "loaded" and n == facts for status, facts, n in by_one.values())
    assert by_one["smpl-20251231"][1] == 66 and by_one["b-20251231"][1] == 3

    def summary(lines: list[dict]) -> list[tuple]:
        return sorted((r["id"], r["status"], r["facts"], r["contexts"], r["edges"], r["duplicates"]) for r in lines)

    assert summary(two) == summary(one)
    assert [r["status"] for r in two] == ["loaded"] * 4 + ["unchanged"]  # in the order given
    assert count(graph, "MATCH (c:LoadClaim) RETURN count(c) AS n") == 0  # every claim released after its commit


def test_a_bad_and_a_killed_filing_do_not_stop_the_others(
    graph: Graph, cli_env: None, batch: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = crafted(tmp_path / "bad", "bad-20251231", "12x")  # an unparsable value: fails in its worker
    killed = crafted(tmp_path / "killed", "killed-20251231", "5")
    monkeypatch.setenv("AUDITGRAPH_TEST_KILL_WORKER_ON", "killed-20251231")  # its worker SIGKILLs itself
    code, lines = load(batch["smpl-20251231"], bad, batch["a-20251231"], killed, batch["b-20251231"], jobs=2)
    assert code == 2, lines
    statuses = {r["id"]: r["status"] for r in lines}
    assert statuses == {
        "smpl-20251231": "loaded",
        "bad-20251231": "failed",
        "a-20251231": "loaded",
        "killed-20251231": "failed",
        "b-20251231": "loaded",
    }
    messages = {r["id"]: r["message"] for r in lines}
    assert "12x" in messages["bad-20251231"]
    assert "killed by signal 9" in messages["killed-20251231"]
    listed = json.loads(CliRunner().invoke(cli, ["filing", "list", "--json"]).stdout)
    assert sorted((r["id"], r["status"]) for r in listed) == [
        ("a-20251231", "loaded"),
        ("b-20251231", "loaded"),
        ("smpl-20251231", "loaded"),
    ]  # nothing pending, nothing of the failed ones
    assert count(graph, "MATCH (x:Fact) WHERE x.filing_id IN ['bad-20251231', 'killed-20251231'] RETURN count(x) AS n") == 0


def test_two_loaders_with_overlapping_lists_load_each_filing_once(
    graph: Graph, neo4j_connection: Connection, batch: dict[str, Path], tmp_path: Path
) -> None:
    """Two `auditgraph filing load` processes, each with its own config and data directories (as on two
    machines), one server; their lists share three of four filings."""
    smpl, inline, a, b = batch.values()
    lists = {"one": [smpl, a, inline, b], "two": [b, inline, a], "three": [inline, smpl]}
    procs = {}
    for name, paths in lists.items():
        env = {
            **os.environ,
            "NEO4J_URI": neo4j_connection.uri,
            "AUDITGRAPH_CONFIG_DIR": str(tmp_path / name / "config"),
            "AUDITGRAPH_DATA_DIR": str(tmp_path / name / "data"),
        }
        if neo4j_connection.password is not None:
            env["NEO4J_PASSWORD"] = neo4j_connection.password
        jobs = "2" if name == "one" else "1"
        cmd = [sys.executable, "-m", "auditgraph", "filing", "load", *map(str, paths), "-p", str(SAMPLE_TAXONOMY), "--json"]
        procs[name] = subprocess.Popen([*cmd, "--jobs", jobs], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    results = []
    for name, proc in procs.items():
        stdout, stderr = proc.communicate(timeout=600)
        assert proc.returncode == 0, (name, stderr)
        lines = [json.loads(line) for line in stdout.splitlines() if line.startswith("{")]
        assert len(lines) == len(lists[name]), (name, stdout)
        results += lines
    loaded = sorted(r["id"] for r in results if r["status"] == "loaded")
    assert loaded == sorted(batch), results  # each filing loaded by exactly one of the loaders
    others = [r for r in results if r["status"] != "loaded"]
    assert all(r["status"] in ("skipped", "unchanged") for r in others), others
    assert all("claimed by another loader" in r["message"] for r in others if r["status"] == "skipped")
    assert all(r["message"] == "same content already loaded" for r in others if r["status"] == "unchanged")
    assert count(graph, "MATCH (f:Filing) RETURN count(f) AS n") == 4
    assert {k: v[0] for k, v in facts_per_filing(graph).items()} == dict.fromkeys(batch, "loaded")
    assert count(graph, "MATCH (c:LoadClaim) RETURN count(c) AS n") == 0


def test_a_crashed_loaders_claim_is_taken_over_and_a_live_ones_is_respected(
    graph: Graph, cli_env: None, batch: dict[str, Path]
) -> None:
    crashed = Leases(graph, owner="crashed-host:1:dead", lease_seconds=-60)  # its lease ran out: it stopped renewing
    alive = Leases(graph, owner="live-host:2:busy")
    assert crashed.acquire("a-20251231") is None
    assert alive.acquire("b-20251231") is None
    # what a killed loader of an older version may leave: a pending filing; one a live loader claims, one nobody does
    graph.driver.execute_query(
        "CREATE (:Filing {id: 'live-pending', status: 'pending'}), (:Filing {id: 'dead-pending', status: 'pending'})"
    )
    assert alive.acquire("live-pending") is None
    code, lines = load(batch["a-20251231"], batch["b-20251231"], batch["smpl-20251231"], jobs=2)
    assert code == 0, lines
    assert [(r["id"], r["status"]) for r in lines] == [
        ("a-20251231", "loaded"),  # taken over
        ("b-20251231", "skipped"),  # left to its live owner
        ("smpl-20251231", "loaded"),
    ]
    assert "claimed by another loader (live-host:2:busy)" in lines[1]["message"]
    statuses = {k: v[0] for k, v in facts_per_filing(graph).items()}
    assert statuses == {"a-20251231": "loaded", "smpl-20251231": "loaded", "live-pending": "pending"}
    assert not crashed.release("a-20251231")  # the crashed owner lost it
    records, _, _ = graph.driver.execute_query("MATCH (c:LoadClaim) RETURN c.key AS key, c.owner AS owner ORDER BY key")
    assert [(r["key"], r["owner"]) for r in records] == [("b-20251231", alive.owner), ("live-pending", alive.owner)]
    alive.release_all()
    code, lines = load(batch["b-20251231"], jobs=1)  # released: now it loads
    assert code == 0 and [(r["id"], r["status"]) for r in lines] == [("b-20251231", "loaded")]
    assert "live-pending" not in facts_per_filing(graph)  # no live claim any more: cleared as a leftover


@pytest.mark.parametrize("jobs", [1, 2])
def test_force_replaces_every_filing_and_leaves_nothing_of_the_versions_it_replaced(
    graph: Graph, cli_env: None, batch: dict[str, Path], jobs: int
) -> None:
    code, _ = load(*batch.values(), jobs=jobs)
    assert code == 0
    loaded = facts_per_filing(graph)
    code, lines = load(*batch.values(), "--force", jobs=jobs)
    assert code == 0, lines
    assert sorted(r["status"] for r in lines) == ["replaced"] * len(batch)
    assert facts_per_filing(graph) == loaded  # readers see each filing once, whole
    assert graph.read("filing.retired") == []  # replaced in place (filing_rows.InPlace): no version retired
    from auditgraph.loader.filing import delete_filing

    assert all(delete_filing(graph, fid) for fid in batch)
    left = "MATCH (n) WHERE n:Fact OR n:Context OR n:Extension OR n:Filing OR n:Retired OR n:RetiredFiling RETURN count(n) AS n"
    assert count(graph, left) == 0
