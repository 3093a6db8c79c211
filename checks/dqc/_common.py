"""Helpers several DQC rule families share: the official tolerance functions, the alignment of us-gaap facts, the
engine's folding of duplicate facts, network walks and the finding of a total that is not the sum of its parts. The leading "_" keeps rulebook.registry() from reading this as a family."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from auditgraph.checks.filing_data import Fact, FilingData
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import fact_violation
from auditgraph.checks.xbrl_decimals import dround, fmt, unit_step

USGAAP = "fasb.org/us-gaap/"
CAP = 5  # tolerance_for_decimals_comp replaces INF/absent (and anything above 5) with at most 5 decimals
Align = tuple[str, str | None, tuple[tuple[str, str], ...]]  # (period key, unit, dims)


# --- the official tolerance functions (exact Decimal) -------------------------------------------------------------


def exceeds(left: Decimal, left_d: int | None, right: Decimal, right_d: int | None, factor: int | Decimal = 2) -> bool:
    """tolerance_for_decimals: d = the least decimals (a side without decimals takes the other's; INF on both
    sides: exact); true when |round(left, d) - round(right, d)| > factor * 10^-d."""
    ld = left_d
    rd = ld if right_d is None else right_d
    d = rd if ld is None else (ld if rd is None else min(ld, rd))
    if d is None:
        return left != right
    return abs(dround(left, d) - dround(right, d)) > factor * unit_step(d)


def exceeds_comp(
    left: Decimal, left_d: int | None, right: Decimal, right_d: int | None, min_d: int | None, factor: int = 2
) -> bool:
    """tolerance_for_decimals_comp: like `exceeds`, but a side without (or with INF) decimals takes `min_d`, the
    least decimals of all the facts involved, capped at 5 (INF: 5)."""
    adj = CAP if min_d is None or min_d > CAP else min_d
    ld = adj if left_d is None else left_d
    rd = adj if right_d is None else right_d
    d = min(ld, rd)
    return abs(dround(left, d) - dround(right, d)) > factor * unit_step(d)


def least(decimals: Iterable[int | None]) -> int | None:
    """min() over decimals where INF (None) is the largest value; None when every one is INF or there is none."""
    finite = [d for d in decimals if d is not None]
    return min(finite) if finite else None


# --- reading the facts ---------------------------------------------------------------------------------------------


def by_alignment(data: FilingData, names: Iterable[str], exclude_axis: str | None = None) -> dict[Align, dict[str, list[Fact]]]:
    """Non-nil us-gaap facts of the given local names, grouped by (period, unit, dims) then by local name.

    Facts that repeat a value at the same decimals (complete duplicates) are kept once, as the engine does."""
    wanted = set(names)
    out: dict[Align, dict[str, list[Fact]]] = defaultdict(lambda: defaultdict(list))
    seen: set[tuple[str, Align, Decimal, int | None]] = set()
    for f in data.facts:
        if f.nil or f.value is None or f.name not in wanted or USGAAP not in f.namespace:
            continue
        if exclude_axis and any(a.rsplit(":", 1)[-1] == exclude_axis for a, _ in f.dims):
            continue
        key: Align = (f.period_key, f.unit, f.dims)
        mark = (f.name, key, f.value, f.decimals)
        if mark in seen:
            continue
        seen.add(mark)
        out[key][f.name].append(f)
    return out


def engine_facts(facts: Iterable[Fact]) -> list[Fact]:
    """The facts as the engine indexes them: of facts with the same concept, period, unit and dimensions and the same
    value (rounded to the lower precision of the two), one is kept, the most precise (the first of equals by fact id).
    Nil duplicates are kept once. dqc_0081 (by context, nils only on request) and dqc_0195 (an index by concept, cached
    per filing) keep variants of their own."""
    kept: dict[tuple[str, str, str | None, tuple[tuple[str, str], ...]], list[Fact]] = defaultdict(list)
    for f in sorted(facts, key=lambda f: f.fact_id):
        saved = kept[(f.concept_key, f.period_key, f.unit, f.dims)]
        for i, s in enumerate(saved):
            if same_value(s, f):
                if (f.decimals if f.decimals is not None else 10**9) > (s.decimals if s.decimals is not None else 10**9):
                    saved[i] = f
                break
        else:
            saved.append(f)
    return [f for group in kept.values() for f in group]


def same_value(a: Fact, b: Fact) -> bool:
    """Both nil, or equal once rounded to the lower decimals of the two (INF on both sides: exact)."""
    if a.value is None or b.value is None:
        return a.value is None and b.value is None
    ds = [d for d in (a.decimals, b.decimals) if d is not None]
    d = min(ds) if ds else None
    return dround(a.value, d) == dround(b.value, d)


# --- walking networks (children lists by parent, one dict per role) ------------------------------------------------


def reach(net: Mapping[str, Iterable[str]], start: str) -> set[str]:
    """Every descendant of `start` in one network; `start` itself only when a cycle leads back to it."""
    todo, seen = list(net.get(start, ())), set()
    while todo:
        c = todo.pop()
        if c not in seen:
            seen.add(c)
            todo += net.get(c, ())
    return seen


def descendants(nets: Mapping[str, Mapping[str, Iterable[str]]], top: str) -> set[str]:
    """The descendants of `top` network by network (a path never crosses from one role into another), joined."""
    out: set[str] = set()
    for net in nets.values():
        out |= reach(net, top)
    return out


# --- findings ------------------------------------------------------------------------------------------------------


def total_violation(
    rule_id: str, code: str, total: Fact, expected: Decimal, message: str, parts: Iterable[Fact | None] = (), **more: Any
) -> CheckResult:
    """A total that differs from the sum of its parts: a fact_violation naming the total's fact (as the official
    messages do) with the expected sum and the difference; `contexts` adds the contexts of the parts given."""
    return fact_violation(
        rule_id,
        code,
        total,
        message,
        expected_value=fmt(expected),
        difference=fmt(total.amount - expected),
        facts=[total.used("total")],
        contexts=sorted({f.context_id or f.context_key for f in [total, *(p for p in parts if p is not None)]}),
        **more,
    )
