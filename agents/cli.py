"""`auditgraph agents …`: the AuditFlow auditors over the tool catalog.

    auditgraph agents audit FILING_ID --llm none|openai:MODEL|anthropic:MODEL|openai-compatible[:MODEL] [--base-url URL]
    auditgraph agents run CASES.jsonl --llm … --out run.jsonl [--concurrency 8]
    auditgraph agents replay-server SCRIPT.json [--port 8000]

Without --llm (and without AUDITGRAPH_LLM) no model is configured: the command says so and
runs checker-only. The investigator and the replay server are imported inside the commands that serve
them, so `audit`, `run` and `--help` do not load them. `auditgraph agents mcp` is the app layer's
(src/auditgraph/app/mcp_cli.py): the MCP server composes this stage with the verifier.
"""

from __future__ import annotations

import functools
import json
import logging
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from auditgraph.agents.case_records import Artifact, Case
from auditgraph.agents.junior_loop import AuditConfig
from auditgraph.agents.runner import CASE_TIMEOUT, RUN_TIMEOUT, RunSummary, read_cases, run_cases, trajectory_path
from auditgraph.agents.session import AgentSession, filing_scope, open_session
from auditgraph.checks.scope import require_reported
from auditgraph.database import open_graph
from auditgraph.errors import ConfigError
from auditgraph.filing_ref import resolve_filing
from auditgraph.graph import Graph
from auditgraph.llm.providers import ModelSpec, api_key
from auditgraph.tables import Col, dropped, fit_table, fits, print_table
from auditgraph.tools.base import filing_release, resolve_concept

console = Console(stderr=True)


def open_quiet_graph() -> Graph:
    # The driver logs every server notification (e.g. a property no filing has yet) as a warning;
    # in the middle of a progress bar they are noise, the tools report real problems themselves.
    logging.getLogger("neo4j.notifications").setLevel(logging.ERROR)

    return open_graph()


