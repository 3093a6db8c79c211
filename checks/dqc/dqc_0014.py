"""DQC.US.0014 "Negative Values with No Dimensions".

Official logic (dqc_us_rules DQC_0014, compiled rule set 27, the same list in 2023-2025): each element of the rule's
list (the constant NON_DIMENSIONAL_NON_NEGS of the rule set, below with its element ids) must not be negative when
reported without dimensions. Every non-nil fact of a listed element with no dimension and a value < 0 (any unit,
any period, no tolerance) is reported as DQC.US.0014.<element id>. Duplicate facts with the same value count once
(dqc_0195.engine_facts).
"""

from __future__ import annotations

from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, us_gaap_key, violation
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0014"
NON_NEGATIVE = (
    (2786, "DerivativeFairValueOfDerivativeLiability"),
    (2787, "DerivativeLiabilities"),
    (2788, "FairValueMeasurementWithUnobservableInputsReconciliationRecurringBasisAssetValue"),
    (2789, "FairValueMeasurementWithUnobservableInputsReconciliationsRecurringBasisLiabilityValue"),
    (2790, "LiabilitiesFairValueDisclosure"),
    (2791, "AmortizationOfIntangibleAssets"),
    (2792, "DerivativeFairValueOfDerivativeLiabilityAmountNotOffsetAgainstCollateral"),
    (2793, "DerivativeAssets"),
    (2794, "FairValueMeasurementWithUnobservableInputsReconciliationRecurringBasisAssetTransfersOutOfLevel3"),
    (2795, "DerivativeFairValueOfDerivativeAssetAmountOffsetAgainstCollateral"),
    (2796, "DerivativeFairValueOfDerivativeLiabilityAmountOffsetAgainstCollateral"),
    (2797, "DerivativeFairValueOfDerivativeAssetAmountNotOffsetAgainstCollateral"),
    (2798, "DerivativeLiabilityFairValueGrossAsset"),
    (2799, "FinancialInstrumentsOwnedAtFairValue"),
    (2800, "DerivativeAssetFairValueGrossLiability"),
    (2801, "CashDividendsPaidToParentCompany"),
    (2802, "DerivativeFairValueOfDerivativeAsset"),
    (2803, "DerivativeLiabilitiesCurrent"),
    (2804, "InvestmentsFairValueDisclosure"),
    (2805, "CashDividendsPaidToParentCompanyByConsolidatedSubsidiaries"),
    (2806, "DerivativeCollateralObligationToReturnCash"),
    (2807, "Goodwill"),
    (2808, "LoansAndLeasesReceivableAllowance"),
    (2809, "FairValueMeasurementWithUnobservableInputsReconciliationRecurringBasisAssetTransfersIntoLevel3"),
    (3003, "PriceRiskDerivativeLiabilitiesAtFairValue"),
    (3004, "DerivativeAssetsNoncurrent"),
    (3005, "ConversionOfStockSharesConverted1"),
    (3006, "ConversionOfStockAmountConverted1"),
    (3007, "OtherLiabilitiesNoncurrent"),
    (3009, "ConversionOfStockSharesIssued1"),
    (3096, "FairValueMeasurementWithUnobservableInputsReconciliationLiabilityTransfersOutOfLevel3"),
    (7651, "RevenueFromContractWithCustomerIncludingAssessedTax"),
    (7652, "RevenueFromContractWithCustomerExcludingAssessedTax"),
    (2695, "CostOfGoodsAndServicesSold"),
    (2697, "CostOfRevenue"),
    (9093, "CostOfGoodsAndServiceExcludingDepreciationDepletionAndAmortization"),
)


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    out = []
    for number, name in NON_NEGATIVE:
        for f in index.get(us_gaap_key(inp.year, name), []):
            if f.dims or f.value is None or f.value >= 0:
                continue
            msg = (
                f"{f.qname} is reported as {f.raw} without dimensions ({described(f)}): this element is not negative. "
                "Check the value and, if it was entered with its sign, enter the absolute value and show the reduction "
                "with a negated label."
            )
            out.append(violation(RULE_ID, f"{RULE_ID}.{number}", f, msg))
    return out


FAMILY = Rule(
    key="0014",
    rule_id=RULE_ID,
    name="Negative Values with No Dimensions",
    codes=tuple(f"{RULE_ID}.{n}" for n, _ in NON_NEGATIVE),
    check=check,
    forms=frozenset(),  # the official rule names no document type
)
