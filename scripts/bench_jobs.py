"""Benchmark `filing load --jobs N`: the shared filings loaded by N Arelle worker processes (one
transaction per filing, written by the parent) against the sum of Arelle-alone times of the same
filings, with each worker's RSS after filing 1, 50 and the last. Rewrites its section of docs/benchmarks.md.

    NEO4J_URI=bolt://127.0.0.1:7687 .venv/bin/python scripts/bench_jobs.py [--jobs 2] [--limit N] [--taxonomies]

Arelle alone is measured two ways, and each is compared with its own kind of load:
- *separate processes*, the issue's anchor: one `arelleCmdLine --internetConnectivity=offline` process
  per filing with every shared package, no validation, timed spawn to exit; against one whole
  `auditgraph filing load --jobs N` process over the same folder, timed the same way.
- *one warm session*, as scripts/bench_filing.py measures it: `ModelManager.load` in this process with
  Arelle's own schema checks, nothing written, start-up paid once; against `load_filings(jobs=N)` in
  this process (which also records each worker's memory).
It replaces (deletes, then loads) only the filings it measures.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bench_filing_pairs import arelle_argv  # scripts/ is on sys.path when a script runs
from bench_startup import run_once

from auditgraph.eval.benchdoc import machine, write_section
from auditgraph.graph import Graph
from auditgraph.loader import standard_schemas
from auditgraph.loader.filing import FilingLoader, delete_filing
from auditgraph.loader.filing_source import expand, filing_input
from auditgraph.loader.jobs import MAX_TASKS, WorkerStat, load_filings
from auditgraph.loader.packages import in_load_order
from auditgraph.loader.taxonomy import load_taxonomies

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
LOAD_AT_START = os.getloadavg()[0]


def arelle_alone(loader: FilingLoader, items: list[Path]) -> list[float]:
    """Arelle's own load of each filing (warm session, its schema checks on), seconds."""
    out = []
    first = items[0]
    with loader.session.model(filing_input(first).entry):  # warm caches
        pass
    for item in items:
        entry = filing_input(item).entry
        gc.collect()
        standard_schemas.skip_checks(loader.session.cntlr.modelManager, False)
        t0 = time.perf_counter()
        try:
            with loader.session.model(entry):
                pass
        except Exception as exc:  # a filing Arelle refuses still costs its time
            print(json.dumps({"arelle_failed": str(item), "error": str(exc)[:200]}))
        out.append(time.perf_counter() - t0)
        standard_schemas.skip_checks(loader.session.cntlr.modelManager, True)
    return out


