"""`auditgraph eval report`: tables and plots of one or more scored runs, as Markdown and HTML.

Style of AuditFlow's Figure 3 (Joint ACC with the S/E/C error decomposition per system) and
Tables 1-2 (one row per system, Joint ACC per rule family, difference to a baseline with its
paired test). The first run given is the baseline. Our case sets also hold compliant cases, so
a further table reports false positives, which the paper does not measure.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from auditgraph.eval.cases import AuditCase
from auditgraph.eval.judge import Label
from auditgraph.eval.metrics import (
    ScoredCase,
    bootstrap_ci,
    by_family,
    clopper_pearson,
    detection,
    paired,
    paired_bootstrap_ci,
    score_run,
    summarize,
)
from auditgraph.eval.runs import RunRecord

FAMILIES = ("0015", "0117", "0126")
LABEL_COLORS = {Label.A: "#4c72b0", Label.S: "#c44e52", Label.E: "#dd8452", Label.C: "#8172b3"}


@dataclass(frozen=True)
class ScoredRun:
    name: str
    path: str
    scored: tuple[ScoredCase, ...]


@dataclass(frozen=True)
class Table:
    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


def pct(x: float | None) -> str:
    return "–" if x is None or math.isnan(x) else f"{100 * x:.2f}"


def ci(lo_hi: tuple[float, float]) -> str:
    lo, hi = lo_hi
    return "" if math.isnan(lo) else f"[{100 * lo:.1f}, {100 * hi:.1f}]"


def score_runs(cases: list[AuditCase], runs: list[tuple[str, Path, list[RunRecord]]]) -> list[ScoredRun]:
    return [ScoredRun(name, str(path), tuple(score_run(cases, recs))) for name, path, recs in runs]


def tables(runs: list[ScoredRun], seed: int = 0) -> list[Table]:
    base = runs[0]
    main_rows, fam_rows, det_rows, origin_rows = [], [], [], []
    origins = sorted({s.origin for r in runs for s in r.scored})
    for run in runs:
        s = summarize(run.scored)
        acc_ci = bootstrap_ci([float(x.accurate) for x in run.scored], seed=seed)
        if run is base:
            delta, test = "baseline", ""
        else:
            mc = paired(base.scored, run.scored)
            d = s.joint_acc - summarize(base.scored).joint_acc
            delta = f"{100 * d:+.2f} {ci(paired_bootstrap_ci(base.scored, run.scored, seed=seed))}"
            test = f"{mc.wins}/{mc.losses}, p={mc.p_value:.3g}"
        main_rows.append(
            (run.name, str(s.n), f"{pct(s.joint_acc)} {ci(acc_ci)}", pct(s.vacc), pct(s.ser), pct(s.eer), pct(s.cer), delta, test)
        )
        fams = by_family(list(run.scored))
        fam_rows.append((run.name, *(f"{pct(fams[f].joint_acc)} (n={fams[f].n})" if f in fams else "–" for f in FAMILIES)))
        det = detection(run.scored)
        fpr = clopper_pearson(det.fp, det.fp + det.tn) if det.fp + det.tn else (math.nan, math.nan)
        det_rows.append(
            (
                run.name,
                f"{det.tp}/{det.tp + det.fn}",
                pct(det.recall),
                f"{det.fp}/{det.fp + det.tn + det.undecided}",
                f"{pct(det.false_positive_rate)} {ci(fpr)}",
                pct(det.specificity),
                str(det.undecided),
                " / ".join(str(sum(1 for x in run.scored if x.outcome == o)) for o in ("not_evaluable", "inconclusive")),
            )
        )
        per_origin = {o: summarize(x for x in run.scored if x.origin == o) for o in origins}
        origin_rows.append((run.name, *(f"{pct(per_origin[o].joint_acc)} (n={per_origin[o].n})" for o in origins)))
    return [
        Table(
            "Table 1. Joint audit accuracy and error decomposition (%)",
            (
                "System",
                "n",
                "Joint ACC [95% CI]",
                "VAcc",
                "SER",
                "EER",
                "CER",
                "Δ Joint ACC vs baseline [95% CI]",
                "wins/losses, exact McNemar",
            ),
            tuple(main_rows),
            "Judge labels A/S/E/C as in AuditFlow appendix F; SER+EER+CER = 100 − Joint ACC. CIs: percentile "
            f"bootstrap, 2,000 resamples, seed {seed}; the Δ interval resamples cases in pairs.",
        ),
        Table("Table 2. Joint ACC per DQC rule family (%)", ("System", *(f"DQC.US.{f}" for f in FAMILIES)), tuple(fam_rows)),
        Table(
            "Table 3. Verdicts: violations found and compliant cases flagged",
            (
                "System",
                "violations found",
                "recall",
                "compliant flagged",
                "false-positive rate [95% exact CI]",
                "specificity",
                "no verdict on compliant",
                "not evaluable / inconclusive (all cases)",
            ),
            tuple(det_rows),
            "Exact (Clopper-Pearson) interval for the false-positive rate. Cases a system left "
            "not evaluable or inconclusive have no verdict: never counted as consistent.",
        ),
        Table("Table 4. Joint ACC by case origin (%)", ("System", *origins), tuple(origin_rows)),
    ]


def failures(runs: list[ScoredRun], per_run: int = 15) -> Table:
    rows = []
    for run in runs:
        bad = [s for s in run.scored if not s.accurate or not s.verdict_correct]
        for s in bad[:per_run]:
            rows.append(
                (run.name, s.case_id, s.family, s.label.value, s.verdict or s.outcome or "none", s.reference_verdict, s.reason)
            )
    return Table(
        f"Table 5. Cases not scored Accurate or with a wrong verdict (first {per_run} per system)",
        ("System", "case", "rule", "label", "verdict", "reference", "judge reason"),
        tuple(rows),
    )


def plot_labels(runs: list[ScoredRun], path: Path) -> None:
    """Figure 3 style: one horizontal bar per system, split into A/S/E/C shares."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 0.6 * len(runs) + 1.6))
    names = [r.name for r in runs]
    left = [0.0] * len(runs)
    for label in (Label.A, Label.S, Label.E, Label.C):
        share = [100 * sum(1 for s in r.scored if s.label is label) / max(1, len(r.scored)) for r in runs]
        ax.barh(
            names,
            share,
            left=left,
            color=LABEL_COLORS[label],
            label={"A": "Accurate (Joint ACC)", "S": "SER", "E": "EER", "C": "CER"}[label.value],
        )
        for i, (x, w) in enumerate(zip(left, share)):
            if w >= 4:
                ax.text(x + w / 2, i, f"{w:.1f}", ha="center", va="center", color="white", fontsize=8)
        left = [a + b for a, b in zip(left, share)]
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of cases")
    ax.invert_yaxis()
    ax.legend(ncol=4, loc="lower center", bbox_to_anchor=(0.5, 1.0), frameon=False, fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_families(runs: list[ScoredRun], path: Path) -> None:
    """Joint ACC per rule family, grouped bars per system."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig = families_figure(runs)
    fig.savefig(path, dpi=120)
    plt.close(fig)


def families_figure(runs: list[ScoredRun]) -> Any:
    """Figure 2: a bar per system and family with cases; a family a system has no case of (n = 0) is written
    "n/a" where its bar would be, never drawn as a 0.0 bar, which would read as 0% accuracy."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.4 + 0.25 * len(runs)))
    width = 0.8 / max(1, len(runs))
    for i, run in enumerate(runs):
        fams = by_family(list(run.scored))
        xs = [j + i * width for j in range(len(FAMILIES))]
        have = [(x, 100 * fams[f].joint_acc) for x, f in zip(xs, FAMILIES, strict=True) if f in fams and fams[f].n]
        bars = ax.bar([x for x, _ in have], [v for _, v in have], width, label=run.name, color=f"C{i}")
        ax.bar_label(bars, fmt="%.1f", fontsize=7)
        for x, f in zip(xs, FAMILIES, strict=True):
            if not (f in fams and fams[f].n):
                ax.text(x, 1, "n/a", ha="center", va="bottom", fontsize=7, color=f"C{i}")
    ax.set_xticks([j + width * (len(runs) - 1) / 2 for j in range(len(FAMILIES))], [f"DQC.US.{f}" for f in FAMILIES])
    ax.set_ylabel("Joint ACC (%)")
    ax.set_ylim(0, 110)
    ax.legend(fontsize=8, frameon=False, ncol=2, loc="upper center", bbox_to_anchor=(0.5, -0.1))
    fig.tight_layout()
    return fig


def _md_table(t: Table) -> str:

    def esc(c: str) -> str:
        return c.replace("|", "\\|")

    lines = [f"**{t.title}**", "", "| " + " | ".join(t.headers) + " |", "|" + "---|" * len(t.headers)]
    lines += ["| " + " | ".join(esc(c) for c in row) + " |" for row in t.rows]
    if t.note:
        lines += ["", t.note]
    return "\n".join(lines) + "\n"


def _html_table(t: Table) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in t.headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in t.rows)
    note = f"<p class=note>{html.escape(t.note)}</p>" if t.note else ""
    return f"<h3>{html.escape(t.title)}</h3><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{note}"


