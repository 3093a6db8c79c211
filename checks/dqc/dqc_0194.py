"""DQC.US.0194 "Negative Values for Members on the Statement of Equity Components Axis".

Official logic (dqc_us_rules DQC_0194, compiled rule set 27): movements of an equity column that the statement reports
as positive amounts (with a negated label where they reduce equity) must not be negative with that column's member:

- 10621: the common-stock list with CommonStockMember;
- 10636: the preferred-stock list with PreferredStockMember;
- 10637: the noncontrolling-interest increases and decreases with a member of the DQCRT constant NCI.

A non-nil numeric fact < 0 of a listed concept with the member (further dimensions allowed) is reported when the
equity-components member is its only dimension, or else when none of its other dimensions is excluded the way the
official sign rule (0015) excludes them: no member whose local name contains one of EXCLUDE_NON_NEG_STRING_MEMBERS
(case-insensitive), no member in EXCLUDE_NON_NEG_MEMBERS, no axis in EXCLUDE_NON_NEG_AXIS or StatementClassOfStockAxis,
and no axis/member pair of EXCLUDE_NON_NEG_AXIS_MEMBERS.
"""

from __future__ import annotations

from dataclasses import dataclass

from auditgraph.checks.dqc.dqc_0195 import (
    AXIS,
    COMMON,
    described,
    engine_facts,
    facts_of,
    member_on,
    qname_of_key,
    us_gaap_key,
    violation,
)
from auditgraph.checks.filing_data import Fact, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0194"
CLASS_OF_STOCK_AXIS = "us-gaap:StatementClassOfStockAxis"
EXCLUSIONS = ("EXCLUDE_NON_NEG_STRING_MEMBERS", "EXCLUDE_NON_NEG_MEMBERS", "EXCLUDE_NON_NEG_AXIS", "EXCLUDE_NON_NEG_AXIS_MEMBERS")

# The compiled rule's lists: the common and preferred lists share all but their share-count and stock-dividend items.
SHARED_POSITIVE = (
    "SharesOutstanding",
    "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
    "StockIssuedDuringPeriodValueNewIssues",
    "StockIssuedDuringPeriodSharesNewIssues",
    "StockIssuedDuringPeriodValueIssuedForServices",
    "StockIssuedDuringPeriodSharesIssuedForServices",
    "StockGrantedDuringPeriodValueSharebasedCompensationGross",
    "StockGrantedDuringPeriodValueSharebasedCompensationForfeited",
    "StockGrantedDuringPeriodValueSharebasedCompensation",
    "ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsGrantsInPeriodGross",
    "ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsForfeituresInPeriod",
    "ShareBasedCompensationArrangementByShareBasedPaymentAwardOptionsGrantsInPeriod",
    "StockIssuedDuringPeriodValueShareBasedCompensationGross",
    "StockIssuedDuringPeriodValueShareBasedCompensationForfeited",
    "StockIssuedDuringPeriodValueShareBasedCompensation",
    "StockIssuedDuringPeriodSharesShareBasedCompensationGross",
    "StockIssuedDuringPeriodSharesShareBasedCompensationForfeited",
    "StockIssuedDuringPeriodSharesShareBasedCompensation",
    "StockIssuedDuringPeriodValueRestrictedStockAwardGross",
    "StockIssuedDuringPeriodValueRestrictedStockAwardForfeitures",
    "StockIssuedDuringPeriodSharesRestrictedStockAwardGross",
    "StockIssuedDuringPeriodSharesRestrictedStockAwardForfeited",
    "StockIssuedDuringPeriodValueStockOptionsExercised",
    "StockIssuedDuringPeriodSharesStockOptionsExercised",
    "StockIssuedDuringPeriodValueEmployeeStockOwnershipPlan",
    "StockIssuedDuringPeriodSharesEmployeeStockOwnershipPlan",
    "StockIssuedDuringPeriodValueEmployeeStockPurchasePlan",
    "StockIssuedDuringPeriodSharesEmployeeStockPurchasePlans",
    "StockIssuedDuringPeriodValueEmployeeBenefitPlan",
    "StockIssuedDuringPeriodSharesEmployeeBenefitPlan",
    "StockIssuedDuringPeriodValueAcquisitions",
    "StockIssuedDuringPeriodSharesAcquisitions",
    "StockIssuedDuringPeriodValueConversionOfUnits",
    "StockIssuedDuringPeriodSharesConversionOfUnits",
    "StockIssuedDuringPeriodValueStockDividend",
    "StockDividendsShares",
    "StockIssuedDuringPeriodValueDividendReinvestmentPlan",
    "StockIssuedDuringPeriodSharesDividendReinvestmentPlan",
    "StockIssuedDuringPeriodValuePurchaseOfAssets",
    "StockIssuedDuringPeriodSharesPurchaseOfAssets",
    "StockIssuedDuringPeriodValueOther",
    "StockIssuedDuringPeriodSharesOther",
    "StockIssuedDuringPeriodSharesStockSplits",
    "StockIssuedDuringPeriodSharesReverseStockSplits",
    "StockRepurchasedAndRetiredDuringPeriodValue",
    "StockRepurchasedAndRetiredDuringPeriodShares",
    "StockRepurchasedDuringPeriodValue",
    "StockRepurchasedDuringPeriodShares",
    "StockRedeemedOrCalledDuringPeriodValue",
    "StockRedeemedOrCalledDuringPeriodShares",
    "TreasuryStockRetiredParValueMethodAmount",
    "TreasuryStockRetiredCostMethodAmount",
    "TreasuryStockSharesRetired",
    "AmortizationOfESOPAward",
)
COMMON_POSITIVE = ("CommonStockSharesOutstanding", "CommonStockDividendsShares", *SHARED_POSITIVE)
PREFERRED_POSITIVE = ("PreferredStockSharesOutstanding", "PreferredStockDividendsShares", *SHARED_POSITIVE)
NCI_POSITIVE = (
    "NoncontrollingInterestIncreaseFromSubsidiaryEquityIssuance",
    "NoncontrollingInterestIncreaseFromSaleOfParentEquityInterest",
    "NoncontrollingInterestIncreaseFromBusinessCombination",
    "NoncontrollingInterestDecreaseFromDeconsolidation",
    "MinorityInterestDecreaseFromDistributionsToNoncontrollingInterestHolders",
    "MinorityInterestDecreaseFromRedemptions",
)


