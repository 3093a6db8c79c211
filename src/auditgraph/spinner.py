"""A spinner on stderr for commands that can run over 2 s, shown only when stderr is a terminal.

    with spinner("Running checks on AAPL_10-K_2024…"):
        results = run_rules(...)

Never on stdout, so `--json` output and pipes stay clean; with `enabled=False` (e.g. `--json`) or
stderr redirected it does nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console

_err = Console(stderr=True)


@contextmanager
def spinner(text: str, *, enabled: bool = True, console: Console | None = None) -> Iterator[None]:
    con = console or _err
    if not enabled or not con.is_terminal:
        yield
        return
    with con.status(text):
        yield


__all__ = ["spinner"]
