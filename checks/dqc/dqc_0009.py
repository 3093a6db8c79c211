"""DQC.US.0009 "Element A must be less than or equal to Element B".

Official logic (dqc_us_rules DQC_0009, compiled rule set 27): for each pair below, a fact of the lesser element must
not exceed the fact of the greater element reported for the same period, unit and dimensions. Both are rounded to
the lower decimals of the two (INF: not rounded); any excess after rounding is an error (no further tolerance).
The common-stock pairs against shares authorized (15, 21) do not run when the filing reports stock splits
(StockIssuedDuringPeriodSharesStockSplits, StockIssuedDuringPeriodSharesReverseStockSplits or
StockholdersEquityNoteStockSplitConversionRatio1 with more than one distinct value). A finding names the lesser
element's fact; duplicate facts with the same value are dropped first (dqc_0195.engine_facts); nil facts have no
value to compare.
"""

from __future__ import annotations

from decimal import Decimal

from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, facts_of, us_gaap_key, violation
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import dround

RULE_ID = "DQC.US.0009"
# sub-rule -> (lesser element, greater element, skipped when the filing reports stock splits)
PAIRS = {
    15: ("CommonStockSharesOutstanding", "CommonStockSharesAuthorized", True),
    19: ("PreferredStockSharesOutstanding", "PreferredStockSharesIssued", False),
    21: ("CommonStockSharesIssued", "CommonStockSharesAuthorized", True),
    22: ("PreferredStockSharesIssued", "PreferredStockSharesAuthorized", False),
    23: ("PreferredStockSharesOutstanding", "PreferredStockSharesAuthorized", False),
    24: ("CommonStockSharesOutstanding", "CommonStockSharesIssued", False),
    47: (
        "DeferredTaxLiabilityNotRecognizedAmountOfUnrecognizedDeferredTaxLiabilityUndistributedEarningsOfForeignSubsidiaries",
        "UndistributedEarningsOfForeignSubsidiaries",
        False,
    ),
    40: (
        "DefinedBenefitPlanPensionPlansWithAccumulatedBenefitObligationsInExcessOfPlanAssetsAggregateAccumulatedBenefitObligation",
        "DefinedBenefitPlanAccumulatedBenefitObligation",
        False,
    ),
    41: (
        "DefinedBenefitPlanPensionPlansWithAccumulatedBenefitObligationsInExcessOfPlanAssetsAggregateFairValueOfPlanAssets",
        "DefinedBenefitPlanFairValueOfPlanAssets",
        False,
    ),
    42: (
        "DefinedBenefitPlanPensionPlansWithAccumulatedBenefitObligationsInExcessOfPlanAssetsAggregateProjectedBenefitObligation",
        "DefinedBenefitPlanBenefitObligation",
        False,
    ),
    45: (
        "DefinedBenefitPlanExpectedFutureEmployerContributionsRemainderOfFiscalYear",
        "DefinedBenefitPlanExpectedFutureEmployerContributionsCurrentFiscalYear",
        False,
    ),
    46: ("DefinedBenefitPlanAccumulatedBenefitObligation", "DefinedBenefitPlanBenefitObligation", False),
}
SPLITS = (
    "StockIssuedDuringPeriodSharesStockSplits",
    "StockIssuedDuringPeriodSharesReverseStockSplits",
    "StockholdersEquityNoteStockSplitConversionRatio1",
)
INF = float("inf")


def _decimals(fact: Fact) -> float:
    raw = fact.decimals_raw
    return INF if raw is None or raw.strip().upper() == "INF" else float(raw)


def exceeds(less: Fact, greater: Fact) -> bool:
    """The engine's tolerance_for_decimals_greater with a tolerance factor of 0."""
    if less.amount - greater.amount <= 0:
        return False
    d = min(_decimals(less), _decimals(greater))
    places = None if d == INF else int(d)
    return abs(dround(less.amount, places) - dround(greater.amount, places)) > Decimal(0)


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    # the engine counts the distinct values of the split facts (any period, dimensions, nils included)
    splits = {f.value for f in facts_of(index, [us_gaap_key(inp.year, n) for n in SPLITS])}
    out = []
    for number, (lesser, greater, split_sensitive) in PAIRS.items():
        if split_sensitive and len(splits) > 1:
            continue
        greaters = [f for f in index.get(us_gaap_key(inp.year, greater), []) if not f.nil]
        for less in index.get(us_gaap_key(inp.year, lesser), []):
            if less.nil:
                continue
            for more in greaters:
                if (more.period_key, more.unit, more.dims) != (less.period_key, less.unit, less.dims):
                    continue
                if exceeds(less, more):
                    msg = (
                        f"{less.qname} = {less.raw} ({described(less)}) is more than {more.qname} = {more.raw} (context "
                        f"{more.context_id}) for the same period, unit and dimensions; it cannot exceed it. Check both "
                        "values, their scale and the elements used."
                    )
                    out.append(violation(RULE_ID, f"{RULE_ID}.{number}", less, msg))
    return out


FAMILY = Rule(
    key="0009",
    rule_id=RULE_ID,
    name="Element A must be less than or equal to Element B",
    codes=tuple(f"{RULE_ID}.{n}" for n in PAIRS),
    check=check,
    forms=frozenset(),  # the official rule names no document type
)
