"""Where auditgraph finds Neo4j, probed as a careless or hostile user would (issue 36, items 8, 9, 10, 11, 12):
a password in NEO4J_URI is never printed, a missing or incomplete config is an error naming the file actually
used (never a silent bolt://127.0.0.1:7687 with an empty password), a URI with a path, port 0 or an impossible
host is refused before anything connects, and `--debug` keeps the exit code.

Each case is one line on stderr with the README's exit code; none needs a server (the real entry point,
`auditgraph.cli.main`, runs in this process). A password in a URI of the tests' real server:
tests/hostile/test_config_and_uri_neo4j.py.
"""

from __future__ import annotations

import json
import socket

import pytest
from cli_inprocess import error_line, run_main

from auditgraph import config, server
from auditgraph.config import LocalServerSettings
from auditgraph.errors import ConfigError, ServerError


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # nothing listens once it is closed


# ---------------------------------------------------------------- 8. credentials never shown
SECRET = "S3cr3t-pw"


@pytest.mark.parametrize(
    "command",
    [("filing", "list"), ("taxonomy", "list"), ("db", "stats"), ("rules",), ("neo4j", "password"), ("neo4j", "start")],
)
@pytest.mark.parametrize("shape", ["dead", "path", "port0"])
def test_a_password_in_neo4j_uri_is_never_printed(home, capsys, monkeypatch, command, shape):
    uri = {
        "dead": f"bolt://neo4j:{SECRET}@127.0.0.1:{closed_port()}",
        "path": f"bolt://neo4j:{SECRET}@127.0.0.1:7687/extra/path",
        "port0": f"bolt://neo4j:{SECRET}@127.0.0.1:0",
    }[shape]
    monkeypatch.setenv("NEO4J_URI", uri)
    code, out, err = run_main(capsys, *command)
    assert SECRET not in out + err
    if command == ("rules",):
        assert code == 0  # needs no database
    elif command == ("neo4j", "start"):
        assert code == 0 and "neo4j:***@127.0.0.1" in out  # nothing to start for an external server
    else:
        assert code in (2, 3) and "***" in error_line(err)


def test_neo4j_status_json_shows_the_uri_redacted(home, capsys, monkeypatch):
    monkeypatch.setenv("NEO4J_URI", f"bolt://admin:{SECRET}@127.0.0.1:{closed_port()}")
    code, out, err = run_main(capsys, "neo4j", "status", "--json")
    status = json.loads(out)
    assert SECRET not in out + err and status["running"] is False
    assert status["uri"].startswith("bolt://admin:***@127.0.0.1:") and "***" in status["error"]


@pytest.mark.parametrize(
    "uri,shown",
    [
        ("bolt://u:p@h:1", "bolt://u:***@h:1"),
        ("neo4j+s://neo4j:p%40ss@db.example:7687", "neo4j+s://neo4j:***@db.example:7687"),
        ("bolt://h:7687", "bolt://h:7687"),
        ("bolt://only-user@h:7687", "bolt://only-user@h:7687"),
        ("garbage", "garbage"),
    ],
)
def test_redact(uri, shown):
    assert config.redact(uri) == shown


# ---------------------------------------------------------------- 9. no silent default server
def test_no_config_at_all_is_an_error_naming_the_file_looked_for(home, capsys):
    code, _, err = run_main(capsys, "neo4j", "status")
    path = home / "config" / "config.toml"
    assert code == 2
    assert error_line(err) == (
        f"error: no Neo4j is configured: {path} (AUDITGRAPH_CONFIG_DIR) does not exist; "
        "run `auditgraph neo4j install` (a local server) or set NEO4J_URI"
    )


def test_a_config_without_local_or_neo4j_is_an_error(home, capsys):
    (home / "config").mkdir()
    (home / "config" / "config.toml").write_text("[other]\nx = 1\n")
    code, _, err = run_main(capsys, "neo4j", "status")
    assert code == 2 and "config.toml (AUDITGRAPH_CONFIG_DIR) has neither [local] nor [neo4j]" in error_line(err)


def test_a_file_where_the_config_folder_should_be(home, capsys):
    (home / "config").write_text("not a folder")
    code, _, err = run_main(capsys, "filing", "list")
    assert code == 2
    assert error_line(err) == (
        f"error: {home / 'config'} (AUDITGRAPH_CONFIG_DIR) is a file, not the folder auditgraph keeps config.toml in; "
        "move it away or point AUDITGRAPH_CONFIG_DIR at a folder"
    )


def test_a_folder_where_config_toml_should_be(home, capsys):
    (home / "config" / "config.toml").mkdir(parents=True)
    code, _, err = run_main(capsys, "neo4j", "status")
    assert code == 2 and "config.toml (AUDITGRAPH_CONFIG_DIR) is not a file" in error_line(err)


