"""Which tagged fact each open figure of a sentence ties out to (the three ways of tie_out.py,
docs/verifier.md "Tie-outs"), every candidate checked by the verifier's own check of a sub-claim
(subclaim_check.SubClaimCheck.verify_sub, passed in as `check`), so a tie-out decides by the same rules as any
figure: period, unit, sign, members, Z3.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from decimal import Decimal
from typing import NamedTuple

from auditgraph.verifier.ground import MONTH_DAYS, FilingInfo, PeriodRow, months_of, resolve_period
from auditgraph.verifier.lexicon import ConceptWords, Lexicon
from auditgraph.verifier.numbers import named_currency, to_last_digit
from auditgraph.verifier.scope import MemberMention, local_name
from auditgraph.verifier.sentence_state import SubClaim
from auditgraph.verifier.subclaims import magnitude
from auditgraph.verifier.tie_out import (
    PRECISE_DIGITS,
    ROUND_DIGITS,
    LabelIndex,
    OpenFigure,
    StatedFact,
    ValueIndex,
    clause_label_words,
    containing_periods,
    event_period,
    in_unit,
    label_words,
    names_each,
    names_members,
    naming_words,
    of_members,
    readings,
    shared_words,
    significant_digits,
    tie_units,
    undated_periods,
)
from auditgraph.verifier.types import Decision, PeriodRequest, PeriodSpec, Verdict

Check = Callable[[SubClaim, PeriodSpec], Verdict]  # a sub-claim checked in a period already placed
# words of a fact's labels and members a precise figure's clause must name to tie it outside the period it was
# read in (TieOuts._anywhere), as within it: a value precise to four digits is seldom stated twice by chance
ANYWHERE_WORDS = 1


@dataclass
class TieOuts:
    """The tie-outs of one sentence against one filing."""

    filing: FilingInfo
    lex: Lexicon
    rows: Sequence[PeriodRow]  # the filing's periods (resolve_period)
    labels: LabelIndex
    values: Callable[[], ValueIndex]  # the filing's numeric facts, read on first use
    scale: Decimal  # the sentence's scale words ("(in thousands)")
    check: Check

    def tie(self, figures: Sequence[OpenFigure]) -> list[tuple[OpenFigure, Verdict]]:
        """The figures a tagged fact states, named by their own words, by a precise value or as a list:
        Verified, but for the figure of a list that differs from its concept's fact (Violated). A bare
        amount left open is tried again in the document's own unit ("$329" in a filing in millions)."""
        out = self._tie(figures)
        unit = self.values().amounts_in if self.scale == 1 else None
        done = {id(of) for of, _ in out}
        scaled = [s for of in figures if id(of) not in done and unit and (s := in_unit(of, unit))]
        if scaled:
            assert unit is not None
            written = "millions" if unit == 10**6 else "thousands"
            how = f"read in {written}, the unit the filing states its amounts in (the sentence writes no scale)"
            out += [(of, _noted(v, how)) for of, v in self._tie(scaled)]
        return out

    def _tie(self, figures: Sequence[OpenFigure]) -> list[tuple[OpenFigure, Verdict]]:
        # a list is tied as a whole before its round figures one by one: a list with one figure changed is
        # Violated on its concept, where the others alone would tie and leave the changed one open
        bound: dict[int, ListTie] = {}
        out = self._singles(figures, rounds=False, bound=bound)
        out += self._rest_of_lists(figures, bound)
        done = {id(of) for of, _ in out}
        out += self._in_context(figures, bound, done)
        done = {id(of) for of, _ in out}
        out += self._lists([of for of in figures if id(of) not in done])
        done = {id(of) for of, _ in out}
        out += self._singles([of for of in figures if id(of) not in done], rounds=True)
        done = {id(of) for of, _ in out}
        out += [(of, _tied_verdict(*got)) for of in figures if id(of) not in done and (got := self._anywhere(of))]
        done = {id(of) for of, _ in out}
        return out + self._beside_ties(out, [of for of in figures if id(of) not in done])

    def in_their_context(
        self, ties: Sequence[tuple[OpenFigure, Verdict]], read: Sequence[tuple[SubClaim, Verdict]]
    ) -> dict[int, Verdict]:
        """The figures the reader decided on a line item's consolidated fact, re-checked on that line item's
        fact of the one member context all the sentence's tied figures are of, when the filing states one
        ("recognized interest of $11,115, amortization of debt discount of $424": the $11,115 ties to one
        loan's member, so the amortization is that loan's, never the consolidated 1,458). By index in `read`."""
        contexts = _contexts(ties)
        if len(contexts) != 1:
            return {}
        ((members, spec),) = contexts
        out: dict[int, Verdict] = {}
        for i, (sc, v) in enumerate(read):
            if v.decision is Decision.ABSTAIN or _target_members(v) or _binding_period(v) != spec or sc.number is None:
                continue
            again = self.check(of_members(sc, _mentions(sc, members)), spec)
            if again.decision is not Decision.ABSTAIN and _target_members(again) == members:
                how = f"the sentence's other figures are of {_member_names(members)}, so this one is that member's"
                out[i] = replace(again, reason=f"{again.reason}; {how}")
        return out

    def _beside_ties(
        self, ties: Sequence[tuple[OpenFigure, Verdict]], figures: Sequence[OpenFigure]
    ) -> list[tuple[OpenFigure, Verdict]]:
        """A figure beside tied figures of a member's context ("issued warrants to purchase 33,333 shares … at an
        exercise price of $1.50 per share", the 33,333 tied to the warrants' member on the day of the note):
        the one fact of that very context, its members and period, that states it and shares a word of its
        clause, round figures too (two significant digits or more). A filer's member of one transaction,
        on its day, stating the value is evidence a round value alone is not. Verified only."""
        contexts = _contexts(ties)
        out: list[tuple[OpenFigure, Verdict]] = []
        for of in figures:
            sc, n = of.subclaim, of.subclaim.number
            if n is None or significant_digits(n) < 2 or not contexts:
                continue
            written = to_last_digit(n)
            found: dict[tuple[str, tuple[tuple[str, str], ...], PeriodSpec], frozenset[str]] = {}
            for members, spec in contexts:
                for unit in tie_units(sc):
                    if (size := magnitude(written, self.scale, unit)) is None:
                        continue
                    for fact in self.values().stating(*size, spec, [unit], named_currency(n)):
                        concept = self.lex.concept(fact.qname)
                        if tuple(sorted(fact.members)) != members or concept is None or not of.fits(concept):
                            continue
                        if words := shared_words(of, fact, concept):
                            found[(fact.qname, members, spec)] = words
            if len(found) != 1:
                continue  # none, or two facts of the context state it: the words do not say which
            (((qname, members, spec), words),) = found.items()
            concept = self.lex.concept(qname)
            assert concept is not None
            if (v := self._verified_as(of, concept, members, spec)) is not None:
                how = (
                    f"the filing states this figure as {concept.shown_label!r} of {_member_names(members)} for "
                    f"{spec.label()}, the context of the sentence's other figures, and the clause names it ({of.said(words)})"
                )
                out.append((of, _tied_verdict(v, how, concept, "value")))
        return out

    def _singles(
        self, figures: Sequence[OpenFigure], rounds: bool, bound: dict[int, ListTie] | None = None
    ) -> list[tuple[OpenFigure, Verdict]]:
        """Figures tied one by one: by their own words or a precise value, or (`rounds`) by a round value.
        `bound`: where each figure tied in the period it was read in went (by id), for the rest of its list."""
        out = []
        for of in figures:
            # the period as read, else (a date with no length: "On January 22, 2015, … converted $556,267")
            # the day of a transaction, which filers tag with a context that ends that day
            placed = resolve_period(of.subclaim.period, self.filing, self.rows)
            specs = [s for s in (placed, event_period(of.subclaim.period)) if isinstance(s, PeriodSpec)]
            if rounds:
                got = next((t for spec in specs if (t := self._by_value(of, spec, rounds=True))), None)
            else:
                got = next(
                    (
                        (v, f"the figure's own words name {concept.shown_label!r} ({of.said(hit)})", concept, "words")
                        for spec in specs
                        for concept, hit in self.labels.named(of, tie_units(of.subclaim))
                        for sc in readings(of)
                        if (v := self.check(_named(sc, concept), spec)).decision is Decision.VERIFIED
                    ),
                    None,
                ) or next((t for spec in specs if (t := self._by_value(of, spec, rounds=False))), None)
                if got is not None and bound is not None and specs and specs[0] == placed and _anchors(of, got):
                    bound[id(of)] = ListTie(got[2], _target_members(got[0]), placed)
            if got is None:  # a transaction's day: the flow of the reporting period that contains it
                got = next(
                    (
                        (t[0], f"{t[1]}; that period contains the day the sentence dates it", t[2], t[3])
                        for spec in containing_periods(of.subclaim.period, self.rows)
                        if (t := self._by_value(of, spec, rounds, durations=True))
                    ),
                    None,
                )
            if got is None and not rounds:  # no period written: a precise figure of any reporting period
                got = next(
                    (
                        (t[0], f"{t[1]}; the sentence names no period, the filing states it for this one", t[2], t[3])
                        for spec in undated_periods(of.subclaim.period, self.rows)
                        if (t := self._by_value(of, spec, rounds))
                    ),
                    None,
                )
            if got is not None:
                out.append((of, _tied_verdict(*got)))
        return out

    def _rest_of_lists(self, figures: Sequence[OpenFigure], bound: dict[int, ListTie]) -> list[tuple[OpenFigure, Verdict]]:
        """The open figures of a list whose other figures tied, in the periods they were read in, by their own
        words or a precise value, all to one concept and its members ("Amortization expense for the three and
        six months ended June 30, 2023 were $29,422 and $51,335, respectively": the first ties, so the list is
        that concept's): each checked on that concept's fact of its own period, Verified or Violated. A list of
        two with one figure changed is decided this way; by values alone (_lists) it could not be."""
        out: list[tuple[OpenFigure, Verdict]] = []
        for run, group in _runs(figures).items():
            ties = [bound[id(of)] for of in group if id(of) in bound]
            rest = [of for of in group if id(of) not in bound]
            if len(run) < 2 or len(group) != len(run) or not ties or not rest:
                continue
            if len({(t.concept.qname, t.members) for t in ties}) > 1:
                continue  # the tied figures are of two concepts or members: no one line item for the list
            if len({of.subclaim.number.kind for of in group if of.subclaim.number}) > 1:
                continue  # "8,696,108 shares and 2,551,039": a bare number the document's scale words may have scaled
            placed = self._placed(rest)
            taken = [(t.spec.end, t.spec.months) for t in ties] + [(spec.end, spec.months) for spec in placed or ()]
            if placed is None or len(set(taken)) < len(taken):
                continue  # each figure needs a period of its own
            concept, members = ties[0].concept, ties[0].members
            for of, spec in zip(rest, placed):
                v = self._check_as(of, concept, members, spec)
                if v.decision is Decision.ABSTAIN or (v.decision is Decision.VIOLATED and self._stated_otherwise(of, spec)):
                    continue
                how = (
                    f"the list's other figure{'s' if len(ties) > 1 else ''} tied to {concept.shown_label!r}"
                    f"{f' of {_member_names(members)}' if members else ''}, so this one is that line item's in its period"
                )
                out.append((of, _tied_verdict(v, how, concept, "list")))
        return out

    def _in_context(
        self, figures: Sequence[OpenFigure], bound: dict[int, ListTie], done: set[int]
    ) -> list[tuple[OpenFigure, Verdict]]:
        """The open figures of a sentence whose other figures all tied, by their own words or a precise value,
        to facts of one context (one period, one set of members): "The rate differs from the federal statutory
        rate of 19% due to state taxes of 4.7%, … other permanent items of (22.7)%" tells one quarter's rate
        reconciliation. A figure outside any list that reads the context's period itself, whose own words
        name concepts of which exactly one has a fact in that context, is that fact's: Verified or Violated."""
        contexts = {(t.members, t.spec) for t in bound.values()}
        if len(contexts) != 1 or len(bound) < 2:
            return []  # one tie alone is no context: a sentence may tell of two things, each of its own date
        ((members, spec),) = contexts
        out: list[tuple[OpenFigure, Verdict]] = []
        for of in figures:
            if id(of) in bound or id(of) in done or len(of.run) > 1:
                continue  # a list's figures pair with periods or members of their own
            if {m.qname for m in (*of.members, *of.subclaim.scope_mentions)} - {m for _, m in members}:
                continue  # its clause names a member the context's facts are not of
            own = self._placed([of])
            if own is None or (own[0].end, own[0].months) != (spec.end, spec.months):
                continue
            found = {}
            for concept, hit in self.labels.named(of, tie_units(of.subclaim)):
                if not _of_type(concept, of):
                    continue  # "settled liabilities of $23,400" in a quarter is no balance of liabilities
                v = self._check_as(of, concept, members, spec)
                if v.decision is not Decision.ABSTAIN:
                    found[concept.qname] = (v, concept, hit)
            if len(found) != 1:
                continue
            ((v, concept, hit),) = found.values()
            if v.decision is Decision.VIOLATED and self._stated_otherwise(of, spec):
                continue
            how = (
                f"the sentence's other figures tied to facts of {spec.end.isoformat()}"
                f"{f' of {_member_names(members)}' if members else ''}, and the figure's own words name "
                f"{concept.shown_label!r} ({of.said(hit)}), the one line item named with a fact there"
            )
            out.append((of, _tied_verdict(v, how, concept, "context")))
        return out

    def _placed(self, figures: Sequence[OpenFigure]) -> list[PeriodSpec] | None:
        """Each figure's period as read, placed in the filing's calendar; None when one is not placed."""
        specs = [resolve_period(of.subclaim.period, self.filing, self.rows) for of in figures]
        placed = [spec for spec in specs if isinstance(spec, PeriodSpec)]
        return placed if len(placed) == len(figures) else None

    def _check_as(self, of: OpenFigure, concept: ConceptWords, members: tuple[tuple[str, str], ...], spec: PeriodSpec) -> Verdict:
        """The figure checked as `concept`'s fact of `members`, whatever members its own words named: the
        figures it is read with (its list, its sentence's context) say which fact it is."""
        return self.check(of_members(_unscoped(_named(of.subclaim, concept)), _mentions(of.subclaim, members)), spec)

    def _verified_as(
        self, of: OpenFigure, concept: ConceptWords, members: tuple[tuple[str, str], ...], spec: PeriodSpec
    ) -> Verdict | None:
        """The figure checked as the fact of `concept` and `members` that states it, when it agrees (Verified)."""
        v = self._check_named(of, concept, members, spec)
        return v if v.decision is Decision.VERIFIED else None

    def _check_named(
        self, of: OpenFigure, concept: ConceptWords, members: tuple[tuple[str, str], ...], spec: PeriodSpec
    ) -> Verdict:
        """The figure checked as `concept`'s fact of `members`, the members its own words name still its own."""
        return self.check(of_members(_named(of.subclaim, concept), _mentions(of.subclaim, members)), spec)

    def _stated_otherwise(self, of: OpenFigure, spec: PeriodSpec) -> bool:
        """Whether a fact of the figure's period and unit states it and shares a word with its clause: another
        line item the words may name ("additions to our operating right-of-use assets and lease liabilities"
        of $66.5 million and $69.4 million, each tagged as one of the two), so a difference proves nothing."""
        return any(of.fits(c := self.lex.concept(f.qname)) and shared_words(of, f, c) for f in self._stating(of, spec))

    def _lists(self, figures: Sequence[OpenFigure]) -> list[tuple[OpenFigure, Verdict]]:
        """A list of figures paired with periods ("$8.5 million, $8.3 million and $7.4 million for 2023, 2022
        and 2021, respectively"): one metric, one figure per period. When one concept's facts state every
        figure in its period, or all but one of a list of three or more, and the clause shares a word with
        the concept, the list is that concept's: several values agreeing by chance is what a single round
        one cannot rule out. Every figure of the list must be open; each is checked on that concept, so
        the one that differs is Violated on the concept's fact of its period."""
        out: list[tuple[OpenFigure, Verdict]] = []
        for run, group in _runs(figures).items():
            if len(run) < 2 or len(group) != len(run):
                continue
            placed = self._placed(group)
            if placed is None or len({(spec.end, spec.months) for spec in placed}) < len(placed):
                continue  # each figure needs a period of its own
            first = group[0]  # the list's figures share their clause and its words
            support: Counter[tuple[str, tuple[tuple[str, str], ...]]] = Counter()
            for of, spec in zip(group, placed):
                support.update({(f.qname, f.members) for f in self._stating(of, spec)})
            enough = len(group) if len(group) < 3 else len(group) - 1
            named = {
                (q, m)
                for (q, m), k in support.items()
                if k >= enough
                and (c := self.lex.concept(q)) is not None
                and first.fits(c)
                and first.clause_words & label_words(c)
            }
            if len({q for q, _ in named}) > 1:
                # two concepts state the list ("repurchased … for $1.7 billion and $5.3 billion": the cash paid
                # and the treasury stock acquired): when each states every figure, the figures agree with both
                # and are tied to the one the clause names best; else its words do not say which
                if any(support[k] < len(group) for k in named):
                    continue
                enough = len(group)
            if not named:
                continue
            qname, members = max(
                sorted(named),
                key=lambda k: (support[k], len(first.clause_words & label_words(self.lex.concept(k[0])))),
            )
            concept = self.lex.concept(qname)
            if concept is None:
                continue
            verdicts = [self._check_named(of, concept, members, spec) for of, spec in zip(group, placed)]
            agree = sum(v.decision is Decision.VERIFIED for v in verdicts)
            if agree < enough or any(v.decision is Decision.ABSTAIN for v in verdicts):
                continue
            how = (
                f"the filing states {'every figure' if agree == len(group) else f'{agree} of the {len(group)} figures'} of "
                f"the list as {concept.shown_label!r} in its period, and the clause names it"
            )
            if also := sorted({q for q, _ in named} - {qname}):
                how += f" (so does {', '.join(also)})"
            out += [(of, _tied_verdict(v, how, concept, "list")) for of, v in zip(group, verdicts)]
        return out

    def _stating(self, of: OpenFigure, spec: PeriodSpec, durations: bool = False) -> list[StatedFact]:
        """The filing's facts of the figure's period and units that state it (tie_out.ValueIndex)."""
        n = of.subclaim.number
        if n is None:
            return []
        out: list[StatedFact] = []
        for unit in tie_units(of.subclaim):
            if (size := magnitude(n, self.scale, unit)) is not None:
                out += self.values().stating(*size, spec, [unit], named_currency(n), instants=not durations)
        return out

    def _anywhere(self, of: OpenFigure) -> tuple[Verdict, str, ConceptWords, str] | None:
        """A precise figure no fact of the period it was read in states: the one fact of the filing that states
        it within the span its period words allow (any, when it has none), and whose concept and members its
        clause names with ANYWHERE_WORDS words. Small filers tag a note's transaction with a context of their
        own choosing ("In February 2022, … accrued interest of $3,520 … were converted": a balance on February
        28; "In March, April and May of 2023, … $180,000": the three months), which no reading of the words
        finds; a value precise to four digits or more, named by the clause, says which fact it is."""
        sc = of.subclaim
        n = sc.number
        if n is None or (digits := significant_digits(n)) < PRECISE_DIGITS:
            return None
        allowed = self._allowed(of)
        if allowed is None:
            return None
        found: dict[tuple[str, tuple[tuple[str, str], ...]], tuple[frozenset[str], set[StatedFact]]] = {}
        for unit in tie_units(sc):
            if (size := magnitude(n, self.scale, unit)) is None:
                continue
            for fact in self.values().anywhere(*size, [unit], named_currency(n)):
                if not allowed(fact):
                    continue
                concept = self.lex.concept(fact.qname)
                if concept is None or not of.fits(concept):
                    continue
                if len(words := shared_words(of, fact, concept)) >= ANYWHERE_WORDS:
                    found.setdefault((fact.qname, fact.members), (words, set()))[1].add(fact)
        best = sorted(found.items(), key=lambda kv: (-len(kv[1][0]), kv[0]))
        if not best or any(len(w) == len(best[0][1][0]) for _, (w, _) in best[1:]):
            return None  # none, or another fact named as well: the words do not say which
        (qname, members), (words, facts) = best[0]
        if len({(f.start, f.end) for f in facts}) > 1:
            return None  # the same line item states it in two periods: which one the sentence means is unsaid
        (fact,) = facts
        concept = self.lex.concept(qname)
        assert concept is not None
        spec = _fact_period(fact)
        if (v := self._verified_as(of, concept, members, spec)) is None:
            return None
        how = (
            f"the filing states this figure, precise to {digits} digits, as {concept.shown_label!r}"
            f"{f' of {_member_names(members)}' if members else ''} for "
            f"{spec.label()} (its only fact that does{'' if of.subclaim.period == PeriodRequest() else ', within the period the sentence names'}), "
            f"and the clause names it ({of.said(words)})"
        )
        return v, how, concept, "value"

    def _allowed(self, of: OpenFigure) -> Callable[[StatedFact], bool] | None:
        """Which facts' periods the figure's period words allow: any when it has none; else a transaction's
        context (no reporting period of the filing) within the span they name, on the day they name or (a
        transaction's day, "On March 22, 2022") containing it. None when the words are not placed in the
        filing's calendar."""
        request = of.subclaim.period
        if request == PeriodRequest():
            return lambda f: True
        spec = resolve_period(request, self.filing, self.rows)
        if not isinstance(spec, PeriodSpec):
            return None
        # a reporting period's fact was the reading's to find: "the three and nine months ended" with the
        # figures swapped must not tie the nine months' figure to the quarter's fact within the nine months
        spans = {(r.start, r.end) for r in self.rows if r.kind == "duration" and months_of(r.days) in (3, 6, 9, 12)}
        ends = {e for _, e in spans}

        def transaction(f: StatedFact) -> bool:
            return f.end not in ends if f.kind == "instant" or f.start is None else (f.start, f.end) not in spans

        end = spec.end
        if spec.kind == "instant":
            return lambda f: f.end == end and transaction(f)
        if not spec.months:
            return lambda f: (f.start or f.end) <= end <= f.end and transaction(f)
        first = end - timedelta(days=int(spec.months * MONTH_DAYS) + 10)  # 52/53-week years, as ground.months_of
        return lambda f: first <= (f.start or f.end) and f.end <= end and transaction(f)

    def _by_value(
        self, of: OpenFigure, spec: PeriodSpec, rounds: bool, durations: bool = False
    ) -> tuple[Verdict, str, ConceptWords, str] | None:
        """The one fact that states the figure for its period and unit (tie_out.ValueIndex) and that its
        clause names: a precise figure's by a word (`rounds` False), a round one's by two words of the
        concept's labels and each of its members (`rounds`, tie_out.naming_words), or on a day no reporting
        period ends on, by one word of the fact's and each of its members (two words for a figure of one
        significant digit); checked as a figure of that fact's concept and members. `durations`: flows only (a
        period that contains the figure's day; never for one significant digit)."""
        sc = of.subclaim
        if sc.number is None or (digits := significant_digits(sc.number)) < ROUND_DIGITS:
            return None
        precise = digits >= PRECISE_DIGITS
        if precise == rounds or (digits == 1 and durations):
            return None  # precise figures are tied with the own words, round ones after the lists
        found: dict[tuple[str, tuple[tuple[str, str], ...]], frozenset[str]] = {}
        n = sc.number
        # a day no reporting period ends on ("On April 13, 2022, … a 12% promissory note"): a round figure the
        # filing states on that very day needs one word of the fact's, with its members named, not two
        day = spec.months == 0 and spec.end not in {r.end for r in self.rows} and digits > 1
        # a round figure's fact rounds to it at its last digit written, zeros too: "$250 million" is no
        # 247.1 million, "11,000,000 shares" no 10,817,350 (numbers.py reads a trailing zero as rounding)
        written = None if precise else to_last_digit(n)
        for fact in self._stating(of, spec, durations):
            concept = self.lex.concept(fact.qname)
            if not of.fits(concept):
                continue
            if written is not None and fact.unit is not None:
                size = magnitude(written, self.scale, fact.unit)
                if size is None or not size[0] <= abs(fact.value) <= size[1]:
                    continue
            if precise:
                words = shared_words(of, fact, concept)
            elif day and concept is not None:
                words = shared_words(of, fact, concept) if names_members(of, fact, concept) else frozenset()
            else:
                words = naming_words(of, fact, concept)
            if len(words) >= (1 if precise or day else 2):
                found[(fact.qname, fact.members)] = words
        best = sorted(found.items(), key=lambda kv: (-len(kv[1]), kv[0]))
        if not best or any(len(w) == len(best[0][1]) and q != best[0][0][0] for (q, _), w in best[1:]):
            return None  # none, or two concepts named as well: the words do not say which
        (qname, members), words = best[0]  # one concept under several members: each states the figure
        concept = self.lex.concept(qname)
        if concept is None:
            return None
        if (v := self._verified_as(of, concept, members, spec)) is None:
            return None
        how = (
            f"the filing states this figure{f', precise to {digits} digits,' if precise else ''} as {concept.shown_label!r} "
            f"for {f'{spec.end.isoformat()}, the day the sentence names' if day else 'the period'}, and the clause "
            f"names it ({of.said(words)})"
        )
        return v, how, concept, "value" if precise else "round"


