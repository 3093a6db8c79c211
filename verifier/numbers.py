"""Numbers as people write them in financial prose, with their exact value and written precision.

    find_numbers("Revenue rose 6.7% to $33.7 billion; EPS was -$0.58")
    -> [Mention('6.7%', percent 0.067 ± 0.0005), Mention('$33.7 billion', money 33.7e9 ± 0.05e9),
        Mention('-$0.58', money -0.58 ± 0.005)]

Why our own rules: the general quantity parsers on PyPI read these badly (quantulum3 3.x gives
floats, reads "33.7bn" as bit-newtons and "33.7B" as bytes, drops the sign of "$(1.2) billion"
and does not know "1.17x"), and a verifier needs the exact decimal and the last written digit.
Dates, years, quarters and form names ("10-K") are never numbers here.

The hedge words in front of a number ("about", "over", "nearly", ...) are kept as a `Hedge`;
`interval()` turns value, precision and hedge into the claim interval (docs/verifier.md,
"Tolerance policy").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import Enum

from auditgraph.verifier.vocabulary import HEDGE_WORDS

MAX_RELATIVE_TOLERANCE = Decimal("0.05")

SCALES: dict[str, Decimal] = {
    "thousand": Decimal(10) ** 3,
    "thousands": Decimal(10) ** 3,
    "k": Decimal(10) ** 3,
    "million": Decimal(10) ** 6,
    "millions": Decimal(10) ** 6,
    "mm": Decimal(10) ** 6,
    "mn": Decimal(10) ** 6,
    "mln": Decimal(10) ** 6,
    "m": Decimal(10) ** 6,
    "billion": Decimal(10) ** 9,
    "billions": Decimal(10) ** 9,
    "bn": Decimal(10) ** 9,
    "bln": Decimal(10) ** 9,
    "b": Decimal(10) ** 9,
    "trillion": Decimal(10) ** 12,
    "trillions": Decimal(10) ** 12,
    "tn": Decimal(10) ** 12,
}


class Kind(str, Enum):
    MONEY = "money"  # a currency sign or word: $33.7 billion, USD 33.7B
    PER_SHARE = "per_share"  # $1.26 per diluted share
    PERCENT = "percent"  # 18.0%, 6.7 percent
    POINTS = "points"  # 1.2 percentage points, 120 basis points (as a fraction: 0.012)
    MULTIPLE = "multiple"  # 1.17x, 1.2 times
    SHARES = "shares"  # 2.4 billion shares
    NUMBER = "number"  # bare: 33,723,297 (its unit comes from the metric and any "(in thousands)")


class Hedge(str, Enum):
    NONE = "none"
    ABOUT = "about"  # about, approximately, roughly, around, some, ~
    OVER = "over"  # over, more than, above, exceeding, in excess of, at least
    UNDER = "under"  # under, less than, below, at most, no more than
    NEARLY = "nearly"  # nearly, almost, close to, just under


_HEDGES = [(p, Hedge(name)) for p, name in HEDGE_WORDS]
_HEDGE_RX = re.compile(r"(?:^|(?<=[\s(]))(" + "|".join(p for p, _ in _HEDGES) + r")\s*$", re.I)

_CUR = r"(?:US\$|U\.S\.\s?\$|USD|US\s?dollars?|\$|€|EUR|£|GBP)"
_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+"
_SCALE = r"thousands?|millions?|billions?|trillions?|bn|bln|mln|mm|mn|tn|k|m|b"
_MENTION = re.compile(
    rf"(?P<sign>[-−–+])?\s?(?P<open>\()?\s?(?P<sign2>[-−–])?\s?(?P<cur>{_CUR})?\s?(?P<sign3>[-−–])?\s?(?P<open2>\()?"
    rf"(?P<num>{_NUM})(?![\d,]{0, 40}\.\d)"  # bounded: unbounded, it rescans "1,1,1,…" from every number
    rf"(?:\s?(?P<scale>{_SCALE})(?![a-z]))?(?:\s?(?P<close>\)))?(?:\s?(?P<scale2>{_SCALE})(?![a-z]))?"
    rf"(?:\s?(?P<pct>%|percent\b|per\s?cent\b|pct\b)|\s?(?P<pts>percentage[- ]points?\b|pp\b|ppts?\b|basis[- ]points?\b|bps\b)"
    rf"|\s?(?P<mult>x\b|-?times\b|-?fold\b))?"
    rf"(?P<cur2>\s?(?:{_CUR}|dollars?)(?![a-z]))?"
    rf"(?P<ps>\s?(?:per|a|/)\s?(?:(?P<psk>diluted|basic|fully diluted)\s)?(?:common\s)?share\b)?"
    rf"(?P<sh>\s?(?:(?:common|ordinary|diluted|basic|weighted[- ]average)\s)*shares\b)?",
    re.I,
)
_MONTH = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
# Spans that hold digits but are no amount: dates, years, quarters, forms, durations, QNames.
_NOT_AMOUNTS = re.compile(
    rf"\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}\b|\b\d{{1,2}}\s+{_MONTH},?\s+\d{{4}}\b|\b\d{{4}}-\d{{2}}-\d{{2}}\b"
    rf"|\b\d{{1,2}}/\d{{1,2}}/\d{{2,4}}\b|\b{_MONTH}\s+\d{{4}}\b"
    r"|\b(?:fy|q[1-4]|h[12]|cy)\s?'?\d{2,4}\b|\b[1-4]q\s?'?\d{2,4}\b|\bq[1-4]\b|\bh[12]\b|\b(?:fy|cy)'?\d{2}\b"
    r"|\b10-?[kq]\b|\b8-k\b|\b20-f\b|\bs-1\b|\b\d+(?:st|nd|rd|th)\b|\b(?:three|six|nine|twelve|\d{1,2})[- ]months?\b"
    r"|\b\d{1,2}[- ]weeks?\b|\b(?:asu|topic|asc|item|note|section|rule)\s+[\d-]+[a-z]?\b|\[[^\]]*\]|\b[a-z-]+:[A-Za-z]\w*"
    r"|(?<![$\d.,])\b(?:19|20)\d{2}\b(?!\d|,\d|\.\d|\s?%|\s?(?:" + _SCALE + r")\b)",
    re.I,
)


# "revenue ($33.7 billion) rose": parentheses after a noun are an aside, not a negative sign.
_PARENTHETICAL = re.compile(
    r"(?<![\w-])(?!(?:of|was|were|is|at|to|from|by|totaled|totalled|reported|recorded|"
    r"loss|deficit|and|or|versus|vs|than)\s*$)[a-z][\w'’-]*\s*$",  # "(48.2) percent and (43.4) percent": both negative
    re.I,
)


@dataclass(frozen=True)
class Mention:
    """One number in a text: where it is, what it says and how precisely."""

    text: str
    start: int
    end: int
    value: Decimal  # base units: dollars, shares, a fraction for percentages and points, a ratio for multiples
    half_width: Decimal  # half a unit of the last written digit, in the same units
    kind: Kind
    scale_word: str | None = None
    currency: str | None = None  # USD, EUR, ... when written
    hedge: Hedge = Hedge.NONE
    hedge_text: str | None = None
    per_share: str | None = None  # "diluted" | "basic" | "" for a plain "per share"

    @property
    def significant_digits(self) -> int:
        digits = re.sub(r"\D", "", self.text.split("per")[0])
        return len(digits.lstrip("0")) or 1


def named_currency(n: Mention | None) -> str | None:
    """The currency a figure's facts must be in: one it names other than the dollar ("€1,200 million");
    "$" and "USD" leave it to the filing (its dollars may be another country's)."""
    return n.currency if n is not None and n.currency not in (None, "USD") else None


def _currency(raw: str | None) -> str | None:
    if not raw:
        return None
    r = raw.strip().lower()
    if r in ("€", "eur"):
        return "EUR"
    if r in ("£", "gbp"):
        return "GBP"
    return "USD"


def _masked(text: str) -> str:
    """The text with dates, years, quarters, forms and QNames blanked out (same length)."""
    return _NOT_AMOUNTS.sub(lambda m: " " * len(m[0]), text)


def find_numbers(text: str) -> list[Mention]:
    """Every amount, percentage, multiple and share count in `text`, left to right."""
    masked = _masked(text)
    out = []
    for m in _MENTION.finditer(masked):
        if not m["num"] or not re.search(r"\d", m["num"]):
            continue
        start, end = m.start(), m.end()
        while start < end and masked[start].isspace():
            start += 1
        while end > start and masked[end - 1].isspace():
            end -= 1
        if start > 0 and (masked[start - 1].isalnum() or masked[start - 1] in "_-" and m["sign"] is None):
            continue  # part of a word or a code: "F-1", "A1"
        if masked[end : end + 1].isalnum() or masked[end : end + 1] == "_":
            continue  # "1e999", "9M23": not a number followed by a space or a sign
        out.append(_mention(text, m, start, end))
    return _unit_shared(text, out)


# between the figures of one list or range: "$1.2 and $1.5 million", "2,551,039 and 8,696,108 shares"
_JOINED = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|to\s+|through\s+|[-–]\s*)$", re.I)


