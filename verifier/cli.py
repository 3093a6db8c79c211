"""`auditgraph verify`: one claim with its evidence, or a JSONL batch with acceptance metrics."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from auditgraph.errors import ConfigError
from auditgraph.graph import Graph

err = Console(stderr=True)
out = Console()
_STYLE = {"Verified": "bold green", "Violated": "bold red", "Abstain": "bold yellow"}


def _graph() -> Graph:
    from auditgraph.cli import ensure_database  # late: cli imports this module to register it

    return ensure_database()


@click.command("verify")
@click.option("--filing", "filing_id", help="Filing id (accession or folder name, see `auditgraph filing list`).")
@click.option("--question", "-q", help="The question the claim answers.")
@click.option("--claim", "-c", help="The candidate answer: 383285000000, $383.3 billion, (1,234), 44.1% ...")
@click.option("--batch", type=click.Path(path_type=Path), help="JSONL of {case_id, filing_id, question, claim[, correct]}.")
@click.option("--out", "out_path", type=click.Path(path_type=Path), help="Write batch decisions here (default: stdout).")
@click.option("--json", "as_json", is_flag=True, help="Print the decision as JSON.")
@click.option("--repair", "repair_k", type=int, default=0, show_default=True,
              help="On Violated, give the core to the model and re-verify up to K answers.")
@click.option("--repair-mode", type=click.Choice(["guided", "naive"]), default="guided", show_default=True,
              help="guided: structured feedback from the unsat core; naive: one generic retry.")
@click.option("--llm", "model_name", help="Model for planning/repair, as for the agents: openai:MODEL, anthropic:MODEL or "
                                           "openai-compatible[:MODEL] (or AUDITGRAPH_VERIFIER_MODEL).")
@click.option("--base-url", help="Endpoint: http://127.0.0.1:8000/v1 for openai-compatible servers; optional for openai and "
                                 "anthropic (or AUDITGRAPH_VERIFIER_BASE_URL).")
@click.option("--planner", type=click.Choice(["auto", "deterministic", "llm"]), default="auto", show_default=True,
              help="auto: the model plans when one is configured (its plans are checked), else the deterministic planner.")
@click.option("--registry", "registry_path", type=click.Path(path_type=Path), help="Another metric registry JSON file.")
def verify(filing_id: str | None, question: str | None, claim: str | None, batch: Path | None, out_path: Path | None,
           as_json: bool, repair_k: int, repair_mode: str, model_name: str | None, base_url: str | None,
           planner: str, registry_path: Path | None) -> None:
    """Verify a numerical claim about a loaded filing: Verified, Violated (with the unsat core) or Abstain."""
    from auditgraph.verifier.llm import ChatModel, LLMPlanner
    from auditgraph.verifier.registry import load_registry
    from auditgraph.verifier.verify import Verifier

    if batch is None and not (filing_id and question and claim is not None):
        raise click.UsageError("give --filing, --question and --claim, or --batch claims.jsonl")
    if repair_k < 0:
        raise click.UsageError("--repair takes a number of attempts >= 0")
    registry = load_registry(str(registry_path) if registry_path else None)
    model = ChatModel.from_options(model_name, base_url)
    if (repair_k or planner == "llm") and model is None:
        raise click.UsageError(f"{'--repair' if repair_k else '--planner llm'} needs a model: --llm openai:MODEL, anthropic:MODEL or openai-compatible:MODEL --base-url URL")
    graph = _graph()
    try:
        use_model = model is not None and planner != "deterministic"
        verifier = Verifier(graph, registry, LLMPlanner(model, registry) if use_model and model else None)
        if batch is not None:
            _batch(verifier, batch, out_path, model if repair_k else None, repair_k, repair_mode)
            return
        assert filing_id and question and claim is not None
        if repair_k:
            from auditgraph.verifier.repair import repair

            assert model is not None
            result = repair(verifier, model, filing_id, question, claim, repair_k, repair_mode)
            if as_json:
                click.echo(json.dumps(result.to_json()))
            else:
                _show(result.initial)
                for i, a in enumerate(result.attempts, 1):
                    out.print(f"[bold]repair {i}[/bold]: " + escape(f"{a.answer!r} -> {a.verdict.decision.value if a.verdict else a.error}"))
                if result.attempts and result.attempts[-1].verdict:
                    _show(result.attempts[-1].verdict)
            return
        verdict = verifier.verify(filing_id, question, claim)
        if verdict.abstain_reason is not None and verdict.abstain_reason.value == "unknown_filing":
            raise ConfigError(verdict.reason)
        if as_json:
            click.echo(json.dumps(verdict.to_json()))
        else:
            _show(verdict)
    finally:
        graph.close()


def _batch(verifier, path: Path, out_path: Path | None, model=None, repair_k: int = 0, repair_mode: str = "guided") -> None:
    """Decisions as JSONL; with a model and --repair, Violated claims also get a `repair` record."""
    from auditgraph.verifier import batch as b
    from auditgraph.verifier.repair import repair

    cases = b.read_cases(path)
    sink = out_path.open("w", encoding="utf-8") if out_path else sys.stdout
    pairs = []
    try:
        with Progress(TextColumn("verifying"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=err,
                      transient=True) as progress:
            task = progress.add_task("verify", total=len(cases))
            for case, verdict in b.run(verifier, cases):
                rec = b.record(case, verdict)
                if model is not None and verdict.decision.value == "Violated":
                    fixed = repair(verifier, model, case.filing_id, case.question, case.claim, repair_k, repair_mode,
                                   case_id=case.case_id)
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
    pct = lambda x: "-" if x is None else f"{100 * x:.1f}%"  # noqa: E731
    table.add_row(*(str(x) for x in (summary.ta, summary.fa, summary.tr, summary.fr, summary.abstain)),
                  pct(summary.precision), pct(summary.decision_accuracy), pct(summary.coverage))
    (out if out_path else err).print(table)


def _show(v) -> None:
    d = v.decision.value
    out.print(f"[{_STYLE[d]}]{d}[/]  {escape(v.reason)}")
    if v.plan:
        out.print(escape(f"plan: {v.plan.target} ({v.plan.planner}); period {v.extra.get('period', '-')}"
                         f" ({v.extra.get('period_source', '')})"))
    if v.formulas:
        t = Table(title="formulas")
        for col in ("constraint", "source", "expression", "authority"):
            t.add_column(col)
        for i, f in enumerate(v.formulas, 1):
            t.add_row(f"formula:{f.source}:{i}", f.source, f.expression, f.source_id)
        out.print(t)
    if v.bindings:
        t = Table(title="facts (provenance)")
        for col in ("role", "concept", "period", "unit", "value", "interval", "fact", "filing"):
            t.add_column(col)
        for bd in v.bindings:
            t.add_row(bd.role, bd.concept, bd.period, bd.unit, f"{bd.value:,}", escape(f"[{bd.lower:,}, {bd.upper:,}]"),
                      bd.fact_id, bd.accession or bd.filing_id)
        out.print(t)
    if v.core:
        out.print("unsat core: " + ", ".join(v.core))
