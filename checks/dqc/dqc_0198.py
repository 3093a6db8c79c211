"""DQC.US.0198 "Income Tax Disclosures" (the tax rate reconciliation), sub-rule 10652: a reconciliation percentage must
equal its amount divided by income before tax.

For each non-zero (or nil) IncomeTaxExpenseBenefit fact in USD, income before tax is the fact of the same period and
dimensions of the first of: IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest,
IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments (each when
non-zero), IncomeLossAttributableToParent or IncomeLossIncludingPortionAttributableToNoncontrollingInterest less
DiscontinuedOperationIncomeLossFromDiscontinuedOperationBeforeIncomeTax (zero when absent), else the tax divided by
EffectiveIncomeTaxRateContinuingOperations. Then for each (amount, percentage) pair of the reconciliation reported in that
alignment, amount / income is compared with the percentage as intervals: each value widened by half its rounding unit
(INF: 10 places, no decimals: 0; income takes the tax fact's decimals). No overlap and a difference above 0.01 is a
finding, named by the tax fact as the official message does.

The other sub-rules (10650, 10651, 10660, 10661) apply to 10-K periods ending on or after 2025-12-15 only and are
not implemented here.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal, DivisionByZero, InvalidOperation

from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput, fact_violation
from auditgraph.checks.xbrl_decimals import fmt

RULE = "DQC.US.0198"
NUMBER = "10652"
CODE = f"{RULE}.{NUMBER}"
USD = "iso4217:USD"
TAX, RATE = "IncomeTaxExpenseBenefit", "EffectiveIncomeTaxRateContinuingOperations"
BEFORE_TAX = (
    "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
    "IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments",
)
AFTER_TAX = ("IncomeLossAttributableToParent", "IncomeLossIncludingPortionAttributableToNoncontrollingInterest")
DISCONTINUED = "DiscontinuedOperationIncomeLossFromDiscontinuedOperationBeforeIncomeTax"
# (amount, percentage) pairs of the rate reconciliation, as the rule set lists them (EQUIVALENT_TAX_RATES)
PAIRS = (
    (
        "IncomeTaxReconciliationIncomeTaxExpenseBenefitAtFederalStatutoryIncomeTaxRate",
        "EffectiveIncomeTaxRateReconciliationAtFederalStatutoryIncomeTaxRate",
    ),
    ("IncomeTaxReconciliationStateAndLocalIncomeTaxes", "EffectiveIncomeTaxRateReconciliationStateAndLocalIncomeTaxes"),
    (
        "IncomeTaxReconciliationForeignIncomeTaxRateDifferential",
        "EffectiveIncomeTaxRateReconciliationForeignIncomeTaxRateDifferential",
    ),
    ("EffectiveIncomeTaxRateReconciliationBeatAmount", "EffectiveIncomeTaxRateReconciliationBeatPercent"),
    ("EffectiveIncomeTaxRateReconciliationFdiiAmount", "EffectiveIncomeTaxRateReconciliationFdiiPercent"),
    ("EffectiveIncomeTaxRateReconciliationGiltiAmount", "EffectiveIncomeTaxRateReconciliationGiltiPercent"),
    ("EffectiveIncomeTaxRateReconciliationCrossBorderOtherAmount", "EffectiveIncomeTaxRateReconciliationCrossBorderOtherPercent"),
    (
        "EffectiveIncomeTaxRateReconciliationCrossBorderTaxEffectAmount",
        "EffectiveIncomeTaxRateReconciliationCrossBorderTaxEffectPercent",
    ),
    ("IncomeTaxReconciliationTaxCreditsResearch", "EffectiveIncomeTaxRateReconciliationTaxCreditsResearch"),
    ("IncomeTaxReconciliationTaxCreditsForeign", "EffectiveIncomeTaxRateReconciliationTaxCreditsForeign"),
    ("IncomeTaxReconciliationTaxCreditsInvestment", "EffectiveIncomeTaxRateReconciliationTaxCreditsInvestment"),
    (
        "EffectiveIncomeTaxRateReconciliationTaxCreditEnergyRelatedAmount",
        "EffectiveIncomeTaxRateReconciliationTaxCreditEnergyRelatedPercent",
    ),
    ("IncomeTaxReconciliationTaxCreditsOther", "EffectiveIncomeTaxRateReconciliationTaxCreditsOther"),
    ("IncomeTaxReconciliationTaxCredits", "EffectiveIncomeTaxRateReconciliationTaxCredits"),
    (
        "IncomeTaxReconciliationNondeductibleExpenseDepreciation",
        "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseDepreciation",
    ),
    (
        "IncomeTaxReconciliationNondeductibleExpenseAmortization",
        "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseAmortization",
    ),
    (
        "IncomeTaxReconciliationNondeductibleExpenseDepreciationAndAmortization",
        "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseDepreciationAndAmortization",
    ),
    ("IncomeTaxReconciliationNondeductibleExpenseDepletion", "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseDepletion"),
    (
        "IncomeTaxReconciliationNondeductibleExpenseMealsAndEntertainment",
        "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseMealsAndEntertainment",
    ),
    (
        "IncomeTaxReconciliationNondeductibleExpenseCharitableContributions",
        "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseCharitableContributions",
    ),
    (
        "IncomeTaxReconciliationNondeductibleExpenseRestructuringCharges",
        "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseRestructuringCharges",
    ),
    (
        "IncomeTaxReconciliationNondeductibleExpenseImpairmentLosses",
        "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseImpairmentLosses",
    ),
    (
        "IncomeTaxReconciliationNondeductibleExpenseResearchAndDevelopment",
        "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseResearchAndDevelopment",
    ),
    (
        "IncomeTaxReconciliationNondeductibleExpenseShareBasedCompensationCost",
        "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseShareBasedCompensationCost",
    ),
    ("IncomeTaxReconciliationNondeductibleExpenseLeases", "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseLeases"),
    (
        "IncomeTaxReconciliationNondeductibleExpenseLifeInsurance",
        "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseLifeInsurance",
    ),
    ("IncomeTaxReconciliationNondeductibleExpenseOther", "EffectiveIncomeTaxRateReconciliationNondeductibleExpenseOther"),
    ("IncomeTaxReconciliationNondeductibleExpense", "EffectiveIncomeTaxRateReconciliationNondeductibleExpense"),
    (
        "IncomeTaxReconciliationDeductionsExtraterritorialIncomeExclusion",
        "EffectiveIncomeTaxRateReconciliationDeductionsExtraterritorialIncomeExclusion",
    ),
    ("IncomeTaxReconciliationDeductionsDividends", "EffectiveIncomeTaxRateReconciliationDeductionsDividends"),
    (
        "IncomeTaxRateReconciliationDeductionsEmployeeStockOwnershipPlanDividends",
        "EffectiveIncomeTaxRateReconciliationDeductionsEmployeeStockOwnershipPlanDividends",
    ),
    (
        "IncomeTaxReconciliationDeductionsMedicarePrescriptionDrugBenefitSubsidy",
        "EffectiveIncomeTaxRateReconciliationDeductionsMedicarePrescriptionDrugBenefit",
    ),
    ("IncomeTaxReconciliationDeductionsOther", "EffectiveIncomeTaxRateReconciliationDeductionsOther"),
    ("IncomeTaxReconciliationDeductions", "EffectiveIncomeTaxRateReconciliationDeductions"),
    ("IncomeTaxReconciliationTaxContingenciesDomestic", "EffectiveIncomeTaxRateReconciliationTaxContingenciesDomestic"),
    ("IncomeTaxReconciliationTaxContingenciesForeign", "EffectiveIncomeTaxRateReconciliationTaxContingenciesForeign"),
    ("IncomeTaxReconciliationTaxContingenciesStateAndLocal", "EffectiveIncomeTaxRateReconciliationTaxContingenciesStateAndLocal"),
    ("IncomeTaxReconciliationTaxContingenciesOther", "EffectiveIncomeTaxRateReconciliationTaxContingenciesOther"),
    ("IncomeTaxReconciliationTaxContingencies", "EffectiveIncomeTaxRateReconciliationTaxContingencies"),
    ("IncomeTaxReconciliationTaxSettlementsDomestic", "EffectiveIncomeTaxRateReconciliationTaxSettlementsDomestic"),
    ("IncomeTaxReconciliationTaxSettlementsForeign", "EffectiveIncomeTaxRateReconciliationTaxSettlementsForeign"),
    ("IncomeTaxReconciliationTaxSettlementsStateAndLocal", "EffectiveIncomeTaxRateReconciliationTaxSettlementsStateAndLocal"),
    ("IncomeTaxReconciliationTaxSettlementsOther", "EffectiveIncomeTaxRateReconciliationTaxSettlementsOther"),
    ("IncomeTaxReconciliationTaxSettlements", "EffectiveIncomeTaxRateReconciliationTaxSettlements"),
    ("IncomeTaxReconciliationTaxExemptIncome", "EffectiveIncomeTaxRateReconciliationTaxExemptIncome"),
    (
        "IncomeTaxReconciliationEquityInEarningsLossesOfUnconsolidatedSubsidiary",
        "EffectiveIncomeTaxRateReconciliationEquityInEarningsLossesOfUnconsolidatedSubsidiary",
    ),
    ("IncomeTaxReconciliationMinorityInterestIncomeExpense", "EffectiveIncomeTaxRateReconciliationMinorityInterestIncomeExpense"),
    ("IncomeTaxReconciliationTaxHolidays", "EffectiveIncomeTaxRateReconciliationTaxHolidays"),
    ("IncomeTaxReconciliationDispositionOfBusiness", "EffectiveIncomeTaxRateReconciliationDispositionOfBusiness"),
    ("IncomeTaxReconciliationDispositionOfAssets", "EffectiveIncomeTaxRateReconciliationDispositionOfAssets"),
    ("IncomeTaxReconciliationRepatriationOfForeignEarnings", "EffectiveIncomeTaxRateReconciliationRepatriationOfForeignEarnings"),
    ("IncomeTaxReconciliationChangeInEnactedTaxRate", "EffectiveIncomeTaxRateReconciliationChangeInEnactedTaxRate"),
    ("IncomeTaxReconciliationPriorYearIncomeTaxes", "EffectiveIncomeTaxRateReconciliationPriorYearIncomeTaxes"),
    (
        "IncomeTaxReconciliationChangeInDeferredTaxAssetsValuationAllowance",
        "EffectiveIncomeTaxRateReconciliationChangeInDeferredTaxAssetsValuationAllowance",
    ),
    (
        "EffectiveIncomeTaxRateReconciliationShareBasedCompensationExcessTaxBenefitAmount",
        "EffectiveIncomeTaxRateReconciliationShareBasedCompensationExcessTaxBenefitPercent",
    ),
    ("IncomeTaxReconciliationOtherAdjustments", "EffectiveIncomeTaxRateReconciliationOtherAdjustments"),
    ("IncomeTaxReconciliationOtherReconcilingItems", "EffectiveIncomeTaxRateReconciliationOtherReconcilingItemsPercent"),
    ("IncomeTaxExpenseBenefit", "EffectiveIncomeTaxRateContinuingOperations"),
)
Key = tuple[str, tuple[tuple[str, str], ...]]  # (period, dims): the alignment of the rule's factsets


def half_unit(f: Fact) -> Decimal:
    """Half the rounding unit of a fact: INF decimals count as 10 places, none as 0 (fact_intervals)."""
    raw = (f.decimals_raw or "").strip().upper()
    d = 10 if raw == "INF" else (f.decimals if f.decimals is not None else 0)
    return Decimal(1).scaleb(-d) / 2


def value(f: Fact | None) -> Decimal | None:
    return None if f is None or f.nil else f.value


class Facts:
    """The filing's us-gaap facts by local name and alignment."""

    def __init__(self, facts: list[Fact]) -> None:
        self.by: dict[str, dict[Key, list[Fact]]] = defaultdict(lambda: defaultdict(list))
        for f in facts:
            if "fasb.org/us-gaap/" in f.namespace:
                self.by[f.name][(f.period_key, f.dims)].append(f)

    def get(self, name: str, key: Key, usd: bool = True, nonzero: bool = False) -> list[Fact]:
        out = [f for f in self.by.get(name, {}).get(key, []) if not usd or f.unit == USD]
        return [f for f in out if f.value != 0] if nonzero else out


