"""Natural-claims benchmark (issue 15): verify eval/datasets/claims/natural_dev.jsonl, score it, report.

    NEO4J_URI=bolt://127.0.0.1:7687 .venv/bin/python scripts/bench_claims.py --load

--load loads the dev set's filings first (the loader skips unchanged ones; nothing is wiped);
their ids come from the load results, matched by source path. Without it, ids are the ones the
loader would give (manifest accession or folder name). Template claims go through
`Verifier.verify(filing, question, answer)`; sentence styles through `Verifier.verify_sentence`
and are reported as "not run" while the verifier has no such method. Writes the decisions JSONL
(default /tmp/claims_decisions.jsonl), the "claims" section of docs/benchmarks.md, and prints
every failure (FA, FR, wrong grounding, undecidable decided, wrong abstain reason) one per line.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from auditgraph.config import connection
from auditgraph.eval import claims_score as cs
from auditgraph.eval.benchdoc import machine, peak_rss_mb, write_section
from auditgraph.graph import Graph

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("AUDITGRAPH_SHARED", REPO.parent / "shared"))  # a worktree elsewhere names it
FILINGS = SHARED / "filings"
COMMAND = "NEO4J_URI=... .venv/bin/python scripts/bench_claims.py --load"


def packages() -> list[Path]:
    tax = SHARED / "taxonomies"
    return [p for p in (tax / f"{t}-{y}.zip" for y in (2022, 2023, 2024, 2025) for t in ("us-gaap", "srt", "sec")) if p.exists()]


def load(graph: Graph, rels: list[str]) -> dict[str, str]:
    """Load the filings; dev-set filing path -> graph filing id, from the load results."""
    from auditgraph.loader.filing import FilingLoader

    folders = {(FILINGS / rel).resolve(): rel for rel in rels}
    ids: dict[str, str] = {}
    with FilingLoader(graph, packages()) as loader:
        for r in loader.load_many([FILINGS / rel for rel in rels]):
            src = Path(r.source).resolve() if r.source not in ("?", "") else None
            rel = folders.get(src) or (folders.get(src.parent) if src else None)
            print(
                f"  {r.status:9} {r.id} ({rel or r.source}){' ' + r.message if r.status == 'failed' and r.message else ''}",
                file=sys.stderr,
            )
            if rel and r.status != "failed":
                ids[rel] = r.id
    return ids


def known_ids(rels: list[str]) -> dict[str, str]:
    """The ids the loader gives these folders, without loading them."""
    from auditgraph.loader.filing_source import filing_input

    return {rel: filing_input(FILINGS / rel).id for rel in rels}


def run_one(verifier: Any, filing_id: str, rec: dict[str, Any]) -> dict[str, Any] | None:
    """The verifier's JSON for one dev record; None when this style cannot run yet."""
    if rec["style"] == "template":
        return verifier.verify(filing_id, rec["question"], rec["answer"], case_id=rec["id"]).to_json()
    if not hasattr(verifier, "verify_sentence"):
        return None
    return verifier.verify_sentence(filing_id, rec["text"]).to_json()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--load", action="store_true", help="load the dev set's filings first")
    ap.add_argument("--devset", type=Path, default=cs.DEVSET)
    ap.add_argument("--styles", nargs="*", help="only these styles (default: all)")
    ap.add_argument("--limit", type=int, help="at most this many claims (a quick look)")
    ap.add_argument("--decisions", type=Path, default=Path("/tmp/claims_decisions.jsonl"))
    ap.add_argument("--report", type=Path, default=REPO / "docs" / "benchmarks.md")
    ap.add_argument("--no-report", action="store_true", help="do not touch docs/benchmarks.md")
    ap.add_argument("--show-abstain", action="store_true", help="also print decidable claims the verifier abstained on")
    args = ap.parse_args()
    logging.disable(logging.WARNING)  # server notifications about absent optional properties

    records = [json.loads(line) for line in args.devset.read_text(encoding="utf-8").splitlines() if line.strip()]
    if args.styles:
        records = [r for r in records if r["style"] in args.styles]
    if args.limit:
        records = records[: args.limit]
    rels = sorted({r["filing"] for r in records})
    graph = Graph(connection())
    t0 = time.perf_counter()
    ids = load(graph, rels) if args.load else known_ids(rels)
    load_s = time.perf_counter() - t0

    from auditgraph.verifier import Verifier

    verifier = Verifier(graph)
    sentence_mode = hasattr(verifier, "verify_sentence")
    outputs: dict[str, dict[str, Any] | None] = {}
    seconds: dict[str, float] = {}
    errors: dict[str, str] = {}
    t0 = time.perf_counter()
    for n, rec in enumerate(records, 1):
        fid = ids.get(rec["filing"])
        t = time.perf_counter()
        try:
            if fid is None:
                raise LookupError(f"{rec['filing']} is not loaded")
            out = run_one(verifier, fid, rec)
        except Exception as exc:  # one claim's crash is a finding, not the end of the run
            errors[rec["id"]] = f"{type(exc).__name__}: {exc}"
            out = {"decision": "Error", "reason": errors[rec["id"]], "abstain_reason": None, "bindings": []}
        if out is not None:
            seconds[rec["id"]] = time.perf_counter() - t
        outputs[rec["id"]] = out
        if n % 50 == 0:
            print(f"  {n}/{len(records)} claims", file=sys.stderr)
    verify_s = time.perf_counter() - t0

    claims = [cs.dev_claim(r) for r in records]
    outcomes = cs.judge_all(claims, outputs)
    overall, by_style = cs.score(outcomes), cs.score_by(outcomes)
    with args.decisions.open("w", encoding="utf-8") as fh:
        for rec, o in zip(records, outcomes):
            fh.write(
                json.dumps(
                    {
                        "id": rec["id"],
                        "filing": rec["filing"],
                        "filing_id": ids.get(rec["filing"]),
                        "style": rec["style"],
                        "label": rec["label"],
                        "error": rec["error"],
                        "outcome": o.outcome,
                        "failure": o.failure,
                        "missing": list(o.missing),
                        "seconds": seconds.get(rec["id"]),
                        "output": outputs[rec["id"]],
                    },
                    default=str,
                )
                + "\n"
            )
    report = render(
        overall,
        by_style,
        outcomes,
        records,
        seconds,
        errors,
        len(rels),
        len(ids),
        load_s,
        verify_s,
        sentence_mode,
        args.load,
        args.devset,
    )
    if not args.no_report:
        write_section(args.report, "claims", report)
    print(report)
    by_id = {r["id"]: r for r in records}
    fails = cs.failures(outcomes)
    print(f"failures: {len(fails)} (decisions in {args.decisions})")
    if args.show_abstain:
        fails += [o for o in outcomes if o.outcome == "Abstain" and not o.failure]
    for o in fails:
        rec = by_id[o.id]
        claim = rec["text"] or f"Q: {rec['question']} A: {rec['answer']}"
        extra = f" missing={','.join(o.missing)}" if o.missing else ""
        print(
            f"{o.failure or 'abstain:' + str(o.abstain_reason)}\t{o.id}\t{o.decision}\tlabel={o.label} error={rec['error']}\t{claim}\t| {o.reason[:200]}{extra}"
        )


