"""The one door to Neo4j: connect, read and write named queries, run guarded ad-hoc reads.

No other module opens a driver session (tests/test_one_door.py checks it). The handles:

- `Graph.read(name, **params)`: a named query in a READ transaction (routed to readers on a
  cluster; Neo4j itself refuses a write there), stopped by the server after `timeout` seconds
  (READ_TIMEOUT_S unless the caller passes its own; None: no limit). `Graph.read_records` is the
  same read returning the driver's records, for hot paths.
- `Graph.write(name, **params)`: a named query in its own WRITE transaction.
- Loads: `Graph.write_batches` (rows in batched transactions), `Graph.transaction` (one explicit
  transaction, `Tx.run`), `BackgroundTx` (one transaction fed from a worker thread), and
  `Graph.run_script` (the schema's statements).
- `Graph.read_adhoc(query)`: Cypher a user or an agent wrote (see below).

Every handle maps the driver's errors to the error tree in one place, `_driver_errors`: a named
query that Neo4j rejects raises `QueryFailed`, naming the query and its .cypher file; an
unreachable or frozen server raises `GraphUnavailable`; ad-hoc Cypher Neo4j rejects raises
`CypherRefused`. (`BackgroundTx` hands the loader the driver's own errors, whose codes it reads,
naming only a frozen server.)

Every statement comes from the query registry; callers pass a query name and parameters,
never Cypher text, so no Cypher is ever assembled from user values. The one exception is
`Graph.read_adhoc`, the guarded door for Cypher written by a user or an agent (MCP
`run_cypher`, `investigate_cypher`): it is read-only by what Neo4j itself enforces, not by
keyword filters (see `check_plan` and docs/tools.md).
"""

from __future__ import annotations

import base64
import json
import logging
import math
import os
import queue
import re
import socket
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import neo4j
from neo4j import GraphDatabase, RoutingControl
from neo4j.exceptions import (
    AuthError,
    ClientError,
    ConfigurationError,
    DriverError,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
)

from auditgraph import queries
from auditgraph.config import Connection, connect_timeout, connection, local_settings
from auditgraph.errors import ConfigError, CypherRefused, GraphUnavailable, QueryFailed

Row = dict[str, Any]

# Server-side timeout of a named read unless its caller passes its own: long enough for the largest filing's
# reads on a loaded portfolio, short enough that a runaway read ends instead of holding the caller.
READ_TIMEOUT_S = 60.0

# The driver logs a dying server's broken connection ("Failed to read from defunct connection")
# at ERROR; with no handler configured Python prints it to stderr beside the CLI's one-line
# error. A NullHandler keeps it off the terminal; an application that configures logging still gets it.
logging.getLogger("neo4j").addHandler(logging.NullHandler())


_SCHEMA_NAME = re.compile(r"CREATE (CONSTRAINT|INDEX) (\w+) IF NOT EXISTS", re.IGNORECASE)
_SCHEMES = ("bolt", "neo4j", "bolt+s", "bolt+ssc", "neo4j+s", "neo4j+ssc")
_BOLT_HELLO = b"\x60\x60\xb0\x17" + b"\x00\x08\x08\x05" + b"\x00\x00\x04\x04" + b"\x00" * 8


def _address(conn: Connection) -> tuple[str, int]:
    """Host and port of a Neo4j URI, or ConfigError naming the setting, the (redacted) URI and the fix."""
    shown = conn.shown_uri
    try:
        parts = urlsplit(conn.uri)
        port = parts.port
    except ValueError:
        raise ConfigError(f"{conn.source} {shown!r} has no valid port (1-65535); use bolt://HOST:7687") from None
    if parts.scheme not in _SCHEMES or not parts.hostname:
        raise ConfigError(f"{conn.source} {shown!r} is not a Neo4j address; use bolt://HOST:7687 or neo4j://HOST:7687")
    if port == 0:  # the driver would read 0 as "no port" and try 7687: someone else's server
        raise ConfigError(f"{conn.source} {shown!r}: port 0 is no port; use bolt://HOST:7687")
    if parts.path not in ("", "/") or parts.fragment:
        raise ConfigError(
            f"{conn.source} {shown!r} has a path ({parts.path or '#' + parts.fragment}); a Neo4j address has none: "
            "use bolt://HOST:PORT (NEO4J_DATABASE names a database)"
        )
    if parts.username is not None or parts.password is not None:
        raise ConfigError(
            f"{conn.source} {shown!r} holds a user name or password, which the driver does not take from a URI; "
            "remove it and set NEO4J_USER and NEO4J_PASSWORD"
        )
    host = parts.hostname
    try:  # a name DNS could never resolve (a label over 63 or a name over 253 characters)
        if len(host) > 253 or any(len(label) > 63 for label in host.split(".")):
            raise UnicodeError
        host.encode("idna")
    except UnicodeError:
        raise ConfigError(
            f"{conn.source}: the host {host[:40]!r}{'...' if len(host) > 40 else ''} ({len(host)} characters) is not a "
            "valid host name (at most 253 characters, 63 per label); check the address"
        ) from None
    return host, port or 7687


