"""The MCP server's stdin: one JSON-RPC message a line, at most MAX_LINE_BYTES a line (issue 36).

The SDK's stdio transport reads each line whole before it parses it, so a client that sends
gigabytes without a newline would have them all held in memory. `BoundedLines` hands the transport
lines of at most the limit; a longer line is skipped as it streams by (memory stays at the limit)
and stands in the stream as one small JSON object, `{"auditgraph_oversized_line": <bytes>}`, which
the server answers with an Invalid Request that names the limit (`oversized`).

    stdio_server(stdin=anyio.wrap_file(BoundedLines(sys.stdin.buffer)))
"""

from __future__ import annotations

import json
from typing import Any, BinaryIO

# The largest request a tool takes is far smaller (arguments are capped at MAX_ARGUMENTS_CHARS).
MAX_LINE_BYTES = 4 * 1024 * 1024
_MARK = "auditgraph_oversized_line"


class BoundedLines:
    """Lines of a binary stream, decoded as UTF-8, none longer than `limit` bytes (see the module); the
    part of a text file's interface anyio.wrap_file uses (readline, iteration, close)."""

    def __init__(self, raw: BinaryIO, limit: int = MAX_LINE_BYTES):
        self._raw = raw
        self._limit = limit

    def __iter__(self) -> BoundedLines:
        return self

    def __next__(self) -> str:
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def close(self) -> None:
        self._raw.close()

    def readline(self) -> str:
        line = self._raw.readline(self._limit + 1)  # up to the limit and its newline
        if len(line) <= self._limit or line.endswith(b"\n"):
            return line.decode("utf-8", errors="replace")
        total = len(line)
        while line and not line.endswith(b"\n"):  # drop the rest of the line, a limit's worth at a time
            line = self._raw.readline(self._limit + 1)
            total += len(line)
        return json.dumps({_MARK: total - (1 if line.endswith(b"\n") else 0)}) + "\n"


def oversized(message: Any) -> str | None:
    """The Invalid Request text for a line BoundedLines stood in for; None for any other message."""
    if isinstance(message, dict) and isinstance(message.get(_MARK), int):
        return (
            f"the line is {message[_MARK]:,} bytes; the limit is {MAX_LINE_BYTES:,}: "
            "send smaller arguments (one JSON-RPC message per line)"
        )
    return None
