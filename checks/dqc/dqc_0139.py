"""DQC.US.0139 "Banking Regulatory Capital Values": tier one capital and ratio facts that cannot be as reported.

Official logic (DQCRT 27), facts as the engine sees them (duplicates dropped), compared exactly (no rounding):
- 9855: a non-nil fact of an element of DQCRT BANKING_MEASURES_BETWEEN_ZERO_AND_ONE (ratios), without
  srt:ConsolidatedEntitiesAxis, above 1 (a ratio entered as a percentage).
- 9856: TierOneRiskBasedCapitalRequiredForCapitalAdequacy above TierOneRiskBasedCapital (same period, unit and
  dimensions).
- 9857: a non-dimensional Assets fact below a RiskWeightedAssets fact (any dimensions) of the same period and unit.
- 9858: TierOneRiskBasedCapitalRequiredForCapitalAdequacyToRiskWeightedAssets above
  TierOneRiskBasedCapitalRequiredToBeWellCapitalizedToRiskWeightedAssets (aligned; the capital-adequacy minimum cannot
  exceed the well-capitalized one, unless a buffer was tagged with the wrong element or the scale is wrong).
- 9859: the same for the amounts TierOneRiskBasedCapitalRequiredForCapitalAdequacy and
  TierOneRiskBasedCapitalRequiredToBeWellCapitalized.
- 9860: TierOneRiskBasedCapitalToRiskWeightedAssets below TierOneRiskBasedCapitalRequiredForCapitalAdequacyToRiskWeightedAssets.
Each finding is about the first fact the official message names. The compiled rule set has no form test.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal

from auditgraph.checks.dqc.dqc_0113 import aligned
from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, us_gaap_key, violation
from auditgraph.checks.filing_data import Fact, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0139"
C9855, C9856, C9857, C9858, C9859, C9860 = (f"{RULE}.{n}" for n in (9855, 9856, 9857, 9858, 9859, 9860))
ONE = Decimal(1)
REQUIRED = "TierOneRiskBasedCapitalRequiredForCapitalAdequacy"
REQUIRED_RATIO = "TierOneRiskBasedCapitalRequiredForCapitalAdequacyToRiskWeightedAssets"
WELL = "TierOneRiskBasedCapitalRequiredToBeWellCapitalized"
WELL_RATIO = "TierOneRiskBasedCapitalRequiredToBeWellCapitalizedToRiskWeightedAssets"
Index = dict[str, list[Fact]]
# (code, the fact the finding is about, the fact it is compared with, true when the first is wrong, what to say)
PAIRS: tuple[tuple[str, str, str, Callable[[Decimal, Decimal], bool], str], ...] = (
    (
        C9856,
        REQUIRED,
        "TierOneRiskBasedCapital",
        lambda a, b: a > b,
        "the tier one capital required for capital adequacy cannot exceed the tier one capital itself",
    ),
    (
        C9858,
        REQUIRED_RATIO,
        WELL_RATIO,
        lambda a, b: a > b,
        "the capital adequacy minimum ratio cannot exceed the "
        "well-capitalized ratio: check the scale, or whether a buffer is included (then use an extension element for the "
        "minimum with buffer)",
    ),
    (
        C9859,
        REQUIRED,
        WELL,
        lambda a, b: a > b,
        "the capital required for capital adequacy cannot exceed the capital "
        "required to be well capitalized: check the scale, or whether a buffer is included (then use an extension element "
        "for the minimum with buffer)",
    ),
    (
        C9860,
        REQUIRED_RATIO,
        "TierOneRiskBasedCapitalToRiskWeightedAssets",
        lambda a, b: a > b,
        "the actual tier one ratio is below the ratio required for capital adequacy; check the values and their scale",
    ),
)


def _ratios_above_one(inp: RuleInput, index: Index) -> list[CheckResult]:
    out = []
    for key in sorted(inp.constant("BANKING_MEASURES_BETWEEN_ZERO_AND_ONE")):
        for f in index.get(key, []):
            if f.value is None or any(local(a) == "ConsolidatedEntitiesAxis" for a, _ in f.dims) or f.value <= ONE:
                continue
            msg = (
                f"{f.qname} is {f.raw} ({described(f)}). This banking measure is a ratio between 0 and 1: a value "
                "above 1 is probably a percentage entered without its scale (e.g. 8 for 8% instead of 0.08)."
            )
            out.append(violation(RULE, C9855, f, msg))
    return out


def _pairs(inp: RuleInput, index: Index) -> list[CheckResult]:
    out = []
    for code, first, other, wrong, why in PAIRS:
        others = aligned(index.get(us_gaap_key(inp.year, other), []))
        for f in index.get(us_gaap_key(inp.year, first), []):
            for g in others.get((f.period_key, f.unit, f.dims), []):
                if f.value is not None and g.value is not None and wrong(f.value, g.value):
                    msg = f"{f.qname} is {f.raw} and {g.qname} is {g.raw} ({described(f)}): {why}."
                    out.append(violation(RULE, code, f, msg))
    return out


def _assets_below_rwa(inp: RuleInput, index: Index) -> list[CheckResult]:
    out = []
    rwa = index.get(us_gaap_key(inp.year, "RiskWeightedAssets"), [])
    for assets in index.get(us_gaap_key(inp.year, "Assets"), []):
        if assets.dims or assets.value is None:
            continue
        for r in rwa:
            if r.value is not None and (r.period_key, r.unit) == (assets.period_key, assets.unit) and assets.value < r.value:
                msg = (
                    f"Total assets ({assets.qname} = {assets.raw}, context {assets.context_id}) are less than "
                    f"{r.qname} = {r.raw} ({described(r)}). Risk-weighted assets cannot exceed total assets: check the "
                    "values and their scale."
                )
                # the message names both facts: the risk-weighted assets first, then the total assets
                out.append(replace(violation(RULE, C9857, r, msg), facts=[r.used(), assets.used()]))
    return out


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    return _ratios_above_one(inp, index) + _pairs(inp, index) + _assets_below_rwa(inp, index)


FAMILY = Rule(
    key="0139",
    rule_id=RULE,
    name="Banking Regulatory Capital Values",
    codes=(C9855, C9856, C9857, C9858, C9859, C9860),
    check=check,
    constants=("BANKING_MEASURES_BETWEEN_ZERO_AND_ONE",),
    forms=frozenset(),  # the compiled official rule names no form: every form
)
