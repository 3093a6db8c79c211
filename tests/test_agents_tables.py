"""Issue 37: `agents audit`'s AuditFlow table at 80 columns: every line fits, the title is whole, concepts,
periods and values are never cut, and a column left out for width is named."""

from __future__ import annotations

import io

from rich.console import Console

from auditgraph.agents.cli import _print_cases

LONG = "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest"


def test_the_sample_audit_fits_80_columns_with_its_title_whole(agents, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    res = agents("audit", "smpl-20251231", "--llm", "none", "--out", str(tmp_path / "run.jsonl"))
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines), res.stdout
    assert any(line.strip() == "AuditFlow (none)" for line in lines)  # the title on one line, not "A / uditFlow"
    for concept, period in (("us-gaap:Assets", "instant:2025-12-31"), ("us-gaap:Revenues", "duration:2025-01-01/2025-12-31")):
        assert any(concept in line and period in line for line in lines) or (
            any(line.strip() == concept for line in lines) and any(period in line for line in lines)
        ), res.stdout


def test_a_long_concept_groups_the_cases_under_it_and_names_the_columns_left_out():
    buf = io.StringIO()
    cells = [
        [LONG, "duration:2023-01-01/2023-12-31", "violation", "DQC.US.0126", "-1234567000", "-1234000000", "1", "0", "0", "r"],
        ["us-gaap:GrossProfit", "duration:2023-07-01/2023-09-30", "inconclusive", "", "", "", "", "", "1", "provider"],
    ]
    _print_cases(Console(file=buf, width=80), cells, "AuditFlow (openai-compatible:qwen3)")
    lines = buf.getvalue().splitlines()
    assert lines[0].strip() == "AuditFlow (openai-compatible:qwen3)"
    assert LONG in lines and "us-gaap:GrossProfit" in lines  # each concept whole, on its own line
    assert all(len(line) <= 80 for line in lines if line != LONG)
    row = next(line for line in lines if "2023-01-01/2023-12-31" in line)
    assert [c.strip() for c in row.split("│")[1:-1]] == [
        "duration:2023-01-01/2023-12-31",
        "violation",
        "-1234567000",
        "-1234000000",
    ]
    note = " ".join(" ".join(lines[lines.index(next(ln for ln in lines if ln.startswith("Not shown"))) :]).split())
    assert note == "Not shown at 80 columns: rules, tau, K, rounds, reason (--json shows every field)."