def _unit_shared(text: str, found: list[Mention]) -> list[Mention]:
    """The figures of a list or range that write their scale or unit once, after the last one, read with it:
    "$1.2 and $1.5 million" is $1.2 million, "2,551,039 and 8,696,108 shares" two share counts; and the
    currency written before the first, "$4,547,740 and 2,764,477" two amounts, when the bare one has a unit of
    no other kind after it. Only a figure with nothing of its own ("$1.2", "2,551,039") of the last one's kind
    and, for a scale, written to as many decimals ("$500 and $1.5 million" says no more than it writes).
    Not "per share": a per-share list pairs its figures with periods the per-share reading does not place
    ("$1.160, $1.056 and $0.880 per common share … in 2023, 2022, and 2021, respectively"), and "from $0.20
    to $0.21 per share" is a quarterly rate's change, not the year's dividend."""
    out = list(found)
    for i in range(len(out) - 2, -1, -1):
        a, b = out[i], out[i + 1]
        if a.scale_word or not _JOINED.fullmatch(text, a.end, b.start):
            continue
        if b.scale_word and _decimals(a) != _decimals(b):
            continue
        k = SCALES[b.scale_word] if b.scale_word else Decimal(1)
        if b.kind is Kind.MONEY and b.scale_word and a.kind is Kind.MONEY:
            out[i] = replace(a, value=a.value * k, half_width=a.half_width * k, scale_word=b.scale_word)
        elif b.kind is Kind.SHARES and a.kind is Kind.NUMBER:
            out[i] = replace(a, value=a.value * k, half_width=a.half_width * k, scale_word=b.scale_word, kind=Kind.SHARES)
    # the currency written once, before the first: "costs totaling $4,547,740 and 2,764,477 during the years …"
    for i in range(1, len(out)):
        a, b = out[i - 1], out[i]
        if (
            a.kind is Kind.MONEY
            and b.kind is Kind.NUMBER
            and not b.scale_word
            and _JOINED.fullmatch(text, a.end, b.start)
            and _decimals(a) == _decimals(b)
            and len(re.sub(r"\D", "", b.text)) >= 4
            and not _UNIT_AFTER.match(text, b.end)
        ):
            k = SCALES[a.scale_word] if a.scale_word else Decimal(1)
            out[i] = replace(
                b, value=b.value * k, half_width=b.half_width * k, scale_word=a.scale_word, currency=a.currency, kind=Kind.MONEY
            )
    return out


