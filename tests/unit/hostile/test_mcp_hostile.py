"""A hostile client of `auditgraph mcp` (issue 36, items 3, 7 and 13; issue 37, item 8), in process.

- Lines that are not JSON-RPC 2.0 get the spec's error response (-32700 / -32600) through the SDK's own
  stdio transport, and the server answers the next good request.
- Every string argument has a documented maxLength, checked before any work starts: an oversized
  argument is a one-line error result and the graph is never touched.
- load_filing reads only regular files and filing folders under its roots: no walk of /, no FIFO,
  device or socket, no symlink out of the roots.
- A call that never finishes does not hold the others: tests/hostile/test_mcp_hostile_neo4j.py (the tests' real
  server).
"""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path
from typing import Any

import anyio
import pytest

from auditgraph.app.mcp_server import (
    MAX_ARGUMENTS_CHARS,
    MAX_STRING_CHARS,
    ROOTS_ENV,
    STRING_LIMITS,
    build_server,
    default_roots,
    serve_streams,
)
from auditgraph.tools.toolbox import Toolbox, catalog_toolbox


class NoGraph:
    """Fails loudly if a refused call reaches the database."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the graph was used ({name})")


def full_toolbox(graph: Any) -> tuple[Toolbox, list[Toolbox]]:
    """The catalog with investigate_cypher, and verify_claim as the extension `auditgraph mcp` serves."""
    from auditgraph.agents.environment import Investigator, with_investigation
    from auditgraph.verifier.mcp_tools import verifier_toolbox

    return with_investigation(catalog_toolbox(graph), Investigator(graph)), [verifier_toolbox(graph)]


def session(fn, roots: list[Path] | None = None, graph: Any = None):
    from mcp import Client

    graph = graph if graph is not None else NoGraph()
    box, extensions = full_toolbox(graph)

    async def main():
        async with Client(build_server(box, graph, extensions, roots=roots or [])) as client:
            return await fn(client)

    return anyio.run(main)


# ---------------------------------------------------------------- JSON-RPC framing (item 13)


class Lines:
    """stdin for the SDK's stdio transport: the given lines, then EOF once `expect` responses were written."""

    def __init__(self, lines: list[str], out: Out):
        self.lines, self.out = lines, out

    def __aiter__(self):
        return self._gen()

    async def _gen(self):
        for line in self.lines:
            yield line + "\n"
        await self.out.done.wait()


class Out:
    """stdout for the transport: collects the JSON lines written."""

    def __init__(self, expect: int):
        self.expect, self.lines, self.done = expect, [], anyio.Event()

    async def write(self, text: str) -> None:
        self.lines.extend(json.loads(line) for line in text.splitlines() if line.strip())
        if len(self.lines) >= self.expect:
            self.done.set()

    async def flush(self) -> None:
        pass


def exchange(lines: list[str], expect: int) -> list[dict]:
    """Feed raw lines to the server over the SDK's stdio transport; the responses it writes."""
    from mcp.server.stdio import stdio_server

    out = Out(expect)
    server = build_server(catalog_toolbox(NoGraph()))

    async def main():
        with anyio.fail_after(60):  # a missing response fails instead of hanging the suite
            async with stdio_server(stdin=Lines(lines, out), stdout=out) as (read, write):  # type: ignore[arg-type]
                await serve_streams(server, read, write)

    anyio.run(main)
    return out.lines