def _check_bolt(conn: Connection, timeout: float) -> None:
    """Fail fast, with a clear message, when the address is not a Bolt server. The driver would
    wait for its connection-acquisition timeout on a listener that accepts and never answers
    (another program on the Bolt port, or a frozen Neo4j); here a plain socket asks for the Bolt handshake."""
    host, port = _address(conn)
    if urlsplit(conn.uri).scheme.endswith(("+s", "+ssc")):
        return  # TLS first: the handshake below would not be understood; the driver's timeouts apply
    try:
        answer = _handshake(host, port, timeout)
    except TimeoutError:
        raise GraphUnavailable(
            f"timed out after {timeout:g} s waiting for the Bolt handshake at {host}:{port}: a frozen or overloaded "
            f"Neo4j, or a program that is not Neo4j; check the server (`auditgraph neo4j status`) and {conn.source} "
            "(AUDITGRAPH_CONNECT_TIMEOUT waits longer)"
        ) from None
    except OSError as exc:
        raise _unavailable(conn, exc) from exc
    if len(answer) != 4 or answer == b"\x00\x00\x00\x00":
        raise GraphUnavailable(f"what answers at {host}:{port} does not speak Bolt (Neo4j 5): check {conn.source}") from None


def _handshake(host: str, port: int, timeout: float) -> bytes:
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.settimeout(timeout)
        sock.sendall(_BOLT_HELLO)
        return sock.recv(4)


def _answers(conn: Connection, timeout: float) -> bool | None:
    """Does the server still answer a new connection's Bolt handshake within `timeout`? None: cannot tell (TLS)."""
    try:
        host, port = _address(conn)
        if urlsplit(conn.uri).scheme.endswith(("+s", "+ssc")):
            return None  # no plain handshake over TLS
        return len(_handshake(host, port, timeout)) == 4
    except (OSError, ConfigError):
        return False


def timed_out(exc: BaseException) -> bool:
    """True when a driver error comes from a socket read that timed out: the server sent nothing, not even
    the keep-alive it promised (its hint connection.recv_timeout_seconds), for that long."""
    seen: set[int] = set()
    cur: BaseException | None = exc
    while cur is not None and id(cur) not in seen:
        if isinstance(cur, TimeoutError):
            return True
        seen.add(id(cur))
        cur = cur.__cause__ or cur.__context__
    return False


def _failed(query: queries.Query, exc: Neo4jError, timeout: float | None = None) -> QueryFailed | GraphUnavailable:
    """The one error for a named query Neo4j rejected: which query, which file, what Neo4j said."""
    code = exc.code or ""
    said = (exc.message or str(exc)).strip()
    said = said.splitlines()[0] if said else code
    if "DatabaseNotFound" in code:  # dropped since Graph() checked it: the environment, not the query
        return GraphUnavailable(f"Neo4j says {said!r}; unset NEO4J_DATABASE or create that database")
    where = f"{query.name} ({query.path})"
    if "AccessMode" in code or "read access mode" in said.lower():
        fix = "its header says `mode: read`; make it `mode: write`" if query.mode == "read" else "run it with Graph.write"
        return QueryFailed(f"{where} writes, and Neo4j refused it in a read transaction ({said}); {fix}")
    if "TransactionTimedOut" in code:
        return QueryFailed(
            f"{where} ran longer than its {timeout or 0:g} s timeout and the server stopped it; "
            "narrow the request (one filing, one concept)"
        )
    return QueryFailed(f"{where} failed in Neo4j: {said} [{code}]; that query file is at fault, report it")


def _unavailable(conn: Connection, exc: Exception) -> GraphUnavailable:
    if isinstance(exc, AuthError):
        if conn.external:
            where = "NEO4J_PASSWORD" if conn.source == "NEO4J_URI" else f"the password beside the {conn.source}"
        else:
            where = f"the password of {conn.source.replace(' bolt_port', '')}"
        return GraphUnavailable(f"Neo4j at {conn.shown_uri} refused user {conn.user!r}: wrong password; set {where}")
    fix = f"check {conn.source} / the server" if conn.external else "start it with `auditgraph neo4j start`"
    return GraphUnavailable(f"no Neo4j answers at {conn.shown_uri}; {fix}")


