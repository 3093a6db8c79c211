"""Shared filings loaded into a fresh graph, for the tests that read real filings (the verifier's).

    g = loaded_graph(neo4j_connection, shared_dir, "edgar/nflx-10k-2023-12-31", years=(2023,))

wipes the test database, loads the us-gaap, srt and sec packages of `years` that are present and the
given folders (under shared/filings), asserts each is loaded, and returns the open Graph.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from auditgraph.config import Connection
from auditgraph.graph import Graph


def loaded_graph(connection: Connection, shared_dir: Path, *folders: str, years: Sequence[int] = (2023, 2024, 2025)) -> Graph:
    from auditgraph.loader.filing import FilingLoader

    tax = shared_dir / "taxonomies"
    packages = [p for p in (tax / f"{t}-{y}.zip" for y in years for t in ("us-gaap", "srt", "sec")) if p.exists()]
    g = Graph(connection)
    g.write("db.wipe")
    g.run_script("schema.constraints")
    with FilingLoader(g, packages) as loader:
        for r in loader.load_many([shared_dir / "filings" / f for f in folders]):
            assert r.status == "loaded", r
    return g
