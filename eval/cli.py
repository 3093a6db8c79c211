"""`auditgraph eval build-cases|run|report|score` and `auditgraph bench`."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from auditgraph.eval.cases import read_cases
from auditgraph.eval.metrics import by_family, detection, summarize
from auditgraph.eval.report import pct, score_runs, write_report
from auditgraph.eval.runs import read_run

console = Console()


@click.group("eval")
def eval() -> None:  # noqa: A001  (the command is named eval; the CLI registry looks up this name)
    """Build audit cases with known answers, run systems on them, score and report."""


def _load_runs(paths: tuple[Path, ...]) -> list:
    runs = []
    for p in paths:
        recs = read_run(p)
        names = {r.system for r in recs if r.system != "unknown"}
        runs.append((names.pop() if len(names) == 1 else p.stem, p, recs))
    return runs


def _cases_for(cases: Path | None, runs: tuple[Path, ...]) -> Path:
    path = cases or runs[0].parent / "cases.jsonl"
    if not path.exists():
        raise click.UsageError(f"no cases file at {path}; pass --cases CASES.jsonl")
    return path


@eval.command("score")
@click.argument("runs", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--cases", type=click.Path(exists=True, dir_okay=False, path_type=Path), help="Cases JSONL (default: cases.jsonl next to the first run).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per run.")
def score_cmd(runs: tuple[Path, ...], cases: Path | None, as_json: bool) -> None:
    """Judge runs against the cases' reference answers and print the headline metrics."""
    cases_path = _cases_for(cases, runs)
    case_list = read_cases(cases_path)
    scored = score_runs(case_list, _load_runs(runs))
    table = Table(title=f"{len(case_list)} cases")
    for col in ("system", "Joint ACC", "VAcc", "SER", "EER", "CER", "0015", "0117", "0126", "FP on compliant"):
        table.add_column(col, justify="right" if col != "system" else "left")
    for run in scored:
        s, fams, det = summarize(run.scored), by_family(list(run.scored)), detection(run.scored)
        row = {"system": run.name, "n": s.n, "joint_acc": s.joint_acc, "vacc": s.vacc, "ser": s.ser, "eer": s.eer,
               "cer": s.cer, "families": {f: v.joint_acc for f, v in fams.items()}, "false_positives": det.fp,
               "compliant": det.fp + det.tn + det.undecided}
        if as_json:
            click.echo(json.dumps(row))
            continue
        table.add_row(run.name, pct(s.joint_acc), pct(s.vacc), pct(s.ser), pct(s.eer), pct(s.cer),
                      *(pct(fams[f].joint_acc) if f in fams else "–" for f in ("0015", "0117", "0126")),
                      f"{det.fp}/{row['compliant']}")
    if not as_json:
        console.print(table)


@eval.command("report")
@click.argument("runs", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--cases", type=click.Path(exists=True, dir_okay=False, path_type=Path), help="Cases JSONL (default: cases.jsonl next to the first run).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("eval-report"), show_default=True)
@click.option("--title", default="auditgraph evaluation", show_default=True)
@click.option("--seed", default=0, show_default=True, help="Seed of the bootstrap resampling.")
@click.option("--preamble", default="", help="A paragraph placed under the title.")
def report_cmd(runs: tuple[Path, ...], cases: Path | None, out: Path, title: str, seed: int, preamble: str) -> None:
    """Write report.md, report.html and PNG figures; the first run is the baseline."""
    cases_path = _cases_for(cases, runs)
    case_list = read_cases(cases_path)
    scored = score_runs(case_list, _load_runs(runs))
    path = write_report(cases_path, case_list, scored, out, title=title, seed=seed, preamble=preamble)
    console.print(f"Report: {path} and {path.with_suffix('.html')}")
