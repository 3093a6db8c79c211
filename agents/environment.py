"""Schema introspection and ad-hoc investigation for external agents (langchain-neo4j).

Two tools added to the catalog for the MCP environment: `get_graph_schema` (labels, properties
and relationship patterns through langchain-neo4j's Neo4jGraph) and `investigate_cypher`, an
ad-hoc read. A query the model wrote is, by nature, not one of the registry's files, so it goes
through the guarded door `Graph.read_adhoc` (READ transaction, EXPLAIN plan check against an
allowlist, server-side timeout, row and byte limits; see docs/tools.md), like MCP `run_cypher`.
"""

from __future__ import annotations

import threading
from typing import Any

from auditgraph.agents.toolbox import ToolSpec, Toolbox
from auditgraph.errors import CypherRefused
from auditgraph.graph import Graph

SCHEMA_SPEC = ToolSpec("get_graph_schema", "Node labels with properties and relationship patterns of the graph "
                       "(see docs/graph-model.md for their meaning).", "dynamic", {"type": "object", "properties": {}})
CYPHER_SPEC = ToolSpec("investigate_cypher", "Run one read-only Cypher query (checked with EXPLAIN first) with "
                       "a timeout and a row limit. Use $parameters for values.", "dynamic", {
                           "type": "object", "required": ["query"], "properties": {
                               "query": {"type": "string", "description": "MATCH ... RETURN ..."},
                               "params": {"type": "object", "description": "query parameters"},
                               "limit": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100}}})


class Investigator:
    """Schema through langchain-neo4j's Neo4jGraph; ad-hoc reads through the graph's guarded door."""

    def __init__(self, graph: Graph, timeout: float = 10.0):
        from langchain_neo4j import Neo4jGraph

        conn = graph.conn
        self.graph = graph
        self.timeout = timeout
        self.kg = Neo4jGraph(url=conn.uri, username=conn.user if conn.password is not None else "",
                             password=conn.password if conn.password is not None else "", database=graph.database,
                             timeout=timeout, sanitize=True, refresh_schema=False)
        self._lock = threading.Lock()
        self._schema: dict[str, Any] | None = None

    def close(self) -> None:
        self.kg.close()

    def schema(self) -> dict[str, Any]:
        with self._lock:
            if self._schema is None:
                self.kg.refresh_schema()
                s = self.kg.structured_schema
                self._schema = {"status": "ok", "node_props": s.get("node_props", {}), "rel_props": s.get("rel_props", {}),
                                "relationships": s.get("relationships", []), "text": self.kg.schema}
            return self._schema

    def read(self, query: str, params: dict[str, Any] | None = None, limit: int = 100) -> dict[str, Any]:
        try:
            limit = max(1, min(int(limit), 1000))
        except (TypeError, ValueError):
            return {"status": "error", "message": f"limit must be a whole number from 1 to 1000, not {limit!r}"}
        if params is not None and not isinstance(params, dict):
            return {"status": "error", "message": "params must be an object of query parameters ($name -> value)"}
        try:
            out = self.graph.read_adhoc(query, params or {}, limit=limit, timeout=self.timeout)
        except CypherRefused as exc:
            return {"status": "error", "message": str(exc)}
        res: dict[str, Any] = {"status": "ok" if out.rows else "no_data", "rows": out.rows, "row_count": len(out.rows)}
        if out.truncated == "rows":
            res["message"] = f"first {limit} rows only; add LIMIT or narrow the query"
        elif out.truncated == "bytes":
            res["message"] = f"first {len(out.rows)} rows only (the result grew past the byte limit); return fewer columns or rows"
        return res


def with_investigation(toolbox: Toolbox, investigator: Investigator) -> Toolbox:
    """The catalog plus the two investigation tools."""
    def run(name: str, args: dict[str, Any]) -> dict[str, Any]:
        if name == SCHEMA_SPEC.name:
            return investigator.schema()
        if name == CYPHER_SPEC.name:
            if not isinstance(args.get("query"), str) or not args["query"].strip():
                return {"status": "error", "message": "investigate_cypher needs a `query` string"}
            return investigator.read(args["query"], args.get("params") or {}, args.get("limit", 100))
        return toolbox.call(name, args)

    return Toolbox([*toolbox.specs.values(), SCHEMA_SPEC, CYPHER_SPEC], run)