def arelle_processes(items: list[Path], zips: list[Path]) -> list[float]:
    """One `arelleCmdLine` process per filing, timed from spawn to exit (seconds)."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for item in items:
            argv = arelle_argv(filing_input(item).entry, zips, Path(tmp) / "arelle.log")
            t0 = time.perf_counter()
            # any exit code: a filing Arelle refuses costs its time too
            subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            out.append(time.perf_counter() - t0)
    return out


def cli_load(paths: list[Path], zips: list[Path], jobs: int) -> float:
    """One whole `auditgraph filing load --jobs N` process over the paths, spawn to exit (seconds);
    exit 2 (some filing failed: bad input among the shared filings) is expected."""
    argv = [str(BIN / "auditgraph"), "filing", "load", "--jobs", str(jobs), "--json", *map(str, paths)]
    return run_once(argv + [a for z in zips for a in ("--packages", str(z))], ok=(0, 2))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=Path(os.environ.get("AUDITGRAPH_SHARED", REPO.parent / "shared")))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--limit", type=int, default=None, help="only the first N filings of the manifest (a subset)")
    ap.add_argument("--taxonomies", action="store_true", help="first load every shared taxonomy package (skips loaded ones)")
    ap.add_argument("--no-write", action="store_true", help="print only, do not rewrite docs/benchmarks.md")
    args = ap.parse_args()
    packages = sorted((args.shared / "taxonomies").glob("*.zip"))
    items = [i for i in expand([args.shared / "filings"]) if isinstance(i, Path)][: args.limit]
    with Graph.connect() as graph:
        graph.ensure_schema()
        if args.taxonomies:
            for res in load_taxonomies(graph, in_load_order((args.shared / "taxonomies").glob("*.zip"))):
                print(json.dumps({"package": res.package, "skipped": res.skipped}))
        t0 = time.perf_counter()
        processes = arelle_processes(items, packages)
        print(json.dumps({"arelle_processes_sum_s": sum(processes), "wall_s": time.perf_counter() - t0}))
        with FilingLoader(graph, packages) as loader:
            t0 = time.perf_counter()
            alone = arelle_alone(loader, items)
            print(json.dumps({"arelle_alone_sum_s": sum(alone), "wall_s": time.perf_counter() - t0}))
        for item in items:
            delete_filing(graph, filing_input(item).id)
        stats: list[WorkerStat] = []
        t0 = time.perf_counter()
        results = list(load_filings(graph, items, packages, jobs=args.jobs, on_worker=stats.append))
        wall = time.perf_counter() - t0
        for item in items:
            delete_filing(graph, filing_input(item).id)
        cli_wall = cli_load([args.shared / "filings"] if args.limit is None else items, packages, args.jobs)
    statuses = [r.status for r in results]
    marks = sorted({1, min(50, len(items)), len(items)})
    at = {n: next(s for s in stats if s.nth == n) for n in marks if any(s.nth == n for s in stats)}
    per_worker: dict[int, list[WorkerStat]] = {}
    for st in stats:
        per_worker.setdefault(st.pid, []).append(st)
    facts = sum(r.facts for r in results)
    summary = {
        "filings": len(items),
        "jobs": args.jobs,
        "wall_s": wall,
        "arelle_alone_sum_s": sum(alone),
        "ratio": wall / sum(alone),
        "cli_wall_s": cli_wall,
        "arelle_processes_sum_s": sum(processes),
        "cli_ratio": cli_wall / sum(processes),
        "loaded": statuses.count("loaded") + statuses.count("replaced"),
        "failed": statuses.count("failed"),
        "facts": facts,
        "parse_s_in_workers": sum(r.arelle_seconds for r in results),
        "write_s_in_parent": sum(r.write_seconds for r in results),
        "workers": len({s.pid for s in stats}),
        "rss_at": {n: {"pid": st.pid, "its_filing": st.tasks, "rss_mb": round(st.rss_mb)} for n, st in at.items()},
        "rss_per_worker_first_last": {pid: [round(v[0].rss_mb), round(v[-1].rss_mb), len(v)] for pid, v in per_worker.items()},
    }
    print(json.dumps(summary))
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    cmd = "NEO4J_URI=... .venv/bin/python scripts/bench_jobs.py " + " ".join(
        a
        for a in (
            f"--jobs {args.jobs}",
            f"--limit {args.limit}" if args.limit else "",
            "--taxonomies" if args.taxonomies else "",
        )
        if a
    )
    lines = [
        f"## Parallel filing loads, `filing load --jobs {args.jobs}` ({now})",
        "",
        f"Command: `{cmd}`  ",
        f"Machine: {machine()}; load average {LOAD_AT_START:.2f} when the run started (a machine shared with other work).",
        "",
        f"{len(items)} shared filings{' (a subset: the first of the manifest)' if args.limit else ''}: "
        f"{summary['loaded']} loaded, {summary['failed']} failed, {facts:,} facts, in {wall:.1f} s wall with "
        f"{args.jobs} Arelle worker processes ({summary['workers']} worker processes over the run: a worker is replaced "
        f"after {MAX_TASKS} filings). The workers' parses took {summary['parse_s_in_workers']:.1f} s together; the "
        f"parent's one-at-a-time writes (sent, then committed) {summary['write_s_in_parent']:.1f} s together.",
        "",
        "| Arelle alone, summed over the filings | its sum s | our load | ours s | ours / Arelle |",
        "|---|---:|---|---:|---:|",
        f"| separate `arelleCmdLine` processes (the issue's anchor) | {sum(processes):.1f} | one `auditgraph filing load "
        f"--jobs {args.jobs}` process | {cli_wall:.1f} | **{summary['cli_ratio']:.2f}x** |",
        f"| one warm session (scripts/bench_filing.py) | {sum(alone):.1f} | `load_filings(jobs={args.jobs})` in the "
        f"benchmark's process | {wall:.1f} | **{summary['ratio']:.2f}x** |",
        "",
        "Target: 0.5x.",
        "",
        "Resident memory (RSS, MB) of the worker that finished the run's filing n, and of every worker process "
        "after its first and its last filing:",
        "",
        "| after filing | worker | its n-th filing | RSS MB |",
        "|---:|---:|---:|---:|",
        *[f"| {n} | {st.pid} | {st.tasks} | {st.rss_mb:.0f} |" for n, st in at.items()],
        "",
        "| worker | filings | RSS after first MB | after last MB |",
        "|---:|---:|---:|---:|",
        *[f"| {pid} | {len(v)} | {v[0].rss_mb:.0f} | {v[-1].rss_mb:.0f} |" for pid, v in per_worker.items()],
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    if not args.no_write:
        write_section(REPO / "docs" / "benchmarks.md", "filing-jobs", text)


if __name__ == "__main__":
    main()
