"""Provenance: read the filing through cypher/verify/* and bind operands to filed facts.

An operand binds only to a non-dimensional, non-nil fact of one of its candidate concepts whose
period matches the resolved period and whose unit matches the expected measure. The value is
taken from the fact alone; its rounding interval comes from `decimals` (or `precision`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any

from auditgraph.graph import Graph
from auditgraph.verifier.types import Binding, PeriodRequest, PeriodSpec, Unit

MONTH_DAYS = Decimal("30.44")
_FOCUS_QUARTER = {"Q1": 1, "Q2": 2, "Q3": 3, "Q4": 4, "FY": 4, "H1": 2, "H2": 4}
SNAP_DAYS = 15  # 52/53-week calendars drift a few days a year; two period ends are never this close


def _date(v: Any) -> date | None:
    if v is None:
        return None
    if hasattr(v, "to_native"):
        native: date = v.to_native()  # a neo4j.time.Date
        return native
    if isinstance(v, date):
        return v
    return date.fromisoformat(str(v))


@dataclass(frozen=True)
class FilingInfo:
    id: str
    accession: str | None
    entity_name: str | None
    ticker: str | None
    form: str | None
    period_end: date | None
    fiscal_year_focus: int | None
    fiscal_period_focus: str | None


@dataclass(frozen=True)
class PeriodRow:
    key: str
    kind: str
    start: date | None
    end: date | None
    facts: int

    @property
    def days(self) -> int | None:
        return (self.end - self.start).days if self.start and self.end else None


@dataclass(frozen=True)
class FactRow:
    fact_id: str
    qname: str
    concept_key: str
    value: Decimal | None
    decimals: str | None
    precision: str | None
    duplicate: str | None
    unit_key: str | None
    period_key: str
    kind: str
    start: date | None
    end: date | None
    period_type: str | None

    @property
    def days(self) -> int | None:
        return (self.end - self.start).days if self.start and self.end else None


def filing_info(graph: Graph, filing_id: str) -> FilingInfo | None:
    rows = graph.read("verify.filing", filing_id=filing_id)
    if not rows:
        return None
    r = rows[0]
    fy = r.get("fiscal_year_focus")
    try:
        fy = int(fy) if fy is not None else None
    except (TypeError, ValueError):
        fy = None
    return FilingInfo(
        r["id"],
        r.get("accession"),
        r.get("entity_name"),
        r.get("ticker"),
        r.get("form"),
        _date(r.get("period_end")),
        fy,
        r.get("fiscal_period_focus"),
    )


def period_rows(graph: Graph, filing_id: str) -> list[PeriodRow]:
    return [
        PeriodRow(r["key"], r["kind"], _date(r["start"]), _date(r["end"]), r["facts"])
        for r in graph.read("verify.period_ends", filing_id=filing_id)
    ]


# The balance sheet's totals: every filing tags them, rounded as its statements are presented
_TOTALS = ["us-gaap:Assets", "us-gaap:LiabilitiesAndStockholdersEquity"]


def statement_unit(graph: Graph, filing_id: str) -> Decimal | None:
    """The unit the filing's statements are presented in (1,000 for "(in thousands)" in their headings),
    read off the rounding of its balance-sheet totals: None when they are in whole units, missing or
    rounded differently (unit_of_decimals)."""
    return unit_of_decimals(
        {r["decimals"] for r in graph.read("verify.facts", filing_id=filing_id, qnames=_TOTALS) if not r["nil"]}
    )


_UNIT_OF_DECIMALS = {"-3": 3, "-6": 6, "-9": 9, "-5": 6, "-8": 9}  # -5: "(in millions)" with one decimal ("$84.2")


def unit_of_decimals(decimals: set[str]) -> Decimal | None:
    """10^3, 10^6 or 10^9 for facts all rounded to decimals -3, -6 or -9 (-5 and -8: millions and billions
    written with one decimal); None otherwise."""
    d = next(iter(decimals)) if len(decimals) == 1 else None
    return Decimal(10) ** _UNIT_OF_DECIMALS[d] if d in _UNIT_OF_DECIMALS else None


def fact_rows(graph: Graph, filing_id: str, qnames: Sequence[str]) -> list[FactRow]:
    return [fact_row(r) for r in graph.read("verify.facts", filing_id=filing_id, qnames=list(qnames))]


def fact_row(r: dict[str, Any]) -> FactRow:
    """A FactRow of a verify.facts (or verify.member_fact_rows) row."""
    try:
        value = Decimal(r["value"]) if r["value"] is not None and not r["nil"] else None
    except InvalidOperation:
        value = None  # a non-numeric string on a numeric fact cannot bind
    return FactRow(
        r["fact_id"],
        r["qname"],
        r["concept_key"] or "",
        value,
        r["decimals"],
        r["precision"],
        r["duplicate"],
        r["unit_key"],
        r["period_key"],
        r["kind"],
        _date(r["start"]),
        _date(r["end"]),
        r["period_type"],
    )


def calc_children(graph: Graph, filing_id: str, qname: str) -> dict[str, list[tuple[str, Decimal]]]:
    """role URI -> [(child QName, weight)] for the filing's own summation arcs under `qname`."""
    out: dict[str, list[tuple[str, Decimal]]] = {}
    for r in graph.read("verify.calc_children", filing_id=filing_id, qname=qname):
        if r["arcrole"] and not r["arcrole"].endswith("summation-item"):
            continue
        weight = Decimal(str(r["weight"])) if r["weight"] is not None else Decimal(1)
        out.setdefault(r["role"], []).append((r["child"], weight))
    return out


