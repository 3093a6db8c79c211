"""Where a filing's write time goes on the server: its rows, sent one named query at a time.

    NEO4J_URI=bolt://127.0.0.1:7687 .venv/bin/python scripts/profile_filing_write.py xule-2025/WTM_Q3_2023 [--repeats 8]

Arelle parses the filing once; `loader.filing.write_model` computes its rows into a recorder
instead of a transaction. Each repeat deletes the filing, replays the recorded statements in one
transaction, waiting for each to finish, and commits. The table gives the median seconds per
query name (parameter packing and transfer included) and for the commit, with the rows sent.
The filing is left loaded; nothing else in the database is touched.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import Counter
from pathlib import Path
from typing import Any

from auditgraph.graph import Graph
from auditgraph.loader.filing import FilingLoader, Recording, begin_filing, delete_filing, write_model
from auditgraph.loader.filing_source import filing_input

REPO = Path(__file__).resolve().parent.parent


def replay(graph: Graph, statements: list[tuple[str, dict[str, Any]]]) -> Counter[str]:
    """One transaction through Graph.transaction (the one door); each statement waits for its result."""
    seconds: Counter[str] = Counter()
    with graph.transaction() as tx:
        start = time.perf_counter()
        for name, params in statements:
            t = time.perf_counter()
            tx.run(name, **params)
            seconds[name] += time.perf_counter() - t
        t = time.perf_counter()
    seconds["commit"] = time.perf_counter() - t  # leaving the block commits (and closes the session)
    seconds["total"] = time.perf_counter() - start
    return seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("filing", help="a folder under ../shared/filings, e.g. xule-2025/WTM_Q3_2023")
    ap.add_argument("--shared", type=Path, default=Path(os.environ.get("AUDITGRAPH_SHARED", REPO.parent / "shared")))
    ap.add_argument("--repeats", type=int, default=8)
    args = ap.parse_args()
    packages = sorted((args.shared / "taxonomies").glob("*.zip"))
    path = args.shared / "filings" / args.filing
    with Graph.connect() as graph, FilingLoader(graph, packages) as loader:
        inp = filing_input(path)
        recorder = Recording(inp, [])  # the loader's own: what write_model sends, recorded
        with loader.session.model(inp.entry) as model:
            begin_filing(recorder, inp, replace=False)
            t = time.perf_counter()
            write_model(recorder, model, inp, errors=0)
            python_rows = time.perf_counter() - t
        runs = []
        for _ in range(args.repeats + 1):  # the first run warms the server and is dropped
            delete_filing(graph, inp.id)
            runs.append(replay(graph, recorder.calls))
        runs = runs[1:]
    rows = Counter()
    for name, params in recorder.calls:
        rows[name] += len(params.get("rows") or [])
    print(f"{args.filing}: Python computes the rows in {python_rows:.3f} s; server, median of {args.repeats}:")
    print(f"{'statement':28} {'seconds':>8} {'rows':>7}")
    for name in sorted(runs[0], key=lambda n: -statistics.median(r[n] for r in runs)):
        print(f"{name:28} {statistics.median(r[name] for r in runs):8.3f} {rows.get(name, ''):>7}")


if __name__ == "__main__":
    main()
