"""`auditgraph taxonomy load|list|fetch`: taxonomy packages into the graph.

Arelle (loader/taxonomy.py) is imported only when a package must be parsed: a `load` of packages
already loaded with the same content hash is one read query (loader/taxonomy_state.py), without the
schema statements a write needs.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import urllib.error
import urllib.request
from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from auditgraph import collector
from auditgraph.config import cache_dir
from auditgraph.database import open_graph
from auditgraph.errors import LoadError
from auditgraph.graph import Graph
from auditgraph.loader.fetch import FASB, FASB_TAXONOMIES, SEC, fasb_package_url, fetch_sec_package, user_agent
from auditgraph.loader.leases import Leases
from auditgraph.loader.packages import SUPPORTED_YEARS, PackageInfo, read_package
from auditgraph.loader.taxonomy_state import LoadResult, Reporter, all_unchanged
from auditgraph.tables import Col, fit_table, print_table

console = Console(stderr=True, soft_wrap=True)  # never break URLs and paths across lines
FETCHED = (*FASB_TAXONOMIES, "sec")  # FASB's package zips, and one package packed from the SEC's files


class RichReporter(Reporter):
    """One live bar, the current step's; messages above it. A finished step's bar is removed: kept, about ten
    bars a package piled up until rich, taller than the terminal, showed `...` in place of the live one."""

    def __init__(self, progress: Progress):
        self.progress = progress
        self.task: TaskID | None = None

    def step(self, name: str, total: int | None) -> None:
        if self.task is not None:
            self.progress.remove_task(self.task)
        # total None: a pulsing bar (Arelle gives no progress); 0 rows: an already-full bar
        self.task = self.progress.add_task(
            name, total=None if total is None else max(total, 1), completed=0 if total else (1 if total == 0 else 0)
        )

    def advance(self, n: int) -> None:
        if self.task is not None:
            self.progress.advance(self.task, n)

    def message(self, text: str) -> None:
        self.progress.console.print(text)


def _quiet_driver() -> None:
    # the driver logs every "property does not exist yet" notice on an empty graph as a warning
    logging.getLogger("neo4j").setLevel(logging.ERROR)


@click.group("taxonomy")
def taxonomy() -> None:
    """Load US-GAAP, SRT and SEC taxonomy packages (offline) into the graph."""


def _load(graph: Graph, pkgs: list[PackageInfo], force: bool, quiet: bool) -> list[LoadResult]:
    """Parse with Arelle and write: the schema first, as `open_graph(writes=True)` puts it in place."""
    with collector.importing():  # Arelle's modules live until exit
        from auditgraph.loader.taxonomy import load_taxonomies

    graph.run_script("schema.constraints")
    if quiet:
        return load_taxonomies(graph, pkgs, force=force, on_wait=console.print)
    columns = (TextColumn("{task.description:<14}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        return load_taxonomies(graph, pkgs, force=force, reporter=RichReporter(progress), on_wait=progress.console.print)


@taxonomy.command("load")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--force", is_flag=True, help="Replace releases that are already loaded.")
@click.option("--quiet", is_flag=True, help="No progress bar; only errors and the summary line.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per package.")
def load_cmd(paths: tuple[Path, ...], force: bool, quiet: bool, as_json: bool) -> None:
    """Load taxonomy packages (zip or unpacked folder with META-INF/), e.g. us-gaap-2025.zip srt-2025.zip sec-2025.zip.

    Give packages that import each other in one command (or load the imported ones first).
    """
    _quiet_driver()
    pkgs = [read_package(p) for p in paths]  # fail on a bad path before starting a server; hashed once
    with open_graph() as graph:
        results = None if force else all_unchanged(graph, pkgs)
        if results is None:
            results = _load(graph, pkgs, force, quiet or as_json)
    for r in results:
        if as_json:
            click.echo(
                json.dumps(
                    {
                        "package": r.package,
                        "skipped": r.skipped,
                        "parse_seconds": round(r.parse_seconds, 2),
                        "write_seconds": round(r.write_seconds, 2),
                        "warnings": list(r.warnings),
                        "releases": [c.__dict__ for c in r.releases],
                    }
                )
            )
            continue
        if r.skipped:
            console.print(f"{r.package}: skipped, {r.skipped}")
            continue
        summary = ", ".join(f"{c.key} ({c.concepts:,} concepts, {c.relationships:,} relationships)" for c in r.releases)
        console.print(f"{r.package}: loaded {summary} in {r.parse_seconds + r.write_seconds:.1f}s")
        for w in r.warnings if not quiet else ():
            console.print(f"  [yellow]warning[/]: {w}")


@taxonomy.command("dqc-constants")
@click.argument("years", nargs=-1, type=int)
def dqc_constants_cmd(years: tuple[int, ...]) -> None:
    """(Re)write the official DQC rule-set constants (DQCRT) of us-gaap YEARS (default: every shipped year).

    `taxonomy load` writes them for each us-gaap year it loads; this is for databases loaded before."""
    from auditgraph.loader.dqc_constants import load_constants

    _quiet_driver()
    with open_graph() as graph:
        graph.run_script("schema.constraints")
        with Leases(graph, on_wait=console.print).taxonomy_lease():  # one taxonomy write at a time
            done = load_constants(graph, years or None)
    for year, n in done.items():
        console.print(f"us-gaap/{year}: {n} DQCRT constants written")


@taxonomy.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list.")
@click.option("--wide", is_flag=True, help="Show every column, however wide (default: the columns that fit).")
def list_cmd(as_json: bool, wide: bool) -> None:
    """Show the releases in the graph with their counts."""
    _quiet_driver()
    with open_graph() as graph:
        rows = graph.read("taxonomy.releases")
    if as_json:
        click.echo(json.dumps(rows))
        return
    cols = (
        Col("release", "id"),
        Col("status", "id"),
        Col("package", "id", drop=2),
        Col("concepts", "number"),
        Col("relationships", "number"),
        Col("labels", "number", drop=3),
        Col("DQC rules", "number", drop=4),
        Col("loaded at", "id", drop=1),
    )
    cells = [
        [
            r["key"],
            r["status"],
            r["package"] or "",
            f"{r['concepts'] or 0:,}",
            f"{r['relationships'] or 0:,}",
            f"{r['labels'] or 0:,}",
            f"{r['dqc_rules'] or 0:,}",
            (r["loaded_at"] or "")[:19],
        ]
        for r in rows
    ]
    out = Console()
    print_table(out, fit_table(cols, cells, out.width, wide=wide, title="Taxonomy releases"), wide=wide)


@taxonomy.command("remove")
@click.argument("releases", nargs=-1, required=True)
@click.option("--yes", is_flag=True, required=True, help="Confirm removing the releases.")
def remove_cmd(releases: tuple[str, ...], yes: bool) -> None:
    """Remove loaded releases (e.g. us-gaap/2024); facts bridged to their concepts keep placeholders."""
    from auditgraph.loader.taxonomy import remove_releases

    _quiet_driver()
    with open_graph(writes=True) as graph, Leases(graph, on_wait=console.print).taxonomy_lease():
        known = {r["key"] for r in graph.read("taxonomy.releases")}
        missing = [k for k in releases if k not in known]
        if missing:
            raise LoadError(f"{', '.join(missing)}: no such release; `auditgraph taxonomy list` shows what is loaded")
        remove_releases(graph, list(releases))
    console.print(f"removed {', '.join(releases)}")


def _download(url: str, target: Path, quiet: bool) -> None:
    part = target.with_name(target.name + ".part")
    try:
        request = urllib.request.Request(url, headers={"User-Agent": user_agent()})
        with urllib.request.urlopen(request, timeout=60) as resp, part.open("wb") as out:
            total = int(resp.headers.get("Content-Length") or 0) or None
            with Progress(
                TextColumn(target.name), BarColumn(), DownloadColumn(), console=console, transient=True, disable=quiet
            ) as progress:
                task = progress.add_task("download", total=total)
                while block := resp.read(1 << 16):
                    out.write(block)
                    progress.advance(task, len(block))
    except (urllib.error.URLError, OSError) as exc:
        part.unlink(missing_ok=True)
        raise LoadError(f"{url}: download failed ({getattr(exc, 'reason', exc)}); check the URL or use --url-base") from exc
    try:
        read_package(part)  # a proxy error page or a truncated file is not kept
    except LoadError as exc:
        part.unlink(missing_ok=True)
        raise LoadError(f"{url}: the download is not a taxonomy package ({str(exc).split(': ', 1)[-1]})") from exc
    os.replace(part, target)


def _fetch_sec(year: int, target: Path, url_base_sec: str, quiet: bool) -> None:
    with Progress(
        TextColumn("{task.description}"),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=quiet,
    ) as progress:
        task = progress.add_task(f"{target.name} (SEC files)", total=None)
        pkg = fetch_sec_package(year, target.parent, url_base_sec, on_file=lambda _: progress.advance(task))
    for w in pkg.warnings if not quiet else ():
        console.print(f"[yellow]warning[/]: {w}")
    if not quiet:
        console.print(f"{target.name}: {', '.join(pkg.taxonomies)} ({pkg.files} files)")


@taxonomy.command("fetch")
@click.argument("year", type=int)
@click.option(
    "--url-base",
    default=FASB,
    show_default=True,
    help="FASB mirror serving `{tax}/{year}/{tax}-{year}.zip` (2021: `{tax}-2021-01-31.zip`).",
)
@click.option("--url-base-sec", default=SEC, show_default=True, help="SEC mirror serving `{tax}/{year}/…xsd`.")
@click.option("--dest", type=click.Path(path_type=Path), help="Folder to save to (default: the cache dir's taxonomies/).")
@click.option(
    "--taxonomy",
    "taxonomies",
    multiple=True,
    default=FETCHED,
    show_default=True,
    type=click.Choice(FETCHED),
    help="Which taxonomies (sec: dei, ecd, country, … packed as sec-YEAR.zip).",
)
@click.option("--quiet", is_flag=True)
def fetch_cmd(year: int, url_base: str, url_base_sec: str, dest: Path | None, taxonomies: tuple[str, ...], quiet: bool) -> None:
    """Download a year's FASB packages and SEC taxonomies (needs internet); then run `taxonomy load` on the printed paths."""
    if year not in SUPPORTED_YEARS:
        raise LoadError(f"year {year} is not supported; auditgraph models {SUPPORTED_YEARS.start}-{SUPPORTED_YEARS.stop - 1}")
    dest = dest or cache_dir() / "taxonomies"
    dest.mkdir(parents=True, exist_ok=True)
    targets: list[Path] = []
    for tax in taxonomies:
        url = fasb_package_url(tax, year, url_base) if tax != "sec" else None
        target = dest / (url.rsplit("/", 1)[-1] if url else f"sec-{year}.zip")
        if target.exists():
            console.print(f"{target}: already there")
        elif url:
            _download(url, target, quiet)
        else:
            _fetch_sec(year, target, url_base_sec, quiet)
        click.echo(str(target))
        targets.append(target)
    if shutil.which("auditgraph") and not quiet:
        console.print("next: auditgraph taxonomy load " + " ".join(str(t) for t in targets))