# ---------------------------------------------------------------- the ad-hoc Cypher guard
ADHOC_TIMEOUT_S = 10.0  # server-side transaction timeout of one ad-hoc read
ADHOC_MAX_BYTES = 1_000_000  # JSON size of the rows returned by one ad-hoc read

# Plan operators a read may use (names without the "@database" suffix). Everything else is
# refused: updating operators, LoadCSV, TransactionApply/TransactionForeach (CALL IN
# TRANSACTIONS), Show/TerminateTransactions, ShowSettings, AdministrationCommand, ...
READ_OPERATORS = frozenset(
    """
    ProduceResults Projection Filter Limit ExhaustiveLimit Skip Sort PartialSort Top PartialTop Top1WithTies
    Distinct OrderedDistinct Aggregation EagerAggregation OrderedAggregation Unwind PartitionedUnwind Eager
    Argument ArgumentTracker EmptyRow Input CacheProperties ProjectEndpoints NullifyMetadata Anti Optional
    Apply SemiApply AntiSemiApply LetSemiApply LetAntiSemiApply SelectOrSemiApply SelectOrAntiSemiApply
    LetSelectOrSemiApply LetSelectOrAntiSemiApply ConditionalApply AntiConditionalApply RollUpApply
    CartesianProduct NodeHashJoin ValueHashJoin NodeLeftOuterHashJoin NodeRightOuterHashJoin
    Union OrderedUnion TriadicSelection TriadicBuild TriadicFilter
    Expand(All) Expand(Into) OptionalExpand(All) OptionalExpand(Into) VarLengthExpand(All) VarLengthExpand(Into)
    VarLengthExpand(Pruning) VarLengthExpand(Pruning,BFS) BFSPruningVarExpand ShortestPath
    StatefulShortestPath(All) StatefulShortestPath(Into) Trail Repeat(Trail)
    NodeCountFromCountStore RelationshipCountFromCountStore ProcedureCall
    ShowIndexes ShowConstraints ShowProcedures ShowFunctions
""".split()
)
# Leaf scans and seeks of every kind (AllNodesScan, NodeIndexSeek, DirectedRelationshipTypeScan, ...)
_READ_LEAF = re.compile(r"(Partitioned)?\w*(Scan|Seek|SeekByRange)")
# Procedures an ad-hoc read may CALL: schema introspection, nothing that reaches outside the graph.
READ_PROCEDURES = frozenset(
    {
        "db.labels",
        "db.relationshipTypes",
        "db.propertyKeys",
        "db.schema.visualization",
        "db.schema.nodeTypeProperties",
        "db.schema.relTypeProperties",
    }
)
# Plug-in functions an ad-hoc read may call (built-in functions are all allowed); apoc.load.*,
# apoc.import.*, apoc.export.* and the rest of APOC are not.
READ_FUNCTIONS = frozenset(
    {"apoc.version", "apoc.coll.sum", "apoc.coll.toSet", "apoc.coll.sort", "apoc.text.join", "apoc.map.fromPairs"}
)
_QUOTED = re.compile(r"`(?:[^`]|``)*`|\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'")
_CALLED = re.compile(r"([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\s*\(")


def check_plan(query_type: str | None, plan: Mapping[str, Any] | None, user_functions: Iterable[str] = ()) -> None:
    """Refuse (CypherRefused) a plan that is not a plain read; see READ_OPERATORS and friends."""
    if query_type != "r":
        kind = {"rw": "reads and writes", "w": "writes", "s": "changes the schema or administers the server"}
        raise CypherRefused(
            f"refused: the planner says this query {kind.get(query_type or '', repr(query_type))} "
            "(query type " + repr(query_type) + "); only read queries run here"
        )
    if not plan:
        raise CypherRefused("refused: Neo4j returned no plan to check; only read queries run here")
    udfs = frozenset(user_functions) - READ_FUNCTIONS
    stack = [plan]
    while stack:
        op = stack.pop()
        stack.extend(op.get("children") or [])
        name, _, db = str(op.get("operatorType", "")).partition("@")
        details = str((op.get("args") or {}).get("Details") or "")
        if db == "system":
            raise CypherRefused("refused: the query runs on the system database (administration); only read queries run here")
        if name not in READ_OPERATORS and not _READ_LEAF.fullmatch(name):
            raise CypherRefused(
                f"refused: the plan uses {name!r}, which is not a plain read "
                "(allowed: MATCH/OPTIONAL MATCH/WITH/UNWIND/RETURN, subqueries, schema SHOW commands)"
            )
        if name == "ProcedureCall":
            proc = details.split("(", 1)[0].strip()
            if proc not in READ_PROCEDURES:
                raise CypherRefused(
                    f"refused: procedure {proc!r} is not on the read-only allowlist ({', '.join(sorted(READ_PROCEDURES))})"
                )
        if udfs:
            for fn in _CALLED.findall(_QUOTED.sub("", details)):
                if fn in udfs:
                    raise CypherRefused(
                        f"refused: function {fn!r} is not on the read-only allowlist ({', '.join(sorted(READ_FUNCTIONS))})"
                    )


