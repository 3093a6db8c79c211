"""DQC.US.0013 "Negative Values with Dependence".

Official logic (dqc_us_rules DQC_0013, compiled rule set 27): when income before tax is positive, the listed
effective-tax-rate reconciliation items must not be negative. Income before tax is, for the whole filing, the first
of these the filing reports at all (the engine picks the branch once, not per period):

1. IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest;
2. IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments plus
   IncomeLossFromEquityMethodInvestments (same period, unit and dimensions; missing counts as zero);
3. IncomeLossFromContinuingOperationsBeforeIncomeTaxesDomestic plus ...Foreign plus IncomeLossFromEquityMethodInvestments,
   iterated over the domestic facts when the filing has any, else over the foreign ones.

Each income-before-tax value > 0 is compared with every fact of a listed rate reported for the same period and
dimensions (any unit), value < 0, that no dimension excludes the way the sign rule (0015) excludes it
(EXCLUDE_NON_NEG_* constants). The finding, DQC.US.0013.<element id>, names the income-before-tax fact that drives
the test, as the engine does.
"""

from __future__ import annotations

from decimal import Decimal

from auditgraph.checks.dqc.dqc_0194 import EXCLUSIONS, Exclusions
from auditgraph.checks.dqc.dqc_0195 import Index, engine_facts, us_gaap_key, violation
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0013"
RATES = (
    (2774, "EffectiveIncomeTaxRateReconciliationTaxCredits"),
    (2776, "EffectiveIncomeTaxRateReconciliationDeductionsQualifiedProductionActivities"),  # 2023 and 2024 rule sets only
    (2778, "EffectiveIncomeTaxRateReconciliationTaxCreditsResearch"),
    (2779, "EffectiveIncomeTaxRateReconciliationDeductionsOther"),
    (2780, "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseLifeInsurance"),
    (2781, "EffectiveIncomeTaxRateReconciliationTaxCreditsOther"),
    (2782, "EffectiveIncomeTaxRateReconciliationTaxCreditsInvestment"),
    (2783, "EffectiveIncomeTaxRateReconciliationTaxCreditsForeign"),
    (2784, "EffectiveIncomeTaxRateReconciliationDeductionsDividends"),
    (2785, "EffectiveIncomeTaxRateReconciliationRepatriationOfForeignEarnings"),
    (2871, "EffectiveIncomeTaxRateReconciliationTaxHolidays"),
    (2872, "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseResearchAndDevelopment"),
    (2873, "EffectiveIncomeTaxRateReconciliationDeductions"),
    (2874, "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseImpairmentLosses"),
    (3001, "EffectiveIncomeTaxRateReconciliationDeductionsEmployeeStockOwnershipPlanDividends"),
    (3002, "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseMealsAndEntertainment"),
    (3439, "EffectiveIncomeTaxRateReconciliationDeductionsExtraterritorialIncomeExclusion"),
    (3440, "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseCharitableContributions"),
    (3441, "EffectiveIncomeTaxRateReconciliationRepatriationForeignEarningsJobsCreationActOf2004"),
    (9789, "EffectiveIncomeTaxRateReconciliationBeatPercent"),
    (9791, "EffectiveIncomeTaxRateReconciliationFdiiPercent"),
)
PRE_2025_ONLY = frozenset({2776})
TOTAL = "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest"
BEFORE_EQUITY_METHOD = (
    "IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments"
)
EQUITY_METHOD = "IncomeLossFromEquityMethodInvestments"
DOMESTIC = "IncomeLossFromContinuingOperationsBeforeIncomeTaxesDomestic"
FOREIGN = "IncomeLossFromContinuingOperationsBeforeIncomeTaxesForeign"

Income = tuple[Fact, Decimal]  # the fact the test is about, and the income before tax it stands for


def _facts(index: Index, year: int | None, name: str) -> list[Fact]:
    return [f for f in index.get(us_gaap_key(year, name), []) if not f.nil and f.unit]


def _plus(index: Index, year: int | None, base: Fact, names: tuple[str, ...]) -> Decimal:
    """base plus the aligned facts of `names` (same period, unit, dimensions; a missing one adds nothing)."""
    total = base.amount
    for name in names:
        for f in _facts(index, year, name):
            if (f.period_key, f.unit, f.dims) == (base.period_key, base.unit, base.dims):
                total += f.amount
                break
    return total


def income_before_tax(index: Index, year: int | None) -> list[Income]:
    if totals := _facts(index, year, TOTAL):
        return [(f, f.amount) for f in totals]
    if before := _facts(index, year, BEFORE_EQUITY_METHOD):
        return [(f, _plus(index, year, f, (EQUITY_METHOD,))) for f in before]
    if domestic := _facts(index, year, DOMESTIC):
        return [(f, _plus(index, year, f, (FOREIGN, EQUITY_METHOD))) for f in domestic]
    return [(f, _plus(index, year, f, (DOMESTIC, EQUITY_METHOD))) for f in _facts(index, year, FOREIGN)]


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    excl = Exclusions.of(inp)
    incomes = [(f, v) for f, v in income_before_tax(index, inp.year) if v > 0]
    out = []
    for number, name in RATES:
        if number in PRE_2025_ONLY and (inp.year or 0) >= 2025:
            continue
        rates = [f for f in _facts(index, inp.year, name) if f.amount < 0 and not excl.exclude(f)]
        for income, value in incomes:
            for rate in rates:
                if (rate.period_key, rate.dims) != (income.period_key, income.dims):
                    continue
                msg = (
                    f"{rate.qname} is reported as {rate.raw} (period {rate.period_key}, context {rate.context_id}) while "
                    f"income before tax is positive, {value} ({income.qname}, context {income.context_id}). With a "
                    "positive income this reconciliation item is reported as a positive rate: check the value and, if "
                    "it was entered with its sign, enter the absolute value and show the reduction with a negated label."
                )
                out.append(violation(RULE_ID, f"{RULE_ID}.{number}", income, msg))
    return out


FAMILY = Rule(
    key="0013",
    rule_id=RULE_ID,
    name="Negative Values with Dependence",
    codes=tuple(f"{RULE_ID}.{n}" for n, _ in RATES),
    check=check,
    constants=EXCLUSIONS,
    forms=frozenset(),  # the official rule names no document type
)
