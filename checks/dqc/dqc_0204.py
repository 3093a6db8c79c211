"""DQC.US.0204 "Intangible and Tangible Assets on the Wrong Axis".

- 10704: an intangible asset element (DQCRT INTANGIBLE_MONETARY_ITEMS, INTANGIBLE_DURATION_ITEMS) on
  PropertyPlantAndEquipmentByTypeAxis.
- 10705: a tangible asset member (DQCRT PPE_MEMBERS, software members excepted) on
  FiniteLivedIntangibleAssetsByMajorClassAxis (non-nil, non-zero).
- 10706: an intangible asset member (INTANGIBLE_FINITE_ASSETS_MEMBERS, INTANGIBLE_INDEFINITE_ASSETS_MEMBERS) on
  PropertyPlantAndEquipmentByTypeAxis.
- 10707: CapitalizedComputerSoftwareGross on PropertyPlantAndEquipmentByTypeAxis.

One finding per fact; members are matched by local name (fact dimensions carry the instance's prefixes).
"""

from __future__ import annotations

from auditgraph.checks.filing_data import Fact, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput, fact_violation

RULE = "DQC.US.0204"
PPE = "PropertyPlantAndEquipmentByTypeAxis"
FINITE = "FiniteLivedIntangibleAssetsByMajorClassAxis"
CONSTANTS = (
    "INTANGIBLE_MONETARY_ITEMS",
    "INTANGIBLE_DURATION_ITEMS",
    "PPE_MEMBERS",
    "INTANGIBLE_FINITE_ASSETS_MEMBERS",
    "INTANGIBLE_INDEFINITE_ASSETS_MEMBERS",
)
# PPE_MEMBERS without these in 10705 (the rule set as compiled for EDGAR, rule version 27)
SOFTWARE = frozenset(("SoftwareDevelopmentMember", "SoftwareAndSoftwareDevelopmentCostsMember"))
WHY = {
    "10704": "an intangible asset element belongs on FiniteLivedIntangibleAssetsByMajorClassAxis or "
    "IndefiniteLivedIntangibleAssetsByMajorClassAxis (or use a PP&E element)",
    "10705": "the member is a tangible asset: use an intangible asset member, or PropertyPlantAndEquipmentByTypeAxis",
    "10706": "the member is an intangible asset: use a tangible asset member, or an intangible asset axis",
    "10707": "software is then the type of PP&E: report the breakdown with PropertyPlantAndEquipmentGross",
}


def _names(keys: frozenset[str]) -> set[str]:
    return {k.rsplit("#", 1)[-1] for k in keys}


def _member(f: Fact, axis: str) -> str | None:
    return next((m for a, m in f.dims if local(a) == axis), None)


def _finding(code: str, f: Fact, axis: str) -> CheckResult:
    msg = (
        f"{f.qname} {f.raw or 'nil'} ({f.period_key}, {', '.join(f.dim_strings)}) is reported on {axis} with "
        f"{_member(f, axis)}: {WHY[code]}."
    )
    return fact_violation(RULE, code, f, msg, axis=axis)


def check_0204(inp: RuleInput) -> list[CheckResult]:
    intangible_items = inp.constant("INTANGIBLE_MONETARY_ITEMS") | inp.constant("INTANGIBLE_DURATION_ITEMS")
    ppe_members = _names(inp.constant("PPE_MEMBERS")) - SOFTWARE  # the compiled rule set leaves software out
    intangible_members = _names(
        inp.constant("INTANGIBLE_FINITE_ASSETS_MEMBERS") | inp.constant("INTANGIBLE_INDEFINITE_ASSETS_MEMBERS")
    )
    out = []
    for f in inp.data.facts:
        ppe, finite = _member(f, PPE), _member(f, FINITE)
        if ppe is not None and f.concept_key in intangible_items:
            out.append(_finding("10704", f, PPE))
        if finite is not None and local(finite) in ppe_members and not f.nil and f.value != 0:
            out.append(_finding("10705", f, FINITE))
        if ppe is not None and local(ppe) in intangible_members:
            out.append(_finding("10706", f, PPE))
        if ppe is not None and f.name == "CapitalizedComputerSoftwareGross" and "fasb.org/us-gaap/" in f.namespace:
            out.append(_finding("10707", f, PPE))
    return out


FAMILY = Rule(
    key="0204",
    rule_id=RULE,
    name="Intangible and Tangible Assets on the Wrong Axis",
    codes=tuple(f"{RULE}.{c}" for c in ("10704", "10705", "10706", "10707")),
    check=check_0204,
    constants=CONSTANTS,
    forms=frozenset(),  # the official rule names no forms: it runs on every filing
)
