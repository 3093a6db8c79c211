"""The AuditFlow judge (paper appendix F and M) as deterministic code instead of an LLM.

Sequential and mutually exclusive, exactly as the annotation guidelines say:
  1. Structure: a JSON object with exactly the keys extracted_value and calculated_value
     (whitespace, indentation and a markdown code fence around the JSON are formatting) -> else S
  2. extracted_value equal to the reference by numeric meaning ("-1,284" == "-1284")      -> else E
  3. calculated_value exactly equal to the reference (zero tolerance)                      -> else C
  4. otherwise A.

Numeric meaning: thousands separators in proper groups of three, a leading sign (ASCII or the
Unicode minus), accounting parentheses "(1,284)" for a negative, a leading "$", scientific
notation ("1.284E3"), and negative zero (== 0). A value that is not a number (text, "n/a") or
null never equals a number; two nulls are equal. Values are compared as exact decimals; JSON
floats are read as decimals from their text, never through binary floating point.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from enum import Enum
from typing import Any

KEYS = ("extracted_value", "calculated_value")
_GROUPED = re.compile(r"^\d{1,3}(,\d{3})+(\.\d*)?$")
_PLAIN = re.compile(r"^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")
_FENCE = re.compile(r"^```[a-zA-Z]*\s*(.*?)\s*```$", re.S)


class Label(str, Enum):
    """One judge label per case."""

    A = "A"  # accurate: structure and both values correct
    S = "S"  # structural: not the two-key JSON object
    E = "E"  # extraction: reported value wrong
    C = "C"  # calculation: reported value right, expected value wrong


@dataclass(frozen=True)
class Judgement:
    label: Label
    reason: str


def parse_number(value: Any) -> Decimal | None:
    """The exact numeric meaning of a value, or None when it has none (text, null, bool)."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, Decimal):
        return value if value.is_finite() else None
    if isinstance(value, int):
        return Decimal(value)
    if isinstance(value, float):
        # repr is the shortest text that round-trips: 0.1 -> "0.1", not 0.1000000000000000055...
        return parse_number(repr(value))
    if not isinstance(value, str):
        return None
    text = value.strip().replace("\u2212", "-").replace("\u00a0", "").replace(" ", "")
    negative = False
    if text.startswith("(") and text.endswith(")"):
        negative, text = True, text[1:-1]
    if text[:1] in "+-" and text:
        negative, text = negative != (text[0] == "-"), text[1:]
    if text.startswith("$"):
        text = text[1:]
    if _GROUPED.match(text):
        text = text.replace(",", "")
    if not _PLAIN.match(text):
        return None
    try:
        number = Decimal(text)
    except InvalidOperation:
        return None
    return -number if negative else number


def same_number(reference: Any, predicted: Any) -> bool:
    """Equal by numeric meaning; null equals only null; text never equals anything."""
    ref, pred = parse_number(reference), parse_number(predicted)
    if ref is None or pred is None:
        return reference is None and predicted is None
    return ref == pred


def parse_answer(prediction: Any) -> dict[str, Any] | None:
    """The two-field object from a dict or a JSON text; None when the structure is wrong."""
    if isinstance(prediction, str):
        text = prediction.strip()
        fenced = _FENCE.match(text)
        if fenced:
            text = fenced.group(1)
        try:
            prediction = json.loads(text, parse_float=Decimal)
        except (json.JSONDecodeError, ValueError):
            return None
    if not isinstance(prediction, dict) or set(prediction) != set(KEYS):
        return None
    if any(isinstance(prediction[k], (dict, list, tuple)) for k in KEYS):
        return None
    return dict(prediction)


def judge(reference: dict[str, Any], prediction: Any) -> Judgement:
    """Label one prediction against its reference answer (both {extracted_value, calculated_value})."""
    pred = parse_answer(prediction)
    if pred is None:
        shown = sorted(prediction) if isinstance(prediction, dict) else type(prediction).__name__
        return Judgement(Label.S, f"not a JSON object with exactly {', '.join(KEYS)} (got {shown})")
    if not same_number(reference["extracted_value"], pred["extracted_value"]):
        return Judgement(Label.E, f"extracted {pred['extracted_value']!r} != reference {reference['extracted_value']!r}")
    if not same_number(reference["calculated_value"], pred["calculated_value"]):
        return Judgement(Label.C, f"calculated {pred['calculated_value']!r} != reference {reference['calculated_value']!r}")
    return Judgement(Label.A, "structure, extracted and calculated values all match")
