"""Benchmark the taxonomy loader and rewrite the `taxonomy` section of docs/benchmarks.md.

    # 2021 and 2026 do not exist in ../shared/taxonomies: make synthetic re-datings first (never commit them)
    .venv/bin/python scripts/redate_package.py ../shared/taxonomies/{sec,srt,us-gaap}-2022.zip --year 2021 --out /tmp/redated
    .venv/bin/python scripts/redate_package.py ../shared/taxonomies/{sec,srt,us-gaap}-2025.zip --year 2026 --out /tmp/redated
    NEO4J_URI=bolt://127.0.0.1:17751 .venv/bin/python scripts/bench_taxonomy.py --wipe --extra-packages /tmp/redated \
        [--store-dir /path/to/neo4j/data/databases/neo4j] [--server-pid PID] [--years 2021 2022 ...]

Wipes the database it is pointed at (hence --wipe). Measures: the us-gaap 2025 package end to end
(Arelle parse + row extraction vs Neo4j write), nodes and relationships per second, a re-load of the
unchanged package, the Python process's peak memory, then every year side by side in the same
database with its graph size, its share of the on-disk store (--store-dir) and what
`auditgraph taxonomy list` shows at the end.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import subprocess
import sys
import time
import zipfile
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from auditgraph.config import connection
from auditgraph.eval.benchdoc import machine, peak_rss_mb, write_section
from auditgraph.graph import Graph
from auditgraph.loader.packages import LOAD_ORDER, family, read_package
from auditgraph.loader.taxonomy import load_taxonomies

REPO = Path(__file__).resolve().parent.parent
_SYNTHETIC = re.compile(r"SYNTHETIC RE-DATING, not an official release: (\S+) ")


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


def host_and_heap(server_pid: int | None) -> str:
    """The host (benchdoc.machine) and the Neo4j heap from the JVM's -Xmx when its pid is given."""
    text = machine()
    if server_pid is not None:
        xmx = re.search(r"-Xmx(\S+)", Path(f"/proc/{server_pid}/cmdline").read_text().replace("\0", " "))
        text += f", Neo4j heap {xmx.group(1)}" if xmx else ""
    return text


def synthetic_source(path: Path) -> str | None:
    """The source package a scripts/redate_package.py copy names in its manifest; None for a real package."""
    with zipfile.ZipFile(path) as zf:
        manifest = next(n for n in zf.namelist() if n.endswith("META-INF/taxonomyPackage.xml"))
        m = _SYNTHETIC.search(zf.read(manifest).decode("utf-8"))
    return m.group(1) if m else None


@dataclass
class Year:
    year: int
    packages: list[Path]
    synthetic: list[str]  # source zips of the re-dated packages among them
    seconds: float = 0.0
    nodes: int = 0
    relationships: int = 0


def find_years(shared: Path, extra: list[Path], wanted: list[int] | None) -> dict[int, Year]:
    """Packages per year: `{sec,srt,us-gaap}-YEAR.zip` in ../shared/taxonomies plus every zip of --extra-packages."""
    by_year: dict[int, dict[str, Path]] = defaultdict(dict)
    for path in sorted(shared.glob("*.zip")) + [p for d in extra for p in sorted(d.glob("*.zip"))]:
        if family(path):
            by_year[read_package(path).year][family(path)] = path  # an extra replaces a shared one of its year
    years = {}
    for y in sorted(wanted or by_year):
        if y not in by_year:
            sys.exit(f"error: no packages for {y} in {shared} or --extra-packages; make them with scripts/redate_package.py")
        pkgs = [by_year[y][f] for f in LOAD_ORDER if f in by_year[y]]
        years[y] = Year(y, pkgs, [s for p in pkgs if (s := synthetic_source(p))])
    return years


def year_size(graph: Graph, year: int) -> tuple[int, int]:
    """Nodes (concepts, labels, DQC rules) and relationships (networks, HAS_LABEL, DECLARES) of a year's releases."""
    rows = [r for r in graph.read("taxonomy.releases") if r["year"] == year and r["status"] == "loaded"]
    nodes = sum((r["concepts"] or 0) + (r["labels"] or 0) + (r["dqc_rules"] or 0) for r in rows)
    rels = sum((r["relationships"] or 0) + (r["labels"] or 0) + (r["concepts"] or 0) for r in rows)
    return nodes, rels


