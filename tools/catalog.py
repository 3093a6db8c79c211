"""The audit environment's tool catalog (AuditFlow Table 6) as typed functions over the graph.

Each Tool has a name, a description for the agent, a pydantic argument model and a run function
returning a ToolResult. Errors are observations (status "error" with a message), never raised:
an agent reads them and tries again.

    from auditgraph.tools.catalog import call_tool
    call_tool(graph, "get_fact", {"filing_id": "ADN_FY_2023", "concept": "us-gaap:Revenues"})
"""

from __future__ import annotations

from neo4j.exceptions import Neo4jError
from pydantic import ValidationError

from auditgraph.errors import AuditGraphError, GraphUnavailable
from auditgraph.graph import Graph
from auditgraph.tools.base import Tool, ToolError, ToolResult, ToolSpec, unknown_args

__all__ = ["ALL_TOOLS", "DYNAMIC_TOOLS", "STATIC_TOOLS", "Tool", "ToolError", "ToolResult", "ToolSpec", "call_tool"]


def _catalogs() -> tuple[dict[str, Tool], dict[str, Tool]]:
    from auditgraph.tools.dynamic import DYNAMIC
    from auditgraph.tools.static import STATIC

    return {t.name: t for t in STATIC}, {t.name: t for t in DYNAMIC}


STATIC_TOOLS, DYNAMIC_TOOLS = _catalogs()
ALL_TOOLS: dict[str, Tool] = {**STATIC_TOOLS, **DYNAMIC_TOOLS}


def call_tool(graph: Graph, name: str, args: dict) -> dict:
    """Validate `args`, run the tool, return a JSON-serialisable dict (errors included, not raised)."""
    tool = ALL_TOOLS.get(name)
    if tool is None:
        return ToolError(tool=name, message=f"unknown tool {name!r}; tools: {', '.join(sorted(ALL_TOOLS))}").model_dump(
            mode="json"
        )
    unknown = unknown_args(name, tool.schema(), args or {}) if isinstance(args, dict) else None
    if unknown:  # the same refusal as Toolbox.call's, for callers of this function
        return ToolError(tool=name, message=unknown).model_dump(mode="json")
    try:
        params = tool.params.model_validate(args or {})
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'args'}: {e['msg']}" for e in exc.errors())
        return ToolError(tool=name, message=f"bad arguments for {name}: {problems}").model_dump(mode="json")
    try:
        result = tool.run(graph, params)
    except GraphUnavailable:
        raise  # an outage is the caller's failure, not an observation (Toolbox.call says so)
    except AuditGraphError as exc:  # QueryFailed (a named query Neo4j rejected) included
        return ToolError(tool=name, message=str(exc)).model_dump(mode="json")
    except Neo4jError as exc:  # an observation for the agent, not a crash of the audit
        return ToolError(tool=name, message=f"the graph query failed: {exc.message or exc}").model_dump(mode="json")
    result.tool = name
    return result.model_dump(mode="json")
