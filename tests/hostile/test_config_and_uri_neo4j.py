"""A password inside NEO4J_URI pointing at the tests' real server (issue 36, item 8): refused in one line that never
shows it. The cases that need no server are in tests/unit/hostile/test_config_and_uri.py."""

from __future__ import annotations

from cli_inprocess import error_line, run_main

from auditgraph.config import Connection

SECRET = "S3cr3t-pw"


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
