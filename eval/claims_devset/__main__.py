"""Build eval/datasets/claims/natural_dev.jsonl: claims about shared filings written the way people write them.

    .venv/bin/python -m auditgraph.eval.claims_devset            # rewrites eval/datasets/claims/natural_dev.jsonl
    .venv/bin/python -m auditgraph.eval.claims_devset --check    # exit 1 if the file would change

Labels come from the instances through Arelle (offline, the shared taxonomy packages), never from
the verifier: every sub-claim carries the facts (QName, period key, value, decimals, unit) and the
arithmetic that decide it. Deterministic: sorted iteration, one seeded RNG per filing, exact
Decimal arithmetic. Rules (issue 15, Benchmark):
- true: the reference value rounded ROUND_HALF_UP to the written precision (money >= 3
  significant digits, percentages >= 2), and stable under the facts' own rounding (`decimals`);
- false: one sub-claim carries a realistic error (wrong period, scale, sign, transposed digits,
  +-3-10 %, a wrong ratio or growth), far enough off that no reading of the written precision
  saves it; hedged false claims are >= 5 % off;
- undecidable: forecasts, market share, stock price, consensus, untagged headcount, and claims
  that name another company (expected_abstain_reason "wrong_entity").
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

from auditgraph.eval.claims_devset.build import build_filing
from auditgraph.eval.claims_devset.filings import REPO, SHARED, read_filing
from auditgraph.eval.claims_devset.undecidable import OTHER_COMPANIES

OUT = REPO / "eval" / "datasets" / "claims" / "natural_dev.jsonl"

FILINGS = [
    "edgar/aapl-10k-2022-09-24",
    "edgar/aapl-10k-2023-09-30",
    "edgar/aapl-10q-2023-07-01",
    "edgar/amzn-10k-2022-12-31",
    "edgar/nflx-10k-2023-12-31",
    "edgar/nflx-10q-2024-03-31",
    "edgar/nflx-10q-2024-09-30",
    "edgar/nvda-10k-2024-01-28",
    "edgar/pg-10k-2023-06-30",
    "xule-2025/ADN_FY_2023",
    "xule-2025/BXP_Q1_2024",
    "xule-2025/DBD_Q2_2023",
    "xule-2025/CCI_FY_2023",
    "xule-2025/EZPW_FY_2023",
    "xule-2025/FSLR_FY_2023",
    "xule-2025/ITT_FY_2023",
    "xule-2025/K_FY_2023",
    "xule-2025/K_Q3_2023",
]


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m auditgraph.eval.claims_devset", description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--check", action="store_true", help="exit 1 when the file on disk differs from a fresh build")
    ap.add_argument("--filings", nargs="*", default=FILINGS)
    args = ap.parse_args()
    import logging

    from auditgraph.loader.filing import filing_session

    logging.disable(logging.WARNING)
    tax = SHARED / "taxonomies"
    packages = [tax / f"{t}-{y}.zip" for y in (2022, 2023, 2024, 2025) for t in ("us-gaap", "srt", "sec")]
    session = filing_session([p for p in packages if p.exists()])
    filings = []
    try:
        for rel in sorted(args.filings):
            filings.append(read_filing(session, rel))
            print(
                f"  read {rel}: {sum(len(v) for v in filings[-1].facts.values())} facts, {len(filings[-1].concept_of)} metrics",
                file=sys.stderr,
            )
    finally:
        session.close()
    names = sorted({(f.short, f.ticker) for f in filings})
    records = []
    for i, f in enumerate(filings):
        others = [(n, t) for n, t in names if t != f.ticker and n != f.short] + OTHER_COMPANIES
        records += build_filing(f, others, i)
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    if args.check:
        same = args.out.exists() and args.out.read_text(encoding="utf-8") == text
        print("unchanged" if same else f"{args.out} differs from a fresh build", file=sys.stderr)
        sys.exit(0 if same else 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    by: defaultdict[tuple[str, str], int] = defaultdict(int)
    for r in records:
        by[(r["style"], r["label"])] += 1
    print(f"wrote {len(records)} claims over {len(filings)} filings to {args.out}", file=sys.stderr)
    for k in sorted(by):
        print(f"  {k[0]:10} {k[1]:12} {by[k]}", file=sys.stderr)


if __name__ == "__main__":
    main()
