"""The whole tool catalog as an MCP server, so any coding agent audits in the same environment.

`auditgraph agents mcp` serves it over stdio (the paper's "env" condition of the external-agent
study). Tool calls run in a worker thread through the same `Toolbox.call` the auditors use
(auditgraph.tools.toolbox); errors come back as results with `is_error` set, never as a dropped connection.
"""

from __future__ import annotations

from typing import Any

import anyio
import anyio.to_thread

from auditgraph.agents.reports import canonical_json
from auditgraph.tools.toolbox import Toolbox, is_ok

INSTRUCTIONS = (
    "Tools over a Neo4j graph of US-GAAP taxonomies and SEC XBRL filings. Static tools read the taxonomy "
    "and run the deterministic DQC checkers (check_sign: DQC.US.0015, check_calc_tree: DQC.US.0126, "
    "check_dim_consistency: DQC.US.0117); dynamic tools analyse the filing's facts. Values are exact decimals."
)


def build_server(toolbox: Toolbox) -> Any:
    import mcp_types as types
    from mcp.server.lowlevel import Server

    async def list_tools(ctx: Any, params: Any) -> Any:
        return types.ListToolsResult(
            tools=[
                types.Tool(name=s.name, description=f"[{s.kind}] {s.description}", input_schema=dict(s.schema))
                for s in (toolbox.specs[n] for n in toolbox.names())
            ]
        )

    async def call_tool(ctx: Any, params: Any) -> Any:
        args = dict(params.arguments or {})
        obs = await anyio.to_thread.run_sync(toolbox.call, params.name, args)
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=canonical_json(obs))], structured_content=obs, is_error=not is_ok(obs)
        )

    return Server("auditgraph", instructions=INSTRUCTIONS, on_list_tools=list_tools, on_call_tool=call_tool)


def serve_stdio(toolbox: Toolbox) -> None:
    from mcp.server.stdio import stdio_server

    server = build_server(toolbox)

    async def main() -> None:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(main)
