"""How `check` and `audit` show results to people (checks/findings_table.py), at 80 columns and wide."""

from __future__ import annotations

import io
from decimal import Decimal

from rich.console import Console

from auditgraph.checks.findings_table import print_findings
from auditgraph.checks.result import CheckResult

LONG = "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest"
AXIS = "us-gaap:StatementBusinessSegmentsAxis=abc:WidgetsMember"


def _result(period: str, reported: str, dims: list[str]) -> CheckResult:
    return CheckResult(
        rule_id="DQC.US.0015",
        sub_rule="DQC.US.0015.1234",
        status="violation",
        concept=LONG,
        reported_value=reported,
        expected_value=reported.lstrip("-"),
        difference="-" + str(2 * int(reported.lstrip("-"))),
        period=period,
        dimensions=dims,
    )


def _lines(results: list[CheckResult], width: int, wide: bool = False) -> list[str]:
    out = io.StringIO()
    print_findings(Console(file=out, width=width), results, title="0015", status=True, wide=wide)
    return out.getvalue().splitlines()


def test_a_long_concept_groups_by_concept_and_dimensions_each_named_whole():
    results = [
        _result("instant:2024-12-31", "-5", []),
        _result("instant:2024-12-31", "-7", [AXIS]),
        _result("instant:2023-12-31", "-3", []),
    ]
    lines = _lines(results, 80)
    headings = [ln for ln in lines if ln.startswith("DQC.US.0015.1234 ")]
    # the brackets are kept; the group's one status is on its heading
    assert headings == [f"DQC.US.0015.1234 {LONG}: violation", f"DQC.US.0015.1234 {LONG} [{AXIS}]: violation"]
    rows = [ln for ln in lines if "instant:" in ln]
    assert [ln.split("│")[1].strip() for ln in rows] == ["instant:2023-12-31", "instant:2024-12-31", "instant:2024-12-31"]
    assert all(len(ln) <= 80 for ln in lines if LONG not in ln)


def test_wide_keeps_one_flat_table_with_the_dimensions_column():
    lines = _lines([_result("instant:2024-12-31", "-7", [AXIS])], 80, wide=True)
    assert any(LONG in ln and AXIS in ln and "instant:2024-12-31" in ln for ln in lines)


def _calc11(period: str, status: str, reported: str, expected: str) -> CheckResult:
    diff = str(Decimal(reported) - Decimal(expected))
    return CheckResult(
        rule_id="CALC11",
        sub_rule="CALC11",
        status=status,  # type: ignore[arg-type]
        concept="us-gaap:GrossProfit",
        reported_value=reported,
        expected_value=expected,
        difference=diff,
        period=period,
    )


def test_check_at_80_columns_keeps_the_difference_and_writes_every_value_alike():
    """ADN_FY_2023's CALC11 GrossProfit rows as `check --all` lists them: quarterly periods, ok and violation mixed."""
    results = [
        _calc11("duration:2022-01-01/2022-03-31", "violation", "-261000.0", "-1517000"),
        _calc11("duration:2022-01-01/2022-12-31", "ok", "-744000.0", "-744000"),
        _calc11("duration:2023-01-01/2023-12-31", "ok", "-13428000.0", "-13428000"),
    ]
    lines = _lines(results, 80)
    assert all(len(ln) <= 80 for ln in lines), "\n".join(lines)
    row = next(ln for ln in lines if "2022-01-01/2022-03-31" in ln)
    assert [c.strip() for c in row.split("│")[1:-1]] == [
        "duration:2022-01-01/2022-03-31",
        "violation",
        "-261000",  # the fact's "-261000.0" in the format of the expected value
        "-1517000",
        "1256000",
    ]
    assert not any("Not shown" in ln for ln in lines)


def test_a_column_left_out_for_width_is_said():
    results = [_calc11("duration:2022-01-01/2022-03-31", "violation", "-261000000000.0", "-1517000000000")]
    lines = _lines(results, 60)
    assert "1256000000000" not in "\n".join(lines)
    note = " ".join(" ".join(lines[lines.index(next(ln for ln in lines if ln.startswith("Not shown"))) :]).split())
    assert note == "Not shown at 60 columns: difference (--wide or --json shows every column)."
    assert any("1256000000000" in ln for ln in _lines(results, 60, wide=True))
