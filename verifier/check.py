"""The Z3 check: grounded fact intervals, authorised formulas and the claim as named constraints.

Constraint names (they appear in unsat cores):
  fact:<role>:<fact_id>      lower <= role <= upper        (the fact's rounding interval)
  formula:<source>:<n>       value == expression(roles)    (one per authorised formula)
  nonzero:<n>                divisor != 0
  claim                      claim_lower < value < claim_upper (open; a point when the width is 0)

Procedure: evidence alone (facts + formulas) must be satisfiable, else the filing contradicts
itself and we abstain with that core. Then the claim is added: sat -> Verified, unsat ->
Violated with the core and the direction, unknown -> Abstain. Values enter Z3 as exact
rationals built from the Decimal strings; no float is ever involved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

import z3

from auditgraph.verifier import formula as fx
from auditgraph.verifier.types import Binding, Decision

VALUE = "value"


@dataclass(frozen=True)
class Authorised:
    """One authorised equation `value == expr` and where its authority comes from."""

    name: str  # formula:<source>:<n>
    expr: fx.Expr


@dataclass(frozen=True)
class CheckResult:
    decision: Decision
    core: tuple[str, ...] = ()
    direction: str | None = None  # overstates | understates
    entailed: bool | None = None
    evidence_inconsistent: bool = False
    solver_unknown: str | None = None
    expected: tuple[Decimal, Decimal] | None = None


def rational(d: Decimal) -> z3.RatNumRef:
    f = Fraction(d)
    return z3.Q(f.numerator, f.denominator)


def _z3(expr: fx.Expr, vars_: dict[str, z3.ArithRef]) -> z3.ArithRef:
    if isinstance(expr, fx.Ref):
        return vars_[expr.role]
    if isinstance(expr, fx.Num):
        return rational(expr.value)
    if isinstance(expr, fx.Neg):
        return -_z3(expr.arg, vars_)
    a, b = _z3(expr.left, vars_), _z3(expr.right, vars_)
    return {"+": a + b, "-": a - b, "*": a * b, "/": a / b}[expr.op]


def _evidence(bindings: Sequence[Binding], formulas: Sequence[Authorised], timeout_ms: int) -> tuple[z3.Solver, dict[str, z3.ArithRef]]:
    s = z3.Solver()
    s.set("timeout", timeout_ms)
    roles = {b.role for b in bindings} | {r for f in formulas for r in fx.roles(f.expr)}
    vars_ = {r: z3.Real(r) for r in sorted(roles)}
    vars_[VALUE] = z3.Real(VALUE)
    for b in bindings:
        v = vars_[b.role]
        s.assert_and_track(z3.And(v >= rational(b.lower), v <= rational(b.upper)), f"fact:{b.role}:{b.fact_id}")
    n = 0
    for f in formulas:
        s.assert_and_track(vars_[VALUE] == _z3(f.expr, vars_), f.name)
        for den in fx.denominators(f.expr):
            n += 1
            s.assert_and_track(_z3(den, vars_) != 0, f"nonzero:{n}")
    return s, vars_


def check(bindings: Sequence[Binding], formulas: Sequence[Authorised], claim_lower: Decimal, claim_upper: Decimal,
          timeout_ms: int = 5000) -> CheckResult:
    s, vars_ = _evidence(bindings, formulas, timeout_ms)
    expected = expected_range(bindings, formulas)
    base = s.check()
    if base == z3.unknown:
        return CheckResult(Decision.ABSTAIN, solver_unknown=s.reason_unknown(), expected=expected)
    if base == z3.unsat:
        return CheckResult(Decision.ABSTAIN, core=_core(s), evidence_inconsistent=True, expected=expected)
    value = vars_[VALUE]
    lo, hi = rational(claim_lower), rational(claim_upper)
    s.push()
    # The claim interval is open: a claim touching the facts' interval only at an end point is a
    # different rounded figure (352,584 vs a filed 352,583 with decimals -6), not the same one.
    claim = z3.And(value > lo, value < hi) if claim_lower < claim_upper else value == lo
    s.assert_and_track(claim, "claim")
    verdict = s.check()
    core = _core(s) if verdict == z3.unsat else ()
    s.pop()
    if verdict == z3.unknown:
        return CheckResult(Decision.ABSTAIN, solver_unknown=s.reason_unknown(), expected=expected)
    if verdict == z3.sat:
        # Entailed: no value the facts allow lies outside the claim's interval.
        s.push()
        s.add(z3.Or(value < lo, value > hi))
        entailed = s.check() == z3.unsat
        s.pop()
        return CheckResult(Decision.VERIFIED, entailed=entailed, expected=expected)
    s.push()
    s.add(value >= hi)  # can the true value lie above the claim? then the claim understates it
    above = s.check()
    s.pop()
    direction = "understates" if above == z3.sat else "overstates"
    return CheckResult(Decision.VIOLATED, core=core, direction=direction, entailed=False, expected=expected)


def _core(s: z3.Solver) -> tuple[str, ...]:
    return tuple(sorted(str(c) for c in s.unsat_core()))


def expected_range(bindings: Sequence[Binding], formulas: Sequence[Authorised]) -> tuple[Decimal, Decimal] | None:
    """The narrowest interval any one formula gives the value (for people; Z3 decides)."""
    env: dict[str, fx.Interval] = {}
    for b in bindings:
        lo, hi = Fraction(b.lower), Fraction(b.upper)
        if b.role in env:  # duplicates intersect
            lo, hi = max(lo, env[b.role][0]), min(hi, env[b.role][1])
        env[b.role] = (lo, hi)
    best: fx.Interval | None = None
    for f in formulas:
        try:
            iv = fx.interval(f.expr, env)
        except KeyError:
            continue
        if iv and (best is None or iv[1] - iv[0] < best[1] - best[0]):
            best = iv
    if best is None or best[0] > best[1]:
        return None
    return fx.to_decimal(best[0]), fx.to_decimal(best[1])
