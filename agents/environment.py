"""Schema introspection and ad-hoc investigation for external agents (the MCP environment).

Two tools added to the catalog: `get_graph_schema` (labels, properties and relationship
patterns) and `investigate_cypher`, an ad-hoc read. Both go through our one door to Neo4j:
the schema is three named queries (cypher/tools/schema_*.cypher, the APOC sampling that
langchain-neo4j's Neo4jGraph runs) read with `Graph.read`, and its text is laid out by the
formatter langchain-neo4j uses (neo4j_graphrag.schema.format_schema), so the agent reads the
same schema text as before without a second driver. A query the model wrote is, by nature, not
one of the registry's files, so it goes through the guarded door `Graph.read_adhoc` (READ
transaction, EXPLAIN plan check against an allowlist, server-side timeout, row and byte limits;
see docs/tools.md), like MCP `run_cypher`.
"""

from __future__ import annotations

import threading
from typing import Any

from auditgraph.errors import CypherRefused
from auditgraph.graph import Graph
from auditgraph.tools.base import ToolSpec
from auditgraph.tools.cypher_limits import MAX_CYPHER_CHARS, MAX_CYPHER_DEPTH, check_adhoc
from auditgraph.tools.toolbox import Toolbox

SCHEMA_SPEC = ToolSpec(
    "get_graph_schema",
    "Node labels with properties and relationship patterns of the graph (see docs/graph-model.md for their meaning).",
    "dynamic",
    {"type": "object", "properties": {}},
)
CYPHER_SPEC = ToolSpec(
    "investigate_cypher",
    "Run one read-only Cypher query (checked with EXPLAIN first) with a timeout and a row limit. Use $parameters for values.",
    "dynamic",
    {
        "type": "object",
        "required": ["query"],
        "properties": {
            "query": {
                "type": "string",
                "maxLength": MAX_CYPHER_CHARS,
                "description": f"MATCH ... RETURN ..., at most {MAX_CYPHER_CHARS:,} characters and {MAX_CYPHER_DEPTH} levels of nesting",
            },
            "params": {"type": "object", "description": "query parameters"},
            "limit": {
                "type": "integer",
                "minimum": 1,
                "maximum": 1000,
                "default": 100,
                "description": "at most this many rows come back (1 to 1000); the message says when rows were cut",
            },
        },
    },
)


def graph_schema(graph: Graph, timeout: float | None = None) -> dict[str, Any]:
    """The structured schema langchain-neo4j's Neo4jGraph gives (node_props, rel_props, relationships), from named reads."""

    def outputs(name: str) -> list[dict[str, Any]]:
        return [r["output"] for r in graph.read(name, timeout=timeout)]

    return {
        "node_props": {el["label"]: el["properties"] for el in outputs("tools.schema_node_props")},
        "rel_props": {el["type"]: el["properties"] for el in outputs("tools.schema_rel_props")},
        "relationships": outputs("tools.schema_relationships"),
    }


class Investigator:
    """The LangChain-facing adapter over our Graph: schema (dict and text) and guarded ad-hoc reads."""

    def __init__(self, graph: Graph, timeout: float = 10.0):
        self.graph = graph
        self.timeout = timeout
        self._lock = threading.Lock()
        self._schema: dict[str, Any] | None = None

    def close(self) -> None:
        """Nothing to close: the Investigator holds no connection of its own (the graph's owner closes it)."""

    def schema(self) -> dict[str, Any]:
        with self._lock:
            if self._schema is None:
                from neo4j_graphrag.schema import format_schema  # langchain-neo4j's own layout of the schema text

                s = graph_schema(self.graph, self.timeout)
                self._schema = {"status": "ok", **s, "text": format_schema(s, is_enhanced=False)}
            return self._schema

    def read(self, query: str, params: dict[str, Any] | None = None, limit: int = 100) -> dict[str, Any]:
        try:
            limit = max(1, min(int(limit), 1000))
        except (TypeError, ValueError):
            return {"status": "error", "message": f"limit must be a whole number from 1 to 1000, not {limit!r}"}
        if params is not None and not isinstance(params, dict):
            return {"status": "error", "message": "params must be an object of query parameters ($name -> value)"}
        try:
            plan_only = check_adhoc(query)  # nesting and size before Neo4j's parser sees it
            out = self.graph.read_adhoc(query, params or {}, limit=limit, timeout=self.timeout, plan_only=plan_only)
        except CypherRefused as exc:
            return {"status": "error", "message": str(exc)}
        res: dict[str, Any] = {"status": "ok" if out.rows else "no_data", "rows": out.rows, "row_count": len(out.rows)}
        if out.truncated == "rows":
            res["message"] = f"first {limit} rows only; add LIMIT or narrow the query"
        elif out.truncated == "bytes":
            res["message"] = (
                f"first {len(out.rows)} rows only (the result grew past the byte limit); return fewer columns or rows"
            )
        return res


def with_investigation(toolbox: Toolbox, investigator: Investigator) -> Toolbox:
    """The catalog plus the two investigation tools."""

    def run(name: str, args: dict[str, Any]) -> dict[str, Any]:
        if name == SCHEMA_SPEC.name:
            return investigator.schema()
        if not isinstance(args.get("query"), str) or not args["query"].strip():
            return {"status": "error", "message": "investigate_cypher needs a `query` string"}
        return investigator.read(args["query"], args.get("params") or {}, args.get("limit", 100))

    return toolbox.plus([SCHEMA_SPEC, CYPHER_SPEC], run)
