"""Holding a write lock in Neo4j so a loader waits at a known point (the hostile tests that kill or freeze a
server mid-load), and seeing which transactions are still open."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from auditgraph.graph import Graph


def open_transactions_on(g: Graph, word: str) -> int:
    """Open transactions whose query contains `word` (SHOW TRANSACTIONS itself left out)."""
    return g.driver.execute_query(
        "SHOW TRANSACTIONS YIELD currentQuery WHERE currentQuery CONTAINS $word "
        "AND NOT currentQuery CONTAINS 'SHOW' RETURN count(*) AS n",
        word=word,
    ).records[0]["n"]


@contextlib.contextmanager
def role_held(g: Graph, key: str) -> Iterator[None]:
    """An uncommitted Role with this key: a loader that writes it waits inside its transaction."""
    session = g.driver.session()
    holder = session.begin_transaction()
    holder.run("CREATE (:Role {key: $key})", key=key).consume()
    try:
        yield
    finally:
        with contextlib.suppress(Exception):  # the server may be gone, and the lock with it
            holder.rollback()
        with contextlib.suppress(Exception):
            session.close()
