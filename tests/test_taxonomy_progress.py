"""Issue 37: `taxonomy load` shows one live bar, the current step's; finished bars do not pile up above it."""

from __future__ import annotations

import io
from importlib.resources import files
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from auditgraph.graph import Graph
from auditgraph.loader.taxonomy import load_taxonomies
from auditgraph.loader.taxonomy_cli import RichReporter

SAMPLE = Path(str(files("auditgraph.sample"))) / "taxonomy"


class Watching(RichReporter):
    """The CLI's reporter, also noting the live display as an 80-column terminal draws it at every step."""

    def __init__(self, progress: Progress, screen: Console):
        super().__init__(progress)
        self.screen, self.frames = screen, []

    def step(self, name: str, total: int | None) -> None:
        super().step(name, total)
        self.frames.append(self.screen.render_lines(self.progress.get_renderable(), self.screen.options))


def test_the_live_display_is_one_bar_at_every_step_of_a_load(graph: Graph):
    screen = Console(file=io.StringIO(), force_terminal=True, width=80, height=24)
    columns = (TextColumn("{task.description:<14}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=screen, transient=True) as progress:
        reporter = Watching(progress, screen)
        load_taxonomies(graph, [SAMPLE], reporter=reporter)
    assert len(reporter.frames) >= 5  # parse, extract and the write steps
    steps = ["".join(seg.text for seg in frame[0]).split()[0] for frame in reporter.frames]
    assert steps[0] == "arelle"  # the first step's bar: "arelle parse"
    assert [len(frame) for frame in reporter.frames] == [1] * len(reporter.frames)  # the live bar alone, every time
