"""`auditgraph filing load` against `arelleCmdLine` on the same filing, whole processes, in paired runs.
Rewrites the `filing-pairs` section of docs/benchmarks.md (issue 20, target 1: <= 1.3x).

    NEO4J_URI=bolt://127.0.0.1:7687 .venv/bin/python scripts/bench_filing_pairs.py [--pairs 5] [--only F ...] [--no-write]

scripts/bench_write_ceiling.py compares the two inside one warm process; this is what a user
waits for. Each pair runs, in an order that reverses every pair, two fresh processes timed from
spawn to exit: *Arelle* = `arelleCmdLine --internetConnectivity=offline --packages <every shared
zip> --file <the filing's entry>`, no validation; *ours* = `auditgraph filing load <folder>
--packages <every shared zip>` into a database without the filing (deleted, untimed, before it);
*reload* = the same command with `--force` right after it, replacing the filing just loaded
(issue 37, target: within 1.3x of the parse as well). `--baseline TREE` reloads once more per pair with the code of
another commit (TREE: its `build/checktree` from `.ci/checktree.py`, put first on PYTHONPATH), in an order that
rotates with the Arelle run: before and after in the same run.
The taxonomies should be loaded, as for any real load. The machine is shared: only the ratios of
runs made side by side mean anything.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from bench_filing import TYPICAL  # scripts/ is on sys.path when a script runs
from bench_startup import run_once

from auditgraph.eval.benchdoc import machine, write_section
from auditgraph.loader.filing_source import filing_input

REPO = Path(__file__).resolve().parent.parent


def arelle_argv(entry: str, zips: list[Path], log_file: Path, exe: Path | None = None) -> list[str]:
    """Arelle alone on one filing: its own CLI (ours, or `exe`), offline, every given package, no validation."""
    cmd = [str(exe or Path(sys.executable).parent / "arelleCmdLine"), "--internetConnectivity=offline"]
    return cmd + ["--packages", "|".join(map(str, zips)), "--file", entry, "--logFile", str(log_file)]


def spread(ratios: list[float]) -> str:
    """min · **median** · max of paired ratios."""
    r = sorted(ratios)
    return f"{r[0]:.2f}x · **{statistics.median(r):.2f}x** · {r[-1]:.2f}x"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    ap.add_argument("--pairs", type=int, default=5)
    ap.add_argument("--only", nargs="*", help="subset of the filings (e.g. xule-2025/WTM_Q3_2023)")
    ap.add_argument("--no-write", action="store_true", help="print only, do not rewrite docs/benchmarks.md")
    ap.add_argument("--baseline", type=Path, help="a package tree of other code (.ci/checktree.py): its reload too, per pair")
    args = ap.parse_args()
    zips = sorted((args.shared / "taxonomies").glob("*.zip"))
    bindir = Path(sys.executable).parent
    cli = str(bindir / "auditgraph")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for rel in args.only or TYPICAL:
            path = args.shared / "filings" / rel
            inp = filing_input(path)
            arelle = arelle_argv(inp.entry, zips, Path(tmp) / "arelle.log")
            ours = [cli, "filing", "load", str(path), *(a for z in zips for a in ("--packages", str(z)))]
            run_once(ours)  # untimed: loaded (or unchanged) before the first delete
            runs: list[tuple[float, float, float]] = []  # Arelle, first load, reload (--force) of one pair
            base: list[float] = []  # the baseline code's reload (--baseline) of the same pairs
            for i in range(args.pairs):
                run_once([cli, "filing", "delete", inp.id])  # untimed: a database without the filing
                if args.baseline is None:
                    if i % 2 == 0:
                        a = run_once(arelle)
                        o, f = run_once(ours), run_once([*ours, "--force"])
                    else:  # the reload needs the filing loaded, so only Arelle's place alternates
                        o, f = run_once(ours), run_once([*ours, "--force"])
                        a = run_once(arelle)
                else:
                    o = run_once(ours)
                    order = ["arelle", "reload", "baseline"]
                    t: dict[str, float] = {}
                    for k in order[i % 3 :] + order[: i % 3]:  # each takes each place in turn
                        env = {**os.environ, "PYTHONPATH": str(args.baseline)} if k == "baseline" else None
                        t[k] = run_once(arelle) if k == "arelle" else run_once([*ours, "--force"], env=env)
                    a, f = t["arelle"], t["reload"]
                    base.append(t["baseline"])
                runs.append((a, o, f))
                print(
                    f"{rel} pair {i + 1}: Arelle {a:.2f} s, ours {o:.2f} s ({o / a:.2f}x), reload {f:.2f} s ({f / a:.2f}x)"
                    + (f", baseline reload {base[-1]:.2f} s ({base[-1] / a:.2f}x)" if base else ""),
                    flush=True,
                )
            if base:
                print(f"{rel} baseline reload / Arelle: {spread([b / a for b, (a, _, _) in zip(base, runs, strict=True)])}")
            med = statistics.median
            rows.append(
                f"| {rel} | {inp.id} | {med([a for a, _, _ in runs]):.2f} | {med([o for _, o, _ in runs]):.2f} "
                f"| {med([f for _, _, f in runs]):.2f} | {spread([o / a for a, o, _ in runs])} "
                f"| {spread([f / a for a, _, f in runs])} |"
            )
    table = "\n".join(rows)
    text = f"""## One filing, whole processes: `filing load` against `arelleCmdLine` ({datetime.now(UTC):%Y-%m-%d %H:%M} UTC)

Command: `NEO4J_URI=... .venv/bin/python scripts/bench_filing_pairs.py --pairs {args.pairs}`

Machine: {machine()}.

{args.pairs} paired runs per filing, alternating order, each a fresh process timed from spawn to exit. *Arelle* =
`arelleCmdLine --internetConnectivity=offline` with every shared package, no validation. *Ours* = `auditgraph filing
load` of the filing's folder with the same packages, into a database without it (deleted, untimed, before each run).
*Reload* = the same command with `--force` right after, replacing the version just loaded.

| filing | id | Arelle s (median) | ours s (median) | reload s (median) | ours / Arelle min · median · max | reload / Arelle min · median · max |
|---|---|---:|---:|---:|---|---|
{table}
"""
    print(text)
    if not args.no_write:
        write_section(REPO / "docs" / "benchmarks.md", "filing-pairs", text)


if __name__ == "__main__":
    main()
