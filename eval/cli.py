"""`auditgraph eval build-cases|run|report|score|verifier|ask` and `auditgraph bench`.

The loader (Arelle), the systems under test and the benchmark code are imported inside the commands
that run them, so `score`, `report` and `--help` do not load them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from auditgraph.database import open_graph
from auditgraph.eval.cases import read_cases
from auditgraph.eval.metrics import by_family, detection, summarize
from auditgraph.eval.report import pct, score_runs, write_report
from auditgraph.eval.runs import read_run
from auditgraph.tables import Col, fit_table, print_table

console = Console()
_WIDE = click.option("--wide", is_flag=True, help="Show every column of the table, however wide.")
# at 80 columns: the system and the headline accuracies stay, the error rates and families go first
_SCORE_COLS = (
    Col("system", "id"),
    Col("Joint ACC", "number"),
    Col("VAcc", "number"),
    Col("SER", "number", drop=5),
    Col("EER", "number", drop=6),
    Col("CER", "number", drop=7),
    Col("0015", "number", drop=2),
    Col("0117", "number", drop=3),
    Col("0126", "number", drop=4),
    Col("FP on compliant", "number", drop=1),
)
_VERIFIER_DROP = {"Abs": 1, "FR": 2, "TR": 3, "FA": 4, "TA": 5}  # the counts behind the rates go first


@click.group("eval")
def eval() -> None:  # noqa: A001  (the command is named eval; the CLI registry looks up this name)
    """Build audit cases with known answers, run systems on them, score and report."""


def _load_runs(paths: tuple[Path, ...]) -> list[Any]:
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
@click.option(
    "--cases",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Cases JSONL (default: cases.jsonl next to the first run).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per run.")
@_WIDE
def score_cmd(runs: tuple[Path, ...], cases: Path | None, as_json: bool, wide: bool) -> None:
    """Judge runs against the cases' reference answers and print the headline metrics."""
    cases_path = _cases_for(cases, runs)
    case_list = read_cases(cases_path)
    scored = score_runs(case_list, _load_runs(runs))
    cells: list[list[str]] = []
    for run in scored:
        s, fams, det = summarize(run.scored), by_family(list(run.scored)), detection(run.scored)
        row = {
            "system": run.name,
            "n": s.n,
            "joint_acc": s.joint_acc,
            "vacc": s.vacc,
            "ser": s.ser,
            "eer": s.eer,
            "cer": s.cer,
            "families": {f: v.joint_acc for f, v in fams.items()},
            "false_positives": det.fp,
            "compliant": det.fp + det.tn + det.undecided,
        }
        if as_json:
            click.echo(json.dumps(row))
            continue
        cells.append(
            [
                run.name,
                pct(s.joint_acc),
                pct(s.vacc),
                pct(s.ser),
                pct(s.eer),
                pct(s.cer),
                *(pct(fams[f].joint_acc) if f in fams else "–" for f in ("0015", "0117", "0126")),
                f"{det.fp}/{row['compliant']}",
            ]
        )
    if not as_json:
        table = fit_table(_SCORE_COLS, cells, console.width, wide=wide, title=f"{len(case_list)} cases")
        print_table(console, table, wide=wide)


@eval.command("report")
@click.argument("runs", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--cases",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Cases JSONL (default: cases.jsonl next to the first run).",
)
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


def _packages(packages: tuple[Path, ...]) -> list[Path] | None:
    """Explicit --packages, else the loader's remembered ones (None lets the loader decide)."""
    return list(packages) or None


