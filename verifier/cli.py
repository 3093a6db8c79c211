"""`auditgraph verify`: one claim with its evidence, or a JSONL batch with acceptance metrics.

The verifier (Z3, the model clients) is imported inside the command, so `verify --help` and a usage
error answer without loading it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from auditgraph.database import open_graph
from auditgraph.errors import ConfigError
from auditgraph.filing_ref import resolve_filing
from auditgraph.spinner import spinner
from auditgraph.verifier.options import model_options

if TYPE_CHECKING:  # the verifier is imported inside the commands (module docstring)
    from decimal import Decimal

    from auditgraph.verifier.model_proposals import ChatModel
    from auditgraph.verifier.narrative import NarrativeReport
    from auditgraph.verifier.types import SentenceVerdict, Verdict
    from auditgraph.verifier.verify import Verifier

err = Console(stderr=True)
out = Console()
_STYLE = {"Verified": "bold green", "Violated": "bold red", "Abstain": "bold yellow"}


def _live(as_json: bool) -> bool:
    """Whether to draw a spinner or progress bar (on stderr): never with --json, never when stdout or
    stderr is no terminal (a pipe, a file), so what programs read stays clean."""
    return not as_json and err.is_terminal and out.is_terminal


@click.command("verify")
@click.argument("sentence", required=False)
@click.option(
    "--filing", "filing_id", help="Filing: its id, accession, folder name or ticker/form/period (`auditgraph filing list`)."
)
@click.option(
    "--text",
    "text_path",
    type=click.Path(path_type=Path, dir_okay=False, allow_dash=True),
    help="Verify every sentence with a number in this text file (- for stdin): an earnings release, an MD&A excerpt.",
)
@click.option(
    "--narrative",
    is_flag=True,
    help="Check every figure in the filing's own notes (its text blocks) against its tagged facts: "
    "consistent, inconsistent (with the fact and the difference) or not checkable (with the reason).",
)
@click.option("--question", "-q", help="The question the claim answers.")
@click.option("--claim", "-c", help="The candidate answer: 383285000000, $383.3 billion, (1,234), 44.1% ...")
@click.option("--batch", type=click.Path(path_type=Path), help="JSONL of {case_id, filing_id, question, claim[, correct]}.")
@click.option("--out", "out_path", type=click.Path(path_type=Path), help="Write batch decisions here (default: stdout).")
@click.option("--json", "as_json", is_flag=True, help="Print the decision as JSON.")
@click.option(
    "--repair",
    "repair_k",
    type=int,
    default=0,
    show_default=True,
    help="On Violated, give the core to the model and re-verify up to K answers.",
)
@click.option(
    "--repair-mode",
    type=click.Choice(["guided", "naive"]),
    default="guided",
    show_default=True,
    help="guided: structured feedback from the unsat core; naive: one generic retry.",
)
@model_options  # --llm (the planner and repair model), --base-url
@click.option(
    "--planner",
    type=click.Choice(["auto", "deterministic", "llm"]),
    default="auto",
    show_default=True,
    help="auto: the model plans when one is configured (its plans are checked), else the deterministic planner.",
)
@click.option("--registry", "registry_path", type=click.Path(path_type=Path), help="Another metric registry JSON file.")
def verify(
    sentence: str | None,
    filing_id: str | None,
    text_path: Path | None,
    narrative: bool,
    question: str | None,
    claim: str | None,
    batch: Path | None,
    out_path: Path | None,
    as_json: bool,
    repair_k: int,
    repair_mode: str,
    model_name: str | None,
    base_url: str | None,
    planner: str,
    registry_path: Path | None,
) -> None:
    """Verify numerical claims about a loaded filing: Verified, Violated (with the unsat core) or Abstain.

    \b
    auditgraph verify --filing F "Revenue rose 6.7% to $33.7 billion in 2023"
    auditgraph verify --filing F --text release.txt [--json]
    auditgraph verify --filing F --narrative [--json]
    auditgraph verify --filing F -q "What was revenue in 2023?" -c "$33.7 billion"
    """
    from auditgraph.verifier.limits import check_claim_sizes, read_text
    from auditgraph.verifier.model_proposals import ChatModel, LLMPlanner, SentenceProposer
    from auditgraph.verifier.registry import load_registry
    from auditgraph.verifier.verify import Verifier

    modes = [
        m
        for m, on in (
            ("a claim sentence", sentence is not None),
            ("--text", text_path is not None),
            ("--narrative", narrative),
            ("--question/--claim", question is not None or claim is not None),
            ("--batch", batch is not None),
        )
        if on
    ]
    if len(modes) > 1:
        raise click.UsageError(
            f"give one of a claim sentence, --text, --narrative, --question/--claim or --batch, not {' and '.join(modes)}"
        )
    if sentence is not None and not sentence.strip():
        raise click.UsageError('the claim sentence is empty; write one such as "Revenue rose 6.7% to $33.7 billion in 2023"')
    if (sentence is not None or text_path is not None or narrative) and not filing_id:
        raise click.UsageError(
            "give --filing FILING_ID (see `auditgraph filing list`) with a claim sentence, --text or --narrative"
        )
    if (
        batch is None
        and sentence is None
        and text_path is None
        and not narrative
        and not (filing_id and question and claim is not None)
    ):
        raise click.UsageError(
            "give --filing and a claim sentence, --filing and --text FILE, --filing and --narrative, --filing, "
            "--question and --claim, or --batch claims.jsonl"
        )
    check_claim_sizes(question=question, claim=claim, sentence=sentence)  # bounded input (verifier/limits.py)
    text = read_text(text_path) if text_path is not None else None
    if repair_k < 0:
        raise click.UsageError("--repair takes a number of attempts >= 0")
    registry = load_registry(str(registry_path) if registry_path else None)
    model = ChatModel.from_options(model_name, base_url)
    if (repair_k or planner == "llm") and model is None:
        raise click.UsageError(
            f"{'--repair' if repair_k else '--planner llm'} needs a model: --llm openai:MODEL, anthropic:MODEL or openai-compatible:MODEL --base-url URL"
        )
    graph = open_graph()
    try:
        use_model = model is not None and planner != "deterministic"
        verifier = Verifier(graph, registry, LLMPlanner(model, registry) if use_model and model else None)
        if use_model and model:
            verifier.proposer = SentenceProposer(model, registry)
        if batch is not None:
            _batch(verifier, batch, out_path, model if repair_k else None, repair_k, repair_mode)
            return
        assert filing_id
        filing_id = resolve_filing(graph, filing_id)  # accession, folder or ticker/form/period too
        if sentence is not None or text is not None:
            _sentences(verifier, filing_id, sentence, text, as_json)
            return
        if narrative:
            _narrative(verifier, filing_id, as_json)
            return
        assert question and claim is not None
        if repair_k:
            from auditgraph.verifier.repair import repair

            assert model is not None
            with spinner(f"Verifying and repairing (up to {repair_k} attempts)…", enabled=_live(as_json), console=err):
                result = repair(verifier, model, filing_id, question, claim, repair_k, repair_mode)
            if as_json:
                click.echo(json.dumps(result.to_json()))
            else:
                _show(result.initial)
                for i, a in enumerate(result.attempts, 1):
                    out.print(
                        f"[bold]repair {i}[/bold]: "
                        + escape(f"{a.answer!r} -> {a.verdict.decision.value if a.verdict else a.error}")
                    )
                answered = [a.verdict for a in result.attempts if a.verdict is not None]
                if answered:  # the last verified answer (a prose reply has no verdict)
                    _show(answered[-1])
            return
        with spinner(f"Verifying against {filing_id}…", enabled=_live(as_json), console=err):
            verdict = verifier.verify(filing_id, question, claim)
        if verdict.abstain_reason is not None and verdict.abstain_reason.value == "unknown_filing":
            raise ConfigError(verdict.reason)
        if as_json:
            click.echo(json.dumps(verdict.to_json()))
        else:
            _show(verdict)
    finally:
        graph.close()


def _sentences(verifier: Verifier, filing_id: str, sentence: str | None, text: str | None, as_json: bool) -> None:
    """Sentence mode and text mode: a table per sub-claim for people, JSON (JSONL for a text) for programs."""
    from auditgraph.verifier.sentence_check import text_sentences

    if verifier.filing(filing_id) is None:
        raise ConfigError(
            f"no loaded filing {filing_id!r}; load it with `auditgraph filing load` or see `auditgraph filing list`"
        )
    if sentence is not None:
        with spinner(f"Verifying against {filing_id}…", enabled=_live(as_json), console=err):
            verdicts = [verifier.verify_sentence(filing_id, sentence)]
    else:
        assert text is not None
        todo = text_sentences(text)  # with its paragraph's period and the document's scale, as verify_text reads them
        verdicts = []
        # one sentence can take over 2 s (Z3, a model): progress for any number of them, not only long texts
        with Progress(
            SpinnerColumn(),
            TextColumn(f"verifying {len(todo)} sentence{'s' if len(todo) != 1 else ''} against {filing_id}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=err,
            transient=True,
            disable=not _live(as_json),
        ) as progress:
            task = progress.add_task("verify", total=len(todo))
            for i, (s, context) in enumerate(todo, 1):
                verdicts.append(verifier.verify_sentence(filing_id, s, case_id=f"s{i}", context=context))
                progress.advance(task)
    if as_json:
        for v in verdicts:
            click.echo(json.dumps(v.to_json()))
        return
    for v in verdicts:
        _show_sentence(v)
    if text is not None:
        from collections import Counter

        counts = Counter(v.decision.value for v in verdicts)
        out.print(f"{len(verdicts)} sentences with numbers: " + ", ".join(f"{k} {counts.get(k, 0)}" for k in _STYLE))


def _narrative(verifier: Verifier, filing_id: str, as_json: bool) -> None:
    """`--narrative`: every figure of the filing's notes; a summary and the decided figures for people,
    JSONL (a summary line, then one line per sentence with its figures) for programs."""
    from auditgraph.verifier import narrative

    if verifier.filing(filing_id) is None:
        raise ConfigError(
            f"no loaded filing {filing_id!r}; load it with `auditgraph filing load` or see `auditgraph filing list`"
        )
    # one bar that stays the only live line: a spinner while the text blocks are read, then the sentences
    with Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not _live(as_json),
    ) as progress:
        task = progress.add_task(f"reading the text blocks of {filing_id}", total=None)
        report = narrative.check(
            verifier,
            filing_id,
            on_total=lambda n: progress.update(task, total=n, description=f"verifying {n} narrative sentences"),
            on_sentence=lambda: progress.advance(task),
        )
    if as_json:
        click.echo(json.dumps({"record": "summary", **report.to_json()}))
        for rec in narrative.sentence_records(report):
            click.echo(json.dumps({"record": "sentence", **rec}, default=str))
        return
    _show_narrative(report)


def _show_narrative(report: NarrativeReport) -> None:
    """The narrative check at 80 columns: counts, then the inconsistent and consistent figures, each
    with its filed fact on lines of their own so ids wrap between words, never inside one."""
    from auditgraph.verifier.narrative import CONSISTENT, INCONSISTENT, NOT_CHECKABLE

    c = report.counts()
    out.print(
        escape(
            f"Narrative of {report.filing_id}: {len(report.sentences)} sentences with figures in {report.blocks} "
            f"text blocks ({report.tables_left_out} tables left out: their cells are tagged facts, not prose)"
        )
    )
    summary = Table(show_header=True, header_style="bold", pad_edge=False)
    summary.add_column("figures", no_wrap=True)
    summary.add_column("n", justify="right", no_wrap=True)
    summary.add_row(f"[{_STYLE['Violated']}]{INCONSISTENT}[/]", str(c[INCONSISTENT]))
    summary.add_row(f"[{_STYLE['Verified']}]{CONSISTENT}[/]", str(c[CONSISTENT]))
    summary.add_row(f"[{_STYLE['Abstain']}]{NOT_CHECKABLE}[/]", str(c[NOT_CHECKABLE]))
    for reason, n in report.reasons().most_common():
        summary.add_row(escape(f"  {reason}"), str(n))
    out.print(summary)
    text = {ns.id: ns.text for ns, _ in report.sentences}
    for outcome, style in ((INCONSISTENT, "Violated"), (CONSISTENT, "Verified")):
        shown = [f for f in report.figures if f.outcome == outcome]
        if not shown:
            continue
        t = Table(title=f"{outcome} figures", show_header=True, header_style="bold", pad_edge=False, title_justify="left")
        t.add_column("#", no_wrap=True)
        t.add_column("figure, the filed fact it was checked on, the sentence", overflow="fold")
        for f in shown:
            line = f"[{_STYLE[style]}]{escape(f.text)}[/] -> filed {escape(_num(f.filed))} {escape(f.unit or '')}"
            if f.difference is not None:
                line += escape(f", difference {_num(f.difference, signed=True)}")
            ids = " ".join(x for x in (f.concept, f.period, *f.members, f"fact {f.fact_id}") if x)
            sentence = text[f.sentence_id]
            sentence = sentence if len(sentence) <= 160 else sentence[:157] + "..."
            t.add_row(f.sentence_id, f"{line}\n{escape(ids)}\n[dim]{escape(sentence)}[/]")
        out.print(t)
    out.print(escape("Not checkable figures and every sentence: --json (one line per sentence)."))


def _num(x: Decimal | None, signed: bool = False) -> str:
    from decimal import Decimal

    if x is None:
        return "-"
    d = Decimal(x)
    sign = "+" if signed else ""
    return f"{d:{sign},.0f}" if d == d.to_integral_value() else f"{d.normalize():{sign},f}"


def _show_sentence(v: SentenceVerdict) -> None:
    d = v.decision.value
    label = f"{v.case_id}: " if v.case_id else ""
    out.print(f"[{_STYLE[d]}]{d}[/]  {escape(label + v.sentence)}")
    if not v.subclaims:
        out.print(escape(f"  {v.abstain_reason.value if v.abstain_reason else ''}: {v.reason}"))
        return
    t = Table(show_header=True, header_style="bold", pad_edge=False)
    t.add_column("#", justify="right", no_wrap=True)
    t.add_column("sub-claim", overflow="fold", ratio=3)
    t.add_column("kind", no_wrap=True)
    t.add_column("verdict", no_wrap=True)
    filed = [_filed(s) for s in v.subclaims]
    # an interval "lo to hi" wraps between its numbers: the column is never narrower than one number
    widest = max((len(w) for f in filed for w in f.split()), default=1)
    t.add_column("filed", overflow="fold", ratio=2, min_width=widest)
    for i, s in enumerate(v.subclaims, 1):
        t.add_row(
            str(i),
            escape(s.extra.get("span") or s.question),
            s.extra.get("kind", ""),
            f"[{_STYLE[s.decision.value]}]{s.decision.value}[/]",
            escape(filed[i - 1]),
        )
    out.print(t)
    for i, s in enumerate(v.subclaims, 1):
        if s.decision.value == "Abstain":
            out.print(escape(f"  {i}. {s.abstain_reason.value if s.abstain_reason else ''}: {s.reason}"))
            continue
        shown = [b for b in s.bindings if b.stage == "target"] or list(s.bindings)
        for b in {(b.concept, b.period, b.members): b for b in shown}.values():
            scope = f" [{', '.join(b.members)}]" if b.members else ""  # a member's fact, never the consolidated one
            out.print(escape(f"  {i}. {b.concept}{scope} {b.period} = {b.value:,} {b.unit} (fact {b.fact_id})"))
    for u in v.unread:
        out.print(escape(f"  not checked: {u}"))


def _filed(v: Verdict) -> str:
    """What the filed figures give for a sub-claim, in the claim's terms (percent for rates)."""
    from decimal import Decimal

    pct = v.claim_value is not None and v.claim_value.percent

    def fmt(x: str | Decimal) -> str:
        d = Decimal(x)
        if pct:
            return f"{d * 100:.2f}%"
        return f"{d:,.0f}" if abs(d) >= 1000 else f"{d:.4f}".rstrip("0").rstrip(".")

    target = [b for b in v.bindings if b.stage == "target"]
    if v.extra.get("kind") == "comparison" and target:
        # "narrowed", "doubled", "exceeded": the filed values compared, never the expression Z3 checks on them
        seen = {(b.concept, b.period, b.members): b.value for b in target}
        return " vs ".join(fmt(x) for x in seen.values())
    if v.extra.get("expected_point") is not None:
        return fmt(v.extra["expected_point"])
    filed = {b.value for b in target}
    if len(filed) == 1 and not pct:  # the claimed line item is filed: show its value, not the interval its parts allow
        return fmt(filed.pop())
    if v.expected_lower is None:
        return "-"
    assert v.expected_upper is not None  # the expected range's bounds are set together
    lo, hi = fmt(v.expected_lower), fmt(v.expected_upper)
    return lo if lo == hi else f"{lo} to {hi}"


