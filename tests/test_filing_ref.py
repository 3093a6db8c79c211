"""A filing can be named the way users remember it: id, folder or file name, or ticker/form/period."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

from auditgraph.errors import ConfigError
from auditgraph.filing_ref import resolve_filing
from auditgraph.graph import Graph


@pytest.mark.parametrize(
    "ref",
    ["smpl-20251231", "smpl-20251231.xml", "filing", "SMPL 10-K 2025", "smpl_10-K_2025", "SMPL 2025-12-31", "smpl FY 2025"],
)
def test_every_way_of_naming_the_sample_filing_gives_its_id(sample_filing_graph: Graph, ref: str) -> None:
    assert resolve_filing(sample_filing_graph, ref) == "smpl-20251231"


@pytest.mark.parametrize("ref", ["SMPL 10-Q 2025", "NFLX 10-K 2025", "smpl-2025", "nothing"])
def test_a_name_no_filing_answers_to_is_an_input_error(sample_filing_graph: Graph, ref: str) -> None:
    with pytest.raises(ConfigError, match="no filing") as err:
        resolve_filing(sample_filing_graph, ref)
    assert err.value.exit_code == 2


def test_agents_audit_accepts_ticker_form_and_year(agents: Callable[..., SimpleNamespace], tmp_path: Path) -> None:
    done = agents("audit", "SMPL 10-K 2025", "--llm", "none", "--no-cache", "--out", str(tmp_path / "run.jsonl"))
    assert done.exit_code == 0, done.output
    assert "3 cases: 3 violation" in done.output  # the sample filing's three seeded findings


def test_agents_audit_refuses_a_device_as_out_and_leaves_it_a_device(agents: Callable[..., SimpleNamespace]) -> None:
    done = agents("audit", "SMPL 10-K 2025", "--llm", "none", "--no-cache", "--out", "/dev/null")
    assert done.exit_code == 2
    assert "--out /dev/null: not a regular file" in done.output
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)  # once replaced by a regular file when tests ran as root
