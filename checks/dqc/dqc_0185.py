"""DQC.US.0185 "Unrecognized Tax Benefit Movements Without a Roll Forward Table": movements of unrecognized tax benefits
tagged inside the income tax contingencies text block, while the filing has no
ScheduleOfUnrecognizedTaxBenefitsRollForwardTableTextBlock, should be in a roll forward table block.

Official logic (DQCRT 27): for each of ten movement elements (UnrecognizedTaxBenefitsIncreases/Decreases... and
UnrecognizedTaxBenefitsPeriodIncreaseDecrease) with a fact, no roll forward text block fact, and the element among the
facts nested inside a SummaryOfIncomeTaxContingenciesTextBlock fact in the inline document. The graph does not keep which
facts an inline text block contains, so when the first two conditions hold and the filing has a contingencies text block
the rule is not evaluable (naming the elements); otherwise no finding is possible and the result is certain. The rule is
in the 2024 and 2025 rule sets; it tests no form.
"""

from __future__ import annotations

from auditgraph.checks.dqc.dqc_0195 import engine_facts, us_gaap_key
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.errors import RuleDataMissing

RULE = "DQC.US.0185"
CODE = f"{RULE}.10165"
QUERY = "dqc.dqc_0185_blocks"
MOVEMENTS = (
    "UnrecognizedTaxBenefitsDecreasesResultingFromCurrentPeriodTaxPositions",
    "UnrecognizedTaxBenefitsDecreasesResultingFromForeignCurrencyTranslation",
    "UnrecognizedTaxBenefitsDecreasesResultingFromPriorPeriodTaxPositions",
    "UnrecognizedTaxBenefitsDecreasesResultingFromSettlementsWithTaxingAuthorities",
    "UnrecognizedTaxBenefitsIncreasesResultingFromCurrentPeriodTaxPositions",
    "UnrecognizedTaxBenefitsIncreasesResultingFromForeignCurrencyTranslation",
    "UnrecognizedTaxBenefitsIncreasesResultingFromPriorPeriodTaxPositions",
    "UnrecognizedTaxBenefitsIncreasesResultingFromSettlementsWithTaxingAuthorities",
    "UnrecognizedTaxBenefitsPeriodIncreaseDecrease",
    "UnrecognizedTaxBenefitsReductionsResultingFromLapseOfApplicableStatuteOfLimitations",
)


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    reported = [n for n in MOVEMENTS if index.get(us_gaap_key(inp.year, n))]
    if not reported:
        return []
    [blocks] = inp.rows(QUERY) or [{"contingencies": 0, "rollforward": 0}]
    if blocks["rollforward"] or not blocks["contingencies"]:
        return []
    raise RuleDataMissing(
        "DQC.US.0185 needs the facts nested inside the inline SummaryOfIncomeTaxContingenciesTextBlock, which the graph "
        f"does not hold; the filing has no roll forward table text block and reports {', '.join(reported)}"
    )


FAMILY = Rule(
    key="0185",
    rule_id=RULE,
    name="Unrecognized Tax Benefit Movements Without a Roll Forward Table",
    codes=(CODE,),
    check=check,
    years=(2024, 2025),
    queries=(QUERY,),
    forms=frozenset(),  # the compiled official rule names no form: every form
)