# a bare number with a unit of its own after it ("2,000,000 warrants", "1,500 units") is no amount of money
_UNIT_AFTER = re.compile(
    r"\s*(?:%|percent\b|(?:[A-Za-z’'-]+\s+){0,4}(?:shares?|units?|warrants?|options?|rights|holders|employees|"
    r"customers|acres|barrels|tons|square|members|persons|people|stores|locations)\b)",
    re.I,
)


def _decimals(n: Mention) -> int:
    digits = re.search(r"\d[\d,]*(?:\.(\d+))?", n.text)
    return len(digits[1] or "") if digits else 0


def _mention(text: str, m: re.Match[str], start: int, end: int) -> Mention:
    number = Decimal(m["num"].replace(",", ""))
    exponent = number.as_tuple().exponent
    assert isinstance(exponent, int)
    if exponent == 0 and "." not in m["num"] and number != 0 and not (m["pct"] or m["pts"]):
        # "$950 million" and "1,200" are written to their last nonzero digit: 951 is "about $950 million"
        digits = m["num"].replace(",", "")
        exponent = len(digits) - len(digits.rstrip("0"))
    half = Decimal(5) * Decimal(10) ** (exponent - 1)
    scale_word = (m["scale"] or m["scale2"] or "").lower() or None
    negative = bool(m["sign"] in ("-", "−", "–") or m["sign2"] or m["sign3"])
    open_, close = bool(m["open"] or m["open2"]), bool(m["close"])
    if open_ and close and not (m["open"] and _PARENTHETICAL.search(text[max(0, start - 64) : start])):
        negative = True  # accounting negative: $(1.2) billion, ($1.2 billion); not "revenue ($33.7 billion)"
    elif close and not open_:
        end -= 1  # a closing parenthesis of the sentence, not of the number
    elif open_ and not close:
        start += (m["open"] and 1) or 0
    scale = SCALES[scale_word] if scale_word else Decimal(1)
    cur = m["cur"] or (m["cur2"] or "").strip() or None
    kind = Kind.NUMBER
    value, width = number * scale, half * scale
    per_share = None
    if m["pct"]:
        kind, value, width = Kind.PERCENT, number / 100, half / 100
    elif m["pts"]:
        basis = m["pts"].lower().startswith(("basis", "bps"))
        div = Decimal(10000) if basis else Decimal(100)
        kind, value, width = Kind.POINTS, number / div, half / div
    elif m["mult"]:
        kind = Kind.MULTIPLE
    elif m["ps"]:
        kind, per_share = Kind.PER_SHARE, (m["psk"] or "").lower().replace("fully ", "")
    elif m["sh"]:
        kind = Kind.SHARES
    elif cur:
        kind = Kind.MONEY
    if negative:
        value = -value
    hedge, hedge_text = Hedge.NONE, None
    if h := _HEDGE_RX.search(text[max(0, start - 24) : start]):
        hedge_text = h[1].lower()
        hedge = hedge_of(hedge_text)
    return Mention(text[start:end], start, end, value, width, kind, scale_word, _currency(cur), hedge, hedge_text, per_share)


