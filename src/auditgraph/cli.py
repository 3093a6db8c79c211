"""`auditgraph` command line. Every error becomes one line on stderr and an exit code from the
policy in auditgraph.errors (0 answered, 1 findings, 2 bad input, 3 environment, 4 a bug);
`--debug` (or AUDITGRAPH_DEBUG=1) shows the traceback too, and keeps the exit code.

The root only composes, with the app layer (src/auditgraph/app/): each stage owns its click group
(loader/taxonomy_cli.py, loader/filing_cli.py, checks/cli.py, agents/cli.py, verifier/cli.py, eval/cli.py);
what joins two stages (the MCP server, `agents` with `mcp`, `audit` with the verifier's narrative section)
is the app layer's. Each is registered here by name and loaded only when that command runs or shows
its help, so `auditgraph --help` imports no stage (no Arelle, Z3, LangChain, driver). The commands
defined here import the database policy and the driver inside the function for the same reason.
Whether there is a database is decided in auditgraph.database.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import traceback
import types
from dataclasses import replace
from importlib.resources import as_file, files
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from auditgraph import __version__, collector, config, server
from auditgraph.errors import EXIT_BUG, EXIT_ENVIRONMENT, EXIT_INPUT, AuditGraphError, ConfigError, ServerError

console = Console(soft_wrap=True)  # never break URLs and paths across lines

# name -> ("module:attribute", the command's one-line help, shown by `auditgraph --help` without importing it).
# tests/unit/test_cli_layout.py checks each line against the command's own docstring.
STAGE_COMMANDS: dict[str, tuple[str, str]] = {
    "taxonomy": (
        "auditgraph.loader.taxonomy_cli:taxonomy",
        "Load US-GAAP, SRT and SEC taxonomy packages (offline) into the graph.",
    ),
    "filing": (
        "auditgraph.loader.filing_cli:filing",
        "Load SEC filings (instance, inline .htm, zip or folders) into the filing graph.",
    ),
    "check": ("auditgraph.checks.cli:check", "Run DQC checkers on a loaded filing and list their results."),
    "audit": (
        "auditgraph.app.audit_cli:audit",
        "Every finding of the whole filing, like the official engine's report, with a verdict.",
    ),
    "rules": (
        "auditgraph.checks.cli:rules_cmd",
        "List the registered rule families: key, official id, name, us-gaap years, the data each reads.",
    ),
    "case": (
        "auditgraph.checks.cli:case",
        "The checker-only system: the case artifact for one fact (verdict, values, rules, evidence) as JSON.",
    ),
    "demo": (
        "auditgraph.checks.cli:demo",
        "Start Neo4j if needed, load the sample taxonomy and filing, run the checker-only audit.",
    ),
    "agents": (
        "auditgraph.app.mcp_cli:agents",
        "AuditFlow auditor agents (A1 compliance, A2 forensic, senior) over the Cypher tools.",
    ),
    "mcp": ("auditgraph.app.mcp_cli:mcp", "Serve the whole tool catalog as an MCP server over stdio (for any coding agent)."),
    "verify": (
        "auditgraph.verifier.cli:verify",
        "Verify numerical claims about a loaded filing: Verified, Violated (with the unsat core) or Abstain.",
    ),
    "ask": (
        "auditgraph.verifier.ask_cli:ask",
        "Ask a loaded filing a numerical question; a model drafts the answer, the verifier accepts or refuses it.",
    ),
    "eval": ("auditgraph.eval.cli:eval", "Build audit cases with known answers, run systems on them, score and report."),
    "bench": (
        "auditgraph.eval.cli:bench",
        "Time Arelle vs our Neo4j load, the three DQC rules per filing, and the verifier; write docs/benchmarks.md.",
    ),
}


# Commands that pass the Neo4j driver only Python values (strings, numbers, lists, maps): their process lets the
# driver skip importing numpy, pandas and pyarrow, which it does at import whenever they are installed (a
# third of a short command's time). The LLM and eval stages may hold numpy values (embeddings): not these.
LEAN_DRIVER_COMMANDS = frozenset({"audit", "rules", "case", "check", "db", "demo", "filing", "neo4j", "queries", "taxonomy"})
OPTIONAL_DRIVER_DEPS = ("numpy", "pandas", "pyarrow")


def _absent_optional_dep(name: str) -> None:
    """Any other public name a newer driver's `_optional_deps` may have: absent, as if not installed."""
    if name.startswith("_"):
        raise AttributeError(name)
    return None


