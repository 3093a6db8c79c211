"""The verification pipeline: plan -> period -> provenance + authority -> Z3 -> Verdict.

    with Graph.connect() as g:
        v = Verifier(g).verify("0000320193-23-000106", "What was gross profit in fiscal 2023?", "$169.1 billion")
        v.decision, v.reason, v.core

The claim is parsed only after the plan is fixed and is used only for the `claim` constraint.
Every failure to establish something is an Abstain with the exact missing requirement; only
programming errors raise.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import cached_property
from typing import Protocol

from auditgraph.graph import Graph
from auditgraph.verifier import check as z3check
from auditgraph.verifier.authority import NotEstablished, establish
from auditgraph.verifier.claims import ClaimParseError, parse_claim, scaled, tolerance
from auditgraph.verifier.ground import FilingInfo, Grounder, PeriodProblem, filing_info, period_rows, resolve_period
from auditgraph.verifier.plan import TERM_NOTE, LabelLookup, Planner, PlanFailure
from auditgraph.verifier.registry import Registry, load_registry
from auditgraph.verifier.textdef import FilingText
from auditgraph.verifier.types import AbstainReason, ClaimValue, Decision, Plan, Unit, Verdict


class PlanSource(Protocol):
    name: str

    def plan(self, question: str, entity_words: Sequence[str] = (), labels: LabelLookup | None = None) -> Plan | PlanFailure: ...


@dataclass
class Verifier:
    graph: Graph
    registry: Registry = field(default_factory=load_registry)
    planner: PlanSource | None = None  # None: the deterministic planner
    timeout_ms: int = 5000

    def __post_init__(self) -> None:
        if self.planner is None:
            self.planner = Planner(self.registry)

    @cached_property
    def _filings(self) -> dict[str, FilingInfo | None]:
        return {}

    @cached_property
    def _per_filing(self) -> dict[str, dict]:
        return {}

    @cached_property
    def _vocabulary(self) -> frozenset[str]:
        return frozenset(w for alias, _, _ in self.registry.aliases() for w in alias.split())

    def filing(self, filing_id: str) -> FilingInfo | None:
        """Filing, its periods and fact rows are read once per Verifier (a batch re-reads nothing)."""
        if filing_id not in self._filings:
            self._filings[filing_id] = filing_info(self.graph, filing_id)
            self._per_filing[filing_id] = {"facts": {}}
        return self._filings[filing_id]

    def _periods(self, filing_id: str):
        cache = self._per_filing[filing_id]
        if "periods" not in cache:
            cache["periods"] = period_rows(self.graph, filing_id)
        return cache["periods"]

    def verify(self, filing_id: str, question: str, claim: str | int | Decimal, case_id: str | None = None) -> Verdict:
        base = Verdict(Decision.ABSTAIN, str(claim), question, filing_id, "", case_id=case_id)

        def abstain(reason: AbstainReason, message: str, **kw) -> Verdict:
            return replace(base, abstain_reason=reason, reason=message, **kw)

        filing = self.filing(filing_id)
        if filing is None:
            return abstain(AbstainReason.UNKNOWN_FILING, f"no loaded filing {filing_id!r}; load it with `auditgraph filing load` or check the id")
        assert self.planner is not None
        plan = self.planner.plan(question, _entity_words(filing, self._vocabulary), self._labels(filing_id))
        if isinstance(plan, PlanFailure):
            return abstain(plan.reason, plan.message)
        if plan.target.startswith("term:") and not self._text(filing_id).defining(plan.terms):
            why = [n for n in plan.notes if n != TERM_NOTE]
            rejected = any(n.startswith("model plan rejected") for n in why)  # a model's failed plan stays the headline
            return abstain(AbstainReason.PLAN_REJECTED if rejected else AbstainReason.NO_METRIC,
                           f"{'; '.join(sorted(why, key=lambda n: not n.startswith('model')))}; "
                           f"no text block of filing {filing_id} defines it", plan=plan)
        try:
            raw = parse_claim(claim)
        except ClaimParseError as exc:
            return abstain(AbstainReason.CLAIM_UNPARSABLE, str(exc), plan=plan)
        cv = _read_claim(raw, plan)
        if isinstance(cv, str):
            return abstain(AbstainReason.CLAIM_UNIT_MISMATCH, cv, plan=plan, claim_value=raw)
        period = resolve_period(plan.period, filing, self._periods(filing_id))
        if isinstance(period, PeriodProblem):
            return abstain(AbstainReason.NO_PERIOD, period.message, plan=plan, claim_value=cv)
        cache = self._per_filing[filing_id]
        grounder = Grounder(self.graph, filing, period, _cache=cache["facts"], _calc_cache=cache.setdefault("calc", {}))
        est = establish(plan, grounder, self.registry, self._text(filing_id), self._labels(filing_id))
        if isinstance(est, NotEstablished):
            return abstain(est.reason, est.message, plan=plan, claim_value=cv, extra={"period": period.label()})
        tol = tolerance(cv, cv.value)
        res = z3check.check(est.bindings, est.authorised, cv.value - tol, cv.value + tol, self.timeout_ms)
        names = {a.name: f for a, f in zip(est.authorised, est.formulas)}
        common = dict(plan=plan, claim_value=cv, bindings=est.bindings, formulas=est.formulas,
                      expected_lower=res.expected[0] if res.expected else None,
                      expected_upper=res.expected[1] if res.expected else None,
                      extra={"period": period.label(), "period_source": period.source, "notes": list(est.notes),
                             "claim_interval": [str(cv.value - tol), str(cv.value + tol)],
                             "expected_point": str(res.expected_point) if res.expected_point is not None else None,
                             "formula_names": {k: f.source + ":" + f.source_id for k, f in names.items()}})
        expected = _fmt_range(res.expected)
        if res.decision is Decision.VERIFIED:
            how = "every value the facts allow" if res.entailed else "the filed facts and formula"
            return replace(base, decision=Decision.VERIFIED, entailed=res.entailed, **common,
                           reason=f"claim {cv.text} agrees with {how} ({_sources(est.formulas)}); expected {expected}")
        if res.decision is Decision.VIOLATED and res.point_mismatch:
            return replace(base, decision=Decision.VIOLATED, core=res.core, direction=res.direction, entailed=False, **common,
                           reason=f"claim {cv.text} {res.direction} {plan.target_label}: the reported figures give "
                                  f"{_short(res.expected_point) if res.expected_point is not None else '?'} "
                                  f"({_sources(est.formulas)}); only the facts' rounding ({expected}) could reach the "
                                  f"claim; conflicting constraints {', '.join(res.core)}")
        if res.decision is Decision.VIOLATED:
            return replace(base, decision=Decision.VIOLATED, core=res.core, direction=res.direction, entailed=False, **common,
                           reason=f"claim {cv.text} {res.direction} {plan.target_label}: expected {expected} "
                                  f"from {_sources(est.formulas)}; conflicting constraints {', '.join(res.core)}")
        if res.evidence_inconsistent:
            return abstain(AbstainReason.EVIDENCE_INCONSISTENT,
                           f"the filed facts contradict each other or the formula before the claim is considered: {', '.join(res.core)}",
                           core=res.core, **common)
        return abstain(AbstainReason.SOLVER_UNKNOWN, f"Z3 returned unknown ({res.solver_unknown})", **common)

    def _text(self, filing_id: str) -> FilingText:
        """The filing's text definitions, read and parsed on first use only."""
        cache = self._per_filing.setdefault(filing_id, {"facts": {}})
        if "text" not in cache:
            cache["text"] = FilingText(lambda: self.graph.run("verify.text_definitions", filing_id=filing_id))
        return cache["text"]

    def _labels(self, filing_id: str) -> LabelLookup:
        cache: list = self._per_filing.setdefault(filing_id, {"facts": {}}).setdefault("labels", [])

        def lookup():
            if not cache:
                rows = self.graph.run("verify.label_candidates", filing_id=filing_id)
                cache.append([(r["qname"], [t for t in [r["label"], *r["labels"]] if t]) for r in rows])
            return cache[0]

        return lookup


