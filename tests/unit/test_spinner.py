"""Issue 19: long commands show a spinner on stderr only when it is a terminal, never with --json."""

from __future__ import annotations

import io

from rich.console import Console

from auditgraph.spinner import spinner


def _shown(console: Console, enabled: bool = True) -> str:
    with spinner("Running checks…", enabled=enabled, console=console):
        pass  # rich draws the first frame when the status starts
    return console.file.getvalue()  # type: ignore[attr-defined]


def test_spinner_draws_on_a_terminal_and_stays_silent_otherwise():
    assert "Running checks" in _shown(Console(file=io.StringIO(), force_terminal=True))
    assert _shown(Console(file=io.StringIO(), force_terminal=False)) == ""  # a pipe or a file: nothing
    assert _shown(Console(file=io.StringIO(), force_terminal=True), enabled=False) == ""  # --json: nothing


def test_check_audit_and_verify_use_the_spinner():
    import inspect

    from auditgraph.checks import cli as checks_cli
    from auditgraph.verifier import cli as verifier_cli

    for module in (checks_cli, verifier_cli):
        assert "spinner(" in inspect.getsource(module)
    assert "spinner(" in inspect.getsource(checks_cli.check.callback) and "spinner(" in inspect.getsource(
        checks_cli.audit.callback
    )
