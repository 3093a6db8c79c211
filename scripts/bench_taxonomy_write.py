"""The server's share of a taxonomy load: one package's rows, extracted once, written into an empty database
with one transaction at a time and with two at once (loader.taxonomy.WRITERS), in alternating runs.

    NEO4J_URI=bolt://127.0.0.1:7688 .venv/bin/python scripts/bench_taxonomy_write.py [--package us-gaap-2025.zip] [--repeats 3]

The database must be empty (a scratch server: the script deletes what it wrote after each run). Packages the
one given imports are taken from those `taxonomy load` remembered, as the loader does. Prints a table.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from auditgraph import collector
from auditgraph.database import open_graph
from auditgraph.loader import taxonomy
from auditgraph.loader.networks import EDGE_QUERIES
from auditgraph.loader.packages import read_package, remembered_packages
from auditgraph.loader.session import ArelleSession

REPO = Path(__file__).resolve().parent.parent


class _Keep:
    """Stands in for the loader's writer: keeps the parts, writes nothing."""

    def __init__(self) -> None:
        self.edges_by_kind: dict[str, list[dict[str, Any]]] = {}
        self.placeholders: list[dict[str, Any]] = []

    def part(self, part: str, placeholders: list[dict[str, Any]] | None = None) -> None:
        self.placeholders += placeholders or []

    def edges(self, kind: str, placeholders: list[dict[str, Any]], rows: list[dict[str, Any]]) -> None:
        self.placeholders += placeholders
        self.edges_by_kind[kind] = rows


def extract(path: Path) -> tuple[taxonomy._Extract, _Keep]:
    pkg = read_package(path)
    session = ArelleSession()
    for extra in remembered_packages():
        if extra.resolve() != pkg.path.resolve():
            session.add_package(extra)
    session.add_package(pkg.path)
    with collector.paused():
        model, _ = taxonomy._parse(session, pkg)
        ex, owned, primary = taxonomy._releases(model, pkg, sample=False)
        keep = _Keep()
        taxonomy._extract(model, pkg, ex, owned, primary, keep)  # type: ignore[arg-type]
        model.close()
    session.close()
    return ex, keep


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    ap.add_argument("--package", default="us-gaap-2025.zip")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    graph = open_graph(writes=True)
    if any(r["count"] for r in graph.read("db.node_counts")):
        raise SystemExit(f"{graph.conn.uri} holds data; give an empty scratch database (this script deletes what it writes)")
    ex, keep = extract(args.shared / "taxonomies" / args.package)
    parts = [
        ("concepts", "load.concepts", ex.concepts),
        ("labels", "load.labels", ex.labels),
        ("placeholders", "load.placeholders", keep.placeholders),
        ("roles", "load.roles", ex.nets.roles),
        *((kind, EDGE_QUERIES[kind], keep.edges_by_kind[kind]) for kind in EDGE_QUERIES),
    ]
    print(f"{args.package}: " + ", ".join(f"{len(rows):,} {name}" for name, _, rows in parts))
    print(f"{'workers':>7} {'total s':>8}  " + " ".join(f"{name:>12}" for name, _, _ in parts))
    try:
        for rep in range(args.repeats):
            for workers in (1, taxonomy.WRITERS) if rep % 2 == 0 else (taxonomy.WRITERS, 1):
                graph.write("taxonomy.begin_release", rows=list(ex.releases.values()))
                seconds = []
                start = time.perf_counter()
                for _, query, rows in parts:
                    t = time.perf_counter()
                    graph.write_batches(query, rows, batch_size=taxonomy.BATCH, workers=workers)
                    seconds.append(time.perf_counter() - t)
                total = time.perf_counter() - start
                print(f"{workers:>7} {total:>8.2f}  " + " ".join(f"{s:>12.2f}" for s in seconds))
                graph.write("db.wipe")
    finally:
        graph.write("db.wipe")
        graph.close()


if __name__ == "__main__":
    main()
