"""The checker-only audit: every rule over one filing, one report (the paper's "Checker-only")."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, Literal

from rich.console import Console
from rich.markup import escape

from auditgraph.checks.filing_data import FilingData, load_filing_data
from auditgraph.checks.findings_table import print_findings
from auditgraph.checks.result import AuditReport, CheckResult, RuleSummary
from auditgraph.checks.rulebook import NOT_APPLICABLE, Constants, Coverage, RuleInput, Scope, registry, run_rule
from auditgraph.graph import Graph
from auditgraph.loader.coverage import filing_coverage
from auditgraph.tables import Col, fit_table, print_table

LOW_COVERAGE = "low coverage:"  # the note audit_filing adds when >= 10% of facts report placeholders (loader/coverage.py)


def run_rules(
    graph: Graph,
    filing_id: str,
    rules: Sequence[str] | None = None,
    coverage: Coverage = "expanded",
    data: FilingData | None = None,
    scope: Scope | None = None,
    constants: Constants | None = None,
    prefetched: dict[str, dict[str, list[Any]]] | None = None,
) -> tuple[dict[str, list[CheckResult]], dict[str, float], FilingData]:
    """Results and seconds per registered rule (all by default); the filing is read once (the read counts
    towards the first rule). `constants` carries the DQCRT constants read so far across filings."""
    registered = registry()
    scope = scope or Scope(coverage=coverage)
    results, seconds = {}, {}
    t0 = time.perf_counter()
    data = data or load_filing_data(graph, filing_id)
    inp = RuleInput(graph, data, scope, constants or Constants(graph), prefetched or {})
    load_time = time.perf_counter() - t0
    for i, key in enumerate(rules or tuple(registered)):
        t = time.perf_counter()
        results[key] = run_rule(registered[key], inp)
        seconds[key] = time.perf_counter() - t + (load_time if i == 0 else 0.0)
    return results, seconds, data


def audit_filing(
    graph: Graph,
    filing_id: str,
    rules: Sequence[str] | None = None,
    coverage: Coverage = "expanded",
    constants: Constants | None = None,
    prefetched: dict[str, dict[str, list[Any]]] | None = None,
) -> AuditReport:
    """Every wanted rule on one filing; `constants` and `prefetched` carry what a portfolio audit read once."""
    results, seconds, data = run_rules(graph, filing_id, rules, coverage, constants=constants, prefetched=prefetched)
    summaries, findings, refused, calc11 = [], [], [], []
    for rule, rs in results.items():
        not_run = (
            rs[0].reason if len(rs) == 1 and rs[0].status == "not_evaluable" and not rs[0].facts and not rs[0].network else None
        )
        not_applicable = not_run if not_run and not_run.startswith(NOT_APPLICABLE) else None
        if not_applicable:  # outside the rule's own scope: nothing was left unevaluated
            not_run, rs = None, []
        counts = {s: sum(1 for r in rs if r.status == s) for s in ("violation", "ok", "not_evaluable")}
        summaries.append(
            RuleSummary(
                rule=rule,
                evaluated=len(rs),
                violations=counts["violation"],
                ok=counts["ok"],
                not_evaluable=counts["not_evaluable"],
                seconds=round(seconds[rule], 4),
                not_run=not_run,
                not_applicable=not_applicable,
            )
        )
        if rule == "calc11":
            calc11 = [r for r in rs if r.status == "violation"]
            continue
        findings += [r for r in rs if r.status == "violation"]
        refused += [r for r in rs if r.status == "not_evaluable"]
    notes = [f"{s.rule} not run: {s.not_run}" for s in summaries if s.not_run]
    if data.found and not data.facts:
        notes.append(f"filing {filing_id!r} has no numeric facts: nothing to check")
    verdict: Literal["violations", "clean", "not_evaluable"]
    if findings or calc11:  # the headline counts every finding the report shows, CALC11 included
        verdict = "violations"
    elif notes:  # a rule that could not run is never reported as clean
        verdict = "not_evaluable"
    else:
        verdict = "clean"
    share = filing_coverage(graph, filing_id)  # facts on placeholders have no balance nor taxonomy networks
    if share and share.low:  # the rules ran, on less than the filing holds: a note, and the headline says so
        notes.append(f"{LOW_COVERAGE} {share.warning()}")
    return AuditReport(
        filing_id=filing_id,
        form=data.document_type,
        us_gaap_year=data.us_gaap_year,
        period_end=data.period_end.isoformat() if data.period_end else None,
        verdict=verdict,
        rules=summaries,
        findings=findings,
        not_evaluable=refused,
        calc11=calc11,
        notes=notes,
    )


def headline(report: AuditReport) -> str:
    """The verdict with the counts it rests on: "violations (24: 0 DQC, 24 CALC11)"; a low coverage is named."""
    low = " (low coverage: most facts on placeholder concepts, see the note)" if _low_coverage(report) else ""
    if report.verdict != "violations":
        return report.verdict + low
    n_dqc, n_calc = len(report.findings), len(report.calc11)
    return f"violations ({n_dqc + n_calc}: {n_dqc} DQC, {n_calc} CALC11)" + low


def _low_coverage(report: AuditReport) -> bool:
    return any(n.startswith(LOW_COVERAGE) for n in report.notes)


_SUMMARY_COLS = (
    Col("rule", "id"),
    Col("evaluated", "number"),
    Col("violations", "number"),
    Col("ok", "number"),
    Col("not evaluable", "number"),
    Col("seconds", "number", drop=1),
)


def print_report(report: AuditReport, console: Console, show_not_evaluable: bool = False, wide: bool = False) -> None:
    """The report for people: a summary per rule, then one row per finding (auditgraph.tables: ids and
    numbers whole; at 80 columns the detail and dimensions columns go first, and when a long concept still
    leaves no room the findings are grouped under their concept; `wide` keeps the one flat table)."""
    title = (
        f"Audit of {report.filing_id} ({report.form or 'no form'}, period end "
        f"{report.period_end or '?'}, us-gaap {report.us_gaap_year or '?'}): {headline(report)}"
    )
    # a row per family that found something or could not evaluate something; the quiet ones are counted below
    # (`wide` lists every family)
    shown = [s for s in report.rules if wide or s.violations or s.not_evaluable or s.not_run]
    summary = [[s.rule, str(s.evaluated), str(s.violations), str(s.ok), str(s.not_evaluable), f"{s.seconds:.3f}"] for s in shown]
    print_table(console, fit_table(_SUMMARY_COLS, summary, console.width, wide=wide, title=title), wide=wide)
    quiet = [s for s in report.rules if s not in shown]
    if quiet:
        outside = sum(1 for s in quiet if s.not_applicable)
        scope = f" ({outside} of them outside their scope: {report.form or 'no form'})" if outside else ""
        console.print(f"{len(quiet) - outside} more rule families ran and found nothing{scope}; --wide lists them.")
    rows = report.findings + report.calc11 + (report.not_evaluable if show_not_evaluable else [])
    for note in report.notes:
        console.print(f"[yellow]{escape(note)}[/yellow]")
    if not rows:
        console.print("No findings.")
        return
    print_findings(console, rows, title="Findings", status=show_not_evaluable, wide=wide)
