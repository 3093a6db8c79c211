"""DQC.US.0195 "Facts using an invalid member with the Equity Components Axis".

Official logic (dqc_us_rules DQC_0195, rule set 27): a line item reported on StatementEquityComponentsAxis with a
member it cannot belong to. Every fact below is non-nil (the official fact queries say `nonils`), numeric, and may
carry further dimensions besides the equity-components member.

- 10622: a concept of the "common stock column must be empty" list (the rule's own list plus every monetary concept
  under AdjustmentsToAdditionalPaidInCapitalAbstract, DQCRT constant APIC_ADJUSTMENTS) with CommonStockMember, value
  != 0. (The official rule means to exempt AdjustmentsToAdditionalPaidInCapitalStockIssuedIssuanceCosts when no-par
  common stock is tagged 0, but its test compares a QName with a string, which is never equal: the exemption never
  applies, so we do not apply it either. The 2023 rule set leaves that concept out of the list instead.)
- 10623: StockholdersEquity with a noncontrolling-interest member (constant NCI), value != 0.
- 10624: a shares-issued / shares-outstanding concept with TreasuryStockCommonMember or TreasuryStockPreferredMember,
  value != 0.
- 10625: when the filing reports issued shares in the equity statement (SharesIssued or CommonStockSharesIssued with
  CommonStockMember as its only dimension, any period), treasury share movements must not be on CommonStockMember;
  otherwise TreasuryStockSharesRetired must not be. The engine evaluates "does the filing report issued shares" once
  per such issued-shares fact (nils included), so it reports each treasury fact once per issued-shares fact; we do
  the same, each finding naming the issued-shares fact it rests on.
- 10626: SharesIssued and SharesOutstanding both with CommonStockMember: one finding per pair with the same unit and
  the same other dimensions (any periods), about the SharesIssued fact.
- 10627: a concept of the "retained earnings column must be empty" list with a retained-earnings member, value != 0,
  unless the same concept without the axis (same period, unit, other dimensions) is reported and the member value is
  at most 10% of it (absolute values). Each such total is tested on its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from auditgraph.checks.filing_data import Fact, FilingData
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rule_data import family, split_key
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0195"
AXIS = "us-gaap:StatementEquityComponentsAxis"
COMMON = "us-gaap:CommonStockMember"
TREASURY = frozenset({"us-gaap:TreasuryStockCommonMember", "us-gaap:TreasuryStockPreferredMember"})
RETAINED = frozenset(
    {
        "us-gaap:RetainedEarningsMember",
        "us-gaap:RetainedEarningsAppropriatedMember",
        "us-gaap:RetainedEarningsUnappropriatedMember",
    }
)

# 10622: the rule's own list; the constant APIC_ADJUSTMENTS adds the APIC adjustment concepts.
COMMON_STOCK_EMPTY = (
    "PreferredStockSharesOutstanding",
    "AdjustmentsToAdditionalPaidInCapitalEquityComponentOfConvertibleDebt",
    "AdjustmentsToAdditionalPaidInCapitalEquityComponentOfConvertibleDebtSubsequentAdjustments",
    "PreferredStockDividendsShares",
    "StockIssuedDuringPeriodValueTreasuryStockReissued",
    "TreasuryStockPreferredValue",
    "ProfitLoss",
    "NetIncomeLossAttributableToRedeemableNoncontrollingInterest",
    "NetIncomeLossIncludingPortionAttributableToNonredeemableNoncontrollingInterest",
    "OtherComprehensiveIncomeLossNetOfTax",
    "PreferredStockRedemptionPremium",
    "PreferredStockRedemptionDiscount",
    "PreferredStockAccretionOfRedemptionDiscount",
    "IncreaseInCarryingAmountOfRedeemablePreferredStock",
    "PreferredStockConvertibleDownRoundFeatureIncreaseDecreaseInEquityAmount1",
    "NoncontrollingInterestIncreaseFromSubsidiaryEquityIssuance",
    "NoncontrollingInterestIncreaseFromSaleOfParentEquityInterest",
    "NoncontrollingInterestIncreaseFromBusinessCombination",
    "ComprehensiveIncomeNetOfTaxAttributableToNoncontrollingInterest",
    "MinorityInterestDecreaseFromDistributionsToNoncontrollingInterestHolders",
    "MinorityInterestDecreaseFromRedemptions",
    "NoncontrollingInterestDecreaseFromDeconsolidation",
)
SHARE_COUNTS = (
    "SharesOutstanding",
    "CommonStockSharesOutstanding",
    "PreferredStockSharesOutstanding",
    "SharesIssued",
    "CommonStockSharesIssued",
    "PreferredStockSharesIssued",
)
ISSUED = ("SharesIssued", "CommonStockSharesIssued")
TREASURY_MOVES = (
    "TreasuryStockSharesAcquired",
    "StockIssuedDuringPeriodSharesTreasuryStockReissued",
    "StockRepurchasedDuringPeriodShares",
)
# 10627: line items that do not move retained earnings, as the compiled official rule set (27.0.1) lists them (its
# source in dqc_us_rules lists three more: PreferredStockRedemptionPremium, StockIssuedDuringPeriodValueDividendReinvestmentPlan
# and ComprehensiveIncomeNetOfTaxIncludingPortionAttributableToNoncontrollingInterest, which the engine does not test).
RETAINED_EMPTY = (
    "SharesOutstanding",
    "CommonStockSharesOutstanding",
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
    "StockIssuedDuringPeriodValueRestrictedStockAwardNetOfForfeitures",
    "StockIssuedDuringPeriodSharesRestrictedStockAwardGross",
    "StockIssuedDuringPeriodSharesRestrictedStockAwardForfeited",
    "StockIssuedDuringPeriodSharesRestrictedStockAwardNetOfForfeitures",
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
    "StockIssuedDuringPeriodValueConversionOfConvertibleSecurities",
    "StockIssuedDuringPeriodSharesConversionOfConvertibleSecurities",
    "StockIssuedDuringPeriodValueConversionOfConvertibleSecuritiesNetOfAdjustments",
    "StockIssuedDuringPeriodValueConversionOfUnits",
    "StockIssuedDuringPeriodSharesConversionOfUnits",
    "StockIssuedDuringPeriodValueStockDividend",
    "CommonStockDividendsShares",
    "StockDividendsShares",
    "StockIssuedDuringPeriodSharesDividendReinvestmentPlan",
    "StockIssuedDuringPeriodValuePurchaseOfAssets",
    "StockIssuedDuringPeriodSharesPurchaseOfAssets",
    "StockIssuedDuringPeriodValueOther",
    "StockIssuedDuringPeriodSharesOther",
    "StockIssuedDuringPeriodSharesStockSplits",
    "StockIssuedDuringPeriodSharesReverseStockSplits",
    "StockRepurchasedAndRetiredDuringPeriodShares",
    "StockRepurchasedDuringPeriodValue",
    "StockRepurchasedDuringPeriodShares",
    "StockRedeemedOrCalledDuringPeriodShares",
    "TreasuryStockRetiredParValueMethodAmount",
    "TreasuryStockSharesRetired",
    "AmortizationOfESOPAward",
    "PreferredStockSharesOutstanding",
    "AdjustmentsToAdditionalPaidInCapitalEquityComponentOfConvertibleDebt",
    "AdjustmentsToAdditionalPaidInCapitalEquityComponentOfConvertibleDebtSubsequentAdjustments",
    "PreferredStockDividendsShares",
    "TreasuryStockPreferredValue",
    "PreferredStockRedemptionDiscount",
    "PreferredStockAccretionOfRedemptionDiscount",
    "NoncontrollingInterestIncreaseFromSubsidiaryEquityIssuance",
    "NoncontrollingInterestIncreaseFromSaleOfParentEquityInterest",
    "NoncontrollingInterestIncreaseFromBusinessCombination",
    "ComprehensiveIncomeNetOfTaxAttributableToNoncontrollingInterest",
    "MinorityInterestDecreaseFromDistributionsToNoncontrollingInterestHolders",
    "MinorityInterestDecreaseFromRedemptions",
    "NoncontrollingInterestDecreaseFromDeconsolidation",
    "TreasuryStockCommonValue",
    "TreasuryStockValue",
    "TreasuryStockCarryingBasis",
    "OtherComprehensiveIncomeLossNetOfTax",
    "OtherComprehensiveIncomeLossBeforeTax",
    "OtherComprehensiveIncomeLossTax",
)
TENTH = Decimal("0.1")
Index = dict[str, list[Fact]]  # concept key -> facts, duplicates dropped as the engine drops them


# --- helpers other families import from here (0009, 0011, 0013, 0014, 0123, 0182, 0194, 0196, 0197): the engine's view
# of the facts (duplicates dropped), keys and QNames of standard concepts, and the finding they all report ---------


def us_gaap_key(year: int | None, name: str) -> str:
    """The concept key of a us-gaap element in the filing's us-gaap year (what Fact.concept_key holds)."""
    return f"http://fasb.org/us-gaap/{year}#{name}"


