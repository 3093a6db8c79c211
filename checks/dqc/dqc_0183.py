"""DQC.US.0183 "Financial Statement Location Axes": the three location axes used with the wrong kind of element.

- 10161: BalanceSheetLocationAxis with a duration element of type xbrli:monetaryItemType (the axis says where a balance
  appears; for an accrual or capitalized amount the two activity axes below are meant).
- 10162: StatementOfFinancialPositionLocationActivityAccrualAxis with a us-gaap (non-extension) element that is not an
  income statement element (DQCRT INCOME_STATEMENT_CONCEPTS).
- 10177 / 10178: StatementOfFinancialPositionLocationActivityAccrualAxis / ...CapitalizationAxis with an instant element.

One finding per fact (nil facts included), any other dimensions allowed.
"""

from __future__ import annotations

from auditgraph.checks.filing_data import Fact, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput, fact_violation

RULE = "DQC.US.0183"
BSLA = "BalanceSheetLocationAxis"
ACCRUAL = "StatementOfFinancialPositionLocationActivityAccrualAxis"
CAPITALIZATION = "StatementOfFinancialPositionLocationActivityCapitalizationAxis"
WHY = {
    "10161": (
        "a duration amount is broken down by BalanceSheetLocationAxis, which locates balances; for an accrual or a "
        "capitalized amount use StatementOfFinancialPositionLocationActivityAccrualAxis or "
        "StatementOfFinancialPositionLocationActivityCapitalizationAxis"
    ),
    "10162": (
        "StatementOfFinancialPositionLocationActivityAccrualAxis allocates revenue or expense items to balance sheet "
        "lines, and this element is not an income statement element"
    ),
    "10177": "StatementOfFinancialPositionLocationActivityAccrualAxis is for duration elements, and this one is an instant",
    "10178": "StatementOfFinancialPositionLocationActivityCapitalizationAxis is for duration elements, and this one is an instant",
}


def _member(f: Fact, axis: str) -> str | None:
    return next((m for a, m in f.dims if local(a) == axis), None)


def _finding(code: str, f: Fact, axis: str) -> CheckResult:
    msg = (
        f"{f.qname} {f.raw or 'nil'} ({f.period_key}, {', '.join(f.dim_strings)}, unit {f.unit}) uses {axis} with "
        f"{_member(f, axis)}: {WHY[code]}. Change the axis or the element."
    )
    return fact_violation(RULE, code, f, msg, axis=axis)


def check_0183(inp: RuleInput) -> list[CheckResult]:
    income: frozenset[str] = inp.constant("INCOME_STATEMENT_CONCEPTS")
    out = []
    for f in inp.data.facts:
        axes = {local(a) for a, _ in f.dims}
        if BSLA in axes and f.kind == "duration" and (f.item_type or "").endswith(":monetaryItemType"):
            out.append(_finding("10161", f, BSLA))
        if ACCRUAL in axes and "|" not in f.concept_key and f.concept_key not in income:
            out.append(_finding("10162", f, ACCRUAL))
        if ACCRUAL in axes and f.kind == "instant":
            out.append(_finding("10177", f, ACCRUAL))
        if CAPITALIZATION in axes and f.kind == "instant":
            out.append(_finding("10178", f, CAPITALIZATION))
    return out


FAMILY = Rule(
    key="0183",
    rule_id=RULE,
    name="Financial Statement Location Axes",
    codes=tuple(f"{RULE}.{c}" for c in ("10161", "10162", "10177", "10178")),
    check=check_0183,
    constants=("INCOME_STATEMENT_CONCEPTS",),
    forms=frozenset(),  # the official rule names no forms: it runs on every filing
)
