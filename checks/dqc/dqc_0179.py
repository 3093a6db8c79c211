"""DQC.US.0179: dividend facts reported with the wrong axes, dates or periods.

- 10139: a dividend element (per-share amounts, declaration / record / payment dates) on an axis that does not
  identify a dividend (award type, equity component, debt instrument, ... or the filer's own dividend date axes),
  one finding per such axis; a fact on both srt:RangeAxis and dei:LegalEntityAxis is left alone.
- 10140: of two dividend dates with the same dimensions, the earlier event's date is later (declared > record,
  declared > payment, record > payment).
- 10141: a CommonStockDividendsPerShareDeclared amount scaled in the inline document; the graph holds no inline
  scale, so this one code is reported not evaluable when the filing has such a fact.
- 10142: a dividends declared per share amount for a period ending before the report's period end that is used by
  fewer than five facts, lies strictly inside a reporting period of the filing (a duration under 398 days) and is
  not a quarter.
- 10143: one element on one DividendsAxis member for more than one period (other than per class of stock).
- 10144: DividendsPayableAmountPerShare still payable after the dividend's payment date (same dimensions).
- 10151: a dividend date without DividendsAxis.
Dates compare as the XULE engine compares them: a duration ends at the start of the day after its last day.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from auditgraph.checks.result import CheckResult, FactUsed
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0179"
FACTS_QUERY = "dqc.dqc_0179_facts"
DURATIONS_QUERY = "dqc.dqc_0179_durations"
GAAP = "http://fasb.org/us-gaap/"
SRT = "http://fasb.org/srt/"
DEI = "http://xbrl.sec.gov/dei/"

PER_SHARE_PAYABLE = "DividendsPayableAmountPerShare"
DECLARED = "DividendsPayableDateDeclaredDayMonthAndYear"
RECORD = "DividendsPayableDateOfRecordDayMonthAndYear"
PAID = "DividendPayableDateToBePaidDayMonthAndYear"
PAID_MONTH = "DividendsPayableDateToBePaidMonthAndYear"
COMMON_DECLARED = "CommonStockDividendsPerShareDeclared"
PREFERRED_DECLARED = "PreferredStockDividendsPerShareDeclared"
DIVIDEND_ELEMENTS = (PER_SHARE_PAYABLE, RECORD, DECLARED, PAID, COMMON_DECLARED, PREFERRED_DECLARED)
DATES = (DECLARED, RECORD, PAID)
DATE_ORDER = ((DECLARED, RECORD), (DECLARED, PAID), (RECORD, PAID))  # (earlier event, later event)

# Axes that do not identify a dividend (10139), by namespace family; "ext" is the filing's own namespace.
WRONG_AXES = {
    GAAP: frozenset(
        (
            "AwardTypeAxis",
            "AwardDateAxis",
            "StatementEquityComponentsAxis",
            "FairValueByAssetClassAxis",
            "RelatedPartyTransactionsByRelatedPartyAxis",
            "SubsidiarySaleOfStockAxis",
            "DebtInstrumentAxis",
            "LongtermDebtTypeAxis",
        )
    ),
    SRT: frozenset(("TitleOfIndividualAxis", "CurrencyAxis", "RangeAxis")),
    "ext": frozenset(
        ("DividendDeclarationDateAxis", "DividendDeclaredAxis", "DividendsDeclaredTypeAxis", "DistributionsPaymentDateAxis")
    ),
}
MAX_PERIOD_DAYS = 398  # a reporting period is a duration shorter than this (both ends counted)
MIN_PERIOD_USE = 5  # a period used by this many facts is one of the report's own periods
ONE_DAY = dt.timedelta(days=1)


@dataclass(frozen=True)
class Row:
    """A fact as the rule reads it: any type, with its axes (concept key, QName, member)."""

    fact_id: str
    concept_key: str
    qname: str
    value: str | None
    nil: bool
    decimals: str | None
    unit: str | None
    context_id: str | None
    period_key: str
    start: dt.date | None
    end: dt.date | None
    dims: tuple[str, ...]
    axes: tuple[tuple[str, str, str], ...]  # (axis key, axis QName, member)

    @property
    def namespace(self) -> str:
        return self.concept_key.split("|")[-1].split("#")[0]

    @property
    def name(self) -> str:
        return self.concept_key.split("#")[-1]

    def gaap(self, *names: str) -> bool:
        return self.namespace.startswith(GAAP) and self.name in names

    def axis(self, namespace: str, name: str) -> str | None:
        """The member on the axis `name` of a standard namespace family (GAAP, SRT, DEI), else None."""
        for key, _, member in self.axes:
            ns, _, local = key.split("|")[-1].partition("#")
            if ns.startswith(namespace) and local == name:
                return member
        return None

    @property
    def xule_end(self) -> dt.date | None:
        """The end as XULE compares it: a duration (and an instant) ends at the start of the next day."""
        return self.end + ONE_DAY if self.end else None

    @property
    def days(self) -> int | None:
        return (self.end - self.start).days + 1 if self.start and self.end else None

    def used(self) -> FactUsed:
        return FactUsed(
            fact_id=self.fact_id,
            concept=self.qname,
            value=self.value,
            decimals=self.decimals,
            context_id=self.context_id,
            period=self.period_key,
            dimensions=list(self.dims),
            unit=self.unit,
            role="fact",
        )

    def describe(self) -> str:
        dims = ", ".join(self.dims) or "none"
        value = "nil" if self.nil else self.value
        unit = f", unit {self.unit}" if self.unit else ""
        return f"{self.qname} (value {value}, period {self.period_key}, dimensions {dims}{unit}, context {self.context_id})"


def _date(v: object) -> dt.date | None:
    if v is None:
        return None
    if isinstance(v, dt.date):
        return v
    native = v.to_native() if hasattr(v, "to_native") else v
    return native if isinstance(native, dt.date) else dt.date.fromisoformat(str(native))


def _row(r: Any) -> Row:
    return Row(
        r["fact_id"],
        r["concept_key"],
        r["qname"],
        r["value"],
        bool(r["nil"]),
        r["decimals"],
        r["unit"],
        r["context_id"],
        r["period_key"],
        _date(r["start"]),
        _date(r["end"]),
        tuple(r["dims"]),
        tuple((a["key"], a["qname"], a["member"]) for a in r["axes"]),
    )


def _value_date(row: Row) -> dt.date | None:
    """A date fact's value as a date (None when nil or not a date)."""
    if row.nil or not row.value:
        return None
    try:
        return dt.date.fromisoformat(row.value.strip()[:10])
    except ValueError:
        return None


