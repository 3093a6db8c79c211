"""`verify --text` shows progress on stderr for any number of sentences (one can take over 2 s), and
never with --json or when stdout or stderr is no terminal. The consoles are StringIO files rich is told
are (or are not) terminals; the sample filing is in a real Neo4j."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner
from rich.console import Console

F = "smpl-20251231"
SENTENCE = "Revenue was $12.5 million in 2025."


@pytest.fixture
def text_file(sample_filing_graph, neo4j_connection, monkeypatch, tmp_path):
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    if neo4j_connection.password is not None:
        monkeypatch.setenv("NEO4J_PASSWORD", neo4j_connection.password)
    path = tmp_path / "release.txt"
    path.write_text(f"SMPL reported its results. {SENTENCE}\n", encoding="utf-8")
    return path


def run(monkeypatch, path, *extra: str, stdout_tty: bool = True, stderr_tty: bool = True) -> tuple[int, str, str, str]:
    from auditgraph.cli import cli
    from auditgraph.verifier import cli as verifier_cli

    err = Console(file=io.StringIO(), force_terminal=stderr_tty, width=120)
    out = Console(file=io.StringIO(), force_terminal=stdout_tty, width=120, color_system=None)
    monkeypatch.setattr(verifier_cli, "err", err)
    monkeypatch.setattr(verifier_cli, "out", out)
    r = CliRunner().invoke(cli, ["verify", "--filing", F, "--text", str(path), *extra])
    return r.exit_code, r.output, out.file.getvalue(), err.file.getvalue()  # type: ignore[attr-defined]


def test_one_sentence_gets_progress_on_a_terminal(monkeypatch, text_file):
    code, _, shown, progress = run(monkeypatch, text_file)
    assert code == 0, shown
    assert f"verifying 1 sentence against {F}" in progress and "1/1" in progress  # rich draws the first frame at once
    assert "verifying" not in shown and "1 sentences with numbers: Verified 1" in " ".join(shown.split())


@pytest.mark.parametrize(
    "extra,stdout_tty,stderr_tty",
    [(("--json",), True, True), ((), False, True), ((), True, False)],
    ids=["json", "stdout-piped", "stderr-redirected"],
)
def test_no_progress_with_json_or_without_terminals(monkeypatch, text_file, extra, stdout_tty, stderr_tty):
    code, output, shown, progress = run(monkeypatch, text_file, *extra, stdout_tty=stdout_tty, stderr_tty=stderr_tty)
    assert code == 0, (output, shown)
    assert progress == ""
    if extra:  # JSONL on stdout (click's), untouched by any progress
        assert [json.loads(line)["decision"] for line in output.splitlines()] == ["Verified"]
