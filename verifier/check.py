"""The Z3 check: grounded fact intervals, authorised formulas and the claim as named constraints.

Constraint names (they appear in unsat cores):
  fact:<role>:<fact_id>      lower <= role <= upper        (the fact's rounding interval)
  formula:<source>:<n>       value == expression(roles)    (one per authorised formula)
  nonzero:<n>                divisor != 0
  claim                      claim_lower < value < claim_upper (open; a point when the width is 0)

Procedure: evidence alone (facts + formulas) must be satisfiable, else the filing contradicts
itself and we abstain with that core. Interval stage: the claim is added; unsat -> Violated
with the core and the direction; unknown -> Abstain. Reported-value stage (only when the
interval stage is sat): the same check with every fact fixed at its reported value
(`reported:<role>:<fact_id>`; the reported total when there is one, else the formula). A claim
that survives only because rounding errors of several facts add up (13,787 for a free cash
flow computed as 13,786 from figures in millions) is Violated with that core; when the reported
figures disagree among themselves the interval stage alone decides. Values enter Z3 as exact
rationals built from the Decimal strings; no float is ever involved.

Each check builds its terms and solvers in a Z3 context of its own (`fresh_context`), freed when it
returns: a Z3 context is not thread-safe, and the MCP server verifies concurrent claims on worker
threads (two threads in the one global context killed `auditgraph mcp` with SIGSEGV, issue 36); a
context kept for a thread's life grew with every claim it checked (860 MB and 30 ms a sentence after
1,650 narrative sentences, against 8 ms at first) and let what it checked before choose among a
claim's unsat cores.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Literal

import z3

from auditgraph.verifier import formula as fx
from auditgraph.verifier.types import Binding, Decision

VALUE = "value"


@dataclass(frozen=True)
class Authorised:
    """One authorised equation `target == expr` and where its authority comes from.

    The target is the claimed value, or for a claim over several figures (growth, a difference)
    one of those figures (`cur.value`), which the claim's own formula then combines."""

    name: str  # formula:<source>:<n>
    expr: fx.Expr
    target: str = VALUE


@dataclass(frozen=True)
class CheckResult:
    decision: Decision
    core: tuple[str, ...] = ()
    direction: str | None = None  # overstates | understates
    entailed: bool | None = None
    evidence_inconsistent: bool = False
    solver_unknown: str | None = None
    expected: tuple[Decimal, Decimal] | None = None
    point_mismatch: bool = False  # consistent with the rounding intervals, not with the reported figures
    expected_point: Decimal | None = None  # the value computed from the figures as reported
    too_precise: bool = False  # the claim has more digits than the only filed figure that decides it


def fresh_context() -> z3.Context:
    """A Z3 context for one check. Concurrent dec_ref is enabled so that Python's garbage collector,
    which may free a term on any thread, never races the thread that made it."""
    ctx = z3.Context()
    z3.Z3_enable_concurrent_dec_ref(ctx.ref())
    return ctx


def rational(d: Decimal, ctx: z3.Context) -> z3.RatNumRef:
    f = Fraction(d)
    return z3.Q(f.numerator, f.denominator, ctx)


def _z3(expr: fx.Expr, vars_: dict[str, z3.ArithRef], ctx: z3.Context) -> z3.ArithRef:
    if isinstance(expr, fx.Ref):
        return vars_[expr.role]
    if isinstance(expr, fx.Num):
        return rational(expr.value, ctx)
    if isinstance(expr, fx.Neg):
        return -_z3(expr.arg, vars_, ctx)
    a, b = _z3(expr.left, vars_, ctx), _z3(expr.right, vars_, ctx)
    return {"+": a + b, "-": a - b, "*": a * b, "/": a / b}[expr.op]


def _evidence(
    ctx: z3.Context,
    bindings: Sequence[Binding],
    formulas: Sequence[Authorised],
    timeout_ms: int,
    prefix: str = "fact",
    points: bool = False,
) -> tuple[z3.Solver, dict[str, z3.ArithRef]]:
    s = z3.Solver(ctx=ctx)
    s.set("timeout", timeout_ms)
    roles = {b.role for b in bindings} | {r for f in formulas for r in (*fx.roles(f.expr), f.target)}
    vars_ = {r: z3.Real(r, ctx) for r in sorted(roles)}
    vars_.setdefault(VALUE, z3.Real(VALUE, ctx))
    for b in bindings:
        v = vars_[b.role]
        bound = v == rational(b.value, ctx) if points else z3.And(v >= rational(b.lower, ctx), v <= rational(b.upper, ctx))
        s.assert_and_track(bound, f"{prefix}:{b.role}:{b.fact_id}")
    n = 0
    for f in formulas:
        s.assert_and_track(vars_[f.target] == _z3(f.expr, vars_, ctx), f.name)
        for den in fx.denominators(f.expr):
            n += 1
            s.assert_and_track(_z3(den, vars_, ctx) != 0, f"nonzero:{n}")
    return s, vars_


