"""Time the local Neo4j lifecycle: resolve (cached), start until Bolt answers, first query, stop.

    .venv/bin/python scripts/bench_server.py [--runs 3]

Prints a markdown table; paste it into docs/benchmarks.md with the machine and the date.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from auditgraph import server
from auditgraph.config import Connection, LocalServerSettings
from auditgraph.graph import Graph


def one_run() -> dict[str, float]:
    t0 = time.perf_counter()
    server.install()
    t1 = time.perf_counter()
    settings = LocalServerSettings(
        bolt_port=server.free_port(), http_port=server.free_port(), heap="2g", pagecache="1g", auth=False
    )
    with tempfile.TemporaryDirectory() as home:
        srv = server.LocalServer(Path(home), settings)
        srv.start()
        t2 = time.perf_counter()
        with Graph(Connection(settings.bolt_uri, "neo4j", None, external=False)) as g:
            g.run_script("schema.constraints")
            g.read("db.node_counts")
        t3 = time.perf_counter()
        srv.stop()
        t4 = time.perf_counter()
    return {"install (cached)": t1 - t0, "start to Bolt ready": t2 - t1, "schema + first query": t3 - t2, "stop": t4 - t3}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    runs = [one_run() for _ in range(args.runs)]
    print(f"| step | median s (of {args.runs}) | min s | max s |\n|---|---:|---:|---:|")
    for step in runs[0]:
        values = [r[step] for r in runs]
        print(f"| {step} | {statistics.median(values):.2f} | {min(values):.2f} | {max(values):.2f} |")


if __name__ == "__main__":
    main()