def _finding(code: str, row: Row, text: str, facts: Sequence[Row] = ()) -> CheckResult:
    return CheckResult(
        rule_id=RULE_ID,
        sub_rule=f"{RULE_ID}.{code}",
        status="violation",
        concept=row.qname,
        reported_value=row.value,
        decimals=row.decimals,
        period=row.period_key,
        dimensions=list(row.dims),
        unit=row.unit,
        facts=[x.used() for x in (facts or (row,))],
        contexts=[x.context_id for x in (facts or (row,)) if x.context_id],
        message=text,
    )


def _wrong_axes(row: Row) -> list[str]:
    out = []
    for key, qname, _ in row.axes:
        ns, _, name = key.split("|")[-1].partition("#")
        # an extension concept's key starts with the filing id: the filer's own namespace
        family = next((f for f in (GAAP, SRT) if ns.startswith(f)), "ext" if "|" in key else None)
        if family and name in WRONG_AXES[family]:
            out.append(qname)
    return out


def check_axes(rows: list[Row]) -> Iterable[CheckResult]:
    """10139 (nil facts too)."""
    for row in rows:
        if not row.gaap(*DIVIDEND_ELEMENTS):
            continue
        if row.axis(SRT, "RangeAxis") is not None and row.axis(DEI, "LegalEntityAxis") is not None:
            continue
        for axis in _wrong_axes(row):
            yield _finding(
                "10139",
                row,
                f"{row.describe()} is a dividend value reported on {axis}, an axis that does not identify a dividend; "
                "report it on DividendsAxis with a member for the dividend instead.",
            )


