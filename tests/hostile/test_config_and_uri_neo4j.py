"""A password inside NEO4J_URI pointing at the tests' real server (issue 36, item 8): refused in one line that never
shows it. The cases that need no server are in tests/unit/hostile/test_config_and_uri.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_inprocess import error_line, run_main

from auditgraph.config import Connection

SECRET = "S3cr3t-pw"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user with nothing configured: own config and data folders, no NEO4J_* variables (the test sets NEO4J_URI)."""
    for var in ("NEO4J_URI", "NEO4J_USER", "NEO4J_USERNAME", "NEO4J_PASSWORD", "NEO4J_DATABASE", "AUDITGRAPH_DEBUG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.delenv("AUDITGRAPH_CONNECT_TIMEOUT", raising=False)
    monkeypatch.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("AUDITGRAPH_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


# A wrong password against a server with authentication: tests/test_neo4j_cli.py (the throwaway test server has none).


def test_credentials_inside_the_uri_are_refused_without_showing_them(neo4j_connection: Connection, home, capsys, monkeypatch):
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri.replace("bolt://", f"bolt://neo4j:{SECRET}@"))
    code, _, err = run_main(capsys, "filing", "list")
    line = error_line(err)
    assert code == 2 and SECRET not in err and "bolt://neo4j:***@127.0.0.1:" in line
    assert line.endswith(
        "holds a user name or password, which the driver does not take from a URI; "
        "remove it and set NEO4J_USER and NEO4J_PASSWORD"
    )