def run_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Model and configuration flags shared by `audit` and `run` (the paper's conditions as flags)."""
    opts = [
        click.option(
            "--llm",
            envvar="AUDITGRAPH_LLM",
            help="none (deterministic policy), openai:MODEL, anthropic:MODEL or openai-compatible[:MODEL] (the server's model when omitted); default $AUDITGRAPH_LLM, else checker-only.",
        ),
        click.option(
            "--base-url",
            envvar="AUDITGRAPH_LLM_BASE_URL",
            help="Endpoint of an OpenAI-compatible server (vLLM, sglang, llama.cpp, Ollama).",
        ),
        click.option(
            "--reasoning-effort",
            type=click.Choice(["minimal", "low", "medium", "high"]),
            help="Reasoning models only (default low).",
        ),
        click.option(
            "--no-thinking",
            is_flag=True,
            default=None,
            help="OpenAI-compatible servers: disable the chat template's thinking mode (Qwen3).",
        ),
        click.option("--timeout", type=float, default=120.0, show_default=True, help="Seconds per model call."),
        click.option("--max-retries", type=int, default=2, show_default=True, help="Provider retries per model call."),
        click.option(
            "--tool-choice",
            type=click.Choice(["auto", "required", "none"]),
            default="auto",
            show_default=True,
            help="tool_choice sent with every tools request (llama.cpp answers in prose without it).",
        ),
        click.option(
            "--tool-protocol",
            type=click.Choice(["native", "text"]),
            default="native",
            show_default=True,
            help="native tool calls, or text: tools described in the prompt, ReAct JSON replies (servers without "
            "tool calling; an OpenAI-compatible server that answers tools requests in prose twice switches itself).",
        ),
        click.option(
            "--max-output-tokens",
            type=click.IntRange(min=1),
            help="Cap on each reply's tokens (default: the role budgets, juniors 4096, senior 8192).",
        ),
        click.option(
            "--case-timeout",
            type=click.FloatRange(min=0),
            default=CASE_TIMEOUT,
            show_default=True,
            help="Seconds per case; then no model is asked and the case ends inconclusive (deadline). 0 = no limit.",
        ),
        click.option(
            "--run-timeout",
            type=click.FloatRange(min=0),
            default=RUN_TIMEOUT,
            show_default=True,
            help="Seconds per run; cases not finished by then end inconclusive (deadline). 0 = no limit.",
        ),
        click.option(
            "--cache",
            "cache_dir",
            type=click.Path(path_type=Path),
            help="Model-call cache directory (default ~/.cache/auditgraph/llm).",
        ),
        click.option("--no-cache", is_flag=True, help="Do not read or write the model-call cache."),
        click.option(
            "--authoritative/--override",
            "authoritative",
            default=False,
            help="Follow checker outcomes only, or (default) allow declared, justified overrides.",
        ),
        click.option("--sign-coverage", type=click.Choice(["expanded", "limited"]), default="expanded", show_default=True),
        click.option("--no-checkers", is_flag=True, help="Ablation: remove the deterministic checkers from both catalogs."),
        click.option("--no-gate", is_flag=True, help="Ablation: accept reports without the required tools."),
        click.option("--no-fusion", is_flag=True, help="Ablation: no ER fusion; a violation from either junior stands."),
        click.option(
            "--agents",
            "agents_mode",
            type=click.Choice(["both", "a1", "a2", "single"]),
            default="both",
            show_default=True,
            help="a1/a2: one junior only; single: A2's policy with the full catalog, no senior.",
        ),
        click.option(
            "--budget", type=click.IntRange(1, 1000), default=20, show_default=True, help="ReAct steps per junior invocation."
        ),
        click.option("--max-rounds", type=click.IntRange(0, 100), default=3, show_default=True, help="Senior refinement rounds."),
        click.option("--json", "as_json", is_flag=True, help="Print the summary (and artifacts for `audit`) as JSON."),
    ]
    return functools.reduce(lambda f, o: o(f), reversed(opts), fn)


def _config(kw: dict[str, Any]) -> AuditConfig:
    return AuditConfig(
        overrides=not kw["authoritative"],
        sign_coverage=kw["sign_coverage"],
        checkers=not kw["no_checkers"],
        gate=not kw["no_gate"],
        fusion=not kw["no_fusion"],
        agents=kw["agents_mode"],
        budget=kw["budget"],
        max_rounds=kw["max_rounds"],
    )


def _check_llm(kw: dict[str, Any]) -> None:
    """Refuse a bad --llm, or one whose API key is not set, before connecting to anything."""
    if kw["llm"]:
        spec = ModelSpec.parse(kw["llm"], base_url=kw["base_url"])
        if spec.provider != "none":
            api_key(spec)  # CredentialMissing (exit 3) instead of one "error" row per case


def _check_out(out: Path) -> None:
    """An --out that cannot be written is the user's error, said before any work is done."""
    if out.is_dir():
        raise ConfigError(f"--out {out} is a directory; give a file name, e.g. {out / 'run.jsonl'}")
    if not out.parent.is_dir():
        raise ConfigError(f"--out {out}: the directory {out.parent} does not exist; create it first")


def _check_fact(graph: Any, filing_id: str, concept: str, period: str | None) -> None:
    """--concept/--period must name a fact the filing reports (exit 2 otherwise), with the valid choices."""
    hint = f"`auditgraph agents audit {filing_id}` without --concept audits every checker finding"
    require_reported(graph, filing_id, concept, period, hint=hint)


def _session(graph: Any, kw: dict[str, Any]) -> AgentSession:
    if not kw["llm"]:
        console.print("[yellow]No model configured (pass --llm or set AUDITGRAPH_LLM); running checker-only.[/yellow]")
    return open_session(
        graph,
        kw["llm"],
        base_url=kw["base_url"],
        cache_dir=None if kw["no_cache"] else kw["cache_dir"],
        use_cache=not kw["no_cache"],
        timeout=kw["timeout"],
        max_output_tokens=kw["max_output_tokens"],
        max_retries=kw["max_retries"],
        no_thinking=kw["no_thinking"],
        reasoning_effort=kw["reasoning_effort"],
        tool_choice=kw["tool_choice"],
        tool_protocol=kw["tool_protocol"],
    )


@click.group("agents")
def agents() -> None:
    """AuditFlow auditor agents (A1 compliance, A2 forensic, senior) over the Cypher tools."""


@agents.command("audit")
@click.argument("filing_id")
@click.option("--concept", help="Audit one concept (QName) instead of every checker finding.")
@click.option("--period", help="Period key of the audited fact, e.g. instant:2023-12-31 (with --concept).")
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    help="Artifacts (JSONL) plus a .trajectory.jsonl sidecar; default FILING_ID.agents.jsonl here.",
)
@click.option("--concurrency", type=click.IntRange(1, 256), default=1, show_default=True)
@run_options
def audit_cmd(filing_id: str, concept: str | None, period: str | None, out: Path | None, concurrency: int, **kw: Any) -> None:
    """Audit a loaded filing: one case per checker finding, or the given concept and period."""
    _check_llm(kw)
    if out is not None:
        _check_out(out)
    with open_quiet_graph() as graph:
        filing_id = resolve_filing(graph, filing_id)  # accession, folder or ticker/form/period too
        filing_release(graph, filing_id)  # an unknown filing, concept or period is an error, never a verdict
        if concept:
            resolve_concept(graph, filing_id, concept)
            _check_fact(graph, filing_id, concept, period)
        others: dict[str, int] = {}
        if concept:
            cases = [Case(case_id=f"{filing_id}|{concept}|{period or ''}", filing_id=filing_id, concept=concept, period=period)]
        else:
            scope = filing_scope(graph, filing_id, kw["sign_coverage"])
            cases, others = scope.cases, scope.others
        if not cases:
            if others and not kw["as_json"]:
                console.print(_not_audited_note(filing_id, others))
            console.print(
                f"No {AGENT_RULES_TEXT} finding in {filing_id} for the agents to audit"
                + (" (the findings above are `auditgraph audit`'s)" if others else "")
                + "; pass --concept and --period to audit one fact."
            )
            if kw["as_json"]:
                click.echo(json.dumps({"summary": {"cases": 0, "not_audited": others}, "artifacts": []}))
            return
        out = out or Path(f"{filing_id.replace('/', '_')}.agents.jsonl")
        summary, session = _run(graph, cases, out, concurrency, kw)
    _report(summary, session, kw["as_json"], show_cases=True, not_audited=None if concept else (filing_id, others))


