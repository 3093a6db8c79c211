"""docs/benchmarks.md is shared by every benchmark: each owns one section between
`<!-- NAME:begin -->` and `<!-- NAME:end -->` and rewrites only that, keeping what others wrote."""

from __future__ import annotations

from pathlib import Path


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
