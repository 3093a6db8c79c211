"""How close the filing loader's Neo4j write gets to a write-only ceiling on the same server, and its wall
time against Arelle alone, in paired alternating runs. Rewrites its section of docs/benchmarks.md.

    NEO4J_URI=bolt://127.0.0.1:7687 .venv/bin/python scripts/bench_write_ceiling.py [--repeats 5] [--only F ...] [--no-write]

For each filing (scripts/bench_filing.py's set by default) Arelle parses it once and
`loader.filing_rows.write_model` records the statements it would send. Then, `--repeats` times, in an
order that alternates between repeats:
- *Arelle*: Arelle alone parses the filing (as scripts/bench_filing.py measures it);
- *ours*: the whole `filing load` of it (deleted first, so every repeat writes it fresh);
- *ceiling*: the filing deleted, then the recorded rows replayed into one transaction through
  `graph.BackgroundTx`, re-batched at each of `--batches` rows per statement, and committed: the
  server's write time for exactly these rows when no Python work competes with it.
rows/s = the rows sent (every UNWIND row, plus the begin and finish statements) per second of write:
for *ours* from the end of Arelle's parse to the commit (LoadResult.write_seconds), for the ceiling
from the first statement to the commit. The filing is left loaded.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench_filing import TYPICAL  # scripts/ is on sys.path when a script runs: one list of typical filings

from auditgraph.eval.benchdoc import machine, write_section
from auditgraph.graph import BackgroundTx, Graph
from auditgraph.loader import standard_schemas
from auditgraph.loader.filing import FilingLoader, Recording, delete_filing
from auditgraph.loader.filing_rows import begin_filing, write_model
from auditgraph.loader.filing_source import filing_input

REPO = Path(__file__).resolve().parent.parent


def rebatch(statements: list[tuple[str, dict[str, Any]]], size: int) -> list[tuple[str, dict[str, Any]]]:
    """The same statements with consecutive runs of one query (same other parameters) re-cut at `size` rows."""
    out: list[tuple[str, dict[str, Any]]] = []
    for name, params in statements:
        rows = params.get("rows")
        rest = {k: v for k, v in params.items() if k != "rows"}
        if rows is not None and out and out[-1][0] == name and {k: v for k, v in out[-1][1].items() if k != "rows"} == rest:
            out[-1][1]["rows"] = out[-1][1]["rows"] + rows
        else:
            out.append((name, {**rest, "rows": list(rows)} if rows is not None else params))
    cut: list[tuple[str, dict[str, Any]]] = []
    for name, params in out:
        rows = params.get("rows")
        if rows is None or len(rows) <= size:
            cut.append((name, params))
            continue
        for i in range(0, len(rows), size):
            cut.append((name, {**params, "rows": rows[i : i + size]}))
    return cut


def row_count(statements: list[tuple[str, dict[str, Any]]]) -> int:
    return sum(len(p["rows"]) if "rows" in p else 1 for _, p in statements)


def replay(graph: Graph, statements: list[tuple[str, dict[str, Any]]]) -> float:
    t = time.perf_counter()
    btx = BackgroundTx(graph)
    for name, params in statements:
        btx.run(name, **params)
    btx.finish(commit=True)
    btx.wait()
    return time.perf_counter() - t


def arelle_alone(loader: FilingLoader, entry: str) -> float:
    gc.collect()
    t = time.perf_counter()
    standard_schemas.skip_checks(loader.session.cntlr.modelManager, False)  # Arelle as it runs by itself
    with loader.session.model(entry):
        pass
    standard_schemas.skip_checks(loader.session.cntlr.modelManager, True)
    return time.perf_counter() - t


def bench(graph: Graph, loader: FilingLoader, path: Path, repeats: int, batches: list[int]) -> dict[str, Any]:
    inp = filing_input(path)
    recorder = Recording(inp, [])  # the loader's own: what write_model sends, recorded
    with loader.session.model(inp.entry) as model:
        begin_filing(recorder, inp, replace=False)
        write_model(recorder, model, inp, errors=0)
    rows = row_count(recorder.calls)
    variants = {size: rebatch(recorder.calls, size) for size in batches}
    arelle: list[float] = []
    ours: list[float] = []
    write: list[float] = []
    ceiling: dict[int, list[float]] = {size: [] for size in batches}

    def run_ours() -> None:
        delete_filing(graph, inp.id)
        gc.collect()
        t = time.perf_counter()
        res = loader.load(path)
        ours.append(time.perf_counter() - t)
        write.append(res.write_seconds)

    def run_ceiling() -> None:
        for size, statements in variants.items():
            delete_filing(graph, inp.id)
            ceiling[size].append(replay(graph, statements))

    steps = [lambda: arelle.append(arelle_alone(loader, inp.entry)), run_ours, run_ceiling]
    run_ceiling()  # warm: plans of every batch size cached
    for n in range(repeats):
        for step in steps if n % 2 == 0 else reversed(steps):
            step()
    ratios = [o / a for o, a in zip(ours, arelle, strict=True)]
    best = min(batches, key=lambda s: statistics.median(ceiling[s]))
    out = {
        "filing": str(path.relative_to(path.parent.parent)),
        "facts": sum(len(p["rows"]) for n, p in recorder.calls if n == "load.filing_facts"),
        "rows": rows,
        "arelle_s": statistics.median(arelle),
        "ours_s": statistics.median(ours),
        "ratio_min": min(ratios),
        "ratio_median": statistics.median(ratios),
        "ratio_max": max(ratios),
        "write_s": statistics.median(write),
        "loader_rows_s": rows / statistics.median(write),
        "ceiling_s": {size: statistics.median(v) for size, v in ceiling.items()},
        "best_batch": best,
        "ceiling_rows_s": rows / statistics.median(ceiling[best]),
    }
    out["of_ceiling"] = out["loader_rows_s"] / out["ceiling_rows_s"]
    out["load_average"] = os.getloadavg()[0]
    print(json.dumps(out), flush=True)
    return out


def markdown(cmd: str, results: list[dict[str, Any]], load: tuple[float, float], repeats: int, batches: list[int]) -> str:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        f"## Filing write against a write-only ceiling ({now})",
        "",
        f"Command: `{cmd}`  ",
        f"Machine: {machine()}; Neo4j {os.environ.get('NEO4J_URI', 'local')}; load average {load[0]:.2f} after the first "
        f"filing, {load[1]:.2f} after the last (other jobs share the cores: compare the ratios, measured side by side, not the seconds).",
        "",
        f"{repeats} paired runs per filing, alternating order. *ours / Arelle* = the whole `filing load` against Arelle "
        "alone parsing the same filing (min / median / max over the pairs). *rows* = every UNWIND row the loader "
        "sends plus its begin and finish statements. *loader rows/s* = rows per second of the loader's write "
        "(end of the parse to the commit, Python computing the rows meanwhile); *ceiling rows/s* = the same rows, "
        f"pre-built, replayed into one pipelined transaction (`graph.BackgroundTx`) and committed, at the best of "
        f"{', '.join(map(str, batches))} rows per statement. Medians.",
        "",
        "| filing | facts | rows | Arelle s | ours s | ours / Arelle min · median · max | write s | loader rows/s | ceiling s "
        "| ceiling rows/s (batch) | loader / ceiling |",
        "|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        best = r["ceiling_s"][r["best_batch"]]
        lines.append(
            f"| {r['filing']} | {r['facts']:,} | {r['rows']:,} | {r['arelle_s']:.2f} | {r['ours_s']:.2f} | "
            f"{r['ratio_min']:.2f} · **{r['ratio_median']:.2f}** · {r['ratio_max']:.2f} | {r['write_s']:.2f} | "
            f"{r['loader_rows_s']:,.0f} | {best:.2f} | {r['ceiling_rows_s']:,.0f} ({r['best_batch']}) | {r['of_ceiling']:.0%} |"
        )
    sizes = ", ".join(
        f"{s}: {statistics.median(r['ceiling_s'][s] / r['ceiling_s'][r['best_batch']] for r in results):.2f}x" for s in batches
    )
    lines += ["", f"Ceiling time by batch size, relative to the best, median over the filings: {sizes}."]
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=Path(os.environ.get("AUDITGRAPH_SHARED", REPO.parent / "shared")))
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--batches", type=int, nargs="+", default=[1000, 5000, 20000])
    ap.add_argument("--only", nargs="*", help="subset of the filings (e.g. xule-2025/WTM_Q3_2023)")
    ap.add_argument("--no-write", action="store_true", help="print only, do not rewrite docs/benchmarks.md")
    ap.add_argument("--results", type=Path, help="also append each filing's result (a JSON line) to this file")
    ap.add_argument("--render", type=Path, help="measure nothing: write the section from a --results file")
    args = ap.parse_args()
    cmd = "NEO4J_URI=... .venv/bin/python scripts/bench_write_ceiling.py " + " ".join(
        [f"--repeats {args.repeats}", "--batches " + " ".join(map(str, args.batches))]
        + (["--only", *args.only] if args.only else [])
    )
    if args.render:
        results = [json.loads(line) for line in args.render.read_text(encoding="utf-8").splitlines() if line.strip()]
        for r in results:
            r["ceiling_s"] = {int(k): v for k, v in r["ceiling_s"].items()}
        loads = [r["load_average"] for r in results]
        text = markdown(cmd + " (one filing per process, --results)", results, (loads[0], loads[-1]), args.repeats, args.batches)
        print(text)
        if not args.no_write:
            write_section(REPO / "docs" / "benchmarks.md", "write-ceiling", text)
        return
    packages = sorted((args.shared / "taxonomies").glob("*.zip"))
    results = []
    with Graph.connect() as graph, FilingLoader(graph, packages) as loader:
        graph.run_script("schema.constraints")
        loader.load(args.shared / "filings" / TYPICAL[0], force=True)  # warm Arelle caches and Neo4j query plans
        for f in args.only or TYPICAL:
            results.append(bench(graph, loader, args.shared / "filings" / f, args.repeats, args.batches))
            if args.results:
                with args.results.open("a", encoding="utf-8") as fh:
                    fh.write(json.dumps(results[-1]) + "\n")
    text = markdown(cmd, results, (results[0]["load_average"], results[-1]["load_average"]), args.repeats, args.batches)
    print(text)
    if not args.no_write:
        write_section(REPO / "docs" / "benchmarks.md", "write-ceiling", text)


if __name__ == "__main__":
    main()
