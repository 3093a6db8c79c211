"""Exact arithmetic of the rules: decimals, rounding, and the official tolerance formulas."""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation, localcontext

INF = None  # a decimals value of None means INF or absent: no rounding information


def parse_value(value: str | None) -> Decimal | None:
    if value is None:
        return None
    try:
        return Decimal(value.strip())
    except (InvalidOperation, AttributeError):
        return None


def parse_decimals(decimals: str | None) -> int | None:
    """`"-3"` -> -3; `"INF"`, None or junk -> None (no rounding information)."""
    if decimals is None or str(decimals).strip().upper() == "INF":
        return None
    try:
        return int(str(decimals).strip())
    except ValueError:
        return None


def dround(value: Decimal, d: int | None) -> Decimal:
    """Round to d decimals the way XULE's round() does (Python Decimal, half-even); INF: as is."""
    if d is None:
        return value
    with localcontext() as ctx:  # enough digits for any fact: quantize must never run out of precision
        ctx.prec = max(64, len(value.as_tuple().digits) + abs(d) + 4)
        return value.quantize(Decimal(1).scaleb(-d), rounding=ROUND_HALF_EVEN)


def unit_step(d: int) -> Decimal:
    """10^-d exactly."""
    return Decimal(1).scaleb(-d)


def min_decimals(values: list[int | None]) -> int | None:
    """XBRL arithmetic: the decimals of a sum is the least of its operands' (INF operands ignored)."""
    finite = [d for d in values if d is not None]
    return min(finite) if finite else None


def fmt(value: Decimal | None) -> str | None:
    """Exact plain string without exponent or trailing zeros noise ("-192000", "6.13")."""
    if value is None:
        return None
    if value == value.to_integral_value():
        return str(value.quantize(Decimal(1))) if value.adjusted() < 60 else str(value.normalize())
    if value.adjusted() < -20:  # e.g. a tolerance from decimals="128": scientific, still exact
        return str(value.normalize())
    return format(value.normalize(), "f")


def fmt_decimals(d: int | None) -> str:
    return "INF" if d is None else str(d)
