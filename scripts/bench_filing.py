"""Benchmark the filing loader: Arelle's own load time vs our load into Neo4j, per filing, and
all shared filings in one streaming run (time, memory first vs last). Rewrites its section of docs/benchmarks.md.

    NEO4J_URI=bolt://127.0.0.1:7687 .venv/bin/python scripts/bench_filing.py [--taxonomies] [--all] [--no-write]

It replaces (deletes, then loads) only the filings it measures. `--taxonomies` first loads every
package of ../shared/taxonomies with `loader.taxonomy.load_taxonomies`, as `auditgraph taxonomy load`
does (a no-op for those already loaded; the packages are remembered too), the way a user starts:
facts then bridge to loaded concepts instead of placeholders the loader must create.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import statistics
import time
from datetime import UTC, datetime
from pathlib import Path

from auditgraph.eval.benchdoc import machine, peak_rss_mb, write_section
from auditgraph.graph import Graph
from auditgraph.loader import standard_schemas
from auditgraph.loader.filing import FilingLoader, delete_filing
from auditgraph.loader.filing_source import expand, filing_input
from auditgraph.loader.packages import in_load_order
from auditgraph.loader.taxonomy import load_taxonomies

REPO = Path(__file__).resolve().parent.parent
LOAD_AT_START = os.getloadavg()[0]
# the five EDGAR 10-Ks, the two largest xule-2025 10-Ks and the largest filing (WTM, a 10-Q)
TYPICAL = (
    "edgar/aapl-10k-2023-09-30",
    "edgar/nflx-10k-2023-12-31",
    "edgar/nvda-10k-2024-01-28",
    "edgar/amzn-10k-2022-12-31",
    "edgar/pg-10k-2023-06-30",
    "xule-2025/K_FY_2023",
    "xule-2025/PSA_FY_2023",
    "xule-2025/WTM_Q3_2023",
)


def rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def per_filing(graph: Graph, loader: FilingLoader, shared: Path, repeats: int, only: list[str] | None) -> list[dict]:
    rows = []
    for rel in only or TYPICAL:
        inp = filing_input(shared / "filings" / rel)
        arelle, ours, arelle_cpu, ours_cpu = [], [], [], []
        for _ in range(repeats):
            gc.collect()
            t0, c0 = time.perf_counter(), time.process_time()
            standard_schemas.skip_checks(loader.session.cntlr.modelManager, False)  # Arelle as it runs by itself
            with loader.session.model(inp.entry):
                pass
            standard_schemas.skip_checks(loader.session.cntlr.modelManager, True)
            arelle.append(time.perf_counter() - t0)
            arelle_cpu.append(time.process_time() - c0)
            delete_filing(graph, inp.id)
            gc.collect()
            t0, c0 = time.perf_counter(), time.process_time()
            res = loader.load(shared / "filings" / rel)
            ours.append(time.perf_counter() - t0)
            ours_cpu.append(time.process_time() - c0)
        a, o = statistics.median(arelle), statistics.median(ours)
        rows.append(
            {
                "filing": rel,
                "facts": res.facts,
                "arelle_s": a,
                "ours_s": o,
                "ratio": o / a,
                "arelle_cpu_s": statistics.median(arelle_cpu),
                "ours_cpu_s": statistics.median(ours_cpu),
                "parse_s": res.arelle_seconds,
                "write_s": res.write_seconds,
                "facts_per_s": res.facts / o,
            }
        )
        print(json.dumps(rows[-1]))
    return rows


def all_filings(graph: Graph, loader: FilingLoader, shared: Path, passes: int) -> dict:
    """Load every shared filing in one streaming run; passes after the first replace them all (--force),
    which shows whether memory grows with the number of filings loaded by one process."""
    items = expand([shared / "filings"])
    for item in items:
        if not isinstance(item, Exception):
            with contextlib.suppress(Exception):
                delete_filing(graph, filing_input(Path(item)).id)
    runs = []
    for n in range(passes):
        rss, statuses = [], []
        t0 = time.perf_counter()
        for res in loader.load_many(items, force=n > 0):
            gc.collect()
            rss.append(rss_mb())
            statuses.append(res.status)
        runs.append({"total_s": time.perf_counter() - t0, "rss": rss, "statuses": statuses})
    first = runs[0]
    statuses, rss = first["statuses"], first["rss"]
    out = {
        "filings": len(items),
        "loaded": statuses.count("loaded") + statuses.count("replaced"),
        "failed": statuses.count("failed"),
        "total_s": first["total_s"],
        "rss_first_mb": rss[0],
        "rss_last_mb": rss[-1],
        "rss_max_mb": max(rss),
        "peak_mb": peak_rss_mb(),
        "rss_every_10_mb": [round(v) for v in rss[::10]],
        "later_passes": [
            {
                "total_s": r["total_s"],
                "replaced": r["statuses"].count("replaced"),
                "rss_last_mb": r["rss"][-1],
                "rss_max_mb": max(r["rss"]),
            }
            for r in runs[1:]
        ],
    }
    print(json.dumps(out))
    return out


def database_state(graph: Graph) -> str:
    """The releases loaded (us-gaap, srt, dei) and the server's memory, for the report."""
    keys = sorted(r["key"] for r in graph.read("taxonomy.releases") if r["status"] == "loaded")
    memory = {r["name"].split(".")[2]: r["value"] for r in graph.read("db.memory_settings")}
    loaded = ", ".join(k for k in keys if k.split("/")[0] in ("us-gaap", "srt", "dei")) or "none"
    return f"heap {memory.get('heap', '?')}, page cache {memory.get('pagecache', '?')}; releases loaded: {loaded}"