def _neo4j_refusal(exc: Neo4jError, timeout: float) -> str:
    code = exc.code or ""
    text = (exc.message or str(exc)).strip().splitlines()[0] if (exc.message or str(exc)).strip() else code
    if "TransactionTimedOut" in code or "Terminated" in code and "timeout" in text.lower():
        return f"refused: the query ran longer than {timeout:g} s and the server stopped it; add LIMIT or narrow it"
    if "MemoryPoolOutOfMemoryError" in code or "TransactionOutOfMemoryError" in code or "memory" in code.lower():
        return "refused: the query needs more memory than one transaction may use; add LIMIT or narrow it"
    if "Forbidden" in code or "AccessMode" in code or "read access mode" in text.lower():
        return f"refused: Neo4j rejected it in read-only mode ({text}); only read queries run here"
    if isinstance(exc, ClientError):
        return f"refused: Neo4j rejected the query: {text}"
    return f"the query failed in Neo4j: {text}"


@contextmanager
def _driver_errors(graph: Graph | None, query: queries.Query | None, timeout: float | None = None) -> Iterator[None]:
    """The one map from the driver's errors to the error tree (as httpx's `map_exceptions`). Every handle runs
    its driver calls inside it, so one failure reads, and exits, the same whichever handle met it:

    - the server is gone (ServiceUnavailable, SessionExpired): GraphUnavailable from `Graph._gone` (frozen, it
      dropped the request, or no server); without a `graph` (`Tx.run`) they go on to the transaction's owner;
    - Neo4j rejected a named `query` (ClientError): QueryFailed naming its .cypher file (`_failed`);
    - the server refused the credentials (AuthError, a ClientError): GraphUnavailable naming the password to set;
    - ad-hoc Cypher (`query` None): whatever Neo4j rejected (any Neo4jError) is CypherRefused with its reason, and
      a request the server dropped while it still answers is the query's fault, refused too.
    Other errors (the tree's own, a named query's TransientError) pass unchanged. A `graph` known to be down
    fails at once (`Graph._check_down`) instead of waiting out the driver's timeouts again."""
    if graph is not None:
        graph._check_down()
    try:
        yield
    except (ServiceUnavailable, SessionExpired) as exc:
        if graph is None:
            raise
        if query is not None:
            raise graph._gone(exc) from exc
        gone = graph._gone(exc, request="this query")
        if graph._down is None and timed_out(exc):  # the server is up: it was this query
            raise CypherRefused(f"refused: {gone}; simplify the query") from exc
        raise gone from exc
    except AuthError as exc:  # the credentials stopped working mid-run (a password changed): the environment, not a query
        if graph is None:
            raise
        raise _unavailable(graph.conn, exc) from exc
    except Neo4jError as exc:
        if query is None:
            raise CypherRefused(_neo4j_refusal(exc, timeout or 0)) from exc
        if isinstance(exc, ClientError):
            raise _failed(query, exc, timeout) from exc
        raise