def _batch(
    verifier: Verifier,
    path: Path,
    out_path: Path | None,
    model: ChatModel | None = None,
    repair_k: int = 0,
    repair_mode: str = "guided",
) -> None:
    """Decisions as JSONL; with a model and --repair, Violated claims also get a `repair` record."""
    from auditgraph.verifier import batch as b
    from auditgraph.verifier.repair import repair

    cases = b.read_cases(path)
    sink = out_path.open("w", encoding="utf-8") if out_path else sys.stdout
    pairs = []
    try:
        with Progress(
            TextColumn("verifying"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=err, transient=True
        ) as progress:
            task = progress.add_task("verify", total=len(cases))
            for case, verdict in b.run(verifier, cases):
                rec = b.record(case, verdict)
                if model is not None and verdict.decision.value == "Violated" and case.sentence is None:
                    fixed = repair(
                        verifier, model, case.filing_id, case.question, case.claim, repair_k, repair_mode, case_id=case.case_id
                    )
                    rec["repair"] = {k: v for k, v in fixed.to_json().items() if k != "initial"}
                sink.write(json.dumps(rec) + "\n")
                pairs.append((verdict.decision, case.correct))
                progress.advance(task)
    finally:
        if out_path:
            sink.close()
    summary = b.summarise(pairs)
    table = Table(title=f"{summary.n} claims" + (f" -> {out_path}" if out_path else ""))
    for col in ("TA", "FA", "TR", "FR", "Abs", "precision", "decision acc.", "coverage"):
        table.add_column(col, justify="right")
    pct: Callable[[float | None], str] = lambda x: "-" if x is None else f"{100 * x:.1f}%"  # noqa: E731
    table.add_row(
        *(str(x) for x in (summary.ta, summary.fa, summary.tr, summary.fr, summary.abstain)),
        pct(summary.precision),
        pct(summary.decision_accuracy),
        pct(summary.coverage),
    )
    (out if out_path else err).print(table)


def _show(v: Verdict) -> None:
    d = v.decision.value
    out.print(f"[{_STYLE[d]}]{d}[/]  {escape(v.reason)}")
    if v.plan:
        out.print(
            escape(
                f"plan: {v.plan.target} ({v.plan.planner}); period {v.extra.get('period', '-')}"
                f" ({v.extra.get('period_source', '')})"
            )
        )
        for note in v.plan.notes:  # a rejected model plan is said here, not only in --json notes
            if note.startswith("model plan rejected"):
                out.print("[yellow]" + escape(note) + "[/]")
    # two columns, the ids on lines of their own: at 80 columns an id wraps between words, never inside
    # one (an eight-column table cut every id to "us-gaa…", issue 37)
    if v.formulas:
        t = Table(title="formulas", title_justify="left", pad_edge=False)
        t.add_column("#", no_wrap=True, justify="right")
        t.add_column("constraint, expression, authority", overflow="fold")
        for i, f in enumerate(v.formulas, 1):
            t.add_row(str(i), escape(f"formula:{f.source}:{i}\n{f.expression}\n{f.source_id}"))
        out.print(t)
    if v.bindings:
        t = Table(title="facts (provenance)", title_justify="left", pad_edge=False)
        t.add_column("fact", no_wrap=True)
        t.add_column(escape("concept, period, value [interval], filing"), overflow="fold")
        for bd in v.bindings:
            lines = [bd.concept if bd.role == bd.concept else f"{bd.concept} (as {bd.role})"]
            lines.append(f"{bd.period} {bd.unit}")
            lines.append(f"{_num(bd.value)} [{_num(bd.lower)} to {_num(bd.upper)}]")
            lines.append(f"filing {bd.accession or bd.filing_id}")
            t.add_row(escape(bd.fact_id), escape("\n".join(lines)))
        out.print(t)
    if v.core:
        out.print("unsat core: " + ", ".join(v.core))
