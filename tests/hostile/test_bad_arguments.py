"""Careless or hostile command lines (issue 21): each one gets one line on stderr, no traceback,
and the exit code of the README's policy (0 answered, 1 findings, 2 bad input, 3 environment,
4 internal error); nothing is ever answered about a filing or concept that does not exist.

The real entry point (`auditgraph.cli.main`, what the `auditgraph` script runs) is called in
this process, so each case costs milliseconds instead of a Python start.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from auditgraph.config import Connection
from auditgraph.graph import Graph
from auditgraph.tools.catalog import call_tool

F = "smpl-20251231"


def run_main(*args: str) -> tuple[int, str, str]:
    from auditgraph.cli import main

    with pytest.raises(SystemExit) as done:
        main(list(args))
    code = done.value.code
    return (code if isinstance(code, int) else 0 if code is None else 1), "", ""


@pytest.fixture
def cli_env(neo4j_connection: Connection, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    if neo4j_connection.password is not None:
        monkeypatch.setenv("NEO4J_PASSWORD", neo4j_connection.password)
    for var in ("AUDITGRAPH_CONFIG_DIR", "AUDITGRAPH_DATA_DIR", "AUDITGRAPH_CACHE_DIR"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    for var in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "AUDITGRAPH_LLM", "AUDITGRAPH_DEBUG"):
        monkeypatch.delenv(var, raising=False)
    return tmp_path


def cli(capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code, _, _ = run_main(*args)
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(err: str) -> str:
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert lines and "Traceback" not in err, err
    assert lines[-1].startswith("error: "), err
    return lines[-1]


@pytest.fixture(scope="module")
def loaded(sample_filing_graph: Graph) -> Graph:
    return sample_filing_graph


# ---------------------------------------------------------------- nothing answered about nothing
@pytest.mark.parametrize(
    "args,code,message",
    [
        (
            ["agents", "audit", "NO-SUCH-FILING", "--llm", "none"],
            2,
            "error: no filing 'NO-SUCH-FILING' in the database; load it with `auditgraph filing load`",
        ),
        (
            ["agents", "audit", F, "--llm", "none", "--concept", "us-gaap:NoSuchConceptAtAll"],
            2,
            "error: no concept 'us-gaap:NoSuchConceptAtAll' in the database; check the spelling (QName like us-gaap:Revenues)",
        ),
        (
            ["agents", "audit", F, "--llm", "openai:gpt-4o"],
            3,
            "error: OPENAI_API_KEY is not set; export it to use --llm openai:gpt-4o",
        ),
        (
            ["agents", "audit", F, "--llm", "anthropic:claude-x", "--concept", "us-gaap:GrossProfit"],
            3,
            "error: ANTHROPIC_API_KEY is not set; export it to use --llm anthropic:claude-x",
        ),
        (["agents", "audit", F, "--llm", "gpt-4o"], 2, "error: --llm 'gpt-4o' is not understood"),
        (
            ["filing", "delete", "NO-SUCH-FILING"],
            2,
            "error: no filing with id 'NO-SUCH-FILING'; `auditgraph filing list` shows the ids",
        ),
        (["filing", "load", "/no/such/filing.xml"], 2, "error: /no/such/filing.xml: no such file or folder"),
    ],
)
def test_unknown_things_are_errors_not_answers(loaded, cli_env, capsys, args, code, message):
    got, out, err = cli(capsys, *args)
    assert got == code and one_error_line(err).startswith(message), (got, err)
    assert "verdict" not in out and "consistent" not in out


@pytest.mark.parametrize("tool", ["check_sign", "check_calc_tree", "check_dim_consistency"])
@pytest.mark.parametrize(
    "args,message",
    [
        ({"filing_id": "NO-SUCH-FILING"}, "no filing 'NO-SUCH-FILING' in the database"),
        ({"filing_id": F, "concept": "us-gaap:NoSuchConceptAtAll"}, "no concept 'us-gaap:NoSuchConceptAtAll' in the database"),
    ],
)
def test_mcp_checks_of_nothing_are_errors(loaded, tool, args, message):
    out = call_tool(loaded, tool, args)
    assert out["status"] == "error" and out["message"].startswith(message), out
    assert "outcome" not in out


# ---------------------------------------------------------------- bad paths and files
@pytest.mark.parametrize("where", ["missing-dir", "a-dir"])
def test_agents_out_that_cannot_be_written(loaded, cli_env, capsys, where):
    target = cli_env / "no" / "such" / "run.jsonl" if where == "missing-dir" else cli_env
    code, _, err = cli(capsys, "agents", "audit", F, "--llm", "none", "--concept", "us-gaap:GrossProfit", "--out", str(target))
    expected = (
        f"error: --out {target}: the directory {target.parent} does not exist; create it first"
        if where == "missing-dir"
        else f"error: --out {target} is a directory; give a file name"
    )
    assert code == 2 and one_error_line(err).startswith(expected), err


@pytest.mark.parametrize(
    "content,message",
    [
        ("not json at all", "not a valid metric registry"),
        ('{"concepts": [1, 2]}', "not a valid metric registry"),
        ("[]", "not a valid metric registry"),
        ('{"version": 1}', "not a valid metric registry"),
        (None, "no such registry file"),
    ],
)
def test_garbage_registry(loaded, cli_env, capsys, content, message):
    reg = cli_env / "registry.json"
    if content is not None:
        reg.write_text(content)
    code, _, err = cli(capsys, "verify", "--filing", F, "-q", "What was gross profit?", "-c", "1", "--registry", str(reg))
    assert code == 2 and one_error_line(err).startswith(f"error: {reg}: {message}"), err


def test_verify_out_to_a_missing_directory(loaded, cli_env, capsys):
    batch = cli_env / "batch.jsonl"
    batch.write_text(json.dumps({"case_id": "a", "filing_id": F, "question": "What was gross profit?", "claim": "1"}) + "\n")
    out = cli_env / "missing" / "decisions.jsonl"
    code, _, err = cli(capsys, "verify", "--batch", str(batch), "--out", str(out))
    assert code == 2 and one_error_line(err) == f"error: {out}: no such file or directory; check the path", err


def test_filing_load_of_garbage_is_one_line(loaded, cli_env, capsys):
    bad = cli_env / "page.htm"
    bad.write_text("<html><body>hello</body></html>")
    code, _, err = cli(capsys, "filing", "load", str(bad))
    assert code == 2 and one_error_line(err).startswith(
        f"error: {bad.resolve()}: not an XBRL instance or inline XBRL document"
    ), err


def test_bad_package_is_refused_for_an_unchanged_filing(loaded, cli_env, capsys):
    from importlib.resources import files

    sample = Path(str(files("auditgraph.sample")))
    code, _, err = cli(capsys, "filing", "load", str(sample / "filing"), "-p", str(cli_env / "nope.zip"))
    assert (
        code == 2
        and one_error_line(err)
        == f"error: {cli_env / 'nope.zip'}: not a taxonomy package (a zip or a folder); fix the -p/--packages path"
    ), err


# ---------------------------------------------------------------- usage
@pytest.mark.parametrize(
    "args,fragment",
    [
        (["--no-such-flag"], "No such option '--no-such-flag'"),
        (["filing", "frobnicate"], "No such command 'frobnicate'"),
        (["db", "wipe"], "Missing option '--yes'"),
        (["agents", "audit"], "Missing argument 'FILING_ID'"),
        (["agents", "audit", F, "--concurrency", "many"], "'many' is not a valid integer"),
        (["filing", "load"], "Missing argument 'PATHS...'"),
    ],
)
def test_usage_errors_exit_2(cli_env, capsys, args, fragment):
    code, _, err = cli(capsys, *args)
    assert code == 2 and fragment in err and "Traceback" not in err, err


def test_help_and_version_exit_0(cli_env, capsys):
    assert cli(capsys, "--help")[0] == 0
    code, out, _ = cli(capsys, "--version")
    assert code == 0 and out.startswith("auditgraph, version ")


# ---------------------------------------------------------------- environment
@pytest.mark.parametrize(
    "uri,code,message",
    [
        ("garbage", 2, "error: NEO4J_URI 'garbage' is not a Neo4j address; use bolt://HOST:7687 or neo4j://HOST:7687"),
        ("http://127.0.0.1:7474", 2, "error: NEO4J_URI 'http://127.0.0.1:7474' is not a Neo4j address"),
        ("bolt://127.0.0.1:99999", 2, "error: NEO4J_URI 'bolt://127.0.0.1:99999' has no valid port"),
        ("bolt://", 2, "error: NEO4J_URI 'bolt://' is not a Neo4j address"),
        ("bolt://127.0.0.1:1", 3, "error: no Neo4j answers at bolt://127.0.0.1:1; check NEO4J_URI / the server"),
    ],
)
def test_malformed_or_dead_neo4j_uri(cli_env, capsys, monkeypatch, uri, code, message):
    monkeypatch.setenv("NEO4J_URI", uri)
    got, _, err = cli(capsys, "filing", "list")
    assert got == code and one_error_line(err).startswith(message), err


@pytest.fixture
def foreign_listener(request) -> Iterator[int]:
    """Something that is not Neo4j on the Bolt port: silent, or answering HTTP."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    held: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                conn, _ = sock.accept()
            except OSError:
                return
            held.append(conn)  # kept open and silent, like a stuck service
            if request.param == "http":
                conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
                conn.close()

    threading.Thread(target=serve, daemon=True).start()
    yield sock.getsockname()[1]
    sock.close()
    for c in held:
        c.close()