AGENT_RULES_TEXT = "DQC.US.0015/0117/0126"


def _not_audited_note(filing_id: str, others: dict[str, int]) -> str:
    """The findings of `auditgraph audit` the agents leave to it, named and counted (the agents know three rules)."""
    named = ", ".join(
        f"{n} {'CALC11' if rule == 'calc11' else 'DQC.US.' + rule}" for rule, n in sorted(others.items(), key=lambda kv: -kv[1])
    )
    return (
        f"[yellow]The agents audit {AGENT_RULES_TEXT} only; `auditgraph audit {filing_id}` reports "
        f"{sum(others.values())} more finding(s) they do not audit: {named}.[/yellow]"
    )


@agents.command("run")
@click.argument("cases_file", type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), required=True, help="Artifacts (JSONL); the run resumes if it exists.")
@click.option(
    "--concurrency", type=click.IntRange(1, 256), default=1, show_default=True, help="Cases audited at once (the paper used 8)."
)
@run_options
def run_cmd(cases_file: Path, out: Path, concurrency: int, **kw: Any) -> None:
    """Audit every case of CASES_FILE (JSONL: case_id, filing_id, concept, period, dims, unit)."""
    cases = read_cases(cases_file)
    _check_llm(kw)
    _check_out(out)
    with open_quiet_graph() as graph:
        summary, session = _run(graph, cases, out, concurrency, kw)
    _report(summary, session, kw["as_json"], show_cases=False)


