"""Benchmark the sentence reader on the filers' own narrative (issue 35 item 3).

    export NEO4J_URI=bolt://... (a database with the shared filings loaded; only read)
    .venv/bin/python scripts/bench_narrative.py [--set dev|heldout|both] [--big FILING] [--write]

Reads eval/datasets/narrative/dev.jsonl (or the held-out heldout.jsonl.gz; build both with
python -m auditgraph.eval.narrative_devset), verifies every sentence with `Verifier.verify_sentence`, pairs
each labelled figure with the sub-claim that read it (same digits, in order) and counts per figure:

- decidable figures: labelled `true` or `false`; coverage = decided (Verified or Violated) / decidable;
- false accept: a `false` figure Verified (the error VeriFin exists to prevent); false reject: a
  `true` figure Violated;
- wrong fact: a decided figure whose target binding is not one of the labelled facts (concept local
  name, period key, and dimensions where the binding reports them; a binding without dimensions is
  the non-dimensional fact, so it is wrong for a figure only a member's fact states);
- decided untagged: a figure no fact states (`untagged`) that was decided anyway, on some other fact.

Per style (the text block: note, policy, details), shape (respectively list, several figures, one),
kind (money, per_share, shares, percent), scale (word, none, implicit) and scope (entity or member),
speed per sentence, and `verify --narrative` on the biggest shared 10-K (--big). With --write the
tables replace the `narrative` section of docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import sys
import time
from collections import Counter, defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(
    os.environ.get("AUDITGRAPH_SHARED") or (ROOT.parent / "shared" if (ROOT.parent / "shared").is_dir() else "/work/shared")
)
FILINGS = SHARED / "filings"
SETS = {"dev": ROOT / "eval/datasets/narrative/dev.jsonl", "heldout": ROOT / "eval/datasets/narrative/heldout.jsonl.gz"}
BIG = "BERG_FY_2023"  # the shared 10-K with the most narrative sentences with figures (409; see docs/benchmarks.md)


def read_set(path: Path) -> list[dict[str, Any]]:
    raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    return [json.loads(line) for line in raw.decode().splitlines() if line.strip()]


def digits(text: str) -> str:
    return re.sub(r"\D", "", text)


def pair(figures: list[dict[str, Any]], subclaims: list[dict[str, Any]]) -> list[dict[str, Any] | None]:
    """Each figure's sub-claim: the first unused one written the same, else the first whose number has the
    same digits ("$2.2 billion" is not the sub-claim of a "$2.2 million" beside it)."""
    written = [(s.get("claim_value") or {}).get("text") or s.get("claim") or "" for s in subclaims]
    hits: list[int | None] = [None] * len(figures)
    used: set[int] = set()
    for same in (lambda w, f: w == f, lambda w, f: digits(w) == digits(f)):
        for k, f in enumerate(figures):
            if hits[k] is None and digits(f["text"]):
                hit = next((i for i, w in enumerate(written) if i not in used and same(w, f["text"])), None)
                if hit is not None:
                    used.add(hit)
                    hits[k] = hit
    return [None if h is None else subclaims[h] for h in hits]


def _local(qname: str) -> str:
    return qname.split(":")[-1]


def _binding_dims(b: dict[str, Any]) -> dict[str, str] | None:
    """The binding's dimensions when the reader reports them (a dict or a list of dim=member)."""
    for key in ("dims", "dimensions", "members"):
        if key in b and b[key] is not None:
            d = b[key]
            if isinstance(d, dict):
                return {_local(k): _local(str(v)) for k, v in d.items()}
            return {_local(str(x).split("=")[0]): _local(str(x).split("=")[-1]) for x in d}
    return None


def _matches(b: dict[str, Any], f: dict[str, Any]) -> bool:
    dims = _binding_dims(b) or {}
    fd = {_local(k): _local(v) for k, v in f.get("dims", {}).items()}
    return _local(f["qname"]) == _local(b["concept"]) and f["period"] == b["period"] and fd == dims


def right_fact(sub: dict[str, Any], facts: list[dict[str, Any]]) -> bool:
    """Whether the sub-claim was decided on a labelled fact: its target binding is one; or, for a
    figure derived from several facts (a rate as tax over pre-tax income), one of its bindings is, or
    every target binding is non-dimensional and has the period of a labelled non-dimensional fact."""
    bindings = sub.get("bindings", [])
    target = [b for b in bindings if b.get("stage") == "target"] or bindings
    if not target:
        return False
    if any(_matches(b, f) for b in target for f in facts):
        return True
    derived = sub.get("kind", "level") != "level" or len({b["concept"] for b in target}) > 1
    if not derived:
        return False
    if any(_matches(b, f) for b in bindings for f in facts):
        return True
    periods = {f["period"] for f in facts if not f.get("dims")}
    return all(b["period"] in periods and not _binding_dims(b) for b in target)


