"""Time DQC.US.0015 / 0117 / 0126 (and Calculations 1.1) on every loaded filing; write docs/benchmarks.md.

    NEO4J_URI=bolt://127.0.0.1:7687 .venv/bin/python scripts/bench_checks.py [--load ../shared/filings] [--repeat 3]

--load first loads every filing folder under the path that is not loaded yet (the loader's own
time is not part of these numbers). Each filing is checked `--repeat` times; the best run counts
(the machine is shared, the minimum is the least disturbed measurement).
"""

from __future__ import annotations

import argparse
import glob
import logging
import statistics
import sys
import time
from pathlib import Path

from auditgraph.checks.audit import run_rules
from auditgraph.checks.filing_data import load_filing_data
from auditgraph.eval.benchdoc import machine, write_section
from auditgraph.graph import Graph

REPO = Path(__file__).resolve().parent.parent
RULES = ("0015", "0117", "0126", "calc11")


def load_missing(graph: Graph, root: Path) -> None:
    from auditgraph.loader.filing import FilingLoader
    from auditgraph.loader.filing_source import filing_input

    folders = sorted(p for p in root.glob("*/*") if p.is_dir())
    packages = [Path(p) for p in sorted(glob.glob(str(REPO.parent / "shared" / "taxonomies" / "*.zip")))]
    with FilingLoader(graph, packages) as loader:
        for folder in folders:
            try:
                if graph.read("tools.filing", filing_id=filing_input(folder).id):
                    continue
                r = loader.load(folder)
                print(f"loaded {r.id} ({r.facts} facts)")
            except Exception as exc:  # one bad filing must not stop the benchmark
                print(f"skip {folder.name}: {exc}")


def synthetic(graph: Graph, n_facts: int) -> str:
    """A hand-built 10-K of about n_facts numeric facts: statement calculations, a segment cube, 0015 concepts."""
    import datetime as dt

    from auditgraph import queries

    sys.path.insert(0, str(REPO / "tests" / "support"))  # the hand-built filings are a test fixture, not shipped
    from handbuilt import FilingBuilder

    queries.add_directory(REPO / "tests" / "cypher")  # the builder's writes are test fixtures, not shipped
    fid = f"bench-synthetic-{n_facts}"
    b = FilingBuilder(fid)
    bs, is_ = "http://example.com/role/BalanceSheet", "http://example.com/role/IncomeStatement"
    b.role(bs, "100 - Statement - Balance Sheet")
    b.role(is_, "200 - Statement - Income Statement")
    members = {f"abc:Seg{i}Member": None for i in range(8)}
    b.cube(is_, [f"abc:Line{i}" for i in range(40)], "us-gaap:StatementBusinessSegmentsAxis", "us-gaap:SegmentDomain", members)
    years = [(dt.date(y, 1, 1), dt.date(y, 12, 31)) for y in (2022, 2023, 2024)]
    i = 0
    while len(b.facts) < n_facts:
        parent, kids = f"abc:Total{i}", [f"abc:Part{i}x{k}" for k in range(4)]
        b.calc(bs, parent, [(k, 1) for k in kids])
        for y in years:
            b.fact(parent, str(4000 * (i + 1)), period=y[1])
            for k in kids:
                b.fact(k, str(1000 * (i + 1)), period=y[1])
        line = f"abc:Line{i % 40}"
        for y in years:
            b.fact(line, "8000", period=y)
            for m in members:
                b.fact(line, "1000", period=y, dims={"us-gaap:StatementBusinessSegmentsAxis": m})
        b.fact(
            "us-gaap:AccountsPayableRelatedPartiesNoncurrent",
            str(-i),
            period=dt.date(2024, 12, 31),
            dims={"srt:ProductOrServiceAxis": f"abc:P{i}Member"},
        )
        i += 1
    b.write(graph)
    return fid


