"""A filing too big for one transaction of the server (issue 36, item 14): a filing is written in one transaction
(all or nothing), so when the server's per-transaction memory (`db.memory.transaction.max`) cannot hold it,
`filing load` exits 3 with one line naming that setting, its limit and how to raise it on this kind of server,
and nothing of the filing is kept: no Filing, no facts, no lease; a replaced version stays whole.

The server is this module's own, with `db.memory.transaction.max` at 16 MiB (the local server's default is half
its heap): the 50-fact version of the synthetic filing loads, the 20,000-fact one needs far more (it fails at
2,000 facts already), so the outcome does not depend on timing or on the machine.
"""

from __future__ import annotations

import datetime
import shutil
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path

import pytest
from cli_inprocess import error_line, run_main

from auditgraph import server
from auditgraph.config import Connection, LocalServerSettings
from auditgraph.errors import TransactionTooLarge
from auditgraph.graph import Graph
from auditgraph.loader.filing import FilingLoader

pytestmark = pytest.mark.neo4j  # a server of its own (tight_server), not the session's: marked here, not by conftest

SAMPLE = Path(str(files("auditgraph.sample")))
TX_MAX = "16m"
FID = "synthetic-20251231"
SMALL, BIG = 50, 20_000

HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:link="http://www.xbrl.org/2003/linkbase"
  xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:iso4217="http://www.xbrl.org/2003/iso4217"
  xmlns:us-gaap="http://fasb.org/us-gaap/2025">
  <link:schemaRef xlink:type="simple" xlink:href="smpl-20251231.xsd"/>
  <xbrli:unit id="USD"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
