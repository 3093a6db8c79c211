"""`auditgraph ...` run in the test's own process through `cli.main`, as the hostile tests probe it: the exit
code, what went to stdout and stderr, and the one `error:` line a refusal must print."""

from __future__ import annotations

import pytest


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `auditgraph ARGS`."""
    from auditgraph.cli import main

    capsys.readouterr()
    with pytest.raises(SystemExit) as done:
        main(list(args))
    out, err = capsys.readouterr()
    code = done.value.code
    return (code if isinstance(code, int) else 0 if code is None else 1), out, err


def error_line(err: str, *, alone: bool = True) -> str:
    """The `error:` line of stderr, with no traceback; `alone`: the only line printed (else the last one,
    after e.g. a 'waiting for ...' line)."""
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert lines and "Traceback" not in err, err
    assert not alone or len(lines) == 1, err
    assert lines[-1].startswith("error: "), err
    return lines[-1]