def _bound(value: z3.ArithRef, claim_lower: Decimal | None, claim_upper: Decimal | None, half_up: bool) -> z3.BoolRef:
    # The claim interval is open: a claim touching the evidence only at an end point is a
    # different rounded figure (352,584 vs a filed 352,583 with decimals -6), not the same one.
    # Against an exact reported value, the tie that rounds half up (away from zero) to the
    # claim belongs to it: 8.645 billion is "8.65 billion". None is unbounded ("over $33 billion").
    ctx = value.ctx
    lo = rational(claim_lower, ctx) if claim_lower is not None else None
    hi = rational(claim_upper, ctx) if claim_upper is not None else None
    if lo is not None and hi is not None and claim_lower >= claim_upper:  # type: ignore[operator]
        return value == lo
    parts = []
    if lo is not None:
        parts.append(value >= lo if half_up and claim_lower > 0 else value > lo)  # type: ignore[operator]
    if hi is not None:
        parts.append(value <= hi if half_up and claim_upper < 0 else value < hi)  # type: ignore[operator]
    return z3.And(*parts, ctx)


def _claim(
    s: z3.Solver, value: z3.ArithRef, claim_lower: Decimal | None, claim_upper: Decimal | None, half_up: bool = False
) -> tuple[z3.CheckSatResult, tuple[str, ...], str | None]:
    """Add the claim; (result, core, direction when unsat)."""
    s.push()
    s.assert_and_track(_bound(value, claim_lower, claim_upper, half_up), "claim")
    verdict = s.check()
    core = _core(s) if verdict == z3.unsat else ()
    s.pop()
    direction = None
    if verdict == z3.unsat:
        s.push()
        if claim_upper is not None:
            s.add(value >= rational(claim_upper, value.ctx))  # can the true value lie above the claim? then it understates it
            direction = "understates" if s.check() == z3.sat else "overstates"
        else:
            s.add(value <= rational(claim_lower, value.ctx))  # type: ignore[arg-type]
            direction = "overstates" if s.check() == z3.sat else "understates"
        s.pop()
    return verdict, core, direction


def check(
    bindings: Sequence[Binding],
    formulas: Sequence[Authorised],
    claim_lower: Decimal | None,
    claim_upper: Decimal | None,
    timeout_ms: int = 5000,
) -> CheckResult:
    """Interval stage, then reported-value stage (see module docstring)."""
    ctx = fresh_context()
    s, vars_ = _evidence(ctx, bindings, formulas, timeout_ms)
    expected = expected_range(bindings, formulas)
    base = s.check()
    if base == z3.unknown:
        return CheckResult(Decision.ABSTAIN, solver_unknown=s.reason_unknown(), expected=expected)
    if base == z3.unsat:
        return CheckResult(Decision.ABSTAIN, core=_core(s), evidence_inconsistent=True, expected=expected)
    value = vars_[VALUE]
    verdict, core, direction = _claim(s, value, claim_lower, claim_upper)
    if verdict == z3.unknown:
        return CheckResult(Decision.ABSTAIN, solver_unknown=s.reason_unknown(), expected=expected)
    if verdict == z3.unsat:
        return CheckResult(Decision.VIOLATED, core=core, direction=direction, entailed=False, expected=expected)
    s.push()
    s.add(z3.Not(_bound(value, claim_lower, claim_upper, False)))
    entailed = s.check() == z3.unsat  # every value the facts allow lies inside the claim
    s.pop()
    point = _point_stage(ctx, bindings, formulas, claim_lower, claim_upper, timeout_ms)
    if point == "too_precise":
        return CheckResult(Decision.ABSTAIN, expected=expected, too_precise=True)
    if point is not None and point[0] == z3.unsat:
        return CheckResult(
            Decision.VIOLATED,
            core=point[1],
            direction=point[2],
            entailed=False,
            expected=expected,
            point_mismatch=True,
            expected_point=point[3],
        )
    return CheckResult(Decision.VERIFIED, entailed=entailed, expected=expected, expected_point=point[3] if point else None)


