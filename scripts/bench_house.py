"""Issue 38's before/after: `auditgraph check` and MCP tool calls of two trees against one server, alternating.

    NEO4J_URI=bolt://127.0.0.1:PORT .venv/bin/python scripts/bench_house.py \
        --before /work/wt/house-before --filing K_FY_2023 --filing 0000320193-23-000106 \
        --server-pid PID --pairs 7 --drop-key members

Each tree runs its own `.venv/bin/auditgraph` (its own code, the same packages). Both read the same graph, so what
they answer must be equal, byte for byte for `check --json`, structurally for MCP results; the script stops if not.

- `check --json FILING`: a whole process per run; wall time, the process's CPU (user + sys, from wait4) and, with
  --server-pid, the Neo4j server's CPU over the run (/proc/PID/stat), where much of the checks' work is done.
- MCP: one `auditgraph mcp` per tree over stdio (the MCP SDK's client, as tests/test_mcp_server.py drives it), both
  open at once; each call is timed from request to result (the round trip) with the MCP server process's CPU over
  it, warm, alternating the trees per pair; then the last call cold (--pairs times): a client starts `auditgraph mcp`,
  initialises, calls once and closes. A `verify_claim` of a sentence is also timed in each tree's own process without
  MCP (the verifier alone, CPU), so what the verifier's own changes cost is told apart from the path to it.

Pairs alternate which tree goes first; one warm-up round of everything runs before timing (a fresh server plans each
query once). Prints a markdown table of medians and after/before ratios (< 1 is faster after). Only ratios measured in
the same run compare: the machine is shared.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio

AFTER = Path(__file__).resolve().parent.parent
TICK = os.sysconf("SC_CLK_TCK")


def server_cpu(pid: int | None) -> float:
    """User + system seconds the server process has used (0 without a pid)."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime: fields 14 and 15 of stat(5)


def mcp_server_pid(tree: Path) -> int:
    """The pid of the `auditgraph mcp` this process started from `tree` (a child: the stdio client spawns it)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            argv = (stat.parent / "cmdline").read_bytes().split(b"\0")
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile
        if ppid == os.getpid() and argv[1:3] == [str(tree / ".venv/bin/auditgraph").encode(), b"mcp"]:
            return int(stat.parent.name)
    sys.exit(f"no `auditgraph mcp` of {tree} among this process's children")


# The verifier alone, in the tree's own process: what `verify_claim`'s runner does (a Verifier per call), without MCP.
VERIFY_ALONE = """
import json, sys, time
from auditgraph.config import connection
from auditgraph.graph import Graph
from auditgraph.verifier.registry import load_registry
from auditgraph.verifier.verify import Verifier
filing, claim, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
registry = load_registry(None)
with Graph(connection()) as graph:
    Verifier(graph, registry).verify_sentence(filing, claim)  # warm-up: imports, plans on the server
    cpu = []
    for _ in range(n):
        t0 = time.process_time()
        Verifier(graph, registry).verify_sentence(filing, claim)
        cpu.append(time.process_time() - t0)
print(json.dumps(cpu))
"""


def verify_alone(tree: Path, filing: str, claim: str, n: int) -> list[float]:
    """CPU seconds of `n` in-process sentence verifications by `tree`'s verifier."""
    out = subprocess.run(
        [str(tree / ".venv/bin/python"), "-c", VERIFY_ALONE, filing, claim, str(n)], check=True, capture_output=True, text=True
    )
    values: list[float] = json.loads(out.stdout)
    return values


def run_check(tree: Path, filing: str, server_pid: int | None) -> tuple[bytes, dict[str, float]]:
    """One `auditgraph check --json FILING` of `tree`; its output and times."""
    with tempfile.TemporaryFile() as out:
        s0, t0 = server_cpu(server_pid), time.perf_counter()
        proc = subprocess.Popen([str(tree / ".venv/bin/auditgraph"), "check", "--json", filing], stdout=out)
        _, status, usage = os.wait4(proc.pid, 0)
        wall, server = time.perf_counter() - t0, server_cpu(server_pid) - s0
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            sys.exit(f"{tree}: auditgraph check {filing} exited {proc.returncode}")
        out.seek(0)
        return out.read(), {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "server cpu": server}