def lean_driver(command: str | None) -> bool:
    """Before the driver is imported, for a LEAN_DRIVER_COMMANDS command: the driver's optional numpy/pandas/
    pyarrow support is left out of this process (its module `neo4j._optional_deps` holds None for each, as
    when they are not installed). Nothing changes when the driver or any of them is imported already, so
    numpy users keep the driver's numpy support, or with AUDITGRAPH_DRIVER_DATAFRAMES=1. True when applied."""
    if command not in LEAN_DRIVER_COMMANDS or os.environ.get("AUDITGRAPH_DRIVER_DATAFRAMES", "") not in ("", "0"):
        return False
    if any(m in sys.modules for m in ("neo4j", "neo4j._optional_deps", *OPTIONAL_DRIVER_DEPS)):
        return False
    stub = types.ModuleType("neo4j._optional_deps", "numpy, pandas and pyarrow left out by auditgraph.cli.lean_driver")
    stub.np = stub.pd = stub.pa = stub.pa_compute = None  # type: ignore[attr-defined]
    stub.__all__ = ["np", "pa", "pa_compute", "pd"]  # type: ignore[attr-defined]
    stub.__dict__["__getattr__"] = _absent_optional_dep  # PEP 562: a newer driver's extra name is absent too
    sys.modules["neo4j._optional_deps"] = stub
    return True


