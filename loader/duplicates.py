"""Duplicate facts, classified as the XBRL duplicates guidance defines them.

Facts are duplicates when they share concept, (normalized) context, unit and, for text, the
language. A group is
- `complete`     every value and every `decimals` identical (nil counts as a value),
- `consistent`   numeric values that agree once rounded to the least precise `decimals`
                 of the group (round half to even, as XBRL rounds),
- `inconsistent` anything else; readers must not silently pick one of them.
Each fact of a group gets `duplicate` and `duplicate_group`; every fact after the first (in
document order) gets a DUPLICATE_OF edge to the first.
"""

from __future__ import annotations

import hashlib
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

Row = dict[str, Any]


def _decimals(row: Row) -> int | None:
    """None means exact (INF or no decimals given)."""
    d = row["decimals"]
    if d is None or d.upper() == "INF":
        return None
    return int(d)


def _rounded(value: str, decimals: int | None) -> Decimal:
    v = Decimal(value)
    if decimals is None:
        return v
    return v.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_EVEN)


def classify(group: list[Row]) -> str:
    values = [(r["value"], r["decimals"]) for r in group]
    if all(v == values[0] for v in values):
        return "complete"
    if any(r["nil"] for r in group) or not group[0]["numeric"]:
        return "inconsistent"
    if len({Decimal(r["value"]) for r in group}) == 1:
        return "consistent"  # same number written with different decimals
    finite = [d for d in (_decimals(r) for r in group) if d is not None]
    least = min(finite) if finite else None
    rounded = {_rounded(r["value"], least) for r in group}
    return "consistent" if len(rounded) == 1 else "inconsistent"


def mark_duplicates(facts: list[Row]) -> list[Row]:
    """Set duplicate/duplicate_group on the fact rows in place; returns DUPLICATE_OF edge rows."""
    groups: dict[tuple[Any, ...], list[Row]] = {}
    for r in facts:
        ident = (r["concept_key"], r["context_key"], r["unit_key"], r["lang"])
        groups.setdefault(ident, []).append(r)
    edges: list[Row] = []
    for ident, group in groups.items():
        if len(group) < 2:
            continue
        kind = classify(group)
        gid = hashlib.sha1("\n".join(str(p) for p in ident).encode()).hexdigest()[:16]
        for r in group:
            r["duplicate"] = kind
            r["duplicate_group"] = gid
        first = group[0]
        edges += [{"from_key": r["key"], "to_key": first["key"], "kind": kind} for r in group[1:]]
    return edges
