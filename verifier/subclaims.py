"""What one sub-claim asserts, as arithmetic: the figures it needs and the claim interval.

    level       value = figure                          "revenue of $33.7 billion"
    growth      value = (cur - base) / base             "revenue rose 6.7%"
    change      value = cur - base                      "revenue increased $2.1 billion"
    ratio       value = a / b                           "R&D was 12% of revenue"
    difference  value = a - b                           "operating income exceeded net income by $1.2 billion"
    comparison  doubled: cur / base near 2; narrowed: cur^2 - base^2 < 0; exceeded: a - b > 0;
                flat / unchanged: (cur - base) / base within 1%

A figure named with a loss word ("net loss", "cash used in") is minus its concept's value, so
"net loss of $1.2 billion" checks NetIncomeLoss = -1.2e9 and "net loss narrowed" compares
magnitudes. Pure functions: the verifier grounds the figures and runs Z3.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from auditgraph.verifier import formula as fx
from auditgraph.verifier.numbers import Hedge, Interval, Kind, Mention, hedge_of, interval
from auditgraph.verifier.sentence_state import SubClaim
from auditgraph.verifier.types import Unit

_FACTORS = {"double": Decimal(2), "triple": Decimal(3), "quadruple": Decimal(4), "halve": Decimal("0.5")}
COMPARISON_TOLERANCE = Decimal("0.05")  # "doubled" is a ratio within 5% of 2
FLAT_TOLERANCE = Decimal("0.01")  # "flat", "unchanged": within 1% of the compared period's figure


@dataclass(frozen=True)
class Figure:
    """One figure a sub-claim needs: a metric in a period ("cur" or "base"), maybe negated."""

    name: str  # cur | base | a | b | oc | ob (the other metric now and before)
    metric: str  # "metric" (the sub-claim's) | "other"
    period: str  # "cur" | "base"
    negated: bool


@dataclass(frozen=True)
class Arithmetic:
    figures: tuple[Figure, ...]
    expr: fx.Expr | None  # over figure names; None: a level (the figure is the value)
    claim: Interval | None  # None: the claim cannot be read in these units (message in `problem`)
    claimed: Decimal | None  # the value as written, in base units
    half_width: Decimal
    units: tuple[Unit, ...]  # what the metric may be measured in
    other_units: tuple[Unit, ...] = ()
    problem: str | None = None


_MONEYLIKE = (Unit.MONETARY, Unit.SHARES, Unit.PER_SHARE)


def units_for(sc: SubClaim) -> tuple[Unit, ...]:
    n = sc.number
    if sc.relation in ("rise", "fall"):  # "operating margin expanded to 20.6%": a ratio may rise too
        return (*_MONEYLIKE, Unit.RATIO)
    if sc.kind in ("growth", "comparison") and sc.relation not in ("exceed", "less"):  # includes faster/slower
        return _MONEYLIKE
    if sc.kind == "ratio":
        return (Unit.MONETARY, Unit.SHARES)
    if n is None:
        return _MONEYLIKE
    if n.kind is Kind.PER_SHARE:
        return (Unit.PER_SHARE,)
    if n.kind is Kind.SHARES:
        return (Unit.SHARES,)
    if n.kind in (Kind.PERCENT, Kind.MULTIPLE, Kind.POINTS):
        return (Unit.RATIO,)
    if n.kind is Kind.NUMBER:
        return (Unit.MONETARY, Unit.SHARES, Unit.RATIO) if sc.kind == "level" else (Unit.MONETARY, Unit.SHARES)
    return (Unit.MONETARY, Unit.PER_SHARE)  # "$6.61" is per share when the words say EPS


def arithmetic(sc: SubClaim, scale: Decimal, unit: Unit | None) -> Arithmetic:
    """The figures and claim interval of `sc`, once its metric's unit is known."""
    units = units_for(sc)
    neg = sc.metric.negated
    cur, base = Figure("cur", "metric", "cur", neg), Figure("base", "metric", "base", neg)
    a = Figure("a", "metric", "cur", neg)
    b = Figure("b", "other", "cur", bool(sc.other and sc.other.negated))
    ref = {f: _ref(f) for f in (cur, base, a, b)}
    n = sc.number
    if sc.kind == "comparison":
        return _comparison(sc, cur, base, a, b, ref, units)
    assert n is not None
    value, half = _read(n, scale, Unit.RATIO if sc.kind == "ratio" else unit)  # a ratio's figure is a pure number
    if value is None:
        return Arithmetic(
            (), None, None, None, half, units, problem=f"{n.text} cannot be read in {unit.value if unit else '?'} units"
        )
    if sc.kind == "level":
        fig = base if sc.at_base else cur
        written, wh = (abs(value), half) if neg else (value, half)
        iv = interval(written, wh, n.hedge, _rate(n))
        if neg:
            iv = Interval(-iv.upper if iv.upper is not None else None, -iv.lower if iv.lower is not None else None)
        return Arithmetic((fig,), None, iv, -abs(value) if neg else value, half, units)
    if sc.kind == "growth":
        if n.kind is not Kind.PERCENT:
            return Arithmetic((), None, None, None, half, units, problem=f"{n.text} is no growth rate; write it in percent")
        signed = sc.direction * abs(value) if sc.direction < 0 or n.text[0] not in "-−–" else value
        expr = fx.Bin("/", fx.Bin("-", ref[cur], ref[base]), ref[base])
        return Arithmetic((cur, base), expr, interval(signed, half, n.hedge, _rate(n)), signed, half, units)
    if sc.kind == "change":
        signed = sc.direction * abs(value) if sc.direction < 0 or n.text[0] not in "-−–" else value
        expr = fx.Bin("-", ref[cur], ref[base])
        return Arithmetic(
            (cur, base),
            expr,
            interval(signed, half, n.hedge, _rate(n)),
            signed,
            half,
            (Unit.RATIO,) if n.kind is Kind.POINTS else units,
        )
    if sc.kind == "ratio":
        expr = fx.Bin("/", ref[a], ref[b])
        return Arithmetic((a, b), expr, interval(value, half, n.hedge, _rate(n)), value, half, units, (Unit.MONETARY,))
    if sc.kind == "difference":
        signed = sc.direction * abs(value)
        expr = fx.Bin("-", ref[a], ref[b])
        return Arithmetic((a, b), expr, interval(signed, half, n.hedge, _rate(n)), signed, half, units, units)
    raise ValueError(f"unknown sub-claim kind {sc.kind}")


