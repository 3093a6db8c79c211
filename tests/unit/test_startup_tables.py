"""fixed_width_table.FixedWidthTable prints exactly what rich's Table prints for the tables it lays out itself (issue 20)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.table import Table

from auditgraph import tables
from auditgraph.fixed_width_table import FixedWidthTable
from auditgraph.tables import Col, fit_table, print_table

COLS = [Col("sub-rule", "id"), Col("status", "id"), Col("dims", "id", drop=1), Col("reported", "number"), Col("detail", drop=2)]
ROWS = [
    ["DQC.US.0015.1964", "[red]violation[/red]", "a=b\nc=d", "-12000000", "sign is wrong"],
    ["DQC.US.0117.9574", "ok", "", "7", ""],
    ["DQC.US.0126.9590", "[yellow]not_evaluable[/yellow]", "x=y", "19900000.00", "no calculation tree"],
    ["CALC11", "ok", "", "", "dup\narcs"],
]


def render(cls: type[Table], width: int, terminal: bool, monkeypatch: pytest.MonkeyPatch, **kw: object) -> str:
    monkeypatch.setattr(tables, "FixedWidthTable", cls)
    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=terminal, color_system="truecolor" if terminal else None)
    print_table(console, fit_table(COLS, ROWS, width, title="0015: [bold]4[/bold] result(s)", **kw))  # type: ignore[arg-type]
    print_table(console, fit_table(COLS, [], width, title="empty", **kw))  # type: ignore[arg-type]
    return out.getvalue()


@pytest.mark.parametrize("width", [40, 60, 200])  # 40, 60: the text column is dropped, the fast path lays out; 200: rich does
@pytest.mark.parametrize("terminal", [False, True])
@pytest.mark.parametrize("show_lines", [False, True])
def test_same_output_as_rich(width: int, terminal: bool, show_lines: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    assert render(FixedWidthTable, width, terminal, monkeypatch, show_lines=show_lines) == render(
        Table, width, terminal, monkeypatch, show_lines=show_lines
    )


def test_fast_path_taken_when_every_column_is_fixed() -> None:
    table = fit_table(COLS, ROWS, 40)
    console = Console(file=io.StringIO(), width=200)
    widths = [c.width + 2 for c in table.columns if c.width is not None]
    assert isinstance(table, FixedWidthTable) and len(widths) == len(table.columns)
    assert table._fast(widths) and table._layout(console, widths) is not None


@pytest.mark.parametrize("width", [60, 200])
def test_printing_uncropped_gives_what_rich_prints_cropped(width: int) -> None:
    # print_table leaves out rich's crop pass (the table fits by construction): the output stays the same
    uncropped, cropped = io.StringIO(), io.StringIO()
    for out, show in ((uncropped, lambda c, t: print_table(c, t)), (cropped, lambda c, t: c.print(t))):
        console = Console(file=out, width=width, force_terminal=True, color_system="truecolor")
        show(console, fit_table(COLS, ROWS, width, title="0015"))
    assert uncropped.getvalue() == cropped.getvalue() and "DQC.US.0015.1964" in uncropped.getvalue()
