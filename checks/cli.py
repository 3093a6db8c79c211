"""`auditgraph check`, `auditgraph audit`, `auditgraph case` and `auditgraph demo`.

`demo` imports the loaders (Arelle) inside the command, so the checker commands and `--help` do not; the case
models and the HTML report are imported by the commands that print them (tests/test_startup.py).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from importlib.resources import as_file, files
from pathlib import Path

import click
from rich.console import Console

from auditgraph.checks.audit import audit_filing, print_report, run_rules
from auditgraph.checks.findings_table import print_findings
from auditgraph.checks.result import CheckResult, dump_json
from auditgraph.checks.rulebook import Scope, parse_rules
from auditgraph.checks.scope import require_reported
from auditgraph.config import connection
from auditgraph.database import open_graph
from auditgraph.errors import ConfigError
from auditgraph.graph import Graph
from auditgraph.loader.coverage import filing_coverage
from auditgraph.spinner import spinner
from auditgraph.tables import output_console

err = Console(stderr=True)


def _out() -> Console:
    """A console for this command's output, made when it runs: it reads the terminal width (COLUMNS) then."""
    return output_console()


def _quiet_driver() -> None:
    """Server notifications (unknown property names on sparse graphs) are not news for a user."""
    logging.getLogger("neo4j").setLevel(logging.ERROR)


def _require_filing(graph: Graph, filing_ref: str) -> str:
    """The id of the filing the user named (id, accession, folder, or ticker/form/period)."""
    from auditgraph.filing_ref import resolve_filing

    return resolve_filing(graph, filing_ref)


def _case_json(
    graph: Graph, filing_id: str, concept: str, period: str | None, coverage: str, dimensions: tuple[str, ...] = ()
) -> str:
    """The paper's case-level artifact (expected value by rule priority 0126 > 0015 > 0117) for the fact named: no
    dimensions is the non-dimensional fact, never a member's (a VIE breakdown is not the consolidated total)."""
    from auditgraph.checks.case import translate  # its models are built only for --case

    results, _, _ = run_rules(graph, filing_id, ("0015", "0117", "0126"), coverage)  # type: ignore[arg-type]
    rows = [r for rs in results.values() for r in rs]
    return translate(filing_id, concept, period, rows, dimensions=sorted(dimensions)).model_dump_json(indent=2)


_WITHOUT_CONCEPT = "`auditgraph check {}` without --concept checks every fact"  # what to run instead


@click.command("case")
@click.option("--filing", "filing_id", required=True, help="Filing id (see `auditgraph filing list`).")
@click.option("--concept", required=True, help="Concept QName, e.g. us-gaap:Assets.")
@click.option("--period", default=None, help="Period key (instant:2024-12-31, duration:2024-01-01/2024-12-31).")
@click.option(
    "--dimension",
    "dimensions",
    multiple=True,
    metavar="AXIS=MEMBER",
    help="A member of the fact's context (repeat), as results name them: us-gaap:StatementBusinessSegmentsAxis="
    "abc:WidgetsMember; none: the non-dimensional fact.",
)
@click.option("--coverage", type=click.Choice(["expanded", "limited"]), default="expanded", show_default=True)
def case(filing_id: str, concept: str, period: str | None, dimensions: tuple[str, ...], coverage: str) -> None:
    """The checker-only system: the case artifact for one fact (verdict, values, rules, evidence) as JSON."""
    _quiet_driver()
    bad = [d for d in dimensions if "=" not in d]
    if bad:
        raise ConfigError(
            f"--dimension {bad[0]!r}: write AXIS=MEMBER, e.g. us-gaap:StatementBusinessSegmentsAxis=abc:WidgetsMember"
        )
    with open_graph() as graph:
        filing_id = _require_filing(graph, filing_id)
        require_reported(graph, filing_id, concept, period, hint=_WITHOUT_CONCEPT.format(filing_id))
        click.echo(_case_json(graph, filing_id, concept, period, coverage, dimensions))