@eval.command("build-cases")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Cases JSONL (default: <data dir>/eval/dev/cases.jsonl, never the current directory).",
)
@click.option(
    "--copies",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Where injected filing copies are written (default: <data dir>/eval-copies).",
)
@click.option("--filing", "filings", multiple=True, help="Only these loaded filing ids (default: every loaded filing).")
@click.option("--findings", default=4, show_default=True, help="Checker findings kept per filing (seeded sample).")
@click.option("--injected", default=1, show_default=True, help="Injected violations per rule family per filing.")
@click.option("--compliant", default=1, show_default=True, help="Compliant cases per rule family per filing.")
@click.option("--seed", default=0, show_default=True)
@click.option(
    "--packages",
    multiple=True,
    type=click.Path(exists=True, path_type=Path),
    help="Taxonomy packages for loading the copies (default: those `taxonomy load` remembered).",
)
@click.option(
    "--reviews",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="JSONL of {original_id, agree, note}: findings a person checked against the rule text.",
)
def build_cases_cmd(
    out: Path | None,
    copies: Path | None,
    filings: tuple[str, ...],
    findings: int,
    injected: int,
    compliant: int,
    seed: int,
    packages: tuple[Path, ...],
    reviews: Path | None,
) -> None:
    """Build audit cases with known answers from the loaded filings (findings, injected, compliant)."""
    from rich.progress import Progress

    from auditgraph import config
    from auditgraph.errors import LoadError
    from auditgraph.eval.build_cases import build
    from auditgraph.eval.cases import write_jsonl
    from auditgraph.eval.systems import filing_results
    from auditgraph.loader.filing import FilingLoader

    copies = copies or config.data_dir() / "eval-copies"
    out = out or config.data_dir() / "eval" / "dev" / "cases.jsonl"
    with open_graph(writes=True) as graph, FilingLoader(graph, _packages(packages)) as loader:

        def load_copy(folder: Path) -> str:
            try:
                res = loader.load(folder)
            except LoadError:  # a copy of an earlier build with other content: it is ours to replace
                res = loader.load(folder, force=True)
            if res.status == "failed":
                raise LoadError(res.message or f"{folder}: load failed")
            return res.id

        total = len([r for r in graph.read("eval.loaded_filings") if "__inj-" not in r["id"]]) if not filings else len(filings)
        with Progress(console=console, transient=True) as progress:
            task = progress.add_task("Building cases", total=total)
            cases, stats = build(
                graph,
                copies,
                lambda fid: filing_results(graph, fid),
                load_copy,
                filings or None,
                findings,
                injected,
                compliant,
                seed,
                on_filing=lambda _: progress.advance(task),
            )
    dropped: list[str] = []
    if reviews:
        from auditgraph.eval.build_cases import apply_reviews, read_reviews

        cases, dropped = apply_reviews(cases, read_reviews(reviews))
    write_jsonl(out, cases)
    for msg in dropped:
        console.print(f"[yellow]finding dropped by review[/]: {msg}")
    console.print(
        f"{len(cases)} cases from {stats.filings} filings -> {out}: {stats.findings} checker findings, "
        f"{stats.injected} injected violations, {stats.compliant} compliant; copies in {copies}"
    )
    for msg in stats.failed_injections:
        console.print(f"[yellow]injection skipped[/]: {msg}")
    for msg in stats.checker_errors:
        console.print(f"[yellow]checker error[/]: {msg}")


