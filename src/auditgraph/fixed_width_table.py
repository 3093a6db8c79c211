"""A rich Table whose columns all have a fixed width and never wrap (tables.fit_table's id and number columns):
rows are laid out by padding each cell's lines, not by rich's per-cell render pipeline, which costs about
a millisecond a cell (a filing's 1,500 `check --all` rows took longer to print than to check).

The output is rich's own for such a table (same box, header, title, styles); any table it does not cover
(wrapping or flexible columns, row styles, sections, footers, a width rich had to shrink) renders as rich does.
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, JustifyMethod, RenderResult
from rich.padding import Padding
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text


class FixedWidthTable(Table):
    def fixed_width(self) -> int | None:
        """The width rich measures for a table whose columns all have a fixed width (None for any other)."""
        if self.width is not None or self.min_width is not None or self.padding != (0, 1, 0, 1):
            return None
        if self.collapse_padding or not self.pad_edge or any(c.width is None for c in self.columns):
            return None
        return sum(c.width + 2 for c in self.columns if c.width is not None) + self._extra_width

    def _fast(self, widths: list[int]) -> bool:
        if not (self.box and self.show_header and self.show_edge) or self.show_footer or self.leading or self.row_styles:
            return False
        if self.padding != (0, 1, 0, 1) or self.collapse_padding or not self.pad_edge:
            return False
        if any(row.style or row.end_section for row in self.rows):
            return False
        return all(
            c.no_wrap and c.width is not None and w == c.width + 2 and not c.style and c.vertical == "top"
            for c, w in zip(self.columns, widths, strict=True)
        )

    def _layout(self, console: Console, widths: list[int]) -> list[list[list[list[Segment]]]] | None:
        """Per column, per row, the cell's padded lines; None when a cell is not a Text that fits."""
        columns = []
        for c, w in zip(self.columns, widths, strict=True):
            cells = []
            for cell in c._cells:
                lines = self._cell_lines(console, cell, w - 2, c.justify) if isinstance(cell, Text) else None
                if lines is None:
                    return None
                cells.append(lines)
            columns.append(cells)
        return columns

    def _render(self, console: Console, options: ConsoleOptions, widths: list[int]) -> RenderResult:
        columns = self._layout(console, widths) if self._fast(widths) else None
        if columns is None:
            yield from super()._render(console, options, widths)
            return
        assert self.box is not None
        border = console.get_style(self.style or "") + console.get_style(self.border_style or "")
        box = self.box.substitute(options, safe=console.safe_box if self.safe_box is None else self.safe_box)
        line = Segment.line()
        yield Segment(box.get_top(widths), border)
        yield line
        # the header row as rich renders it (one row: its cost does not matter)
        header_style = console.get_style(self.header_style or "")
        header: list[list[list[Segment]]] = []
        for c, w in zip(self.columns, widths, strict=True):
            style = header_style + console.get_style(c.header_style)
            fast = self._header_lines(c.header, w - 2, c.justify, style) if not c.highlight else None
            if fast is None:
                opts = options.update(
                    width=w, justify=c.justify, no_wrap=c.no_wrap, overflow=c.overflow, height=None, highlight=c.highlight
                )
                fast = console.render_lines(Padding(c.header, (0, 1, 0, 1)), opts, style=style)
            header.append(fast)
        height = max(len(h) for h in header)
        header = [
            Segment.set_shape(Segment.align_bottom(h, w, height, header_style + console.get_style(c.header_style)), w, height)
            for h, w, c in zip(header, widths, self.columns, strict=True)
        ]
        yield from self._assemble(header, height, (box.head_left, box.head_vertical, box.head_right), border)
        yield Segment(box.get_row(widths, "head", edge=True), border)
        yield line
        n = len(self.rows)
        for i in range(n):
            cells = [col[i] for col in columns]
            height = max(len(c) for c in cells)
            blank = [[Segment(" " * w)] for w in widths]
            shaped = [c + [blank[j]] * (height - len(c)) for j, c in enumerate(cells)]
            edge = (
                (box.foot_left, box.foot_vertical, box.foot_right)
                if i == n - 1
                else (box.mid_left, box.mid_vertical, box.mid_right)
            )
            yield from self._assemble(shaped, height, edge, border)
            if self.show_lines and i < n - 1:
                yield Segment(box.get_row(widths, "row", edge=True), border)
                yield line
        yield Segment(box.get_bottom(widths), border)
        yield line

    @staticmethod
    def _assemble(cells: list[list[list[Segment]]], height: int, edge: tuple[str, str, str], border: Style) -> Iterator[Segment]:
        left, divider, right = (Segment(e, border) for e in edge)
        for k in range(height):
            line = [left]
            for j, cell in enumerate(cells):
                if j:
                    line.append(divider)
                line += cell[k]
            line.append(right)
            yield from _joined(line)
            yield Segment.line()

    @staticmethod
    def _header_lines(header: object, width: int, justify: JustifyMethod, style: Style) -> list[list[Segment]] | None:
        """A plain one-line header (no markup, emoji code or newline) as rich pads it; None for any other."""
        if not isinstance(header, str) or not header or any(ch in header for ch in "[:\n") or cell_len(header) > width:
            return None
        if justify not in ("left", "right", "default"):
            return None
        gap = " " * (width - cell_len(header))
        text = gap + header if justify == "right" else header + gap
        return [[Segment(" ", style), Segment(text, style), Segment(" ", style)]]

    @staticmethod
    def _cell_lines(console: Console, text: Text, width: int, justify: JustifyMethod) -> list[list[Segment]] | None:
        """The cell's lines, padded to `width` plus one space either side; None when a line is wider."""
        out = []
        for part in text.split("\n", allow_blank=True) if "\n" in text.plain else [text]:
            if cell_len(part.plain) > width:
                return None
            gap = " " * (width - cell_len(part.plain))
            segments = [Segment(" ")]
            if justify == "right":
                segments.append(Segment(gap))
            if part.spans or part.style:
                segments += [s for s in part.render(console, end="") if s.text]
            elif part.plain:
                segments.append(Segment(part.plain))
            if justify != "right":
                segments.append(Segment(gap))
            segments.append(Segment(" "))
            out.append(segments)
        return out


def _joined(segments: list[Segment]) -> Iterator[Segment]:
    """Runs of unstyled segments as one: the same text on the console, a fraction of rich's per-segment work."""
    plain: list[str] = []
    for seg in segments:
        if seg.style or seg.control:
            if plain:
                yield Segment("".join(plain))
                plain = []
            yield seg
        else:
            plain.append(seg.text)
    if plain:
        yield Segment("".join(plain))