@click.command("check")
@click.argument("filing_id")
@click.option(
    "--rule",
    "rules",
    default=None,
    help="Comma-separated rule families, e.g. 0015,DQC.US.0018,calc11 (default all; `auditgraph rules`).",
)
@click.option("--concept", default=None, help="Only this concept (QName or local name).")
@click.option("--period", default=None, help="Only this Period key (instant:2024-12-31, duration:2024-01-01/2024-12-31).")
@click.option(
    "--coverage",
    type=click.Choice(["expanded", "limited"]),
    default="expanded",
    show_default=True,
    help="DQC.US.0015 list: the full official one, or its debit-balance concepts only.",
)
@click.option("--all", "show_all", is_flag=True, help="Also show ok results (default: violations and not evaluable).")
@click.option("--json", "as_json", is_flag=True, help="JSON Lines: one CheckResult per line.")
@click.option("--wide", is_flag=True, help="Show every column of the tables, however wide.")
@click.option(
    "--case",
    "as_case",
    is_flag=True,
    help="Checker-only case artifact for --concept/--period (verdict, values by 0126 > 0015 > 0117, evidence).",
)
def check(
    filing_id: str,
    rules: str | None,
    concept: str | None,
    period: str | None,
    coverage: str,
    show_all: bool,
    as_json: bool,
    as_case: bool,
    wide: bool,
) -> None:
    """Run DQC checkers on a loaded filing and list their results."""
    console = _out()
    _quiet_driver()
    wanted = parse_rules(rules)
    with open_graph() as graph:
        filing_id = _require_filing(graph, filing_id)
        require_reported(graph, filing_id, concept, period, hint=_WITHOUT_CONCEPT.format(filing_id))
        if as_case:
            if not concept:
                raise ConfigError("--case needs --concept QNAME (and usually --period PERIOD_KEY)")
            click.echo(_case_json(graph, filing_id, concept, period, coverage))
            return
        with spinner(f"Running {', '.join(wanted)} on {filing_id}…", enabled=not as_json):
            results = _run_check(graph, filing_id, wanted, concept, period, coverage)
        low = filing_coverage(graph, filing_id)  # facts on placeholders leave the checkers little to evaluate
    note = low.warning() if low and low.low else None
    if note:
        err.print(f"[yellow]warning[/yellow]: {note}", soft_wrap=True)  # stderr: --json stays one CheckResult a line
    if as_json:
        for rs in results.values():
            for r in rs:
                if show_all or r.status != "ok" or concept:
                    click.echo(dump_json(r))
        return
    silent = [rule for rule, rs in results.items() if not rs]
    for rule, rs in results.items():
        shown = rs if show_all or concept else [r for r in rs if r.status != "ok"]
        ok = sum(1 for r in rs if r.status == "ok")
        title = f"{rule}: {len(rs)} result(s), {ok} ok" + ("" if show_all or concept else " (hidden; --all shows them)")
        if shown:
            print_findings(console, shown, title=title, status=True, wide=wide)
        elif rs:
            console.print(f"[{'yellow' if note else 'green'}]{title}; no violations[/]")
    if silent:
        # One line for the families that returned nothing, not a line each (130 of them on `--concept`).
        scope = f" about {concept}" if concept else ""
        caveat = ", but little was evaluated (low coverage, see the warning)" if note else ""
        console.print(
            f"[{'yellow' if note else 'green'}]No finding{scope} from {len(silent)} rule famil"
            f"{'y' if len(silent) == 1 else 'ies'}{caveat}: {', '.join(silent)}[/]",
            soft_wrap=False,
        )


def _run_check(
    graph: Graph, filing_id: str, wanted: tuple[str, ...], concept: str | None, period: str | None, coverage: str
) -> dict[str, list[CheckResult]]:
    """The results of the wanted rules, all facts or only those of --concept/--period."""
    scope = Scope(concept=concept, period=period, coverage=coverage)  # type: ignore[arg-type]
    results, _, _ = run_rules(graph, filing_id, wanted, scope=scope)
    return results