def qname_of_key(key: str) -> str:
    """ "us-gaap:Name" for a standard concept key (how context dimensions name members), else the key."""
    ns, name = split_key(key)
    fam = family(ns)
    return f"{fam}:{name}" if fam in ("us-gaap", "srt", "dei") else key


def member_on(fact: Fact, axis: str) -> str | None:
    """The explicit member the fact has on `axis` (QName), None when the axis is not in its context."""
    return next((m for a, m in fact.dims if a == axis), None)


def other_dims(fact: Fact, axis: str) -> tuple[tuple[str, str], ...]:
    return tuple(d for d in fact.dims if d[0] != axis)


def _decimals(fact: Fact) -> float:
    return float("inf") if fact.decimals is None else float(fact.decimals)


def _same_value(a: Fact, b: Fact) -> bool:
    """Equal once both are rounded to the lower of their decimals (how the engine compares duplicates)."""
    if a.value is None or b.value is None:
        return a.value is None and b.value is None
    d = min(_decimals(a), _decimals(b))
    if d == float("inf"):
        return a.value == b.value
    return round(a.value, int(d)) == round(b.value, int(d))


_LAST_INDEX: list[tuple[FilingData, int, dict[str, list[Fact]]]] = []  # the last filing's index (ten families ask)


def engine_facts(data: FilingData) -> dict[str, list[Fact]]:
    """The numeric facts by concept key as the official engine sees them: a duplicate (same concept, period, unit,
    dimensions) with the same value as one already kept is dropped, the more precise of the two kept; duplicates
    with different values all stay. The rules then report a fact once however often the filing repeats it.

    Built once per filing read (the families of one audit share its FilingData); each caller gets its own copy."""
    if not (_LAST_INDEX and _LAST_INDEX[0][0] is data and _LAST_INDEX[0][1] == len(data.facts)):
        _LAST_INDEX[:] = [(data, len(data.facts), _engine_index(data))]
    return {k: list(v) for k, v in _LAST_INDEX[0][2].items()}