PING = '{"jsonrpc": "2.0", "id": 99, "method": "ping"}'
# (id, line, code, id in the response, words of the message)
FRAMES = [
    ("not-json", "{not json", -32700, None, "not JSON"),
    ("truncated", '{"jsonrpc": "2.0", "id": 1, "method": "pi', -32700, None, "not JSON"),
    ("blank", "", -32700, None, "not JSON"),
    ("garbage-bytes", "\x00\x01\x02", -32700, None, "not JSON"),
    ("empty-array", "[]", -32600, None, "batch"),
    ("number", "1", -32600, None, "object"),
    ("null", "null", -32600, None, "object"),
    ("string", '"ping"', -32600, None, "object"),
    ("true", "true", -32600, None, "object"),
    (
        "batch",
        '[{"jsonrpc": "2.0", "id": 1, "method": "ping"}, {"jsonrpc": "2.0", "id": 2, "method": "ping"}]',
        -32600,
        None,
        "batch",
    ),
    ("no-jsonrpc", '{"id": 7, "method": "ping"}', -32600, 7, '"jsonrpc" must be "2.0"'),
    ("jsonrpc-1.0", '{"jsonrpc": "1.0", "id": "a", "method": "ping"}', -32600, "a", '"jsonrpc" must be "2.0"'),
    ("jsonrpc-number", '{"jsonrpc": 2, "id": 3, "method": "ping"}', -32600, 3, '"jsonrpc" must be "2.0"'),
    ("no-method", '{"jsonrpc": "2.0", "id": 4}', -32600, 4, "method"),
    ("method-number", '{"jsonrpc": "2.0", "id": 5, "method": 5}', -32600, 5, "method"),
    ("empty-object", "{}", -32600, None, '"jsonrpc" must be "2.0"'),
]


@pytest.mark.parametrize("line,code,rid,says", [f[1:] for f in FRAMES], ids=[f[0] for f in FRAMES])
def test_a_bad_frame_gets_its_json_rpc_error_and_the_server_answers_on(line: str, code: int, rid: Any, says: str):
    error, pong = exchange([line, PING], expect=2)
    assert error["jsonrpc"] == "2.0" and error["id"] == rid, error
    assert error["error"]["code"] == code and says in error["error"]["message"], error
    assert pong == {"jsonrpc": "2.0", "id": 99, "result": {}}


def test_every_bad_frame_in_one_stream_is_answered_in_order():
    lines = [f[1] for f in FRAMES]
    responses = exchange([*lines, PING], expect=len(lines) + 1)
    assert [r["error"]["code"] for r in responses[:-1]] == [f[2] for f in FRAMES]
    assert responses[-1]["id"] == 99


# ---------------------------------------------------------------- what a client reads of the catalog (issue 37.8)


def test_every_string_argument_has_a_documented_maximum_and_every_argument_a_description():
    async def ask(client):
        return (await client.list_tools()).tools

    tools = session(ask)
    assert len(tools) >= 25
    for tool in tools:
        for name, prop in tool.input_schema.get("properties", {}).items():
            assert prop.get("description"), (tool.name, name)
            kinds = {prop.get("type"), *(p.get("type") for p in prop.get("anyOf", []))}
            if "string" in kinds:
                assert prop["maxLength"] == STRING_LIMITS.get(name, MAX_STRING_CHARS), (tool.name, name)


def test_investigate_cypher_limit_is_described_and_load_filing_is_destructive():
    async def ask(client):
        return {t.name: t for t in (await client.list_tools()).tools}

    tools = session(ask)
    limit = tools["investigate_cypher"].input_schema["properties"]["limit"]
    assert limit["maximum"] == 1000 and "rows" in limit["description"]
    load = tools["load_filing"].annotations
    assert load.destructive_hint is True and load.read_only_hint is False and load.idempotent_hint is True
    assert "force" in tools["load_filing"].input_schema["properties"]


def test_resource_templates_are_an_empty_list_not_method_not_found():
    async def ask(client):
        return await client.list_resource_templates()

    assert session(ask).resource_templates == []


# ---------------------------------------------------------------- argument sizes (item 3, MCP side)

