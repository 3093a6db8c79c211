"""DQC.US.0091 "Percentage Values Above 1,000 Percent" (9376): a percent item of a standard taxonomy above 10.

Percentages are reported as fractions (1 = 100%), so a non-nil fact of a base-taxonomy element whose type is
dtr-types:percentItemType and whose value exceeds 10 is most likely scaled wrongly. Effective income tax rate elements
(names containing EffectiveIncomeTaxRate) and InvestmentOwnedPercentOfNetAssets are left out, as in the rule set as
compiled for EDGAR (rule version 27).
"""

from __future__ import annotations

from decimal import Decimal

from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput, fact_violation

RULE = "DQC.US.0091"
NUMBER = "9376"
CODE = f"{RULE}.{NUMBER}"
LIMIT = Decimal(10)
# The official rule-form-lookup row of 0091 (the rule checks applicable_form itself).
FORMS = frozenset(
    (
        *("10-K", "10-K/A", "10-KT", "10-KT/A", "20-F", "20-F/A", "40-F", "40-F/A"),
        *("10-Q", "10-Q/A", "10-QT", "10-QT/A", "SBSEF-FIN-QTR", "SBSEF-FIN-QTR/A"),
        *("F-1", "F-1/A", "F-10", "F-10/A", "F-10EF", "F-1MEF", "F-3", "F-3/A", "F-3ASR", "F-3D", "F-3MEF", "F-4", "F-4/A"),
        *("POS AM", "POS462B", "POS462C", "POSASR", "S-1", "S-1/A", "S-3", "S-3/A", "S-4", "S-4/A", "S-11", "S-11/A"),
        *("11-K", "11-K/A", "11-KT"),
    )
)


def checked(f: Fact) -> bool:
    if f.nil or f.value is None or f.item_type != "dtr-types:percentItemType" or "|" in f.concept_key:
        return False  # a base taxonomy element ("|" marks a filing's extension) of the DTR percent type
    return "EffectiveIncomeTaxRate" not in f.name and f.name != "InvestmentOwnedPercentOfNetAssets"


def _finding(f: Fact) -> CheckResult:
    msg = (
        f"{f.qname} is {f.raw} ({f.period_key}, {', '.join(f.dim_strings) or 'no dimensions'}, decimals "
        f"{f.decimals_raw}): more than 1,000 percent. A percent item is reported as a fraction (1 is 100%, 200 basis "
        f"points are 0.02); check the scale of the value."
    )
    return fact_violation(RULE, NUMBER, f, msg)


def check_0091(inp: RuleInput) -> list[CheckResult]:
    return [_finding(f) for f in inp.data.facts if checked(f) and f.amount > LIMIT]


FAMILY = Rule(
    key="0091",
    rule_id=RULE,
    name="Percentage Values Above 1,000 Percent",
    codes=(CODE,),
    check=check_0091,
    forms=FORMS,
)