def _engine_index(data: FilingData) -> dict[str, list[Fact]]:
    groups: dict[tuple[str, str, str | None, tuple[tuple[str, str], ...]], list[Fact]] = {}
    for f in data.facts:
        kept = groups.setdefault((f.concept_key, f.period_key, f.unit, f.dims), [])
        matched = False
        for i, k in enumerate(kept):
            if _same_value(k, f):
                matched = True
                if _decimals(f) > _decimals(k):
                    kept[i] = f
        if not matched:
            kept.append(f)
    out: dict[str, list[Fact]] = {}
    for (key, *_), facts in groups.items():
        out.setdefault(key, []).extend(facts)
    return out


def facts_of(index: dict[str, list[Fact]], keys: Iterable[str]) -> list[Fact]:
    return [f for k in dict.fromkeys(keys) for f in index.get(k, [])]


def described(fact: Fact) -> str:
    """Period, dimensions and unit of a fact, for messages."""
    dims = ", ".join(fact.dim_strings) or "none"
    return f"period {fact.period_key}, dimensions {dims}, unit {fact.unit or 'none'}, context {fact.context_id}"


def violation(rule_id: str, code: str, fact: Fact, message: str) -> CheckResult:
    return CheckResult(
        rule_id=rule_id,
        sub_rule=code,
        status="violation",
        concept=fact.qname,
        reported_value=fact.raw,
        decimals=fact.decimals_raw,
        period=fact.period_key,
        dimensions=fact.dim_strings,
        unit=fact.unit,
        facts=[fact.used()],
        contexts=[fact.context_id] if fact.context_id else [],
        message=message,
    )


