"""Where a reload's time goes on the server: one filing's statements, recorded once with Arelle, replayed as a first
load and as a reload (`filing load --force`), each statement and the commit timed (issue 37 item 9).

    NEO4J_URI=bolt://127.0.0.1:7687 .venv/bin/python scripts/bench_reload_phases.py [--filing xule-2025/WTM_Q3_2023] [--rounds 8]

A scratch database with the filing's taxonomies loaded: the script deletes and rewrites the filing. Per round, in an
order that reverses every round: *first* = `filing delete` (untimed), then the filing's transaction as a first load
writes it; *reload* = the same rows as the loader sends them over a loaded version (`filing_rows.begin_filing` with
replace: `load.reload_begin`, which the loader sends while Arelle parses, so off the command's path, then the rows
through `filing_rows.InPlace`, updating by key, and what the new version lacks deleted last), and the commit.
Prints the median seconds per phase and the reload's extra time on the command's path (everything but the begin,
which a first load also sends while Arelle parses).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import defaultdict
from pathlib import Path

from auditgraph.config import Connection
from auditgraph.graph import Graph
from auditgraph.loader import filing, filing_rows
from auditgraph.loader.filing_source import filing_input

REPO = Path(__file__).resolve().parent.parent


def replay(g: Graph, rec: filing.Recording, reload: bool) -> dict[str, float]:
    """Seconds per phase of one transaction of the recorded filing (a reload when `reload`)."""
    t: dict[str, float] = defaultdict(float)
    with g.transaction() as tx:  # the loader's one transaction, through the door; it commits when the block ends

        class Timed:
            phase = "begin (while Arelle parses)"  # the loader opens the transaction before the parse

            def run(self, name: str, **params: object) -> None:
                t0 = time.perf_counter()
                tx.run(name, **params)
                t["vanished" if name == "load.reload_vanished" else self.phase] += time.perf_counter() - t0

        timed = Timed()
        sink = filing_rows.begin_filing(timed, rec.inp, replace=reload)
        timed.phase = "writes"
        for name, params in rec.calls:
            sink.run(name, **params)
        t0 = time.perf_counter()
    t["commit"] = time.perf_counter() - t0
    t["on the command's path"] = sum(v for k, v in t.items() if not k.startswith("begin"))
    return dict(t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    ap.add_argument("--filing", default="xule-2025/WTM_Q3_2023")
    ap.add_argument("--rounds", type=int, default=8)
    args = ap.parse_args()
    zips = sorted((args.shared / "taxonomies").glob("*.zip"))
    conn = Connection(os.environ["NEO4J_URI"], os.environ.get("NEO4J_USER", "neo4j"), os.environ.get("NEO4J_PASSWORD"), True)
    with Graph(conn) as g:
        inp = filing_input(args.shared / "filings" / args.filing)
        with filing.FilingLoader(g, zips) as loader:
            rec = filing.record_filing(loader.session, inp)
            ready = filing.prepare(g, inp, force=True)
            if not g.read("filing.get", filing_id=inp.id) and isinstance(ready, filing.Prepared):
                filing.write_recording(g, ready, rec)  # a version to replace
        runs: dict[str, list[dict[str, float]]] = defaultdict(list)
        for i in range(args.rounds):
            for mode in ("first", "reload") if i % 2 == 0 else ("reload", "first"):
                if mode == "first":
                    filing.delete_filing(g, inp.id)
                runs[mode].append(replay(g, rec, reload=mode == "reload"))
                print(mode, {k: round(v, 3) for k, v in runs[mode][-1].items()}, flush=True)
    med = {m: {k: statistics.median(r[k] for r in rs) for k in rs[0]} for m, rs in runs.items()}
    print(f"\n{args.filing}, {args.rounds} rounds, median seconds")
    for mode, phases in med.items():
        print(f"  {mode:7s} " + ", ".join(f"{k} {v:.3f}" for k, v in phases.items()))
    extra = statistics.median(
        r["on the command's path"] - f["on the command's path"] for r, f in zip(runs["reload"], runs["first"], strict=True)
    )
    print(f"  the reload's extra time on the command's path (median of the rounds' differences): {extra:.3f} s")


if __name__ == "__main__":
    main()