@eval.command("run")
@click.argument("cases", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--system", type=click.Choice(["checker", "agents"]), default="checker", show_default=True)
@click.option("--llm", default="none", show_default=True, help="agents only: PROVIDER:MODEL or none (deterministic policy).")
@click.option(
    "--sign-coverage",
    type=click.Choice(["expanded", "limited"]),
    default="expanded",
    show_default=True,
    help="agents only: the paper's limited vs expanded DQC.US.0015 coverage.",
)
@click.option("--no-checkers", is_flag=True, help="agents only: the ablation without deterministic checkers.")
@click.option(
    "--out", type=click.Path(dir_okay=False, path_type=Path), help="Run JSONL (default: run-<system>.jsonl next to the cases)."
)
def run_cmd(cases: Path, system: str, llm: str, sign_coverage: str, no_checkers: bool, out: Path | None) -> None:
    """Run a system on the cases; it sees only the system-visible fields, never the references."""
    from rich.progress import Progress

    from auditgraph.eval.build_cases import safe_name
    from auditgraph.eval.cases import read_queries, write_jsonl
    from auditgraph.eval.systems import agents_name

    queries = read_queries(cases)
    name = "checker-only" if system == "checker" else agents_name(llm, sign_coverage, not no_checkers)
    out = out or cases.parent / f"run-{safe_name(name.lower().replace(' ', '-').replace(',', ''))}.jsonl"
    with open_graph() as graph, Progress(console=console, transient=True) as progress:
        task = progress.add_task(f"{name}", total=len(queries))
        if system == "checker":
            from auditgraph.eval.systems import run_checker

            records = run_checker(graph, queries, progress=lambda n: progress.advance(task, n))
        else:
            from auditgraph.eval.systems import run_agents

            records = run_agents(
                graph, queries, llm, sign_coverage, not no_checkers, progress=lambda n: progress.advance(task, n)
            )
    write_jsonl(out, records)
    console.print(f"{len(records)} outputs -> {out}")


@click.command("bench")
@click.argument("filings", nargs=-1, type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option(
    "--packages",
    multiple=True,
    type=click.Path(exists=True, path_type=Path),
    help="Taxonomy packages for Arelle (default: those `taxonomy load` remembered).",
)
@click.option("--doc", type=click.Path(dir_okay=False, path_type=Path), default=Path("docs/benchmarks.md"), show_default=True)
@click.option("--figures", type=click.Path(file_okay=False, path_type=Path), default=Path("docs"), show_default=True)
@click.option(
    "--run",
    "runs",
    multiple=True,
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Scored eval runs (with --cases) for the per-rule accuracy figure.",
)
@click.option("--cases", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--claims", type=click.Path(exists=True, dir_okay=False, path_type=Path), help="Verifier claims JSONL for throughput."
)
@click.option("--claims-sample", default=0, show_default=True, help="Time this many evenly spaced claims (0: all).")
@click.option(
    "--taxonomy",
    "taxonomies",
    multiple=True,
    type=click.Path(exists=True, path_type=Path),
    help="Taxonomy packages to time a (forced) load of.",
)
@click.option("--json", "as_json", is_flag=True, help="Also print the timings as JSON lines.")
def bench(
    filings: tuple[Path, ...],
    packages: tuple[Path, ...],
    doc: Path,
    figures: Path,
    runs: tuple[Path, ...],
    cases: Path | None,
    claims: Path | None,
    claims_sample: int,
    taxonomies: tuple[Path, ...],
    as_json: bool,
) -> None:
    """Time Arelle vs our Neo4j load, the three DQC rules per filing, and the verifier; write docs/benchmarks.md."""
    import dataclasses
    import shlex
    import sys

    from rich.progress import Progress

    from auditgraph.eval.bench import (
        SECTION,
        BenchResult,
        bench_filings,
        bench_taxonomy,
        bench_verifier,
        markdown,
        plot_time_vs_facts,
    )
    from auditgraph.eval.benchdoc import write_section
    from auditgraph.eval.report import plot_families
    from auditgraph.loader.packages import remembered_packages

    if not filings:
        raise click.UsageError("name the filing folders to time, e.g. ../shared/filings/edgar/*")
    pkgs = list(packages) or remembered_packages()
    res = BenchResult()
    figs = []
    with open_graph(writes=True) as graph:
        if taxonomies:
            with console.status("Timing taxonomy loads…"):
                res.taxonomy = bench_taxonomy(graph, taxonomies)
        with Progress(console=console, transient=True) as progress:
            task = progress.add_task("Timing filings", total=len(filings))
            res.filings = bench_filings(graph, filings, pkgs, progress=lambda _: progress.advance(task), failures=res.notes)
        if claims:
            with console.status("Timing the verifier…"):
                res.verifier = bench_verifier(graph, claims, claims_sample)
    figures.mkdir(parents=True, exist_ok=True)
    plot_time_vs_facts(res.filings, figures / "bench_time_vs_facts.png")

    def rel(p: Path) -> str:
        return str(p.relative_to(doc.parent)) if p.is_relative_to(doc.parent) else str(p)

    figs.append((rel(figures / "bench_time_vs_facts.png"), "Load time and per-rule time per filing against its number of facts."))
    if runs:
        case_list = read_cases(_cases_for(cases, runs))
        plot_families(score_runs(case_list, _load_runs(runs)), figures / "bench_rule_accuracy.png")
        figs.append(
            (rel(figures / "bench_rule_accuracy.png"), "Joint ACC per DQC rule family on the dev cases (see docs/eval/).")
        )
    command = "auditgraph bench " + " ".join(shlex.quote(a) for a in sys.argv[2:])
    write_section(doc, SECTION, markdown(res, command, figs))
    if as_json:
        for r in res.filings:
            click.echo(json.dumps(dataclasses.asdict(r)))
    console.print(f"{len(res.filings)} filings timed -> {doc}")


@eval.command("verifier")
@click.argument("decisions", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Also write the table as Markdown here.")
@click.option("--by", "group_by", help="Also one row per value of this claim field (e.g. kind), read from `input`.")
@click.option("--json", "as_json", is_flag=True)
@_WIDE
def verifier_cmd(decisions: tuple[Path, ...], out: Path | None, group_by: str | None, as_json: bool, wide: bool) -> None:
    """Score `verify --batch` outputs: TA/FA/TR/FR/Abs, precision, decision accuracy, coverage, exact CIs."""
    from auditgraph.eval.cases import iter_jsonl
    from auditgraph.eval.metrics import verifier_scores
    from auditgraph.eval.report import markdown_table, verifier_table

    runs = []
    for path in decisions:
        pairs = []
        for lineno, obj in iter_jsonl(path):
            if "decision" not in obj:
                raise click.UsageError(f"{path}:{lineno}: no 'decision' field; pass the output of `auditgraph verify --batch`")
            correct = obj.get("correct")
            pairs.append((str(obj["decision"]), correct if isinstance(correct, bool) else None))
        runs.append((path.stem, pairs))
        if group_by:
            groups: dict[str, list[Any]] = {}
            for (_lineno, obj), pair in zip(iter_jsonl(path), pairs):
                value = (obj.get("input") or {}).get(group_by, obj.get(group_by))
                groups.setdefault(f"{path.stem} · {group_by}={value}", []).append(pair)
            runs += sorted(groups.items())
    table = verifier_table(runs)
    if as_json:
        for name, pairs in runs:
            s = verifier_scores(pairs)
            click.echo(
                json.dumps(
                    {
                        "run": name,
                        "n": s.n,
                        "TA": s.ta,
                        "FA": s.fa,
                        "TR": s.tr,
                        "FR": s.fr,
                        "Abs": s.abstain,
                        "precision": s.precision,
                        "decision_accuracy": s.decision_accuracy,
                        "coverage": s.coverage,
                        "intervals": s.intervals(),
                    }
                )
            )
    else:
        cols = [
            Col(h, "id" if i == 0 else "text" if h.endswith("%") else "number", drop=_VERIFIER_DROP.get(h, 0))
            for i, h in enumerate(table.headers)
        ]  # a rate with its interval ("92.3 [85.1, 96.0]") may wrap at its spaces, never inside a number
        print_table(
            console, fit_table(cols, [list(r) for r in table.rows], console.width, wide=wide, title=table.title), wide=wide
        )
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        head = (
            "# Verifier scores\n\nDecisions: "
            + ", ".join(f"`{p.name}`" for p in decisions)
            + " (`auditgraph verify --batch` output), scored by `auditgraph eval verifier`"
            + (f" grouped by `{group_by}`" if group_by else "")
            + ".\n\n"
        )
        out.write_text(head + markdown_table(table), encoding="utf-8")


@eval.command("ask")
@click.argument("records", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True)
def ask_cmd(records: tuple[Path, ...], as_json: bool) -> None:
    """Score `ask --batch` records per model: coverage, false accepts among wrong drafts, repair success."""
    from auditgraph.eval.cases import iter_jsonl
    from auditgraph.verifier.ask import score
    from auditgraph.verifier.ask_cli import ask_table

    recs = []
    for path in records:
        for lineno, obj in iter_jsonl(path):
            if obj.get("record") != "ask":
                raise click.UsageError(f"{path}:{lineno}: not an ask record; pass the output of `auditgraph ask --batch`")
            recs.append(obj)
    if as_json:
        for s in score(recs):
            click.echo(json.dumps(s.to_json()))
        return
    console.print(ask_table(recs, title=f"{len(recs)} questions from " + ", ".join(p.name for p in records)))
