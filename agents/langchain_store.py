"""Our graph as a LangChain graph store, for users who bring their own chains (GraphCypherQAChain, agents).

    from auditgraph.agents.langchain_store import AuditGraphStore
    store = AuditGraphStore(graph)                   # graph: auditgraph.graph.Graph
    chain = GraphCypherQAChain.from_llm(llm, graph=store, allow_dangerous_requests=True)

It satisfies langchain-neo4j's GraphStore protocol without a second driver: every query the chain
(or its model) writes goes through `Graph.read_adhoc`, the guarded read-only door (docs/tools.md),
and the schema text is the one our own agents read (agents/environment.py). Writes are refused.
"""

from __future__ import annotations

from typing import Any

from auditgraph.agents.environment import Investigator
from auditgraph.errors import CypherRefused
from auditgraph.graph import Graph


class AuditGraphStore:
    """langchain_neo4j.graphs.graph_store.GraphStore over Graph.read_adhoc (read-only by construction)."""

    def __init__(self, graph: Graph, timeout: float = 10.0, limit: int = 1000):
        self._investigator = Investigator(graph, timeout)
        self.graph, self.timeout, self.limit = graph, timeout, limit

    @property
    def get_schema(self) -> str:
        return str(self._investigator.schema()["text"])

    @property
    def get_structured_schema(self) -> dict[str, Any]:
        s = self._investigator.schema()
        return {k: s[k] for k in ("node_props", "rel_props", "relationships")}

    def query(self, query: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """Rows of one read-only query (at most `limit`); CypherRefused names what the guard refused."""
        return self.graph.read_adhoc(query, params or {}, limit=self.limit, timeout=self.timeout).rows

    def refresh_schema(self) -> None:
        self._investigator = Investigator(self.graph, self.timeout)

    def add_graph_documents(self, graph_documents: list[Any], include_source: bool = False) -> None:
        raise CypherRefused(
            "the auditgraph store is read-only: load filings with `auditgraph filing load`, not through LangChain graph documents"
        )