def bench(graph: Graph, repeat: int) -> list[dict]:
    ids = [r["id"] for r in graph.read("checks.loaded_filings")]
    rows = []
    for fid in ids:
        best: dict[str, float] = {}
        for _ in range(repeat):
            t = time.perf_counter()
            data = load_filing_data(graph, fid)
            read = time.perf_counter() - t
            results, seconds, _ = run_rules(graph, fid, RULES, data=data)
            seconds["read"] = read
            for k, v in seconds.items():
                best[k] = min(best.get(k, v), v)
        counts = {r: sum(1 for x in rs if x.status == "violation") for r, rs in results.items()}
        refused = {
            r: rs[0].reason for r, rs in results.items() if len(rs) == 1 and rs[0].status == "not_evaluable" and not rs[0].facts
        }
        rows.append(
            {
                "id": fid,
                "facts": len(data.facts),
                "form": data.document_type,
                "year": data.us_gaap_year,
                "seconds": best,
                "violations": counts,
                "refused": refused,
            }
        )
        total = best["read"] + sum(best[r] for r in RULES)
        print(f"{fid:32} {len(data.facts):6} facts  {total:6.3f}s  " + "  ".join(f"{r}:{counts[r]}" for r in RULES))
    return rows


def write_markdown(rows: list[dict], repeat: int) -> str:
    tot = lambda r: r["seconds"]["read"] + sum(r["seconds"][k] for k in ("0015", "0117", "0126"))  # noqa: E731
    big = max(rows, key=lambda r: r["facts"]) if rows else None
    lines = [
        "## DQC checkers (`scripts/bench_checks.py`)",
        "",
        f"Command: `NEO4J_URI=… .venv/bin/python scripts/bench_checks.py --load ../shared/filings --repeat {repeat} "
        f"--synthetic 5000`; best of {repeat} runs; "
        f"{machine()}, shared with other work. "
        "`read` is the one graph read every rule shares (facts, networks, roles); rule columns are Python on "
        "exact Decimals after it.",
        "",
        f"- Filings checked: {len(rows)}; facts: {sum(r['facts'] for r in rows):,}.",
        f"- All three DQC rules on all of them: {sum(tot(r) for r in rows):.2f} s "
        f"(median {statistics.median(tot(r) for r in rows):.3f} s per filing)."
        if rows
        else "- no filings loaded",
    ]
    if big:
        lines.append(
            f"- Largest filing {big['id']} ({big['facts']:,} numeric facts): read {big['seconds']['read']:.3f} s, "
            + ", ".join(f"{k} {big['seconds'][k]:.3f} s" for k in RULES)
            + f"; three DQC rules {tot(big):.3f} s (target <= 2 s for 5k facts; XULE is reported at 90-130 s)."
        )
    lines += [
        "",
        "| filing | form | us-gaap | numeric facts | read s | 0015 s | 0117 s | 0126 s | calc11 s | 0015 | 0117 | 0126 | calc11 | not run |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        s, v = r["seconds"], r["violations"]
        lines.append(
            f"| {r['id']} | {r['form']} | {r['year']} | {r['facts']} | {s['read']:.3f} | "
            + " | ".join(f"{s[k]:.3f}" for k in RULES)
            + " | "
            + " | ".join(str(v[k]) for k in RULES)
            + " | "
            + "; ".join(f"{k}: {x[:60]}" for k, x in r["refused"].items())
            + " |"
        )
    real = [r for r in rows if not r["id"].startswith("bench-synthetic")]
    lines += [
        "",
        f"Violation counts per rule on the {len(real)} real filings (synthetic excluded): "
        + ", ".join(
            f"{k} {sum(r['violations'][k] for r in real)} in {sum(1 for r in real if r['violations'][k])} filings" for k in RULES
        )
        + ".",
    ]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--load", type=Path, help="load the filing folders under this path first")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-write", action="store_true", help="print only; leave docs/benchmarks.md alone")
    ap.add_argument("--synthetic", type=int, metavar="N", help="also build a hand-built filing of about N facts")
    args = ap.parse_args()
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    with Graph.connect() as graph:
        if args.load:
            load_missing(graph, args.load)
        if args.synthetic and not graph.read("tools.filing", filing_id=f"bench-synthetic-{args.synthetic}"):
            synthetic(graph, args.synthetic)
        rows = bench(graph, args.repeat)
    section = write_markdown(rows, args.repeat)
    if args.no_write:
        print(section)
        return
    doc = REPO / "docs" / "benchmarks.md"
    write_section(doc, "bench_checks", section)
    print(f"wrote {doc}")


if __name__ == "__main__":
    main()
