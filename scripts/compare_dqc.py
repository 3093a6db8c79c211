"""Our registered DQC rules against the official engine's recorded findings, family by family, finding by finding.

    NEO4J_URI=bolt://127.0.0.1:7701 .venv/bin/python scripts/compare_dqc.py [--family 0018 ...] [--show 20]
        [--filing xule-2025/BXP_Q1_2024 ...] [--findings ../shared/dqc/engine-findings/findings.jsonl] [--json out.json]

Every loaded filing whose source folder the engine ran on is audited with every registered rule (or the
`--family` ones) and compared with `findings.jsonl` (the official DQC engine, every rule on; see its README) by
eval/dqc_oracle.py. `--show N` prints up to N differences per family (engine only / ours only) to debug a rule.
Exit 1 when any compared family differs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from auditgraph.checks.audit import run_rules
from auditgraph.checks.rulebook import Constants, parse_rules, registry
from auditgraph.database import open_graph
from auditgraph.eval.dqc_oracle import FamilyScore, engine_findings, engine_folder, our_findings, score

REPO = Path(__file__).resolve().parent.parent
DEFAULT_FINDINGS = REPO.parent / "shared" / "dqc" / "engine-findings" / "findings.jsonl"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--family", action="append", default=[], help="only these families (0018 or DQC.US.0018)")
    ap.add_argument("--filing", action="append", default=[], help="only these engine folders (xule-2025/BXP_Q1_2024)")
    ap.add_argument("--findings", type=Path, default=DEFAULT_FINDINGS)
    ap.add_argument("--show", type=int, default=0, help="print up to N differences per family")
    ap.add_argument("--json", type=Path, default=None, help="write the per-family scores as JSON")
    args = ap.parse_args()
    keys = parse_rules(args.family) if args.family else tuple(k for k in registry() if k != "calc11")
    families = [registry()[k].rule_id for k in keys]
    engine = engine_findings(args.findings)
    scores: dict[str, FamilyScore] = {}
    compared = 0
    with open_graph() as graph:
        constants = Constants(graph)
        for row in sorted(graph.read("filing.list"), key=lambda r: r["id"]):
            folder = engine_folder(row.get("source"))
            if folder is None or (args.filing and folder not in args.filing) or row["status"] != "loaded":
                continue
            compared += 1
            results, seconds, _ = run_rules(graph, row["id"], keys, constants=constants)
            mine = our_findings(r for rs in results.values() for r in rs)
            score(scores, folder, families, engine.get(folder, []), mine)
            for k, sec in seconds.items():
                scores[registry()[k].rule_id].seconds += sec
    print(f"{'family':<13}{'official':>9}{'ours':>7}{'matched':>8}{'ours only':>10}{'engine only':>12}{'seconds':>9}")
    total = FamilyScore("all")
    for fam in sorted(scores):
        s = scores[fam]
        total.official, total.ours, total.matched = total.official + s.official, total.ours + s.ours, total.matched + s.matched
        total.seconds += s.seconds
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
    sys.exit(0 if all(s.exact for s in scores.values()) else 1)


if __name__ == "__main__":
    main()
