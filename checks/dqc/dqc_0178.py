"""DQC.US.0178 "Dividend Disclosures in the Statement of Changes in Shareholders Equity": dividend elements with the
wrong sign or on the wrong equity component.

Sub-rules, each on the numeric facts of the filing (dimension members compared by local name):
- 10134: a dividend element (the rule's list) on RetainedEarnings(Unappropriated)Member with a negative value;
- 10135: a positive dividend on AdditionalPaidInCapital / OtherAdditionalCapital with no positive dividend of the same
  element on retained earnings in the same period, unit and other dimensions;
- 10136: DividendsCommonStockCash / DividendsPreferredStockCash negative on additional paid-in capital;
- 10137: a stock dividend (DividendsCommonStockStock, StockIssuedDuringPeriodValueStockDividend) with the same non-zero
  value on retained earnings and in total (no StatementEquityComponentsAxis), and none on additional paid-in capital
  (the finding names the total);
- 10138: a dividend element on an equity component it cannot affect (e.g. preferred dividends on CommonStockMember,
  any dividend on treasury stock or AOCI), non-zero;
- 10145 / 10146: AdjustmentsToAdditionalPaidInCapitalDividendsInExcessOfRetainedEarnings negative on additional
  paid-in capital / in total;
- 10150: CommonStockDividendsPerShareDeclared / PreferredStockDividendsPerShareDeclared with the StatementClassOfStockAxis
  on CommonStockMember or PreferredStockMember (use the axis for a class only when there are several);
- 10152: StockIssuedDuringPeriodValueDividendReinvestmentPlan / ...StockDividend positive on RetainedEarningsMember.
Each finding names one fact; nil values take no part.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from decimal import Decimal

from auditgraph.checks.filing_data import Fact, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput, fact_violation

RULE = "DQC.US.0178"
USGAAP = "http://fasb.org/us-gaap/"
SECA = "StatementEquityComponentsAxis"
CLASS = "StatementClassOfStockAxis"
RE = ("RetainedEarningsMember", "RetainedEarningsUnappropriatedMember")
APIC = ("AdditionalPaidInCapitalMember", "OtherAdditionalCapitalMember")
DIVIDENDS = (
    "DividendsCommonStock", "DividendsCommonStockStock", "DividendsCommonStockCash", "DividendsCommonStockPaidinkind",
    "DividendsPreferredStockCash", "DividendsPreferredStock", "DividendsPreferredStockStock", "DividendsPreferredStockPaidinkind",
    "Dividends", "DividendsCash", "DividendsStock", "DividendsPaidinkind", "DividendsShareBasedCompensationCash",
    "DividendsSharebasedCompensationStock",
)  # fmt: skip
PREFERRED = (
    "DividendsPreferredStockCash",
    "DividendsPreferredStock",
    "DividendsPreferredStockStock",
    "DividendsPreferredStockPaidinkind",
)
COMMON = ("DividendsCommonStock", "DividendsCommonStockStock", "DividendsCommonStockCash", "DividendsCommonStockPaidinkind")
# 10138: equity component member -> dividend elements that cannot be reported on it
INVALID_ON_MEMBER: dict[str, tuple[str, ...]] = {
    "RetainedEarningsAppropriatedMember": DIVIDENDS,
    "CommonStockMember": (*PREFERRED, "DividendsCash", "DividendsCommonStockCash"),
    "CommonStockIncludingAdditionalPaidInCapitalMember": PREFERRED,
    "PreferredStockMember": (*COMMON, "DividendsPreferredStockCash", "DividendsCash"),
    "PreferredStockIncludingAdditionalPaidInCapitalMember": COMMON,
    "TreasuryStockPreferredMember": DIVIDENDS,
    "TreasuryStockCommonMember": DIVIDENDS,
    "AccumulatedOtherComprehensiveIncomeMember": DIVIDENDS,
    "ComprehensiveIncomeMember": DIVIDENDS,
}
STOCK_DIVIDENDS = ("DividendsCommonStockStock", "StockIssuedDuringPeriodValueStockDividend")
EXCESS = "AdjustmentsToAdditionalPaidInCapitalDividendsInExcessOfRetainedEarnings"
REINVESTED = ("StockIssuedDuringPeriodValueDividendReinvestmentPlan", "StockIssuedDuringPeriodValueStockDividend")
PER_SHARE = ("CommonStockDividendsPerShareDeclared", "PreferredStockDividendsPerShareDeclared")

Alignment = tuple[str, str, str | None, tuple[tuple[str, str], ...]]  # concept, period, unit, dimensions but the equity axis


def _name(f: Fact) -> str | None:
    ns, _, name = f.concept_key.rpartition("#")
    return name if ns.startswith(USGAAP) else None


def _member(f: Fact, axis: str) -> str | None:
    """The local name of the fact's member on `axis`, None when it has none."""
    return next((local(m) for a, m in f.dims if local(a) == axis), None)


