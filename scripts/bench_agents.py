"""Time the agents' protocol without a model (`--llm none`) against checker-only; write docs/benchmarks.md.

    NEO4J_URI=bolt://127.0.0.1:7687 .venv/bin/python scripts/bench_agents.py FILING_ID… [--concurrency 4]

The cases are each filing's checker findings (`agents audit FILING` would audit the same). The
deterministic policy runs the whole protocol (both juniors, gate, fusion) through the catalog,
so the time per case is the environment's cost per audited case, with no model latency in it.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from auditgraph.agents.junior_loop import AuditConfig
from auditgraph.agents.policy import DeterministicPolicy
from auditgraph.agents.role_tools import catalog_toolbox
from auditgraph.agents.runner import run_cases
from auditgraph.agents.session import filing_cases
from auditgraph.eval.benchdoc import machine, write_section
from auditgraph.graph import Graph

REPO = Path(__file__).resolve().parent.parent


def timed(graph: Graph, cases: list, policy: DeterministicPolicy | None, concurrency: int) -> tuple[float, int]:
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        run_cases(cases, catalog_toolbox(graph), policy, AuditConfig(), Path(tmp) / "run.jsonl", concurrency)
        seconds = time.perf_counter() - t
        traj = (Path(tmp) / "run.trajectory.jsonl").read_text()
    return seconds, traj.count('"kind":"tool_call"')


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("filings", nargs="+")
    ap.add_argument("--concurrency", type=int, default=4)
    args = ap.parse_args()
    rows = []
    with Graph.connect() as graph:
        for fid in args.filings:
            t = time.perf_counter()
            cases = filing_cases(graph, fid)
            find = time.perf_counter() - t
            co, _ = timed(graph, cases, None, 1)
            one, calls = timed(graph, cases, DeterministicPolicy(), 1)
            many, _ = timed(graph, cases, DeterministicPolicy(), args.concurrency)
            n = max(len(cases), 1)
            rows.append(
                f"| {fid} | {len(cases)} | {find:.2f} | {1000 * co / n:.0f} | {1000 * one / n:.0f} | "
                f"{1000 * many / n:.0f} | {calls / n:.1f} |"
            )
            print(rows[-1])
    section = "\n".join(
        [
            "## Agents without a model (`--llm none`)",
            "",
            f"`scripts/bench_agents.py {' '.join(args.filings)} --concurrency {args.concurrency}` on {machine()}, "
            f"shared with other jobs. Cases = the filing's checker findings; "
            "ms per case; tool calls per case summed over A1 and A2.",
            "",
            f"| filing | cases | finding cases (s) | checker-only | protocol, 1 worker | protocol, {args.concurrency} workers | tool calls |",
            "|---|---|---|---|---|---|---|",
            *rows,
        ]
    )
    write_section(REPO / "docs" / "benchmarks.md", "bench_agents", section)


if __name__ == "__main__":
    main()