def hedge_of(words: str | None) -> Hedge:
    """The hedge class of words such as "about", "more than", "nearly" (Hedge.NONE for none)."""
    w = (words or "").strip().lower()
    return next((kind for p, kind in _HEDGES if w and re.fullmatch(p, w, re.I)), Hedge.NONE)


@dataclass(frozen=True)
class Interval:
    """The values a claim admits; None is unbounded. Bounds are open (a claim touching the
    evidence only at an end point is another rounded figure)."""

    lower: Decimal | None
    upper: Decimal | None

    def contains(self, v: Decimal) -> bool:
        return (self.lower is None or v > self.lower) and (self.upper is None or v < self.upper)


def interval(value: Decimal, half_width: Decimal, hedge: Hedge = Hedge.NONE, rate: bool = False) -> Interval:
    """Rounding of the written figure (capped at 5% of it), widened or made one-sided by the hedge.

    A rate (a percentage, points) is read to its last written digit without the cap: "up 3%" is
    2.5% to 3.5%, as people round growth rates and margins to whole points.

    none    (v - h, v + h)          h = half a unit of the last written digit, at most 5% of |v|
    about   (v - 2h, v + 2h)        one full unit either side, at most 5% of |v|
    over    (v, +inf)               more than v, whatever its rounding: 33.7 is not "more than 34"
    under   (-inf, v)
    nearly  (v - 5%|v|, v + h)      close to v from below
    """
    cap = abs(value) * MAX_RELATIVE_TOLERANCE if not rate else max(half_width * 4, abs(value) * MAX_RELATIVE_TOLERANCE)
    h = min(half_width, cap)
    if hedge is Hedge.ABOUT:
        w = min(2 * half_width, cap)
        return Interval(value - w, value + w)
    if hedge is Hedge.OVER:
        return Interval(value, None)
    if hedge is Hedge.UNDER:
        return Interval(None, value)
    if hedge is Hedge.NEARLY:
        return Interval(value - cap, value + h)
    return Interval(value - h, value + h)


def to_last_digit(n: Mention) -> Mention:
    """`n` read to its last written digit, zeros included: "$250 million" is 249.5 to 250.5 million, not 245
    to 255 (a whole number's trailing zeros are read as rounding elsewhere, docs/verifier.md)."""
    if "." in n.text:
        return n
    digits = re.sub(r"\D", "", n.text)
    return replace(n, half_width=n.half_width / 10 ** (len(digits) - len(digits.rstrip("0"))))