def _commit() -> str:
    try:
        return subprocess.run(
            ["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def render(
    overall: cs.Score,
    by_style: dict[str, cs.Score],
    outcomes: list[cs.Outcome],
    records: list[dict],
    seconds: dict[str, float],
    errors: dict[str, str],
    n_filings: int,
    n_loaded: int,
    load_s: float,
    verify_s: float,
    sentence_mode: bool,
    loaded: bool,
    devset: Path,
) -> str:
    lat_by_style: dict[str, list[float]] = defaultdict(list)
    style_of = {r["id"]: r["style"] for r in records}
    for cid, s in seconds.items():
        lat_by_style[style_of[cid]].append(s)
    lat = [s for v in lat_by_style.values() for s in v]
    try:
        rel = devset.resolve().relative_to(REPO)
    except ValueError:
        rel = devset
    lines = [
        "## Natural claims (issue 15 dev set)",
        "",
        f"`{COMMAND}` on {machine()}, {time.strftime('%Y-%m-%d')}. {len(records)} claims over {n_filings} shared filings "
        f"({n_loaded} {'loaded' if loaded else 'known'}) from `{rel}`, built by `python -m auditgraph.eval.claims_devset` with "
        f"labels computed from the instances by Arelle, never by the verifier. Verifier at `{_commit()}`, deterministic planner. "
        + (
            ""
            if sentence_mode
            else "The verifier has no `verify_sentence` yet: sentence styles are **not run**; "
            "only the template style (question plus bare answer) is verified."
        ),
        "",
        cs.table(overall, by_style),
        "",
        "Targets: 0 FA, 0 wrong grounding, coverage ≥ 90%, accuracy among decided ≥ 99%, undecidable → Abstain 100%, "
        "template coverage ≥ 95% with 0 FA, median ≤ 0.3 s per claim.",
        "",
    ]
    if lat:
        parts = [f"{st} {statistics.median(v) * 1000:.0f} ms" for st, v in sorted(lat_by_style.items())]
        lines.append(
            f"Latency: median {statistics.median(lat) * 1000:.0f} ms per claim in the batch "
            f"(p95 {sorted(lat)[int(0.95 * (len(lat) - 1))] * 1000:.0f} ms; {', '.join(parts)}); "
            f"{verify_s:.1f} s verifying, {load_s:.1f} s {'loading' if loaded else 'resolving filing ids'}; "
            f"peak RSS {peak_rss_mb():.0f} MB."
        )
        lines.append("")
    ran = [o for o in outcomes if o.outcome != "not_run"]
    fa_by_error = Counter(r["error"] for r, o in zip(records, outcomes) if o.outcome == "FA")
    tr_by_error = Counter(r["error"] for r, o in zip(records, outcomes) if o.outcome == "TR")
    false_by_error = Counter(r["error"] for r, o in zip(records, outcomes) if o.label == "false" and o.outcome != "not_run")
    if false_by_error:
        lines.append(
            "False claims by error (rejected / run): "
            + ", ".join(f"{e} {tr_by_error[e]}/{n}" for e, n in sorted(false_by_error.items()))
            + "."
            + (
                " False accepts by error: " + ", ".join(f"{e} {n}" for e, n in sorted(fa_by_error.items())) + "."
                if fa_by_error
                else ""
            )
        )
    abst = Counter(o.abstain_reason or "none" for o in ran if o.outcome == "Abstain")
    if abst:
        lines.append("Abstentions on decidable claims: " + ", ".join(f"{k} {v}" for k, v in abst.most_common()) + ".")
    if errors:
        lines.append(f"Crashes: {len(errors)} (counted as abstentions), e.g. `{next(iter(errors.values()))[:160]}`.")
    fails = cs.failures(outcomes)
    kinds = ", ".join(f"{k} {v}" for k, v in sorted(Counter(o.failure for o in fails).items()))
    lines += [
        "",
        f"Failures to work through: {len(fails)}{f' ({kinds})' if kinds else ''}; the script prints them one per line "
        "(`--show-abstain` adds the abstentions).",
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
