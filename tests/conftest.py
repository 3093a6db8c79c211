"""Shared fixtures: a real Neo4j for every test (never a mock) and the ../shared data.

NEO4J_URI set  -> use that server (NEO4J_USER / NEO4J_PASSWORD); tests wipe it, so point it
                  at a scratch database.
AUDITGRAPH_TEST_BACKEND=docker -> docker/compose.yml through pytest-docker (needs a Docker engine).
otherwise      -> start a throwaway local server (Maven-resolved, no auth, free ports) for the
                  session and stop it at the end.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from auditgraph import queries, server
from auditgraph.config import Connection, LocalServerSettings
from auditgraph.graph import Graph

REPO = Path(__file__).resolve().parent.parent
# The session's own config dir: a load remembers its packages there (loader/packages.py), and a list left
# by an earlier run (a test's partial download in a pytest temp dir) must not shape this run's loads.
os.environ["AUDITGRAPH_CONFIG_DIR"] = tempfile.mkdtemp(prefix="auditgraph-test-config-")
atexit.register(shutil.rmtree, os.environ["AUDITGRAPH_CONFIG_DIR"], ignore_errors=True)
# Fixture writes (hand-built filings, the verifier's small filings, the scratch marker) are named
# queries like the shipped ones, but only tests run them, so they live here and are not shipped.
queries.add_directory(Path(__file__).resolve().parent / "cypher")
# Test helpers that are not shipped (handbuilt.FilingBuilder); pytest's importlib mode puts no test folder on sys.path.
sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))


# ---------------------------------------------------------------- no silent skips in CI
# Under AUDITGRAPH_REQUIRE_SHARED=1 (.ci/run) a skipped test is a failed one: a missing module, shared
# file or tool must break CI, not thin it out. The only skips kept are those that are right against
# a server the tests did not start (NEO4J_URI set); CI unsets NEO4J_URI, so there they fail too.
EXTERNAL_SERVER_SKIPS = (
    "external server: the Browser URL is not ours",  # test_foundation: only our own server serves the Browser
    "memory attacks need the server auditgraph configures",  # hostile/test_cypher_guard: another may die of OOM
    "NEO4J_URI is a server auditgraph did not configure",  # hostile/test_server_hardening: its limits are not ours
)


def _skip_allowed(reason: str) -> bool:
    return bool(os.environ.get("NEO4J_URI")) and reason.startswith(EXTERNAL_SERVER_SKIPS)


def _fail_skip(report: pytest.CollectReport | pytest.TestReport) -> None:
    if os.environ.get("AUDITGRAPH_REQUIRE_SHARED") != "1" or not report.skipped or hasattr(report, "wasxfail"):
        return
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
    reason = reason.removeprefix("Skipped: ")
    if not _skip_allowed(reason):
        report.outcome = "failed"
        report.longrepr = f"skipped under AUDITGRAPH_REQUIRE_SHARED=1, where a skip is a failure: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[None]:
    outcome = yield
    _fail_skip(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Iterator[None]:
    outcome = yield  # a module-level skip or importorskip skips at collection
    _fail_skip(outcome.get_result())


# ---------------------------------------------------------------- two speeds
# A test that reaches Neo4j (through neo4j_connection, whichever fixture brings it) is marked `neo4j`, so
# `pytest -m "not neo4j"` runs the pure-Python tests alone, with no server (DEVELOPERS.md, "Two speeds"); CI runs
# both. A test that starts a server (or Neo4j's tools) of its own marks itself `@pytest.mark.neo4j`.
# tests/unit/ is the fast lane: a test there that needs Neo4j stops the run at collection, naming it.


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    from lanes import NEO4J_FIXTURE, misplaced_in_unit  # tests/support, on sys.path since this file was imported

    for item in items:
        if NEO4J_FIXTURE in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.neo4j)
    if misplaced := misplaced_in_unit(items):
        raise pytest.UsageError(
            f"tests/unit/ runs without Neo4j, but {len(misplaced)} test(s) there need it (marked neo4j): "
            f"{', '.join(misplaced)}; move them out of tests/unit/"
        )


@pytest.fixture(scope="session")
def docker_compose_file() -> Path:
    return REPO / "docker" / "compose.yml"


@pytest.fixture(scope="session")
def neo4j_connection(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Connection]:
    if uri := os.environ.get("NEO4J_URI"):
        conn = Connection(uri, os.environ.get("NEO4J_USER", "neo4j"), os.environ.get("NEO4J_PASSWORD"), external=True)
        _refuse_unless_scratch(conn)
        yield conn
        return
    if os.environ.get("AUDITGRAPH_TEST_BACKEND") == "docker":
        os.environ.setdefault("NEO4J_PASSWORD", "auditgraph-test")
        services = request.getfixturevalue("docker_services")
        port = services.port_for("neo4j", 7687)
        services.wait_until_responsive(check=lambda: server.bolt_ready(port), timeout=180, pause=1)
        yield Connection(f"bolt://127.0.0.1:{port}", "neo4j", os.environ["NEO4J_PASSWORD"], external=True)
        return
    server.install()
    settings = LocalServerSettings(
        bolt_port=server.free_port(), http_port=server.free_port(), heap="2g", pagecache="1g", auth=False
    )
    srv = server.LocalServer(tmp_path_factory.mktemp("neo4j"), settings)
    srv.start()
    try:
        yield Connection(settings.bolt_uri, "neo4j", None, external=False, browser_url=settings.browser_url)
    finally:
        srv.stop()


def _refuse_unless_scratch(conn: Connection) -> None:
    """Tests wipe the database: never do that to one that holds someone's data."""
    with Graph(conn) as g:
        state = g.read("db.scratch_state")[0]
        if state["has_data"] and not state["marked"]:
            pytest.exit(
                f"NEO4J_URI={conn.uri} holds data the tests did not create and the tests wipe it; "
                "point NEO4J_URI at a scratch database, or mark this one with CREATE (:AuditgraphScratch)",
                returncode=4,
            )
        g.write("db.mark_scratch")