def income_before_tax(facts: Facts, key: Key, tax: Fact) -> Decimal | None:
    for name in BEFORE_TAX:
        found = facts.get(name, key, nonzero=True)
        if found:
            return value(found[0])
    for name in AFTER_TAX:
        found = facts.get(name, key, nonzero=True)
        if found:
            # a discontinued-operations fact absent from the alignment counts as zero (NGL_FY_2024)
            disc = [v for v in (value(f) for f in facts.get(DISCONTINUED, key)) if v is not None]
            income = value(found[0])
            return None if income is None else income - (disc[0] if disc else Decimal(0))
    rates = [r for r in facts.get(RATE, key, usd=False, nonzero=True) if value(r) is not None]
    tax_value = value(tax)
    if not rates or tax_value is None:
        return None
    return tax_value / rates[0].amount


def quotient_range(num: Fact, num_v: Decimal, income: Decimal, income_half: Decimal) -> tuple[Decimal, Decimal] | None:
    """min and max of (num ± half unit) / (income ± half unit); None when the income interval reaches zero."""
    h = half_unit(num)
    try:
        qs = [n / d for n in (num_v - h, num_v + h) for d in (income - income_half, income + income_half)]
    except (DivisionByZero, InvalidOperation):
        return None
    return min(qs), max(qs)