def markdown(cmd: str, rows: list[dict], batch: dict | None, state: str) -> str:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "",
        f"## Filing loader ({now})",
        "",
        f"Command: `{cmd}`  ",
        f"Machine: {machine()}; Neo4j {os.environ.get('NEO4J_URI', 'local')}, "
        f"load average {LOAD_AT_START:.2f} when the run started.",
        f"Neo4j {state}.",
        "",
    ]
    if rows:
        lines += [
            "Per filing, warm session, median of the repeats. *Arelle* = Arelle alone parsing the filing "
            "(`ModelManager.load`, no validation); *ours* = the whole `filing load` of the same filing "
            "(input resolution and hash, Arelle parse with Python's cyclic GC paused and without re-checking the FASB/SEC "
            "schemas (loader/standard_schemas.py), rows streamed into one Neo4j write transaction while they are computed, "
            "commit). *Arelle* runs with Python's defaults and all of its schema checks, as Arelle runs by itself.",
            "",
            "| filing | facts | Arelle s | ours s | ours / Arelle | of which parse s | write s | facts/s | Arelle CPU s | ours CPU s (Python) |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for r in rows:
            lines.append(
                f"| {r['filing']} | {r['facts']:,} | {r['arelle_s']:.2f} | {r['ours_s']:.2f} | {r['ratio']:.2f}x | "
                f"{r['parse_s']:.2f} | {r['write_s']:.2f} | {r['facts_per_s']:,.0f} | {r['arelle_cpu_s']:.2f} | {r['ours_cpu_s']:.2f} |"
            )
        lines += ["", f"Peak RSS of the benchmark process: {peak_rss_mb():.0f} MB.", ""]
    if batch:
        lines += [
            f"All of `../shared/filings` in one streaming run: {batch['filings']} filings, {batch['loaded']} loaded, "
            f"{batch['failed']} refused (see `filing load` messages), {batch['total_s']:.1f} s total; RSS after the "
            f"first filing {batch['rss_first_mb']:.0f} MB, after the last {batch['rss_last_mb']:.0f} MB "
            f"(max {batch['rss_max_mb']:.0f} MB); every 10th filing: {batch['rss_every_10_mb']} MB.",
            "",
        ]
        for n, later in enumerate(batch["later_passes"], start=2):
            lines += [
                f"Pass {n} in the same process, every filing replaced (`--force`): {later['replaced']} replaced in "
                f"{later['total_s']:.1f} s; RSS after the last filing {later['rss_last_mb']:.0f} MB "
                f"(max {later['rss_max_mb']:.0f} MB).",
                "",
            ]
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=Path(os.environ.get("AUDITGRAPH_SHARED", REPO.parent / "shared")))
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--only", nargs="*", help="subset of the typical filings (e.g. edgar/aapl-10k-2023-09-30)")
    ap.add_argument("--all", action="store_true", help="also load every shared filing in one streaming run")
    ap.add_argument("--only-all", action="store_true", help="skip the per-filing comparison")
    ap.add_argument("--passes", type=int, default=1, help="with --all: load the whole set this many times (later passes --force)")
    ap.add_argument("--taxonomies", action="store_true", help="first load every shared taxonomy package (skips loaded ones)")
    ap.add_argument("--no-write", action="store_true", help="print only, do not append to docs/benchmarks.md")
    args = ap.parse_args()
    packages = sorted((args.shared / "taxonomies").glob("*.zip"))
    with Graph.connect() as graph:
        graph.run_script("schema.constraints")
        if args.taxonomies:  # before the filing session starts: Arelle is process-global
            for res in load_taxonomies(graph, in_load_order((args.shared / "taxonomies").glob("*.zip"))):
                print(json.dumps({"package": res.package, "skipped": res.skipped}))
        state = database_state(graph)
    with Graph.connect() as graph, FilingLoader(graph, packages) as loader:
        loader.load(args.shared / "filings" / TYPICAL[0], force=True)  # warm Arelle caches and Neo4j query plans
        rows = [] if args.only_all else per_filing(graph, loader, args.shared, args.repeats, args.only)
        batch = all_filings(graph, loader, args.shared, args.passes) if (args.all or args.only_all) else None
    text = markdown(
        "NEO4J_URI=... .venv/bin/python scripts/bench_filing.py "
        + " ".join(
            a
            for a in (
                "--taxonomies" if args.taxonomies else "",
                "--all" if args.all else "",
                "--only-all" if args.only_all else "",
                f"--passes {args.passes}" if args.passes > 1 else "",
                f"--repeats {args.repeats}",
                ("--only " + " ".join(args.only)) if args.only else "",
            )
            if a
        ),
        rows,
        batch,
        state,
    )
    print(text)
    if not args.no_write:
        write_section(REPO / "docs" / "benchmarks.md", "filing", text)


if __name__ == "__main__":
    main()
