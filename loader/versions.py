"""Retired filing versions that loaders before 2026-12-07 left: purged while a later load parses.

A filing is now replaced in place, in the load's own transaction (`filing_rows.InPlace`, cypher/load/reload_*): no
version is retired any more. Loaders before that relabelled the old version in the load's transaction (Fact ->
Retired, ..., its Filing node a RetiredFiling marked with a token) and deleted it after the commit; one killed
during that delete, or a database loaded by them, may still hold such a version. It is out of view of the
project's queries, but Cypher written by hand or by an agent (`MATCH ()-[l:FILER_LABEL]->()`) would count it, so
the next load deletes it while Arelle parses (`Purge`), and `filing delete` of that filing at once.
"""

from __future__ import annotations

import threading

from neo4j.exceptions import Neo4jError

from auditgraph.errors import AuditGraphError
from auditgraph.graph import Graph


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
