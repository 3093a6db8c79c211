"""Evidential-reasoning fusion of two junior reports (AuditFlow Appendix C.1, Yang and Xu 2013).

Frame of discernment {v, c}: v = violation, c = consistent; Θ holds unresolved evidence.
Each junior report maps *deterministically* to a mass function: the rules it reports act as
independent simple support functions with fixed reliabilities, so k rules with reliabilities
ρ1..ρk give m(v) = 1 - Π(1 - ρi), m(c) = 0, m(Θ) = Π(1 - ρi). With no rule reported, support
for consistency depends on whether the reported value was resolved. The rationale and any
self-reported confidence never enter the mapping.

Combination (equal weights, fully reliable sources, where the ER rule reduces to the
orthogonal sum): m*(X) = m1(X)m2(X) + m1(X)m2(Θ) + m1(Θ)m2(X) for X in {v, c},
m*(Θ) = m1(Θ)m2(Θ), conflict K = m1(v)m2(c) + m1(c)m2(v), normalised m+ = m*/(1-K),
trustworthiness τ = 1 - m+(Θ). The verdict splits the remaining ignorance equally over v and c
and predicts violation only when the violation side is strictly larger. A junior that reached no
verdict (its model failed) carries no evidence (m(Θ) = 1); fusion over no evidence has no verdict.

Masses are Decimals so hand-computed values (0.9975 for 0015 + 0126) compare exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from auditgraph.agents.case_records import Verdict
from auditgraph.errors import ConfigError

RULE_RELIABILITY = Decimal("0.95")  # per rule, fixed; never estimated from an evaluation set
RESOLVED_CONSISTENT = Decimal("0.9")  # no rule, reported value resolved: evidence treated as complete
UNRESOLVED_CONSISTENT = Decimal("0.5")  # no rule, value unresolved: more mass to Θ
_ONE = Decimal(1)
_PLACES = Decimal("1e-12")  # rounding for display/JSON only; arithmetic stays exact until then


@dataclass(frozen=True)
class Masses:
    """A mass function over {violation, consistent, Θ}; the three masses sum to 1."""

    v: Decimal
    c: Decimal
    theta: Decimal

    def __post_init__(self) -> None:
        for name in ("v", "c", "theta"):
            value = getattr(self, name)
            if value < 0 or value > 1:
                raise ConfigError(f"mass {name}={value} is outside [0, 1]; masses must be probabilities")
        if abs(self.v + self.c + self.theta - _ONE) > Decimal("1e-20"):
            raise ConfigError(f"masses v={self.v} c={self.c} Θ={self.theta} do not sum to 1")

    def as_json(self) -> dict[str, str]:
        return {"v": _fmt(self.v), "c": _fmt(self.c), "theta": _fmt(self.theta)}


NO_EVIDENCE = Masses(v=Decimal(0), c=Decimal(0), theta=_ONE)  # a junior that reached no verdict: all mass on Θ


@dataclass(frozen=True)
class MassMapping:
    """The deterministic report -> mass mapping; reliabilities per rule id, default for others."""

    reliabilities: Mapping[str, Decimal] = field(default_factory=dict)
    default_reliability: Decimal = RULE_RELIABILITY
    resolved_consistent: Decimal = RESOLVED_CONSISTENT
    unresolved_consistent: Decimal = UNRESOLVED_CONSISTENT

    def reliability(self, rule: str) -> Decimal:
        return Decimal(self.reliabilities.get(rule, self.default_reliability))

    def masses(self, rules: Iterable[str], value_resolved: bool) -> Masses:
        """m for a report that names `rules` (violations) and did or did not resolve its value."""
        unique = sorted(set(rules))
        if unique:
            ignorance = _ONE
            for rule in unique:
                ignorance *= _ONE - self.reliability(rule)
            return Masses(v=_ONE - ignorance, c=Decimal(0), theta=ignorance)
        support = self.resolved_consistent if value_resolved else self.unresolved_consistent
        return Masses(v=Decimal(0), c=support, theta=_ONE - support)


@dataclass(frozen=True)
class Fusion:
    """Everything the aggregation exposes: inputs, conflict, fused masses, τ and the verdict."""

    m1: Masses
    m2: Masses
    conflict: Decimal  # K
    fused: Masses  # m+ (normalised)
    tau: Decimal
    bet_v: Decimal  # violation mass after redistributing Θ
    bet_c: Decimal
    verdict: Verdict | None  # None: no evidence at all (every mass on Θ), so nothing to decide

    @property
    def unnormalized(self) -> dict[str, Decimal]:
        """m* before dividing by 1 - K (sums to 1 - K)."""
        norm = _ONE - self.conflict
        return {"v": self.fused.v * norm, "c": self.fused.c * norm, "theta": self.fused.theta * norm}

    def as_json(self) -> dict[str, Any]:
        return {
            "m1": self.m1.as_json(),
            "m2": self.m2.as_json(),
            "K": _fmt(self.conflict),
            "combined": {k: _fmt(v) for k, v in self.unnormalized.items()},
            "fused": self.fused.as_json(),
            "tau": _fmt(self.tau),
            "redistributed": {"v": _fmt(self.bet_v), "c": _fmt(self.bet_c)},
            "verdict": self.verdict,
        }


def combine(m1: Masses, m2: Masses) -> Fusion:
    """Fuse two mass functions; total conflict (K = 1) cannot be normalised and is refused."""
    conflict = m1.v * m2.c + m1.c * m2.v
    if conflict >= _ONE:
        raise ConfigError("the two reports are in total conflict (K = 1); give every rule a reliability below 1")
    norm = _ONE - conflict
    v = (m1.v * m2.v + m1.v * m2.theta + m1.theta * m2.v) / norm
    c = (m1.c * m2.c + m1.c * m2.theta + m1.theta * m2.c) / norm
    theta = _ONE - v - c  # == m1.Θ·m2.Θ / (1-K), written so the three sum to exactly 1
    fused = Masses(v=v, c=c, theta=theta)
    return _decide(m1, m2, conflict, fused)


def single(m: Masses) -> Fusion:
    """The aggregation of a single-junior run: no conflict, the report's own masses."""
    return _decide(m, m, Decimal(0), m)


def _decide(m1: Masses, m2: Masses, conflict: Decimal, fused: Masses) -> Fusion:
    half = fused.theta / 2
    bet_v, bet_c = fused.v + half, fused.c + half
    verdict: Verdict | None = None if fused.theta == _ONE else "violation" if bet_v > bet_c else "consistent"
    return Fusion(m1, m2, conflict, fused, _ONE - fused.theta, bet_v, bet_c, verdict)


def _fmt(x: Decimal) -> str:
    """Stable text for artifacts: at most 12 places, trailing zeros dropped."""
    q = x.quantize(_PLACES).normalize()
    return format(q, "f")
