"""Size limits on what the verifier reads, so every input costs bounded time and memory.

    text = read_text("release.txt")      # at most MAX_TEXT_BYTES, else ConfigError (exit 2)
    check_claim_sizes(question, claim)   # at most MAX_CLAIM_CHARS each, else ConfigError

`--text` may name a FIFO, a device or a huge file: it is read in chunks and refused as soon as it
holds more than MAX_TEXT_BYTES, never slurped whole (`/dev/zero` once grew to 11.7 GB resident).
A question or answer is one sentence; a longer one is refused before any reading starts. The
reading itself is linear in its input (tests/unit/hostile/test_verifier_limits.py), so the limits
are about memory and patience, not about escaping a quadratic scan. docs/verifier.md, "Limits",
states them; change them here.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import BinaryIO

from auditgraph.errors import ConfigError

MAX_TEXT_BYTES = 4 * 1024 * 1024  # a 10-K's whole text is about 0.5-1.5 MB
MAX_CLAIM_CHARS = 2000  # one sentence (the same bound as verify_sentence's MAX_SENTENCE_CHARS)
_CHUNK = 64 * 1024


def read_text(path: Path | str, limit: int = MAX_TEXT_BYTES) -> str:
    """The UTF-8 text of `path` ("-" for stdin), refused with a one-line ConfigError beyond `limit` bytes."""
    name = str(path)
    try:
        if name == "-":
            data = _read_bounded(sys.stdin.buffer, name, limit)
        else:
            with open(path, "rb") as f:
                data = _read_bounded(f, name, limit)
        return data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{name}: cannot read it as UTF-8 text ({exc.__class__.__name__}); pass a plain-text file") from None


def _read_bounded(f: BinaryIO, name: str, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while chunk := f.read(min(_CHUNK, limit + 1 - size)):
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise ConfigError(
                f"{name}: more than {limit:,} bytes of text; the verifier reads at most {limit:,} "
                "(split the document, or pass the part to check)"
            )
    return b"".join(chunks)


def check_claim_sizes(**parts: str | None) -> None:
    """Refuse a question, claim or sentence longer than one sentence, naming the option."""
    for name, value in parts.items():
        if value is not None and len(value) > MAX_CLAIM_CHARS:
            raise ConfigError(
                f"the {name} has {len(value):,} characters; give one sentence of at most {MAX_CLAIM_CHARS:,} "
                "(use --text FILE for a document)"
            )