def check_date_order(rows: list[Row]) -> Iterable[CheckResult]:
    """10140: per pair of events, facts with the same dimensions (any periods), non-nil."""
    by_name: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        if row.gaap(*DATES) and _value_date(row) is not None:
            by_name[row.name].append(row)
    for first_name, second_name in DATE_ORDER:
        for first in by_name[first_name]:
            for second in by_name[second_name]:
                d1, d2 = _value_date(first), _value_date(second)
                if sorted(first.dims) == sorted(second.dims) and d1 and d2 and d1 > d2:
                    yield _finding(
                        "10140",
                        first,
                        f"{first.describe()} is dated {d1}, later than {second.qname} {d2} (context {second.context_id}); "
                        f"{first.name} must come before {second.name}. If the dates belong to different dividends, tell "
                        "the dividends apart with DividendsAxis members (one per dividend event) rather than by period.",
                    )


def check_scale(rows: list[Row]) -> Iterable[CheckResult]:
    """10141 needs the inline scale of the fact, which the graph does not hold."""
    facts = [r for r in rows if r.gaap(COMMON_DECLARED)]
    if facts:
        reason = (
            f"{RULE_ID}.10141 (a scaled {COMMON_DECLARED} in the inline document) is not evaluated: the graph does not "
            "hold the inline scale of a fact"
        )
        yield CheckResult(
            rule_id=RULE_ID,
            sub_rule=f"{RULE_ID}.10141",
            status="not_evaluable",
            reason=reason,
            concept=facts[0].qname,
            message=reason,
        )


def _contained(small: tuple[dt.date, dt.date], large: tuple[dt.date, dt.date]) -> bool:
    return large[0] <= small[0] and small[1] <= large[1] and small != large


def check_declared_period(rows: list[Row], durations: list[Any]) -> Iterable[CheckResult]:
    """10142: declared per-share amounts on a period of their own inside a reporting period, before the period end."""
    ends = [_value_date(r) for r in rows if r.namespace.startswith(DEI) and r.name == "DocumentPeriodEndDate" and not r.dims]
    period_end = next((e for e in ends if e), None)
    if period_end is None:
        return
    use = {d["period_key"]: int(d["facts"]) for d in durations}
    spans = {d["period_key"]: (_date(d["start"]), _date(d["end"])) for d in durations}
    for row in rows:
        if not row.gaap(COMMON_DECLARED, PREFERRED_DECLARED) or row.start is None or row.end is None:
            continue
        xule_end = row.xule_end
        if xule_end is None or not xule_end < period_end:
            continue
        days = row.days or 0
        frequency = use.get(row.period_key)
        inside = sorted(k for k, (s, e) in spans.items() if s and e and _contained((row.start, row.end), (s, e)))
        if frequency is not None and frequency < MIN_PERIOD_USE and inside and not 85 < days < 95:
            yield _finding(
                "10142",
                row,
                f"{row.describe()} covers {row.start} to {row.end}, a period of its own before the report's period end "
                f"{period_end} that none of the report's periods matches; report it for the period it was declared in "
                f"({', '.join(inside)}) so it compares with earnings per share, and tell dividends of one period apart "
                "with DividendsAxis.",
            )


