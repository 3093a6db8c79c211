"""`auditgraph filing ...`: load, list, relink and delete filings.

The loader (Arelle) is imported inside the commands that use it, so `filing list` and `--help` stay light.
"""

from __future__ import annotations

import json
import sys
from contextlib import closing
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from auditgraph import collector
from auditgraph.database import open_graph
from auditgraph.errors import EXIT_INPUT, LoadError
from auditgraph.spinner import spinner
from auditgraph.tables import Col, fit_table, print_table

if TYPE_CHECKING:
    from auditgraph.loader.filing import LoadResult

console = Console(stderr=True)
out = Console()


def _json_default(v: object) -> str:
    return str(v)


@click.group("filing")
def filing() -> None:
    """Load SEC filings (instance, inline .htm, zip or folders) into the filing graph."""


@filing.command("load")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--packages",
    "-p",
    multiple=True,
    type=click.Path(path_type=Path),
    help="Taxonomy package zip or folder (repeat); default: the packages `taxonomy load` remembered plus the bundled sample taxonomy.",
)
@click.option("--force", is_flag=True, help="Replace filings already loaded (atomically).")
@click.option("--json", "as_json", is_flag=True, help="One JSON line per filing instead of a table.")
@click.option("--wide", is_flag=True, help="Show every column of the table, however wide.")
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help="Arelle worker processes parsing filings side by side (default: the cores this process may use); "
    "each filing is still written in one transaction. 1: parse in this process.",
)
def load_cmd(
    paths: tuple[Path, ...], packages: tuple[Path, ...], force: bool, as_json: bool, wide: bool, jobs: int | None
) -> None:
    """Load filings; a folder of filings streams them one by one. Exit 2 if any failed.

    Every filing is claimed in the database first, so loaders sharing a server (other machines,
    overlapping lists) load each filing once: one claimed by another loader is skipped.
    """
    from auditgraph.loader.coverage import add_coverage, print_coverage_warnings
    from auditgraph.loader.filing_source import expand
    from auditgraph.loader.leases import Leases

    with collector.importing():  # Arelle's modules (~0.3 s of imports) live until exit
        from auditgraph.loader.jobs import default_jobs, load_filings

    items = expand(list(paths))
    if len(items) == 1 and isinstance(items[0], LoadError):
        raise items[0]  # the one path given is refused before anything opened it (a FIFO, a device, ...): its one line
    with open_graph(writes=True) as graph:
        claims = Leases(graph, on_wait=console.print)  # a taxonomy load holding the lease: say why it waits
        cleared = claims.clear_pending()
        if cleared and not as_json:
            console.print(f"Removed {len(cleared)} half-loaded filing(s) left pending: {', '.join(cleared)}")
        loads = load_filings(
            graph, items, list(packages) if packages else None, force=force, jobs=jobs or default_jobs(), claims=claims
        )
        with closing(loads):  # on Ctrl-C the workers stop and the claims are released here
            if len(items) == 1 and not isinstance(items[0], LoadError):
                # a single filing: no bar, a spinner naming it (stderr, terminals only); its error is the message
                with spinner(f"Loading {items[0].name}…", enabled=not as_json, console=console):
                    results = list(loads)
            else:
                results = []
                progress = Progress(
                    TextColumn("{task.description}"),
                    BarColumn(),
                    MofNCompleteColumn(),
                    TimeElapsedColumn(),
                    console=console,
                    disable=as_json,
                )
                with progress:
                    task = progress.add_task("Loading filings", total=len(items))
                    for r in loads:
                        results.append(r)
                        progress.update(task, advance=1, description=f"Loading filings ({r.id})")
        results = add_coverage(graph, results)
    if as_json:
        for r in results:
            click.echo(json.dumps(asdict(r), default=_json_default))
    else:
        _print_load_results(results, wide)
        print_coverage_warnings(console, results)
    failed = [r for r in results if r.status == "failed"]
    if failed:
        if not as_json:
            console.print(f"[red]{len(failed)} of {len(results)} filing(s) failed[/red]")
        sys.exit(EXIT_INPUT)  # what failed to load is bad input (the message names the file)


