"""In CI (AUDITGRAPH_REQUIRE_SHARED=1) a skip is a failure, except the skips that are right against an
external NEO4J_URI: tests/conftest.py turns them into failures at run and at collection time."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

PROBES = Path(__file__).resolve().parent / "data" / "skips"


def outcomes(**env: str) -> dict[str, int]:
    """Counts from the summary line of a child pytest over the probe files (no Neo4j needed)."""
    base = {k: v for k, v in os.environ.items() if k not in ("AUDITGRAPH_REQUIRE_SHARED", "NEO4J_URI")}
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--continue-on-collection-errors",
            str(PROBES / "probe_skips.py"),
            str(PROBES / "probe_importorskip.py"),
        ],
        capture_output=True,
        text=True,
        env={**base, **env},
        cwd=PROBES.parent.parent.parent,
        timeout=300,
    )
    last = r.stdout.strip().splitlines()[-1]
    return {word: int(n) for n, word in re.findall(r"(\d+) (\w+)", last)}


def test_outside_ci_skips_stay_skips():
    assert outcomes() == {"passed": 1, "skipped": 4}


def test_in_ci_every_skip_fails():
    # a skip in the test body fails it; a skipif marker (setup) and an importorskip (collection) are errors
    assert outcomes(AUDITGRAPH_REQUIRE_SHARED="1") == {"failed": 2, "passed": 1, "errors": 2}


def test_in_ci_against_an_external_server_its_skips_stay():
    # the child never connects: only the skip decision reads NEO4J_URI
    got = outcomes(AUDITGRAPH_REQUIRE_SHARED="1", NEO4J_URI="bolt://127.0.0.1:1")
    assert got == {"failed": 1, "passed": 1, "skipped": 1, "errors": 2}


@pytest.mark.parametrize(
    "reason",
    [
        "external server: the Browser URL is not ours",
        "memory attacks need the server auditgraph configures (no exit on OOM); NEO4J_URI is another one",
        "NEO4J_URI is a server auditgraph did not configure",
    ],
)
def test_the_allowlist_names_the_skips_the_tests_really_make(reason):
    """An allowlisted reason must be a skip some test still makes, word for word."""
    sources = "".join(p.read_text() for p in Path(__file__).resolve().parent.rglob("test_*.py"))
    assert f'pytest.skip("{reason}")' in sources