def check_member_reuse(rows: list[Row]) -> Iterable[CheckResult]:
    """10143: one element on one DividendsAxis member for several facts (class of stock breakdowns aside); the
    finding is on the first by fact id (the engine names "the first" of its own ordering), listing all."""
    on_axis: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for row in rows:
        member = row.axis(GAAP, "DividendsAxis")
        if member is not None:
            on_axis[(row.concept_key, member)].append(row)
    for (_, member), group in on_axis.items():
        if len(group) < 2:
            continue
        values = [r for r in group if r.axis(GAAP, "StatementClassOfStockAxis") is None]
        if len(values) > 1:
            first = values[0]
            listed = " and ".join(f"{'nil' if r.nil else r.value} ({r.period_key})" for r in values)
            yield _finding(
                "10143",
                first,
                f"{first.qname} is reported {len(values)} times on DividendsAxis member {member}: {listed}. A "
                "DividendsAxis member stands for one dividend event; use a member per dividend instead of one member "
                "with several periods.",
                values,
            )


def _month_end(value: str | None) -> dt.date | None:
    """A --MM / YYYY-MM payment month as the first day of the month after it (as the rule reads it)."""
    if not value:
        return None
    try:
        first = dt.date.fromisoformat(value.strip()[:7] + "-01")
    except ValueError:
        return None
    return (first.replace(day=28) + dt.timedelta(days=4)).replace(day=1)


def check_payable_after_payment(rows: list[Row]) -> Iterable[CheckResult]:
    """10144: DividendsPayableAmountPerShare at a date after the aligned payment date."""
    pay: dict[tuple[str, ...], list[dt.date]] = defaultdict(list)
    month: dict[tuple[str, ...], list[dt.date]] = defaultdict(list)
    for row in rows:
        key = tuple(sorted(row.dims))
        if row.gaap(PAID) and (d := _value_date(row)):
            pay[key].append(d)
        elif row.gaap(PAID_MONTH) and not row.nil and (m := _month_end(row.value)):
            month[key].append(m)
    for row in rows:
        if not row.gaap(PER_SHARE_PAYABLE) or row.nil or row.xule_end is None:
            continue
        key = tuple(sorted(row.dims))
        for paid in pay.get(key) or month.get(key) or []:
            if row.xule_end > paid:
                yield _finding(
                    "10144",
                    row,
                    f"{row.describe()} is payable per share at {row.end}, after the dividend's payment date {paid}; "
                    "date the payable at the declaration, correct the payment date, or report an unrelated payment "
                    "on DividendsAxis.",
                )


def check_dates_without_axis(rows: list[Row]) -> Iterable[CheckResult]:
    """10151 (nil facts too)."""
    for row in rows:
        if row.gaap(*DATES) and row.axis(GAAP, "DividendsAxis") is None:
            yield _finding(
                "10151",
                row,
                f"{row.describe()} is a dividend date without DividendsAxis; report dividend dates on DividendsAxis "
                "so each date is tied to the dividend it belongs to.",
            )


def check(inp: RuleInput) -> list[CheckResult]:
    rows = [_row(r) for r in inp.rows(FACTS_QUERY)]
    if not any(r.namespace.startswith(GAAP) for r in rows):
        return []
    out: list[CheckResult] = []
    out += check_axes(rows)
    out += check_date_order(rows)
    out += check_scale(rows)
    if any(r.gaap(COMMON_DECLARED, PREFERRED_DECLARED) for r in rows):
        out += check_declared_period(rows, list(inp.rows(DURATIONS_QUERY)))
    out += check_member_reuse(rows)
    out += check_payable_after_payment(rows)
    out += check_dates_without_axis(rows)
    return out


FAMILY = Rule(
    key="0179",
    rule_id=RULE_ID,
    name="Dividend Reporting",
    codes=tuple(f"{RULE_ID}.{c}" for c in ("10139", "10140", "10141", "10142", "10143", "10144", "10151")),
    check=check,
    queries=(FACTS_QUERY, DURATIONS_QUERY),
    forms=frozenset(),  # the official rule names no form: every form
)