def _point_stage(
    ctx: z3.Context,
    bindings: Sequence[Binding],
    formulas: Sequence[Authorised],
    claim_lower: Decimal | None,
    claim_upper: Decimal | None,
    timeout_ms: int,
    filed_totals: bool = True,
) -> tuple[z3.CheckSatResult, tuple[str, ...], str | None, Decimal | None] | Literal["too_precise"] | None:
    """The claim against the value computed from the figures as reported (most precise duplicate,
    the reported total when there is one). None when the reported figures disagree among
    themselves (rounding in the filing): then the interval stage alone decides. "too_precise"
    when only a filed total rounded more coarsely than the claim is written would refute it."""
    best: dict[str, Binding] = {}
    for b in bindings:
        if b.role not in best or (b.upper - b.lower) < (best[b.role].upper - best[b.role].lower):
            best[b.role] = b
    width = claim_upper - claim_lower if claim_lower is not None and claim_upper is not None else None
    use, coarse = [], False
    for target in dict.fromkeys(f.target for f in formulas):  # per figure: its reported total, else its formulas
        mine = [f for f in formulas if f.target == target]
        filed = [f for f in mine if ":filed-fact:" in f.name]
        if target == VALUE and filed:
            coarse = width is not None and any(_coarser(best, f, width) for f in filed)
            if not filed_totals:
                filed = []
                mine = [f for f in mine if ":filed-fact:" not in f.name]
        use += filed or mine
    roles = {r for f in use for r in fx.roles(f.expr)}
    s, vars_ = _evidence(ctx, [b for r, b in best.items() if r in roles], use, timeout_ms, prefix="reported", points=True)
    if s.check() != z3.sat:
        return None
    point = s.model().eval(vars_[VALUE], model_completion=True)
    expected_point = _decimal(point)
    verdict, core, direction = _claim(s, vars_[VALUE], claim_lower, claim_upper, half_up=True)
    if verdict == z3.unsat and coarse and filed_totals:
        # a total filed as 13% (decimals 2) cannot refute a claim of 12.9%: only its parts can
        parts = [f for f in formulas if f.target == VALUE and ":filed-fact:" not in f.name]
        if not parts:
            return "too_precise"
        return _point_stage(ctx, bindings, formulas, claim_lower, claim_upper, timeout_ms, filed_totals=False)
    return verdict, core, direction, expected_point


def _coarser(best: dict[str, Binding], f: Authorised, width: Decimal) -> bool:
    """Whether a filed total is rounded more coarsely than the claim is written."""
    return any(b.upper - b.lower > width for r in fx.roles(f.expr) if (b := best.get(r)))


def _decimal(v: z3.ExprRef) -> Decimal | None:
    if isinstance(v, z3.RatNumRef):
        return fx.to_decimal(Fraction(v.numerator_as_long(), v.denominator_as_long()))
    return None


def _core(s: z3.Solver) -> tuple[str, ...]:
    """The unsat core, names sorted. A claim contradicting two filed computations has two cores; the check's
    own context (fresh_context) makes the one Z3 finds depend on this claim alone, never on claims before it."""
    return tuple(sorted(str(c) for c in s.unsat_core()))


def expected_range(bindings: Sequence[Binding], formulas: Sequence[Authorised]) -> tuple[Decimal, Decimal] | None:
    """The narrowest interval any one formula gives the value (for people; Z3 decides)."""
    env: dict[str, fx.Interval] = {}
    for b in bindings:
        lo, hi = Fraction(b.lower), Fraction(b.upper)
        if b.role in env:  # duplicates intersect
            lo, hi = max(lo, env[b.role][0]), min(hi, env[b.role][1])
        env[b.role] = (lo, hi)
    best: dict[str, fx.Interval] = {}
    for f in formulas:  # a claim's own formula comes after the figures it combines
        try:
            iv = fx.interval(f.expr, {**env, **best})
        except KeyError:
            continue
        old = best.get(f.target)
        if iv and (old is None or iv[1] - iv[0] < old[1] - old[0]):
            best[f.target] = iv
    got = best.get(VALUE)
    if got is None or got[0] > got[1]:
        return None
    return fx.to_decimal(got[0]), fx.to_decimal(got[1])
