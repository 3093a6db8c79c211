"""`auditgraph ...` as a user runs it: its own process (a fresh import, so COLUMNS and the environment count as in
a shell), and `auditgraph neo4j guide` serving until stopped. Shared by the tests that walk a user's path."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass


def auditgraph(env: Mapping[str, str], *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """Run `python -m auditgraph ARGS` with `env`; stdout and stderr apart, as a shell gets them."""
    return subprocess.run(
        [sys.executable, "-m", "auditgraph", *args], env=dict(env), capture_output=True, text=True, timeout=timeout
    )


@dataclass(frozen=True)
class ServedGuide:
    filing_id: str
    url: str  # the guide's own URL (http://localhost:PORT/auditgraph-guide.html)
    open_url: str | None  # the Browser's address that opens it (printed for the local server only)
    output: str  # what the command printed before serving


@contextmanager
def served_guide(env: Mapping[str, str], port: int, *args: str) -> Iterator[ServedGuide]:
    """`auditgraph neo4j guide --port PORT ARGS` in its own process, until the block ends."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "auditgraph", "neo4j", "guide", "--port", str(port), *args],
        env=dict(env),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert proc.stdout is not None
    lines: list[str] = []
    try:
        while not any(ln.startswith("Or type") for ln in lines):
            line = proc.stdout.readline()  # the command prints its lines, then serves until stopped
            assert line, f"`auditgraph neo4j guide` ended before serving: {''.join(lines)}"
            lines.append(line)
        text = "".join(lines)
        served = re.search(r"^Guide for (\S+): (\S+) ", text, re.M)
        opened = re.search(r"^Open: +(\S+)$", text, re.M)
        assert served, text
        yield ServedGuide(served.group(1), served.group(2), opened.group(1) if opened else None, text)
    finally:
        proc.terminate()
        proc.wait(timeout=60)
