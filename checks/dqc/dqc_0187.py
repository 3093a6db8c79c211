"""DQC.US.0187 "Property, Plant and Equipment": gross, net and accumulated depreciation must agree.

- 10174: PropertyPlantAndEquipmentGross = PropertyPlantAndEquipmentNet + AccumulatedDepreciationDepletionAndAmortization
  PropertyPlantAndEquipment, among facts of the same period, unit and dimensions. When the filer's calculation of the net
  amount has children other than gross and accumulated depreciation, their debit total less their credit total (in the
  same alignment) widens the tolerance factor beyond 2.
- 10175: the same identity for the combined PP&E and finance lease right-of-use elements.
- 10176: PropertyPlantAndEquipmentGross below the sum of its PublicUtilityAxis members.
- 10179: MineralPropertiesNet above MineralPropertiesGross + MineralRights.

Every fact a comparison names must be reported in the alignment (as in DQC.US.0004). The tolerance is
tolerance_for_decimals: both sides rounded to the gross fact's decimals d, factor * 10^-d. Sub-rule 10173 (member
facts of a PP&E cube above the gross total) is not implemented: it needs the cube's dimensional validity of facts.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from decimal import Decimal

from auditgraph.checks.dqc._common import USGAAP, by_alignment, exceeds, total_violation
from auditgraph.checks.filing_data import Fact, FilingData, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import fmt

RULE = "DQC.US.0187"
GROSS, NET, ACCUM = (
    "PropertyPlantAndEquipmentGross",
    "PropertyPlantAndEquipmentNet",
    "AccumulatedDepreciationDepletionAndAmortizationPropertyPlantAndEquipment",
)
LEASE = (
    "PropertyPlantAndEquipmentAndFinanceLeaseRightOfUseAssetBeforeAccumulatedDepreciationAndAmortization",
    "PropertyPlantAndEquipmentAndFinanceLeaseRightOfUseAssetAfterAccumulatedDepreciationAndAmortization",
    "PropertyPlantAndEquipmentAndFinanceLeaseRightOfUseAssetAccumulatedDepreciationAndAmortization",
)
# The official rule-form-lookup row of 0187 (the rule checks applicable_form itself).
FORMS = frozenset(
    (
        *("10-K", "10-K/A", "10-KT", "10-KT/A", "20-F", "20-F/A", "40-F", "40-F/A"),
        *("10-Q", "10-Q/A", "10-QT", "10-QT/A", "SBSEF-FIN-QTR", "SBSEF-FIN-QTR/A"),
        *("F-1", "F-1/A", "F-10", "F-10/A", "F-10EF", "F-1MEF", "F-3", "F-3/A", "F-3ASR", "F-3D", "F-3MEF", "F-4", "F-4/A"),
        *("POS AM", "POS462B", "POS462C", "POSASR", "S-1", "S-1/A", "S-3", "S-3/A", "S-4", "S-4/A", "S-11", "S-11/A"),
        *("8-K", "8-K/A", "6-K", "11-K", "11-K/A", "11-KT"),
    )
)


def _finding(code: str, base: Fact, expected: Decimal, parts: Sequence[Fact], what: str, factor: Decimal) -> CheckResult:
    shown = " + ".join(f"{p.qname} {p.raw}" for p in parts)
    dims = ", ".join(base.dim_strings) or "no dimensions"
    msg = (
        f"{base.qname} is {base.raw} ({base.period_key}, {dims}, unit {base.unit}, decimals {base.decimals_raw}) but "
        f"{what} come to {fmt(expected)} ({shown}). The two should agree (tolerance factor {fmt(factor)} times the "
        f"rounding unit): correct the value entered wrongly, or the element chosen for it."
    )
    return total_violation(RULE, code, base, expected, msg, parts)  # names the gross (or net) fact


def _net_children(data: FilingData) -> set[str]:
    """Local names of the summation-item children of PropertyPlantAndEquipmentNet in any of the filer's networks."""
    return {local(a.target) for a in data.calc if local(a.source) == NET and USGAAP in a.source_key}


def _factor(data: FilingData, group: dict[str, list[Fact]], children: set[str], balances: dict[str, str | None]) -> Decimal:
    """2, plus |debits - credits| of the net amount's other calculation children when gross is one of its children."""
    others = children - {ACCUM, GROSS}
    if not others or GROSS not in children:
        return Decimal(2)
    debit = sum((f.amount for n in others for f in group.get(n, []) if balances.get(n) == "debit"), Decimal(0))
    credit = sum((f.amount for n in others for f in group.get(n, []) if balances.get(n) == "credit"), Decimal(0))
    return abs(debit - credit) + 2


def check_identity(data: FilingData, code: str, base_name: str, parts: tuple[str, str], what: str) -> list[CheckResult]:
    children = _net_children(data) if code == "10174" else set()
    balances = {f.name: f.balance for f in data.facts}
    out = []
    for group in by_alignment(data, (base_name, *parts, *children)).values():
        for base in group.get(base_name, []):
            for a1 in group.get(parts[0], []):
                for a2 in group.get(parts[1], []):
                    factor = _factor(data, group, children, balances) if code == "10174" else Decimal(2)
                    expected = a1.amount + a2.amount
                    if exceeds(base.amount, base.decimals, expected, None, factor):
                        out.append(_finding(code, base, expected, [a1, a2], what, factor))
    return out


def check_10176(data: FilingData) -> list[CheckResult]:
    """Gross PP&E below the sum of its PublicUtilityAxis members (same period, unit and other dimensions)."""
    totals: list[Fact] = []
    members: dict[tuple[str, str | None, tuple[tuple[str, str], ...]], list[Fact]] = defaultdict(list)
    for f in data.facts:
        if f.name != GROSS or USGAAP not in f.namespace or f.nil or f.value is None:
            continue
        rest = tuple(d for d in f.dims if local(d[0]) != "PublicUtilityAxis")
        if rest == f.dims:
            totals.append(f)
        else:
            members[(f.period_key, f.unit, rest)].append(f)
    out = []
    for t in totals:
        parts = members.get((t.period_key, t.unit, t.dims), [])
        if parts and t.amount < sum(p.amount for p in parts):
            total = sum((p.amount for p in parts), Decimal(0))
            out.append(_finding("10176", t, total, parts, "its PublicUtilityAxis members", Decimal(0)))
    return out


def check_10179(data: FilingData) -> list[CheckResult]:
    out = []
    for group in by_alignment(data, ("MineralPropertiesNet", "MineralPropertiesGross", "MineralRights")).values():
        for net in group.get("MineralPropertiesNet", []):
            for gross in group.get("MineralPropertiesGross", []):
                for rights in group.get("MineralRights", []):
                    if gross.amount + rights.amount < net.amount:
                        total = gross.amount + rights.amount
                        out.append(
                            _finding("10179", net, total, [gross, rights], "gross mineral properties and rights", Decimal(0))
                        )
    return out


def check_0187(inp: RuleInput) -> list[CheckResult]:
    data = inp.data
    out = check_identity(data, "10174", GROSS, (NET, ACCUM), "net PP&E plus accumulated depreciation")
    out += check_identity(data, "10175", LEASE[0], (LEASE[1], LEASE[2]), "the net amount plus accumulated depreciation")
    return out + check_10176(data) + check_10179(data)


FAMILY = Rule(
    key="0187",
    rule_id=RULE,
    name="Property, Plant and Equipment",
    codes=tuple(f"{RULE}.{c}" for c in ("10174", "10175", "10176", "10179")),
    check=check_0187,
    forms=FORMS,
)
