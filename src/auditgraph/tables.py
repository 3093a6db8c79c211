"""Tables that fit the console: ids and numbers are never wrapped or cut; low-value text columns go first.

    cols = [Col("id", "id"), Col("facts", "number"), Col("message", "text", drop=1)]
    print_table(console, fit_table(cols, rows, console.width, title="Filings"), wide=False)

An ``id`` or ``number`` column is ``no_wrap`` with its widest cell as ``min_width``; a ``text`` column may
wrap (folding long words). When the columns do not fit the width, columns with a ``drop`` rank are left
out, highest rank first, until they do; ``wide=True`` keeps every column and prints at the width needed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from auditgraph.fixed_width_table import FixedWidthTable

Kind = Literal["id", "number", "text"]
_TEXT_MIN = 8  # narrowest a wrapped text column gets
_PER_COLUMN = 3  # one border plus one space of padding either side


@dataclass(frozen=True)
class Col:
    name: str
    kind: Kind = "text"
    drop: int = 0  # 0: always shown; higher ranks are dropped first when the table is too wide


def _text(cell: str) -> Text:
    """A cell parsed once (markup only where there is a `[`): rich then neither re-parses nor re-measures it."""
    return Text.from_markup(cell) if "[" in cell else Text(cell)


def _cell_width(cell: Text | str) -> int:
    """Columns of the widest line; a cell without markup is measured as it is (the control codes Text
    strips have no width)."""
    if isinstance(cell, str) and "[" in cell:
        cell = Text.from_markup(cell)
    plain = cell.plain if isinstance(cell, Text) else cell
    return max((cell_len(line) for line in plain.split("\n")), default=0)


def _need(col: Col, cells: Sequence[Text | str]) -> int:
    widest = max([len(col.name), *(_cell_width(c) for c in cells)])
    return widest if col.kind != "text" else min(widest, max(_TEXT_MIN, len(col.name)))


def fit_table(
    cols: Sequence[Col], rows: Sequence[Sequence[str]], width: int, *, wide: bool = False, **table_kwargs: object
) -> Table:
    """A rich Table of the columns that fit ``width`` (all of them with ``wide``)."""
    texts = [[_text(cell) for cell in r] for r in rows]
    need = [_need(c, [r[i] for r in texts]) for i, c in enumerate(cols)]
    keep = list(range(len(cols))) if wide else _keep(cols, need, width)
    table = FixedWidthTable(**table_kwargs)  # type: ignore[arg-type]
    for i in keep:
        c = cols[i]
        if c.kind == "text":
            table.add_column(c.name, overflow="fold", min_width=min(_TEXT_MIN, need[i]))
        else:  # a fixed width (its widest cell): rich need not measure the column's cells
            table.add_column(c.name, no_wrap=True, width=need[i], justify="right" if c.kind == "number" else "left")
    for r in texts:
        table.add_row(*(r[i] for i in keep))
    return table


def _keep(cols: Sequence[Col], need: Sequence[int], width: int) -> list[int]:
    keep = list(range(len(cols)))
    by_rank = sorted((i for i, c in enumerate(cols) if c.drop), key=lambda i: -cols[i].drop)
    while by_rank and sum(need[i] + _PER_COLUMN for i in keep) + 1 > width:
        keep.remove(by_rank.pop(0))
    return keep


def dropped(cols: Sequence[Col], rows: Sequence[Sequence[str]], width: int) -> list[str]:
    """The names of the columns fit_table leaves out at ``width`` (for a note saying so)."""
    texts = [[_text(cell) for cell in r] for r in rows]
    need = [_need(c, [r[i] for r in texts]) for i, c in enumerate(cols)]
    keep = _keep(cols, need, width)
    return [c.name for i, c in enumerate(cols) if i not in keep]


def fits(cols: Sequence[Col], rows: Sequence[Sequence[str]], width: int) -> bool:
    """Whether the columns that are never dropped (``drop`` 0) fit ``width`` with these rows."""
    total = 1
    for i, c in enumerate(cols):
        if not c.drop:  # column by column: a long concept column settles it without reading the rest
            total += _need(c, [r[i] for r in rows]) + _PER_COLUMN
            if total > width:
                return False
    return True


def output_console() -> Console:
    """A console for one command's output, its size read from the terminal (or COLUMNS) once, now: rich
    would otherwise ask again on every print, which costs more than printing a short table."""
    console = Console()
    console.size = console.size
    return console


def print_table(console: Console, table: Table, *, wide: bool = False) -> None:
    """Print ``table``; wider than the console when its unbroken columns need it (``wide``, or ids alone too wide):
    a cut id is worse than a long line."""
    del wide  # the columns were chosen by fit_table; here only the width matters
    fixed = getattr(table, "fixed_width", None)  # a FixedWidthTable knows its width without rich measuring each column
    need = fixed() if fixed else None
    if need is None:
        need = console.measure(table, options=console.options.update_width(10_000)).minimum
    if need > console.width:
        old = console.width
        console.width = need
        try:
            console.print(table, crop=False)
        finally:
            console.width = old
        return
    console.print(table, crop=False)  # it fits: nothing to crop, and rich need not re-split every line to check


__all__ = ["Col", "dropped", "fit_table", "fits", "output_console", "print_table"]