def _alignment(f: Fact) -> Alignment:
    return (f.concept_key, f.period_key, f.unit, tuple(d for d in f.dims if local(d[0]) != SECA))


def _simple(facts: list[Fact]) -> Iterator[tuple[str, Fact, str]]:
    """(code, fact, why) of the sub-rules that test one fact at a time."""
    tests: list[tuple[str, Callable[[str, str | None, Decimal], bool], str]] = [
        ("10134", lambda n, m, v: n in DIVIDENDS and m in RE and v < 0, "a dividend on retained earnings is reported as a positive amount"),
        ("10136", lambda n, m, v: n in ("DividendsCommonStockCash", "DividendsPreferredStockCash") and m in APIC and v < 0,
         "a cash dividend charged to additional paid-in capital is reported as a positive amount"),
        ("10145", lambda n, m, v: n == EXCESS and m in APIC and v < 0, "dividends in excess of retained earnings are reported as a positive amount"),
        ("10146", lambda n, m, v: n == EXCESS and m is None and v < 0, "dividends in excess of retained earnings are reported as a positive amount"),
        ("10152", lambda n, m, v: n in REINVESTED and m == "RetainedEarningsMember" and v > 0,
         "this element is a credit: it reduces retained earnings when entered as a negative amount"),
    ]  # fmt: skip
    for f in facts:
        name = _name(f)
        if name is None or f.value is None:
            continue
        member = _member(f, SECA)
        for code, test, why in tests:
            if test(name, member, f.value):
                yield code, f, why
        if member in INVALID_ON_MEMBER and name in INVALID_ON_MEMBER[member] and f.value != 0:
            yield "10138", f, f"this dividend does not affect the {member} equity component"
        if name in PER_SHARE and _member(f, CLASS) in ("CommonStockMember", "PreferredStockMember"):
            yield "10150", f, "report per-share dividends of the only class of stock without the StatementClassOfStockAxis"


def _aligned(facts: list[Fact]) -> Iterator[tuple[str, Fact, str]]:
    """10135 and 10137: facts compared with the same element's facts on other equity components."""
    by: dict[str, dict[Alignment, list[Fact]]] = defaultdict(lambda: defaultdict(list))
    for f in facts:
        name, member = _name(f), _member(f, SECA)
        if name is None or f.value is None:
            continue
        if name in DIVIDENDS and f.value > 0 and member in APIC:
            by["apic_positive"][_alignment(f)].append(f)
        if name in DIVIDENDS and f.value > 0 and member in RE:
            by["re_positive"][_alignment(f)].append(f)
        if name in STOCK_DIVIDENDS and f.value != 0:
            group = "stock_re" if member in RE else "stock_apic" if member in APIC else "stock_total" if member is None else ""
            if group:
                by[group][_alignment(f)].append(f)
    for key, apic in by["apic_positive"].items():
        if key not in by["re_positive"]:
            for f in apic:
                yield "10135", f, "a dividend charged to additional paid-in capital should also show its retained earnings part"
    for key, totals in by["stock_total"].items():
        if key in by["stock_apic"]:
            continue
        for total in totals:
            if any(r.value == total.value for r in by["stock_re"].get(key, [])):
                yield (
                    "10137",
                    total,
                    "a stock dividend moves the amount from retained earnings to paid-in capital, so its total is 0",
                )


def _finding(code: str, f: Fact, why: str) -> CheckResult:
    dims = ", ".join(f.dim_strings) or "none"
    message = f"{f.qname} is reported as {f.raw} for {f.period_key} (dimensions {dims}): {why}. Check the sign and the member."
    return fact_violation(RULE, code, f, message)


def check(inp: RuleInput) -> list[CheckResult]:
    facts = inp.data.facts
    return [_finding(code, f, why) for code, f, why in [*_simple(facts), *_aligned(facts)]]


FAMILY = Rule(
    key="0178",
    rule_id=RULE,
    name="Dividend Disclosures in the Statement of Changes in Shareholders Equity",
    codes=tuple(f"{RULE}.{c}" for c in ("10134", "10135", "10136", "10137", "10138", "10145", "10146", "10150", "10152")),
    check=check,
    forms=frozenset(),  # the official rule set has no form test: any form
)
