"""`auditgraph mcp` and `auditgraph filing load` as processes, against a real Neo4j (issue 36, items 2, 7, 13).

- 36 verify_claim calls sent at once through the MCP SDK's client: every call is answered with the
  decision (and the bound facts) the same calls got one by one, and the server lives on. Before each
  thread had its own Z3 context, the server died with SIGSEGV after about 60 of 90 calls.
- The frames of the issue get JSON-RPC error responses from the real server.
- The CLI refuses a FIFO or a device in one line with exit 2 instead of blocking on it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import anyio
import pytest

from auditgraph.graph import Graph
from auditgraph.loader.filing_source import expand, filing_input

SMPL = "smpl-20251231"
OPEX = "What were total operating expenses for fiscal {} (in thousands)?"
CLAIMS = [
    {"filing_id": SMPL, "question": OPEX.format(2025), "claim": "2,000"},
    {"filing_id": SMPL, "question": OPEX.format(2024), "claim": "2,000"},
    {"filing_id": SMPL, "claim": "Revenue was $12.5 million in 2025"},
    {"filing_id": SMPL, "claim": "Revenue was $13.5 million in 2025"},
]
EXE = Path(sys.executable).with_name("auditgraph")


@pytest.fixture(scope="module")
def server_env(sample_filing_graph: Graph, neo4j_connection, tmp_path_factory) -> dict[str, str]:
    home = tmp_path_factory.mktemp("mcp-process")
    env = {
        **os.environ,
        "NEO4J_URI": neo4j_connection.uri,
        "AUDITGRAPH_CONFIG_DIR": str(home / "config"),
        "AUDITGRAPH_DATA_DIR": str(home / "data"),
    }
    if neo4j_connection.password:
        env["NEO4J_PASSWORD"] = neo4j_connection.password
    return env


def decision(result: Any) -> tuple[str, tuple[str, ...]]:
    content = result.structured_content
    assert not result.is_error, content
    verdict = content["verdict"]
    facts = {b["fact_id"] for b in verdict.get("bindings", [])}
    facts |= {b["fact_id"] for sub in verdict.get("subclaims", []) for b in sub.get("bindings", [])}
    return content["decision"], tuple(sorted(facts))


@pytest.fixture(scope="module")
def concurrent_run(server_env: dict[str, str]) -> dict[str, Any]:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    params = StdioServerParameters(command=str(EXE), args=["mcp"], env=server_env)
    out: dict[str, Any] = {"concurrent": {}}

    async def main() -> None:
        async with Client(params, read_timeout_seconds=300) as client:
            out["sequential"] = [decision(await client.call_tool("verify_claim", a)) for a in CLAIMS]

            async def one(i: int) -> None:
                out["concurrent"][i] = decision(await client.call_tool("verify_claim", CLAIMS[i % len(CLAIMS)]))

            async with anyio.create_task_group() as tg:
                for i in range(36):
                    tg.start_soon(one, i)
            out["after"] = await client.call_tool("list_filings", {})

    anyio.run(main)
    return out


def test_sequential_decisions_are_the_known_ones(concurrent_run):
    assert [d for d, _ in concurrent_run["sequential"]] == ["Verified", "Violated", "Verified", "Violated"]
    assert all(facts for _, facts in concurrent_run["sequential"])  # every decision rests on filed facts


@pytest.mark.parametrize("i", range(36))
def test_each_of_36_concurrent_verify_claims_is_answered_as_sequentially(concurrent_run, i: int):
    assert concurrent_run["concurrent"][i] == concurrent_run["sequential"][i % len(CLAIMS)]


def test_the_server_lives_after_the_concurrent_calls(concurrent_run):
    listed = concurrent_run["after"].structured_content
    assert [f["id"] for f in listed["filings"]] == [SMPL]


def test_each_check_has_a_z3_context_of_its_own():
    from auditgraph.verifier.check import fresh_context

    seen: list[Any] = []
    t = threading.Thread(target=lambda: seen.append(fresh_context()))
    t.start()
    t.join()
    assert fresh_context() is not fresh_context() and seen[0] is not fresh_context()


def test_the_issue_frames_get_error_responses_from_the_real_server(server_env: dict[str, str]):
    frames = ["{not json", "[]", "1", "null", '[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]']
    frames += ['{"id": 2, "method": "ping"}', '{"jsonrpc": "1.0", "id": 3, "method": "ping"}']
    done = subprocess.run(
        [str(EXE), "mcp"], input="\n".join(frames) + "\n", env=server_env, capture_output=True, text=True, timeout=300
    )
    responses = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["error"]["code"] for r in responses] == [-32700, -32600, -32600, -32600, -32600, -32600, -32600]
    assert [r["id"] for r in responses] == [None, None, None, None, None, 2, 3]
    assert done.returncode == 0 and "Traceback" not in done.stderr


# ---------------------------------------------------------------- FIFOs and devices given to the loader


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "f.xml"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("as_json", [False, True], ids=["table", "json"])
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_filing_load_refuses_a_fifo_or_a_device_in_one_line(server_env: dict[str, str], fifo: Path, kind: str, as_json: bool):
    path = str(fifo) if kind == "fifo" else "/dev/zero"
    args = [str(EXE), "filing", "load", path, *(["--json"] if as_json else [])]
    done = subprocess.run(args, env=server_env, capture_output=True, text=True, timeout=300)
    says = "a FIFO (named pipe), not a file" if kind == "fifo" else "a device, not a file"
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr.startswith(f"error: {path}: {says}; pass an instance") and done.stderr.count("\n") == 1


@pytest.mark.parametrize("target", ["fifo", "/dev/zero", "/dev/urandom", "/dev/random"])
def test_filing_input_refuses_special_files_before_opening_them(fifo: Path, target: str):
    from auditgraph.errors import LoadError

    path = fifo if target == "fifo" else Path(target)
    with pytest.raises(LoadError, match="not a file"):
        filing_input(path)
    (item,) = expand([path])
    assert isinstance(item, LoadError) and str(item).startswith(str(path))


def test_a_fifo_in_a_folder_of_filings_is_skipped_not_opened(tmp_path: Path):
    from importlib.resources import files

    sample = Path(str(files("auditgraph.sample"))) / "filing" / "smpl-20251231.xml"
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "a.xml").write_bytes(sample.read_bytes())
    os.mkfifo(tmp_path / "b.xml")
    os.mkfifo(tmp_path / "c.htm")
    assert expand([tmp_path]) == [tmp_path / "a"]
