"""`auditgraph ask`: a question in, a verified answer (or a plain refusal or abstention) out.

The verifier and the model clients are imported inside the command, so `ask --help` and a usage
error answer without loading them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from auditgraph.errors import ConfigError
from auditgraph.files import check_output, write_whole
from auditgraph.verifier.options import model_options

err = Console(stderr=True)
out = Console()
_HEAD = {
    "accepted": "[bold green]Accepted[/]",
    "refused": "[bold red]Refused[/]: no usable answer; the model's answer contradicts the filing",
    "abstained": "[bold yellow]Abstained[/]: no usable answer; the verifier cannot decide",
    "no_answer": "[bold yellow]No answer[/]: the model gave no number to verify",
}


@click.command("ask")
@click.argument("question", required=False)
@click.option(
    "--filing", "filing_id", help="Filing: its id, accession, folder name or ticker/form/period (`auditgraph filing list`)."
)
@model_options  # --llm (the model that drafts answers), --base-url
@click.option(
    "--repair",
    "repair_k",
    type=click.IntRange(0, 10),
    default=0,
    show_default=True,
    help="On Violated, up to K more drafts, each given the unsat core.",
)
@click.option("--batch", type=click.Path(path_type=Path, dir_okay=False), help="JSONL of {case_id, filing_id, question[, gold]}.")
@click.option(
    "--out", "out_path", type=click.Path(path_type=Path, dir_okay=False), help="Write the batch records here (default: stdout)."
)
@click.option("--json", "as_json", is_flag=True, help="Print the record (evidence, drafts, decisions, tokens) as JSON.")
def ask(
    question: str | None,
    filing_id: str | None,
    model_name: str | None,
    base_url: str | None,
    repair_k: int,
    batch: Path | None,
    out_path: Path | None,
    as_json: bool,
) -> None:
    """Ask a loaded filing a numerical question; a model drafts the answer, the verifier accepts or refuses it.

    \b
    auditgraph ask --filing F "What was revenue in 2023?" --llm openai-compatible:qwen3 --base-url URL
    auditgraph ask --batch questions.jsonl --llm anthropic:MODEL --repair 2 --out records.jsonl
    auditgraph eval ask records.jsonl      (false-accept rate, coverage, repair success per model)
    """
    if batch is not None and (question is not None or filing_id):
        raise click.UsageError("give --batch questions.jsonl alone, or --filing F and a question, not both")
    if batch is None and not (filing_id and question and question.strip()):
        raise click.UsageError('give --filing F and a question ("What was revenue in 2023?"), or --batch questions.jsonl')
    from auditgraph.verifier.ask import NEEDS_MODEL
    from auditgraph.verifier.model_proposals import ChatModel

    model = ChatModel.from_options(model_name, base_url)
    if model is None:
        raise ConfigError(NEEDS_MODEL)
    from auditgraph.database import open_graph
    from auditgraph.filing_ref import resolve_filing
    from auditgraph.verifier import ask as pipeline
    from auditgraph.verifier.verify import Verifier

    questions = pipeline.read_questions(batch) if batch is not None else None
    if out_path is not None:
        check_output(out_path)  # before any model call, not after the batch
    graph = open_graph()
    try:
        verifier = Verifier(graph)
        if questions is None:
            assert filing_id and question
            result = pipeline.ask(verifier, model, resolve_filing(graph, filing_id), question, repair_k)
            if as_json:
                click.echo(json.dumps(result.to_json(), default=str))
            else:
                show(result)
            return
        records = []
        # a model call per draft can take seconds: a bar on stderr, only when both streams are terminals
        with Progress(
            TextColumn(f"asking {model.label} {len(questions)} questions"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=err,
            transient=True,
            disable=not (err.is_terminal and out.is_terminal),
        ) as progress:
            task = progress.add_task("ask", total=len(questions))
            for r in pipeline.ask_many(verifier, model, questions, repair_k, resolve=lambda f: resolve_filing(graph, f)):
                records.append(r.to_json())
                progress.advance(task)
    finally:
        graph.close()
    lines = "".join(json.dumps(r, default=str) + "\n" for r in records)
    if out_path is None:
        click.echo(lines, nl=False)
    else:  # whole or nothing: a batch stopped by a dead server leaves no half file
        write_whole(out_path, lines)
    (out if out_path else err).print(
        ask_table(records, title=f"{len(records)} questions" + (f" -> {out_path}" if out_path else ""))
    )


def show(result: Any) -> None:
    """One result for people, at 80 columns: the headline says whether the answer may be used."""
    if result.outcome == "accepted":
        out.print(f"{_HEAD['accepted']}  {escape(result.answer)}")
    else:
        out.print(_HEAD[result.outcome])
    out.print(escape(f"question: {result.question} ({result.filing_id})"))
    out.print(escape(f"why: {result.reason}"))
    final = result.final
    if result.outcome != "accepted":
        for i, d in enumerate(result.drafts, 1):  # labelled drafts, never an answer
            what = d.verdict.decision.value if d.verdict else d.kind
            out.print(escape(f"draft {i} (not usable): {d.answer!r} -> {what}"))
    if final is not None and final.core and result.outcome == "refused":
        out.print(escape("unsat core: " + ", ".join(final.core)))
    ev = final if final is not None and final.bindings else result.evidence
    if ev is not None and ev.bindings:
        t = Table(title="evidence (filed facts)", title_justify="left", pad_edge=False)
        t.add_column("fact", no_wrap=True)
        t.add_column("concept, period, value", overflow="fold")
        for b in ev.bindings:
            t.add_row(escape(b.fact_id), escape(f"{b.concept}\n{b.period} {b.unit}\n{b.value:,}"))
        out.print(t)
        for f in ev.formulas:
            out.print(escape(f"formula ({f.source} {f.source_id}): {f.expression}"))
    tokens = result.tokens
    n = len(result.drafts)
    if not n:
        out.print(escape(f"model {result.model}: not asked (no evidence to answer from)"))
        return
    out.print(
        escape(
            f"model {result.model}: {n} draft{'s' if n != 1 else ''}"
            + (f" ({n - 1} repair{'s' if n > 2 else ''})" if n > 1 else "")
            + f", tokens {tokens.get('input', 0)} in / {tokens.get('output', 0)} out"
        )
    )


def ask_table(records: list[dict[str, Any]], title: str = "") -> Table:
    """Per model: n questions; accepted, refused, abstained, no answer; coverage (accepted / n); FA: false
    accepts / drafts that miss the gold value; fixed: accepted after repair / first draft Violated."""
    from auditgraph.verifier.ask import score

    pct: Callable[[float | None], str] = lambda x: "-" if x is None else f"{100 * x:.1f}%"  # noqa: E731
    t = Table(title=title or None, title_justify="left", pad_edge=False)
    t.add_column("model", no_wrap=True)  # an id: never cut or folded
    for col in ("n", "acc", "ref", "abs", "none", "cov", "FA", "fixed"):
        t.add_column(col, justify="right", no_wrap=True)
    for s in score(records):
        t.add_row(
            escape(s.model),
            *(str(x) for x in (s.n, s.accepted, s.refused, s.abstained, s.no_answer)),
            pct(s.coverage),
            f"{s.false_accepts}/{s.wrong_drafts}",
            f"{s.recovered}/{s.first_violated}",
        )
    return t