# ------------------------------------------------------------------ rounding
def bounds(value: Decimal, decimals: str | None, precision: str | None) -> tuple[Decimal, Decimal]:
    """[v - 0.5*10^-d, v + 0.5*10^-d]; INF (or no rounding information) is the exact value."""
    d: int | None = None
    if decimals not in (None, "", "INF"):
        d = int(decimals)
    elif precision not in (None, "", "INF") and value != 0:
        d = int(precision) - (math.floor(abs(value).adjusted()) + 1)
    if d is None:
        return value, value
    half = Decimal(5) * Decimal(10) ** (-d - 1)
    return value - half, value + half


# ------------------------------------------------------------------ periods
def months_of(days: int | None) -> int | None:
    """3, 6, 9 or 12 for a duration close to that many months (52/53-week calendars included)."""
    if days is None:
        return None
    m = int((Decimal(days) / MONTH_DAYS).to_integral_value())
    return m if m > 0 and abs(Decimal(days) - m * MONTH_DAYS) <= 10 else None


@dataclass(frozen=True)
class PeriodProblem:
    message: str


def resolve_period(req: PeriodRequest, filing: FilingInfo, rows: Sequence[PeriodRow]) -> PeriodSpec | PeriodProblem:
    """Turn the question's period into an exact period end the filing reports (and a duration length)."""
    ends = sorted({r.end for r in rows if r.end}, reverse=True)
    available = ", ".join(e.isoformat() for e in ends[:6]) or "none"
    focus_q = _FOCUS_QUARTER.get((filing.fiscal_period_focus or "FY").upper(), 4)
    if req.end_date:
        if req.end_date not in ends:
            return PeriodProblem(
                f"the question asks for the period ending {req.end_date.isoformat()} but filing "
                f"{filing.id} reports periods ending {available}"
            )
        default = 3 * focus_q if req.ytd else 12 if focus_q == 4 and filing.fiscal_period_focus in (None, "FY") else 3
        return PeriodSpec("duration", req.end_date, req.months or default, f"question: {req.phrase}")
    if filing.period_end is None:
        return PeriodProblem(
            f"filing {filing.id} has no document period end date, so '{req.phrase or 'the period'}' cannot be placed; "
            "ask with an explicit date"
        )
    anchor_year = filing.fiscal_year_focus or filing.period_end.year
    if req.year_end and req.fiscal_year is None:
        # "at year end": the last fiscal year end the filing's period reaches (a 10-Q's is the prior one)
        back = focus_q % 4 or (4 if req.prior else 0)  # a 10-K's prior year end is a year before its own
        target = filing.period_end - timedelta(days=round(back * 365.2425 / 4))
        end = _snap(target, ends)
        if end is None:
            return PeriodProblem(
                f"the claim asks for the fiscal year end (near {target.isoformat()}) but filing "
                f"{filing.id} reports periods ending {available}"
            )
        return PeriodSpec("duration", end, 12, f"claim: {req.phrase} -> {end.isoformat()}")
    if req.ytd:
        end = _snap(filing.period_end, ends)
        if end is None:
            return PeriodProblem(f"filing {filing.id} reports no facts at its period end {filing.period_end.isoformat()}")
        return PeriodSpec("duration", end, 3 * focus_q, f"claim: {req.phrase} -> {3 * focus_q}m to {end.isoformat()}")
    if req.fiscal_year is None and req.quarter is None:
        months = req.months or (12 if focus_q == 4 and (filing.fiscal_period_focus or "FY").upper() == "FY" else 3)
        end = _snap(filing.period_end, ends)
        if end is None:
            return PeriodProblem(f"filing {filing.id} reports no facts at its period end {filing.period_end.isoformat()}")
        return PeriodSpec("duration", end, months, "filing default (no period in the question)")
    year = req.fiscal_year if req.fiscal_year is not None else anchor_year
    quarter = req.quarter or 4
    delta = (anchor_year * 4 + focus_q) - (year * 4 + quarter)
    target = filing.period_end - timedelta(days=round(delta * 365.2425 / 4))
    end = _snap(target, ends)
    what = f"fiscal {year}" + (f" Q{req.quarter}" if req.quarter else "")
    if end is None:
        return PeriodProblem(
            f"the question asks for {what} (a period ending near {target.isoformat()}) but filing "
            f"{filing.id} reports periods ending {available}"
        )
    months = req.months or (3 if req.quarter else 12)
    return PeriodSpec("duration", end, months, f"question: {req.phrase or what} -> {end.isoformat()}")


