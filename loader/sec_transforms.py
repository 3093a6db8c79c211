"""Arelle plug-in: the SEC inline XBRL transformations (ixt-sec, 2015-08-31).

arelle-release ships only the XBRL International registries (ixt 1-5); SEC filings also use
`ixt-sec:numwordsen`, `durwordsen`, `exchnameen`, `boolballotbox`, ... Without this module
Arelle marks those facts invalid ("unrecognized transformation namespace"). Written from the
SEC's published transformation list; output values match the instances EDGAR extracts
(e.g. duryear "2.7" -> "P2Y8M12D", exchnameen "The Nasdaq Stock Market LLC" -> "NASDAQ").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Any

from arelle.ModelValue import qname
from arelle.formula.XPathContext import FunctionArgType

SEC_NS = "http://www.sec.gov/inlineXBRL/transformation/2015-08-31"

_ONES = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen".split()
    )
}
_TENS = {w: 10 * (i + 2) for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000, "trillion": 10**12}
_NONE_WORDS = {"no", "none", "zero", "nil"}
_DASHES = "\u058a\u05be\u2010\u2011\u2012\u2013\u2014\u2015\ufe58\ufe63\uff0d-"


def _fail(name: str) -> FunctionArgType:
    return FunctionArgType(0, f"ixt-sec:{name}")


def _words(text: str) -> list[str]:
    text = re.sub(f"[{_DASHES}]", " ", text.lower().replace(",", " "))
    return [w for w in text.split() if w not in ("and", "a", "an")]


def words_to_int(text: str) -> int:
    """English number words (or digits) to an int: 'twenty-one' -> 21, 'no' -> 0."""
    words = _words(text)
    if not words:
        raise ValueError(text)
    if len(words) == 1 and words[0] in _NONE_WORDS:
        return 0
    if len(words) == 1 and words[0].replace(".", "", 1).isdigit():
        return int(Decimal(words[0]))
    total = current = 0
    for w in words:
        if w in _ONES:
            current += _ONES[w]
        elif w in _TENS:
            current += _TENS[w]
        elif w == "hundred":
            current = max(current, 1) * 100
        elif w in _SCALES:
            total += max(current, 1) * _SCALES[w]
            current = 0
        elif w.isdigit():
            current += int(w)
        else:
            raise ValueError(text)
    return total + current


def numwordsen(arg: str) -> str:
    try:
        return str(words_to_int(arg))
    except ValueError:
        raise _fail("numwordsen") from None


def _number(arg: str, name: str) -> Decimal:
    try:
        return Decimal(re.sub(r"[\s,]", "", arg))
    except InvalidOperation:
        raise _fail(name) from None


def _duration(years: Decimal = Decimal(0), months: Decimal = Decimal(0), days: Decimal = Decimal(0)) -> str:
    """xs:duration from possibly fractional parts; fractions carry down (1 y = 12 m, 1 m = 30 d)."""
    y = int(years)
    months += (years - y) * 12
    m = int(months)
    days += (months - m) * 30
    d = int(days)
    out = "P" + (f"{y}Y" if y else "") + (f"{m}M" if m else "") + (f"{d}D" if d else "")
    return out if out != "P" else "P0D"


def duryear(arg: str) -> str:
    return _duration(years=_number(arg, "duryear"))


def durmonth(arg: str) -> str:
    return _duration(months=_number(arg, "durmonth"))


def durweek(arg: str) -> str:
    return _duration(days=_number(arg, "durweek") * 7)


def durday(arg: str) -> str:
    return _duration(days=_number(arg, "durday"))


def durhour(arg: str) -> str:
    hours = _number(arg, "durhour")
    return f"PT{format(hours.normalize(), 'f')}H"


_DUR_UNIT = re.compile(r"^(year|month|week|day)s?$")


def durwordsen(arg: str) -> str:
    """'three-year' -> P3Y, 'two years and six months' -> P2Y6M, '30 days' -> P30D."""
    words = _words(arg)
    parts = {"year": Decimal(0), "month": Decimal(0), "day": Decimal(0)}
    pending: list[str] = []
    found = False
    for w in words:
        m = _DUR_UNIT.match(w)
        if not m:
            pending.append(w)
            continue
        if not pending:
            raise _fail("durwordsen")
        try:
            n = Decimal(words_to_int(" ".join(pending)))
        except ValueError:
            raise _fail("durwordsen") from None
        unit = m.group(1)
        if unit == "week":
            parts["day"] += n * 7
        else:
            parts[unit] += n
        pending, found = [], True
    if pending or not found:
        raise _fail("durwordsen")
    return _duration(parts["year"], parts["month"], parts["day"])


_BALLOT_TRUE = {"\u2612", "\u2611", "\u2713", "\u2714", "x", "X"}
_BALLOT_FALSE = {"\u2610"}


def boolballotbox(arg: str) -> str:
    v = arg.strip()
    if v in _BALLOT_TRUE:
        return "true"
    if v in _BALLOT_FALSE:
        return "false"
    raise _fail("boolballotbox")


def yesnoballotbox(arg: str) -> str:
    return "Yes" if boolballotbox(arg) == "true" else "No"


def numinf(arg: str) -> str:
    return "INF"


def numneginf(arg: str) -> str:
    return "-INF"


def numnan(arg: str) -> str:
    return "NaN"


_FILER_CATEGORIES = {
    "large accelerated filer": "Large Accelerated Filer",
    "accelerated filer": "Accelerated Filer",
    "non-accelerated filer": "Non-accelerated Filer",
    "nonaccelerated filer": "Non-accelerated Filer",
}


def entityfilercategoryen(arg: str) -> str:
    key = re.sub(r"\s*-\s*", "-", " ".join(arg.split()).lower())
    try:
        return _FILER_CATEGORIES[key]
    except KeyError:
        raise _fail("entityfilercategoryen") from None


# Exchange names as written in filings -> dei exchange codes; most specific first.
_EXCHANGES = (
    ("nyse american", "NYSEAMER"),
    ("nyse mkt", "NYSEAMER"),
    ("nyse arca", "NYSEArca"),
    ("nyse national", "NYSENAT"),
    ("nasdaq bx", "BX"),
    ("nasdaq phlx", "PHLX"),
    ("nasdaq", "NASDAQ"),
    ("new york stock exchange", "NYSE"),
    ("nyse", "NYSE"),
    ("cboe byx", "CboeBYX"),
    ("cboe bzx", "CboeBZX"),
    ("cboe edga", "CboeEDGA"),
    ("cboe edgx", "CboeEDGX"),
    ("chicago board options", "CBOE"),
    ("cboe", "CBOE"),
    ("chicago stock exchange", "CHX"),
    ("investors exchange", "IEX"),
    ("iex", "IEX"),
    ("miami international", "MIAX"),
    ("members exchange", "MEMX"),
    ("boston options", "BOX"),
    ("long-term stock exchange", "LTSE"),
)


def exchnameen(arg: str) -> str:
    text = " ".join(arg.split()).lower()
    for needle, code in _EXCHANGES:
        if needle in text:
            return code
    raise _fail("exchnameen")


_STATES = {
    "alabama": "AL",
    "alaska": "AK",
    "arizona": "AZ",
    "arkansas": "AR",
    "california": "CA",
    "colorado": "CO",
    "connecticut": "CT",
    "delaware": "DE",
    "district of columbia": "DC",
    "florida": "FL",
    "georgia": "GA",
    "hawaii": "HI",
    "idaho": "ID",
    "illinois": "IL",
    "indiana": "IN",
    "iowa": "IA",
    "kansas": "KS",
    "kentucky": "KY",
    "louisiana": "LA",
    "maine": "ME",
    "maryland": "MD",
    "massachusetts": "MA",
    "michigan": "MI",
    "minnesota": "MN",
    "mississippi": "MS",
    "missouri": "MO",
    "montana": "MT",
    "nebraska": "NE",
    "nevada": "NV",
    "new hampshire": "NH",
    "new jersey": "NJ",
    "new mexico": "NM",
    "new york": "NY",
    "north carolina": "NC",
    "north dakota": "ND",
    "ohio": "OH",
    "oklahoma": "OK",
    "oregon": "OR",
    "pennsylvania": "PA",
    "rhode island": "RI",
    "south carolina": "SC",
    "south dakota": "SD",
    "tennessee": "TN",
    "texas": "TX",
    "utah": "UT",
    "vermont": "VT",
    "virginia": "VA",
    "washington": "WA",
    "west virginia": "WV",
    "wisconsin": "WI",
    "wyoming": "WY",
    "puerto rico": "PR",
    "guam": "GU",
    "american samoa": "AS",
    "virgin islands": "VI",
    "united states virgin islands": "VI",
    "northern mariana islands": "MP",
    "alberta": "A0",
    "british columbia": "A1",
    "manitoba": "A2",
    "new brunswick": "A3",
    "newfoundland": "A4",
    "newfoundland and labrador": "A4",
    "nova scotia": "A5",
    "ontario": "A6",
    "prince edward island": "A7",
    "quebec": "A8",
    "saskatchewan": "A9",
    "yukon": "B0",
}


def stateprovnameen(arg: str) -> str:
    key = " ".join(arg.replace(".", " ").split()).lower()
    if key.startswith("state of "):
        key = key[len("state of ") :]
    try:
        return _STATES[key]
    except KeyError:
        raise _fail("stateprovnameen") from None


TRANSFORMS: dict[str, Callable[[str], str]] = {
    f.__name__: f
    for f in (
        numwordsen,
        duryear,
        durmonth,
        durweek,
        durday,
        durhour,
        durwordsen,
        boolballotbox,
        yesnoballotbox,
        numinf,
        numneginf,
        numnan,
        entityfilercategoryen,
        exchnameen,
        stateprovnameen,
    )
}


def load_custom_transforms(custom: dict[Any, Any]) -> None:
    for name, fn in TRANSFORMS.items():
        custom[qname(SEC_NS, "ixt-sec:" + name)] = fn


__pluginInfo__ = {
    "name": "auditgraph SEC inline transforms",
    "version": "1.0",
    "description": "ixt-sec (http://www.sec.gov/inlineXBRL/transformation/2015-08-31) transformations.",
    "license": "Apache-2",
    "author": "auditgraph",
    "copyright": "auditgraph",
    "ModelManager.LoadCustomTransforms": load_custom_transforms,
}
