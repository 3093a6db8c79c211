#!/usr/bin/env bash
# The dev evaluation end to end: load the dev filings, build cases with known answers, run the
# checker-only system and the AuditFlow agents with --llm none (three configurations), write the report
# (report.md, report.html, figures) with the cases and runs to out/eval/dev (untracked; EVAL_OUT overrides).
#
#   NEO4J_URI=bolt://127.0.0.1:7687 scripts/eval_dev.sh [SHARED_DIR]
#
# It writes to the configured Neo4j (loads filings and the injected copies; wipes nothing).
# The hand reviews of checker findings are an input and stay in the repo: docs/eval/reviews.jsonl.
set -euo pipefail
SHARED="${1:-$(dirname "$0")/../../shared}"
OUT="${EVAL_OUT:-out/eval/dev}"
REVIEWED="${EVAL_REVIEWS:-docs/eval/reviews.jsonl}"
AG="${AUDITGRAPH:-.venv/bin/auditgraph}"
F="$SHARED/filings"

# Every 4th xule-2025 10-K/10-Q by name (19 filings) plus five SEC packages of 2023-2025.
DEV=(ABQQ_FY_2023 AKLI_FY_2023 BKTI_FY_2023 CFN_Q3_2024 CONXU_Q2_2024 DBD_Q2_2023 EZPW_FY_2023 GNLX_Q2_2023
     JMTM_FY_2023 K_Q3_2023 LOOP_FY_2024 NB_FY_2024 NXMH_Q3_2024 QMIS_Q2_2024 SAH_Q3_2024 SFRX_FY_2023
     TRIS_Q1_2024 VIVC_FY_2023 WHG_Q2_2023)
EDGAR=(aapl-10k-2023-09-30 aapl-10q-2025-03-29 nflx-10q-2024-09-30 nvda-10k-2024-01-28 pg-10k-2023-06-30)
PATHS=()
for d in "${DEV[@]}"; do PATHS+=("$F/xule-2025/$d"); done
for d in "${EDGAR[@]}"; do PATHS+=("$F/edgar/$d"); done

"$AG" taxonomy load "$SHARED"/taxonomies/*.zip
"$AG" filing load "${PATHS[@]}"
mkdir -p "$OUT"
REVIEWS=()
[ -f "$REVIEWED" ] && REVIEWS=(--reviews "$REVIEWED")
"$AG" eval build-cases --out "$OUT/cases.jsonl" --findings 4 --injected 1 --compliant 1 --seed 0 "${REVIEWS[@]}"
"$AG" eval run "$OUT/cases.jsonl" --system checker --out "$OUT/run-checker-only.jsonl"
"$AG" eval run "$OUT/cases.jsonl" --system agents --llm none --out "$OUT/run-auditflow-llm-none.jsonl"
"$AG" eval run "$OUT/cases.jsonl" --system agents --llm none --sign-coverage limited --out "$OUT/run-auditflow-llm-none-limited.jsonl"
"$AG" eval run "$OUT/cases.jsonl" --system agents --llm none --no-checkers --out "$OUT/run-auditflow-llm-none-no-checkers.jsonl"
"$AG" eval report --cases "$OUT/cases.jsonl" "$OUT/run-checker-only.jsonl" "$OUT/run-auditflow-llm-none.jsonl" \
  "$OUT/run-auditflow-llm-none-limited.jsonl" "$OUT/run-auditflow-llm-none-no-checkers.jsonl" \
  --out "$OUT" --title "auditgraph dev evaluation" \
  --preamble "Checker-only, then the AuditFlow protocol with its deterministic --llm none policy (no model: it calls the required tools and reports what the checkers found), as is, with the paper's limited DQC.US.0015 coverage, and without the deterministic checkers (the paper's largest ablation). Built and run by scripts/eval_dev.sh; see docs/eval/README.md for the case kinds and their caveats."
