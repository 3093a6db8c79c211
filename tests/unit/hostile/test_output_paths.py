"""Output files given by a user (--out) are written whole, and a device or FIFO is refused, never replaced."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from auditgraph.errors import ConfigError
from auditgraph.files import check_output, write_whole


@pytest.mark.parametrize("target", ["/dev/null", "/dev/zero", "fifo", "folder"])
def test_an_output_that_is_not_a_regular_file_is_refused(tmp_path: Path, target: str) -> None:
    path = Path(target) if target.startswith("/") else tmp_path / target
    if target == "fifo":
        os.mkfifo(path)
    elif target == "folder":
        path.mkdir()
    with pytest.raises(ConfigError, match=f"--out {path}: not a regular file") as err:
        write_whole(path, "x\n")
    assert err.value.exit_code == 2
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_an_output_is_written_whole_through_a_temporary_file_beside_it(tmp_path: Path) -> None:
    target = tmp_path / "records.jsonl"
    check_output(target)  # not there yet: fine
    write_whole(target, '{"a": 1}\n')
    write_whole(target, '{"a": 2}\n')
    assert target.read_text() == '{"a": 2}\n' and [p.name for p in tmp_path.iterdir()] == ["records.jsonl"]
