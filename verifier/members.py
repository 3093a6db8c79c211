"""Grounding a figure about a part of the company in that part's fact.

A figure whose clause names a member of the filing (scope.py: "The Unregulated Energy segment
reported operating income of $0.2 million") is checked against the fact of its concept and
period reported for exactly that member, every other axis at its default:

    scope = member_scope(sc.scope_mentions)          # ("cpk:UnregulatedEnergyMember",) or why not
    grounder = MemberGrounder(graph, filing, period, members=scope.members)
    establish_member(plan, grounder)                 # the member's filed fact, or NotEstablished

Never the consolidated fact for a member's figure, and never a member's fact for a consolidated
figure (ground.py binds non-dimensional facts only). When the words name more than one member on
one axis, or words that several members go by, the figure abstains with the candidates.
Only the member's reported fact of the metric's own concept decides: a calculation, registry or
text formula over member facts is not attempted (the filer's calculations are consolidated).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from auditgraph.graph import Graph
from auditgraph.verifier import formula as fx
from auditgraph.verifier.authority import Established, NotEstablished
from auditgraph.verifier.check import Authorised
from auditgraph.verifier.ground import FactRow, Grounded, Grounder, fact_row, unit_label
from auditgraph.verifier.scope import MemberMention
from auditgraph.verifier.types import AbstainReason, Binding, Formula, Plan, Unit


@dataclass(frozen=True)
class MemberScope:
    members: tuple[str, ...]  # member QNames, one per axis, sorted
    words: str  # as the text names them


@dataclass(frozen=True)
class Ambiguous:
    message: str


def member_scope(mentions: Sequence[MemberMention]) -> MemberScope | Ambiguous | None:
    """The members a clause names (None when it names none through the filer's labels): one
    member, or one member on each of several axes ("Products" in "the United States"). Words that
    several members go by, or two members of one axis ("Series A and Series B"), are ambiguous."""
    if not mentions:
        return None
    chosen: dict[str, set[str]] = {}  # member -> its axes
    for mm in mentions:
        options = mm.options or ((mm.qname, mm.axis),)
        qnames = sorted({q for q, _ in options})
        if len(qnames) > 1:
            return Ambiguous(f"{mm.words!r} is the name of {len(qnames)} members ({', '.join(qnames)})")
        chosen.setdefault(qnames[0], set()).update(a for _, a in options)
    if len(chosen) > 1:
        names = sorted(chosen)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                if shared := chosen[a] & chosen[b]:
                    return Ambiguous(
                        f"the clause names {a} and {b}, two members of {sorted(shared)[0]}, with nothing pairing "
                        "the figure with one of them"
                    )
    words = ", ".join(dict.fromkeys(mm.words for mm in mentions))
    return MemberScope(tuple(sorted(chosen)), words)


def with_companions(graph: Graph, filing_id: str, members: tuple[str, ...]) -> tuple[str, ...]:
    """The named members and the members every context of the filing that carries them also
    carries: a note's "2025 Convertible Notes" is tagged DebtInstrumentAxis=the notes and always
    LongtermDebtTypeAxis=SeniorNotesMember; naming the notes names both. A member that comes with
    several others on an axis (a segment's facts by region) adds nothing: its own context decides."""
    rows = graph.read("verify.member_contexts", filing_id=filing_id, members=list(members))
    if not rows or any(r["typed"] for r in rows):
        return members
    common = set.intersection(*({d.split("=", 1)[1] for d in r["dims"]} for r in rows))
    return tuple(sorted(common | set(members)))


@dataclass
class MemberGrounder(Grounder):
    """A Grounder that binds the facts reported for exactly `members` (verify.member_fact_rows)."""

    members: tuple[str, ...] = ()
    _dims: dict[str, tuple[str, ...]] = field(default_factory=dict)  # fact id -> axis=member; shared like _cache

    def facts(self, qnames: Sequence[str]) -> list[FactRow]:
        todo = [q for q in qnames if q not in self._cache]
        if todo:
            rows = self.graph.read("verify.member_fact_rows", filing_id=self.filing.id, qnames=todo, members=list(self.members))
            got: dict[str, list[FactRow]] = {q: [] for q in todo}
            for r in rows:
                row = fact_row(r)
                self._dims[row.fact_id] = tuple(sorted(r["dims"] or ()))
                got.setdefault(row.qname, []).append(row)
            self._cache.update(got)
        return [r for q in qnames for r in self._cache[q]]

    def _binding(self, role: str, r: FactRow, stage: str) -> Binding:
        return replace(super()._binding(role, r, stage), members=self._dims.get(r.fact_id, ()))

    def _why_missing(self, role: str, candidates: Sequence[str], unit: Unit | None) -> str:
        names = " or ".join(candidates) if candidates else "(no candidate concept)"
        seen = self._periods_reported(candidates)
        where = f"; it reports it for them only for {', '.join(seen[:5])}" if seen else "; it reports no such fact for them"
        return (
            f"{role}: the filing reports no fact of {names} for {' and '.join(self.members)} (every other axis at its "
            f"default) for the period ending {self.period.end.isoformat()} ({self.period.label()}) in "
            f"{unit_label(unit, self.currency)}{where}"
        )


def establish_member(plan: Plan, grounder: MemberGrounder) -> Established | NotEstablished:
    """The member's reported fact of the metric's concept, as a `filed-fact` formula."""
    if not plan.target_concepts:
        return NotEstablished(
            AbstainReason.OPERAND_UNGROUNDED,
            f"{plan.target_label} is computed, not reported; the verifier checks a member's figure only against "
            "the fact the filing reports for that member",
        )
    unit = plan.unit if plan.unit is not Unit.RATIO else None
    notes: list[str] = []
    for qname in plan.target_concepts:
        got = grounder.ground(qname, [qname], unit, "target")
        if isinstance(got, Grounded):
            formula = Formula(got.concept, "filed-fact", got.concept, (got.concept,))
            return Established(got.bindings, (formula,), (Authorised("formula:filed-fact:1", fx.Ref(got.concept)),), ())
        notes.append(got.requirement)
    return NotEstablished(AbstainReason.OPERAND_UNGROUNDED, "; ".join(dict.fromkeys(notes)))
