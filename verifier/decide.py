"""Solving: Z3 on a claim's established evidence and its interval -> Verified / Violated / Abstain, with
the reason a person reads (what the filed figures give, from which formula, the conflicting constraints).

    verdict = decide(base, plan, claim_value, established, Interval(lo, hi), period, timeout_ms)

`combine` puts the evidence of a sub-claim's figures side by side with the claim's own formula (growth,
ratio, difference), for one check. Both the question's claim (verify.py) and every sub-claim of a
sentence (subclaim_check.py) are decided here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from typing import Any

from auditgraph.verifier import check as z3check
from auditgraph.verifier import formula as fx
from auditgraph.verifier import subclaims
from auditgraph.verifier.authority import Established
from auditgraph.verifier.numbers import Interval
from auditgraph.verifier.types import AbstainReason, ClaimValue, Decision, Formula, PeriodSpec, Plan, Verdict

_PAST = {
    "rise": "rose",
    "fall": "fell",
    "double": "doubled",
    "triple": "tripled",
    "quadruple": "quadrupled",
    "halve": "halved",
    "flat": "was flat (within 1%)",
    "narrow": "narrowed",
    "widen": "widened",
    "exceed": "exceeded the other metric",
    "less": "was less than the other metric",
    "faster": "grew faster than the other metric",
    "slower": "grew slower than the other metric",
}


def decide(
    base: Verdict,
    plan: Plan,
    cv: ClaimValue,
    est: Established,
    claim: Interval,
    period: PeriodSpec,
    timeout_ms: int,
    extra: dict[str, Any] | None = None,
) -> Verdict:
    """Z3 on the established evidence and the claim interval -> Verified / Violated / Abstain."""
    res = z3check.check(est.bindings, est.authorised, claim.lower, claim.upper, timeout_ms)
    names = {a.name: f for a, f in zip(est.authorised, est.formulas)}
    shown = [str(x) if x is not None else None for x in (claim.lower, claim.upper)]
    common: dict[str, Any]  # Verdict fields of several types, passed to replace() as keywords
    common = dict(
        plan=plan,
        claim_value=cv,
        bindings=est.bindings,
        formulas=est.formulas,
        expected_lower=res.expected[0] if res.expected else None,
        expected_upper=res.expected[1] if res.expected else None,
        extra={
            **base.extra,
            "period": period.label(),
            "period_source": period.source,
            "notes": list(est.notes),
            "claim_interval": shown,
            "expected_point": str(res.expected_point) if res.expected_point is not None else None,
            "formula_names": {k: f.source + ":" + f.source_id for k, f in names.items()},
            **(extra or {}),
        },
    )
    expected = fmt_range(res.expected)
    if base.extra.get("kind") == "comparison" and res.decision is not Decision.ABSTAIN:
        # "net income fell": no figure to over- or understate; say what was read and what the filing gives
        *hedge, rel = cv.text.split() or [""]
        said = " ".join([plan.target_label, *hedge, _PAST.get(rel, rel)])
        if res.decision is Decision.VERIFIED:
            return replace(
                base,
                decision=Decision.VERIFIED,
                entailed=res.entailed,
                **common,
                reason=f"the claim that {said} agrees with the filed figures ({_sources(est.formulas)})",
            )
        return replace(
            base,
            decision=Decision.VIOLATED,
            core=res.core,
            direction=None,
            entailed=False,
            **common,
            reason=f"the claim that {said} does not hold: the filed figures give {expected} for "
            f"{_sources(est.formulas)}; conflicting constraints {', '.join(res.core)}",
        )
    if res.decision is Decision.VERIFIED:
        how = "every value the facts allow" if res.entailed else "the filed facts and formula"
        return replace(
            base,
            decision=Decision.VERIFIED,
            entailed=res.entailed,
            **common,
            reason=f"claim {cv.text} agrees with {how} ({_sources(est.formulas)}); expected {expected}",
        )
    if res.decision is Decision.VIOLATED:
        if res.point_mismatch:
            point = _short(res.expected_point) if res.expected_point is not None else "?"
            why = f"the reported figures give {point} ({_sources(est.formulas)}); only the facts' rounding ({expected}) could reach the claim"
        else:
            why = f"expected {expected} from {_sources(est.formulas)}"
        return replace(
            base,
            decision=Decision.VIOLATED,
            core=res.core,
            direction=res.direction,
            entailed=False,
            **common,
            reason=f"claim {cv.text} {res.direction} {plan.target_label}: {why}; conflicting constraints {', '.join(res.core)}",
        )
    if res.too_precise:
        return replace(
            base,
            abstain_reason=AbstainReason.CLAIM_TOO_PRECISE,
            reason=f"claim {cv.text} is written more precisely than the filing reports {plan.target_label} "
            f"({expected}) and no other filed figure computes it; round the claim to the filed digits",
            **common,
        )
    if res.evidence_inconsistent:
        return replace(
            base,
            abstain_reason=AbstainReason.EVIDENCE_INCONSISTENT,
            reason=f"the filed facts contradict each other or the formula before the claim is considered: {', '.join(res.core)}",
            core=res.core,
            **common,
        )
    return replace(
        base, abstain_reason=AbstainReason.SOLVER_UNKNOWN, reason=f"Z3 returned unknown ({res.solver_unknown})", **common
    )


def combine(legs: Sequence[tuple[subclaims.Figure, Established]], expr: fx.Expr, kind: str) -> Established:
    """The figures' evidence side by side (roles prefixed by figure name) and the claim's own formula."""
    bindings, formulas, authorised, notes = [], [], [], []
    for fig, est in legs:
        pre = f"{fig.name}."
        bindings += [replace(b, role=pre + b.role) for b in est.bindings]
        for f, a in zip(est.formulas, est.authorised):
            mapping = {r: pre + r for r in fx.roles(a.expr)}
            formulas.append(replace(f, roles=tuple(pre + r for r in f.roles)))
            authorised.append(
                z3check.Authorised(
                    a.name.replace("formula:", f"formula:{fig.name}:", 1), fx.substitute(a.expr, mapping), pre + a.target
                )
            )
        notes += [f"{fig.name}: {n}" for n in est.notes]
    formulas.append(Formula(fx.render(expr), "claim", kind, tuple(fx.roles(expr))))
    authorised.append(z3check.Authorised(f"formula:claim:{kind}", expr))
    return Established(tuple(bindings), tuple(formulas), tuple(authorised), tuple(notes))


def _sources(formulas: Sequence[Formula]) -> str:
    def where(f: Formula) -> str:
        if f.source == "filing-calc":
            return f" [{f.source_id}]"
        if f.source == "filing-text":
            return f' [text fact {f.source_id}: "{f.evidence}"]'
        return ""

    return "; ".join(f"{f.source} {f.expression}{where(f)}" for f in formulas)


def fmt_range(r: tuple[Decimal, Decimal] | None) -> str:
    if r is None:
        return "(no closed range)"
    lo, hi = (x.normalize() for x in r)
    if lo == hi:
        return f"{lo:,f}"
    return f"[{_short(lo)}, {_short(hi)}]"


def _short(d: Decimal) -> str:
    q = d.quantize(Decimal("0.000001")) if abs(d) < 1000 else d.quantize(Decimal(1))
    return f"{q.normalize():,f}"
