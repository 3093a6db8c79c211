"""docs/benchmarks.md is shared by every benchmark: each owns one section between
`<!-- NAME:begin -->` and `<!-- NAME:end -->` and rewrites only that, keeping what others wrote.
Also the two facts every report states: the machine, and the benchmark process's peak memory."""

from __future__ import annotations

import os
import platform
import resource
from pathlib import Path


def machine() -> str:
    """This host as a report names it: `2 cores, 24 GB RAM, CPython 3.11.7`."""
    meminfo = Path("/proc/meminfo")
    kb = (
        next((int(ln.split()[1]) for ln in meminfo.read_text().splitlines() if ln.startswith("MemTotal:")), 0)
        if meminfo.exists()
        else 0
    )
    return f"{os.cpu_count()} cores, {kb / 2**20:.0f} GB RAM, {platform.python_implementation()} {platform.python_version()}"


def peak_rss_mb() -> float:
    """Peak resident memory of this process so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def markers(name: str) -> tuple[str, str]:
    return f"<!-- {name}:begin -->", f"<!-- {name}:end -->"


def write_section(doc: Path, name: str, body: str) -> None:
    """Replace section `name` of `doc` with `body` (appended at the end the first time)."""
    begin, end = markers(name)
    block = f"{begin}\n{body.strip()}\n{end}\n"
    text = doc.read_text(encoding="utf-8") if doc.exists() else "# Benchmarks\n"
    if begin in text and end in text:
        head, rest = text.split(begin, 1)
        tail = rest.split(end, 1)[1].lstrip("\n")
        text = head + block + ("\n" + tail if tail else "")
    else:
        text = text.rstrip("\n") + "\n\n" + block
    doc.parent.mkdir(parents=True, exist_ok=True)
    doc.write_text(text, encoding="utf-8")
