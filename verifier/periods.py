"""Reading the periods a claim sentence names (the first stage of reading, beside numbers.py):
"fiscal 2023", "the nine months ended September 30, 2024", "first-half", "the year-ago quarter" (a
relative marker), "at the end of the prior year".

    find_periods("Revenue for the first nine months of 2024 rose 15% from the year-ago period")
    -> [PeriodMention('for the first nine months of 2024', quarter=3, months=9, fiscal_year=2024),
        PeriodMention('the year-ago period', relative='prior')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from auditgraph.verifier.plan import extract_period
from auditgraph.verifier.types import PeriodRequest

# "April 30, 2024", also as typed in notes: "April 30,2024", "April 30 , 2024"
DATE_PATTERN = r"(?:[A-Z][a-z]{2,8}\.?\s+\d{1,2}(?:\s*,\s*|\s+)\d{4}|\d{1,2}\s+[A-Z][a-z]{2,8}\.?,?\s+\d{4}|\d{4}-\d{2}-\d{2})"
_YY = r"'?(?:\d{4}|\d{2})"
_PERIODS = [
    (
        "dated",
        re.compile(
            rf"\b(?:(?:for|during|in)\s+)?(?:the\s+)?(?:(?:three|six|nine|twelve|3|6|9|12|thirteen|twenty-six|thirty-nine|fifty-two|fifty-three)[- ](?:months?|weeks?)|"
            rf"(?:(?:year[- ]to[- ]date|ytd)\s+)?(?:fiscal\s+)?(?:year|quarter|period)s?)\s+(?:ended|ending)\s+{DATE_PATTERN}",
            re.I,
        ),
    ),
    ("date", re.compile(rf"\b(?:(?:as\s+of|as\s+at|at|on|ending|ended)\s+)?{DATE_PATTERN}", re.I)),
    (
        "half",
        re.compile(
            rf"\b(?:(?:in|for|during)\s+)?(?:the\s+)?(?P<h>first|second)[- ]half(?:\s+of)?(?:\s+(?:fiscal\s+(?:year\s+)?|fy\s*)?(?P<y>{_YY}))?\b"
            rf"|\b(?:(?:in|for|during)\s+)?(?:the\s+)?(?P<h3>first\s+)?(?:six|6)[- ]months?(?:[- ]period)?(?!\s+(?:ended|ending))(?:\s+(?:of|in))?(?:\s+(?:fiscal\s+(?:year\s+)?|fy\s*)?(?P<y3>{_YY}))?\b"
            rf"|\b(?P<h2>[hH][12]|[12][hH])\s*(?:fy\s*)?(?P<y2>{_YY})?\b",
            re.I,
        ),
    ),
    (
        "nine",
        re.compile(
            rf"\b(?:(?:in|for|during)\s+)?(?:the\s+)?(?:first\s+)?(?:nine|9)[- ]months?(?:[- ]period)?(?!\s+(?:ended|ending))(?:\s+(?:of|in))?(?:\s+(?:fiscal\s+(?:year\s+)?)?(?P<y>{_YY}))?\b",
            re.I,
        ),
    ),
    (
        "quarter",
        re.compile(
            rf"\b(?:(?:in|for|during)\s+)?(?:the\s+)?(?P<q>first|second|third|fourth)[- ](?:fiscal[- ])?quarter(?:\s+of)?(?:\s+(?:fiscal\s+(?:year\s+)?|fy\s*)?(?P<y>{_YY}))?\b"
            rf"|\b(?:(?:in|for|during)\s+)?(?:q(?P<q2>[1-4])|(?P<q3>[1-4])q)\s*(?:fy\s*)?(?P<y2>{_YY})?\b",
            re.I,
        ),
    ),
    (
        "fy",
        re.compile(
            rf"\b(?:(?:in|for|during)\s+)?(?:fiscal(?:\s+year)?|fy|full[- ]year|calendar(?:\s+year)?)\s*(?P<y>{_YY})\b", re.I
        ),
    ),
    (
        "yearend",
        re.compile(
            r"\b(?:(?:at|as\s+of)\s+)?(?:the\s+)?(?:(?:prior|previous|last)\s+)?(?:fiscal\s+)?(?:year[- ]end|end\s+of\s+(?:the\s+)?(?:(?:prior|previous|last)\s+)?(?:fiscal\s+)?year)\b",
            re.I,
        ),
    ),
    (
        "prior",
        re.compile(
            r"\b(?:a\s+year\s+(?:earlier|ago|before)|(?:in\s+|for\s+|over\s+|from\s+)?(?:the\s+)?(?:prior|previous|preceding)[- ](?:fiscal[- ])?year(?:'s)?(?:\s+(?:period|quarter))?|last\s+year|"
            r"(?:the\s+)?year[- ]ago(?:\s+(?:period|quarter))?|year[- ]over[- ]year|y/y|yoy|y-o-y|"
            r"(?:the\s+)?same\s+(?:period|quarter)\s+(?:a\s+year\s+(?:ago|earlier)|last\s+year|of\s+the\s+prior\s+year)|"
            r"(?:the\s+)?(?:corresponding|comparable|same)\s+(?:(?:three|six|nine|3|6|9)[- ]month\s+)?(?:period|quarter)"
            r"(?:\s+(?:of|in)\s+(?:the\s+)?(?:prior\s+year|(?:fiscal\s+)?(?:19|20)\d{2}))?)\b",
            re.I,
        ),
    ),
    (
        "sequential",
        re.compile(
            r"\b(?:sequential(?:ly)?|quarter[- ]over[- ]quarter|q/q|qoq|(?:the\s+)?(?:prior|previous|preceding)\s+quarter)\b",
            re.I,
        ),
    ),
    ("year", re.compile(r"\b(?:(?:in|for|during)\s+)?(?P<y>(?:19|20)\d{2})\b(?!\d|[,.]\d|\s?%)", re.I)),
    ("ytdm", re.compile(r"\b(?P<m>3|6|9|12)M\s?'?(?P<y>\d{2}|\d{4})\b|\b(?:ytd|year[- ]to[- ]date)\b", re.I)),
    ("qend", re.compile(r"\b(?:at\s+|as\s+of\s+)?(?:the\s+)?(?:end\s+of\s+the\s+quarter|quarter[- ]end)\b", re.I)),
    ("thisq", re.compile(r"\b(?:in|for|during)\s+the\s+(?:latest\s+|current\s+)?quarter\b", re.I)),
    ("thisy", re.compile(r"\b(?:in|for|during)\s+the\s+(?:latest\s+|current\s+)?(?:fiscal\s+)?year\b", re.I)),
]
_ORD = {"first": 1, "second": 2, "third": 3, "fourth": 4}


@dataclass(frozen=True)
class PeriodMention:
    start: int
    end: int
    text: str
    request: PeriodRequest | None  # None for the relative markers
    relative: str | None = None  # "prior" (a year earlier) | "sequential" (the quarter before)


# "maturities generally less than nine months", "within twelve months", "a term of six months": a
# length of time, not a reporting period (only when the words name no year or date)
_SPAN_LEAD = re.compile(
    r"\b(?:less\s+than|more\s+than|fewer\s+than|greater\s+than|longer\s+than|shorter\s+than|within|up\s+to|at\s+least|"
    r"at\s+most|in\s+excess\s+of|exceeding|exceed|over|after|before|next|following|remaining|(?:a\s+)?(?:term|period|life|"
    r"maturity|maturities|duration)\s+of|approximately|about|every|each)\s*$",
    re.I,
)


def find_periods(text: str) -> list[PeriodMention]:
    taken: list[tuple[int, int]] = []
    out = []
    for kind, rx in _PERIODS:
        for m in rx.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            pm = _period(kind, m)
            if pm is None:
                continue
            taken.append((m.start(), m.end()))
            if _is_span(text, m, pm) or (kind == "year" and _names_a_thing(text, m)):
                continue
            out.append(pm)
    return _same_months_earlier(text, sorted(out, key=lambda p: p.start))


_BARE_YEAR = re.compile(r"(?:19|20)\d{2}")
_DATE_ONLY = re.compile(rf"\s*{DATE_PATTERN}\s*")
_YEAR_LINK = re.compile(r"\s*(?:,\s*)?(?:and\s+)?")


def _same_months_earlier(text: str, found: list[PeriodMention]) -> list[PeriodMention]:
    """ "the nine months ended September 30, 2024 and 2023": the bare year after a dated length is
    the same months ended on the same day of that year, not the fiscal year 2023; a bare date after it
    ("the years ended December 30, 2023 and December 31, 2022") ends as many months, or is a year to date
    as the first ("the year-to-date periods ended September 30, 2023 and October 1, 2022")."""
    out: list[PeriodMention] = []
    for q in found:
        p = out[-1] if out else None
        r = p.request if p else None
        if (
            p is not None
            and r is not None
            and r.end_date is not None
            and (r.months or r.ytd)
            and _YEAR_LINK.fullmatch(text[p.end : q.start])
        ):
            if r.months and _BARE_YEAR.fullmatch(q.text.strip()):
                year = int(q.text.strip())
                try:
                    end = r.end_date.replace(year=year)
                except ValueError:  # February 29 in a year without one
                    end = r.end_date.replace(year=year, day=28)
                q = PeriodMention(q.start, q.end, q.text, PeriodRequest(end_date=end, months=r.months, phrase=q.text.strip()))
            elif (
                q.request is not None and q.request.end_date is not None and not q.request.months and _DATE_ONLY.fullmatch(q.text)
            ):
                # "the fiscal years ended December 30, 2023 and December 31, 2022": the second date ends a year too
                q = PeriodMention(q.start, q.end, q.text, replace(q.request, months=r.months, ytd=r.ytd))
        out.append(q)
    return out


# a year in the name of a plan, a debt or a law ("the 2017 Plan", "the 2016 Credit Facility", "2025
# Convertible Notes", "the Inflation Reduction Act of 2022") or a maturity ("Notes due 2025") is no
# period of any figure
_NAMED_AFTER = re.compile(
    r"\s+(?:Plans?|Notes?|Facilit(?:y|ies)|Credit|Revolver|Revolving|Term|Loans?|Agreements?|Programs?|Debentures|"
    r"Bonds?|Indenture|Incentive|Equity|Stock|Omnibus|Employee|Convertible|Senior|Warrants?|Offering|ESPP|LTIP|"
    r"Securitization|Tower|Series)\b"
)
_NAMED_BEFORE = re.compile(r"\b(?:(?:Act|Plan|Series)\s+of|[Dd]ue)\s+$")  # "… Act of 2022", "Notes due 2025"


def _names_a_thing(text: str, m: re.Match[str]) -> bool:
    return bool(_NAMED_AFTER.match(text, m.end()) or _NAMED_BEFORE.search(text, max(0, m.start("y") - 20), m.start("y")))


def _is_span(text: str, m: re.Match[str], pm: PeriodMention) -> bool:
    req = pm.request
    if req is None or req.fiscal_year is not None or req.end_date is not None or req.year_end or not req.months:
        return False
    return bool(_SPAN_LEAD.search(text, max(0, m.start() - 40), m.start()))


def _yy(s: str | None) -> int | None:
    if not s:
        return None
    y = int(s.lstrip("'"))
    return y + 2000 if y < 100 else y


def _period(kind: str, m: re.Match[str]) -> PeriodMention | None:
    text = m[0]
    req: PeriodRequest | None
    if kind in ("dated", "date"):
        req, _ = extract_period(text)
        if req.end_date is None:
            return None
        # "the year-to-date period ended October 1, 2022": the fiscal year's months to that day
        ytd = bool(re.search(r"\b(?:year[- ]to[- ]date|ytd)\b", text, re.I))
        months = req.months
        if ytd:
            months = None  # the grounder counts them: the filing's year-to-date length
        elif months is None and re.search(r"\bquarters?\b", text, re.I):
            months = 3
        elif months is None and re.search(r"\byears?\b", text, re.I):
            months = 12
        if re.search(r"\b(?:thirteen|13)[- ]weeks?\b", text, re.I):
            months = 3
        elif re.search(r"\b(?:twenty-six|26)[- ]weeks?\b", text, re.I):
            months = 6
        elif re.search(r"\b(?:thirty-nine|39)[- ]weeks?\b", text, re.I):
            months = 9
        elif re.search(r"\b(?:fifty-two|fifty-three|52|53)[- ]weeks?\b", text, re.I):
            months = 12
        req = PeriodRequest(end_date=req.end_date, months=months, phrase=text.strip(), ytd=ytd)
    elif kind == "half":
        h = (m["h"] or m["h2"] or "").lower()
        first = h in ("first", "h1", "1h") or (not h and bool(m["h3"] or re.search(r"six|6", text)))
        if not first:
            return None  # a second half is no period a filing reports
        req = PeriodRequest(fiscal_year=_yy(m["y"] or m["y2"] or m["y3"]), quarter=2, months=6, phrase=text.strip())
    elif kind == "nine":
        req = PeriodRequest(fiscal_year=_yy(m["y"]), quarter=3, months=9, phrase=text.strip())
    elif kind == "quarter":
        q = _ORD[m["q"].lower()] if m["q"] else int(m["q2"] or m["q3"])
        req = PeriodRequest(fiscal_year=_yy(m["y"] or m["y2"]), quarter=q, months=3, phrase=text.strip())
    elif kind == "fy":
        req = PeriodRequest(fiscal_year=_yy(m["y"]), months=12, phrase=text.strip())
    elif kind == "yearend":
        prior = bool(re.search(r"\b(?:prior|previous|last)\b", text, re.I))
        req = PeriodRequest(months=12, phrase=text.strip(), year_end=True, prior=prior)
    elif kind == "year":
        req = PeriodRequest(fiscal_year=int(m["y"]), months=12, phrase=text.strip())
    elif kind == "ytdm":
        if m["m"]:
            months = int(m["m"])
            req = PeriodRequest(fiscal_year=_yy(m["y"]), quarter=months // 3, months=months, phrase=text.strip())
        else:
            req = PeriodRequest(phrase=text.strip(), ytd=True)
    elif kind == "qend":
        req = PeriodRequest(phrase=text.strip())  # the filing's own period end
    elif kind == "thisq":
        req = PeriodRequest(months=3, phrase=text.strip())
    elif kind == "thisy":
        req = PeriodRequest(months=12, phrase=text.strip())
    else:
        return PeriodMention(m.start(), m.end(), text, None, kind)
    return PeriodMention(m.start(), m.end(), text, req)
