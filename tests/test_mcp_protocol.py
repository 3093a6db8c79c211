"""The MCP server's protocol edges in process, without a database: prompts and resources asked for wrongly,
and load_filing refusing paths that hold no filing before it touches the graph (tests/test_mcp_server.py
drives the real thing over stdio)."""

from __future__ import annotations

from typing import Any

import anyio
import pytest

from auditgraph.app.mcp_server import build_server
from auditgraph.tools.toolbox import catalog_toolbox


class NoGraph:
    """Fails loudly if a test reaches the database it says it does not need."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the graph was used ({name})")


def _session(fn, roots=None):
    from mcp import Client

    graph = NoGraph()

    async def main():
        async with Client(build_server(catalog_toolbox(graph), graph, roots=roots)) as client:
            return await fn(client)

    return anyio.run(main)


def test_a_prompt_without_its_arguments_or_unknown_is_an_invalid_params_error():
    from mcp.shared.exceptions import MCPError

    async def ask(client):
        errors = []
        for name, args in (("verify_this_claim", {"filing": "SMPL 10-K 2025"}), ("no_such_prompt", {"filing": "x"})):
            with pytest.raises(MCPError) as exc:
                await client.get_prompt(name, args)
            errors.append(exc.value.message)
        return errors

    missing, unknown = _session(ask)
    assert missing == "prompt verify_this_claim needs claim"
    assert "unknown prompt 'no_such_prompt'" in unknown and "audit_this_filing" in unknown


def test_an_unknown_resource_is_an_error_naming_the_resources():
    from mcp.shared.exceptions import MCPError

    async def ask(client):
        with pytest.raises(MCPError) as exc:
            await client.read_resource("auditgraph://nothing")
        return exc.value.message

    message = _session(ask)
    assert "auditgraph://docs/graph-model" in message and "auditgraph://queries" in message


def test_load_filing_refuses_a_folder_without_filings_and_an_empty_path(tmp_path):
    (tmp_path / "notes.txt").write_text("not a filing")

    async def ask(client):
        return (
            await client.call_tool("load_filing", {"path": str(tmp_path)}),
            await client.call_tool("load_filing", {"path": "  "}),
            await client.call_tool("load_filing", {}),
        )

    folder, empty, absent = _session(ask, roots=[tmp_path])
    for result in (folder, empty, absent):
        assert result.is_error and "\n" not in result.structured_content["message"]
    assert str(tmp_path) in folder.structured_content["message"] and "no filings" in folder.structured_content["message"]
    assert "needs a path" in empty.structured_content["message"]
    assert (
        "path" in absent.structured_content["message"] and "bad arguments for load_filing" in absent.structured_content["message"]
    )


def test_an_outage_is_a_protocol_error_with_its_one_line():
    from mcp import Client
    from mcp.shared.exceptions import MCPError

    from auditgraph.errors import GraphUnavailable
    from auditgraph.tools.base import ToolSpec
    from auditgraph.tools.toolbox import Toolbox

    def down(name: str, args: dict[str, Any]) -> dict[str, Any]:
        raise GraphUnavailable("cannot reach Neo4j at bolt://127.0.0.1:1: start it with `auditgraph neo4j start`")

    box = Toolbox([ToolSpec("get_fact", "facts", "static", {"type": "object", "properties": {}})], down)

    async def main():
        async with Client(build_server(box)) as client:
            with pytest.raises(MCPError) as exc:
                await client.call_tool("get_fact", {})
            return exc.value.message

    assert anyio.run(main) == "cannot reach Neo4j at bolt://127.0.0.1:1: start it with `auditgraph neo4j start`"


def test_an_unknown_argument_name_is_an_error_result_naming_it_and_the_tools_arguments(sample_filing_graph):
    # a dropped `concpt` would run the sign checker over the whole filing and answer for something wider
    from mcp import Client

    async def main():
        async with Client(build_server(catalog_toolbox(sample_filing_graph), sample_filing_graph)) as client:
            return (
                await client.call_tool("check_sign", {"filing_id": "smpl-20251231", "concpt": "us-gaap:Assets"}),
                await client.call_tool("list_filings", {"verbose": True}),
                await client.call_tool("check_sign", {"filing_id": "smpl-20251231", "concept": "us-gaap:Assets"}),
            )

    typo, server_tool, right = anyio.run(main)
    assert typo.is_error and typo.structured_content["message"] == (
        "unknown argument(s) 'concpt' for check_sign; it takes: filing_id, concept, period, coverage"
    )
    assert "outcome" not in typo.structured_content and typo.structured_content["message"] in typo.content[0].text
    assert server_tool.is_error and server_tool.structured_content["message"] == (
        "unknown argument(s) 'verbose' for list_filings; it takes: no arguments"
    )
    assert not right.is_error and right.structured_content["outcome"] in ("ok", "not_evaluable", "violation")
