"""Verifier benchmark: build the XBRLFiling-style dev set from loaded filings, verify it, report.

    NEO4J_URI=bolt://127.0.0.1:7687 .venv/bin/python scripts/bench_verifier.py --load

--load loads the default shared filings first (the loader skips unchanged ones; nothing is
wiped). Writes the dev set (eval/datasets/verifin_dev.jsonl), the decisions JSONL, and the
"Verifier" section of docs/benchmarks.md (between its markers, other sections untouched).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

from auditgraph.config import connection
from auditgraph.eval.benchdoc import machine, write_section
from auditgraph.eval.verifin_devset import DevSetBuilder
from auditgraph.graph import Graph
from auditgraph.verifier import Verifier, batch
from auditgraph.verifier.registry import load_registry
from auditgraph.verifier.types import Decision

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("AUDITGRAPH_SHARED", REPO.parent / "shared"))  # a worktree elsewhere names it
EDGAR = [
    "aapl-10k-2023-09-30",
    "amzn-10k-2022-12-31",
    "nflx-10k-2023-12-31",
    "nvda-10k-2024-01-28",
    "pg-10k-2023-06-30",
    "aapl-10q-2023-07-01",
]
XULE = ["ADN_FY_2023", "ITT_FY_2023", "K_FY_2023", "FSLR_FY_2023", "MITK_FY_2023", "BXP_Q1_2024"]


def load(graph: Graph) -> list[str]:
    from auditgraph.loader.filing import FilingLoader

    tax = SHARED / "taxonomies"
    packages = [tax / f"{t}-{y}.zip" for y in (2022, 2023, 2024, 2025) for t in ("us-gaap", "srt", "sec")]
    paths = [SHARED / "filings" / "edgar" / f for f in EDGAR] + [SHARED / "filings" / "xule-2025" / f for f in XULE]
    ids = []
    with FilingLoader(graph, [p for p in packages if p.exists()]) as loader:
        for r in loader.load_many(paths):
            print(f"  {r.status:9} {r.id} ({r.source})", file=sys.stderr)
            if r.status != "failed":
                ids.append(r.id)
    return ids


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--load", action="store_true", help="load the default shared filings first")
    ap.add_argument("--filings", nargs="*", help="filing ids (default: every loaded filing)")
    ap.add_argument("--devset", type=Path, default=REPO / "eval" / "datasets" / "verifin_dev.jsonl")
    ap.add_argument("--decisions", type=Path, default=Path("/tmp/verifier_decisions.jsonl"))
    ap.add_argument("--report", type=Path, default=REPO / "docs" / "benchmarks.md")
    args = ap.parse_args()
    logging.disable(logging.WARNING)  # server notifications about absent optional properties
    graph = Graph(connection())
    loaded = load(graph) if args.load else []
    ids = args.filings or loaded or [r["id"] for r in graph.read("verify.filings")]
    registry = load_registry()
    t0 = time.perf_counter()
    cases = DevSetBuilder(graph, registry).build(ids)
    build_s = time.perf_counter() - t0
    args.devset.parent.mkdir(parents=True, exist_ok=True)
    args.devset.write_text("".join(json.dumps(c) + "\n" for c in cases))
    verifier = Verifier(graph, registry)
    lat, pairs, recs = [], [], []
    t0 = time.perf_counter()
    for case in batch.read_cases(args.devset):
        t = time.perf_counter()
        v = verifier.verify(case.filing_id, case.question, case.claim, case_id=case.case_id)
        lat.append(time.perf_counter() - t)
        pairs.append((v.decision, case.correct))
        recs.append(batch.record(case, v))
    total_s = time.perf_counter() - t0
    args.decisions.write_text("".join(json.dumps(r) + "\n" for r in recs))
    s = batch.summarise(pairs)
    by_kind: dict[str, list] = defaultdict(list)
    by_stmt: dict[str, list] = defaultdict(list)
    for r, (d, c) in zip(recs, pairs):
        by_kind[r["input"]["kind"]].append((d, c))
        by_stmt[r["input"]["statement"]].append((d, c))
    abst = Counter(r["abstain_reason"] for r in recs if r["decision"] == "Abstain")
    errors = [r for r, (d, c) in zip(recs, pairs) if d is Decision.ABSTAIN or (d is Decision.VERIFIED) != c]
    report = render(s, by_kind, by_stmt, abst, errors, ids, len(cases), build_s, total_s, lat)
    write_section(args.report, "verifier", report)
    print(report)


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def render(s, by_kind, by_stmt, abst, errors, ids, n, build_s, total_s, lat) -> str:
    p50 = statistics.median(lat) * 1000 if lat else 0
    p95 = sorted(lat)[int(0.95 * (len(lat) - 1))] * 1000 if lat else 0
    lines = [
        "## Verifier (VeriFin dev set)",
        "",
        f"`NEO4J_URI=... .venv/bin/python scripts/bench_verifier.py --load` on {machine()}, "
        f"{time.strftime('%Y-%m-%d')}. {len(ids)} filings, {n} claims "
        f"(dev set in `eval/datasets/verifin_dev.jsonl`), deterministic planner, Z3 timeout 5 s. "
        f"The dev set is generated by `eval/verifin_devset.py` in the registry's own vocabulary, with labels from the "
        f"reported figures: it measures grounding, periods, formula authority and the decision rule, not the "
        f"reading of free-form questions.",
        "",
        "| n | TA | FA | TR | FR | Abs | precision | decision accuracy | coverage |",
        "|---|---|---|---|---|---|---|---|---|",
        f"| {s.n} | {s.ta} | {s.fa} | {s.tr} | {s.fr} | {s.abstain} | {_pct(s.precision)} | "
        f"{_pct(s.decision_accuracy)} | {_pct(s.coverage)} |",
        "",
        "| claim kind | n | TA | FA | TR | FR | Abs |",
        "|---|---|---|---|---|---|---|",
    ]
    for kind, pairs in sorted(by_kind.items()):
        k = batch.summarise(pairs)
        lines.append(f"| {kind} | {k.n} | {k.ta} | {k.fa} | {k.tr} | {k.fr} | {k.abstain} |")
    lines += ["", "| statement | n | decision accuracy | coverage |", "|---|---|---|---|"]
    for st, pairs in sorted(by_stmt.items()):
        k = batch.summarise(pairs)
        lines.append(f"| {st} | {k.n} | {_pct(k.decision_accuracy)} | {_pct(k.coverage)} |")
    lines += [
        "",
        f"Throughput: {n / total_s:.1f} claims/s over {total_s:.1f} s (median {p50:.0f} ms, p95 {p95:.0f} ms "
        f"per claim, including its Cypher reads); dev-set build {build_s:.1f} s.",
        "",
    ]
    if abst:
        lines.append("Abstentions: " + ", ".join(f"{k} {v}" for k, v in abst.most_common()) + ".")
    if errors:
        lines += ["", "Errors and abstentions (first 10):", ""]
        lines += [f"- `{r['case_id']}` claim {r['claim']!r}: {r['decision']} ({r['reason'][:160]})" for r in errors[:10]]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