def taxonomy_list(uri: str) -> tuple[list[dict], str]:
    """`auditgraph taxonomy list` as a user runs it: the JSON rows, and the table it prints."""
    exe = Path(sys.executable).with_name("auditgraph")
    env = {**os.environ, "NEO4J_URI": uri, "COLUMNS": "140"}
    rows = json.loads(
        subprocess.run([str(exe), "taxonomy", "list", "--json"], env=env, capture_output=True, text=True, check=True).stdout
    )
    table = subprocess.run([str(exe), "taxonomy", "list"], env=env, capture_output=True, text=True, check=True).stdout
    return rows, table


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--wipe", action="store_true", required=True, help="confirm wiping the target database")
    ap.add_argument("--shared", type=Path, default=REPO.parent / "shared" / "taxonomies")
    ap.add_argument(
        "--extra-packages",
        type=Path,
        action="append",
        default=[],
        help="a folder of more package zips (e.g. scripts/redate_package.py output for 2021 and 2026)",
    )
    ap.add_argument("--store-dir", type=Path, help="the Neo4j database folder, to report on-disk size per year")
    ap.add_argument("--server-pid", type=int, help="the Neo4j JVM's pid, to report its CPU seconds")
    ap.add_argument("--years", type=int, nargs="+", help="default: every year found")
    ap.add_argument("--out", type=Path, default=REPO / "docs" / "benchmarks.md")
    args = ap.parse_args()
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    os.environ.setdefault("AUDITGRAPH_CONFIG_DIR", str(Path("/tmp") / f"bench-taxonomy-{os.getpid()}"))
    years = find_years(args.shared, args.extra_packages, args.years)
    if 2025 not in years or not any(family(p) == "us-gaap" for p in years[2025].packages):
        sys.exit("error: the end-to-end figures need us-gaap-2025.zip; pass --shared or include 2025 in --years")
    conn = connection()
    load_before = os.getloadavg()

    with Graph(conn) as graph:
        graph.write("db.wipe")
        graph.run_script("schema.constraints")
        version = graph.read("db.server_version")[0]["version"]
        empty_mb = store_mb(args.store_dir)
        y25 = years[2025]
        gaap_zip = next(p for p in y25.packages if family(p) == "us-gaap")
        t = time.perf_counter()
        load_taxonomies(graph, [p for p in y25.packages if p != gaap_zip])
        before_gaap = time.perf_counter() - t
        t0, cpu0, srv0 = time.perf_counter(), time.process_time(), server_cpu_s(args.server_pid)
        [gaap] = load_taxonomies(graph, [gaap_zip])
        total, cpu = time.perf_counter() - t0, time.process_time() - cpu0
        srv = server_cpu_s(args.server_pid) - srv0 if srv0 is not None else None
        y25.seconds = before_gaap + total
        t1 = time.perf_counter()
        [again] = load_taxonomies(graph, [gaap_zip])
        reload_s = time.perf_counter() - t1
        assert again.skipped, "an unchanged package must be skipped"
        rss_one = peak_rss_mb()

        for y in [y for y in years.values() if y.year != 2025]:
            t = time.perf_counter()
            load_taxonomies(graph, y.packages)
            y.seconds = time.perf_counter() - t
        for y in years.values():
            y.nodes, y.relationships = year_size(graph, y.year)
        on_disk = store_mb(args.store_dir)
    load_after = os.getloadavg()
    listed, list_table = taxonomy_list(conn.uri)
    listed_years = sorted({r["year"] for r in listed if r["status"] == "loaded" and r["taxonomy"] == "us-gaap"})
    assert listed_years == sorted(years), f"taxonomy list shows us-gaap years {listed_years}, expected {sorted(years)}"

    gaap_rel = next(r for r in gaap.releases if r.key == "us-gaap/2025")
    write_rate = (gaap.nodes + gaap.relationships) / gaap.write_seconds
    synthetic = [y for y in years.values() if y.synthetic]
    cmd = (
        f"NEO4J_URI={conn.uri} .venv/bin/python scripts/bench_taxonomy.py --wipe"
        + "".join(f" --extra-packages {d}" for d in args.extra_packages)
        + (f" --store-dir {args.store_dir}" if args.store_dir else "")
        + (f" --server-pid {args.server_pid}" if args.server_pid else "")
    )
    out_dir = args.extra_packages[0] if len(args.extra_packages) == 1 else "DIR"
    redate_cmd = "; ".join(
        f"`scripts/redate_package.py ../shared/taxonomies/{{sec,srt,us-gaap}}-{_source_year(y)}.zip --year {y.year} --out {out_dir}`"
        for y in synthetic
    )
    lines = [
        f"## Taxonomy load ({datetime.now(UTC):%Y-%m-%d %H:%M} UTC)",
        "",
        f"Command: `{cmd}`" + (f", after {redate_cmd}." if synthetic else ""),
        "",
        f"Machine: {host_and_heap(args.server_pid)}, Neo4j {version} on the same host, shared with other jobs: load average "
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
        f"### {len(years)} release years side by side in one database",
        "",
        "| year | packages | origin | load time | nodes | relationships | share of the store |",
        "|---|---|---|---:|---:|---:|---:|",
    ]
    items = sum(y.nodes + y.relationships for y in years.values()) or 1
    for y in years.values():
        share = f"~{on_disk * (y.nodes + y.relationships) / items:,.0f} MB" if on_disk is not None else "n/a"
        origin = (
            f"**synthetic**: re-dating of {', '.join(y.synthetic)}"
            if y.synthetic
            else "../shared/taxonomies" + (" (us-gaap: schema-only rebuild)" if y.year < 2025 else "")
        )
        lines.append(
            f"| {y.year} | {', '.join(p.name for p in y.packages)} | {origin} | {y.seconds:.1f} s | "
            f"{y.nodes:,} | {y.relationships:,} | {share} |"
        )
    releases = [r for r in listed if r["status"] == "loaded"]
    lines += [
        "",
        f"All {len(years)} years ({min(years)}-{max(years)}) load side by side: `auditgraph taxonomy list` shows {len(releases)} "
        f"loaded releases, us-gaap for {', '.join(map(str, listed_years))}, each with its counts (below). Peak memory of "
        f"the Python process over the whole run {peak_rss_mb():,.0f} MB. The 2025 row's load time includes sec-2025 and "
        "srt-2025 before the timed us-gaap load.",
        "",
    ]
    if synthetic:
        lines += [
            f"**Synthetic years: {', '.join(str(y.year) for y in synthetic)}.** ../shared/taxonomies holds only 2022-2025, so "
            "these are the packages of a real year moved to another year by `scripts/redate_package.py` (folder and file "
            "names, namespaces, URLs, catalog, manifest; FASB's dated names such as `http://fasb.org/us-gaap/2021-01-31` "
            "for 2021). Each one's taxonomyPackage.xml says it is a synthetic re-dating and of which package. Their "
            "concepts and networks are the source year's, so their rows measure storing another year side by side, not "
            "the content of the official release.",
            "",
        ]
    if on_disk is not None:
        lines += [
            f"Database size: the store folder (`du -sk {args.store_dir}`) holds {on_disk:,.0f} MB with all {len(years)} years, "
            f"{empty_mb:,.0f} MB when empty (schema only, before the first load). Neo4j pre-allocates store files and "
            "flushes at checkpoints, so the live size is approximate; a year's share is apportioned by its nodes + "
            "relationships (nodes: concepts, labels, DQC rules; relationships: networks, HAS_LABEL, DECLARES).",
            "",
        ]
    lines += [
        "Reading the times: on a 2-core host shared with other jobs a load waits for a core, so wall-clock times vary "
        "with the load average; the CPU line above is the work itself (targets: us-gaap 2025 end to end <= 60 s, "
        "re-load <= 5 s, peak Python memory <= 2 GB).",
        "",
        "<details><summary><code>auditgraph taxonomy list</code> at the end of the run</summary>",
        "",
        "```",
        list_table.rstrip(),
        "```",
        "</details>",
    ]
    text = "\n".join(lines) + "\n"
    write_section(args.out, "taxonomy", text)
    print(text)


def _source_year(y: Year) -> str:
    years = sorted({m.group(0) for s in y.synthetic if (m := re.search(r"20\d\d", s))})
    return years[0] if len(years) == 1 else "{" + ",".join(years) + "}"


if __name__ == "__main__":
    main()
