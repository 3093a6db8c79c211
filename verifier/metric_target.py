"""A sub-claim's metric words -> the plan that checks them: the concept or registry metric the filing's
lexicon resolves them to, with the other common readings of the same words (decided only when both
agree), or an Abstain that names up to five concepts to write instead, each with its filed value.

    got = MetricTargets(reads).target(lex, metric, units, period, filing_id)  # (plan, unit, readings) | Verdict
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import cached_property
from typing import Any

from auditgraph.verifier.filing_reads import FilingReader
from auditgraph.verifier.ground import Grounder, fact_in_period
from auditgraph.verifier.lexicon import ConceptWords, Lexicon, Target, Unresolved
from auditgraph.verifier.metric_names import MetricSpan
from auditgraph.verifier.plan import Planner
from auditgraph.verifier.registry import Registry
from auditgraph.verifier.types import AbstainReason, Decision, PeriodRequest, PeriodSpec, Plan, Unit, Verdict


@dataclass
class MetricTargets:
    """The plans for a sentence's metric words over the filings `reads` reads."""

    reads: FilingReader

    @cached_property
    def metric_planner(self) -> Planner:
        """The registry's metric plans for sentences (built once: a Planner sorts every alias)."""
        return Planner(self.reads.registry)

    def target(
        self, lex: Lexicon, metric: MetricSpan, units: Sequence[Unit], period: PeriodSpec, filing_id: str
    ) -> Verdict | tuple[Plan, Unit, list[tuple[str, Plan]]]:
        """(plan, unit) for the metric words, or an Abstain Verdict saying how to name it."""
        phrase = f"[{metric.qname}]" if metric.qname else metric.matched
        got = lex.resolve(phrase, units)
        if isinstance(got, Unresolved):
            base = Verdict(Decision.ABSTAIN, "", "", filing_id, "")
            why = got.message
            if metric.unexplained:
                why = f"no concept or metric explains {', '.join(repr(w) for w in metric.unexplained)} in {metric.text!r}"
            return replace(
                base,
                abstain_reason=got.reason if not metric.unexplained else AbstainReason.AMBIGUOUS_METRIC,
                reason=f"{why}; {self.candidates_note(filing_id, got.candidates or lex.candidates(metric.text, units), period)}",
            )
        plan = _plan_of(got, self.metric_planner, self.reads.registry, metric.text)
        readings = [(t.id, _plan_of(t, self.metric_planner, self.reads.registry, metric.text)) for t in got.alternatives]
        if got.kind == "metric":
            readings += [
                (
                    self.reads.registry.metrics[a].label,
                    _plan_of(
                        Target("metric", a, f"alternative reading of {got.id}"),
                        self.metric_planner,
                        self.reads.registry,
                        metric.text,
                    ),
                )
                for a in self.reads.registry.metrics[got.id].alternatives
            ]
        return plan, got.unit or plan.unit, readings

    def candidates_note(self, filing_id: str, candidates: Sequence[ConceptWords], period: PeriodSpec) -> str:
        """Up to five concepts to name instead, each with the filer's label, value and period."""
        if not candidates:
            return "no reported concept has any of these words; name the concept as [us-gaap:Name]"
        filing = self.reads.filing(filing_id)
        assert filing is not None
        cache = self.reads.per_filing[filing_id]
        grounder = Grounder(self.reads.graph, filing, period, _cache=cache.facts)
        shown = []
        for c in candidates:
            rows = [r for r in grounder.facts([c.qname]) if r.value is not None]
            here = [r for r in rows if fact_in_period(r, period)] or rows
            fact = f"{here[0].value:,} {here[0].unit_key or ''} for {here[0].period_key}" if here else "no value"
            shown.append(f"[{c.qname}] {c.shown_label!r} = {fact}")
        return "candidates: " + "; ".join(shown) + "; name one in brackets, e.g. [" + candidates[0].qname + "]"


def _plan_of(target: Target, planner: Planner, registry: Registry, words: str) -> Plan:
    """A plan for a resolved metric; the sentence supplies periods, so the plan's is empty."""
    common: dict[str, Any] = dict(period=PeriodRequest(), scale=Decimal(1), percent_question=False)
    if target.kind == "metric":
        return planner.metric(target.id, common, note=target.how)
    if target.kind == "concept":
        c = registry.concepts[target.id]
        return Plan(
            target=f"concept:{c.id}",
            target_label=c.label,
            unit=c.unit,
            target_concepts=c.candidates,
            notes=(target.how,),
            terms=(c.label, *c.aliases),
            **common,
        )
    entry = registry.concept_for_qname(target.id)
    unit = target.unit or (entry.unit if entry else Unit.MONETARY)
    return Plan(
        target=f"concept:{target.id}",
        target_label=f"{words} ({target.id})",
        unit=unit,
        target_concepts=(target.id,),
        notes=(target.how,),
        terms=(words,),
        **common,
    )