def nonzero(fact: Fact) -> bool:
    return fact.value is not None and fact.value != 0


# --- the sub-rules ----------------------------------------------------------------------------------------------------


def common_stock_items(inp: RuleInput, index: Index) -> list[CheckResult]:
    year = inp.year
    keys = [us_gaap_key(year, n) for n in COMMON_STOCK_EMPTY] + sorted(inp.constant("APIC_ADJUSTMENTS"))
    if year == 2023:  # the 2023 rule set leaves the stock issuance costs out of the list altogether
        keys = [k for k in keys if k != us_gaap_key(year, "AdjustmentsToAdditionalPaidInCapitalStockIssuedIssuanceCosts")]
    out = []
    for f in facts_of(index, keys):
        if nonzero(f) and member_on(f, AXIS) == COMMON:
            msg = (
                f"{f.qname} is reported as {f.raw} on {AXIS} with {COMMON} ({described(f)}). This line item does not "
                "change the common stock column of the equity statement, so it should have no value with the common "
                "stock member: check the value, or tag it with another element or member."
            )
            out.append(violation(RULE_ID, f"{RULE_ID}.10622", f, msg))
    return out


def equity_with_nci(inp: RuleInput, index: Index) -> list[CheckResult]:
    nci = {qname_of_key(k) for k in inp.constant("NCI")}
    out = []
    for f in facts_of(index, [us_gaap_key(inp.year, "StockholdersEquity")]):
        member = member_on(f, AXIS)
        if nonzero(f) and member in nci:
            msg = (
                f"{f.qname} is reported as {f.raw} with the noncontrolling-interest member {member} on {AXIS} "
                f"({described(f)}). StockholdersEquity excludes noncontrolling interest, so it should have no value "
                "with this member: use StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest instead."
            )
            out.append(violation(RULE_ID, f"{RULE_ID}.10623", f, msg))
    return out


def share_counts_with_treasury(inp: RuleInput, index: Index) -> list[CheckResult]:
    out = []
    for f in facts_of(index, [us_gaap_key(inp.year, n) for n in SHARE_COUNTS]):
        member = member_on(f, AXIS)
        if nonzero(f) and member in TREASURY:
            msg = (
                f"{f.qname} is reported as {f.raw} with the treasury stock member {member} on {AXIS} ({described(f)}). "
                "Treasury shares have their own line items (FASB taxonomy FAQ 2.16: TreasuryStockCommonShares, "
                f"TreasuryStockPreferredShares); {f.name} should have no value with a treasury stock member."
            )
            out.append(violation(RULE_ID, f"{RULE_ID}.10624", f, msg))
    return out


def treasury_moves_on_common(inp: RuleInput, index: Index) -> list[CheckResult]:
    issued = [f for f in facts_of(index, [us_gaap_key(inp.year, n) for n in ISSUED]) if f.dims == ((AXIS, COMMON),)]
    names = TREASURY_MOVES if issued else ("TreasuryStockSharesRetired",)
    out = []
    for f in facts_of(index, [us_gaap_key(inp.year, n) for n in names]):
        if f.nil or member_on(f, AXIS) != COMMON:
            continue
        if issued:
            for basis in issued:  # the engine reports the fact once per issued-shares fact (see the module docstring)
                msg = (
                    f"{f.qname} is reported as {f.raw} with {COMMON} on {AXIS} ({described(f)}). The equity statement "
                    f"counts issued shares in its common stock column ({basis.qname} = {basis.raw}, context "
                    f"{basis.context_id}), so treasury share movements do not change it: remove the member from this "
                    "fact, or use SharesOutstanding as the opening and closing share balance."
                )
                out.append(violation(RULE_ID, f"{RULE_ID}.10625", f, msg))
        else:
            msg = (
                f"{f.qname} is reported as {f.raw} with {COMMON} on {AXIS} ({described(f)}). The equity statement "
                "counts outstanding shares in its common stock column (no SharesIssued or CommonStockSharesIssued with "
                "the common stock member), so retiring treasury shares does not change it: remove the member from this "
                "fact, or use SharesIssued or CommonStockSharesIssued as the opening and closing share balance."
            )
            out.append(violation(RULE_ID, f"{RULE_ID}.10625", f, msg))
    return out