# (tool, arguments with one oversized string, the argument named in the error, its limit)
OVERSIZED = [
    ("verify_claim", {"filing_id": "X", "claim": "1," * 50_000}, "claim", 2_000),
    ("verify_claim", {"filing_id": "X", "claim": "Revenue was 1. " * 140}, "claim", 2_000),
    ("verify_claim", {"filing_id": "X", "claim": "2,000", "question": "What? " * 200}, "question", 1_000),
    ("verify_claim", {"filing_id": "X" * 1_001, "claim": "2,000"}, "filing_id", 1_000),
    ("get_fact", {"filing_id": "X", "concept": "us-gaap:" + "A" * 1_000}, "concept", 1_000),
    ("get_fact", {"filing_id": "X", "concept": "us-gaap:Assets", "period": "2" * 5_000}, "period", 1_000),
    ("check_rule", {"filing_id": "X", "rule": "0015" * 300}, "rule", 1_000),
    ("audit_filing", {"filing_id": "X", "rules": "0015," * 300}, "rules", 1_000),
    ("run_cypher", {"query": "RETURN 1 " + " " * 8_000}, "query", 8_000),
    ("investigate_cypher", {"query": "MATCH (n) RETURN n" + " " * 8_000}, "query", 8_000),
    ("load_filing", {"path": "/" + "a/" * 2_100}, "path", 4_096),
    ("get_dimensional_breakdown", {"filing_id": "X", "concept": "C", "axis": "x" * 1_001}, "axis", 1_000),
]


@pytest.mark.parametrize("tool,args,arg,limit", OVERSIZED, ids=[f"{t}.{a}-{i}" for i, (t, _, a, _) in enumerate(OVERSIZED)])
def test_an_oversized_argument_is_refused_before_any_work(tool: str, args: dict, arg: str, limit: int):
    async def ask(client):
        return await client.call_tool(tool, args)

    result = session(ask)
    message = result.structured_content["message"]
    assert result.is_error and message == f"{tool}.{arg} is {len(args[arg]):,} characters; the limit is {limit:,}: shorten it"


@pytest.mark.parametrize(
    "tool,args",
    [
        ("run_cypher", {"query": "RETURN $p", "params": {"p": "x" * 70_000}}),
        ("investigate_cypher", {"query": "RETURN $p", "params": {f"p{i}": "x" * 900 for i in range(80)}}),
        ("run_cypher", {"query": "RETURN $p", "params": {"p": list(range(20_000))}}),
    ],
    ids=["one-big-param", "many-params", "long-list"],
)
def test_oversized_arguments_as_a_whole_are_refused_before_any_work(tool: str, args: dict):
    async def ask(client):
        return await client.call_tool(tool, args)

    result = session(ask)
    message = result.structured_content["message"]
    assert result.is_error and f"the arguments of {tool} are" in message and f"the limit is {MAX_ARGUMENTS_CHARS:,}" in message


# ---------------------------------------------------------------- load_filing roots (item 7)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A root holding a FIFO, a socket, links out of it and a folder of filings."""
    from importlib.resources import files

    r = tmp_path / "root"
    r.mkdir()
    os.mkfifo(r / "pipe.xml")
    os.mkfifo(r / "pipe")
    (r / "link-out.xml").symlink_to("/etc/passwd")
    (r / "link-zero.xml").symlink_to("/dev/zero")
    (r / "link-pipe.xml").symlink_to(r / "pipe.xml")
    (r / "link-dir").symlink_to("/etc")
    many = r / "filings"  # a folder of filings: load_filing takes one filing, never walks
    (many / "a").mkdir(parents=True)
    (many / "b").mkdir()
    sample = Path(str(files("auditgraph.sample"))) / "filing" / "smpl-20251231.xml"
    (many / "a" / "a.xml").write_bytes(sample.read_bytes())
    (many / "b" / "b.xml").write_bytes(sample.read_bytes())
    outside = tmp_path / "outside"  # a filing folder whose entry links out of the root
    outside.mkdir()
    (outside / "smpl.xml").write_bytes(sample.read_bytes())
    linked = r / "linked-entry"
    linked.mkdir()
    (linked / "smpl.xml").symlink_to(outside / "smpl.xml")
    wide = r / "wide"
    wide.mkdir()
    for i in range(1_001):
        (wide / f"{i}.txt").touch()
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(r / "sock.xml"))
    yield r
    s.close()


