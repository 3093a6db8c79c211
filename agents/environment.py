"""Schema introspection and ad-hoc investigation for external agents (langchain-neo4j).

Two tools added to the catalog for the MCP environment: `get_graph_schema` (labels, properties
and relationship patterns through langchain-neo4j's Neo4jGraph) and `investigate_cypher`, an
ad-hoc read. A query the model wrote is, by nature, not one of the registry's files, so it is
guarded instead: it must compile under EXPLAIN as a read-only statement (query type "r"), then
runs in a READ-access session with a server-side timeout, and only the first `limit` rows return.
"""

from __future__ import annotations

import threading
from typing import Any

from auditgraph.agents.toolbox import ToolSpec, Toolbox
from auditgraph.config import Connection

SCHEMA_SPEC = ToolSpec("get_graph_schema", "Node labels with properties and relationship patterns of the graph "
                       "(see docs/graph-model.md for their meaning).", "dynamic", {"type": "object", "properties": {}})
CYPHER_SPEC = ToolSpec("investigate_cypher", "Run one read-only Cypher query (checked with EXPLAIN first) with "
                       "a timeout and a row limit. Use $parameters for values.", "dynamic", {
                           "type": "object", "required": ["query"], "properties": {
                               "query": {"type": "string", "description": "MATCH ... RETURN ..."},
                               "params": {"type": "object", "description": "query parameters"},
                               "limit": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100}}})


class Investigator:
    """A Neo4jGraph over the configured connection, used read-only."""

    def __init__(self, conn: Connection, timeout: float = 10.0, database: str | None = None):
        from langchain_neo4j import Neo4jGraph

        self.kg = Neo4jGraph(url=conn.uri, username=conn.user if conn.password is not None else "",
                             password=conn.password if conn.password is not None else "", database=database,
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

    def query_type(self, query: str, params: dict[str, Any]) -> str:
        """The planner's classification: r (read), rw, w or s (schema); raises on a syntax error."""
        import neo4j

        with self.kg._driver.session(database=self.kg._database, default_access_mode=neo4j.READ_ACCESS) as session:
            return session.run("EXPLAIN " + query, params).consume().query_type  # the guard itself: plan only

    def read(self, query: str, params: dict[str, Any] | None = None, limit: int = 100) -> dict[str, Any]:
        from neo4j.exceptions import Neo4jError

        params = params or {}
        limit = max(1, min(int(limit), 1000))
        try:
            kind = self.query_type(query, params)
        except Neo4jError as exc:
            return {"status": "error", "message": f"the query does not compile: {exc.message or exc}"}
        if kind != "r":
            return {"status": "error", "message": f"refused: the planner classifies the query as {kind!r}, only read queries (r) run"}
        try:
            rows = self.kg.query(query, params, session_params={"default_access_mode": "READ"})
        except Neo4jError as exc:
            return {"status": "error", "message": f"query failed: {exc.message or exc}"}
        out = {"status": "ok" if rows else "no_data", "rows": rows[:limit], "row_count": min(len(rows), limit)}
        if len(rows) > limit:
            out["message"] = f"first {limit} of {len(rows)} rows; add LIMIT or narrow the query"
        return out


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