def _fact_period(fact: StatedFact) -> PeriodSpec:
    """A fact's own period as the period a figure is checked in."""
    return _period(fact.start if fact.kind == "duration" else None, fact.end, "the period of the fact that states it")


def _period(start: date | None, end: date, source: str) -> PeriodSpec:
    """A fact's period as a period to check a figure in: an instant, a reporting period's length, or (a
    transaction's span of days) any span ending on its last day."""
    if start is None:
        return PeriodSpec("instant", end, source=source)
    months = months_of((end - start).days)
    return PeriodSpec("duration", end, months if months in (3, 6, 9, 12) else 0, source)


def _contexts(ties: Sequence[tuple[OpenFigure, Verdict]]) -> set[tuple[tuple[tuple[str, str], ...], PeriodSpec]]:
    """The member contexts (members, period) of the facts figures were tied to."""
    return {
        (members, spec)
        for _, v in ties
        if v.decision is Decision.VERIFIED and (members := _target_members(v)) and (spec := _binding_period(v))
    }


def _binding_period(verdict: Verdict) -> PeriodSpec | None:
    """The period of the fact a verdict was decided on ("instant:2019-09-10", "duration:2023-01-01/2023-03-31")."""
    target = next((b for b in verdict.bindings if b.stage == "target"), None)
    kind, _, span = target.period.partition(":") if target else ("", "", "")
    first, _, last = span.partition("/")
    if kind == "instant":
        return _period(None, date.fromisoformat(first), "the context of the sentence's other figures")
    if kind == "duration" and last:
        return _period(date.fromisoformat(first), date.fromisoformat(last), "the context of the sentence's other figures")
    return None


