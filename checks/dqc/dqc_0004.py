"""DQC.US.0004 "Assets = Liabilities and Equity" and the other balance identities of the primary statements.

Each sub-rule compares one us-gaap total with the sum of its components, fact by fact, among facts that
align (same period, unit and dimensions; the filing has one entity), nil facts left out:

- 16: Assets against LiabilitiesAndStockholdersEquity.
- 9280 Assets = AssetsCurrent + AssetsNoncurrent; 9281 Liabilities = LiabilitiesCurrent + LiabilitiesNoncurrent;
  9282 StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest = StockholdersEquity + MinorityInterest
  (facts without srt:ConsolidationItemsAxis); 9283 LiabilitiesAndStockholdersEquity = equity + liabilities +
  temporary equity; 9284 ComprehensiveIncomeNetOfTaxIncludingPortionAttributableToNoncontrollingInterest =
  ProfitLoss + OtherComprehensiveIncomeLossNetOfTax; 9285 the same total = ComprehensiveIncomeNetOfTax + its NCI
  part (or ComprehensiveIncomeNetOfTax against its own calculation children when the filer's calculation puts
  both under it).
- 9286 the period change in cash = operating + investing + financing cash flows; 9287-9291 the cash flow totals
  against their continuing and discontinued parts.

A missing component counts as zero, but a sum with no component at all is not compared. The tolerance is the
official one: both sides rounded to the least decimals d and compared with 2 * 10^-d (`exceeds` / `exceeds_comp`;
a computed sum carries no decimals of its own).
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from auditgraph.checks.dqc._common import USGAAP, by_alignment, exceeds, least, total_violation
from auditgraph.checks.dqc._common import exceeds_comp as exceeds_comp  # re-exported: dqc_0114 imports it from here
from auditgraph.checks.filing_data import Fact, FilingData
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import fmt, fmt_decimals

RULE = "DQC.US.0004"


# --- the sub-rules' expressions ---------------------------------------------------------------------------------


def choices(group: dict[str, list[Fact]], names: Sequence[str]) -> Iterable[dict[str, Fact | None]]:
    """Every combination of one fact (or none when absent) per name: XULE iterates each fact of a factset."""
    pools: list[list[Fact | None]] = [list(group.get(n, [])) or [None] for n in names]
    for combo in itertools.product(*pools):
        yield dict(zip(names, combo, strict=True))


def bound(pick: dict[str, Fact | None]) -> bool:
    """Every factset of the expression has a fact in this alignment.

    The engine evaluates an alignment only when each factset the rule names is bound there: a component the
    filing leaves out of the alignment stops the comparison instead of counting as zero (LAREDO_FY_2023's
    Assets without AssetsNoncurrent is not reported; its Assets with both components is)."""
    return all(f is not None for f in pick.values())


def total(parts: Iterable[tuple[Fact | None, int | Decimal]]) -> Decimal | None:
    """The <+> sum: absent parts count as zero; None when every part is absent."""
    present = [(f, w) for f, w in parts if f is not None]
    if not present:
        return None
    return sum((w * f.amount for f, w in present), Decimal(0))


# --- the sub-rules -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Identity:
    """base = sum(parts): how the official sub-rule compares them."""

    code: str
    base: str
    parts: tuple[str, ...]
    comp: bool  # tolerance_for_decimals_comp with the least decimals of `dec_from` (else tolerance_for_decimals)
    dec_from: tuple[str, ...] = ()
    exclude_axis: str | None = None
    what: str = ""


IDENTITIES = (
    Identity(
        "9280", "Assets", ("AssetsCurrent", "AssetsNoncurrent"), True, ("AssetsCurrent", "Assets", "AssetsNoncurrent"),
        what="current plus noncurrent assets",
    ),
    Identity(
        "9281", "Liabilities", ("LiabilitiesCurrent", "LiabilitiesNoncurrent"), True,
        ("Liabilities", "LiabilitiesCurrent", "LiabilitiesNoncurrent"), what="current plus noncurrent liabilities",
    ),
    Identity(
        "9282",
        "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
        ("StockholdersEquity", "MinorityInterest"),
        True,
        ("StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest", "StockholdersEquity", "MinorityInterest"),
        exclude_axis="ConsolidationItemsAxis",
        what="parent equity plus noncontrolling interest",
    ),
    Identity(
        "9284",
        "ComprehensiveIncomeNetOfTaxIncludingPortionAttributableToNoncontrollingInterest",
        ("ProfitLoss", "OtherComprehensiveIncomeLossNetOfTax"),
        True,
        ("ComprehensiveIncomeNetOfTaxIncludingPortionAttributableToNoncontrollingInterest", "ProfitLoss",
         "OtherComprehensiveIncomeLossNetOfTax"),
        what="profit or loss plus other comprehensive income",
    ),
    Identity(
        "9286",
        "CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseExcludingExchangeRateEffect",
        ("NetCashProvidedByUsedInOperatingActivities", "NetCashProvidedByUsedInInvestingActivities",
         "NetCashProvidedByUsedInFinancingActivities"),
        True,
        ("NetCashProvidedByUsedInOperatingActivities", "NetCashProvidedByUsedInInvestingActivities",
         "NetCashProvidedByUsedInFinancingActivities"),
        what="operating plus investing plus financing cash flows",
    ),
    Identity(
        "9287", "NetCashProvidedByUsedInFinancingActivities",
        ("NetCashProvidedByUsedInFinancingActivitiesContinuingOperations", "CashProvidedByUsedInFinancingActivitiesDiscontinuedOperations"),
        False, what="continuing plus discontinued financing cash flows",
    ),
    Identity(
        "9288", "NetCashProvidedByUsedInInvestingActivities",
        ("NetCashProvidedByUsedInInvestingActivitiesContinuingOperations", "CashProvidedByUsedInInvestingActivitiesDiscontinuedOperations"),
        False, what="continuing plus discontinued investing cash flows",
    ),
    Identity(
        "9289", "NetCashProvidedByUsedInOperatingActivities",
        ("NetCashProvidedByUsedInOperatingActivitiesContinuingOperations", "CashProvidedByUsedInOperatingActivitiesDiscontinuedOperations"),
        False, what="continuing plus discontinued operating cash flows",
    ),
    Identity(
        "9290", "NetCashProvidedByUsedInDiscontinuedOperations",
        ("CashProvidedByUsedInOperatingActivitiesDiscontinuedOperations", "CashProvidedByUsedInInvestingActivitiesDiscontinuedOperations",
         "CashProvidedByUsedInFinancingActivitiesDiscontinuedOperations"),
        False, what="the operating, investing and financing cash flows of discontinued operations",
    ),
    Identity(
        "9291", "NetCashProvidedByUsedInContinuingOperations",
        ("NetCashProvidedByUsedInOperatingActivitiesContinuingOperations", "NetCashProvidedByUsedInInvestingActivitiesContinuingOperations",
         "NetCashProvidedByUsedInFinancingActivitiesContinuingOperations"),
        False, what="the operating, investing and financing cash flows of continuing operations",
    ),
)  # fmt: skip


def finding(
    code: str, base: Fact, expected: Decimal, parts: Sequence[Fact | None], names: Sequence[str], what: str
) -> CheckResult:
    shown = ", ".join(f"{n} {p.raw if p is not None else 'not reported'}" for n, p in zip(names, parts, strict=True))
    dims = ", ".join(base.dim_strings) or "no dimensions"
    msg = (
        f"{base.qname} is {base.raw} ({base.period_key}, {dims}, unit {base.unit}, decimals {fmt_decimals(base.decimals)}) "
        f"but {what} come to {fmt(expected)} ({shown}). The two must agree within the rounding of the facts: correct "
        f"the value that was entered wrongly or tag the missing component."
    )
    return total_violation(RULE, code, base, expected, msg, parts)


def check_identity(data: FilingData, rule: Identity) -> list[CheckResult]:
    names = (rule.base, *rule.parts, *rule.dec_from)
    out: list[CheckResult] = []
    for group in by_alignment(data, names, rule.exclude_axis).values():
        for base in group.get(rule.base, []):
            for pick in choices(group, rule.parts):
                parts = [pick[n] for n in rule.parts]
                expected = total((p, 1) for p in parts)
                if expected is None or not bound(pick):
                    continue
                if rule.comp:
                    # the least decimals of every fact the sub-rule lists (the 9286 list is the components only)
                    pool = [f for n in set(rule.dec_from) for f in group.get(n, [])]
                    if not pool:
                        continue
                    min_d = least(f.decimals for f in pool)
                    bad = exceeds_comp(base.amount, base.decimals, expected, None, min_d)
                else:
                    bad = exceeds(base.amount, base.decimals, expected, None)
                if bad:
                    out.append(finding(rule.code, base, expected, parts, rule.parts, rule.what))
    return out


def check_16(data: FilingData) -> list[CheckResult]:
    """Assets against LiabilitiesAndStockholdersEquity (both reported, same alignment)."""
    out = []
    for group in by_alignment(data, ("Assets", "LiabilitiesAndStockholdersEquity")).values():
        for a in group.get("Assets", []):
            for lse in group.get("LiabilitiesAndStockholdersEquity", []):
                if exceeds(a.amount, a.decimals, lse.amount, lse.decimals):
                    f = finding("16", a, lse.amount, [lse], ["LiabilitiesAndStockholdersEquity"], "liabilities and equity")
                    out.append(f)
    return out


def check_9283(data: FilingData) -> list[CheckResult]:
    """LiabilitiesAndStockholdersEquity = equity (with NCI, else parent equity + NCI) + liabilities (else current +
    noncurrent) + temporary equity."""
    names = (
        "LiabilitiesAndStockholdersEquity",
        "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest",
        "StockholdersEquity",
        "MinorityInterest",
        "Liabilities",
        "LiabilitiesCurrent",
        "LiabilitiesNoncurrent",
        "TemporaryEquityCarryingAmountIncludingPortionAttributableToNoncontrollingInterests",
    )
    out = []
    for group in by_alignment(data, names).values():
        for pick in choices(group, names):
            lse = pick[names[0]]
            if lse is None or not bound(pick):
                continue
            seinci, se, mi = pick[names[1]], pick[names[2]], pick[names[3]]
            equity = seinci.amount if seinci is not None else (se.amount + (mi.amount if mi else Decimal(0)) if se else None)
            liab, lc, lnc = pick[names[4]], pick[names[5]], pick[names[6]]
            liabilities = liab.amount if liab is not None else total([(lc, 1), (lnc, 1)])
            if equity is None or liabilities is None:
                continue
            temp = pick[names[7]]
            expected = equity + liabilities + (temp.amount if temp is not None else Decimal(0))
            min_d = least(f.decimals for f in pick.values() if f is not None and f.name != names[7])
            if exceeds_comp(lse.amount, lse.decimals, expected, None, min_d):
                parts = [seinci or se, liab, temp]
                shown = [names[1] if seinci else names[2], names[4], names[7]]
                out.append(finding("9283", lse, expected, parts, shown, "equity, liabilities and temporary equity"))
    return out


def check_9285(data: FilingData) -> list[CheckResult]:
    """Comprehensive income including NCI = the parent's + the NCI's; when a calculation network gives
    ComprehensiveIncomeNetOfTax more than two children including both of those, the children's sum is compared
    with ComprehensiveIncomeNetOfTax instead."""
    ci, ci_nci, ci_incl = (
        "ComprehensiveIncomeNetOfTax",
        "ComprehensiveIncomeNetOfTaxAttributableToNoncontrollingInterest",
        "ComprehensiveIncomeNetOfTaxIncludingPortionAttributableToNoncontrollingInterest",
    )
    children: dict[str, list[tuple[str, Decimal]]] = defaultdict(list)
    for a in data.calc:
        if a.source.rsplit(":", 1)[-1] == ci and USGAAP in a.source_key:
            children[a.role] += [(a.target.rsplit(":", 1)[-1], w) for w in a.weights]
    special = any(len(c) > 2 and {n for n, _ in c} >= {ci_nci, ci_incl} for c in children.values())
    out: list[CheckResult] = []
    if special:
        items = [pair for c in children.values() for pair in c]  # the official rule lists the children of every network
        names = tuple(dict.fromkeys([ci] + [n for n, _ in items]))
        for group in by_alignment(data, names).values():
            for pick in choices(group, names):
                base = pick[ci]
                parts = [(pick[n], w) for n, w in items]
                expected = total(parts)
                if base is None or expected is None or not bound(pick):
                    continue
                min_d = least(f.decimals for f in pick.values() if f is not None)
                if exceeds_comp(base.amount, base.decimals, expected, None, min_d):
                    out.append(
                        finding("9285", base, expected, [p for p, _ in parts], [n for n, _ in items], "its calculation children")
                    )
        return out
    rule = Identity(
        "9285", ci_incl, (ci_nci, ci), True, (ci_incl, ci_nci, ci), what="parent plus noncontrolling comprehensive income"
    )
    return check_identity(data, rule)


def check_0004(inp: RuleInput) -> list[CheckResult]:
    data = inp.data
    out = check_16(data)
    for rule in IDENTITIES:
        out += check_identity(data, rule)
        if rule.code == "9282":
            out += check_9283(data)
        if rule.code == "9284":
            out += check_9285(data)
    return out


FAMILY = Rule(
    key="0004",
    rule_id=RULE,
    name="Assets Equals Liabilities and Equity",
    codes=tuple(
        f"{RULE}.{c}"
        for c in ("16", "9280", "9281", "9282", "9283", "9284", "9285", "9286", "9287", "9288", "9289", "9290", "9291")
    ),
    check=check_0004,
    forms=frozenset(),  # the official rule names no forms: it runs on every filing
)