"""


def synthetic(folder: Path, facts: int) -> Path:
    """The sample filing's schema and linkbases with an instance of `facts` us-gaap:Assets facts, one per day from
    1950 on (each its own context and period): a valid instance of any size, always named {FID}.xml."""
    folder.mkdir(parents=True)
    for f in (SAMPLE / "filing").iterdir():
        if f.suffix == ".xsd" or f.name.endswith(("_lab.xml", "_cal.xml", "_def.xml")):
            shutil.copy(f, folder / f.name)
    first = datetime.date(1950, 1, 1)
    body = "".join(
        f'  <xbrli:context id="c{i}"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000999999'
        f"</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:instant>{first + datetime.timedelta(days=i)}"
        f"</xbrli:instant></xbrli:period></xbrli:context>\n"
        f'  <us-gaap:Assets contextRef="c{i}" unitRef="USD" decimals="0">{1000 + i}</us-gaap:Assets>\n'
        for i in range(facts)
    )
    path = folder / f"{FID}.xml"
    path.write_text(HEAD + body + "</xbrli:xbrl>\n")
    return path


@pytest.fixture(scope="module")
def tight_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Connection]:
    """A throwaway Neo4j whose transactions may use 16 MiB each (the generated neo4j.conf, one line changed)."""
    write_conf = server.write_conf

    def tight(home: Path, settings: LocalServerSettings, rt: server.Runtime) -> Path:
        conf = write_conf(home, settings, rt)
        lines = conf.read_text().splitlines()
        assert any(ln.startswith("db.memory.transaction.max=") for ln in lines)
        conf.write_text(
            "\n".join(
                f"db.memory.transaction.max={TX_MAX}" if ln.startswith("db.memory.transaction.max=") else ln for ln in lines
            )
            + "\n"
        )
        return conf

    server.install()
    settings = LocalServerSettings(
        bolt_port=server.free_port(), http_port=server.free_port(), heap="512m", pagecache="64m", auth=False
    )
    srv = server.LocalServer(tmp_path_factory.mktemp("neo4j"), settings)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(server, "write_conf", tight)
        srv.start(timeout=600)
    try:
        yield Connection(settings.bolt_uri, "neo4j", None, external=True)
    finally:
        srv.stop()


@pytest.fixture
def env(tight_server: Connection, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Graph]:
    """The CLI pointed at the tight server (NEO4J_URI: a server of the user's own), with its own config and data dirs;
    the graph holds only the schema (no taxonomy: the facts land on placeholder concepts, as the loader allows)."""
    monkeypatch.setenv("NEO4J_URI", tight_server.uri)
    monkeypatch.delenv("NEO4J_PASSWORD", raising=False)
    monkeypatch.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("AUDITGRAPH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("AUDITGRAPH_DEBUG", raising=False)
    with Graph(tight_server) as g:
        g.write("db.wipe")
        g.ensure_schema()
        yield g


def contents(g: Graph) -> dict[str, int]:
    """Nodes per label and relationships per type, but the LoadGate every lease locks (created once, holding no data)."""
    nodes = {f":{r['label']}": r["count"] for r in g.read("db.node_counts") if r["label"] != "LoadGate"}
    rels = {r["type"]: r["count"] for r in g.read("db.relationship_counts")}
    return {k: n for k, n in {**nodes, **rels}.items() if n}


def facts(g: Graph) -> list[tuple[str, str]]:
    """The filing as a reader sees it: each fact's period and value."""
    rows = g.driver.execute_query(
        "MATCH (:Filing {id: $id, status: 'loaded'})-[:HAS_FACT]->(x:Fact)-[:IN_CONTEXT]->(:Context)-[:FOR_PERIOD]->(p) "
        "RETURN p.key AS period, x.value AS value ORDER BY period",
        id=FID,
    ).records
    return [(r["period"], r["value"]) for r in rows]


def load(capsys: pytest.CaptureFixture[str], path: Path, *also: str) -> tuple[int, str, str]:
    return run_main(capsys, "filing", "load", str(path), "-p", str(SAMPLE / "taxonomy"), "--jobs", "1", *also)


def test_a_filing_too_big_for_one_transaction_exits_3_naming_the_setting_and_keeps_nothing(
    env: Graph, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    big = synthetic(tmp_path / "big", BIG)
    before = contents(env)
    code, _, err = load(capsys, big)
    assert code == 3, err
    line = error_line(err)
    assert line.startswith(f"error: {big}: the filing's transaction needs more memory than Neo4j lets one transaction use")
    # the setting and its limit as the server reported them, and the fix for a server of the user's own
    assert "(db.memory.transaction.max: 16.0 MiB); nothing of it was kept" in line
    assert line.endswith("raise db.memory.transaction.max in that server's neo4j.conf (or give it more heap) and restart it")
    assert contents(env) == before  # no Filing, no facts, contexts, periods or placeholders
    assert not env.driver.execute_query("MATCH (n) WHERE n:Filing OR n:RetiredFiling OR n:LoadClaim RETURN n").records


def test_a_replacement_too_big_for_one_transaction_keeps_the_old_version_whole(
    env: Graph, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    code, _, err = load(capsys, synthetic(tmp_path / "small", SMALL), "--json")
    assert code == 0, err  # the limit holds a small filing: what fails below is the size
    old = facts(env)
    assert len(old) == SMALL and old[0] == ("instant:1950-01-01", "1000")
    before = contents(env)
    code, _, err = load(capsys, synthetic(tmp_path / "big", BIG), "--force")
    assert code == 3, err
    assert "db.memory.transaction.max: 16.0 MiB" in error_line(err)
    # the retire of the old version was part of the rolled-back transaction: readers see the old version, whole
    assert facts(env) == old
    assert contents(env) == before
    assert not env.driver.execute_query("MATCH (n) WHERE n:Retired OR n:RetiredFiling OR n:LoadClaim RETURN n").records


def test_on_the_local_server_the_line_says_how_to_raise_its_heap(
    tight_server: Connection, env: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """The same failure on auditgraph's own server (a Connection that is not external): the fix is its heap, of which
    one transaction gets half, raised with `neo4j install --heap`, twice the configured one."""
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "config.toml").write_text('[local]\nheap = "1g"\n')
    local = Connection(tight_server.uri, "neo4j", None, external=False)
    big = synthetic(tmp_path / "big", BIG)
    before = contents(env)
    with Graph(local) as g, FilingLoader(g, [SAMPLE / "taxonomy"]) as loader, pytest.raises(TransactionTooLarge) as failed:
        loader.load(big)
    assert failed.value.exit_code == 3
    assert str(failed.value).endswith(
        "(db.memory.transaction.max: 16.0 MiB); nothing of it was kept: raise the local server's heap, which gives one "
        "transaction half of it: `auditgraph neo4j install --heap 2g`, then `auditgraph neo4j stop` and "
        "`auditgraph neo4j start`"
    )
    assert contents(env) == before


def test_a_taxonomy_too_big_for_one_transaction_exits_3_naming_the_setting(
    env: Graph, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    """A taxonomy release is written in transactions of its own parts; one that outgrows the server's limit is the
    server's setting at fault too: exit 3, one line naming the setting, no traceback, and no release half-written."""
    before = contents(env)
    code, _, err = run_main(capsys, "taxonomy", "load", str(SAMPLE / "taxonomy"))
    assert code == 3, err
    line = error_line(err, alone=False)  # after the progress line of the parse
    assert line.startswith("error: Neo4j refused the transaction: ") and "16.0 MiB" in line
    assert line.endswith(
        "raise db.memory.transaction.max (the local server gets half its heap: `auditgraph neo4j install "
        "--heap <more>`, then stop and start it; your own server: its neo4j.conf)"
    )
    assert contents(env) == before
