"""Benchmark the taxonomy loader on ../shared/taxonomies and append the figures to docs/benchmarks.md.

    NEO4J_URI=bolt://127.0.0.1:17701 .venv/bin/python scripts/bench_taxonomy.py --wipe \
        [--store-dir /path/to/neo4j/data/databases/neo4j] [--years 2022 2023 2024 2025]

Wipes the database it is pointed at (hence --wipe). Measures: the us-gaap 2025 package end to end
(Arelle parse + row extraction vs Neo4j write), nodes and relationships per second, a re-load of the
unchanged package, the Python process's peak memory, and every given year side by side with its
graph size (and on-disk store growth when --store-dir is given).
"""

from __future__ import annotations

import argparse
import logging
import os
import resource
import subprocess
import time
from datetime import datetime, timezone
from pathlib import Path

from auditgraph.config import connection
from auditgraph.graph import Graph
from auditgraph.loader.taxonomy import load_taxonomies

REPO = Path(__file__).resolve().parent.parent


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def store_mb(store_dir: Path | None) -> float | None:
    if store_dir is None:
        return None
    out = subprocess.run(["du", "-sk", str(store_dir)], capture_output=True, text=True, check=True).stdout
    return int(out.split()[0]) / 1024


def server_cpu_s(pid: int | None) -> float | None:
    """utime + stime of the Neo4j JVM from /proc (Linux), to separate work from waiting on a shared host."""
    if pid is None:
        return None
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def year_size(graph: Graph, year: int) -> tuple[int, int]:
    rows = graph.run("taxonomy.releases")
    keys = [r["key"] for r in rows if r["year"] == year and r["status"] == "loaded"]
    nodes = sum((r["concepts"] or 0) + (r["labels"] or 0) + (r["dqc_rules"] or 0) for r in rows if r["key"] in keys)
    rels = sum((r["relationships"] or 0) + (r["labels"] or 0) + (r["concepts"] or 0) for r in rows if r["key"] in keys)
    return nodes, rels


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wipe", action="store_true", required=True, help="confirm wiping the target database")
    ap.add_argument("--shared", type=Path, default=REPO.parent / "shared" / "taxonomies")
    ap.add_argument("--store-dir", type=Path, help="the Neo4j database folder, to report on-disk size per year")
    ap.add_argument("--server-pid", type=int, help="the Neo4j JVM's pid, to report its CPU seconds")
    ap.add_argument("--years", type=int, nargs="+", default=[2022, 2023, 2024, 2025])
    ap.add_argument("--out", type=Path, default=REPO / "docs" / "benchmarks.md")
    args = ap.parse_args()
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    os.environ.setdefault("AUDITGRAPH_CONFIG_DIR", str(Path("/tmp") / f"bench-taxonomy-{os.getpid()}"))
    tax = args.shared
    load_before = os.getloadavg()

    with Graph(connection()) as graph:
        graph.run("db.wipe")
        graph.run_script("schema.constraints")
        load_taxonomies(graph, [tax / "sec-2025.zip", tax / "srt-2025.zip"])
        t0, cpu0, srv0 = time.perf_counter(), time.process_time(), server_cpu_s(args.server_pid)
        [gaap] = load_taxonomies(graph, [tax / "us-gaap-2025.zip"])
        total, cpu = time.perf_counter() - t0, time.process_time() - cpu0
        srv = server_cpu_s(args.server_pid) - srv0 if srv0 is not None else None
        t1 = time.perf_counter()
        [again] = load_taxonomies(graph, [tax / "us-gaap-2025.zip"])
        reload_s = time.perf_counter() - t1
        assert again.skipped, "an unchanged package must be skipped"
        rss_one = peak_rss_mb()

        sizes: dict[int, tuple[int, int, float | None, float]] = {}
        sizes[2025] = (*year_size(graph, 2025), None, total)
        for year in [y for y in args.years if y != 2025]:
            pkgs = [tax / f"{name}-{year}.zip" for name in ("sec", "srt", "us-gaap")]
            t = time.perf_counter()
            load_taxonomies(graph, [p for p in pkgs if p.exists()])
            took = time.perf_counter() - t
            sizes[year] = (*year_size(graph, year), None, took)
        releases = [r for r in graph.run("taxonomy.releases") if r["status"] == "loaded"]
        on_disk = store_mb(args.store_dir)
    load_after = os.getloadavg()

    gaap_rel = next(r for r in gaap.releases if r.key == "us-gaap/2025")
    write_rate = (gaap.nodes + gaap.relationships) / gaap.write_seconds
    lines = [
        "",
        f"## Taxonomy load ({datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC)",
        "",
        "Command: `NEO4J_URI=bolt://127.0.0.1:17701 .venv/bin/python scripts/bench_taxonomy.py --wipe"
        + (f" --store-dir {args.store_dir}" if args.store_dir else "")
        + (f" --server-pid {args.server_pid}" if args.server_pid else "") + "`",
        "",
        f"Machine: 2 cores / 24 GB, Neo4j 5.26 (4 GB heap) on the same host, shared with other jobs: load average "
        f"{load_before[0]:.1f} before, {load_after[0]:.1f} after (a quiet machine is faster).",
        "",
        "| us-gaap-2025.zip (sec-2025 and srt-2025 loaded first) | value |",
        "|---|---:|",
        f"| end to end | {total:.1f} s |",
        f"| Arelle parse + row extraction | {gaap.parse_seconds:.1f} s |",
        f"| Neo4j write (batched UNWIND, {gaap.nodes:,} nodes + {gaap.relationships:,} relationships) | {gaap.write_seconds:.1f} s |",
        f"| write rate | {gaap.nodes / gaap.write_seconds:,.0f} nodes/s, {gaap.relationships / gaap.write_seconds:,.0f} relationships/s ({write_rate:,.0f} items/s) |",
        f"| us-gaap/2025: concepts, relationships, labels, DQC rules | {gaap_rel.concepts:,}, {gaap_rel.relationships:,}, {gaap_rel.labels:,}, {gaap_rel.dqc_rules} |",
        f"| CPU actually used: Python process / Neo4j server | {cpu:.1f} s / "
        + (f"{srv:.1f} s |" if srv is not None else "n/a |"),
        f"| re-load of the unchanged package (hash match, skipped) | {reload_s:.2f} s |",
        f"| peak memory of the Python process (after the 2025 load) | {rss_one:,.0f} MB |",
        "",
        "| year | packages | load time | nodes | relationships | share of the store |",
        "|---|---|---:|---:|---:|---:|",
    ]
    items = sum(n + r for n, r, _, _ in sizes.values()) or 1
    for year in sorted(sizes):
        nodes, rels, _, took = sizes[year]
        share = f"~{on_disk * (nodes + rels) / items:,.0f} MB" if on_disk is not None else "n/a"
        lines.append(f"| {year} | sec, srt, us-gaap | {took:.1f} s | {nodes:,} | {rels:,} | {share} |")
    lines += [
        "",
        f"{len(releases)} releases loaded side by side at the end; peak memory of the Python process over the whole run "
        f"{peak_rss_mb():,.0f} MB. Only 2022-2025 packages exist in ../shared/taxonomies (2022-2024 us-gaap are "
        "schema-only rebuilds, so their rows are smaller than a real release's). "
        + (f"The database folder holds {on_disk:,.0f} MB at the end (`du`; Neo4j pre-allocates its store files, keeps "
           "space freed by earlier wipes and flushes at checkpoints, so this is approximate); a year's share is "
           "apportioned by its nodes + relationships." if on_disk is not None else ""),
    ]
    text = "\n".join(lines) + "\n"
    with args.out.open("a") as fh:
        fh.write(text)
    print(text)


if __name__ == "__main__":
    main()
