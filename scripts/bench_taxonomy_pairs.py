"""A taxonomy load (parse + write) against Arelle alone parsing the same package, in paired runs.
Rewrites the `taxonomy-pairs` section of docs/benchmarks.md (issue 20, target 4: <= 2x).

    NEO4J_URI=bolt://127.0.0.1:7687 .venv/bin/python scripts/bench_taxonomy_pairs.py [--package us-gaap-2025.zip] [--pairs 3] [--no-write]

Each pair runs, in an order that reverses every pair, two fresh processes timed from spawn to exit:
*Arelle* = `arelleCmdLine --internetConnectivity=offline --packages <every shared zip> --file <the package's
first entry point>`, no validation; *ours* = `auditgraph taxonomy load PKG`, which parses every entry point, the
SEC label linkbases and the DQC rules of the package and writes the release. Two kinds of pair: a first load
(the release removed, untimed, before it) and `--force` over the loaded release. The packages the release
imports (`--imports`, srt and sec) must already be loaded. The machine is shared: only the ratios of runs made
side by side mean anything.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from bench_startup import run_once  # scripts/ is on sys.path when a script runs

from auditgraph.eval.benchdoc import machine, write_section
from auditgraph.loader.packages import read_package

REPO = Path(__file__).resolve().parent.parent


def releases_of(pkg_path: Path, env: dict[str, str]) -> list[str]:
    """The release keys the loaded package gave (us-gaap/2025, us-gaap-ebp/2025), from `taxonomy list --json`."""
    out = subprocess.run(
        [str(Path(sys.executable).parent / "auditgraph"), "taxonomy", "list", "--json"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    return [r["key"] for r in json.loads(out) if r.get("package") == pkg_path.name]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", type=Path, default=REPO.parent / "shared" / "taxonomies")
    ap.add_argument("--package", default="us-gaap-2025.zip")
    ap.add_argument(
        "--imports", nargs="*", default=["srt-2025.zip", "sec-2025.zip"], help="packages it imports (loaded, unchanged)"
    )
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--no-write", action="store_true", help="print only, do not rewrite docs/benchmarks.md")
    args = ap.parse_args()
    pkg_path = args.shared / args.package
    entry = read_package(pkg_path).entry_points[0]
    zips = "|".join(str(p) for p in sorted(args.shared.glob("*.zip")))
    bindir = Path(sys.executable).parent
    cli = str(bindir / "auditgraph")
    runs: dict[str, list[tuple[float, float]]] = {"first": [], "force": []}
    with tempfile.TemporaryDirectory() as tmp:
        log = str(Path(tmp) / "arelle.log")
        arelle = [str(bindir / "arelleCmdLine"), "--internetConnectivity=offline", "--packages", zips, "--file", entry]
        arelle += ["--logFile", log]
        # a config dir of its own, where `taxonomy load` remembers the imported packages
        env = {**os.environ, "AUDITGRAPH_CONFIG_DIR": tmp}
        run_once([cli, "taxonomy", "load", *(str(args.shared / p) for p in args.imports), str(pkg_path)], env)
        keys = releases_of(pkg_path, env)
        ours = {
            "first": [cli, "taxonomy", "load", str(pkg_path)],
            "force": [cli, "taxonomy", "load", str(pkg_path), "--force"],
        }
        for i in range(args.pairs):
            for mode, argv in ours.items():
                if mode == "first":
                    run_once([cli, "taxonomy", "remove", *keys, "--yes"], env)  # untimed: a database without the release
                if i % 2 == 0:
                    a = run_once(arelle)
                    o = run_once(argv, env)
                else:
                    o = run_once(argv, env)
                    a = run_once(arelle)
                runs[mode].append((a, o))
                print(f"pair {i + 1} {mode}: Arelle {a:.2f} s, ours {o:.2f} s, {o / a:.2f}x", flush=True)
    med = statistics.median
    rows = []
    for mode, what in (("first", f"`taxonomy load {args.package}`, release not loaded"), ("force", "`--force`, replacing it")):
        pairs = runs[mode]
        r = sorted(o / a for a, o in pairs)
        rows.append(
            f"| {what} | {med([a for a, _ in pairs]):.2f} | {med([o for _, o in pairs]):.2f} "
            f"| {r[0]:.2f}x · **{med(r):.2f}x** · {r[-1]:.2f}x |"
        )
    table = "\n".join(rows)
    text = f"""## Taxonomy parse + write against Arelle alone ({datetime.now(UTC):%Y-%m-%d %H:%M} UTC)

Command: `NEO4J_URI=... .venv/bin/python scripts/bench_taxonomy_pairs.py --package {args.package} --pairs {args.pairs}`

Machine: {machine()}.

{args.pairs} paired runs per row, alternating order, each a fresh process timed from spawn to exit. *Arelle* =
`arelleCmdLine --internetConnectivity=offline` with every shared package, `--file` the package's first entry point
({entry.rsplit("/", 1)[-1]}), no validation. *Ours* parses every entry point, the SEC label linkbases and the DQC
rules of the package and writes the release: into a database without it (removed, untimed, before the run), or
with `--force` over the loaded release, which it removes first.

| ours | Arelle s (median) | ours s (median) | ours / Arelle min · median · max |
|---|---:|---:|---|
{table}
"""
    print(text)
    if not args.no_write:
        write_section(REPO / "docs" / "benchmarks.md", "taxonomy-pairs", text)


if __name__ == "__main__":
    main()
