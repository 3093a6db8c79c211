"""Scores: AuditFlow's Joint ACC / VAcc / SER / EER / CER per rule family, paired comparison of
two runs (exact McNemar, bootstrap), and VeriFin's acceptance metrics with exact intervals.

Every statistic is computed exactly or by a seeded procedure, so a report is reproducible
byte for byte: McNemar from binomial coefficients, Clopper-Pearson by bisection on the exact
binomial tail, bootstrap with `random.Random(seed)`.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from auditgraph.eval.cases import RULE_FAMILIES, AuditCase
from auditgraph.eval.judge import Label, judge
from auditgraph.eval.runs import RunRecord
from auditgraph.verifier import batch as verifier_batch
from auditgraph.verifier.types import Decision


@dataclass(frozen=True)
class ScoredCase:
    case_id: str
    family: str  # 0015 / 0117 / 0126
    reference_verdict: str
    origin: str
    label: Label
    verdict: str | None
    reason: str
    outcome: str = ""  # the run's own word when it gave no verdict: inconclusive, not_evaluable (else "")

    @property
    def accurate(self) -> bool:
        return self.label is Label.A

    @property
    def verdict_correct(self) -> bool:
        return self.verdict == self.reference_verdict


def score_run(cases: Sequence[AuditCase], records: Iterable[RunRecord]) -> list[ScoredCase]:
    """Judge every case; a case the run has no output for is a structural failure (it stays in
    the denominator, as the paper keeps context-window failures)."""
    by_id = {r.case_id: r for r in records}
    out = []
    for case in cases:
        rec = by_id.get(case.case_id)
        ref = case.reference_answer.model_dump()
        outcome = ""
        if rec is None:
            label, reason, verdict = Label.S, "no output for this case", None
        else:
            j = judge(ref, rec.prediction())
            label, reason, verdict = j.label, j.reason, rec.decision
            # not evaluable / inconclusive stay what they are: no verdict, never consistent
            raw = (rec.verdict or "").strip().lower()
            outcome = raw if verdict is None and raw in ("inconclusive", "not_evaluable") else ""
        out.append(ScoredCase(case.case_id, case.family, case.reference_verdict, case.origin, label, verdict, reason, outcome))
    return out


@dataclass(frozen=True)
class Summary:
    """Judge-label counts and rates over a set of cases (rates are fractions of n)."""

    n: int
    accurate: int
    structural: int
    extraction: int
    calculation: int
    verdict_correct: int

    @property
    def joint_acc(self) -> float:
        return _rate(self.accurate, self.n)

    @property
    def ser(self) -> float:
        return _rate(self.structural, self.n)

    @property
    def eer(self) -> float:
        return _rate(self.extraction, self.n)

    @property
    def cer(self) -> float:
        return _rate(self.calculation, self.n)

    @property
    def vacc(self) -> float:
        return _rate(self.verdict_correct, self.n)


def _rate(k: int, n: int) -> float:
    return k / n if n else float("nan")


def summarize(scored: Iterable[ScoredCase]) -> Summary:
    items = list(scored)
    count = {lab: sum(1 for s in items if s.label is lab) for lab in Label}
    return Summary(
        len(items), count[Label.A], count[Label.S], count[Label.E], count[Label.C], sum(1 for s in items if s.verdict_correct)
    )


def by_family(scored: Sequence[ScoredCase]) -> dict[str, Summary]:
    """Per rule family (0015, 0117, 0126), in that order, only families present."""
    fams = [f.removeprefix("DQC.US.") for f in RULE_FAMILIES]
    return {f: summarize(s for s in scored if s.family == f) for f in fams if any(s.family == f for s in scored)}


@dataclass(frozen=True)
class Detection:
    """Verdict confusion: violations found, missed; compliant cases flagged (false positives)."""

    tp: int
    fn: int
    fp: int
    tn: int
    undecided: int

    @property
    def recall(self) -> float:
        return _rate(self.tp, self.tp + self.fn)

    @property
    def specificity(self) -> float:
        return _rate(self.tn, self.tn + self.fp)

    @property
    def false_positive_rate(self) -> float:
        return _rate(self.fp, self.tn + self.fp)


def detection(scored: Iterable[ScoredCase]) -> Detection:
    """Undecided (no verdict) counts as a miss on a violation and is kept apart on compliant cases."""
    tp = fn = fp = tn = und = 0
    for s in scored:
        if s.reference_verdict == "violation":
            tp += s.verdict == "violation"
            fn += s.verdict != "violation"
        elif s.verdict == "violation":
            fp += 1
        elif s.verdict == "consistent":
            tn += 1
        else:
            und += 1
    return Detection(tp, fn, fp, tn, und)


# ------------------------------------------------------------------ paired comparison
@dataclass(frozen=True)
class McNemar:
    wins: int  # cases B gets right and A wrong
    losses: int  # cases A gets right and B wrong
    p_value: float  # two-sided exact


def mcnemar_exact(wins: int, losses: int) -> McNemar:
    """Two-sided exact McNemar: binomial test of min(b, c) under p = 1/2 on the b + c discordant
    pairs, computed with exact fractions (paper: 11 wins, 1 loss -> p = 0.006)."""
    n = wins + losses
    if n == 0:
        return McNemar(wins, losses, 1.0)
    tail = Fraction(sum(math.comb(n, k) for k in range(min(wins, losses) + 1)), 2**n)
    return McNemar(wins, losses, float(min(Fraction(1), 2 * tail)))


def paired(a: Sequence[ScoredCase], b: Sequence[ScoredCase]) -> McNemar:
    """Compare run B with baseline A on Joint-ACC correctness, case by case (same case ids)."""
    a_ok = {s.case_id: s.accurate for s in a}
    b_ok = {s.case_id: s.accurate for s in b}
    common = a_ok.keys() & b_ok.keys()
    wins = sum(1 for c in common if b_ok[c] and not a_ok[c])
    losses = sum(1 for c in common if a_ok[c] and not b_ok[c])
    return mcnemar_exact(wins, losses)


def bootstrap_ci(
    values: Sequence[float],
    stat: Callable[[Sequence[float]], float] | None = None,
    reps: int = 2000,
    level: float = 0.95,
    seed: int = 0,
) -> tuple[float, float]:
    """Percentile bootstrap interval of `stat` (default: the mean) with a seeded RNG."""
    if not values:
        return (float("nan"), float("nan"))
    stat = stat or (lambda xs: sum(xs) / len(xs))
    rng = random.Random(seed)
    n = len(values)
    draws = sorted(stat([values[rng.randrange(n)] for _ in range(n)]) for _ in range(reps))
    lo = draws[int(math.floor((1 - level) / 2 * reps))]
    hi = draws[min(reps - 1, int(math.ceil((1 + level) / 2 * reps)) - 1)]
    return (lo, hi)


def paired_bootstrap_ci(
    a: Sequence[ScoredCase], b: Sequence[ScoredCase], reps: int = 2000, level: float = 0.95, seed: int = 0
) -> tuple[float, float]:
    """Interval of Joint ACC(B) - Joint ACC(A), resampling cases (pairs stay together)."""
    b_ok = {s.case_id: s.accurate for s in b}
    diffs = [float(b_ok[s.case_id]) - float(s.accurate) for s in a if s.case_id in b_ok]
    return bootstrap_ci(diffs, reps=reps, level=level, seed=seed)


# ------------------------------------------------------------------ exact binomial intervals
def _log_pmf(k: int, n: int, p: float) -> float:
    if p <= 0.0:
        return 0.0 if k == 0 else -math.inf
    if p >= 1.0:
        return 0.0 if k == n else -math.inf
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * math.log(p) + (n - k) * math.log1p(-p)


def binom_cdf(k: int, n: int, p: float) -> float:
    """P(X <= k) for X ~ Binomial(n, p)."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    return min(1.0, sum(math.exp(_log_pmf(i, n, p)) for i in range(k + 1)))


