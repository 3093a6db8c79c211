"""The one place that talks to Neo4j: connect, run named queries, write in batches.

Every statement comes from the query registry; callers pass a query name and parameters,
never Cypher text, so no Cypher is ever assembled from user values.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import neo4j
from neo4j import GraphDatabase, RoutingControl
from neo4j.exceptions import AuthError, ServiceUnavailable

from auditgraph import queries
from auditgraph.config import Connection, connection
from auditgraph.errors import GraphUnavailable

Row = dict[str, Any]


def _unavailable(conn: Connection, exc: Exception) -> GraphUnavailable:
    if isinstance(exc, AuthError):
        where = "NEO4J_PASSWORD" if conn.external else "the [local] password in ~/.config/auditgraph/config.toml"
        return GraphUnavailable(f"Neo4j at {conn.uri} refused user {conn.user!r}: wrong password; set {where}")
    fix = "check NEO4J_URI / the server" if conn.external else "start it with `auditgraph neo4j start`"
    return GraphUnavailable(f"no Neo4j answers at {conn.uri}; {fix}")


class Graph:
    """A connected database. Use as a context manager or call close()."""

    def __init__(self, conn: Connection, database: str | None = None):
        self.conn = conn
        self.database = database
        auth = (conn.user, conn.password) if conn.password is not None else None
        # Notifications off: "property key does not exist" warnings on a fresh database are noise to users.
        self.driver = GraphDatabase.driver(conn.uri, auth=auth, connection_timeout=5, max_connection_lifetime=3600,
                                           notifications_min_severity="OFF")
        try:
            self.driver.verify_connectivity()
        except (AuthError, ServiceUnavailable, OSError) as exc:
            self.driver.close()
            raise _unavailable(conn, exc) from exc

    @classmethod
    def connect(cls) -> Graph:
        return cls(connection())

    def close(self) -> None:
        self.driver.close()

    def __enter__(self) -> Graph:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def run(self, name: str, **params: Any) -> list[Row]:
        """Run one named query in its own transaction; returns rows as dicts."""
        query = queries.get(name)
        query.check_params(params)
        routing = RoutingControl.READ if query.mode == "read" else RoutingControl.WRITE
        if "IN TRANSACTIONS" in query.text:  # batched writes must run in an auto-commit transaction
            with self.driver.session(database=self.database) as session:
                return [r.data() for r in session.run(query.text, params)]
        try:
            records, _, _ = self.driver.execute_query(query.text, params, database_=self.database, routing_=routing)
        except ServiceUnavailable as exc:
            raise _unavailable(self.conn, exc) from exc
        return [r.data() for r in records]

    def run_script(self, name: str) -> int:
        """Run every statement of a script query (schema files); returns how many ran."""
        query = queries.get(name)
        statements = query.statements()
        with self.driver.session(database=self.database) as session:
            for statement in statements:
                session.run(statement).consume()
        return len(statements)

    @contextmanager
    def transaction(self) -> Iterator[Tx]:
        """One explicit write transaction: all or nothing."""
        with self.driver.session(database=self.database) as session:
            with session.begin_transaction() as tx:
                yield Tx(tx)
                tx.commit()

    def write_batches(
        self,
        name: str,
        rows: Sequence[Row],
        batch_size: int = 5000,
        on_batch: Callable[[int], None] | None = None,
        **params: Any,
    ) -> int:
        """Send `rows` to an `UNWIND $rows` query in transactions of `batch_size` rows."""
        query = queries.get(name)
        query.check_params({"rows": rows, **params})
        done = 0
        with self.driver.session(database=self.database) as session:
            for start in range(0, len(rows), batch_size):
                chunk = list(rows[start : start + batch_size])
                session.execute_write(lambda tx, c=chunk: tx.run(query.text, {"rows": c, **params}).consume())
                done += len(chunk)
                if on_batch:
                    on_batch(len(chunk))
        return done


class Tx:
    """A named-query view of an open transaction."""

    def __init__(self, tx: neo4j.Transaction):
        self._tx = tx

    def run(self, name: str, **params: Any) -> list[Row]:
        query = queries.get(name)
        query.check_params(params)
        return [r.data() for r in self._tx.run(query.text, params)]


_COMMIT, _ROLLBACK = object(), object()


class BackgroundTx:
    """One write transaction run by a worker thread, so the caller can go on computing.

    `run` queues a named query and returns at once; the worker sends queued statements in
    order while the caller builds the next rows. The server is another process and the worker
    mostly waits on its socket, so Python work and database work overlap even under the GIL.
    `finish` queues the commit (or rollback) and returns; `wait` blocks until the worker is done
    and raises the first error, in which case the whole transaction was rolled back. Parameters
    are sent later by the worker, so the caller must not change them after `run`.
    """

    def __init__(self, graph: Graph):
        self._graph = graph
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._work, name="neo4j-writer", daemon=True)
        self._thread.start()

    def run(self, name: str, **params: Any) -> None:
        query = queries.get(name)
        query.check_params(params)
        if self.error is None:  # after a failure nothing more is sent; wait() reports it
            self._queue.put((query.text, params))

    def finish(self, commit: bool = True) -> None:
        self._queue.put(_COMMIT if commit else _ROLLBACK)

    def wait(self) -> None:
        self._thread.join()
        if self.error is not None:
            raise self.error

    def abort(self) -> None:
        """Roll back and wait; any database error is dropped (the caller is raising its own)."""
        self.finish(commit=False)
        self._thread.join()

    def _work(self) -> None:
        item: Any = None
        try:
            with self._graph.driver.session(database=self._graph.database) as session:
                tx = session.begin_transaction()
                try:
                    while (item := self._queue.get()) not in (_COMMIT, _ROLLBACK):
                        # not consumed: the driver pipelines, packing the next statement while the
                        # server runs this one; commit() drains the results and raises any error
                        tx.run(*item)
                    if item is _COMMIT:
                        tx.commit()
                finally:
                    tx.close()  # rolls back unless committed
        except BaseException as exc:  # handed to the caller by wait()
            self.error = exc
            while item not in (_COMMIT, _ROLLBACK):  # let finish() return; drop what was queued
                item = self._queue.get()


def chunked(rows: Iterable[Row], size: int) -> Iterator[list[Row]]:
    chunk: list[Row] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
