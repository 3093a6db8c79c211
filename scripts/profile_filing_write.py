"""Where a filing's write time goes on the server: its rows, sent one named query at a time.

    NEO4J_URI=bolt://127.0.0.1:7687 .venv/bin/python scripts/profile_filing_write.py xule-2025/WTM_Q3_2023 [--repeats 8]

Arelle parses the filing once; `loader.filing_rows.write_model` computes its rows into a recorder
instead of a transaction. Each repeat deletes the filing, replays the recorded statements in one
transaction, waiting for each to finish, and commits. The table gives the median seconds per
query name (parameter packing and transfer included) and for the commit, with the rows sent.
The filing is left loaded; nothing else in the database is touched.

    --jfr FILE  also record the local server (`auditgraph neo4j start`) with Java Flight Recorder
                during the timed repeats and say where its time went: its Bolt workers' samples
                in the commit, running statements and the rest, and its garbage-collection pauses
                against the repeats' wall time. Needs the JDK's jcmd and jfr.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import time
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

from auditgraph import database
from auditgraph.graph import Graph
from auditgraph.loader.filing import FilingLoader, Recording, delete_filing
from auditgraph.loader.filing_rows import begin_filing, write_model
from auditgraph.loader.filing_source import filing_input

REPO = Path(__file__).resolve().parent.parent


def replay(graph: Graph, statements: list[tuple[str, dict[str, Any]]]) -> Counter[str]:
    """One transaction through Graph.transaction (the one door); each statement waits for its result."""
    seconds: Counter[str] = Counter()
    with graph.transaction() as tx:
        start = time.perf_counter()
        for name, params in statements:
            t = time.perf_counter()
            tx.run(name, **params)
            seconds[name] += time.perf_counter() - t
        t = time.perf_counter()
    seconds["commit"] = time.perf_counter() - t  # leaving the block commits (and closes the session)
    seconds["total"] = time.perf_counter() - start
    return seconds


def _jfr(pid: int, *args: str) -> None:
    subprocess.run(["jcmd", str(pid), *args], check=True, stdout=subprocess.DEVNULL)


def _stamp(text: str) -> float:
    """Epoch seconds of a JFR timestamp like 2026-12-04T11:40:49.005483058Z."""
    whole, _, frac = text.rstrip("Z").partition(".")
    return datetime.fromisoformat(whole + "+00:00").timestamp() + float("0." + (frac or "0"))


def _events(recording: Path, kind: str) -> list[dict[str, Any]]:
    out = subprocess.run(
        ["jfr", "print", "--json", "--events", kind, "--stack-depth", "96", str(recording)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out)["recording"]["events"]  # type: ignore[no-any-return]


def server_profile(recording: Path, windows: list[tuple[float, float]]) -> None:
    """Print where the server's time went inside the timed windows (epoch seconds)."""

    def inside(event: dict[str, Any]) -> bool:
        t = _stamp(event["values"]["startTime"])
        return any(a <= t <= b for a, b in windows)

    parts: Counter[str] = Counter()
    for ev in filter(inside, _events(recording, "jdk.ExecutionSample")):
        thread = (ev["values"].get("sampledThread") or {}).get("javaName") or ""
        if not thread.startswith("neo4j.BoltWorker"):
            parts["other threads"] += 1
            continue
        frames = {
            f["method"]["type"]["name"].rsplit("/", 1)[-1] + "." + f["method"]["name"]
            for f in ev["values"]["stackTrace"]["frames"]
        }
        if "KernelTransactionImplementation.commit" in frames:
            parts["commit"] += 1
        elif "ExecutionEngine.executeQuery" in frames:
            parts["statements"] += 1
        else:
            parts["bolt, other"] += 1
    pauses = [
        float(ev["values"]["sumOfPauses"].removeprefix("PT").removesuffix("S"))
        for ev in filter(inside, _events(recording, "jdk.GarbageCollection"))
    ]
    wall = sum(b - a for a, b in windows)
    total = sum(parts.values()) or 1
    print(f"server samples in the timed repeats ({total}):", ", ".join(f"{k} {v / total:.0%}" for k, v in parts.most_common()))
    print(f"GC: {len(pauses)} collections, pauses {sum(pauses):.3f} s of {wall:.3f} s wall ({sum(pauses) / wall:.0%})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("filing", help="a folder under ../shared/filings, e.g. xule-2025/WTM_Q3_2023")
    ap.add_argument("--shared", type=Path, default=Path(os.environ.get("AUDITGRAPH_SHARED", REPO.parent / "shared")))
    ap.add_argument("--repeats", type=int, default=8)
    ap.add_argument("--jfr", type=Path, help="record the local server with Java Flight Recorder into this file")
    args = ap.parse_args()
    pid = None
    if args.jfr:
        pid = database.local_server().pid()
        if pid is None or not (shutil.which("jcmd") and shutil.which("jfr")):
            raise SystemExit("--jfr needs the local server running (`auditgraph neo4j start`) and the JDK's jcmd and jfr")
    packages = sorted((args.shared / "taxonomies").glob("*.zip"))
    path = args.shared / "filings" / args.filing
    with Graph.connect() as graph, FilingLoader(graph, packages) as loader:
        inp = filing_input(path)
        recorder = Recording(inp, [])  # the loader's own: what write_model sends, recorded
        with loader.session.model(inp.entry) as model:
            begin_filing(recorder, inp, replace=False)
            t = time.perf_counter()
            write_model(recorder, model, inp, errors=0)
            python_rows = time.perf_counter() - t
        runs = []
        windows: list[tuple[float, float]] = []
        for n in range(args.repeats + 1):  # the first run warms the server and is dropped
            delete_filing(graph, inp.id)
            if n == 1 and pid is not None:
                _jfr(pid, "JFR.start", "name=auditgraph-profile", "settings=profile", f"filename={args.jfr.resolve()}")
            start = time.time()
            runs.append(replay(graph, recorder.calls))
            windows.append((start, time.time()))
        runs, windows = runs[1:], windows[1:]
        if pid is not None:
            _jfr(pid, "JFR.stop", "name=auditgraph-profile")
    rows = Counter()
    for name, params in recorder.calls:
        rows[name] += len(params.get("rows") or [])
    print(f"{args.filing}: Python computes the rows in {python_rows:.3f} s; server, median of {args.repeats}:")
    print(f"{'statement':28} {'seconds':>8} {'rows':>7}")
    for name in sorted(runs[0], key=lambda n: -statistics.median(r[n] for r in runs)):
        print(f"{name:28} {statistics.median(r[name] for r in runs):8.3f} {rows.get(name, ''):>7}")
    if args.jfr:
        server_profile(args.jfr, windows)


if __name__ == "__main__":
    main()
