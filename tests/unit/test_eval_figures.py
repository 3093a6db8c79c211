"""Issue 37: the eval report's Figure 2 (Joint ACC per rule family) writes "n/a" for a family a system has no
case of, where a 0.0 bar would read as 0% accuracy."""

from __future__ import annotations

import pytest

pytest.importorskip("matplotlib")

from auditgraph.eval.judge import Label  # noqa: E402
from auditgraph.eval.metrics import ScoredCase  # noqa: E402
from auditgraph.eval.report import FAMILIES, ScoredRun, families_figure  # noqa: E402


def _case(i: int, family: str, label: Label) -> ScoredCase:
    return ScoredCase(f"c{i}", family, "violation", "injected", label, "violation", "")


def test_a_family_without_cases_is_n_a_not_a_zero_bar():
    # 0015: 1 of 2 accurate (50%), 0126: 0 of 1 (a real 0.0), 0117: no case at all
    run = ScoredRun("auditflow", "run.jsonl", (_case(1, "0015", Label.A), _case(2, "0015", Label.E), _case(3, "0126", Label.C)))
    fig = families_figure([run])
    ax = fig.axes[0]
    ticks = [t.get_text() for t in ax.get_xticklabels()]
    assert ticks == [f"DQC.US.{f}" for f in FAMILIES] == ["DQC.US.0015", "DQC.US.0117", "DQC.US.0126"]
    bars = {round(p.get_x() + p.get_width() / 2): p.get_height() for p in ax.patches}
    assert bars == {0: 50.0, 2: 0.0}  # no bar over 0117 (x = 1); 0126's 0.0 is a measured 0%
    labels = sorted(t.get_text() for t in ax.texts)
    assert labels == ["0.0", "50.0", "n/a"]
    (na,) = [t for t in ax.texts if t.get_text() == "n/a"]
    assert round(na.get_position()[0]) == 1  # where 0117's bar would be
