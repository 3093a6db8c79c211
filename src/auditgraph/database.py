"""Is there a database? The one answer every command that needs Neo4j gets, in the same way.

    graph = open_graph()               # a command that only reads
    graph = open_graph(writes=True)    # a command that loads, relinks or deletes: the schema is put in place

- An external server (NEO4J_URI, or `[neo4j]` in the config file) is only connected to; auditgraph
  never starts or stops it. If it does not answer, or refuses the password, the error names the
  URI and the setting to fix (GraphUnavailable, exit 3).
- Otherwise the local server auditgraph manages (`[local]`) is installed if needed and started
  when it is not running, with a spinner on stderr (stdout stays clean for --json), then connected to.

Constraints and indexes are created only for commands that write: a read-only user on an external
server can still read, and a read never needs them.
"""

from __future__ import annotations

from rich.console import Console

from auditgraph import config, server
from auditgraph.graph import Graph

_status = Console(stderr=True, soft_wrap=True)


def local_server() -> server.LocalServer:
    """The instance under the data directory that `auditgraph neo4j …` manages."""
    return server.LocalServer(config.data_dir() / "neo4j", config.local_settings())


def start_local_server() -> tuple[server.LocalServer, bool]:
    """Install (first run: from Maven Central) and start the local server; (server, started now)."""
    srv = local_server()
    if srv.pid() is not None:
        return srv, False
    settings = config.save_local_settings(srv.settings)  # a first run generates and keeps the password
    srv = server.LocalServer(srv.home, settings)
    if not srv.rt.installed:
        with _status.status(f"Resolving Neo4j {srv.rt.version} from Maven Central (first run)…"):
            server.install()
    with _status.status(f"Starting the local Neo4j {srv.rt.version}…"):
        started = srv.start()
    return srv, started


def open_graph(*, writes: bool = False) -> Graph:
    """Connect to the configured Neo4j, starting the local one when that is the configured one."""
    conn = config.external_connection()
    if conn is None:  # the local server: a first run writes [local] (with a generated password) and starts it
        srv, started = start_local_server()
        if started:
            _status.print(
                f"Started the local Neo4j {srv.rt.version} at {srv.settings.bolt_uri} (`auditgraph neo4j stop` stops it)."
            )
        conn = config.connection()
    graph = Graph(conn)  # GraphUnavailable names the URI and the fix (NEO4J_URI, the password, `neo4j start`)
    if writes:
        try:
            graph.ensure_schema()
        except BaseException:
            graph.close()
            raise
    return graph
