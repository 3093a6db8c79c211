"""DQCRT constants as the rules use them: read from the graph (`DqcConstant`, written by loader/dqc_constants.py)
and decoded from XULE's serialisation into Python values.

Decoding: `["set", ...]` / `["set qname", ...]` -> frozenset; `["list", ...]` / `["list qname", ...]` -> tuple;
`["dictionary", [k, v], ...]` -> dict; `["qname", "{ns}Name"]` and the items of a "... qname" collection -> the
concept key "{ns}#Name" (what `Fact.concept_key` holds); numbers -> Decimal (exact, as the rules compare them).
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from auditgraph.checks.filing_data import read_records
from auditgraph.errors import RuleDataMissing
from auditgraph.graph import Graph


def _key(text: str) -> str:
    ns, _, name = text[1:].partition("}")
    return f"{ns}#{name}"


def decode(value: Any, qnames: bool = False) -> Any:
    """A Python value for a XULE value (see the module docstring)."""
    if isinstance(value, list):
        if value and isinstance(value[0], str):
            tag = value[0]
            typed = tag.endswith(" qname")
            if tag == "qname" and len(value) == 2:
                return _key(value[1])
            if tag in ("set", "set qname") or (tag.startswith("set ") and len(tag.split()) == 2):
                return frozenset(_hashable(decode(v, typed)) for v in value[1:])
            if tag in ("list", "list qname") or (tag.startswith("list ") and len(tag.split()) == 2):
                return tuple(decode(v, typed) for v in value[1:])
            if tag == "dictionary":
                return {_hashable(decode(k)): decode(v) for k, v in value[1:]}
        return tuple(decode(v, qnames) for v in value)
    if isinstance(value, str):
        return _key(value) if qnames or (value.startswith("{") and "}" in value and " " not in value) else value
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int | float):
        return Decimal(str(value))
    return value


def _hashable(v: Any) -> Any:
    if isinstance(v, dict):
        return tuple(sorted(v.items()))
    return v


def read_constant(graph: Graph, year: int, name: str) -> Any:
    """The decoded constant; RuleDataMissing names the year, the constant and the fix."""
    rows = read_records(graph, "checks.dqc_constant", year=year, constant=name)
    if not rows:
        raise RuleDataMissing(
            f"DQCRT constant {name} of us-gaap {year} is not loaded; run `auditgraph taxonomy dqc-constants {year}` "
            f"(or load the us-gaap {year} package)"
        )
    return decode(json.loads(rows[0]["json"]))
