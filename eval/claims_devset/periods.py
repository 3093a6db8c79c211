"""Periods: the fiscal slots (year, quarter, year to date, instant) and how sentences name them."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from auditgraph.eval.claims_devset.filings import Filing

MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def long_date(d: date) -> str:
    return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"


@dataclass(frozen=True)
class Slot:
    """A reporting period of the filing with the ways people name it."""

    name: str  # fy, fy_prior, q, q_prior, ytd, ytd_prior, inst, inst_prior
    key: str
    months: int
    end: date
    words: dict[str, tuple[str, ...]]  # style -> phrasings ("in fiscal 2023", ...)


def _months(days: int) -> int | None:
    for m, (lo, hi) in {3: (84, 98), 6: (175, 190), 9: (266, 280), 12: (350, 380)}.items():
        if lo <= days <= hi:
            return m
    return None


def slots(filing: Filing) -> dict[str, Slot]:
    """The periods the filing reports for the current period and its comparatives."""
    durations: dict[str, tuple[date, date]] = {}
    instants: set[date] = set()
    for by_period in filing.facts.values():
        for f in by_period.values():
            if f.kind == "duration" and f.start:
                durations[f.period] = (f.start, f.end)
            else:
                instants.add(f.end)
    e, fy = filing.end, filing.fiscal_year
    calendar = e.month == 12 and e.day >= 28
    out: dict[str, Slot] = {}

    def find(months: int, end: date) -> str | None:
        for key, (s, en) in sorted(durations.items()):
            if abs((en - end).days) <= 7 and _months((en - s).days + 1) == months:
                return key
        return None

    prior_end = next((en for _, en in sorted(durations.values()) if 358 <= (e - en).days <= 372), None)
    yy: Callable[[int], str] = lambda y: f"{y % 100:02d}"  # noqa: E731
    if filing.annual:
        cur = find(12, e)
        if cur:
            w = [
                f"for the year ended {long_date(e)}",
                f"for fiscal year {fy}" if fy else None,
                f"in fiscal {fy}" if fy else None,
                f"in {fy}" if fy and calendar else None,
                f"for the fiscal year ended {long_date(e)}",
            ]
            a = [f"FY{yy(fy)}" if fy else None, f"FY{fy}" if fy else None]
            out["fy"] = Slot("fy", cur, 12, e, _words(w, a))
        if prior_end and (pk := find(12, prior_end)):
            p = fy - 1 if fy else None
            w = [
                f"for the year ended {long_date(prior_end)}",
                f"in fiscal {p}" if p else None,
                f"in {p}" if p and calendar else None,
            ]
            a = [f"FY{yy(p)}" if p else None]
            out["fy_prior"] = Slot("fy_prior", pk, 12, prior_end, _words(w, a))
    else:
        qn = int(filing.fiscal_period[1]) if re.fullmatch(r"Q[1-4]", filing.fiscal_period or "") else None
        q = find(3, e)
        if q and qn:
            ordn = ORDINAL[qn]
            w = [
                f"for the three months ended {long_date(e)}",
                f"in the {ordn} quarter",
                f"in the {ordn} quarter of fiscal {fy}" if fy else None,
                f"in the {ordn} quarter of {fy}" if fy and calendar else None,
                "for the quarter",
            ]
            a = [f"Q{qn}", f"Q{qn} FY{yy(fy)}" if fy else None, f"{qn}Q{yy(fy)}" if fy else None]
            out["q"] = Slot("q", q, 3, e, _words(w, a))
            if prior_end and (pk := find(3, prior_end)):
                p = fy - 1 if fy else None
                w = [
                    f"for the three months ended {long_date(prior_end)}",
                    "in the year-ago quarter",
                    f"in the {ordn} quarter of fiscal {p}" if p else None,
                ]
                a = [f"Q{qn} FY{yy(p)}" if p else None, f"{qn}Q{yy(p)}" if p else None]
                out["q_prior"] = Slot("q_prior", pk, 3, prior_end, _words(w, a))
        ytd_months = {2: 6, 3: 9}.get(qn or 0)
        if ytd_months and (y := find(ytd_months, e)):
            word = {6: "six", 9: "nine"}[ytd_months]
            part = {6: "first half", 9: "first nine months"}[ytd_months]
            w = [
                f"for the {word} months ended {long_date(e)}",
                f"in the {part} of fiscal {fy}" if fy else None,
                f"in the {part} of {fy}" if fy and calendar else None,
            ]
            a = [f"{'1H' if ytd_months == 6 else '9M'}{yy(fy)}" if fy else None, "YTD"]
            out["ytd"] = Slot("ytd", y, ytd_months, e, _words(w, a))
            if prior_end and (pk := find(ytd_months, prior_end)):
                p = fy - 1 if fy else None
                w = [f"for the {word} months ended {long_date(prior_end)}", f"in the {part} of fiscal {p}" if p else None]
                out["ytd_prior"] = Slot("ytd_prior", pk, ytd_months, prior_end, _words(w, []))
    if e in instants:
        w = [
            f"as of {long_date(e)}",
            f"at {long_date(e)}",
            "at year end" if filing.annual else "at quarter end",
            f"at the end of fiscal {fy}" if fy and filing.annual else "at the end of the quarter",
        ]
        out["inst"] = Slot("inst", f"instant:{e}", 0, e, _words(w, [f"at {e.month}/{e.day}/{yy(e.year)}"]))
    earlier = sorted(d for d in instants if (e - d).days >= 80 and (e - d).days <= 380)
    # the prior fiscal year end: the latest earlier instant with a balance sheet
    assets = filing.facts.get("Assets", {})
    earlier = [d for d in earlier if f"instant:{d}" in assets]
    if earlier:
        pe = earlier[-1]
        pfy = (fy - 1) if fy else None
        w = [f"as of {long_date(pe)}", f"at {long_date(pe)}", f"at the end of fiscal {pfy}" if pfy else None]
        out["inst_prior"] = Slot("inst_prior", f"instant:{pe}", 0, pe, _words(w, []))
    return out


def _words(formal: list[str | None], analyst: list[str | None]) -> dict[str, tuple[str, ...]]:
    formal_t = tuple(w for w in formal if w)
    analyst_t = tuple(w for w in analyst if w) or formal_t
    return {"formal": formal_t, "analyst": analyst_t}