def test_the_default_config_folder_is_named_when_no_variable_moves_it(home, monkeypatch):
    monkeypatch.delenv("AUDITGRAPH_CONFIG_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "xdg"))
    with pytest.raises(ConfigError, match=r"xdg/auditgraph/config.toml \(XDG_CONFIG_HOME\) does not exist"):
        config.connection()


def test_local_auth_without_a_password_is_an_error(home):
    (home / "config").mkdir()
    (home / "config" / "config.toml").write_text("[local]\nbolt_port = 7999\n")
    with pytest.raises(ConfigError, match=r"\[local\] has no password while auth is on"):
        config.connection()


def test_neo4j_uri_still_needs_no_config(home, monkeypatch):
    monkeypatch.setenv("NEO4J_URI", "bolt://db.example:7687")
    conn = config.connection()
    assert (conn.uri, conn.external, conn.source) == ("bolt://db.example:7687", True, "NEO4J_URI")


def test_install_writes_the_local_config_a_connection_then_reads(home):
    saved = config.save_local_settings(LocalServerSettings(bolt_port=7999, http_port=7998))
    conn = config.connection()
    assert (conn.uri, conn.password, conn.external) == ("bolt://127.0.0.1:7999", saved.password, False)
    assert conn.source == f"[local] bolt_port in {home / 'config' / 'config.toml'}"


# ---------------------------------------------------------------- 12. bad values in config.toml name the key
@pytest.mark.parametrize(
    "line,message",
    [
        ('bolt_port = "abc"', "[local] bolt_port = 'abc' is not a number"),
        ("bolt_port = 70000", "[local] bolt_port = 70000 is not a port (1-65535)"),
        ("bolt_port = 0", "[local] bolt_port = 0 is not a port (1-65535)"),
        ("bolt_port = true", "[local] bolt_port = True is not a number"),
        ("http_port = -1", "[local] http_port = -1 is not a port (1-65535)"),
        ('auth = "yes"', "[local] auth = 'yes' is not a bool"),
        ("heap = 4", "[local] heap = 4 is not a str"),
        ("timeout = 1", "[local] timeout = 1 is not 2-86400 seconds"),
        ("bolt_port = 7000\nhttp_port = 7000", "bolt_port and http_port are both 7000"),
    ],
)
def test_a_bad_local_value_names_the_key_and_the_file_not_neo4j_uri(home, capsys, line, message):
    (home / "config").mkdir()
    (home / "config" / "config.toml").write_text(f'[local]\npassword = "pw"\n{line}\n')
    code, _, err = run_main(capsys, "filing", "list")
    got = error_line(err)
    assert code == 2 and message in got and str(home / "config" / "config.toml") in got and "NEO4J_URI" not in got


def test_not_toml_names_the_file(home, capsys):
    (home / "config").mkdir()
    (home / "config" / "config.toml").write_bytes(b"\xff\xfe[local")
    code, _, err = run_main(capsys, "filing", "list")
    assert code == 2 and "config.toml: not valid TOML" in error_line(err)


# ---------------------------------------------------------------- 10/11/12. URIs refused before connecting
@pytest.mark.parametrize(
    "uri,message",
    [
        ("bolt://127.0.0.1:0", "NEO4J_URI 'bolt://127.0.0.1:0': port 0 is no port; use bolt://HOST:7687"),
        ("bolt://127.0.0.1:7687/extra/path", "NEO4J_URI 'bolt://127.0.0.1:7687/extra/path' has a path (/extra/path)"),
        ("neo4j://127.0.0.1:7687/db", "has a path (/db); a Neo4j address has none"),
        ("bolt://127.0.0.1:7687#frag", "has a path (#frag)"),
        (
            "bolt://" + "h" * 300 + ":7687",
            "the host 'hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh'... (300 characters) is not a valid host",
        ),
        ("bolt://" + "a" * 64 + ".example:7687", "(72 characters) is not a valid host name"),
        ("bolt://" + ".".join(["abc"] * 70) + ":7687", "(279 characters) is not a valid host name"),
        ("bolt://127.0.0.1:-1", "has no valid port"),
        ("bolt://127.0.0.1:65536", "has no valid port"),
        ("bolt://127.0.0.1:port", "has no valid port"),
        ("ftp://127.0.0.1:7687", "is not a Neo4j address"),
        ("bolt:///nohost", "is not a Neo4j address"),
    ],
)
def test_a_neo4j_uri_that_cannot_be_a_server_is_bad_input(home, capsys, monkeypatch, uri, message):
    monkeypatch.setenv("NEO4J_URI", uri)
    code, _, err = run_main(capsys, "filing", "list")
    assert code == 2 and message in error_line(err)


def test_port_0_never_reaches_a_server_on_7687(home, capsys, monkeypatch):
    """The driver reads port 0 as "no port" and tries 7687, where another user's server may answer
    "wrong password": port 0 is refused first."""
    monkeypatch.setenv("NEO4J_URI", "bolt://127.0.0.1:0")
    code, _, err = run_main(capsys, "db", "stats")
    assert code == 2 and "wrong password" not in err


def test_an_unreachable_local_server_blames_the_local_config_not_neo4j_uri(home, capsys):
    config.save_local_settings(LocalServerSettings(bolt_port=closed_port(), auth=False))
    from auditgraph.graph import Graph

    with pytest.raises(Exception, match="no Neo4j answers at bolt://127.0.0.1:") as caught:
        Graph(config.connection())
    assert "NEO4J_URI" not in str(caught.value) and "auditgraph neo4j start" in str(caught.value)


@pytest.mark.parametrize("value", ["abc", "0", "-3", "99999"])
def test_a_bad_connect_timeout_is_named(home, capsys, monkeypatch, value):
    monkeypatch.setenv("NEO4J_URI", "bolt://127.0.0.1:7687")
    monkeypatch.setenv("AUDITGRAPH_CONNECT_TIMEOUT", value)
    code, _, err = run_main(capsys, "filing", "list")
    assert code == 2 and f"AUDITGRAPH_CONNECT_TIMEOUT={value!r} is not 0.1-3600 seconds" in error_line(err)


# ---------------------------------------------------------------- 11. argument ranges (click)
@pytest.mark.parametrize(
    "args,message",
    [
        (("neo4j", "install", "--bolt-port", "70000"), "70000 is not in the range 1<=x<=65535"),
        (("neo4j", "install", "--http-port", "0"), "0 is not in the range 1<=x<=65535"),
        (("neo4j", "install", "--bolt-port", "-1"), "-1 is not in the range 1<=x<=65535"),
        (("neo4j", "install", "--bolt-port", "7010", "--http-port", "7010"), "Bolt and HTTP both on port 7010"),
        (("neo4j", "install", "--bolt-port", "7474"), "Bolt and HTTP both on port 7474"),  # the default HTTP port
        (("agents", "audit", "F", "--budget", "-5"), "-5 is not in the range 1<=x<=1000"),
        (("agents", "audit", "F", "--budget", "0"), "0 is not in the range 1<=x<=1000"),
        (("agents", "audit", "F", "--concurrency", "0"), "0 is not in the range 1<=x<=256"),
        (("agents", "audit", "F", "--max-rounds", "-1"), "-1 is not in the range 0<=x<=100"),
        (("agents", "run", "cases.jsonl", "--out", "o.jsonl", "--concurrency", "-2"), "-2 is not in the range 1<=x<=256"),
    ],
)
def test_out_of_range_arguments_are_usage_errors_and_write_nothing(home, capsys, args, message):
    code, _, err = run_main(capsys, *args)
    assert code == 2 and message in err and "Traceback" not in err
    assert not (home / "config").exists()  # install refused before writing its config


# ---------------------------------------------------------------- 12. misleading messages
def test_a_missing_data_dir_is_named_when_the_port_is_taken(home):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        missing = home / "nowhere" / "neo4j"
        srv = server.LocalServer(missing, LocalServerSettings(bolt_port=port, http_port=server.free_port(), auth=False))
        server.install()
        with pytest.raises(ServerError) as caught:
            srv.start()
    said = str(caught.value)
    assert f"Bolt port {port} is already in use on 127.0.0.1, and not by the local server of {missing}" in said
    assert "which does not exist" in said and "AUDITGRAPH_DATA_DIR" in said


def test_debug_shows_the_traceback_and_keeps_the_exit_code(home, capsys, monkeypatch):
    monkeypatch.setenv("NEO4J_URI", f"bolt://127.0.0.1:{closed_port()}")
    code, _, err = run_main(capsys, "--debug", "filing", "list")
    assert code == 3 and "Traceback" in err and err.strip().splitlines()[-1].startswith("error: no Neo4j answers")
    monkeypatch.setenv("AUDITGRAPH_DEBUG", "1")
    code, _, err = run_main(capsys, "db", "stats")
    assert code == 3 and "Traceback" in err


def test_debug_keeps_exit_2_for_bad_input(home, capsys, monkeypatch):
    monkeypatch.setenv("NEO4J_URI", "bolt://127.0.0.1:0")
    code, _, err = run_main(capsys, "--debug", "filing", "list")
    assert code == 2 and "Traceback" in err and "ConfigError" in err
