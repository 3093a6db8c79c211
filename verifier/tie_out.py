"""A figure no metric words place, agreed to the tagged fact that states it (a tie-out).

Notes are written in the filer's words, not the statements' ("recognized $631 million of the
unrecognized revenues balance as revenues", "an authorization to repurchase up to $1.5 billion of
the Company's common stock"), and most of their figures have a fact of their own that no line item
name reaches. An auditor ties such a figure out to the ledger; the verifier to the tagged facts, in
three ways (docs/verifier.md, "Tie-outs"):

1. by its own words: the words between the figure before it and it, and the "of …" words right
   after it, name the concept (most of the words of one of its labels, the filer's or the
   taxonomy's) — LabelIndex;
2. by its value, for a figure written with four or more significant digits ("$1,735,714",
   "$111.7 million"): no other fact of that period and unit states it by chance, so the one that
   does is the figure's when the clause shares a word with its concept's or members' labels —
   ValueIndex; a round figure ("$1.6 million", "10%") is never tied this way, many facts state it;
3. as a list paired with periods, which one concept states in every period (or all but one).

The figure is then checked like every sub-claim (subclaim_check.SubClaimCheck.verify_sub: period, unit, sign,
members, Z3) on that concept. A figure tied alone is only ever Verified: when the concepts its
words name state other values, nothing says which of them was meant, and it stays not checkable
with the reader's reason. Only a list's odd figure out is Violated, on the concept its other
figures are. Words of the whole sentence never count for (1): in "principal of $15,000, accrued
interest of $3,520" each figure's words are its own, so two figures swapped tie to nothing.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any

from auditgraph.verifier.figure_lists import figure_runs, run_period
from auditgraph.verifier.ground import PeriodRow, months_of, unit_matches
from auditgraph.verifier.lexicon import ConceptWords, unit_of_type
from auditgraph.verifier.metric_names import MetricSpan, contrary_sign
from auditgraph.verifier.note_figures import PART_OF
from auditgraph.verifier.numbers import Kind, Mention
from auditgraph.verifier.plan import label_key as key
from auditgraph.verifier.scope import MemberMention, local_name
from auditgraph.verifier.sentence_state import ReadingState, SubClaim, clause_bounds, make_subclaim
from auditgraph.verifier.subclaims import units_for
from auditgraph.verifier.types import PeriodRequest, PeriodSpec, Unit

# A label must be named by at least this share of its content words, and by two of them unless it
# has one: "Stock repurchase program, authorized amount" by "authorization to repurchase … stock"
# would not be (no "program"), "Contract with customer, liability, revenue recognized" by
# "revenue recognized … contract liabilities" is.
MIN_SHARE = 2 / 3
MAX_TRIED = 4  # concepts tried per figure, best named first
PRECISE_DIGITS = 4  # significant digits from which a figure is tied by its value and one word (ValueIndex)
# a rounder figure ("$60.9 million", "35.3%", "$1.7 million") is tied by its value only when its clause names
# the concept with two words of its labels and names every member of the fact: a round value alone is
# stated by many facts (a changed "$60,500" met another note's balance), the words say which is the figure's.
# A figure of one significant digit ("10,000,000 shares of blank check preferred stock", "$5.0 million") needs
# the same in its own reporting period, never the looser ties of a transaction day (tie_check._by_value)
ROUND_DIGITS = 1
# the words of a class of stock: a share count's own words ("shares of Common Stock"), no line item
_STOCK_CLASS = frozenset(w[:6] for w in "common preferred ordinary capital stock share class series".split())
# words too common in labels and notes to say which fact a figure is
_GENERIC = frozenset(w[:6] for w in "amount balance value company period year month ended end date certain other related".split())
_FILLER = frozenset("be to from that use used with was were are is has have had its this which".split())  # label_key keeps them
_LIST = re.compile(r"\brespectively\b", re.I)
_BALANCE_DAY = re.compile(r"\s*(?:as\s+of|as\s+at|at)\b", re.I)
# a clause after a figure that a forecast word may start without making the figure one: "$108 million, and
# the period over which it is expected to be recognized", "…, which will reduce the debt"
_CLAUSE_BREAK = re.compile(r",\s*(?:which|and|that|who)\b|;|\bwhich\b|\band\s+(?:the|this|these|its|it|will)\b", re.I)
# when a balance the filing holds is expected to reach earnings: the balance is stated, its timing forecast
_TIMING = re.compile(
    r"(?:expected|anticipated|will)\s+(?:to\s+)?be\s+(?:recognized|amortized|reclassified|realized|expensed|accreted)\b", re.I
)
_OF_AFTER = re.compile(r"\s*(?:,\s*respectively\s*,?\s*)?(?:of|in|for)\s+", re.I)
_PHRASE_END = re.compile(r"[,;:()]|\b(?:which|that|and|but|while|compared|respectively)\b", re.I)


@dataclass(frozen=True)
class OpenFigure:
    """A figure the reader left unread (`unread`: the reader's reason) or read as a level whose check may
    abstain (`unread` empty), with what a tie-out needs: its level sub-claim with no metric yet (period
    and member scope read as for any figure) and its own phrase."""

    subclaim: SubClaim
    words: frozenset[str]
    phrase: str
    unread: str
    members: tuple[MemberMention, ...] = ()  # every member the clause names, for a figure not read as theirs
    clause: str = ""  # the clause without figures and period words, for a precise figure's fact (ValueIndex)
    # the line items its own words name ("amortization expense"): a concept whose labels share no word with
    # one of them is not the figure's, whatever it states ("Amortization expense included in cost of goods
    # sold is $5,298,318" is no "cost of goods sold, depreciation")
    named: tuple[frozenset[str], ...] = ()
    run: tuple[tuple[int, int], ...] = ()  # where the figures of its list are, itself included
    between: tuple[int, int] = (0, 0)  # from the clause's figure of its kind before it to the one after it

    @property
    def clause_words(self) -> frozenset[str]:
        return words_of(self.clause)

    def said(self, stems: frozenset[str]) -> str:
        """The clause's own words that `stems` stand for, as written."""
        return ", ".join(sorted({w for w in key(self.clause) if w[:6] in stems}))

    def fits(self, concept: ConceptWords | None) -> bool:
        """Whether `concept`'s labels share a word with every line item the figure's own words name, and the
        clause does not name the other side of a one-sided concept (a surplus for a deficit)."""
        if concept is None or contrary_sign(concept.qname, self.clause):
            return False
        words = label_words(concept)
        return all(k & words for k in self.named)


def open_figure(ctx: ReadingState, n: Mention, unread: str) -> OpenFigure | None:
    """The open figure of `n`, or None when no fact can be the figure's: the reader found it is no
    level of any period, it is a bare small number, or its period is not placed (a list whose periods
    do not pair with its figures, a year the period read does not name: its period would be a guess)."""
    lo, hi = clause_bounds(ctx.text, n.start)
    if (n.start, n.end) in ctx.no_level:
        return None
    if n.kind is Kind.NUMBER and not n.scale_word and len(re.sub(r"\D", "", n.text)) < 4:
        return None  # "December 31", "two (2)": a bare small number is no amount
    period: PeriodRequest | None = None
    run = next(r for r in figure_runs(ctx, lo, hi) if n in r)
    if (_LIST.search(ctx.text, lo, hi) or len(run) > 1) and (period := run_period(ctx, n, lo, hi)) is None:
        return None  # "11.9% and 9.2% for the years ended December 31": each figure has a period of its own, not placed
    placeholder = MetricSpan(n.start, n.end, n.text, "", implied=True)
    sc = make_subclaim(ctx, "level", n, placeholder, period=period)
    if isinstance(sc, str):
        return None
    containers = _containers(ctx)
    blank = [*ctx.figure_spans(), *containers]  # words of no concept: figures, periods, what a part is included in
    phrase, pieces = own_phrase(ctx, run, lo, hi, blank)
    members = tuple(m for m in ctx.scopes if lo <= m.start and m.end <= hi)
    named = _line_items(ctx, n, pieces, containers)
    clause = _blanked(ctx.text, lo, hi, blank)
    alike = [x for x in ctx.numbers if x.kind is n.kind and lo <= x.start < hi and x is not n]
    between = (
        max((x.end for x in alike if x.end <= n.start), default=lo),
        min((x.start for x in alike if x.start >= n.end), default=hi),
    )
    run_at = tuple((x.start, x.end) for x in run)
    return OpenFigure(sc, words_of(phrase), phrase, unread, members, clause, named, run_at, between)


def bare_in_unit(n: Mention, unit: Decimal) -> Mention | None:
    """A bare amount ("restructuring charges of $329 and $253", "depreciation expense of $84.2") read in the
    unit the document states its amounts in, when it writes no scale word and is from 1 to 100,000 ("$0.40"
    is cents); None for any other figure."""
    if n.kind is not Kind.MONEY or n.scale_word or not 1 <= abs(n.value) < 100_000:
        return None
    return replace(n, value=n.value * unit, half_width=n.half_width * unit)


def in_unit(of: OpenFigure, unit: Decimal) -> OpenFigure | None:
    """An open figure's bare amount read in the document's unit (bare_in_unit); None for any other."""
    n = of.subclaim.number
    scaled = bare_in_unit(n, unit) if n is not None else None
    return replace(of, subclaim=replace(of.subclaim, number=scaled)) if scaled is not None else None


def readings(of: OpenFigure) -> list[SubClaim]:
    """The figure as read, and as the clause's members' figure when the reader could not tell whether
    it is theirs or the company's: the fact that states it says which."""
    sc = of.subclaim
    return [sc, of_members(sc, of.members)] if of.members and not sc.scope_mentions else [sc]


def of_members(sc: SubClaim, members: tuple[MemberMention, ...]) -> SubClaim:
    """`sc` as the figure of `members` (its scope: SubClaimCheck.verify_sub binds their fact or none)."""
    return replace(sc, scope=members[0].words, scope_member=members[0].qname, scope_mentions=members) if members else sc


def _line_items(
    ctx: ReadingState, n: Mention, pieces: list[tuple[int, int]], inside: list[tuple[int, int]]
) -> tuple[frozenset[str], ...]:
    """The content words of each line item the figure's own words name, but the line item a part is
    included in (`inside`) and, for a share count or a per-share figure, the class of stock of its shares
    ("shares of Common Stock", "an exercise price of $1.50 per share of common stock")."""
    out = []
    for m in ctx.metrics:
        k = words_of(m.matched)
        if not any(a <= m.start and m.end <= b for a, b in pieces) or any(a <= m.start < b for a, b in inside):
            continue
        if k and not (n.kind in (Kind.SHARES, Kind.PER_SHARE) and k <= _STOCK_CLASS):
            out.append(k)
    return tuple(out)


def own_phrase(
    ctx: ReadingState, run: list[Mention], lo: int, hi: int, blank: list[tuple[int, int]]
) -> tuple[str, list[tuple[int, int]]]:
    """The words that belong to the figures of `run`, a list ("$8.5 million, $8.3 million and $7.4 million")
    or one figure: from the figure before the list (or the clause start) to the list, and "of …", "in …"
    or "for …" right after the list up to a comma, a relative clause or the next figure; the text and
    where it is, with the spans in `blank` blanked."""
    start = max([lo, *(x.end for x in ctx.numbers if lo <= x.end <= run[0].start)])
    pieces = [(start, run[0].start)]
    if m := _OF_AFTER.match(ctx.text, run[-1].end):
        stop = min([hi, *(x.start for x in ctx.numbers if x.start >= m.end())])
        end = _PHRASE_END.search(ctx.text, m.end(), stop)
        pieces.append((m.end(), end.start() if end else stop))
    return " | ".join(_blanked(ctx.text, a, b, blank) for a, b in pieces), pieces


# the line item a part is "included in" ("… included in cost of goods sold is $5.3 million") is not the part's name
_CONTAINER_END = re.compile(r"[,;$(]|\b(?:is|was|were|are|and|for|during|as|at|on)\b", re.I)


def _containers(ctx: ReadingState) -> list[tuple[int, int]]:
    """Where the sentence names what a part is included in: from "included in" to the verb or figure after."""
    out = []
    for m in PART_OF.finditer(ctx.text):
        end = _CONTAINER_END.search(ctx.text, m.end())
        out.append((m.start(), end.start() if end else len(ctx.text)))
    return out


def _blanked(text: str, a: int, b: int, blank: list[tuple[int, int]]) -> str:
    """The text from a to b without the spans in `blank` (figures, period words such as "December 31,
    2023", the line item a part is included in: none of them names the figure's concept)."""
    chars = list(text[a:b])
    for s, e in blank:
        if s < b and e > a:
            chars[max(s, a) - a : min(e, b) - a] = " " * (min(e, b) - max(s, a))
    return re.sub(r"\s+", " ", "".join(chars)).strip()


@dataclass
class LabelIndex:
    """The filing's concepts by the content words of their labels, for naming by most of the words."""

    concepts: Sequence[ConceptWords]
    _by_word: dict[str, list[tuple[int, frozenset[str]]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for i, c in enumerate(self.concepts):
            for text in dict.fromkeys([*(t for _, t in c.filer_labels), *c.taxonomy_labels]):
                k = words_of(text)
                for w in k:
                    self._by_word.setdefault(w, []).append((i, k))

    def named(self, figure: OpenFigure, units: Sequence[Unit]) -> list[tuple[ConceptWords, frozenset[str]]]:
        """Concepts of one of `units` that the figure's own words name, best first: (concept, the words
        matched); a concept that lacks a line item the words name is none of them (OpenFigure.fits)."""
        words = figure.words
        best: dict[int, tuple[int, float, frozenset[str]]] = {}
        for w in sorted(words):  # in a fixed order: two labels of one concept naming it as well pick the same one every run
            for i, k in self._by_word.get(w, ()):
                hit = k & words
                share = len(hit) / len(k)
                if share < MIN_SHARE or (len(hit) < 2 and len(k) > 1):
                    continue
                if (len(hit), share) > best.get(i, (0, 0.0, frozenset()))[:2]:
                    best[i] = (len(hit), share, hit)
        ranked = sorted(best.items(), key=lambda kv: (-kv[1][0], -kv[1][1], self.concepts[kv[0]].qname))
        out = []
        for i, (_, _, hit) in ranked:
            c = self.concepts[i]
            if c.unit in units and figure.fits(c):
                out.append((c, hit))
        return out[:MAX_TRIED]


def words_of(text: str) -> frozenset[str]:
    """The content words of a label or phrase (plan.label_key), each cut to its first six letters, so
    that a note's verbs meet the labels' nouns: "repurchased" and "repurchase", "authorized" and
    "authorization", "converted" and "conversion"."""
    return frozenset(w[:6] for w in key(text))


def significant_digits(n: Mention) -> int:
    """Digits written between the first and the last non-zero one: "$1,735,714" 7, "$111.7 million" 4,
    "$128,000" 3, "10%" 1."""
    return len(re.sub(r"\D", "", n.text).strip("0"))


@dataclass(frozen=True)
class StatedFact:
    """A numeric fact as the tie-out by value needs it."""

    qname: str
    value: Decimal
    unit: Unit | None
    kind: str  # instant | duration
    start: date | None
    end: date
    members: tuple[tuple[str, str], ...]  # (axis, member)
    unit_key: str = ""  # "iso4217:EUR": a figure written in euros is stated only by a euro fact


@dataclass
class ValueIndex:
    """The filing's numeric facts by period end (cypher/verify/numeric_facts.cypher)."""

    rows: list[dict[str, Any]]
    # the unit its statements are presented in (ground.statement_unit): the document's own scale, in which
    # its notes write "$313" for $313 million
    amounts_in: Decimal | None = None
    _by_end: dict[date, list[StatedFact]] = field(default_factory=dict)
    _by_size: list[StatedFact] = field(default_factory=list)
    _sizes: list[Decimal] = field(default_factory=list)

    def __post_init__(self) -> None:
        for r in self.rows:
            try:
                value = Decimal(r["value"])
            except (InvalidOperation, TypeError):
                continue
            end = r["end"].to_native() if hasattr(r["end"], "to_native") else r["end"]
            start = r["start"].to_native() if hasattr(r["start"], "to_native") else r["start"]
            if end is None:
                continue
            # sorted: the database collects a context's members in no fixed order, and a fact's members are compared
            # and ordered as a whole (one context across periods, the tie-break between two facts)
            dims = tuple(sorted(tuple(d.split("=", 1)) for d in r["dims"] or ()))
            unit = unit_of_type(None, None, [r["unit_key"]])
            fact = StatedFact(r["qname"], value, unit, r["kind"], start, end, dims, r["unit_key"] or "")
            self._by_end.setdefault(end, []).append(fact)

    def stating(
        self,
        low: Decimal,
        high: Decimal,
        spec: PeriodSpec,
        units: Sequence[Unit],
        currency: str | None = None,
        instants: bool = True,
    ) -> list[StatedFact]:
        """Facts of one of `units` (and `currency`, when the figure writes one) in period `spec` (an instant
        at its end unless not `instants`, or a duration of its length ending then) whose magnitude is
        within [low, high]."""
        out = []
        for f in self._by_end.get(spec.end, ()):
            if f.unit not in units or not low <= abs(f.value) <= high or (f.kind == "instant" and not instants):
                continue
            if currency and not unit_matches(f.unit_key, f.unit, currency):
                continue
            # the grounder's rule (ground.fact_in_period); months 0: an event's day, any span ending on it
            if (
                f.kind == "duration"
                and spec.months != 0
                and (f.start is None or months_of((f.end - f.start).days) != spec.months)
            ):
                continue
            out.append(f)
        return out

    def anywhere(self, low: Decimal, high: Decimal, units: Sequence[Unit], currency: str | None = None) -> list[StatedFact]:
        """Facts of one of `units` (and `currency`) whose magnitude is within [low, high], of any period."""
        if not self._sizes:  # sorted by magnitude once: a bisection per figure, never a scan of every fact
            self._by_size = sorted((f for facts in self._by_end.values() for f in facts), key=lambda f: abs(f.value))
            self._sizes = [abs(f.value) for f in self._by_size]
        lo, hi = bisect_left(self._sizes, low), bisect_right(self._sizes, high)
        return [
            f for f in self._by_size[lo:hi] if f.unit in units and (not currency or unit_matches(f.unit_key, f.unit, currency))
        ]


@lru_cache(maxsize=1 << 14)  # asked for every candidate of every figure; a filing's concepts are few
def label_words(concept: ConceptWords) -> frozenset[str]:
    """The words of every label of a concept, the filer's and the taxonomy's."""
    return frozenset().union(*(words_of(t) for t in (*(t for _, t in concept.filer_labels), *concept.taxonomy_labels)))


def fact_words(fact: StatedFact, concept: ConceptWords | None) -> frozenset[str]:
    """The words of a fact's concept labels and of its members' names."""
    members = frozenset().union(*(words_of(local_name(m)) for _, m in fact.members))
    return (label_words(concept) if concept else frozenset()) | members


def shared_words(of: OpenFigure, fact: StatedFact, concept: ConceptWords | None) -> frozenset[str]:
    """The clause's words that name the fact, beyond words every note uses."""
    return (of.clause_words & fact_words(fact, concept)) - _GENERIC - _FILLER


def naming_words(of: OpenFigure, fact: StatedFact, concept: ConceptWords | None) -> frozenset[str]:
    """The clause's words of the fact's concept labels, when the clause also names each of its members
    (a round figure's tie-out, ROUND_DIGITS); else none."""
    if concept is None or not names_members(of, fact, concept):
        return frozenset()
    return clause_label_words(of, concept)


def clause_label_words(of: OpenFigure, concept: ConceptWords) -> frozenset[str]:
    """The clause's words of the concept's labels, beyond words every note uses."""
    return (of.clause_words & label_words(concept)) - _GENERIC - _FILLER


def names_members(of: OpenFigure, fact: StatedFact, concept: ConceptWords) -> bool:
    """Whether the clause names each member of the fact as the figure's (_names_member)."""
    return names_each(of, fact.members, concept)


def names_each(of: OpenFigure, members: Sequence[tuple[str, str]], concept: ConceptWords) -> bool:
    """Whether the clause names each (axis, member) as the figure's (_names_member)."""
    labels = label_words(concept)
    return all(_names_member(of, axis, member, labels) for axis, member in members)


def _names_member(of: OpenFigure, axis: str, member: str, labels: frozenset[str]) -> bool:
    """Whether the clause names `member` as the figure's. Where the clause names several members of the
    axis ("4.625% Senior Notes for €1,100 million, 3.875% Senior Notes for €1,200 million"), the figure's
    is the one named between it and the figures of its kind beside it; where it names none, the member's own words must be
    in the clause, one the concept's labels lack among them when it has one ("home sales revenues" name
    Home Building, "the 401(k) plan" is not named by "the plan")."""
    on_axis = [m for m in of.members if any(a == axis for _, a in m.options)]
    if on_axis:
        if len(on_axis) == 1:
            return any(q == member for q, _ in on_axis[0].options)
        before, after = of.between
        return any(before <= m.start and m.end <= after and any(q == member for q, _ in m.options) for m in on_axis)
    own = words_of(local_name(member)) - _GENERIC - _FILLER
    words = of.clause_words
    return bool(words & own) and (not (own - labels) or bool(words & (own - labels)))


def event_period(request: PeriodRequest) -> PeriodSpec | None:
    """The day a note dates a transaction on ("On January 22, 2015, the Company converted $556,267 of its
    debt"), when it is no reporting period: filers tag such a figure with a context that ends that day."""
    if request.end_date is None or request.months or request.fiscal_year or request.quarter:
        return None
    return PeriodSpec("duration", request.end_date, 0, f"the day the sentence dates it: {request.phrase}")


def containing_periods(request: PeriodRequest, rows: Sequence[PeriodRow]) -> list[PeriodSpec]:
    """The filing's reporting periods (3, 6, 9 or 12 months) that contain the day a note dates a transaction
    on, shortest first: many filers tag "On July 18, 2023, the Company issued a note of $375,000" with the
    quarter's or the year-to-date context, not the day's."""
    day = request.end_date
    if event_period(request) is None or day is None or _BALANCE_DAY.match(request.phrase or ""):
        return []  # "as of June 30, 2023" dates a balance, which no flow of a longer period states
    found = {
        (r.end, m)
        for r in rows
        if r.kind == "duration" and r.start and r.end and r.start <= day <= r.end and (m := months_of(r.days)) in (3, 6, 9, 12)
    }
    return [
        PeriodSpec("duration", end, m, f"a reporting period that contains {day.isoformat()}")
        for end, m in sorted(found, key=lambda k: (k[1], k[0]))
    ]


def undated_periods(request: PeriodRequest, rows: Sequence[PeriodRow]) -> list[PeriodSpec]:
    """Every reporting period of the filing (3, 6, 9 or 12 months, latest and shortest first) for a figure
    whose sentence names no period ("The fair value of the warrants was $626,073"): a note tells of the
    comparative year's transactions in the same words as of the current one's."""
    if request != PeriodRequest():
        return []
    found = {(r.end, m) for r in rows if r.kind == "duration" and r.end and (m := months_of(r.days)) in (3, 6, 9, 12)}
    return [
        PeriodSpec("duration", end, m, f"a reporting period of the filing ({m} months to {end.isoformat()})")
        for end, m in sorted(found, key=lambda k: (-k[0].toordinal(), k[1]))
    ]


def tie_units(sc: SubClaim) -> tuple[Unit, ...]:
    """The units a tie-out may bind the figure in: a bare number ("3,143,969 Rights Offering Warrants")
    is a count, never dollars; otherwise those of any level (subclaims.units_for)."""
    n = sc.number
    if n is not None and n.kind is Kind.NUMBER and not n.scale_word and not n.currency:
        return (Unit.SHARES,)
    return units_for(sc)


def stated_before(of: OpenFigure, text: str, forecast_at: int) -> bool:
    """Whether the figure is stated before a forecast, in a clause of its own ("the unrecognized cost was
    $108 million and the period over which it is expected to be recognized is 2 years"): the forecast
    is about something else, the figure is what the filing reports; or when the forecast is only when an
    amount the filing holds will reach earnings ("$5,777 million unamortized cost of the licensed content is
    expected to be amortized in each of the next three years")."""
    n = of.subclaim.number
    if n is None or n.end > forecast_at:
        return False
    return bool(_CLAUSE_BREAK.search(text, n.end, forecast_at) or _TIMING.match(text, forecast_at))
