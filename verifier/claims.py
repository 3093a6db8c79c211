"""Parse a candidate answer ("$1.2 billion", "(1,234)", "44.1%") into an exact value and its rounding.

A claim carries its own precision: "383.3 billion" means [383.25, 383.35] billion. That
half-unit of the last written digit is the claim's tolerance, capped at MAX_RELATIVE_TOLERANCE
(5%) of the value so that a one-digit "0.1 trillion" cannot pass for 114.3 billion (docs/verifier.md).
Unparsable claims are not errors: parse_claim returns a reason and the verifier abstains.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from auditgraph.errors import ClaimParseError as ClaimParseError  # re-exported with the parser it belongs to
from auditgraph.verifier.numbers import MAX_RELATIVE_TOLERANCE  # one cap for answers and sentences
from auditgraph.verifier.types import ClaimValue
from auditgraph.verifier.vocabulary import CLAIM_NUMBER

SCALE_WORDS: dict[str, Decimal] = {
    "thousand": Decimal(10) ** 3,
    "thousands": Decimal(10) ** 3,
    "k": Decimal(10) ** 3,
    "million": Decimal(10) ** 6,
    "millions": Decimal(10) ** 6,
    "mm": Decimal(10) ** 6,
    "m": Decimal(10) ** 6,
    "mn": Decimal(10) ** 6,
    "billion": Decimal(10) ** 9,
    "billions": Decimal(10) ** 9,
    "bn": Decimal(10) ** 9,
    "b": Decimal(10) ** 9,
    "trillion": Decimal(10) ** 12,
    "trillions": Decimal(10) ** 12,
    "tn": Decimal(10) ** 12,
}
_CURRENCY = r"(?:US\$|\$|USD|usd|€|EUR|£|GBP)"
_NUMBER = CLAIM_NUMBER
_CLAIM = re.compile(
    rf"^\s*(?P<neg1>[-−–])?\s*(?P<open>\()?\s*(?P<neg2>[-−–])?\s*{_CURRENCY}?\s*(?P<neg3>[-−–])?\s*"
    rf"(?P<num>{_NUMBER})\s*(?P<scale>thousands?|millions?|billions?|trillions?|bn|mm|mn|tn|k|m|b)?\b\s*(?P<pct>%|percent|per\s*cent)?\s*(?P<close>\))?\s*"
    rf"(?:{_CURRENCY}|dollars?)?\s*(?:per\s+(?:diluted\s+|basic\s+)?share)?\s*\.?\s*$",
    re.IGNORECASE,
)
_FIRST_NUMBER = re.compile(_NUMBER)
_RANGE_WORD = re.compile(r"\bto\b|-|–|\band\b", re.IGNORECASE)


def _is_range(raw: str) -> bool:
    """A number, then "to" / "-" / "and", then another number ("$1.2 to $1.3 billion"), or "between".

    Three forward searches, each from where the last one ended: linear in the claim's length
    (one regex with two lazy ``.*?`` retried from every number is quadratic on "1 1 1 …")."""
    if re.search(r"\bbetween\b", raw, re.I):
        return True
    first = _FIRST_NUMBER.search(raw)
    word = _RANGE_WORD.search(raw, first.end()) if first else None
    return bool(word and _FIRST_NUMBER.search(raw, word.end()))


def parse_claim(text: str | int | float | Decimal) -> ClaimValue:
    """Exact value in base units as written (a claim scale word applied, percent -> fraction)."""
    if isinstance(text, bool):
        raise ClaimParseError(f"claim {text!r} is a boolean, not a number")
    if isinstance(text, (int, Decimal)):
        text = str(text)
    elif isinstance(text, float):
        text = repr(text)  # shortest round-trip form: 123.4 stays 123.4
    raw = str(text).strip()
    if not raw:
        raise ClaimParseError("claim is empty; give one number such as 383285000000 or $383.3 billion")
    m = _CLAIM.match(raw)
    if not m:
        if _is_range(raw):
            raise ClaimParseError(f"claim {raw!r} is a range, not one number; give a single value")
        if not re.search(r"\d", raw):
            raise ClaimParseError(f"claim {raw!r} has no number; give a single value such as $1.2 billion")
        raise ClaimParseError(f"claim {raw!r} is not one number with an optional currency, scale or %")
    negative = bool(m["neg1"] or m["neg2"] or m["neg3"])
    if bool(m["open"]) != bool(m["close"]):
        raise ClaimParseError(f"claim {raw!r} has an unbalanced parenthesis")
    if m["open"]:
        negative = not negative if negative else True  # accounting negative: (1,234)
    try:
        number = Decimal(m["num"].replace(",", ""))
    except InvalidOperation as exc:  # the regex admits only decimals; belt and braces
        raise ClaimParseError(f"claim {raw!r}: {m['num']!r} is not a decimal number") from exc
    if number != 0 and not -20 <= number.adjusted() <= 20:
        raise ClaimParseError(
            f"claim {raw!r} has an implausible magnitude; give the figure in units, thousands, millions or billions"
        )
    scale_word = m["scale"].lower() if m["scale"] else None
    scale = Decimal(1)
    if scale_word:
        scale = SCALE_WORDS[scale_word]
    percent = bool(m["pct"])
    if percent and scale_word:
        raise ClaimParseError(f"claim {raw!r} mixes a scale word with a percentage")
    exponent = number.as_tuple().exponent
    assert isinstance(exponent, int)
    half = Decimal(5) * Decimal(10) ** (exponent - 1) * scale
    value = number * scale
    if percent:
        value, half = value / 100, half / 100
    if negative:
        value = -value
    return ClaimValue(text=raw, value=value, half_width=half, percent=percent, scale_word=scale_word)


def tolerance(claim: ClaimValue, value: Decimal) -> Decimal:
    """Half-width of the claim interval around `value` (after any question scale was applied)."""
    return min(claim.half_width, abs(value) * MAX_RELATIVE_TOLERANCE)


def scaled(claim: ClaimValue, factor: Decimal) -> ClaimValue:
    """The claim read in the question's scale ("in millions"); claims with their own scale word keep it."""
    if claim.scale_word or claim.percent or factor == 1:
        return claim
    return ClaimValue(claim.text, claim.value * factor, claim.half_width * factor, claim.percent, claim.scale_word)