def _rate(n: Mention) -> bool:
    return n.kind in (Kind.PERCENT, Kind.POINTS)


def _ref(f: Figure) -> fx.Expr:
    r = fx.Ref(f"{f.name}.value")
    return fx.Neg(r) if f.negated else r


def magnitude(n: Mention, scale: Decimal, unit: Unit) -> tuple[Decimal, Decimal] | None:
    """The interval of sizes the written number allows in `unit`'s base units, or None when it is no
    figure of that unit."""
    value, half = _read(n, scale, unit)
    return None if value is None else (abs(value) - half, abs(value) + half)


def _read(n: Mention, scale: Decimal, unit: Unit | None) -> tuple[Decimal | None, Decimal]:
    """The written number in the metric's base units: a bare figure takes "(in thousands)"."""
    if n.kind in (Kind.PERCENT, Kind.POINTS):
        return (n.value, n.half_width) if unit in (Unit.RATIO, None) or unit in _MONEYLIKE else (None, n.half_width)
    if n.kind is Kind.MULTIPLE:
        return (n.value, n.half_width) if unit is Unit.RATIO else (None, n.half_width)
    if n.kind in (Kind.NUMBER, Kind.MONEY) and not n.scale_word and unit in (Unit.MONETARY, Unit.SHARES):
        return n.value * scale, n.half_width * scale  # "$48,731,992 (in thousands)"
    if unit is Unit.RATIO and n.kind is Kind.NUMBER:
        return n.value, n.half_width
    return n.value, n.half_width


def _comparison(
    sc: SubClaim, cur: Figure, base: Figure, a: Figure, b: Figure, ref: dict[Figure, fx.Expr], units: tuple[Unit, ...]
) -> Arithmetic:
    rel = sc.relation or ""
    hedge = hedge_of(sc.hedge)
    if rel in _FACTORS:
        f = _FACTORS[rel]
        tol = f * COMPARISON_TOLERANCE
        iv = {
            Hedge.OVER: Interval(f, None),
            Hedge.NEARLY: Interval(f - tol, f + Decimal("1e-12")),
            Hedge.UNDER: Interval(None, f),
        }.get(hedge, Interval(f - tol, f + tol))
        return Arithmetic((cur, base), fx.Bin("/", ref[cur], ref[base]), iv, f, Decimal(0), units)
    if rel in ("narrow", "widen"):
        c, p = fx.Ref("cur.value"), fx.Ref("base.value")
        expr = fx.Bin("-", fx.Bin("*", c, c), fx.Bin("*", p, p))  # |cur| < |base| without abs
        iv = Interval(None, Decimal(0)) if rel == "narrow" else Interval(Decimal(0), None)
        return Arithmetic((cur, base), expr, iv, None, Decimal(0), units)
    if rel in ("faster", "slower"):
        oc, ob = Figure("oc", "other", "cur", False), Figure("ob", "other", "base", False)
        growth: Callable[[fx.Expr, fx.Expr], fx.Expr] = lambda c, b: fx.Bin("/", fx.Bin("-", c, b), b)  # noqa: E731
        expr = fx.Bin("-", growth(ref[cur], ref[base]), growth(_ref(oc), _ref(ob)))
        iv = Interval(Decimal(0), None) if rel == "faster" else Interval(None, Decimal(0))
        return Arithmetic((cur, base, oc, ob), expr, iv, None, Decimal(0), units, units)
    if rel == "flat":  # "revenue was flat": within FLAT_TOLERANCE of the compared period's
        expr = fx.Bin("/", fx.Bin("-", ref[cur], ref[base]), ref[base])
        return Arithmetic((cur, base), expr, Interval(-FLAT_TOLERANCE, FLAT_TOLERANCE), None, Decimal(0), units)
    if rel in ("rise", "fall"):  # the figure as worded went up / down against the compared period
        iv = Interval(Decimal(0), None) if rel == "rise" else Interval(None, Decimal(0))
        return Arithmetic((cur, base), fx.Bin("-", ref[cur], ref[base]), iv, None, Decimal(0), units)
    if rel in ("exceed", "less"):
        iv = Interval(Decimal(0), None) if rel == "exceed" else Interval(None, Decimal(0))
        return Arithmetic((a, b), fx.Bin("-", ref[a], ref[b]), iv, None, Decimal(0), _MONEYLIKE, _MONEYLIKE)
    raise ValueError(f"unknown comparison {rel!r}")