class Tally:
    def __init__(self) -> None:
        self.c: Counter[str] = Counter()

    def add(self, truth: str | None, decision: str, wrong: bool) -> None:
        if truth == "untagged":
            self.c["untagged"] += 1
            self.c["untagged_decided"] += decision in ("Verified", "Violated")
            return
        if truth not in ("true", "false"):
            return
        self.c["decidable"] += 1
        if decision in ("Verified", "Violated"):
            self.c["decided"] += 1
            self.c["wrong_fact"] += wrong
        self.c[f"{truth}:{decision}"] += 1

    def row(self, name: str) -> str:
        c = self.c
        n, d = c["decidable"], c["decided"]
        cov = f"{100 * d / n:.1f}%" if n else "-"
        return (
            f"| {name} | {n} | {d} | {cov} | {c['true:Verified']} | {c['true:Violated']} | {c['false:Violated']} | "
            f"**{c['false:Verified']}** | {c['wrong_fact']} | {c['untagged_decided']} of {c['untagged']} |"
        )


HEAD = (
    "| | decidable figures | decided | coverage | true Verified | true Violated | false Violated | false accepts "
    "| wrong fact | untagged decided |\n|---|---|---|---|---|---|---|---|---|---|"
)


def contexts(verifier: Any, fid: str, how: str) -> dict[str, Any]:
    """Each narrative sentence's context as `verify --narrative` passes it (`--context full`: the
    paragraph before it and the note's own scale; `scale`: the scale only), by sentence text."""
    from auditgraph.verifier import narrative
    from auditgraph.verifier.sentence import Context

    out = {}
    for ns in narrative.sentences(narrative.blocks(verifier.graph, fid)):
        out[ns.text] = Context(ns.before if how == "full" else "", ns.scale_words)
    return out


def run_set(
    verifier: Any, records: list[dict[str, Any]], ids: dict[str, str], limit: int | None, how: str = "none"
) -> dict[str, Any]:
    total, by_style, by_kind, by_scale = Tally(), defaultdict(Tally), defaultdict(Tally), defaultdict(Tally)
    by_shape, by_scope = defaultdict(Tally), defaultdict(Tally)
    sentence = Counter()
    missing: set[str] = set()
    examples: dict[str, list[str]] = defaultdict(list)
    t0, n = time.perf_counter(), 0
    ctx: dict[str, dict[str, Any]] = {}
    for rec in records[:limit] if limit else records:
        fid = ids.get(rec["filing"])
        if fid is None or verifier.filing(fid) is None:
            missing.add(rec["filing"])
            continue
        if how != "none" and fid not in ctx:
            ctx[fid] = contexts(verifier, fid, how)
        context = ctx[fid].get(rec["text"]) if how != "none" else None
        v = verifier.verify_sentence(fid, rec["text"], case_id=rec["id"], context=context).to_json()
        n += 1
        sentence[f"{rec['label']}:{v['decision']}"] += 1
        for f, sub in zip(rec["figures"], pair(rec["figures"], v["subclaims"])):
            decision = sub["decision"] if sub else "Abstain"
            wrong = bool(sub) and decision != "Abstain" and not right_fact(sub, f["facts"])
            for t in (
                total,
                by_style[rec["style"]],
                by_shape[rec.get("shape", "-")],
                by_kind[f["kind"]],
                by_scale[f["scale"]],
                by_scope[f.get("scope") or "untagged"],
            ):
                t.add(f["truth"], decision, wrong)
            if f["truth"] == "false" and decision == "Verified":
                examples["false accept"].append(f"{rec['id']}: {f['text']!r} in {rec['text'][:160]!r}")
            elif wrong and f["truth"] in ("true", "false"):
                b = next((b for b in sub["bindings"] if b.get("stage") == "target"), sub["bindings"][0])  # type: ignore[index]
                examples["wrong fact"].append(
                    f"{rec['id']}: {f['text']!r} ({f['truth']}) {decision} on {b['concept']} {b['period']}; labelled "
                    + (
                        f"{f['facts'][0]['qname']} {f['facts'][0]['period']} {f['facts'][0]['dims'] or ''}"
                        if f["facts"]
                        else "none"
                    )
                )
    secs = time.perf_counter() - t0
    return {
        "total": total,
        "style": by_style,
        "kind": by_kind,
        "scale": by_scale,
        "shape": by_shape,
        "scope": by_scope,
        "sentences": n,
        "sentence": sentence,
        "seconds": secs,
        "missing": sorted(missing),
        "examples": examples,
    }


