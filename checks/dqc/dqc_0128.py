"""DQC.US.0128 "Dimensional Values Greater Than the Default": a member value above its line item's total.

For six axes whose members break a total into parts (PropertyPlantAndEquipmentByTypeAxis, StatementClassOfStockAxis,
LongtermDebtTypeAxis, srt:ProductOrServiceAxis, FiniteLivedIntangibleAssetsByMajorClassAxis, DebtInstrumentAxis):
a non-nil fact of a monetary element that cannot be negative (DQCRT NON_NEG_ITEMS), whose only dimension is that
axis, is reported (9594) when it is greater than the non-dimensional fact of the same element, period and unit and
both facts carry the same decimals.
"""

from __future__ import annotations

from collections import defaultdict

from auditgraph.checks.filing_data import Fact, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput, fact_violation
from auditgraph.checks.xbrl_decimals import fmt

RULE = "DQC.US.0128"
NUMBER = "9594"
CODE = f"{RULE}.{NUMBER}"
AXES = (
    "PropertyPlantAndEquipmentByTypeAxis",
    "StatementClassOfStockAxis",
    "LongtermDebtTypeAxis",
    "ProductOrServiceAxis",
    "FiniteLivedIntangibleAssetsByMajorClassAxis",
    "DebtInstrumentAxis",
)


def _axis(f: Fact) -> str | None:
    """The rule's axis when it is the fact's only dimension (the factset is closed), else None."""
    if len(f.dims) != 1:
        return None
    name = local(f.dims[0][0])
    return name if name in AXES else None


def _finding(part: Fact, default: Fact) -> CheckResult:
    member = part.dims[0][1]
    msg = (
        f"{part.qname} for {part.dims[0][0]}={member} is {part.raw}, more than the {default.raw} reported for the element "
        f"without dimensions ({default.period_key}, unit {part.unit}, decimals {part.decimals_raw}). The members of "
        f"{part.dims[0][0]} are parts of that total and cannot add up to more than it: correct the member value or the "
        f"total (an element used for the total elsewhere in the filing is a common cause)."
    )
    return fact_violation(
        RULE,
        NUMBER,
        part,
        msg,
        expected_value=default.raw,
        difference=fmt(part.amount - default.amount),
        axis=part.dims[0][0],
        facts=[part.used("member")],  # the official message names the member fact
        contexts=sorted({f.context_id or f.context_key for f in (part, default)}),
    )


def check_0128(inp: RuleInput) -> list[CheckResult]:
    listed: dict[str, str] = inp.constant("NON_NEG_ITEMS")
    facts = [f for f in inp.data.facts if f.concept_key in listed and f.monetary and not f.nil and f.value is not None]
    defaults: dict[tuple[str, str, str | None], list[Fact]] = defaultdict(list)
    for f in facts:
        if not f.dims:
            defaults[(f.concept_key, f.period_key, f.unit)].append(f)
    out = []
    for f in facts:
        axis = _axis(f)
        if axis is None:
            continue
        for d in defaults.get((f.concept_key, f.period_key, f.unit), []):
            if f.amount > d.amount and f.decimals == d.decimals:
                out.append(_finding(f, d))
    return out


FAMILY = Rule(
    key="0128",
    rule_id=RULE,
    name="Dimensional Values Greater Than the Default",
    codes=(CODE,),
    check=check_0128,
    constants=("NON_NEG_ITEMS",),
    forms=frozenset(),  # the official rule names no forms: it runs on every filing
)