@pytest.mark.parametrize("foreign_listener", ["silent", "http"], indirect=True)
def test_a_foreign_listener_on_the_bolt_port_does_not_hang(cli_env, capsys, monkeypatch, foreign_listener, request):
    monkeypatch.setenv("NEO4J_URI", f"bolt://127.0.0.1:{foreign_listener}")
    code, _, err = cli(capsys, "filing", "list")  # at most the 5 s handshake timeout, never the driver's 60 s
    line = one_error_line(err)
    assert code == 3
    if "silent" in request.node.name:
        # a silent listener and a frozen Neo4j look alike: the message names both (issue 36, item 12)
        assert line == (
            f"error: timed out after 5 s waiting for the Bolt handshake at 127.0.0.1:{foreign_listener}: a frozen or "
            "overloaded Neo4j, or a program that is not Neo4j; check the server (`auditgraph neo4j status`) and "
            "NEO4J_URI (AUDITGRAPH_CONNECT_TIMEOUT waits longer)"
        )
    else:
        assert line.startswith(f"error: no Neo4j answers at bolt://127.0.0.1:{foreign_listener}")


def test_an_internal_error_is_one_line_exit_4_and_debug_shows_it(loaded, cli_env, capsys, monkeypatch):
    def boom(*a, **k):
        raise RuntimeError("boom")

    monkeypatch.setattr(Graph, "read", boom)  # `db stats` reads through the READ door
    code, _, err = cli(capsys, "db", "stats")
    assert (
        code == 4
        and one_error_line(err)
        == "error: internal error (RuntimeError: boom); rerun with --debug for the traceback and report it"
    )
    from auditgraph.cli import main

    capsys.readouterr()
    with pytest.raises(SystemExit) as done:  # the traceback, and the same exit code (issue 36, item 12)
        main(["--debug", "db", "stats"])
    err = capsys.readouterr().err
    assert done.value.code == 4 and "Traceback" in err and 'raise RuntimeError("boom")' in err