def render(name: str, r: dict[str, Any]) -> str:
    lines = [
        f"**{name}**: {r['sentences']} sentences, {r['seconds']:.1f} s ({1000 * r['seconds'] / max(r['sentences'], 1):.0f} ms per sentence)"
    ]
    if r["missing"]:
        lines.append(f"(not loaded in the database, skipped: {', '.join(r['missing'])})")
    lines += ["", HEAD, r["total"].row("all figures")]
    for title, key in (
        ("style (text block)", "style"),
        ("shape", "shape"),
        ("kind", "kind"),
        ("scale", "scale"),
        ("scope (labelled facts)", "scope"),
    ):
        for k in sorted(r[key]):
            lines.append(r[key][k].row(f"{title}: {k}"))
    s = r["sentence"]
    lines += [
        "",
        "Sentences: "
        + ", ".join(
            f"{lab} -> {d} {s[f'{lab}:{d}']}"
            for lab in ("true", "false", "undecidable")
            for d in ("Verified", "Violated", "Abstain")
        ),
    ]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--set", choices=["dev", "heldout", "both"], default="dev")
    ap.add_argument("--big", default=BIG, help=f"filing for the whole-narrative timing (default {BIG}); '' to skip")
    ap.add_argument("--every", action="store_true", help="also run `verify --narrative` on every loaded filing (totals, slowest)")
    ap.add_argument("--limit", type=int, help="only the first N records of each set (a quick look)")
    ap.add_argument("--examples", type=int, default=0, help="print up to N false accepts and wrong facts")
    ap.add_argument(
        "--context",
        choices=["none", "scale", "full"],
        default="none",
        help="pass each sentence the context `verify --narrative` gives it: the note's scale (scale), and the paragraph (full)",
    )
    ap.add_argument("--write", action="store_true", help="replace the `narrative` section of docs/benchmarks.md")
    args = ap.parse_args()

    from auditgraph.database import open_graph
    from auditgraph.eval.benchdoc import machine, peak_rss_mb, write_section
    from auditgraph.loader.filing_source import filing_input
    from auditgraph.verifier import Verifier, narrative

    graph = open_graph()
    verifier = Verifier(graph)
    names = ["dev", "heldout"] if args.set == "both" else [args.set]
    parts = []
    for name in names:
        records = read_set(SETS[name])
        ids = {rel: filing_input(FILINGS / rel).id for rel in sorted({r["filing"] for r in records})}
        r = run_set(verifier, records, ids, args.limit, args.context)
        parts.append(render(name, r))
        print(parts[-1], file=sys.stderr)
        for kind, ex in r["examples"].items():
            for e in ex[: args.examples]:
                print(f"  {kind}: {e}", file=sys.stderr)
    big = ""
    if args.big:
        fid = filing_input(FILINGS / next(p for p in (f"xule-2025/{args.big}", f"edgar/{args.big}") if (FILINGS / p).exists())).id
        fresh = Verifier(graph)  # nothing cached from the sets
        t0 = time.perf_counter()
        rep = narrative.check(fresh, fid)
        secs = time.perf_counter() - t0
        c = rep.counts()
        big = (
            f"`auditgraph verify --filing {fid} --narrative` (the biggest shared 10-K narrative): {rep.blocks} text blocks, "
            f"{rep.tables_left_out} tables left out, {len(rep.sentences)} sentences with figures, {len(rep.figures)} figures "
            f"({c['consistent']} consistent, {c['inconsistent']} inconsistent, {c['not checkable']} not checkable) "
            f"in {secs:.1f} s ({1000 * secs / max(len(rep.sentences), 1):.0f} ms per sentence)."
        )
        print(big, file=sys.stderr)
    every = ""
    if args.every:
        ids = [r["id"] for r in graph.read("verify.filings")]
        totals: Counter[str] = Counter()
        t0, n, slowest = time.perf_counter(), 0, (0.0, "", 0)
        for fid in ids:
            t = time.perf_counter()
            rep = narrative.check(Verifier(graph), fid)
            dt = time.perf_counter() - t
            n += len(rep.sentences)
            totals.update(rep.counts())
            slowest = max(slowest, (dt, fid, len(rep.sentences)))
        secs = time.perf_counter() - t0
        every = (
            f"Every loaded filing ({len(ids)}): {n:,} sentences with figures, {sum(totals.values()):,} figures "
            f"({totals['consistent']:,} consistent, {totals['inconsistent']:,} inconsistent, "
            f"{totals['not checkable']:,} not checkable) in {secs:.0f} s ({1000 * secs / max(n, 1):.0f} ms per sentence); "
            f"slowest {slowest[1]} ({slowest[2]} sentences, {slowest[0]:.1f} s)."
        )
        print(every, file=sys.stderr)
    graph.close()
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    body = (
        f"## Filer narrative (issue 35; {when})\n\n"
        f"`.venv/bin/python scripts/bench_narrative.py --set {args.set}{' --every' if args.every else ''}"
        f"{f' --context {args.context}' if args.context != 'none' else ''}"
        f"{' --write' if args.write else ''}` on {machine()}, "
        f"peak memory {peak_rss_mb():.0f} MB. Sets built by `python -m auditgraph.eval.narrative_devset` (labels from the "
        "instances with lxml; eval/datasets/narrative/). A figure counts once per record; a false record repeats its "
        "sentence with one figure changed.\n\n" + "\n\n".join(parts) + "".join(f"\n\n{x}" for x in (big, every) if x)
    )
    if args.write:
        write_section(ROOT / "docs" / "benchmarks.md", "narrative", body)
    print(body)


if __name__ == "__main__":
    main()
