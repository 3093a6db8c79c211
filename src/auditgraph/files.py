"""Writing a user's output file whole: a program reading it never sees half a file, and a path that is
not a regular file (/dev/null, a FIFO) is refused instead of replaced (as root, os.replace turns a device
into a regular file)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from auditgraph.errors import ConfigError


def check_output(path: Path, option: str = "--out") -> None:
    """Refuse an existing path that is not a regular file (exit 2)."""
    if path.exists() and not path.is_file():
        raise ConfigError(f"{option} {path}: not a regular file; give a file path")


def write_whole(path: Path, text: str, option: str = "--out") -> None:
    """Write `text` to `path` through a temporary file beside it, so the file is whole or untouched."""
    check_output(path, option)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