@filing.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--wide", is_flag=True, help="Show every column, however wide (default: the columns that fit).")
def list_cmd(as_json: bool, wide: bool) -> None:
    """Filings in the database with their counts."""
    with open_graph() as graph:
        rows = graph.read("filing.list")
    if as_json:
        click.echo(json.dumps(rows, default=_json_default))
        return
    _print_filing_list(rows, wide)


_LIST_COLS = (
    Col("id", "id"),
    Col("status", drop=3),
    Col("form", "id"),
    Col("ticker", "id"),
    Col("period_end", "id"),
    Col("us_gaap_year", "number", drop=4),
    Col("facts", "number"),
    Col("contexts", "number", drop=2),
    Col("errors", "number", drop=2),
    Col("placeholder_facts", "number", drop=5),
    Col("coverage", "number", drop=1),  # share of facts on real concepts (loader/coverage.py); kept before errors
)


def _print_filing_list(rows: list[dict[str, object]], wide: bool) -> None:
    cells = [["" if r[c.name] is None else str(r[c.name]) for c in _LIST_COLS] for r in rows]
    print_table(out, fit_table(_LIST_COLS, cells, out.width, wide=wide, title="Filings"), wide=wide)


_LOAD_COLS = (
    Col("id", "id"),
    Col("status", "id"),
    Col("facts", "number"),
    Col("contexts", "number", drop=2),
    Col("edges", "number", drop=3),
    Col("errors", "number"),
    Col("seconds", "number", drop=4),
)


def _print_load_results(results: list[LoadResult], wide: bool) -> None:
    cells = []
    for r in results:
        status = (
            f"[red]{r.status}[/red]"
            if r.status == "failed"
            else f"[yellow]{r.status}[/yellow]"
            if r.status == "skipped"
            else r.status
        )
        wrote = r.status in ("loaded", "replaced")  # the counts are what this load wrote: none for the others
        counts = [f"{r.facts:,}", f"{r.contexts:,}", f"{r.edges:,}", str(r.errors)] if wrote else ["", "", "", ""]
        cells.append([r.id, status, *counts, f"{r.arelle_seconds + r.write_seconds:.2f}"])
    print_table(out, fit_table(_LOAD_COLS, cells, out.width, wide=wide, title="Filings"), wide=wide)
    # messages (a path, an Arelle error) go below the table, one paragraph per filing wrapped to the console: in a
    # column their longest word set the table's width, and every row wrapped at 80 columns
    for r in results:
        if r.message:
            out.print(Text.assemble((r.id, "bold"), f": {r.message}"), overflow="fold")


@filing.command("relink")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def relink_cmd(as_json: bool) -> None:
    """Re-point facts bridged to placeholders once their taxonomy year is loaded."""
    from auditgraph.loader.filing import relink

    with open_graph(writes=True) as graph:
        res = relink(graph)
    if as_json:
        click.echo(json.dumps(asdict(res), default=_json_default))
        return
    out.print(
        f"Re-linked {res.reports_relinked} fact(s) and {res.dims_relinked} dimension(s); "
        f"{res.releases_linked} USES_RELEASE edge(s) added; {res.placeholders_pruned} unused placeholder(s) removed."
    )
    for year, n in sorted(res.placeholder_facts_by_year.items(), key=lambda kv: kv[0] or 0):
        out.print(f"  {n} fact(s) still on placeholders of year {year}: load that taxonomy year, then relink.")


@filing.command("delete")
@click.argument("filing_id")
def delete_cmd(filing_id: str) -> None:
    """Delete one filing and everything it owns."""
    from auditgraph.loader.filing import delete_filing

    with open_graph(writes=True) as graph:
        if not delete_filing(graph, filing_id):
            raise LoadError(f"no filing with id {filing_id!r}; `auditgraph filing list` shows the ids")
    out.print(f"Deleted filing {filing_id}.")