def _noted(verdict: Verdict, how: str) -> Verdict:
    """A tie-out's verdict with one more thing said about how the figure was read."""
    tied = {**verdict.extra["tied"], "how": f"{verdict.extra['tied']['how']}; {how}"}
    return replace(verdict, reason=f"{verdict.reason}; {how}", extra={**verdict.extra, "tied": tied})


def _tied_verdict(verdict: Verdict, how: str, concept: ConceptWords, by: str) -> Verdict:
    """A tie-out's sub-claim (Verified, or Violated in a list), saying how the figure was tied (`tied` in its
    JSON; `by`: words, value, round or list)."""
    tied = {"how": how, "label": concept.shown_label, "concept": concept.qname, "by": by}
    return replace(verdict, reason=f"{verdict.reason}; tied: {how}", extra={**verdict.extra, "tied": tied})


def _anchors(of: OpenFigure, got: tuple[Verdict, str, ConceptWords, str]) -> bool:
    """Whether a figure's tie-out is strong enough to say what the other figures of its list or sentence
    are: a figure of two significant digits or more ("$0" or "$0.9 million" is stated by many concepts),
    named by its own words or tied by its value with two words of the concept's labels in its clause
    ("fair value of the stock option grants" of $278,578 met share-based compensation expense by one word
    and its value), of members its clause names (a value may be stated by one segment's fact that the
    sentence never names), and a flow when its period words name a span."""
    verdict, _, concept, by = got
    n = of.subclaim.number
    if n is None or significant_digits(n) < 2 or not _of_type(concept, of):
        return False
    if not names_each(of, _target_members(verdict), concept):
        return False
    return by == "words" or len(clause_label_words(of, concept)) >= 2


