"""The audit environment's tool catalog (AuditFlow Table 6) as typed functions over the graph.

Each Tool has a name, a description for the agent, a pydantic argument model and a run function
returning a ToolResult. `run_tool` raises; `call_tool` goes through the door every caller uses
(tools/toolbox.py, Toolbox.call), where errors become observations (status "error" with a message)
that an agent reads before it tries again.

    from auditgraph.tools.catalog import call_tool
    call_tool(graph, "get_fact", {"filing_id": "ADN_FY_2023", "concept": "us-gaap:Revenues"})
"""

from __future__ import annotations

from typing import Any

from auditgraph.errors import ConfigError
from auditgraph.graph import Graph
from auditgraph.tools.base import ErrorResult, Tool, ToolResult, ToolSpec

__all__ = [
    "ALL_TOOLS",
    "DYNAMIC_TOOLS",
    "STATIC_TOOLS",
    "Tool",
    "ErrorResult",
    "ToolResult",
    "ToolSpec",
    "call_tool",
    "run_tool",
]


def _catalogs() -> tuple[dict[str, Tool], dict[str, Tool]]:
    from auditgraph.tools.dynamic import DYNAMIC
    from auditgraph.tools.static import STATIC

    return {t.name: t for t in STATIC}, {t.name: t for t in DYNAMIC}


STATIC_TOOLS, DYNAMIC_TOOLS = _catalogs()
ALL_TOOLS: dict[str, Tool] = {**STATIC_TOOLS, **DYNAMIC_TOOLS}


def run_tool(graph: Graph, name: str, args: dict[str, Any]) -> dict[str, Any]:
    """Validate `args` and run the tool: a JSON-serialisable dict, or an exception (a ValidationError for bad
    arguments, an AuditGraphError, a Neo4jError) that the door, Toolbox.call, makes the observation."""
    tool = ALL_TOOLS.get(name)
    if tool is None:
        raise ConfigError(f"unknown tool {name!r}; tools: {', '.join(sorted(ALL_TOOLS))}")
    result = tool.run(graph, tool.params.model_validate(args or {}))
    result.tool = name
    return result.model_dump(mode="json")


def call_tool(graph: Graph, name: str, args: dict[str, Any]) -> dict[str, Any]:
    """The tool's observation (errors included, not raised): the catalog's door, Toolbox.call."""
    from auditgraph.tools.toolbox import catalog_toolbox

    return catalog_toolbox(graph).call(name, args)
