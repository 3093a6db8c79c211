"""`auditgraph neo4j ...` end to end: a real server with authentication, as a user runs it."""

from __future__ import annotations

import json
import socket
import urllib.request

import pytest
from click.testing import CliRunner

from auditgraph import config, server
from auditgraph.cli import cli
from auditgraph.errors import GraphUnavailable, ServerError
from auditgraph.graph import Graph


@pytest.fixture
def user_home(tmp_path, monkeypatch):
    """A user with no config yet: config and data directories of their own, no NEO4J_URI."""
    monkeypatch.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("AUDITGRAPH_DATA_DIR", str(tmp_path / "data"))
    for var in ("NEO4J_URI", "NEO4J_USER", "NEO4J_PASSWORD"):
        monkeypatch.delenv(var, raising=False)
    return tmp_path


@pytest.mark.neo4j  # installs and starts a server of its own
def test_install_start_status_stop_with_a_generated_password(user_home):
    run = CliRunner().invoke
    bolt, http = server.free_port(), server.free_port()
    out = run(
        cli, ["neo4j", "install", "--bolt-port", str(bolt), "--http-port", str(http), "--heap", "1g", "--pagecache", "256m"]
    )
    assert out.exit_code == 0, out.output
    assert "neo4j.conf" in out.output
    conf = (user_home / "data" / "neo4j" / "conf" / "neo4j.conf").read_text()
    assert f"server.bolt.listen_address=127.0.0.1:{bolt}" in conf and "dbms.security.auth_enabled=true" in conf
    try:
        out = run(cli, ["neo4j", "start"])
        assert out.exit_code == 0, out.output
        assert f"bolt://127.0.0.1:{bolt}" in out.output and f"http://127.0.0.1:{http}/browser/" in out.output
        assert "Already running" in run(cli, ["neo4j", "start"]).output  # a second start is a no-op

        status = json.loads(run(cli, ["neo4j", "status", "--json"]).output)
        assert (status["running"], status["version"], status["edition"]) == (True, config.NEO4J_VERSION, "community")
        with urllib.request.urlopen(f"http://127.0.0.1:{http}/browser/", timeout=10) as resp:
            assert resp.status == 200

        with Graph.connect() as g:  # the password from the 0600 config file works
            assert g.read("db.server_version")[0]["edition"] == "community"
        wrong = config.Connection(f"bolt://127.0.0.1:{bolt}", "neo4j", "not-the-password", external=False)
        with pytest.raises(GraphUnavailable, match="refused user 'neo4j': wrong password"):
            Graph(wrong)
        # a server the user named (NEO4J_URI): the setting to fix is named, the password never shown
        named = config.Connection(f"bolt://127.0.0.1:{bolt}", "neo4j", "S3CRET-never-shown", external=True)
        with pytest.raises(GraphUnavailable) as refused:
            Graph(named)
        assert "wrong password; set NEO4J_PASSWORD" in str(refused.value) and "S3CRET" not in str(refused.value)
    finally:
        out = run(cli, ["neo4j", "stop"])
    assert "Stopped." in out.output
    assert run(cli, ["neo4j", "status"]).exit_code == 3


def test_stale_pid_file_is_ignored_and_removed(user_home):
    srv = server.LocalServer(user_home / "inst", config.LocalServerSettings())
    srv.pid_file.parent.mkdir(parents=True)
    srv.pid_file.write_text("1")  # pid 1 is not our Neo4j
    assert srv.pid() is None and not srv.pid_file.exists()


def test_port_in_use_is_named_with_the_fix(user_home):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        srv = server.LocalServer(
            user_home / "inst", config.LocalServerSettings(bolt_port=port, http_port=server.free_port(), auth=False)
        )
        server.install()
        with pytest.raises(ServerError, match=f"Bolt port {port} is already in use.*--bolt-port"):
            srv.start()


def test_java_too_old_or_missing_is_one_line(tmp_path, monkeypatch):
    fake = tmp_path / "jdk" / "bin"
    fake.mkdir(parents=True)
    (fake / "java").write_text("#!/bin/sh\necho 'openjdk version \"11.0.2\" 2019-01-15' >&2\n")
    (fake / "java").chmod(0o755)
    monkeypatch.setenv("JAVA_HOME", str(tmp_path / "jdk"))
    with pytest.raises(ServerError, match="Java 11 .* is too old for Neo4j .*install JDK 17"):
        server.java_executable()
    monkeypatch.setenv("JAVA_HOME", str(tmp_path / "nowhere"))
    with pytest.raises(ServerError, match="Java not found"):
        server.java_executable()


def test_cli_errors_are_one_line_without_traceback(user_home, monkeypatch):
    import subprocess
    import sys

    env = {"NEO4J_URI": "bolt://127.0.0.1:1", "PATH": "/usr/bin:/bin", "HOME": str(user_home)}
    proc = subprocess.run([sys.executable, "-m", "auditgraph", "db", "stats"], capture_output=True, text=True, env=env)
    assert proc.returncode == 3
    assert proc.stderr.strip() == "error: no Neo4j answers at bolt://127.0.0.1:1; check NEO4J_URI / the server"


def test_maven_that_cannot_reach_central_is_named(tmp_path, monkeypatch):
    # A real Maven run, offline, with an empty local repository: exactly what a user without network sees.
    monkeypatch.setenv("AUDITGRAPH_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("AUDITGRAPH_MAVEN_ARGS", f"-o -Dmaven.repo.local={tmp_path / 'm2'}")
    with pytest.raises(ServerError, match=r"^Maven could not reach Maven Central .*rerun `auditgraph neo4j install`$"):
        server.install()
    assert not server.runtime().installed


def test_status_at_80_columns_prints_the_browser_url_whole(user_home, monkeypatch):
    """The Browser URL (with its connection parameters) is longer than a table cell at 80 columns: it follows the
    table on a line of its own, never wrapped inside the cell."""
    from rich.console import Console

    import auditgraph.cli

    bolt, http = server.free_port(), server.free_port()
    installed = CliRunner().invoke(cli, ["neo4j", "install", "--bolt-port", str(bolt), "--http-port", str(http)])
    assert installed.exit_code == 0, installed.output  # configured (a missing config is an error of its own)
    monkeypatch.setattr(auditgraph.cli, "console", Console(soft_wrap=True, width=80))
    out = CliRunner().invoke(cli, ["neo4j", "status"])
    assert out.exit_code == 3  # installed, not started
    lines = out.output.splitlines()
    assert f"browser: {config.local_settings().browser_url}" in lines, out.output  # whole, on one line
    table = [line for line in lines if line.startswith("│")]
    assert "│ browser   │ (below)" in "\n".join(table) and all(len(line) <= 80 for line in table)
