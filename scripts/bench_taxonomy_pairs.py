"""A forced taxonomy load (parse + write) against Arelle alone parsing the same package, in paired runs.
Rewrites the `taxonomy-pairs` section of docs/benchmarks.md (issue 20, target 4: <= 2x).

    NEO4J_URI=bolt://127.0.0.1:7687 .venv/bin/python scripts/bench_taxonomy_pairs.py [--package us-gaap-2025.zip] [--pairs 3] [--no-write]

Each pair runs, in an order that reverses every pair, two fresh processes timed from spawn to exit:
*Arelle* = `arelleCmdLine --internetConnectivity=offline --packages <every shared zip> --file <the package's
first entry point>`, no validation; *ours* = `auditgraph taxonomy load PKG --force`, which parses every entry
point, the SEC label linkbases and the DQC rules of the package and replaces the release in Neo4j. The
packages the release imports (`--imports`, srt and sec) must already be loaded. The machine is shared: only the ratios of
runs made side by side mean anything.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from auditgraph.eval.benchdoc import machine, write_section
from auditgraph.loader.packages import read_package

REPO = Path(__file__).resolve().parent.parent


def timed(argv: list[str], env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    took = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{argv[0]} exited {done.returncode}: {done.stderr.strip().splitlines()[-1:]}")
    return took


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
    with tempfile.TemporaryDirectory() as tmp:
        log = str(Path(tmp) / "arelle.log")
        arelle = [str(bindir / "arelleCmdLine"), "--internetConnectivity=offline", "--packages", zips, "--file", entry]
        arelle += ["--logFile", log]
        ours = [str(bindir / "auditgraph"), "taxonomy", "load", str(pkg_path), "--force"]
        # a config dir of its own, where `taxonomy load` remembers the imported packages for the forced load
        env = {**os.environ, "AUDITGRAPH_CONFIG_DIR": tmp}
        timed([str(bindir / "auditgraph"), "taxonomy", "load", *(str(args.shared / p) for p in args.imports)], env)
        pairs: list[tuple[float, float]] = []
        for i in range(args.pairs):
            if i % 2 == 0:
                a = timed(arelle)
                o = timed(ours, env)
            else:
                o = timed(ours, env)
                a = timed(arelle)
            pairs.append((a, o))
            print(f"pair {i + 1}: Arelle {a:.2f} s, ours {o:.2f} s, {o / a:.2f}x", flush=True)
    ratios = sorted(o / a for a, o in pairs)
    med = statistics.median
    text = f"""## Taxonomy parse + write against Arelle alone ({datetime.now(UTC):%Y-%m-%d %H:%M} UTC)

Command: `NEO4J_URI=... .venv/bin/python scripts/bench_taxonomy_pairs.py --package {args.package} --pairs {args.pairs}`

Machine: {machine()}.

{args.pairs} paired runs, alternating order, each a fresh process timed from spawn to exit. *Arelle* = `arelleCmdLine
--internetConnectivity=offline` with every shared package, `--file` the package's first entry point ({entry.rsplit("/", 1)[-1]}),
no validation. *Ours* = `auditgraph taxonomy load {args.package} --force`: every entry point, the SEC label
linkbases and the DQC rules parsed, the release deleted and written again.

| | min | median | max |
|---|---:|---:|---:|
| Arelle s | {min(a for a, _ in pairs):.2f} | {med([a for a, _ in pairs]):.2f} | {max(a for a, _ in pairs):.2f} |
| ours s | {min(o for _, o in pairs):.2f} | {med([o for _, o in pairs]):.2f} | {max(o for _, o in pairs):.2f} |
| ours / Arelle (per pair) | {ratios[0]:.2f}x | **{med(ratios):.2f}x** | {ratios[-1]:.2f}x |
"""
    print(text)
    if not args.no_write:
        write_section(REPO / "docs" / "benchmarks.md", "taxonomy-pairs", text)


if __name__ == "__main__":
    main()
