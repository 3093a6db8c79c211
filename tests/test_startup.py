"""What a short command imports (issue 20): `check` and an unchanged `taxonomy load` import no heavy library,
the driver's numpy/pandas support is left out only where nothing can need it, and the demo ends with the Browser.

Deterministic: the tests look at sys.modules of a real `auditgraph` process, never at the clock
(scripts/bench_startup.py measures the time).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import pytest

from auditgraph.config import Connection
from auditgraph.graph import Graph

FILING = "smpl-20251231"
# imported only by the commands that use them (agents, verify, eval, filing/taxonomy loads that parse)
HEAVY = ("arelle", "langchain", "langchain_core", "langchain_neo4j", "openai", "anthropic", "matplotlib", "z3", "mcp")
DATAFRAMES = ("numpy", "pandas", "pyarrow")

# Runs `auditgraph ARGS` in this process through the real entry point, then prints the top-level modules it imported.
_PROBE = """
import json, sys
from auditgraph.cli import main
try:
    main(sys.argv[1:])
except SystemExit as done:
    code = done.code or 0
print(json.dumps({"exit": code, "modules": sorted({m.split(".")[0] for m in sys.modules})}), file=sys.stderr)
"""


def _probe(args: list[str], conn: Connection, tmp_path: Path, **env: str) -> tuple[int, set[str], str]:
    environ = {k: v for k, v in os.environ.items() if k != "AUDITGRAPH_DRIVER_DATAFRAMES"}
    environ |= {"NEO4J_URI": conn.uri, "AUDITGRAPH_CONFIG_DIR": str(tmp_path / "config"), **env}
    if conn.password is not None:
        environ["NEO4J_PASSWORD"] = conn.password
    proc = subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True, text=True, env=environ, timeout=300)
    last = proc.stderr.strip().splitlines()[-1]
    report = json.loads(last)
    return report["exit"], set(report["modules"]), proc.stdout


def test_check_imports_no_heavy_library(sample_filing_graph: Graph, neo4j_connection: Connection, tmp_path: Path) -> None:
    code, modules, out = _probe(["check", FILING, "--all"], neo4j_connection, tmp_path)
    assert code in (0, 1), out  # 1: the sample has planted findings
    assert "DQC.US.0117" in out
    assert not modules & {*HEAVY, *DATAFRAMES}, sorted(modules & {*HEAVY, *DATAFRAMES})
    assert "neo4j" in modules  # it did talk to the database


def test_unchanged_taxonomy_reload_skips_arelle(sample_filing_graph: Graph, neo4j_connection: Connection, tmp_path: Path) -> None:
    taxonomy = Path(str(files("auditgraph.sample"))) / "taxonomy"
    code, modules, out = _probe(["taxonomy", "load", "--json", str(taxonomy)], neo4j_connection, tmp_path)
    assert code == 0, out
    (line,) = out.strip().splitlines()
    assert json.loads(line)["skipped"].startswith("already loaded")
    assert not modules & {*HEAVY, *DATAFRAMES}, sorted(modules & {*HEAVY, *DATAFRAMES})


_DRIVER_PROBE = """
import json, sys
{pre}
from auditgraph.cli import lean_driver
applied = lean_driver(sys.argv[1])
from neo4j import _optional_deps
print(json.dumps({{"applied": applied, "np": _optional_deps.np is not None, "numpy": "numpy" in sys.modules}}))
"""


def _driver(command: str, pre: str = "", **env: str) -> dict[str, bool]:
    environ = {k: v for k, v in os.environ.items() if k != "AUDITGRAPH_DRIVER_DATAFRAMES"} | env
    proc = subprocess.run(
        [sys.executable, "-c", _DRIVER_PROBE.format(pre=pre), command], capture_output=True, text=True, env=environ, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    result: dict[str, bool] = json.loads(proc.stdout)
    return result


def test_lean_driver_only_for_core_commands() -> None:
    assert _driver("check") == {"applied": True, "np": False, "numpy": False}
    assert not _driver("agents")["applied"]  # the LLM stages may hand the driver numpy values
    assert not _driver("check", AUDITGRAPH_DRIVER_DATAFRAMES="1")["applied"]


def test_lean_driver_keeps_numpy_support_for_numpy_users() -> None:
    pytest.importorskip("numpy")
    assert _driver("check", pre="import numpy") == {"applied": False, "np": True, "numpy": True}
    assert _driver("agents") == {"applied": False, "np": True, "numpy": True}  # the driver imports it as it always does


def test_demo_ends_with_the_browser_and_the_guide(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys) -> None:
    from rich.console import Console

    from auditgraph.checks.cli import _explore_hint

    monkeypatch.delenv("NEO4J_URI", raising=False)
    monkeypatch.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path))
    from auditgraph.config import LocalServerSettings, connection, save_local_settings

    save_local_settings(LocalServerSettings())  # what the demo's first run wrote before it got here

    _explore_hint(Console(), FILING)
    lines = capsys.readouterr().out.strip().splitlines()
    assert f"Browser: {connection().browser_url}" in lines
    assert lines[-1].startswith(f"Guide:   auditgraph neo4j guide {FILING} ")
    monkeypatch.setenv("NEO4J_URI", "bolt://db.example:7687")
    _explore_hint(Console(), FILING)
    lines = capsys.readouterr().out.strip().splitlines()
    assert "bolt://db.example:7687" in lines[-2] and lines[-1].startswith(f"Guide:   auditgraph neo4j guide {FILING} ")


def test_the_collector_is_paused_in_a_block_and_what_it_built_can_be_frozen() -> None:
    """collector.paused: no automatic collection inside; with freeze=True what the block built (a stage's
    modules) is moved out of the collector's sight, so the first collection after it does not walk it all."""
    import gc

    from auditgraph import collector

    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    try:
        with collector.paused():
            assert not gc.isenabled()
            with collector.paused(freeze=True):
                built = [[i] for i in range(1000)]  # tracked containers, as a module's functions and classes are
            assert not gc.isenabled()  # the outer pause holds
        assert gc.isenabled()
        assert gc.get_freeze_count() >= frozen + len(built)
    finally:
        gc.unfreeze()
