"""DQC.US.0108 "Fact Value Consistency Over Time": a value for a period cannot exceed the value of the same element
for a longer period that contains it, when the element cannot be negative.

- 9564: monetary duration elements of DQCRT NON_NEG_ITEMS (names with average/maximum/minimum and five flow
  elements left out). A fact is compared with every fact of the same element, unit and dimensions whose period
  contains its own (at least one other such fact must exist); facts whose members are eliminations, adjustments
  and the like (the 0015 exclusions: EXCLUDE_NON_NEG_* constants) are left out.
- 10095: the 0014 list of elements that are never negative (monetary, duration), non-dimensional facts only.

A finding needs: |fact| > |longer|, fact > 0, the fact's period no longer than the other's, and a difference beyond
the rounding tolerance (both rounded to the least decimals d, 2 * 10^-d).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from auditgraph.checks.dqc._common import exceeds
from auditgraph.checks.filing_data import Fact, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput, fact_violation
from auditgraph.checks.xbrl_decimals import fmt

RULE = "DQC.US.0108"
S9564, S10095 = f"{RULE}.9564", f"{RULE}.10095"
NOT_CHECKED = frozenset(
    (
        "CapitalExpendituresIncurredButNotYetPaid",
        "ConstructionInProgressExpendituresIncurredButNotYetPaid",
        "EquitySecuritiesFvNiUnrealizedLoss",
        "EquitySecuritiesFvNiUnrealizedGain",
        "LeaseCost",
    )
)
# The rule set's own list of elements that are never negative (constant.xule NON_DIMENSIONAL_NON_NEGS, DQC.US.0014).
NEVER_NEGATIVE = frozenset(
    """DerivativeFairValueOfDerivativeLiability DerivativeLiabilities
    FairValueMeasurementWithUnobservableInputsReconciliationRecurringBasisAssetValue
    FairValueMeasurementWithUnobservableInputsReconciliationsRecurringBasisLiabilityValue LiabilitiesFairValueDisclosure
    AmortizationOfIntangibleAssets DerivativeFairValueOfDerivativeLiabilityAmountNotOffsetAgainstCollateral DerivativeAssets
    FairValueMeasurementWithUnobservableInputsReconciliationRecurringBasisAssetTransfersOutOfLevel3
    DerivativeFairValueOfDerivativeAssetAmountOffsetAgainstCollateral
    DerivativeFairValueOfDerivativeLiabilityAmountOffsetAgainstCollateral
    DerivativeFairValueOfDerivativeAssetAmountNotOffsetAgainstCollateral DerivativeLiabilityFairValueGrossAsset
    FinancialInstrumentsOwnedAtFairValue DerivativeAssetFairValueGrossLiability CashDividendsPaidToParentCompany
    DerivativeFairValueOfDerivativeAsset DerivativeLiabilitiesCurrent InvestmentsFairValueDisclosure
    CashDividendsPaidToParentCompanyByConsolidatedSubsidiaries DerivativeCollateralObligationToReturnCash Goodwill
    LoansAndLeasesReceivableAllowance FairValueMeasurementWithUnobservableInputsReconciliationRecurringBasisAssetTransfersIntoLevel3
    PriceRiskDerivativeLiabilitiesAtFairValue DerivativeAssetsNoncurrent ConversionOfStockSharesConverted1
    ConversionOfStockAmountConverted1 OtherLiabilitiesNoncurrent ConversionOfStockSharesIssued1
    FairValueMeasurementWithUnobservableInputsReconciliationLiabilityTransfersOutOfLevel3
    RevenueFromContractWithCustomerIncludingAssessedTax RevenueFromContractWithCustomerExcludingAssessedTax
    CostOfGoodsAndServicesSold CostOfRevenue CostOfGoodsAndServiceExcludingDepreciationDepletionAndAmortization""".split()
)
# The official rule-form-lookup row of 0108 (the rule checks applicable_form itself). Its REPORT_TYPE_EXCLUSIONS
# (registration statements and 10-12G) are none of these, so the form guard covers them too.
FORMS = frozenset(
    (
        *("10-K", "10-K/A", "10-KT", "10-KT/A", "20-F", "20-F/A", "40-F", "40-F/A"),
        *("10-Q", "10-Q/A", "10-QT", "10-QT/A", "SBSEF-FIN-QTR", "SBSEF-FIN-QTR/A"),
        *("DEF 14A", "DEF 14C", "DEFA14A", "DEFA14C", "DEFC14A", "DEFC14C", "DEFM14A", "DEFM14C", "DEFR14A", "DEFR14C"),
        *("PRE 14A", "PRE 14C", "PREC14A", "PREC14C", "PREM14A", "PREM14C", "PRER14A", "PRER14C"),
        *("8-K", "8-K/A", "6-K", "11-K", "11-K/A", "11-KT"),
    )
)


class Exclusions:
    """The 0015 dimensional exclusions the rule applies to 9564 facts (DQCRT EXCLUDE_NON_NEG_* constants)."""

    def __init__(self, inp: RuleInput) -> None:
        self.substrings: frozenset[str] = inp.constant("EXCLUDE_NON_NEG_STRING_MEMBERS")
        self.members = {local_key(k) for k in inp.constant("EXCLUDE_NON_NEG_MEMBERS")}
        self.axes = {local_key(k) for k in inp.constant("EXCLUDE_NON_NEG_AXIS")}
        self.pairs = {local_key(a): {local_key(m) for m in ms} for a, ms in inp.constant("EXCLUDE_NON_NEG_AXIS_MEMBERS")}

    def keeps(self, f: Fact) -> bool:
        if not f.dims:
            return True
        explicit = [(local(a), local(m)) for a, m in f.dims if not m.startswith("typed:")]
        if any(s in m.lower() for _, m in explicit for s in self.substrings):
            return False
        if any(m in self.members for _, m in explicit) or any(local(a) in self.axes for a, _ in f.dims):
            return False
        return not any(m in self.pairs.get(a, ()) for a, m in explicit)


def local_key(key: str) -> str:
    return key.rsplit("#", 1)[-1]


def contains(big: Fact, small: Fact) -> bool:
    assert big.start and big.end and small.start and small.end  # duration facts only
    return big.start <= small.start and big.end >= small.end


def _finding(code: str, f: Fact, big: Fact) -> CheckResult:
    days, big_days = (f.days or 0) + 1, (big.days or 0) + 1  # days covered, both ends included
    msg = (
        f"{f.qname} is {f.raw} for {f.start} to {f.end} ({days} days) but only {big.raw} for the longer or equal period "
        f"{big.start} to {big.end} ({big_days} days) that contains it ({', '.join(f.dim_strings) or 'no dimensions'}, "
        f"unit {f.unit}). The element cannot be negative, so the part of a period cannot exceed the whole: check both "
        f"values, and their decimals ({f.decimals_raw} and {big.decimals_raw}) if the difference is small."
    )
    return fact_violation(
        RULE,
        code,
        f,
        msg,
        expected_value=big.raw,
        difference=fmt(f.amount - big.amount),
        facts=[f.used("fact")],  # the official message is about the shorter period's fact
        contexts=sorted({x.context_id or x.context_key for x in (f, big)}),
    )


def _groups(facts: Iterable[Fact]) -> dict[tuple[str, str | None, tuple[tuple[str, str], ...]], list[Fact]]:
    out: dict[tuple[str, str | None, tuple[tuple[str, str], ...]], list[Fact]] = defaultdict(list)
    for f in facts:
        out[(f.concept_key, f.unit, f.dims)].append(f)
    return out


def _compare(code: str, group: list[Fact], pool: list[Fact], need_company: bool) -> list[CheckResult]:
    out = []
    for f in group:
        if need_company and sum(1 for x in group if contains(x, f)) < 2:
            continue
        for big in pool:
            if not contains(big, f) or abs(f.amount) <= abs(big.amount) or f.amount <= 0:
                continue
            if (f.days or 0) <= (big.days or 0) and exceeds(f.amount, f.decimals, big.amount, big.decimals):
                out.append(_finding(code, f, big))
    return out


def check_0108(inp: RuleInput) -> list[CheckResult]:
    data = inp.data
    listed: dict[str, str] = inp.constant("NON_NEG_ITEMS")
    ex = Exclusions(inp)
    durations = [f for f in data.facts if f.kind == "duration" and f.monetary and not f.nil and f.value is not None]

    def cut_down(f: Fact) -> bool:
        name = f.name.lower()
        if f.concept_key not in listed or f.name in NOT_CHECKED:
            return False
        return not any(w in name for w in ("average", "maximum", "minimum"))

    out = []
    for group in _groups(f for f in durations if cut_down(f)).values():
        kept = [f for f in group if ex.keeps(f)]
        out += _compare("9564", kept, kept, need_company=True)
    never = [f for f in durations if f.name in NEVER_NEGATIVE and "fasb.org/us-gaap/" in f.namespace and not f.dims]
    for group in _groups(never).values():
        out += _compare("10095", group, group, need_company=False)
    return out


FAMILY = Rule(
    key="0108",
    rule_id=RULE,
    name="Fact Value Consistency Over Time",
    codes=(S9564, S10095),
    check=check_0108,
    constants=(
        "NON_NEG_ITEMS",
        "EXCLUDE_NON_NEG_STRING_MEMBERS",
        "EXCLUDE_NON_NEG_MEMBERS",
        "EXCLUDE_NON_NEG_AXIS",
        "EXCLUDE_NON_NEG_AXIS_MEMBERS",
    ),
    forms=FORMS,
)