# (id, path relative to the root or absolute, what the one-line refusal says)
PATHS = [
    ("slash", "/", "outside the folders load_filing may read"),
    ("etc", "/etc", "outside the folders"),
    ("dev-zero", "/dev/zero", "outside the folders"),
    ("dev-null", "/dev/null", "outside the folders"),
    ("proc", "/proc/self/fd/0", "outside the folders"),
    ("parent", "../", "outside the folders"),
    ("dotdot-escape", "filings/../../outside/smpl.xml", "outside the folders"),
    ("home", "~", "outside the folders"),
    ("link-out", "link-out.xml", "outside the folders"),
    ("link-zero", "link-zero.xml", "outside the folders"),
    ("link-dir", "link-dir", "outside the folders"),
    ("fifo-xml", "pipe.xml", "a FIFO (named pipe), not a file"),
    ("fifo", "pipe", "a FIFO (named pipe), not a file"),
    ("link-to-fifo", "link-pipe.xml", "a FIFO (named pipe), not a file"),
    ("socket", "sock.xml", "a socket, not a file"),
    ("folder-of-filings", "filings", "no filings in this folder; load_filing takes one filing"),
    ("root-itself", ".", "no filings in this folder"),
    ("entry-links-out", "linked-entry", "links outside the folders load_filing may read"),
    ("wide-folder", "wide", "more than 1,000 entries"),
    ("missing", "no-such.xml", "no such file or folder"),
]


@pytest.mark.parametrize("given,says", [p[1:] for p in PATHS], ids=[p[0] for p in PATHS])
def test_load_filing_reads_only_regular_files_under_its_roots(root: Path, given: str, says: str):
    path = given if given.startswith(("/", "~")) else str(root / given)

    async def ask(client):
        return await client.call_tool("load_filing", {"path": path})

    result = session(ask, roots=[root])  # NoGraph: nothing reaches the database
    message = result.structured_content["message"]
    assert result.is_error and says in message and "\n" not in message, message
    assert message.startswith(path)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/full"])
def test_a_device_under_a_root_is_refused_before_it_is_read(device: str):
    async def ask(client):
        return await client.call_tool("load_filing", {"path": device})

    result = session(ask, roots=[Path("/dev")])
    assert result.is_error and result.structured_content["message"].startswith(f"{device}: a device, not a file")


def test_roots_come_from_the_environment_or_default_to_here_and_the_sample(monkeypatch, tmp_path: Path):
    monkeypatch.delenv(ROOTS_ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    here, sample = default_roots()
    assert here == tmp_path and (sample / "filing" / "smpl-20251231.xml").is_file()
    monkeypatch.chdir("/")  # a client that starts the server in / gives it no root there
    assert default_roots() == [sample]
    monkeypatch.setenv(ROOTS_ENV, os.pathsep.join(["/srv/filings", "~/edgar", ""]))
    assert default_roots() == [Path("/srv/filings"), Path("~/edgar").expanduser()]


def test_mcp_root_option_is_a_folder_that_exists(tmp_path: Path):
    from click.testing import CliRunner

    from auditgraph.cli import cli

    r = CliRunner().invoke(cli, ["mcp", "--root", str(tmp_path / "nope")])
    assert r.exit_code == 2 and "--root" in r.output and "does not exist" in r.output


# ---------------------------------------------------------------- a line past the limit (item 3)


def test_a_line_past_the_limit_is_skipped_as_it_streams_and_answered_with_the_limit():
    import io

    from auditgraph.app.mcp_stdin import MAX_LINE_BYTES, BoundedLines

    small = BoundedLines(io.BytesIO(b'{"a": 1}\n' + b"x" * 50 + b"\n" + b"y" * 10 + b"\nlast"), limit=10)
    assert [small.readline() for _ in range(5)] == [
        '{"a": 1}\n',
        '{"auditgraph_oversized_line": 50}\n',  # 50 bytes, never held whole: read 11 at a time
        "y" * 10 + "\n",  # exactly the limit passes
        "last",
        "",
    ]
    huge = '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"q": "' + "x" * MAX_LINE_BYTES + '"}}'
    lines = [json.dumps({"auditgraph_oversized_line": len(huge)}), PING]  # what BoundedLines hands the transport
    error, pong = exchange(lines, expect=2)
    assert error["error"]["code"] == -32600 and error["id"] is None
    assert error["error"]["message"] == (
        f"Invalid Request: the line is {len(huge):,} bytes; the limit is {MAX_LINE_BYTES:,}: "
        "send smaller arguments (one JSON-RPC message per line)"
    )
    assert pong["id"] == 99