def earlier(spec: PeriodSpec, months: int, rows: Sequence[PeriodRow], why: str) -> PeriodSpec | PeriodProblem:
    """The period of the same length ending `months` before `spec` ("a year earlier", "the prior quarter")."""
    ends = sorted({r.end for r in rows if r.end}, reverse=True)
    target = spec.end - timedelta(days=round(months * 365.2425 / 12))
    end = _snap(target, ends)
    if end is None:
        return PeriodProblem(
            f"the claim compares with {why} (a period ending near {target.isoformat()}), but the filing "
            f"reports periods ending {', '.join(e.isoformat() for e in ends[:6]) or 'none'}"
        )
    return PeriodSpec(spec.kind, end, spec.months, f"{why}: {end.isoformat()}")


def _snap(target: date, ends: Sequence[date]) -> date | None:
    near = [e for e in ends if abs((e - target).days) <= SNAP_DAYS]
    return min(near, key=lambda e: abs((e - target).days)) if near else None


def fact_in_period(fact: FactRow, spec: PeriodSpec) -> bool:
    if fact.end != spec.end:
        return False
    if fact.kind == "instant" or spec.months == 0:  # months 0: an event's day (tie_out.event_period)
        return True
    return fact.kind == "duration" and months_of(fact.days) == spec.months


# ------------------------------------------------------------------ units
_CURRENCY = re.compile(r"^iso4217:([A-Z]{3})$")
_PER_SHARE = re.compile(r"^iso4217:([A-Z]{3})/xbrli:shares$")


def unit_matches(unit_key: str | None, unit: Unit | None, currency: str | None) -> bool:
    if unit is None:
        return True
    key = unit_key or ""
    if unit in (Unit.MONETARY, Unit.PER_SHARE):
        m = (_CURRENCY if unit is Unit.MONETARY else _PER_SHARE).match(key)
        return m is not None and (currency is None or m.group(1) == currency)
    if unit is Unit.SHARES:
        return key == "xbrli:shares"
    return key == "xbrli:pure"


def unit_label(unit: Unit | None, currency: str | None) -> str:
    cur = currency or "a currency"
    return {
        Unit.MONETARY: f"iso4217:{currency or 'XXX'}" if currency else cur,
        Unit.PER_SHARE: f"{cur} per share",
        Unit.SHARES: "xbrli:shares",
        Unit.RATIO: "xbrli:pure",
        Unit.PURE: "xbrli:pure",
        None: "any unit",
    }[unit]