def plain(v: Any) -> Any:
    """Any Neo4j value as JSON: nodes/relationships -> their properties (plus labels/type),
    paths -> nodes and relationships, temporal values -> ISO 8601, points -> srid and
    coordinates, bytes -> base64, non-finite floats -> "NaN"/"Infinity"/"-Infinity"."""
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        return v if math.isfinite(v) else ("NaN" if math.isnan(v) else ("Infinity" if v > 0 else "-Infinity"))
    if isinstance(v, neo4j.graph.Node):
        return {**{k: plain(x) for k, x in v.items()}, "_labels": sorted(v.labels)}
    if isinstance(v, neo4j.graph.Relationship):
        return {**{k: plain(x) for k, x in v.items()}, "_type": v.type}
    if isinstance(v, neo4j.graph.Path):
        return {"nodes": [plain(n) for n in v.nodes], "relationships": [plain(r) for r in v.relationships]}
    if isinstance(v, neo4j.spatial.Point):
        return {"srid": v.srid, "coordinates": [plain(c) for c in v]}
    if hasattr(v, "iso_format"):  # neo4j.time Date, Time, DateTime, Duration
        return v.iso_format()
    if hasattr(v, "isoformat"):
        return v.isoformat()
    if isinstance(v, (bytes, bytearray)):
        return base64.b64encode(bytes(v)).decode("ascii")
    if isinstance(v, Mapping):
        return {str(k): plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    return str(v)


@dataclass
class AdhocResult:
    """What an ad-hoc read returned: JSON-ready rows, and whether (and why) they were cut."""

    rows: list[Row] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    truncated: str | None = None  # "rows" or "bytes" when the read stopped early
    bytes: int = 0


_LEADING_EXPLAIN = re.compile(r"\A(?:\s+|//[^\n]*(?:\n|\Z)|/\*.*?\*/)*EXPLAIN\b", re.IGNORECASE | re.DOTALL)


def _plan_rows(plan: Mapping[str, Any], limit: int) -> AdhocResult:
    """An EXPLAIN plan as rows, root first (depth-first, as Neo4j Browser draws it bottom-up)."""
    result = AdhocResult(columns=["depth", "operator", "details", "estimated_rows"])
    stack: list[tuple[int, Mapping[str, Any]]] = [(0, plan)]
    while stack:
        depth, op = stack.pop()
        if len(result.rows) >= limit:
            result.truncated = "rows"
            break
        args = op.get("args") or {}
        row = {
            "depth": depth,
            "operator": str(op.get("operatorType", "")).partition("@")[0],
            "details": str(args.get("Details") or ""),
            "estimated_rows": round(float(args.get("EstimatedRows") or 0), 1),
        }
        result.rows.append(row)
        result.bytes += len(json.dumps(row, ensure_ascii=False))
        stack.extend((depth + 1, child) for child in reversed(op.get("children") or []))
    return result


class Graph:
    """A connected database. Use as a context manager or call close()."""

    def __init__(self, conn: Connection, database: str | None = None):
        self.conn = conn
        self.database = database or os.environ.get("NEO4J_DATABASE") or None  # None: the user's home database
        self._user_functions: frozenset[str] | None = None
        # set when the server stopped answering (frozen): every later call fails at once with this error
        # instead of waiting out the driver's retries and handshakes again (a loader's cleanup, its lease renewer)
        self._down: GraphUnavailable | None = None
        self._recv_timeout: float | None = None
        auth = (conn.user, conn.password) if conn.password is not None else None
        self.connect_timeout = connect_timeout()
        _check_bolt(conn, self.connect_timeout)
        # Notifications off: "property key does not exist" warnings on a fresh database are noise to users.
        # Timeouts: connecting (TCP and the Bolt handshake) is bounded here; a connection that goes silent
        # (a frozen server) is dropped after the server's own keep-alive hint (connection.recv_timeout_seconds,
        # `[local] timeout` for the local server); the driver's retries of a managed transaction are bounded too.
        try:
            self.driver = GraphDatabase.driver(
                conn.uri,
                auth=auth,
                connection_timeout=self.connect_timeout,
                max_connection_lifetime=3600,
                connection_acquisition_timeout=max(30.0, 3 * self.connect_timeout),
                max_transaction_retry_time=30.0,
                keep_alive=True,
                notifications_min_severity="OFF",
            )
        except (ConfigurationError, ValueError) as exc:
            said = str(exc).replace(conn.uri, conn.shown_uri)
            raise ConfigError(
                f"{conn.source} {conn.shown_uri!r} is not a Neo4j address ({said}); use bolt://HOST:7687 or neo4j://HOST:7687"
            ) from exc
        try:
            self.driver.verify_connectivity()
        except (AuthError, ServiceUnavailable, SessionExpired, OSError) as exc:
            self.driver.close()
            raise self._gone(exc) if isinstance(exc, (ServiceUnavailable, SessionExpired)) else _unavailable(conn, exc) from exc
        except DriverError as exc:  # e.g. a listener that speaks a Bolt version no Neo4j 5 does
            self.driver.close()
            said = str(exc).replace(conn.uri, conn.shown_uri)
            raise GraphUnavailable(
                f"what answers at {conn.shown_uri} is not a Neo4j 5 server ({said}); check {conn.source}"
            ) from exc
        self.recv_timeout()
        if self.database:
            try:
                self._check_database(self.database)
            except BaseException:
                self.driver.close()
                raise

    def recv_timeout(self) -> float | None:
        """Seconds the server lets a connection stay silent before the driver drops it (its Bolt hint), if known:
        read once connected, as the connections that carry it are gone by the time it is needed."""
        if self._recv_timeout is None:
            self._recv_timeout = self._read_recv_timeout()
        return self._recv_timeout

    def _read_recv_timeout(self) -> float | None:
        try:  # the driver keeps the hint per connection and has no public accessor; only for messages
            for conns in self.driver._pool.connections.values():
                for cx in conns:
                    value = cx.connection_hints.get("connection.recv_timeout_seconds")
                    if isinstance(value, int) and value > 0:
                        return float(value)
            return None if self.conn.external else float(local_settings().timeout)
        except Exception:  # noqa: BLE001 - a message detail, never worth an error
            return None

    def _gone(self, exc: BaseException, *, request: str = "the request") -> GraphUnavailable:
        """The error for a connection the driver gave up on. A read that timed out is told apart by asking the
        server for a new handshake: no answer means it is frozen (later calls then fail at once); an answer
        means it dropped this one request (a StackOverflowError on a deeply nested query does that)."""
        if self._down is not None:
            return self._down
        if not timed_out(exc):
            if isinstance(exc, Exception):
                return _unavailable(self.conn, exc)
            return GraphUnavailable(f"no Neo4j answers at {self.conn.shown_uri}")
        n = self.recv_timeout()
        after = f"after {n:g} s" if n else "(the server's keep-alive time)"
        answers = _answers(self.conn, self.connect_timeout)
        if answers is None:  # say only what is certain
            return GraphUnavailable(
                f"Neo4j at {self.conn.shown_uri} timed out {after}: it sent nothing, not even a keep-alive, to "
                f"{request} (a frozen or overloaded server, or one that dropped it); check the server, then rerun"
            )
        if answers:
            return GraphUnavailable(
                f"Neo4j at {self.conn.shown_uri} dropped {request}: no answer {after}, while the server itself still "
                "answers; its log (`auditgraph neo4j logs`) says why (a StackOverflowError: a query nested too deeply)"
            )
        self._down = GraphUnavailable(
            f"Neo4j at {self.conn.shown_uri} timed out {after}: it sent nothing, not even a keep-alive, and does not "
            "answer a new connection (frozen or overloaded); nothing half-done is kept: check the server, then rerun"
        )
        return self._down

    def _check_down(self) -> None:
        if self._down is not None:
            raise self._down

    def _check_database(self, name: str) -> None:
        """NEO4J_DATABASE must name a database the server has: one line naming it and those it has (exit 3),
        not a failed query. Asked in the user's home database; a user who may not list them gets the first query's error."""
        query = queries.get("db.databases")
        try:
            with _driver_errors(self, query):
                records, _, _ = self.driver.execute_query(query.text, routing_=RoutingControl.READ)
        except QueryFailed:
            return
        known = {str(n).lower() for r in records for n in [r["name"], *(r["aliases"] or [])]}
        has = ", ".join(str(r["name"]) for r in records if r["type"] != "system") or "none you may use"
        if name.lower() == "system":
            raise GraphUnavailable(
                f"NEO4J_DATABASE={name} is Neo4j's administration database, which holds no graph; "
                f"unset NEO4J_DATABASE or name a database of the server ({has})"
            )
        if name.lower() in known:
            return
        raise GraphUnavailable(
            f"Neo4j at {self.conn.shown_uri} has no database {name!r} (NEO4J_DATABASE); it has: {has}. "
            f"Unset NEO4J_DATABASE to use the default one, or create {name!r} (CREATE DATABASE; Enterprise edition)"
        )

    @classmethod
    def connect(cls) -> Graph:
        return cls(connection())

    def close(self) -> None:
        self.driver.close()

    def __enter__(self) -> Graph:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def read(self, name: str, timeout: float | None = READ_TIMEOUT_S, **params: Any) -> list[Row]:
        """A named query in a READ transaction that the server stops after `timeout` seconds (None: no
        limit); rows as dicts. Read-only by what Neo4j enforces: a query that writes fails with QueryFailed."""
        return [r.data() for r in self.read_records(name, timeout=timeout, **params)]

    def read_records(self, name: str, timeout: float | None = READ_TIMEOUT_S, **params: Any) -> list[neo4j.Record]:
        """`read`, with the driver's records as they come: for hot paths (a filing's facts), where
        `Record.data()` would cost about as much as the query; records index by column name."""
        query = queries.get(name)
        query.check_params(params)
        with _driver_errors(self, query, timeout):
            # routing READ: a read transaction (Neo4j refuses writes in it), sent to a reader on a cluster
            records, _, _ = self.driver.execute_query(
                neo4j.Query(query.text, timeout=timeout), params, database_=self.database, routing_=RoutingControl.READ
            )
        return list(records)

    def write(self, name: str, **params: Any) -> list[Row]:
        """A named query in its own WRITE transaction (the cluster's leader); rows as dicts."""
        query = queries.get(name)
        query.check_params(params)
        with _driver_errors(self, query):
            if "IN TRANSACTIONS" in query.text:  # batched writes must run in an auto-commit transaction
                with self.driver.session(database=self.database) as session:
                    return [r.data() for r in session.run(query.text, params)]
            records, _, _ = self.driver.execute_query(query.text, params, database_=self.database, routing_=RoutingControl.WRITE)
        return [r.data() for r in records]

    def user_functions(self) -> frozenset[str]:
        """The server's plug-in (non-built-in) function names; read once per connection."""
        if self._user_functions is None:
            self._user_functions = frozenset(r["name"] for r in self.read("db.user_functions"))
        return self._user_functions

    def read_adhoc(
        self,
        query: str,
        params: Mapping[str, Any] | None = None,
        *,
        limit: int = 100,
        max_bytes: int = ADHOC_MAX_BYTES,
        timeout: float = ADHOC_TIMEOUT_S,
        plan_only: bool = False,
    ) -> AdhocResult:
        """Run Cypher a user or an agent wrote, read-only by construction.

        1. A READ-access transaction with a server-side timeout: Neo4j itself refuses writes.
        2. Before the query runs, EXPLAIN it in that transaction: the plan must be query type
           "r" and contain only allowlisted operators, procedures and plug-in functions
           (`check_plan`), which refuses LOAD CSV, SHOW/TERMINATE TRANSACTIONS, administration
           commands, CALL IN TRANSACTIONS and every procedure or function outside the allowlist.
        3. Records are pulled in small batches and serialised one by one; the read stops at
           `limit` rows or `max_bytes` of JSON, and the transaction is rolled back (it wrote nothing).
        With `plan_only` the query is an `EXPLAIN ...` as written: the same checks, and the rows are its
        plan (one operator a row, `depth` in the tree), nothing runs.
        Raises CypherRefused for a query the guard or Neo4j refuses (with Neo4j's message);
        the server's transaction memory limit (neo4j.conf) bounds what one query may hold.
        """
        if not isinstance(query, str) or not query.strip():
            raise CypherRefused("refused: the query is empty; write one read query (MATCH ... RETURN ...)")
        if plan_only:  # the door adds its own EXPLAIN: a query it did not recognise as one never runs
            query, found = _LEADING_EXPLAIN.subn("", query, count=1)
            if not found:
                raise CypherRefused("refused: ask for a plan with EXPLAIN as the first word (CYPHER options go after it)")
        params = dict(params or {})
        limit = max(1, int(limit))
        result = AdhocResult()
        functions = self.user_functions()
        with (
            _driver_errors(self, None, timeout),
            self.driver.session(
                database=self.database, default_access_mode=neo4j.READ_ACCESS, fetch_size=min(limit + 1, 1000)
            ) as session,
        ):
            tx = session.begin_transaction(timeout=timeout, metadata={"app": "auditgraph.read_adhoc"})
            try:
                summary = tx.run("EXPLAIN " + query, params).consume()
                check_plan(summary.query_type, summary.plan, functions)
                if plan_only:
                    return _plan_rows(summary.plan or {}, limit)  # check_plan refused an empty plan
                records = tx.run(query, params)
                result.columns = list(records.keys())
                for record in records:
                    row = {k: plain(record[k]) for k in record.keys()}  # noqa: SIM118 - a Record iterates its values
                    size = len(json.dumps(row, ensure_ascii=False, default=str))
                    if len(result.rows) >= limit:
                        result.truncated = "rows"
                        break
                    if result.bytes + size > max_bytes:
                        result.truncated = "bytes"
                        break
                    result.rows.append(row)
                    result.bytes += size
            finally:
                try:
                    tx.close()  # rolls back; the server drops the rest of a cut result
                except Neo4jError:
                    pass  # a timed-out transaction is already gone; the rows read stand
        return result

    def run_script(self, name: str) -> int:
        """Run every statement of a script query (schema files); returns how many ran."""
        query = queries.get(name)
        statements = query.statements()
        with _driver_errors(self, query), self.driver.session(database=self.database) as session:
            for statement in statements:
                session.run(statement).consume()
        return len(statements)

    def ensure_schema(self) -> int:
        """The graph model's constraints and indexes (`schema.constraints`), run only when one is
        missing; returns how many statements ran (0: all were there). One SHOW INDEXES instead of
        the script's 22 idempotent statements, which cost every writing command ~0.1 s at start."""
        try:
            rows = self.read("db.indexes")
        except QueryFailed:  # a user who may not list indexes: the idempotent script decides
            return self.run_script("schema.constraints")
        have = {(r["constraint"] is not None, r["constraint"] or r["name"]) for r in rows}
        statements = queries.get("schema.constraints").statements()
        wanted = {(m[1].upper() == "CONSTRAINT", m[2]) for m in map(_SCHEMA_NAME.match, statements) if m}
        if len(wanted) < len(statements):  # a statement of another shape: only the script itself can tell
            return self.run_script("schema.constraints")
        return 0 if wanted <= have else self.run_script("schema.constraints")

    @contextmanager
    def transaction(self) -> Iterator[Tx]:
        """One explicit write transaction: all or nothing."""
        self._check_down()
        with self.driver.session(database=self.database) as session, session.begin_transaction() as tx:
            yield Tx(tx)
            tx.commit()

    def write_batches(
        self,
        name: str,
        rows: Sequence[Row],
        batch_size: int = 5000,
        on_batch: Callable[[int], None] | None = None,
        workers: int = 1,
        **params: Any,
    ) -> int:
        """Send `rows` to an `UNWIND $rows` query in transactions of `batch_size` rows.

        ``workers`` > 1 sends that many transactions at once, each in its own session, so the server
        applies them on several cores: for rows whose transactions are independent (edges between
        existing nodes). Lock waits and deadlocks between them are the server's, and the driver's managed
        transactions retry a deadlocked one; after any other failure no worker starts another chunk."""
        query = queries.get(name)
        query.check_params({"rows": rows, **params})
        chunks = [list(rows[i : i + batch_size]) for i in range(0, len(rows), batch_size)]
        failed = threading.Event()

        def write(share: list[list[Row]]) -> None:
            try:
                with self.driver.session(database=self.database) as session:
                    for chunk in share:
                        if failed.is_set():
                            return
                        session.execute_write(_write_chunk, query.text, {"rows": chunk, **params})
                        if on_batch:
                            on_batch(len(chunk))
            except BaseException:
                failed.set()
                raise

        with _driver_errors(self, query):
            if workers <= 1 or len(chunks) <= 1:
                write(chunks)
            else:
                from concurrent.futures import ThreadPoolExecutor  # only the loaders write in parallel

                # consecutive runs of chunks, not alternate ones: rows next to each other share nodes (one network)
                n = len(chunks)
                shares = [chunks[k * n // workers : (k + 1) * n // workers] for k in range(workers)]
                with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="write") as pool:
                    for future in [pool.submit(write, share) for share in shares]:
                        future.result()
        return len(rows)


class Tx:
    """A named-query view of an open transaction."""

    def __init__(self, tx: neo4j.Transaction):
        self._tx = tx

    def run(self, name: str, **params: Any) -> list[Row]:
        query = queries.get(name)
        query.check_params(params)
        with _driver_errors(None, query):  # a lost connection is the transaction's, raised to its owner
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
    `wait_committing` returns once every statement has been sent and the worker waits on the
    server's commit (or has failed): CPU work done then (a garbage collection) delays no statement.
    """

    def __init__(self, graph: Graph):
        self._graph = graph
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.error: BaseException | None = None
        self._committing = threading.Event()
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

    def wait_committing(self) -> None:
        self._committing.wait()

    def abort(self) -> None:
        """Roll back and wait; any database error is dropped (the caller is raising its own)."""
        self.finish(commit=False)
        self._thread.join()

    def _work(self) -> None:
        item: Any = None
        try:
            self._graph._check_down()
            with self._graph.driver.session(database=self._graph.database) as session:
                tx = session.begin_transaction()
                try:
                    while (item := self._queue.get()) not in (_COMMIT, _ROLLBACK):
                        # not consumed: the driver pipelines, packing the next statement while the
                        # server runs this one; commit() drains the results and raises any error
                        tx.run(*item)
                    if item is _COMMIT:
                        self._committing.set()  # the last statement runs on the server; no more Python work here
                        tx.commit()
                finally:
                    tx.close()  # rolls back unless committed
        except BaseException as exc:  # handed to the caller by wait()
            # a silent (frozen) server is named as such; a broken connection stays the driver's error
            self.error = (
                self._graph._gone(exc) if isinstance(exc, (ServiceUnavailable, SessionExpired)) and timed_out(exc) else exc
            )
            while item not in (_COMMIT, _ROLLBACK):  # let finish() return; drop what was queued
                item = self._queue.get()
        self._committing.set()  # also after a rollback: nobody waits for a commit that never comes


def _write_chunk(tx: neo4j.ManagedTransaction, text: str, params: dict[str, Any]) -> None:
    tx.run(text, params).consume()  # text is a registry file's Cypher, never a user's string


def chunked(rows: Iterable[Row], size: int) -> Iterator[list[Row]]:
    chunk: list[Row] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
