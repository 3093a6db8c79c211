"""Issue 19/20: an unknown NEO4J_DATABASE is one line naming it and the server's databases (exit 3), not a failed query."""

from __future__ import annotations

import pytest

from auditgraph.config import Connection
from auditgraph.errors import EXIT_ENVIRONMENT, GraphUnavailable
from auditgraph.graph import Graph


@pytest.fixture
def cli_env(neo4j_connection: Connection, monkeypatch: pytest.MonkeyPatch) -> Connection:
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    if neo4j_connection.password is not None:
        monkeypatch.setenv("NEO4J_PASSWORD", neo4j_connection.password)
    monkeypatch.delenv("AUDITGRAPH_DEBUG", raising=False)
    return neo4j_connection


def test_unknown_database_is_one_line_naming_it_and_the_servers_databases(cli_env, monkeypatch, capsys):
    from auditgraph.cli import main

    monkeypatch.setenv("NEO4J_DATABASE", "nosuch")
    with pytest.raises(SystemExit) as done:
        main(["filing", "list"])
    out, err = capsys.readouterr()
    assert done.value.code == EXIT_ENVIRONMENT and out == ""
    assert err.startswith("error: ") and len(err.splitlines()) == 1 and "Traceback" not in err
    line = err.strip()
    assert "'nosuch'" in line and "it has: neo4j" in line  # Community: neo4j (system is not one to load into)
    assert "it has: neo4j, system" not in line
    assert "Unset NEO4J_DATABASE" in line and "CREATE DATABASE" in line


def test_graph_refuses_an_unknown_database_and_takes_a_known_one_in_any_case(neo4j_connection, monkeypatch):
    monkeypatch.setenv("NEO4J_DATABASE", "nosuch")
    with pytest.raises(GraphUnavailable, match=r"no database 'nosuch'"):
        Graph(neo4j_connection)
    monkeypatch.setenv("NEO4J_DATABASE", "NEO4J")  # database names are case-insensitive in Neo4j
    with Graph(neo4j_connection) as g:
        assert g.read("db.server_version")[0]["name"] == "Neo4j Kernel"


def test_the_system_database_is_refused_by_name(neo4j_connection, monkeypatch):
    monkeypatch.setenv("NEO4J_DATABASE", "system")
    with pytest.raises(GraphUnavailable, match=r"administration database, which holds no graph; .*\(neo4j\)"):
        Graph(neo4j_connection)


def test_a_database_gone_after_connecting_is_the_environment_not_the_query(neo4j_connection):
    with Graph(neo4j_connection) as g:
        g.database = "dropped"  # as if dropped between connecting and the query
        with pytest.raises(GraphUnavailable, match=r"Graph not found: dropped.*unset NEO4J_DATABASE") as e:
            g.read("filing.list")
        assert e.value.exit_code == EXIT_ENVIRONMENT
