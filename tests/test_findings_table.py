"""How `check` and `audit` show results to people (checks/findings_table.py), at 80 columns and wide."""

from __future__ import annotations

import io

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
    assert headings == [f"DQC.US.0015.1234 {LONG}", f"DQC.US.0015.1234 {LONG} [{AXIS}]"]  # the brackets are kept
    rows = [ln for ln in lines if "instant:" in ln]
    assert [ln.split("│")[1].strip() for ln in rows] == ["instant:2023-12-31", "instant:2024-12-31", "instant:2024-12-31"]
    assert all(len(ln) <= 80 for ln in lines if LONG not in ln)


def test_wide_keeps_one_flat_table_with_the_dimensions_column():
    lines = _lines([_result("instant:2024-12-31", "-7", [AXIS])], 80, wide=True)
    assert any(LONG in ln and AXIS in ln and "instant:2024-12-31" in ln for ln in lines)