def write_report(
    cases_path: Path,
    cases: list[AuditCase],
    runs: list[ScoredRun],
    out_dir: Path,
    title: str = "auditgraph evaluation",
    seed: int = 0,
    preamble: str = "",
) -> Path:
    """Write report.md, report.html and the two PNG figures into out_dir; returns report.md."""
    out_dir.mkdir(parents=True, exist_ok=True)
    plot_labels(runs, out_dir / "fig_joint_acc_errors.png")
    plot_families(runs, out_dir / "fig_rule_families.png")
    all_tables = tables(runs, seed) + [failures(runs)]
    origins = {o: sum(1 for c in cases if c.origin == o) for o in sorted({c.origin for c in cases})}
    fams = {f: sum(1 for c in cases if c.family == f) for f in FAMILIES}
    filings = len({(c.original_id or c.filing_id).split("|")[0] for c in cases})
    copies = len({c.filing_id for c in cases if c.origin.startswith("injected_")})
    data = (
        f"{len(cases)} cases from {filings} filings and {copies} injected copies of them (`{cases_path.name}`): "
        + ", ".join(f"{k} {v}" for k, v in origins.items())
        + "; by rule "
        + ", ".join(f"DQC.US.{k} {v}" for k, v in fams.items())
        + "."
    )
    runs_line = "Runs: " + "; ".join(f"{r.name} (`{Path(r.path).name}`)" for r in runs) + f". Baseline: {runs[0].name}."
    figs = [
        ("fig_joint_acc_errors.png", "Figure 1. Joint ACC and error decomposition per system (cf. AuditFlow Figure 3)."),
        ("fig_rule_families.png", "Figure 2. Joint ACC per DQC rule family."),
    ]
    md = [f"# {title}", "", preamble, "", data, "", runs_line, ""]
    for png, cap in figs:
        md += [f"![{cap}]({png})", "", f"*{cap}*", ""]
    md += [_md_table(t) for t in all_tables]
    md += [
        "Reproduce: `auditgraph eval report --cases "
        + cases_path.name
        + " "
        + " ".join(Path(r.path).name for r in runs)
        + f" --out {out_dir.name}`",
        "",
    ]
    path = out_dir / "report.md"
    path.write_text("\n".join(md), encoding="utf-8")
    style = (
        "body{font-family:sans-serif;max-width:1100px;margin:2em auto}table{border-collapse:collapse;margin:.5em 0}"
        "td,th{border:1px solid #ccc;padding:3px 7px;font-size:13px;text-align:left}th{background:#f3f3f3}"
        ".note{color:#555;font-size:12px}img{max-width:100%}"
    )
    parts = [
        f"<!doctype html><meta charset=utf-8><title>{html.escape(title)}</title><style>{style}</style>",
        f"<h1>{html.escape(title)}</h1><p>{html.escape(preamble)}</p><p>{html.escape(data)}</p><p>{html.escape(runs_line)}</p>",
    ]
    parts += [
        f"<figure><img src='{png}' alt='{html.escape(cap)}'><figcaption>{html.escape(cap)}</figcaption></figure>"
        for png, cap in figs
    ]
    parts += [_html_table(t) for t in all_tables]
    (out_dir / "report.html").write_text("".join(parts), encoding="utf-8")
    return path


def verifier_table(runs: list[tuple[str, list[tuple[str, bool | None]]]], level: float = 0.95) -> Table:
    """VeriFin Table 4 style: counts, then precision / accuracy / coverage with exact intervals."""
    from auditgraph.eval.metrics import verifier_scores

    rows = []
    for name, pairs in runs:
        s = verifier_scores(pairs)
        iv = s.intervals(level)
        rows.append(
            (
                name,
                str(s.n),
                str(s.ta),
                str(s.fa),
                str(s.tr),
                str(s.fr),
                str(s.abstain),
                f"{pct(s.precision)} {ci(iv['precision'])}",
                f"{pct(s.decision_accuracy)} {ci(iv['decision_accuracy'])}",
                f"{pct(s.coverage)} {ci(iv['coverage'])}",
            )
        )
    return Table(
        "Verifier decisions (accept = Verified, reject = Violated)",
        ("Run", "n", "TA", "FA", "TR", "FR", "Abs", "Precision %", "Decision acc. %", "Coverage %"),
        tuple(rows),
        f"Brackets: exact {int(100 * level)}% Clopper-Pearson intervals. Claims without a label count in coverage only.",
    )


def markdown_table(t: Table) -> str:
    return _md_table(t)