def _finding(tax: Fact, amount: Fact, pct: Fact, income: Decimal, ratio: Decimal) -> CheckResult:
    msg = (
        f"{pct.qname} is reported as {pct.raw} ({pct.period_key}, {', '.join(pct.dim_strings) or 'no dimensions'}, "
        f"decimals {pct.decimals_raw}) but {amount.qname} {amount.raw} divided by income before tax {fmt(income)} is "
        f"{fmt(ratio.quantize(Decimal('0.0001')))}: the percentage of the rate reconciliation should match its amount. "
        + (
            "Give the percentage decimals that reflect its rounding (e.g. 2) rather than INF. "
            if pct.decimals_raw == "INF"
            else ""
        )
        + f"Income tax fact: {tax.qname} {tax.raw or 'nil'}."
    )
    return fact_violation(
        RULE,
        NUMBER,
        pct,
        msg,
        expected_value=fmt(ratio),
        facts=[tax.used("fact")],  # the official finding names the income tax fact the evaluation starts from
        contexts=sorted({f.context_id or f.context_key for f in (tax, amount, pct)}),
    )


def check_0198(inp: RuleInput) -> list[CheckResult]:
    facts = Facts(inp.data.facts)
    out = []
    for key, taxes in facts.by.get(TAX, {}).items():
        for tax in taxes:
            if tax.unit != USD or tax.value == 0:
                continue  # nil tax facts count: the rule filters on value != 0 only
            income = income_before_tax(facts, key, tax)
            if income is None or income == 0:
                continue
            income_half = half_unit(tax)
            for amount_name, pct_name in PAIRS:
                for amount in facts.get(amount_name, key):
                    for pct in facts.get(pct_name, key, usd=False):
                        num_v, pct_v = value(amount), value(pct)
                        if num_v is None or pct_v is None:
                            continue
                        span = quotient_range(amount, num_v, income, income_half)
                        if span is None:
                            continue
                        low, high = pct_v - half_unit(pct), pct_v + half_unit(pct)
                        ratio = num_v / income
                        if not (span[0] <= high and span[1] >= low) and abs(ratio - pct_v) > Decimal("0.01"):
                            out.append(_finding(tax, amount, pct, income, ratio))
    return out


FAMILY = Rule(
    key="0198",
    rule_id=RULE,
    name="Income Tax Disclosures",
    codes=(CODE,),
    check=check_0198,
    forms=frozenset(),  # the official sub-rule names no forms: it runs on every filing
)