def _bisect(f: Callable[[float], float], target: float, increasing: bool) -> float:
    lo, hi = 0.0, 1.0
    for _ in range(200):  # interval width 2**-200: far below float resolution
        mid = (lo + hi) / 2
        if (f(mid) < target) == increasing:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def clopper_pearson(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """Exact binomial interval for k successes in n: the p where the binomial tails equal
    alpha/2 (the Beta-quantile form, solved by bisection on the exact tail).
    10/10 -> (0.6915, 1.0), as in VeriFin's Table 4."""
    if n == 0:
        return (float("nan"), float("nan"))
    alpha = 1 - level
    lower = 0.0 if k == 0 else _bisect(lambda p: 1 - binom_cdf(k - 1, n, p), alpha / 2, increasing=True)
    upper = 1.0 if k == n else _bisect(lambda p: binom_cdf(k, n, p), alpha / 2, increasing=False)
    return (lower, upper)


# ------------------------------------------------------------------ verifier metrics (VeriFin)
@dataclass(frozen=True)
class VerifierScores(verifier_batch.Summary):
    """The verifier's own counts (verifier.batch.Summary: accept = Verified, reject = Violated; claims
    without a label count only in coverage) with the abstention rate and exact intervals.
    Rates are None when their denominator is empty."""

    @property
    def abstention_rate(self) -> float | None:
        return self.abstain / self.n if self.n else None

    def intervals(self, level: float = 0.95) -> dict[str, tuple[float, float]]:
        return {
            "precision": clopper_pearson(self.ta, self.ta + self.fa, level),
            "decision_accuracy": clopper_pearson(self.ta + self.tr, self.ta + self.fa + self.tr + self.fr, level),
            "coverage": clopper_pearson(self.n - self.abstain, self.n, level),
        }


_DECISIONS = {"verified": Decision.VERIFIED, "violated": Decision.VIOLATED}


def verifier_scores(decisions: Iterable[tuple[str, bool | None]]) -> VerifierScores:
    """From (decision, claim_is_correct) pairs as `verify --batch` writes them; any decision other
    than Verified or Violated counts as an abstention."""
    pairs = ((_DECISIONS.get(d.strip().lower(), Decision.ABSTAIN), c) for d, c in decisions)
    return VerifierScores(**dataclasses.asdict(verifier_batch.summarise(pairs)))