def _entity_words(filing: FilingInfo, vocabulary: frozenset[str] = frozenset()) -> list[str]:
    """The filer's name, ticker and name words, to strip from questions ("Apple Inc.'s net sales").

    Words that also occur in the registry's aliases are kept ("Cash" in a company name)."""
    words = [w for w in (filing.entity_name, filing.ticker) if w]
    if filing.entity_name:
        words.append(filing.entity_name.rstrip("."))
        words += [w for w in re.findall(r"[A-Za-z][A-Za-z&-]+", filing.entity_name) if w.lower() not in vocabulary]
    return sorted(set(words), key=len, reverse=True)


def _read_claim(cv: ClaimValue, plan: Plan) -> ClaimValue | str:
    """The claim in the metric's units, or why its unit cannot be the metric's."""
    if plan.unit is Unit.RATIO:
        if cv.scale_word:
            return f"claim {cv.text} carries a scale word, but {plan.target_label} is a ratio"
        if not cv.percent and plan.percent_question:
            return ClaimValue(cv.text, cv.value / 100, cv.half_width / 100, True, None)  # "44.1" to "as a percentage"
        return cv
    if cv.percent:
        return f"claim {cv.text} is a percentage, but {plan.target_label} is measured in {plan.unit.value} units"
    if plan.unit in (Unit.PER_SHARE, Unit.SHARES) and not cv.scale_word:
        return scaled(cv, Decimal(1)) if plan.unit is Unit.PER_SHARE else scaled(cv, plan.scale)
    return scaled(cv, plan.scale)


def _sources(formulas) -> str:
    def where(f) -> str:
        if f.source == "filing-calc":
            return f" [{f.source_id}]"
        if f.source == "filing-text":
            return f" [text fact {f.source_id}: \"{f.evidence}\"]"
        return ""

    return "; ".join(f"{f.source} {f.expression}{where(f)}" for f in formulas)


def _fmt_range(r: tuple[Decimal, Decimal] | None) -> str:
    if r is None:
        return "(no closed range)"
    lo, hi = (x.normalize() for x in r)
    if lo == hi:
        return f"{lo:,f}"
    return f"[{_short(lo)}, {_short(hi)}]"


def _short(d: Decimal) -> str:
    q = d.quantize(Decimal("0.000001")) if abs(d) < 1000 else d.quantize(Decimal(1))
    return f"{q.normalize():,f}"