@dataclass(frozen=True)
class Exclusions:
    substrings: tuple[str, ...]
    members: frozenset[str]  # member QNames
    axes: frozenset[str]  # axis QNames
    pairs: dict[str, frozenset[str]]  # axis QName -> excluded member QNames

    @classmethod
    def of(cls, inp: RuleInput, add_axes: frozenset[str] = frozenset(), drop_axes: frozenset[str] = frozenset()) -> Exclusions:
        """The sign-rule exclusions from the DQCRT constants; a rule may exclude further axes or keep some."""
        axes = {qname_of_key(k) for k in inp.constant("EXCLUDE_NON_NEG_AXIS")} | add_axes
        pairs = inp.constant("EXCLUDE_NON_NEG_AXIS_MEMBERS")
        return cls(
            tuple(inp.constant("EXCLUDE_NON_NEG_STRING_MEMBERS")),
            frozenset(qname_of_key(k) for k in inp.constant("EXCLUDE_NON_NEG_MEMBERS")),
            frozenset(axes - drop_axes),
            {qname_of_key(axis): frozenset(qname_of_key(m) for m in members) for axis, members in pairs},
        )

    def exclude(self, fact: Fact) -> bool:
        """True when a dimension of the fact takes it out of the sign test (only asked of facts with 2+ dimensions)."""
        explicit = [(a, m) for a, m in fact.dims if not m.startswith("typed:")]
        if any(s in local(m).lower() for _, m in explicit for s in self.substrings):
            return True
        if any(m in self.members for _, m in explicit):
            return True
        if any(a in self.axes for a, _ in fact.dims):
            return True
        return any(m in self.pairs.get(a, frozenset()) for a, m in explicit)


@dataclass(frozen=True)
class SubRule:
    number: int
    concepts: tuple[str, ...]
    column: str  # how messages name the member


SUB_RULES = (
    SubRule(10621, COMMON_POSITIVE, "the common stock member"),
    SubRule(10636, PREFERRED_POSITIVE, "the preferred stock member"),
    SubRule(10637, NCI_POSITIVE, "a noncontrolling interest member"),
)


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    excl = Exclusions.of(inp, add_axes=frozenset({CLASS_OF_STOCK_AXIS}), drop_axes=frozenset({AXIS}))
    members = {
        10621: frozenset({COMMON}),
        10636: frozenset({"us-gaap:PreferredStockMember"}),
        10637: frozenset(qname_of_key(k) for k in inp.constant("NCI")),
    }
    out = []
    for sub in SUB_RULES:
        code = f"{RULE_ID}.{sub.number}"
        for f in facts_of(index, [us_gaap_key(inp.year, n) for n in sub.concepts]):
            member = member_on(f, AXIS)
            if f.value is None or f.value >= 0 or member not in members[sub.number] or not f.unit:
                continue
            if len(f.dims) > 1 and excl.exclude(f):
                continue
            msg = (
                f"{f.qname} is reported as {f.raw}, below zero, with {member} on {AXIS} ({described(f)}). With "
                f"{sub.column} this movement is reported as a positive amount: check the value and, if it was entered "
                "with its sign, enter the absolute value and show the reduction with a negated label."
            )
            out.append(violation(RULE_ID, code, f, msg))
    return out


FAMILY = Rule(
    key="0194",
    rule_id=RULE_ID,
    name="Negative Values for Members on the Statement of Equity Components Axis",
    codes=tuple(f"{RULE_ID}.{s.number}" for s in SUB_RULES),
    check=check,
    constants=("NCI", *EXCLUSIONS),
    forms=frozenset(),  # the official rule names no document type
)