@click.command("audit")
@click.argument("filing_id", required=False)
@click.option("--all", "portfolio", is_flag=True, help="Audit every loaded filing: a summary per filing and per rule family.")
@click.option(
    "--rules", default=None, help="Comma-separated rule families, e.g. 0015,DQC.US.0018 (default all; `auditgraph rules`)."
)
@click.option("--coverage", type=click.Choice(["expanded", "limited"]), default="expanded", show_default=True)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "jsonl", "html"]),
    default="table",
    show_default=True,
    help="html: one self-contained page (redirect it to a file); jsonl: one finding per line.",
)
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option("--show-not-evaluable", is_flag=True, help="List not-evaluable items in the table too.")
@click.option("--wide", is_flag=True, help="Show every column of the tables, however wide.")
@click.option(
    "--narrative",
    is_flag=True,
    help="With --format html: add the check of the notes' figures against the tagged facts "
    "(as `auditgraph verify --filing F --narrative`).",
)
def audit(
    filing_id: str | None,
    portfolio: bool,
    rules: str | None,
    coverage: str,
    fmt: str,
    as_json: bool,
    show_not_evaluable: bool,
    wide: bool,
    narrative: bool,
    html_sections: Callable[[Graph, str], list[str]] | None = None,
) -> None:
    """Every finding of the whole filing, like the official engine's report, with a verdict."""
    console = _out()
    _quiet_driver()
    fmt = "json" if as_json else fmt
    if portfolio == bool(filing_id):
        raise ConfigError("give one FILING_ID, or --all for every loaded filing (not both)")
    if narrative and (fmt != "html" or portfolio):
        raise ConfigError(
            "--narrative adds a section to one filing's --format html page; for a table or JSON run "
            "`auditgraph verify --filing FILING_ID --narrative [--json]`"
        )
    # the narrative check is the verifier's, a later stage: the app layer passes it in (src/auditgraph/app/audit_cli.py)
    compose = html_sections if narrative else None
    if narrative and compose is None:
        raise ConfigError("--narrative needs the verifier; run it as `auditgraph audit FILING_ID --format html --narrative`")
    wanted = parse_rules(rules)
    if portfolio:
        _audit_portfolio(console, wanted, coverage, fmt, wide)
        return
    assert filing_id is not None
    sections: list[str] = []
    with open_graph() as graph:
        filing_id = _require_filing(graph, filing_id)
        with spinner(f"Auditing {filing_id}…", enabled=fmt == "table"):
            report = audit_filing(graph, filing_id, wanted, coverage)  # type: ignore[arg-type]
        if compose is not None:
            with spinner(f"Checking the narrative of {filing_id} against its facts…"):
                sections = compose(graph, filing_id)
    if fmt == "json":
        click.echo(dump_json(report, indent=2))
    elif fmt == "html":
        from auditgraph.checks.html_report import render_html

        click.echo(render_html(report, sections))
    elif fmt == "jsonl":
        for r in report.findings + report.calc11 + report.not_evaluable:
            click.echo(dump_json(r))
    else:
        print_report(report, console, show_not_evaluable, wide)