def _run(graph: Any, cases: list[Case], out: Path, concurrency: int, kw: dict[str, Any]) -> tuple[RunSummary, AgentSession]:
    session = _session(graph, kw)
    config = _config(kw)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"auditing ({session.label})", total=len(cases))
        summary = run_cases(
            cases,
            session.toolbox,
            session.policy,
            config,
            out,
            concurrency,
            on_done=lambda _a: progress.advance(task),
            case_timeout=kw["case_timeout"] or None,
            run_timeout=kw["run_timeout"] or None,
        )
        progress.update(task, completed=len(cases))
    return summary, session


# tables at 80 columns: ids and values stay whole, the columns of least use go first (auditgraph.tables)
_CASE_COLS = (
    Col("concept", "id"),
    Col("period", "id"),  # with the concept, what tells one case from the next: never dropped
    Col("verdict", "id"),
    Col("rules", drop=4),
    Col("extracted", "number"),
    Col("calculated", "number"),
    Col("tau", "number", drop=5),
    Col("K", "number", drop=6),
    Col("rounds", "number", drop=2),
    Col("reason", drop=1),
)
_SHOW_COLS = (
    Col("case", "id"),
    Col("verdict", "id"),
    Col("rules", drop=3),
    Col("extracted", "number"),
    Col("calculated", "number"),
    Col("tau", "number", drop=4),
    Col("K", "number", drop=5),
    Col("rounds", "number", drop=2),
    Col("gate rejections", "number", drop=1),
)
_STEP_COLS = (Col("step", "number"), Col("event", "id"), Col("detail"))


def _report(
    summary: RunSummary,
    session: AgentSession,
    as_json: bool,
    show_cases: bool,
    not_audited: tuple[str, dict[str, int]] | None = None,  # `agents audit FILING`: the filing, audit's other findings
) -> None:
    arts = [Artifact.model_validate(json.loads(x)) for x in summary.out.read_text(encoding="utf-8").splitlines()]
    info = {
        "cases": summary.cases,
        "audited": summary.audited,
        "resumed": summary.resumed,
        "violations": summary.violations,
        "inconclusive": summary.inconclusive,
        "not_evaluable": summary.not_evaluable,
        "reasons": dict(summary.reasons),
        "errors": summary.errors,
        "llm": session.label,
        "model_calls": session.model_calls(),
        "cache_hits": session.cache_hits(),
        "out": str(summary.out),
        "trajectory": str(summary.trajectory),
    }
    if not_audited is not None:  # `agents audit FILING`: the findings of `audit` outside the agents' rules
        info["not_audited"] = not_audited[1]
    click.echo(summary.line(), err=True)  # stderr, whatever the output format
    if not_audited and not_audited[1] and not as_json:
        console.print(_not_audited_note(*not_audited))
    if as_json:
        click.echo(json.dumps({"summary": info, "artifacts": [json.loads(a.to_json()) for a in arts] if show_cases else None}))
    else:
        out = Console()
        if show_cases:
            cells = [
                [
                    a.concept,
                    a.period or "",
                    a.verdict or f"error: {a.error}",
                    ", ".join(a.rules),
                    a.extracted_value or "",
                    a.calculated_value or "",
                    a.tau or "",
                    a.K or "",
                    str(a.rounds),
                    a.reason or "",
                ]
                for a in arts
            ]
            _print_cases(out, cells, f"AuditFlow ({session.label})")
        summary_table = Table(show_header=False, title="Summary")
        for k, v in info.items():
            summary_table.add_row(k, ", ".join(f"{c} {n}" for c, n in v.items()) if isinstance(v, dict) else str(v))
        out.print(summary_table)
    if summary.provider_failures:
        from auditgraph.errors import ProviderError

        raise ProviderError(
            f"{summary.provider_failures} of {summary.cases} cases ended inconclusive because the model "
            f"failed ({summary.first_provider_reason}); fix the provider or --llm and rerun the same "
            "command: failed calls are not cached and those cases are audited again"
        )