class StageGroup(click.Group):
    """A group whose stage commands are imported on first use; its help lists them from STAGE_COMMANDS."""

    def __init__(self, *args: object, lazy: dict[str, tuple[str, str]], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lazy = lazy

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if ctx.parent is None:
            lean_driver(name)  # before the stage (and the driver) is imported
        if name not in self.commands and name in self.lazy:
            module, attr = self.lazy[name][0].split(":")
            with collector.importing():  # the stage's modules live until exit
                command = getattr(importlib.import_module(module), attr)
            if command.name != name:
                raise RuntimeError(f"{module}:{attr} is the command {command.name!r}, registered as {name!r}")
            self.add_command(command, name)
        return super().get_command(ctx, name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = [n for n in self.list_commands(ctx) if n not in self.commands or not self.commands[n].hidden]
        if not names:
            return
        limit = formatter.width - 6 - max(len(n) for n in names)  # as click.Group lays it out
        rows = [
            (
                n,
                self.commands[n].get_short_help_str(limit)
                if n in self.commands  # defined here or loaded
                else click.Command(n, help=self.lazy[n][1]).get_short_help_str(limit),
            )
            for n in names
        ]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


_debug = False


@click.group(cls=StageGroup, lazy=STAGE_COMMANDS)
@click.version_option(__version__, prog_name="auditgraph")
@click.option("--debug", is_flag=True, envvar="AUDITGRAPH_DEBUG", help="Show the full traceback of an error.")
def cli(debug: bool) -> None:
    """Prove or refute the numbers in SEC XBRL filings with a Neo4j graph.

    Exit codes: 0 ran and answered, 1 findings (where a command reports them), 2 bad input or
    usage, 3 environment (database unreachable, provider or key missing), 4 internal error."""
    global _debug
    _debug = debug


# ---------------------------------------------------------------- neo4j
@cli.group("neo4j")
def neo4j_group() -> None:
    """Install and run a local Neo4j Community server (no Docker needed)."""


@neo4j_group.command("install")
@click.option("--bolt-port", type=click.IntRange(1, 65535), help="Bolt port (default 7687).")
@click.option("--http-port", type=click.IntRange(1, 65535), help="HTTP/Browser port (default 7474).")
@click.option("--heap", help="JVM heap, e.g. 4g.")
@click.option("--pagecache", help="Page cache, e.g. 4g.")
@click.option("--no-auth", is_flag=True, help="Disable authentication (tests only).")
def neo4j_install(bolt_port: int | None, http_port: int | None, heap: str | None, pagecache: str | None, no_auth: bool) -> None:
    """Resolve Neo4j, the Browser and APOC from Maven Central and write neo4j.conf."""
    settings = config.local_settings()
    changes: dict[str, Any] = {
        k: v for k, v in dict(bolt_port=bolt_port, http_port=http_port, heap=heap, pagecache=pagecache).items() if v
    }
    if no_auth:
        changes["auth"] = False
    settings = replace(settings, **changes)
    if settings.bolt_port == settings.http_port:
        raise click.BadParameter(
            f"Bolt and HTTP both on port {settings.bolt_port}; give each its own port", param_hint="--bolt-port/--http-port"
        )
    settings = config.save_local_settings(settings)
    with console.status(f"Resolving Neo4j {config.NEO4J_VERSION} from Maven Central…"):
        rt = server.install()
    srv = server.LocalServer(config.data_dir() / "neo4j", settings)
    server.write_conf(srv.home, settings, rt)
    console.print(f"Neo4j {rt.version} installed in {rt.root}; config {srv.home / 'conf' / 'neo4j.conf'}")


@neo4j_group.command("start")
@click.option("--docker", is_flag=True, help="Run docker/compose.yml instead of the local server.")
def neo4j_start(docker: bool) -> None:
    """Start the server in the background and wait until Bolt answers."""
    conn = config.external_connection()
    if conn is not None:
        console.print(f"auditgraph is configured for the Neo4j at {conn.shown_uri} ({conn.source}); nothing to start.")
        return
    if docker:
        _docker_up(config.save_local_settings(config.local_settings()))
        return
    from auditgraph.database import start_local_server

    srv, started = start_local_server()
    settings = srv.settings
    console.print(("Started" if started else "Already running") + f": Neo4j {srv.rt.version} (pid {srv.pid()})")
    console.print(f"Bolt:    {settings.bolt_uri}")
    console.print(f"Browser: {settings.browser_url}")
    if settings.auth:
        console.print(f"         user neo4j; password: `auditgraph neo4j password` (stored in {config.config_file()})")
    console.print("Guide:   `auditgraph neo4j guide` serves a Browser guide to the graph model and prints its URL")


@neo4j_group.command("password")
def neo4j_password() -> None:
    """Print the password of the local server (user neo4j), to paste into the Browser."""
    conn = config.external_connection()
    if conn is not None:
        raise ConfigError(
            f"auditgraph is configured for the Neo4j at {conn.shown_uri} ({conn.source}); its password is yours, not auditgraph's"
        )
    settings = config.local_settings()
    if not settings.auth:
        raise ConfigError(f"the local server runs without authentication (auth = false in {config.config_file()}); no password")
    if not settings.password:
        raise ConfigError("no local server yet; run `auditgraph neo4j install` (it generates the password)")
    click.echo(settings.password)


@neo4j_group.command("guide")
@click.argument("filing", required=False)
@click.option("--port", type=int, default=0, help="Port on 127.0.0.1 to serve the guide from (default: a free one).")
@click.option(
    "--write", "write_to", type=click.Path(dir_okay=False, path_type=Path), help="Write the guide's HTML to FILE; serve nothing."
)
def neo4j_guide(filing: str | None, port: int, write_to: Path | None) -> None:
    """Serve the Browser guide to the graph model, with runnable queries for FILING, and print how to open it.

    FILING is any name `auditgraph filing list` shows (default: the loaded filing with most facts). The guide is
    served from 127.0.0.1 until Ctrl-C; the Browser loads it once, when it opens it."""
    from auditgraph.browser import guide
    from auditgraph.database import open_graph
    from auditgraph.filing_ref import resolve_filing

    with open_graph() as g:
        if filing:
            filing_id = resolve_filing(g, filing)
        else:
            loaded = g.read("checks.loaded_filings")
            if not loaded:
                raise ConfigError(
                    "no filing is loaded; run `auditgraph demo` (the sample) or `auditgraph filing load PATH` first"
                )
            filing_id = str(loaded[0]["id"])
        text = guide.render(g, filing_id)
    if write_to:
        write_to.write_text(text, encoding="utf-8")
        console.print(f"Wrote the guide for {filing_id} to {write_to}; serve it from a host the Browser allows (`:guide URL`).")
        return
    srv = guide.GuideServer(text, port)
    conn = config.connection()
    console.print(f"Guide for {filing_id}: {srv.url} (served from 127.0.0.1 until Ctrl-C)")
    if conn.browser_url:
        console.print(f"Open:    {guide.browser_guide_url(conn.browser_url, srv.url)}")
        console.print("         user neo4j; password: `auditgraph neo4j password`")
    console.print(f"Or type in a connected Browser:  :guide {srv.url}")
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        console.print("Guide stopped.")
    finally:
        srv.stop()


def _compose_command() -> list[str]:
    """`docker compose` (v2 plugin), else `docker-compose` (v1), else one line saying what to install."""
    if shutil.which("docker"):
        probe = subprocess.run(["docker", "compose", "version"], capture_output=True, text=True)
        if probe.returncode == 0:
            return ["docker", "compose"]
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    if not shutil.which("docker"):
        raise ServerError("docker not found; install Docker or run `auditgraph neo4j start` without --docker")
    raise ServerError(
        "Docker Compose is missing (`docker compose version` fails and there is no docker-compose); "
        "install the docker-compose-plugin package, or run `auditgraph neo4j start` without --docker"
    )


def _docker_up(settings: config.LocalServerSettings) -> None:
    compose_cmd = _compose_command()
    env = {
        "NEO4J_PASSWORD": settings.password,
        "AUDITGRAPH_BOLT_PORT": str(settings.bolt_port),
        "AUDITGRAPH_HTTP_PORT": str(settings.http_port),
        "AUDITGRAPH_HEAP": settings.heap,
        "AUDITGRAPH_PAGECACHE": settings.pagecache,
    }
    with as_file(files("auditgraph.docker") / "compose.yml") as compose:
        proc = subprocess.run(
            [*compose_cmd, "-f", str(compose), "up", "-d", "--wait"],
            env={**os.environ, **env},
            capture_output=True,
            text=True,
        )
    if proc.returncode != 0:
        last = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
        raise ServerError(f"{' '.join(compose_cmd)} up failed: {last[0]}; is the Docker engine running (`docker info`)?")
    console.print(f"Neo4j (Docker) is up. Bolt: {settings.bolt_uri}  Browser: {settings.browser_url}", soft_wrap=True)


@neo4j_group.command("stop")
def neo4j_stop() -> None:
    """Stop the local server cleanly."""
    from auditgraph.database import local_server

    srv = local_server()
    console.print("Stopped." if srv.stop() else "Not running.")


@neo4j_group.command("status")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def neo4j_status(as_json: bool) -> None:
    """Say what runs where and which version (never starts anything)."""
    from auditgraph.database import local_server
    from auditgraph.graph import Graph

    conn = config.connection()
    srv = local_server()
    st = srv.status()
    info = {
        "mode": "external" if conn.external else "local",
        "uri": conn.shown_uri,
        "running": st.running if not conn.external else None,
        "pid": st.pid,
        "version": st.version if not conn.external else None,
        "browser": st.browser_url if not conn.external else None,
        "home": str(st.home),
        "installed": srv.rt.installed,
    }
    if conn.external or st.running:
        try:
            with Graph(conn) as g:
                row = g.read("db.server_version")[0]
                info.update(running=True, version=row["version"], edition=row["edition"])
        except AuditGraphError as exc:
            info.update(running=False, error=str(exc))
    if as_json:
        click.echo(json.dumps(info))
        return
    table = Table(show_header=False)
    room = console.width - max(map(len, info)) - 7  # the value column of a two-column box table
    below = {k: str(v) for k, v in info.items() if len(str(v)) > room}  # a URL or path is never wrapped in a cell
    for k, v in info.items():
        table.add_row(k, "(below)" if k in below else str(v))
    console.print(table)
    for k, v in below.items():
        console.print(f"{k}: {v}", highlight=False)  # one line the terminal may wrap but nothing cuts
    if not info["running"]:
        sys.exit(3)


@neo4j_group.command("logs")
@click.option("-n", "--lines", default=50, show_default=True)
def neo4j_logs(lines: int) -> None:
    """Show the last lines of the server log."""
    from auditgraph.database import local_server

    click.echo(local_server().logs(lines))


# ---------------------------------------------------------------- db
@cli.group("db")
def db_group() -> None:
    """Schema and statistics of the configured database."""


@db_group.command("init")
def db_init() -> None:
    """Create all constraints and indexes (idempotent)."""
    from auditgraph.database import open_graph

    with open_graph() as g:
        n = g.run_script("schema.constraints")
    console.print(f"{n} constraints and indexes in place.")


@db_group.command("stats")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def db_stats(as_json: bool) -> None:
    """Node counts by label and relationship counts by type."""
    from auditgraph.database import open_graph

    with open_graph() as g:
        nodes = g.read("db.node_counts", timeout=None)  # whole-database counts: no time limit
        rels = g.read("db.relationship_counts", timeout=None)
    if as_json:
        click.echo(
            json.dumps({"nodes": {r["label"]: r["count"] for r in nodes}, "relationships": {r["type"]: r["count"] for r in rels}})
        )
        return
    for title, rows, key in (("Nodes", nodes, "label"), ("Relationships", rels, "type")):
        table = Table(title=title)
        table.add_column(key)
        table.add_column("count", justify="right")
        for r in rows:
            table.add_row(r[key], f"{r['count']:,}")
        console.print(table)


@db_group.command("wipe")
@click.option("--yes", is_flag=True, required=True, help="Confirm deleting everything.")
def db_wipe(yes: bool) -> None:
    """Delete every node and relationship in the database."""
    from auditgraph.database import open_graph

    with open_graph(writes=True) as g:
        g.write("db.wipe")
    console.print("Database is empty.")


# ---------------------------------------------------------------- queries
@cli.command("queries")
@click.option(
    "--all", "include_writes", is_flag=True, help="Also the write and schema queries that auditgraph's own commands run."
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON: families with their queries.")
@click.option(
    "--browser", "browser_name", metavar="NAME", help="Print query NAME ready to paste: `:param k => v;` lines, then its Cypher."
)
@click.option("--param", "params", multiple=True, metavar="K=V", help="A parameter of --browser NAME (repeat; LIST/MAP as JSON).")
def list_queries(include_writes: bool, as_json: bool, browser_name: str | None, params: tuple[str, ...]) -> None:
    """List the read queries in cypher/ by family, with their parameters.

    Each can be pasted into the Neo4j Browser after `:param` lines for its parameters."""
    from auditgraph import queries

    if browser_name:
        from auditgraph.browser import paste_text

        if browser_name not in queries.shipped():
            queries.get(browser_name)  # the one-line "no query named ..., did you mean" error
            raise click.UsageError(f"{browser_name} is a test fixture, not a shipped query")
        click.echo(paste_text(queries.shipped()[browser_name], params), nl=False)
        return
    if params:
        raise click.UsageError("--param goes with --browser NAME")
    fams = queries.families(include_writes)
    if as_json:
        click.echo(queries.families_json(fams))
    else:
        Console().print(*queries.family_tables(fams))


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    debug = "--debug" in args or os.environ.get("AUDITGRAPH_DEBUG", "") not in ("", "0")
    try:
        rv = cli.main(args=args, prog_name="auditgraph", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(130)
    except click.ClickException as exc:  # usage errors, bad option values, unreadable argument files
        exc.show()
        sys.exit(EXIT_INPUT)
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
        sys.exit(130)
    except Exception as exc:
        code, message = explain(exc)
        if debug or _debug:  # the traceback, and still the exit code the error has (scripts branch on it)
            traceback.print_exc()
        click.echo(f"error: {message}", err=True)
        sys.exit(code)
    sys.exit(rv if isinstance(rv, int) else 0)


def explain(exc: BaseException) -> tuple[int, str]:
    """The exit code and one-line message for an error that reached the command line."""
    from neo4j.exceptions import ClientError, DriverError, Neo4jError, ServiceUnavailable, SessionExpired

    from auditgraph.graph import timed_out

    if isinstance(exc, AuditGraphError):
        return exc.exit_code, str(exc)
    if isinstance(exc, (ServiceUnavailable, SessionExpired)) and timed_out(exc):
        return EXIT_ENVIRONMENT, (
            "Neo4j timed out while the command ran: it sent nothing, not even a keep-alive, for longer than its "
            "keep-alive time (frozen or overloaded); nothing half-done is kept: check `auditgraph neo4j status`, then rerun"
        )
    if isinstance(exc, (ServiceUnavailable, SessionExpired)):
        return EXIT_ENVIRONMENT, (
            "Neo4j went away while the command ran (the server stopped or the connection broke); "
            "nothing half-done is kept: check `auditgraph neo4j status`, then rerun"
        )
    if isinstance(exc, Neo4jError) and re.search(r"MemoryLimit|OutOfMemory|MemoryPool", exc.code or ""):
        # a rerun fails the same way: the server's per-transaction memory is the fix, not the log
        said = (exc.message or str(exc)).splitlines()[0]
        return EXIT_ENVIRONMENT, (
            f"Neo4j refused the transaction: {said}; raise db.memory.transaction.max (the local server gets half its "
            "heap: `auditgraph neo4j install --heap <more>`, then stop and start it; your own server: its neo4j.conf)"
        )
    if isinstance(exc, Neo4jError) and not isinstance(exc, ClientError):
        return EXIT_ENVIRONMENT, f"Neo4j failed: {(exc.message or str(exc)).splitlines()[0]}; check the server log, then rerun"
    if isinstance(exc, DriverError):
        return EXIT_ENVIRONMENT, f"the Neo4j driver failed: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"
    if isinstance(exc, OSError) and exc.strerror:
        where = f"{exc.filename}: " if exc.filename else ""
        return EXIT_INPUT, f"{where}{exc.strerror.lower()}; check the path"
    first = str(exc).splitlines()[0] if str(exc) else ""
    return EXIT_BUG, (
        f"internal error ({type(exc).__name__}{': ' + first[:200] if first else ''}); "
        "rerun with --debug for the traceback and report it"
    )