def _audit_portfolio(console: Console, rules: tuple[str, ...], coverage: str, fmt: str, wide: bool) -> None:
    """`audit --all`: every loaded filing, a progress bar that stays, then the two summary tables (or JSON)."""
    import json
    from dataclasses import asdict

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from auditgraph.checks.portfolio import audit_portfolio, loaded_filings

    if fmt == "html":
        raise ConfigError("--format html is one filing's page; for --all use table, json or jsonl")
    with open_graph() as graph:
        ids = loaded_filings(graph)
        if not ids:
            raise ConfigError("no loaded filing to audit; load some with `auditgraph filing load PATH…`")
        columns = (TextColumn("Auditing {task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=err, transient=False, disable=fmt != "table") as progress:
            task = progress.add_task(f"{len(ids)} filings", total=len(ids))
            result = audit_portfolio(
                graph,
                rules,
                coverage,  # type: ignore[arg-type]
                ids,
                on_filing=lambda _: progress.advance(task),
                keep_reports=fmt == "jsonl",
            )
    if fmt == "json":
        click.echo(json.dumps({"filings": [asdict(f) for f in result.filings], "families": [asdict(f) for f in result.families]}))
    elif fmt == "jsonl":
        from auditgraph.checks.result import dump

        for report in result.reports:
            for r in report.findings + report.calc11:
                click.echo(json.dumps({"filing_id": report.filing_id} | dump(r)))
    else:
        from auditgraph.checks.findings_table import print_portfolio

        print_portfolio(console, result, wide=wide)


@click.command("demo")
def demo() -> None:
    """Start Neo4j if needed, load the sample taxonomy and filing, run the checker-only audit."""
    console = _out()
    from auditgraph.loader.filing import FilingLoader
    from auditgraph.loader.taxonomy import load_taxonomies

    _quiet_driver()
    graph = open_graph(writes=True)
    try:
        with as_file(files("auditgraph.sample") / "taxonomy") as tax, as_file(files("auditgraph.sample") / "filing") as fil:
            tax, fil = Path(tax), Path(fil)
            with console.status("Loading the sample taxonomy (Arelle, offline)…"):
                load_taxonomies(graph, [tax])
            with console.status("Loading the sample filing…"), FilingLoader(graph, [tax]) as loader:
                result = loader.load(fil)
        what = f"{result.facts} facts" if result.status in ("loaded", "replaced") else result.message
        console.print(f"Filing {result.id}: {result.status} ({what})")
        report = audit_filing(graph, result.id)
        print_report(report, console)
        for r in report.findings:
            console.print(f"[bold]{r.sub_rule}[/bold] {r.message}")
    finally:
        graph.close()
    # soft_wrap: a command cut at 80 columns cannot be pasted back (so for every line below)
    console.print(f"Next: auditgraph check {result.id} --all   |   auditgraph audit {result.id} --json", soft_wrap=True)
    _explore_hint(console, result.id)


def _explore_hint(console: Console, filing_id: str) -> None:
    """The demo's last lines: where the Browser is (as `auditgraph neo4j start` prints it) and the guide for the sample."""
    conn = connection()
    console.print("\nExplore it in the Neo4j Browser:", soft_wrap=True)
    if conn.external:
        console.print(f"Browser: your server's Browser, connected to {conn.shown_uri}", soft_wrap=True)
    else:
        console.print(f"Browser: {conn.browser_url}", soft_wrap=True)
        if conn.password is not None:
            console.print("         user neo4j; password: `auditgraph neo4j password`", soft_wrap=True)
    console.print(
        f"Guide:   auditgraph neo4j guide {filing_id}   (a Browser guide with runnable queries for this filing; it prints its URL)",
        soft_wrap=True,
    )


@click.command("rules")
@click.option("--json", "as_json", is_flag=True, help="JSON Lines: one rule family per line.")
def rules_cmd(as_json: bool) -> None:
    """List the registered rule families: key, official id, name, us-gaap years, the data each reads."""
    import json

    from auditgraph.checks.rulebook import registry
    from auditgraph.tables import Col, fit_table, print_table

    rows = list(registry().values())
    if as_json:
        for r in rows:
            fields = {"key": r.key, "rule_id": r.rule_id, "name": r.name, "codes": list(r.codes), "years": list(r.years)}
            click.echo(json.dumps(fields | {"reads": list(r.reads), "severity": r.severity}))
        return
    console = _out()
    cols = (Col("key", "id"), Col("rule", "id"), Col("name", "text"), Col("years", "text", drop=1), Col("reads", "text", drop=2))
    table = [[r.key, r.rule_id, r.name, ",".join(map(str, r.years)) or "any", ", ".join(r.reads) or "the filing"] for r in rows]
    print_table(console, fit_table(cols, table, console.width, title=f"{len(rows)} rule families"))


__all__ = ["audit", "case", "check", "demo", "rules_cmd"]
