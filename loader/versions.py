"""Replacing a filing: the previous version is retired in the load's own transaction and purged after the commit.

`load.filing_retire` relabels the old version's nodes (Fact -> Retired, ...), deletes its network edges and turns
its Filing node into a RetiredFiling marked with a token unique to the load, in the transaction that writes the new
version: readers see the old version until the commit and the new one after it, and a load that fails or is
killed rolls back to the old version whole. Deleting the old version in that transaction instead made every
later index seek of the writes slow (issue 37 item 9: a 2,600-fact filing's rows took 16 s instead of 4 s); the
network edges alone, between shared concepts, leave the writes as fast, so they go at once (docs/benchmarks.md).

Once the load has committed, `purge` deletes the retired version in batches of their own transactions (bounded
transaction memory). It is not left for later: the project's queries never match a Retired node, but Cypher
written by hand or by an agent (`MATCH ()-[l:FILER_LABEL]->()`, a REPORTS edge followed without a label) would
count the old version beside the new one. What a loader killed during its purge leaves is deleted by the next
load while Arelle parses (`Purge`), and by `filing delete` of that filing.
"""

from __future__ import annotations

import threading
import uuid

from neo4j.exceptions import Neo4jError

from auditgraph.errors import AuditGraphError
from auditgraph.graph import Graph


def new_token(filing_id: str) -> str:
    """A retire token: the filing's id and a random part, so two replacements never share one."""
    return f"{filing_id}@{uuid.uuid4().hex}"


def purge(graph: Graph, token: str) -> None:
    """Delete what `load.filing_retire` took out of view under `token`, then the placeholders nothing uses."""
    graph.write("load.filing_purge", token=token)
    graph.write("load.filing_purge_nodes", token=token)
    graph.write("filing.prune_placeholders")


def leftovers(graph: Graph, filing_id: str | None = None) -> list[str]:
    """Tokens of retired versions (of one filing, or of all) not purged yet."""
    return [r["token"] for r in graph.read("filing.retired") if filing_id is None or r["id"] == filing_id]


class Purge:
    """Leftover retired versions purged on a thread; `wait()` before writing. Best effort: a purge that fails
    (another loader purging the same version, the server away) leaves them for the next one."""

    def __init__(self, graph: Graph):
        self._thread: threading.Thread | None = None
        tokens = leftovers(graph)
        if tokens:
            self._thread = threading.Thread(target=self._run, args=(graph, tokens), name="purge-retired", daemon=True)
            self._thread.start()

    @staticmethod
    def _run(graph: Graph, tokens: list[str]) -> None:
        for token in tokens:
            try:
                purge(graph, token)
            except (AuditGraphError, Neo4jError):
                return

    @property
    def running(self) -> bool:
        return self._thread is not None

    def wait(self) -> None:
        if self._thread is not None:
            self._thread.join()
            self._thread = None