def issued_and_outstanding(inp: RuleInput, index: Index) -> list[CheckResult]:

    def on_common(name: str) -> list[Fact]:
        return [f for f in facts_of(index, [us_gaap_key(inp.year, name)]) if not f.nil and member_on(f, AXIS) == COMMON]

    out = []
    for issued in on_common("SharesIssued"):
        for outstanding in on_common("SharesOutstanding"):
            if outstanding.unit != issued.unit or other_dims(outstanding, AXIS) != other_dims(issued, AXIS):
                continue
            msg = (
                f"{issued.qname} ({issued.raw}, {described(issued)}) and {outstanding.qname} ({outstanding.raw}, "
                f"{outstanding.period_key}, context {outstanding.context_id}) are both reported with {COMMON}. The "
                "common stock column counts either issued or outstanding shares, not both: keep SharesIssued if the "
                "column shows issued shares, SharesOutstanding if it shows outstanding shares."
            )
            out.append(violation(RULE_ID, f"{RULE_ID}.10626", issued, msg))
    return out


def retained_earnings_items(inp: RuleInput, index: Index) -> list[CheckResult]:
    out = []
    for key in dict.fromkeys(us_gaap_key(inp.year, n) for n in RETAINED_EMPTY):
        facts = [f for f in index.get(key, []) if not f.nil]
        totals = [f for f in facts if member_on(f, AXIS) is None]
        for f in facts:
            member = member_on(f, AXIS)
            if member not in RETAINED or not nonzero(f):
                continue
            rest = other_dims(f, AXIS)
            aligned = [t for t in totals if t.period_key == f.period_key and t.unit == f.unit and t.dims == rest]
            base = (
                f"{f.qname} is reported as {f.raw} with the retained earnings member {member} on {AXIS} ({described(f)}). "
                "This line item does not change retained earnings, so it should have no value with a retained earnings "
                "member: check the value, or tag it with another element or member."
            )
            if f.name == "StockRepurchasedDuringPeriodValue":
                base += (
                    " Without treasury stock, repurchased shares are retired: report them with "
                    "StockRepurchasedAndRetiredDuringPeriodValue."
                )
            if not aligned:
                out.append(violation(RULE_ID, f"{RULE_ID}.10627", f, base))
            for total in aligned:  # one test per total reported without the axis
                if abs(total.amount * TENTH) < abs(f.amount):
                    msg = f"{base} It is more than 10% of the total {total.raw} reported without the axis (context {total.context_id})."
                    out.append(violation(RULE_ID, f"{RULE_ID}.10627", f, msg))
    return out


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    return [
        *common_stock_items(inp, index),
        *equity_with_nci(inp, index),
        *share_counts_with_treasury(inp, index),
        *treasury_moves_on_common(inp, index),
        *issued_and_outstanding(inp, index),
        *retained_earnings_items(inp, index),
    ]


FAMILY = Rule(
    key="0195",
    rule_id=RULE_ID,
    name="Facts using an invalid member with the Equity Components Axis",
    codes=tuple(f"{RULE_ID}.{n}" for n in range(10622, 10628)),
    check=check,
    constants=("APIC_ADJUSTMENTS", "NCI"),
    forms=frozenset(),  # the official rule names no document type: it runs on every form (20-F findings included)
)