# ------------------------------------------------------------------ binding
@dataclass(frozen=True)
class Grounded:
    role: str
    concept: str
    bindings: tuple[Binding, ...]


@dataclass(frozen=True)
class Missing:
    role: str
    requirement: str  # the exact thing that could not be established


@dataclass
class Grounder:
    """Binds operands of one verification: one filing, one period, one currency."""

    graph: Graph
    filing: FilingInfo
    period: PeriodSpec
    currency: str | None = None
    _cache: dict[str, list[FactRow]] = field(default_factory=dict)  # QName -> facts; may be shared per filing
    _calc_cache: dict[str, dict[str, list[tuple[str, Decimal]]]] = field(default_factory=dict)

    def calc(self, qname: str) -> dict[str, list[tuple[str, Decimal]]]:
        """The filing's calculation children under `qname`, per role (read once per filing)."""
        if qname not in self._calc_cache:
            self._calc_cache[qname] = calc_children(self.graph, self.filing.id, qname)
        return self._calc_cache[qname]

    def facts(self, qnames: Sequence[str]) -> list[FactRow]:
        todo = [q for q in qnames if q not in self._cache]
        if todo:
            rows = fact_rows(self.graph, self.filing.id, todo)
            for q in todo:
                self._cache[q] = [r for r in rows if r.qname == q]
        return [r for q in qnames for r in self._cache[q]]

    def ground(self, role: str, candidates: Sequence[str], unit: Unit | None, stage: str) -> Grounded | Missing:
        self.facts(candidates)
        for qname in candidates:
            rows = [r for r in self._cache[qname] if r.value is not None and fact_in_period(r, self.period)]
            currency = self.currency or self._pick_currency(rows, unit)
            rows = [r for r in rows if unit_matches(r.unit_key, unit, currency)]
            if not rows:
                continue
            if unit in (Unit.MONETARY, Unit.PER_SHARE) and self.currency is None:
                self.currency = currency
            return Grounded(role, qname, tuple(self._binding(role, r, stage) for r in rows))
        return Missing(role, self._why_missing(role, candidates, unit))

    def _pick_currency(self, rows: list[FactRow], unit: Unit | None) -> str | None:
        if unit not in (Unit.MONETARY, Unit.PER_SHARE):
            return None
        pattern = _CURRENCY if unit is Unit.MONETARY else _PER_SHARE
        found = sorted({m.group(1) for r in rows if (m := pattern.match(r.unit_key or ""))})
        return "USD" if "USD" in found or not found else (found[0] if len(found) == 1 else None)

    def _binding(self, role: str, r: FactRow, stage: str) -> Binding:
        assert r.value is not None
        lo, hi = bounds(r.value, r.decimals, r.precision)
        return Binding(
            role,
            r.qname,
            r.concept_key,
            r.period_key,
            r.unit_key or "",
            self.filing.id,
            self.filing.accession,
            r.fact_id,
            r.value,
            r.decimals,
            lo,
            hi,
            stage,
            r.duplicate,
        )

    def _periods_reported(self, candidates: Sequence[str]) -> list[str]:
        """The period ends (and lengths) the candidates' cached facts do report, for a missing-fact message."""
        return sorted(
            {
                (r.end.isoformat() if r.end else "?") + ("" if r.kind == "instant" else f" ({months_of(r.days)}m)")
                for q in candidates
                for r in self._cache.get(q, [])
                if r.value is not None
            }
        )

    def _why_missing(self, role: str, candidates: Sequence[str], unit: Unit | None) -> str:
        names = " or ".join(candidates) if candidates else "(no candidate concept)"
        want = f"{self.period.label() if self.period.kind else ''}"
        seen = self._periods_reported(candidates)
        where = f"; the filing reports it only for {', '.join(seen[:5])}" if seen else "; the filing reports no such fact"
        return (
            f"{role}: no non-dimensional fact of {names} for the period ending {self.period.end.isoformat()} "
            f"({want}) in {unit_label(unit, self.currency)}{where}"
        )
