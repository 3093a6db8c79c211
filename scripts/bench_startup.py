"""Whole-process time of short commands against `python -c pass`, in alternating runs, and what they import.
Rewrites its section of docs/benchmarks.md (issue 20, targets 4 and 5).

    NEO4J_URI=bolt://127.0.0.1:7687 .venv/bin/python scripts/bench_startup.py [--repeats 9] [--baseline /work/main/.venv/bin/python] [--no-write]

Each repeat runs, in an order that reverses every repeat, `python -c pass` (the anchor), `auditgraph --help`,
`auditgraph check FILING --all` on a loaded filing (stdout to /dev/null) and `auditgraph taxonomy load PKG…` of
packages already loaded with the same content hash; each command is a fresh process, timed from spawn to exit.
`--baseline PYTHON` runs the same commands with another checkout's interpreter (its console script beside it)
in the same alternation, as *before*. The machine is shared: compare the ratios to the anchor measured in the
same run, not the seconds. Finally `python -X importtime` of `check` and of the re-load gives the import time by
top-level package. `--setup` first loads the packages and the filing if the graph lacks them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from auditgraph.eval.benchdoc import machine, write_section

REPO = Path(__file__).resolve().parent.parent
FILING = "xule-2025/WTM_Q3_2023"  # 2,593 facts, the largest typical filing of scripts/bench_filing.py
PACKAGES = ("us-gaap-2025.zip", "srt-2025.zip", "sec-2025.zip")  # the taxonomies that filing uses


def commands(python: str, filing_id: str, packages: list[Path]) -> dict[str, list[str]]:
    exe = str(Path(python).parent / "auditgraph")
    return {
        "python -c pass": [python, "-c", "pass"],
        "auditgraph --help": [exe, "--help"],
        f"auditgraph check {filing_id} --all": [exe, "check", filing_id, "--all"],
        "auditgraph taxonomy load (unchanged)": [exe, "taxonomy", "load", *map(str, packages)],
    }


def run_once(argv: list[str], env: dict[str, str] | None = None, ok: tuple[int, ...] = (0, 1)) -> float:
    """Seconds from spawn to exit of one process; exits with its stderr if its exit code is not in `ok`."""
    t = time.perf_counter()
    proc = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    elapsed = time.perf_counter() - t
    if proc.returncode not in ok:  # default 1: check found violations
        raise SystemExit(f"{' '.join(argv)} failed ({proc.returncode}): {proc.stderr.strip()[-400:]}")
    return elapsed


def importtime(python: str, argv: list[str]) -> tuple[float, list[tuple[str, float]]]:
    """Total import time (s) of one run of `auditgraph ARGV[1:]` and the top-level packages by their modules' own import time."""
    proc = subprocess.run(
        [python, "-X", "importtime", "-m", "auditgraph", *argv[1:]], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    by_pkg: dict[str, float] = defaultdict(float)
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, _, name = (p.strip() for p in line.removeprefix("import time:").split("|"))
        by_pkg[name.split(".")[0]] += int(self_us) / 1e6
    return sum(by_pkg.values()), sorted(by_pkg.items(), key=lambda kv: -kv[1])[:8]


def setup(python: str, shared: Path, packages: list[Path]) -> None:
    exe = str(Path(python).parent / "auditgraph")
    subprocess.run([exe, "taxonomy", "load", "--quiet", *map(str, packages)], check=True)
    subprocess.run([exe, "filing", "load", str(shared / "filings" / FILING)], check=True)


def measure(variants: dict[str, dict[str, list[str]]], repeats: int) -> dict[str, dict[str, list[float]]]:
    times: dict[str, dict[str, list[float]]] = {v: {c: [] for c in cmds} for v, cmds in variants.items()}
    steps = [(v, c, argv) for v, cmds in variants.items() for c, argv in cmds.items()]
    for _, _, argv in steps:  # warm: files in the page cache, .pyc written
        run_once(argv)
    for n in range(repeats):
        for v, c, argv in steps if n % 2 == 0 else reversed(steps):
            times[v][c].append(run_once(argv))
        print(f"repeat {n + 1}/{repeats}, load average {os.getloadavg()[0]:.2f}", file=sys.stderr, flush=True)
    return times


def markdown(
    cmd: str, times: dict[str, dict[str, list[float]]], imports: dict[str, Any], load: tuple[float, float], notes: str
) -> str:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    anchor = "python -c pass"
    lines = [
        f"## Startup of short commands ({now})",
        "",
        f"Command: `{cmd}`  ",
        f"Machine: {machine()}; Neo4j {os.environ.get('NEO4J_URI', 'local')}; load average {load[0]:.2f} at the start, "
        f"{load[1]:.2f} at the end (other jobs share the cores: compare the ratios to the anchor, measured alongside).  ",
        notes,
        f"The filing: {FILING} (2,593 facts) over {', '.join(PACKAGES)}, loaded. Targets (issue 20): `check --all` "
        "<= 0.7 s and the unchanged re-load <= 1 s on a quiet machine; the rules alone take about 0.2 s of `check`.",
        "",
        f"{len(next(iter(next(iter(times.values())).values())))} runs of each command, alternating order; each a fresh "
        "process, spawn to exit. *x anchor* = median / median of `python -c pass` in the same variant; "
        "*ratio min · max* = over the runs, each against the anchor run next to it.",
        "",
        "| variant | command | median s | min s | max s | x anchor | ratio min · max |",
        "|---|---|---:|---:|---:|---:|---|",
    ]
    for variant, cmds in times.items():
        base = cmds[anchor]
        for c, ts in cmds.items():
            ratios = [t / a for t, a in zip(ts, base, strict=True)]
            lines.append(
                f"| {variant} | `{c}` | {statistics.median(ts):.3f} | {min(ts):.3f} | {max(ts):.3f} | "
                f"**{statistics.median(ts) / statistics.median(base):.1f}** | {min(ratios):.1f} · {max(ratios):.1f} |"
            )
    lines += ["", "Import time (`python -X importtime`, one run) by top-level package, own time of its modules:", ""]
    for (variant, c), (total, top) in imports.items():
        tops = ", ".join(f"{name} {s * 1000:.0f}" for name, s in top)
        lines.append(f"- {variant}, `{c}`: {total:.3f} s in all; ms: {tops}")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=Path(os.environ.get("AUDITGRAPH_SHARED", REPO.parent / "shared")))
    ap.add_argument("--repeats", type=int, default=9)
    ap.add_argument("--baseline", help="the Python of another checkout (e.g. main's .venv/bin/python), timed as 'before'")
    ap.add_argument("--baseline-label", default="before", help="how the report names the baseline")
    ap.add_argument("--setup", action="store_true", help="load the packages and the filing first")
    ap.add_argument("--no-write", action="store_true", help="print only, do not rewrite docs/benchmarks.md")
    args = ap.parse_args()
    if not os.environ.get("NEO4J_URI"):
        raise SystemExit("set NEO4J_URI to a scratch server holding the filing (or pass --setup to load it)")
    # `taxonomy load` remembers the packages it saw: in a scratch config dir, not the user's
    os.environ.setdefault("AUDITGRAPH_CONFIG_DIR", tempfile.mkdtemp(prefix="bench-startup-"))
    packages = [args.shared / "taxonomies" / p for p in PACKAGES]
    filing_id = FILING.rsplit("/", 1)[-1]
    if args.setup:
        setup(sys.executable, args.shared, packages)
    variants = {"after": commands(sys.executable, filing_id, packages)}
    notes = f"after = this checkout ({_commit(REPO)})"
    if args.baseline:
        variants = {args.baseline_label: commands(args.baseline, filing_id, packages), **variants}
        notes = (
            f"{args.baseline_label} = {args.baseline} ({_commit(Path(args.baseline).absolute().parent.parent.parent)}); " + notes
        )
    load0 = os.getloadavg()[0]
    times = measure(variants, args.repeats)
    pythons = {"after": sys.executable, args.baseline_label: args.baseline}
    imports = {
        (v, c): importtime(pythons[v], cmds[c])
        for v, cmds in variants.items()
        for c in cmds
        if c.startswith(("auditgraph check", "auditgraph tax"))
    }
    cmd = (
        "NEO4J_URI=... .venv/bin/python scripts/bench_startup.py "
        + f"--repeats {args.repeats}"
        + (f" --baseline {args.baseline}" if args.baseline else "")
    )
    text = markdown(cmd, times, imports, (load0, os.getloadavg()[0]), notes + ".")
    print(text)
    if not args.no_write:
        write_section(REPO / "docs" / "benchmarks.md", "startup", text)


def _commit(checkout: Path) -> str:
    proc = subprocess.run(["git", "-C", str(checkout), "log", "-1", "--format=%h"], capture_output=True, text=True)
    return proc.stdout.strip() or "unknown commit"


if __name__ == "__main__":
    main()
