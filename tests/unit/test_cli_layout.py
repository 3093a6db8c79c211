"""The CLI is composed in one place (issue 16): the root registers each stage's click group lazily,
`auditgraph --help` imports no stage, no stage imports the root, and every command that needs the
database meets the same policy (auditgraph.database.open_graph)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

REPO = Path(__file__).resolve().parents[2]

# What `auditgraph --help` must not import: every stage, and what the stages bring (Arelle, the
# driver, Z3, the LLM clients, MCP, plotting, lxml). The driver too: only auditgraph.database and
# auditgraph.graph import it, and the root imports those inside the commands that connect.
FORBIDDEN = (
    "arelle",
    "neo4j",
    "z3",
    "langchain",
    "langchain_core",
    "langchain_neo4j",
    "langchain_openai",
    "langchain_anthropic",
    "openai",
    "anthropic",
    "mcp",
    "matplotlib",
    "lxml",
    "auditgraph.loader",
    "auditgraph.agents",
    "auditgraph.verifier",
    "auditgraph.eval",
    "auditgraph.checks",
    "auditgraph.tools",
    "auditgraph.graph",
    "auditgraph.database",
)

COMMANDS = (
    "agents",
    "ask",
    "audit",
    "bench",
    "case",
    "check",
    "db",
    "demo",
    "eval",
    "filing",
    "mcp",
    "neo4j",
    "queries",
    "rules",
    "taxonomy",
    "verify",
)

_HELP_PROBE = """
import json, sys
import auditgraph.cli
try:
    auditgraph.cli.main(["--help"])
except SystemExit as done:
    code = done.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def test_help_imports_no_stage_and_no_heavy_dependency():
    proc = subprocess.run([sys.executable, "-c", _HELP_PROBE], capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 0, proc.stderr
    usage, _, last = proc.stdout.rstrip().rpartition("\n")
    probe = json.loads(last)
    assert probe["code"] == 0 and usage.startswith("Usage: auditgraph [OPTIONS] COMMAND [ARGS]...")
    loaded = [m for m in probe["modules"] if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]
    assert loaded == []
    assert {"auditgraph.cli", "auditgraph.config", "auditgraph.server", "click"} <= set(probe["modules"])


def _help_lines(output: str) -> dict[str, str]:
    section = output.split("Commands:\n", 1)[1]
    return {m.group(1): m.group(2).strip() for m in re.finditer(r"^  (\S+)\s+(.+)$", section, re.MULTILINE)}


def test_help_lists_every_command_with_its_help_line():
    from auditgraph.cli import cli

    out = CliRunner().invoke(cli, ["--help"], prog_name="auditgraph")
    assert out.exit_code == 0, out.output
    lines = _help_lines(out.output)
    assert tuple(sorted(lines)) == COMMANDS
    assert lines["check"] == "Run DQC checkers on a loaded filing and list their results."
    assert lines["queries"] == "List the read queries in cypher/ by family, with their parameters."
    assert all(lines.values())


def test_the_stored_help_lines_are_the_commands_own():
    """STAGE_COMMANDS keeps each stage's one-line help so --help need not import it; it must not drift."""
    import importlib

    from auditgraph.cli import STAGE_COMMANDS

    for name, (target, help_line) in STAGE_COMMANDS.items():
        module, attr = target.split(":")
        command = getattr(importlib.import_module(module), attr)
        assert (command.name, command.get_short_help_str(limit=10_000)) == (name, help_line)


def _all_commands(command, path=()):
    import click

    yield path
    if isinstance(command, click.Group):
        ctx = click.Context(command)
        for name in command.list_commands(ctx):
            yield from _all_commands(command.get_command(ctx, name), (*path, name))


def test_every_command_and_sub_command_shows_its_help():
    from auditgraph.cli import cli

    paths = list(_all_commands(cli))
    assert {p[0] for p in paths if p} == set(COMMANDS)
    assert ("filing", "load") in paths and ("eval", "build-cases") in paths and ("agents", "mcp") in paths
    for path in paths:
        out = CliRunner().invoke(cli, [*path, "--help"], prog_name="auditgraph")
        assert out.exit_code == 0, (path, out.output)
        assert out.output.startswith(f"Usage: auditgraph {' '.join(path)}".rstrip()), (path, out.output)


def test_no_stage_imports_the_cli_root_or_the_app_layer():
    """Stages take what a later stage offers as a plain argument; only the root and src/auditgraph/app/ compose."""
    pattern = re.compile(
        r"^\s*(from\s+auditgraph\.(cli|app)\b|import\s+auditgraph\.(cli|app)\b|from\s+auditgraph\s+import\s+.*\b(cli|app)\b)",
        re.MULTILINE,
    )
    stages = ("loader", "checks", "tools", "agents", "verifier", "eval")
    files = [f for stage in stages for f in sorted((REPO / stage).rglob("*.py"))]
    assert len(files) > 50
    offenders = [str(f.relative_to(REPO)) for f in files if pattern.search(f.read_text(encoding="utf-8"))]
    assert offenders == []


def test_audit_has_no_checker_only_flag():
    """It was accepted and did nothing: `audit` is the checker-only system already."""
    from auditgraph.cli import main

    with pytest.raises(SystemExit) as done:
        main(["audit", "smpl-20251231", "--checker-only"])
    assert done.value.code == 2


@pytest.mark.parametrize(
    "args",
    [
        ("filing", "list"),
        ("filing", "relink"),
        ("db", "stats"),
        ("db", "wipe", "--yes"),
        ("taxonomy", "list"),
        ("check", "smpl-20251231"),
        ("audit", "smpl-20251231"),
        ("agents", "audit", "smpl-20251231"),
        ("mcp",),
        ("verify", "--filing", "smpl-20251231", "Revenue was $1.2 million in 2025"),
        (
            "ask",
            "--filing",
            "smpl-20251231",
            "What was revenue?",
            "--llm",
            "openai-compatible:m",
            "--base-url",
            "http://127.0.0.1:1/v1",
        ),
    ],
    ids=" ".join,
)
def test_every_command_meets_a_dead_database_the_same_way(args, tmp_path, monkeypatch, capsys):
    """An external NEO4J_URI that nothing answers: exit 3 and one line naming the URI and the fix, never a start."""
    from auditgraph.cli import main

    uri = "bolt://127.0.0.1:1"  # port 1: nothing listens there
    monkeypatch.setenv("NEO4J_URI", uri)
    for var in ("AUDITGRAPH_CONFIG_DIR", "AUDITGRAPH_DATA_DIR", "AUDITGRAPH_CACHE_DIR"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    for var in ("NEO4J_PASSWORD", "AUDITGRAPH_DEBUG", "AUDITGRAPH_LLM", "AUDITGRAPH_VERIFIER_MODEL"):
        monkeypatch.delenv(var, raising=False)
    capsys.readouterr()
    with pytest.raises(SystemExit) as done:
        main(list(args))
    out, err = capsys.readouterr()
    assert done.value.code == 3
    assert (out, err) == ("", f"error: no Neo4j answers at {uri}; check NEO4J_URI / the server\n")
    assert not (tmp_path / "auditgraph_data_dir").exists()  # nothing local was installed or started