def _of_type(concept: ConceptWords, of: OpenFigure) -> bool:
    """Whether the concept is a flow when the figure's own period words name a span ("during the three months
    ended March 31, 2024"): a balance is never the figure of a span."""
    return not of.subclaim.period.months or concept.period_type in (None, "duration")


class ListTie(NamedTuple):
    """Where a figure of a list tied: the concept, the fact's (axis, member) pairs and the period."""

    concept: ConceptWords
    members: tuple[tuple[str, str], ...]
    spec: PeriodSpec


def _target_members(verdict: Verdict) -> tuple[tuple[str, str], ...]:
    """The (axis, member) pairs of the fact a verdict was decided on."""
    target = next((b for b in verdict.bindings if b.stage == "target"), None)
    pairs = (m.partition("=") for m in (target.members if target else ()))
    return tuple(sorted((axis, member) for axis, _, member in pairs))


def _member_names(members: tuple[tuple[str, str], ...]) -> str:
    return ", ".join(local_name(m) for _, m in members)


def _runs(figures: Sequence[OpenFigure]) -> dict[tuple[tuple[int, int], ...], list[OpenFigure]]:
    """The open figures by the list they are written in (OpenFigure.run), in order."""
    runs: dict[tuple[tuple[int, int], ...], list[OpenFigure]] = {}
    for of in figures:
        runs.setdefault(of.run, []).append(of)
    return runs


def _unscoped(sc: SubClaim) -> SubClaim:
    """`sc` with no member scope of its own: the figures it is read with say which fact it is."""
    return replace(sc, scope=None, scope_member=None, scope_mentions=())


def _mentions(sc: SubClaim, members: tuple[tuple[str, str], ...]) -> tuple[MemberMention, ...]:
    """A fact's (axis, member) pairs as the figure's member scope."""
    n = sc.number
    assert n is not None
    return tuple(MemberMention(n.start, n.end, local_name(m), m, axis) for axis, m in members)


def _named(sc: SubClaim, concept: ConceptWords) -> SubClaim:
    """`sc` read as a figure of `concept` (a tie-out's candidate), named by its label in messages."""
    label = concept.shown_label
    return replace(sc, metric=replace(sc.metric, text=label, matched=label, qname=concept.qname))
