"""Our registered DQC rules against the official engine's recorded findings, family by family, finding by finding.

    NEO4J_URI=bolt://127.0.0.1:7701 .venv/bin/python scripts/compare_dqc.py [--family 0018 ...] [--show 20]
        [--findings ../shared/dqc/engine-findings/findings.jsonl] [--json out.json]

Every loaded filing whose source folder is one the engine ran on is audited with every registered rule (or the
`--family` ones) and compared with `findings.jsonl` (the official DQC engine, every rule on; see its README).
A finding is its code (`DQC.US.0018.34`) and the facts it names, a fact by (concept local name, context id). A
finding that names no fact (a structural rule) matches an engine finding of the same code whose message names
our finding's concept. `--show N` prints up to N differences per family (engine only / ours only) to debug a rule.
Exit 1 when any compared family differs.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Constants, parse_rules, registry
from auditgraph.database import open_graph

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
DEFAULT_FINDINGS = SHARED / "dqc" / "engine-findings" / "findings.jsonl"

FactKey = tuple[str, str]  # (concept local name, context id)


def local(q: str) -> str:
    return re.split(r"[:#}]", q)[-1]


@dataclass(frozen=True)
class Finding:
    code: str
    facts: frozenset[FactKey]
    concept: str = ""  # the element a fact-less finding is about (ours), for matching by message
    message: str = ""

    @property
    def family(self) -> str:
        return ".".join(self.code.split(".")[:3])


@dataclass
class FamilyScore:
    family: str
    official: int = 0
    ours: int = 0
    matched: int = 0
    seconds: float = 0.0
    engine_only: list[tuple[str, Finding]] = field(default_factory=list)
    ours_only: list[tuple[str, Finding]] = field(default_factory=list)


def engine_findings(path: Path) -> dict[str, list[Finding]]:
    """Engine folder ("xule-2025/BXP_Q1_2024") -> its findings."""
    out: dict[str, list[Finding]] = defaultdict(list)
    for line in path.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        facts = frozenset((local(f["concept"]), f["context"]) for f in d["facts"] if f.get("context"))
        out[d["filing"]].append(Finding(d["code"], facts, message=d["message"]))
    return out


def ours(results: list[CheckResult]) -> list[Finding]:
    out = []
    for r in results:
        if r.status != "violation":
            continue
        facts = frozenset((local(f.concept), f.context_id) for f in r.facts if f.context_id)
        # the 0015/0126 results name their total first; the engine names that one fact
        if r.rule_id in ("DQC.US.0015", "DQC.US.0126", "DQC.US.0117") and r.facts:
            totals = [f for f in r.facts if f.role in ("total", "fact")] or r.facts[:1]
            facts = frozenset((local(f.concept), f.context_id) for f in totals[:1] if f.context_id)
        out.append(Finding(r.sub_rule, facts, concept=local(r.concept or ""), message=r.message))
    return out


def match(official: list[Finding], mine: list[Finding]) -> tuple[int, list[Finding], list[Finding]]:
    """(matched, engine only, ours only): by code and facts; fact-less ones by code and the concept in the message."""
    left = Counter(f for f in official if f.facts)
    matched, ours_only = 0, []
    factless = [f for f in official if not f.facts]
    for f in mine:
        if f.facts:
            key = next((o for o in left if o.code == f.code and o.facts == f.facts and left[o] > 0), None)
            if key is not None:
                left[key] -= 1
                matched += 1
                continue
        else:
            word = re.compile(rf"(?<![A-Za-z0-9]){re.escape(f.concept)}(?![A-Za-z0-9])") if f.concept else None
            hit = next((o for o in factless if o.code == f.code and word and word.search(o.message)), None)
            if hit is not None:
                factless.remove(hit)
                matched += 1
                continue
        ours_only.append(f)
    engine_only = [o for o, n in left.items() for _ in range(n) if n > 0] + factless
    return matched, engine_only, ours_only


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--family", action="append", default=[], help="only these families (0018 or DQC.US.0018)")
    ap.add_argument("--filing", action="append", default=[], help="only these engine folders (xule-2025/BXP_Q1_2024)")
    ap.add_argument("--findings", type=Path, default=DEFAULT_FINDINGS)
    ap.add_argument("--show", type=int, default=0, help="print up to N differences per family")
    ap.add_argument("--json", type=Path, default=None, help="write the per-family scores as JSON")
    args = ap.parse_args()
    keys = parse_rules(args.family) if args.family else tuple(k for k in registry() if k != "calc11")
    families = {registry()[k].rule_id for k in keys}
    engine = engine_findings(args.findings)
    scores: dict[str, FamilyScore] = {}
    with open_graph() as graph:
        constants = Constants(graph)
        loaded = graph.read("checks.loaded_filings")
        by_folder = {}
        for row in graph.read("filing.list"):
            src = Path(row.get("source") or "")
            for part in (src, *src.parents):
                if part.parent.name in ("xule-2025", "edgar"):
                    by_folder[f"{part.parent.name}/{part.name}"] = row["id"]
                    break
        del loaded
        compared = 0
        for folder, filing_id in sorted(by_folder.items()):
            if args.filing and folder not in args.filing:
                continue
            if folder not in engine and not any(folder == f for f in engine):
                # the engine ran on it and found nothing, or did not run (no rule set for its year): both in filings.tsv
                pass
            compared += 1
            results, seconds, _ = run_rules(graph, filing_id, keys, constants=constants)
            mine_all = [f for rs in results.values() for f in ours(rs)]
            theirs_all = [f for f in engine.get(folder, []) if f.family in families]
            for fam in families:
                s = scores.setdefault(fam, FamilyScore(fam))
                m = [f for f in mine_all if f.family == fam]
                t = [f for f in theirs_all if f.family == fam]
                n, e_only, o_only = match(t, m)
                s.official += len(t)
                s.ours += len(m)
                s.matched += n
                s.engine_only += [(folder, f) for f in e_only]
                s.ours_only += [(folder, f) for f in o_only]
            for k, sec in seconds.items():
                scores.setdefault(registry()[k].rule_id, FamilyScore(registry()[k].rule_id)).seconds += sec
    total = FamilyScore("all")
    print(f"{'family':<13}{'official':>9}{'ours':>7}{'matched':>8}{'ours only':>10}{'engine only':>12}{'seconds':>9}")
    for fam in sorted(scores):
        s = scores[fam]
        for a in ("official", "ours", "matched", "seconds"):
            setattr(total, a, getattr(total, a) + getattr(s, a))
        print(f"{fam:<13}{s.official:>9}{s.ours:>7}{s.matched:>8}{len(s.ours_only):>10}{len(s.engine_only):>12}{s.seconds:>9.2f}")
        for folder, f in s.engine_only[: args.show]:
            print(f"   engine only {folder} {f.code} {sorted(f.facts)} {f.message[:160]!r}")
        for folder, f in s.ours_only[: args.show]:
            print(f"   ours only   {folder} {f.code} {sorted(f.facts)} {f.concept} {f.message[:120]!r}")
    print(f"{'all':<13}{total.official:>9}{total.ours:>7}{total.matched:>8}{'':>10}{'':>12}{total.seconds:>9.2f}")
    print(f"{compared} filings compared, {time.strftime('%Y-%m-%d %H:%M')}")
    if args.json:
        rows = [
            {
                "family": s.family,
                "official": s.official,
                "ours": s.ours,
                "matched": s.matched,
                "ours_only": len(s.ours_only),
                "engine_only": len(s.engine_only),
                "seconds": round(s.seconds, 3),
            }
            for s in scores.values()
        ]
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    sys.exit(1 if any(s.ours_only or s.engine_only for s in scores.values()) else 0)


if __name__ == "__main__":
    main()