def without(value: Any, keys: frozenset[str]) -> Any:
    """`value` with the dict keys in `keys` left out, at every depth."""
    if isinstance(value, dict):
        return {k: without(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [without(v, keys) for v in value]
    return value


def comparable(result: Any, drop: frozenset[str]) -> Any:
    """What an MCP result says: its structured content, its text (JSON read as such) and whether it is an error."""
    text = []
    for c in result.content:
        if getattr(c, "type", "") == "text":
            try:
                text.append(without(json.loads(c.text), drop))
            except ValueError:
                text.append(c.text)
    return {"error": result.is_error, "structured": without(result.structured_content, drop), "text": text}


async def mcp_rounds(
    trees: dict[str, Path], calls: list[tuple[str, dict[str, Any]]], pairs: int, cold_pairs: int, drop: frozenset[str]
) -> dict[str, Any]:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    times: dict[tuple[str, str], list[float]] = {}
    cpu: dict[tuple[str, str], list[float]] = {}  # the MCP server process's CPU seconds per call
    answers: dict[tuple[str, str], Any] = {}

    def params(tree: str) -> StdioServerParameters:
        return StdioServerParameters(command=str(trees[tree] / ".venv/bin/auditgraph"), args=["mcp"], env=dict(os.environ))

    async with (
        Client(params("before"), read_timeout_seconds=300) as before,
        Client(params("after"), read_timeout_seconds=300) as after,
    ):
        clients = {"before": before, "after": after}
        pids = {tree: mcp_server_pid(trees[tree]) for tree in clients}
        for rnd in range(pairs + 1):  # round 0 warms up and is not timed
            order = ["before", "after"] if rnd % 2 else ["after", "before"]
            for name, args in calls:
                label = f"{name} {json.dumps(args)}"
                for tree in order:
                    c0, t0 = server_cpu(pids[tree]), time.perf_counter()
                    result = await clients[tree].call_tool(name, args)
                    elapsed, used = time.perf_counter() - t0, server_cpu(pids[tree]) - c0
                    said = comparable(result, drop)
                    if said["error"]:
                        sys.exit(f"{tree}: {label} failed: {said['text']}")
                    if answers.setdefault((tree, label), said) != said:
                        sys.exit(f"{tree}: {label} answered differently on round {rnd}")
                    if rnd:
                        times.setdefault((tree, label), []).append(elapsed)
                        cpu.setdefault((tree, label), []).append(used)
    # cold: a client starts the server, initialises, makes the first call and closes (as a one-shot MCP host does)
    name, args = calls[-1]
    cold = f"cold start + {name} {json.dumps(args)}"
    for rnd in range(cold_pairs):
        for tree in ["before", "after"] if rnd % 2 else ["after", "before"]:
            t0 = time.perf_counter()
            async with Client(params(tree), read_timeout_seconds=300) as client:
                said = comparable(await client.call_tool(name, args), drop)
            times.setdefault((tree, cold), []).append(time.perf_counter() - t0)
            if said != answers[(tree, f"{name} {json.dumps(args)}")]:
                sys.exit(f"{tree}: {cold} answered differently")
    for _, label in answers:
        if answers[("before", label)] != answers[("after", label)]:
            a, b = (json.dumps(answers[(t, label)], indent=1, sort_keys=True).splitlines() for t in ("before", "after"))
            diff = "\n".join(difflib.unified_diff(a, b, "before", "after", lineterm=""))
            sys.exit(f"{label}: before and after answer differently\n{diff}")
    return {"times": times, "cpu": cpu, "answers": answers}


def median(values: list[float]) -> float:
    return statistics.median(values)


def ratio_row(label: str, before: list[float], after: list[float], fmt: Callable[[float], str]) -> str:
    """Medians with their range, and the ratio of the medians."""
    b, a = median(before), median(after)
    shown = [f"{fmt(median(v))} ({fmt(min(v))}-{fmt(max(v))})" for v in (before, after)]
    return f"| {label} | {shown[0]} | {shown[1]} | {f'{a / b:.2f}x' if b else '-'} |"


def measure_checks(
    trees: dict[str, Path], filings: list[str], pairs: int, server_pid: int | None
) -> dict[tuple[str, str], list[dict[str, float]]]:
    """A warm-up round whose outputs must be equal, then `pairs` alternating pairs of each filing's check."""
    check: dict[tuple[str, str], list[dict[str, float]]] = {}
    for f in filings:
        outs = {tree: run_check(path, f, server_pid)[0] for tree, path in trees.items()}
        if outs["before"] != outs["after"]:
            sys.exit(f"check --json {f}: before and after print different output")
        print(f"check --json {f}: same output ({len(outs['after'].splitlines())} lines)", file=sys.stderr)
    for rnd in range(pairs):
        for f in filings:
            for tree in ["before", "after"] if rnd % 2 else ["after", "before"]:
                check.setdefault((tree, f), []).append(run_check(trees[tree], f, server_pid)[1])
    return check


def print_checks(check: dict[tuple[str, str], list[dict[str, float]]], filings: list[str], pairs: int, server: bool) -> None:
    print(f"`check --json`: medians (min-max) of {pairs} alternating pairs (s); after/before\n")
    print("| filing | measure | before | after | after/before |\n|---|---|---:|---:|---:|")
    for f in filings:
        for measure in ("wall", "cpu", "server cpu") if server else ("wall", "cpu"):
            before, after = ([m[measure] for m in check[(tree, f)]] for tree in ("before", "after"))
            print(f"| {f} |{ratio_row(measure, before, after, lambda v: f'{v:.2f}')[1:]}")


def print_mcp(mcp: dict[str, Any], pairs: int) -> None:
    print(f"\nMCP calls over stdio: medians (min-max) of {pairs} alternating pairs (ms), the same answers\n")
    print("| call | measure | before | after | after/before |\n|---|---|---:|---:|---:|")
    for label in [label for tree, label in mcp["times"] if tree == "after"]:
        for measure in ("times", "cpu"):
            if ("after", label) not in mcp[measure]:
                continue  # the cold call: a new process each time, its wall time only
            before, after = (mcp[measure][(tree, label)] for tree in ("before", "after"))
            row = ratio_row("round trip" if measure == "times" else "server CPU", before, after, lambda v: f"{v * 1000:.0f}")
            print(f"| `{label}` |{row[1:]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, required=True, help="the before tree (with its own .venv)")
    parser.add_argument("--after", type=Path, default=AFTER, help="the after tree (default: this one)")
    parser.add_argument("--filing", action="append", required=True, help="a loaded filing id to check (repeatable)")
    parser.add_argument("--server-pid", type=int, help="the Neo4j server's pid, to count its CPU per check")
    parser.add_argument("--pairs", type=int, default=7, help="alternating pairs of check runs")
    parser.add_argument("--mcp-pairs", type=int, default=15, help="alternating pairs of each MCP call")
    parser.add_argument(
        "--mcp-call",
        action="append",
        default=[],
        metavar="JSON",
        help='an MCP call as {"tool": NAME, "arguments": {...}} (repeatable; default: one get_fact and one verify_claim)',
    )
    parser.add_argument(
        "--drop-key",
        action="append",
        default=[],
        metavar="KEY",
        help="leave this key out of MCP answers before comparing: a field another change added after the before tree",
    )
    args = parser.parse_args()
    if "NEO4J_URI" not in os.environ:
        sys.exit("set NEO4J_URI to the server both trees read (never one whose data matters: nothing is written, but be sure)")
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    for tree in trees.values():
        if not (tree / ".venv/bin/auditgraph").exists():
            sys.exit(f"{tree}: no .venv/bin/auditgraph; make the tree's venv first")
    filing = args.filing[0]
    calls = [(c["tool"], c["arguments"]) for c in map(json.loads, args.mcp_call)] or [
        ("get_fact", {"filing_id": filing, "concept": "us-gaap:Revenues"}),
        ("verify_claim", {"filing_id": filing, "claim": "Net sales were $13.1 billion in 2023"}),
    ]

    check = measure_checks(trees, args.filing, args.pairs, args.server_pid)
    alone: dict[str, list[float]] = {}
    verify = [a for n, a in calls if n == "verify_claim" and "question" not in a]
    for rnd in range(3 if verify else 0):  # three processes a tree, alternating
        for tree in ["before", "after"] if rnd % 2 else ["after", "before"]:
            alone.setdefault(tree, []).extend(verify_alone(trees[tree], verify[0]["filing_id"], verify[0]["claim"], 5))
    mcp = anyio.run(mcp_rounds, trees, calls, args.mcp_pairs, args.pairs, frozenset(args.drop_key))

    print_checks(check, args.filing, args.pairs, args.server_pid is not None)
    print_mcp(mcp, args.mcp_pairs)
    if alone:
        print(f"\nThe same sentence verified in-process, without MCP (CPU ms, {len(alone['after'])} calls a tree)\n")
        print("| call | before | after | after/before |\n|---|---:|---:|---:|")
        print(
            ratio_row(
                f"`Verifier.verify_sentence` of {verify[0]['claim']!r}",
                alone["before"],
                alone["after"],
                lambda v: f"{v * 1000:.0f}",
            )
        )


if __name__ == "__main__":
    main()