@pytest.fixture
def graph(neo4j_connection: Connection) -> Iterator[Graph]:
    """An empty database with the schema in place; each test starts from nothing."""
    g = Graph(neo4j_connection)
    g.write("db.wipe")
    g.run_script("schema.constraints")
    try:
        yield g
    finally:
        g.close()


@pytest.fixture
def verify_json(neo4j_connection: Connection, monkeypatch: pytest.MonkeyPatch) -> Callable[..., dict]:
    """`auditgraph verify ARGS --json` against the test server; checks it exits 0 and returns its record.
    Sets NEO4J_URI for the whole test, so other CLI calls in it reach the same server."""
    from click.testing import CliRunner

    from auditgraph.cli import cli

    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)

    def run(*args: str) -> dict:
        r = CliRunner().invoke(cli, ["verify", *args, "--json"])
        assert r.exit_code == 0, r.output
        return json.loads(r.stdout)

    return run


@pytest.fixture
def rules_graph(graph: Graph) -> Graph:
    """`graph` (empty, schema in place) with the DQCRT constants of us-gaap 2025 loaded: what the DQC rules read."""
    from auditgraph.loader.dqc_constants import load_constants

    load_constants(graph, (2025,))
    return graph


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """../shared (or $AUDITGRAPH_SHARED); skipped when absent unless AUDITGRAPH_REQUIRE_SHARED=1."""
    path = Path(os.environ.get("AUDITGRAPH_SHARED", REPO.parent / "shared"))
    if not (path / "filings").is_dir():
        if os.environ.get("AUDITGRAPH_REQUIRE_SHARED") == "1":
            pytest.fail(f"shared data not found at {path}; AUDITGRAPH_REQUIRE_SHARED=1 requires it")
        pytest.skip(f"shared data not found at {path}; set AUDITGRAPH_SHARED to run this test")
    return path


# ---------------------------------------------------------------- checks & tools (issue 5)
@pytest.fixture(scope="module")
def sample_filing_graph(neo4j_connection: Connection) -> Iterator[Graph]:
    """The bundled sample taxonomy and filing loaded by the real loaders (module scope; wipes first)."""
    from importlib.resources import files

    sample = Path(str(files("auditgraph.sample")))
    assert (sample / "filing" / "smpl-20251231.xml").is_file(), f"the sample filing is missing from {sample}"
    from auditgraph.loader.filing import FilingLoader
    from auditgraph.loader.taxonomy import load_taxonomies

    g = Graph(neo4j_connection)
    g.write("db.wipe")
    g.run_script("schema.constraints")
    load_taxonomies(g, [sample / "taxonomy"])
    with FilingLoader(g, [sample / "taxonomy"]) as loader:
        loader.load(sample / "filing")
    try:
        yield g
    finally:
        g.close()


@pytest.fixture
def agents(
    sample_filing_graph: Graph, neo4j_connection: Connection, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Callable[..., SimpleNamespace]:
    """`auditgraph agents ARGS…` as the installed command runs it: exit code, stdout, stderr."""
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    if neo4j_connection.password is not None:
        monkeypatch.setenv("NEO4J_PASSWORD", neo4j_connection.password)
    for var in ("AUDITGRAPH_LLM", "AUDITGRAPH_LLM_BASE_URL", "AUDITGRAPH_DEBUG"):
        monkeypatch.delenv(var, raising=False)

    from auditgraph.cli import main

    def run(*args: str) -> SimpleNamespace:
        capsys.readouterr()
        with pytest.raises(SystemExit) as done:
            main(["agents", *args])
        out, err = capsys.readouterr()
        return SimpleNamespace(exit_code=done.value.code or 0, stdout=out, stderr=err, output=out + err)

    return run


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user with nothing configured: own config and data folders under tmp_path, no NEO4J_* variables (a test
    that needs a server sets NEO4J_URI itself)."""
    for var in ("NEO4J_URI", "NEO4J_USER", "NEO4J_USERNAME", "NEO4J_PASSWORD", "NEO4J_DATABASE", "AUDITGRAPH_DEBUG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.delenv("AUDITGRAPH_CONNECT_TIMEOUT", raising=False)
    monkeypatch.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("AUDITGRAPH_DATA_DIR", str(tmp_path / "data"))
    return tmp_path