def _print_cases(out: Console, cells: list[list[str]], title: str) -> None:
    """One table when concept and period fit beside the verdict and values; else the cases grouped under their
    concept (a line the terminal wraps, never cut) and the title as its own line, so nothing splits a word."""
    width = out.width
    if fits(_CASE_COLS, cells, width):
        print_table(out, fit_table(_CASE_COLS, cells, width, title=title))
        left_out = dropped(_CASE_COLS, cells, width)
    else:
        out.print(title, style="italic", justify="center", soft_wrap=True)
        groups: dict[str, list[list[str]]] = {}
        for row in cells:
            groups.setdefault(row[0], []).append(row[1:])
        left_out = []
        for concept, rows in groups.items():
            out.print(Text(concept, style="bold"), soft_wrap=True, highlight=False)
            print_table(out, fit_table(_CASE_COLS[1:], rows, width))
            left_out += [n for n in dropped(_CASE_COLS[1:], rows, width) if n not in left_out]
    if left_out:
        out.print(f"[dim]Not shown at {width} columns: {', '.join(left_out)} (--json shows every field).[/dim]")


@agents.command("replay-server")
@click.argument("script", type=click.Path(exists=True, path_type=Path))
@click.option("--port", type=int, default=8000, show_default=True)
@click.option(
    "--model",
    default="replay",
    show_default=True,
    help="The model name GET /v1/models lists; agents refuse any other --llm name, as with a real server.",
)
def replay_server_cmd(script: Path, port: int, model: str) -> None:
    """Serve scripted chat-completions responses (JSON: role -> list of responses) for offline runs."""
    from auditgraph.agents.replay_server import ReplayServer

    srv = ReplayServer(json.loads(script.read_text(encoding="utf-8")), port=port, model=model).start()
    console.print(f"Replaying {script} at {srv.base_url} (Ctrl-C to stop)")
    try:
        while srv.thread and srv.thread.is_alive():
            time.sleep(0.5)
    except KeyboardInterrupt:
        srv.stop()
        sys.exit(0)


@agents.command("show")
@click.argument("run_file", type=click.Path(exists=True, path_type=Path))
@click.argument("case_id", required=False)
@click.option("--wide", is_flag=True, help="Show every column of the tables, however wide.")
def show_cmd(run_file: Path, case_id: str | None, wide: bool) -> None:
    """Print a run's artifacts as a table, or one case's trajectory step by step."""
    arts = [Artifact.model_validate_json(x) for x in run_file.read_text(encoding="utf-8").splitlines() if x.strip()]
    out = Console()
    if case_id is None:
        cells = []
        for a in arts:
            gates = sum(v.get("gate_rejections", 0) for v in a.trace.values() if isinstance(v, dict))
            cells.append(
                [
                    a.case_id,
                    a.verdict or f"error: {a.error}",
                    ", ".join(a.rules),
                    a.extracted_value or "",
                    a.calculated_value or "",
                    a.tau or "",
                    a.K or "",
                    str(a.rounds),
                    str(gates),
                ]
            )
        print_table(out, fit_table(_SHOW_COLS, cells, out.width, wide=wide, title=str(run_file)), wide=wide)
        return
    side = trajectory_path(run_file)
    traj = (
        next(
            (json.loads(x) for x in side.read_text(encoding="utf-8").splitlines() if json.loads(x).get("case_id") == case_id),
            None,
        )
        if side.exists()
        else None
    )
    if traj is None:
        raise ConfigError(f"{side}: no trajectory for case {case_id!r}; list the cases with `auditgraph agents show {run_file}`")
    for role, agent in traj.get("agents", {}).items():
        for inv in agent["invocations"]:
            rows = []
            for e in inv["events"]:
                detail = e.get("tool") or ", ".join(e.get("missing", [])) or e.get("message", "") or e.get("action", "")
                if e["kind"] == "tool_call":
                    detail += "" if e["ok"] else f" -> error: {e['observation'].get('message', '')[:80]}"
                rows.append([str(e["step"]), e["kind"], detail])
            title = f"{role} round {inv['round']}: {inv['status']} after {inv['steps']} steps"
            print_table(out, fit_table(_STEP_COLS, rows, out.width, wide=wide, title=title), wide=wide)
    for fb in traj.get("senior", []):
        out.print(f"[bold]Senior, round {fb['round']}:[/bold] {fb['feedback']}")
