"""What the reader holds while it reads one sentence (ReadingState), and how a figure tied to a
metric becomes a sub-claim: its period from the words around it, its member scope.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from auditgraph.verifier.metric_names import Knows, MetricSpan
from auditgraph.verifier.numbers import Mention
from auditgraph.verifier.periods import PeriodMention
from auditgraph.verifier.plan import label_key as key
from auditgraph.verifier.scope import SCOPE_WORDS, MemberMention, attached, strip_members
from auditgraph.verifier.types import PeriodRequest


@dataclass(frozen=True)
class SubClaim:
    kind: str  # level | change | growth | ratio | difference | comparison
    text: str  # the words of the sentence it reads
    metric: MetricSpan
    number: Mention | None
    period: PeriodRequest
    base: PeriodRequest | None = None  # the period compared with; None: the same length a year earlier
    base_relative: str | None = None  # "prior" | "sequential" when compared with an earlier period
    other: MetricSpan | None = None  # difference and ratio: the second metric
    relation: str | None = None  # comparisons: double, triple, quadruple, halve, narrow, widen, exceed
    hedge: str | None = None  # comparison hedge: "more than doubled"
    direction: int = 1  # +1 rose / -1 fell, for growth and change
    at_base: bool = False  # a level of the compared period ("… compared with $31.6 billion a year earlier")
    scope: str | None = None  # the segment, region, instrument or class the clause names ("Unregulated Energy")
    scope_member: str | None = None  # its member QName, when the filer's labels name it
    scope_mentions: tuple[MemberMention, ...] = ()  # every member the clause names outside the metric's words


@dataclass
class ReadingState:
    text: str
    periods: list[PeriodMention]
    metrics: list[MetricSpan]
    numbers: list[Mention]
    subclaims: list[SubClaim] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)
    masked: str = ""  # the text with asides in parentheses blanked (same length)
    directions: list[tuple[SubClaim, int]] = field(default_factory=list)  # levels reached by rising / falling
    knows: Knows | None = None
    scopes: list[MemberMention] = field(default_factory=list)
    default_period: PeriodRequest | None = None  # the paragraph's period, for a figure with no period words
    # figures that are no level of any reporting period (a range's end, a change's "from" figure, a
    # cumulative span's, an amount of change): no fact is theirs to tie them to (tie_out.py)
    no_level: set[tuple[int, int]] = field(default_factory=set)

    def not_a_level(self, n: Mention, why: str) -> str:
        """`why`, with figure `n` recorded as no level of any period."""
        self.no_level.add((n.start, n.end))
        return why

    def known(self, k: frozenset[str]) -> bool:
        return bool(self.knows and self.knows(k))

    def figure_spans(self) -> list[tuple[int, int]]:
        """Where the sentence's numbers and period words are: words of no metric name."""
        return [(x.start, x.end) for x in self.numbers] + [(p.start, p.end) for p in self.periods]


# a relative clause of what will or may become of the noun before it: "$838 million of state net operating loss
# carryforwards which will begin to expire in 2026, $19 million of …", "credits which can be carried forward
# indefinitely": its modal and its period are the clause's own, never those of the figures outside it
_FUTURE_RELATIVE = re.compile(
    r"\b(?:which|that)\s+(?:(?:is|are)\s+(?:expected|anticipated)\s+to|will|would|can|could|may|might|shall)\b", re.I
)
_FUTURE_CLAUSE_END = re.compile(r",\s|;")


def future_clauses(text: str) -> list[tuple[int, int]]:
    """Where the sentence's relative clauses of the future are: from "which will" to the comma that closes it."""
    out = []
    for m in _FUTURE_RELATIVE.finditer(text):
        end = _FUTURE_CLAUSE_END.search(text, m.end())
        out.append((m.start(), end.start() if end else len(text)))
    return out


def outside_clause(clauses: list[tuple[int, int]], at: int, pos: int) -> bool:
    """Whether a word at `at` is in a clause of `clauses` that the figure at `pos` is not in."""
    return any(a <= at < b and not a <= pos < b for a, b in clauses)


def clause_bounds(text: str, pos: int) -> tuple[int, int]:
    """The clause around `pos`: between semicolons (and sentence ends)."""
    lo = max(text.rfind(";", 0, pos), -1) + 1
    hi = text.find(";", pos)
    return lo, (hi if hi >= 0 else len(text))


_MARKER = re.compile(r"\b(?:compared\s+(?:with|to)|from|versus|vs\.?|against)\b", re.I)
_COMPARED = re.compile(
    r"(?:compared\s+(?:with|to)|\bfrom|\bversus|\bvs\.?|\bagainst|\bsince|relative\s+to)\s*,?\s*(?:the\s+)?$", re.I
)


_LABEL_LINK = re.compile(r"\s*[–—:-]?\s*")


def _labels(text: str, p: PeriodMention, pos: int) -> bool:
    """Whether period `p` opens a parenthesis as the label of the figure at `pos`: "(2023 – $1,316)"."""
    return bool(re.search(r"\(\s*$", text[max(0, p.start - 3) : p.start])) and bool(_LABEL_LINK.fullmatch(text, p.end, pos))


def period_for(ctx: ReadingState, pos: int, end: int, base: bool) -> tuple[PeriodRequest, PeriodRequest | None, str | None, bool]:
    """(period of the figure, explicit base period, relative marker, whether the figure has its own
    period right after it) for a number at pos..end. A period after "compared with" / "from" /
    "versus" is the compared one, never the figure's own."""
    lo, hi = clause_bounds(ctx.text, pos)
    nxt = [n.start for n in ctx.numbers if n.start > end and n.start < hi]
    limit = min(nxt) if nxt else hi
    future = future_clauses(ctx.text)
    explicit = [p for p in ctx.periods if p.request is not None and not outside_clause(future, p.start, pos)]
    marked = [p for p in explicit if _COMPARED.search(ctx.text[max(0, p.start - 30) : p.start])]
    plain = [p for p in explicit if p not in marked]
    relative = next((p.relative for p in ctx.periods if p.request is None), None)
    # "$644 (2023 – $1,316)": a period written as the label of the next figure is that figure's own
    labelled = [p for p in plain if p.end <= pos and _labels(ctx.text, p, pos)]
    if labelled:
        return labelled[-1].request, None, relative, True  # type: ignore[return-value]
    own = [p for p in plain if end <= p.start < limit and not (nxt and _labels(ctx.text, p, limit))]
    if own:  # "… $31.6 billion in 2022"
        return own[0].request, None, relative, True  # type: ignore[return-value]
    before = [p for p in plain if p.start < pos]
    # a period later in the sentence is this figure's too, unless a comparison comes first: in
    # "20.6%, up from 17.8% in 2022" the year is the compared figure's, not 20.6%'s
    after = [p for p in plain if p.start >= end and not _MARKER.search(ctx.text[end : p.start])]
    if base and after and not before:  # "compared with $4.5 billion, or $9.95 a share, in 2022": 2022 is its own
        return after[0].request, None, relative, True  # type: ignore[return-value]
    sentence = before or after
    current = sentence[0].request if sentence else (ctx.default_period or PeriodRequest())
    if base:
        rel = next((p for p in ctx.periods if p.request is None and p.start >= end), None)
        return current, (marked[0].request if marked else None), (rel.relative if rel else "prior"), False  # type: ignore[return-value]
    if marked:
        return current, marked[0].request, relative, False  # type: ignore[return-value]
    others = [p.request for p in plain if p.request is not current]
    return current, (others[0] if len(plain) > 1 else None), relative, False  # type: ignore[return-value]


def add_subclaim(
    ctx: ReadingState,
    kind: str,
    n: Mention,
    metric: MetricSpan,
    other: MetricSpan | None = None,
    direction: int = 1,
    base: bool = False,
    period: PeriodRequest | None = None,
) -> bool:
    """`period`: the figure's own period when the sentence pairs them ("…, respectively").
    False (and the figure unread) when the period read names no year but the sentence does."""
    got = make_subclaim(ctx, kind, n, metric, other, direction, base, period)
    if isinstance(got, str):
        ctx.unread.append(f"{n.text!r}: {got}")
        return False
    ctx.subclaims.append(got)
    return True


def make_subclaim(
    ctx: ReadingState,
    kind: str,
    n: Mention,
    metric: MetricSpan,
    other: MetricSpan | None = None,
    direction: int = 1,
    base: bool = False,
    period: PeriodRequest | None = None,
) -> SubClaim | str:
    """The sub-claim of figure `n` read as `metric` (see add_subclaim), or why its period is not placed."""
    if period is not None:
        base_period, relative, own = None, None, True
    else:
        period, base_period, relative, own = period_for(ctx, n.start, n.end, base)
    period = _joined(ctx, period)
    if not base and (named := _unplaced_year(ctx, n, period)):
        return (
            f"the sentence names {named!r}, but the period read for it ({period.phrase or 'none'}) names no "
            "year; it would be the filing's current one"
        )
    at_base = base and not own  # "compared with $31.6 billion in 2022" is a level of 2022, said outright
    text = ctx.text[min(metric.start, n.start) : max(metric.end, n.end)] if not metric.implied else n.text
    keep_base = kind in ("growth", "change") or at_base
    metric, inside = _members_in_metric(ctx, metric)
    scope, member, scoped = _scope(ctx, n.start, metric, other)
    if inside:  # "Latin America revenues": the member is the figure's scope, the rest its metric
        scope, member, scoped = scope or inside[0].words, member or inside[0].qname, inside + scoped
    return SubClaim(
        kind,
        text,
        metric,
        n,
        period,
        base_period if keep_base else None,
        relative if at_base or kind in ("growth", "change") else None,
        other,
        None,
        None,
        direction,
        at_base,
        scope,
        member,
        scoped,
    )


def _joined(ctx: ReadingState, period: PeriodRequest) -> PeriodRequest:
    """ "During the year December 31, 2022" is read as two periods, "During the year" (no year: the
    filing's current one) and a date: the length of the first ends on the date of the second."""
    if period.fiscal_year is not None or period.end_date is not None or not period.months:
        return period
    for p, q in zip(ctx.periods, ctx.periods[1:]):
        if p.request is period and q.request is not None and q.request.end_date is not None and not q.request.months:
            if re.fullmatch(r"\s*(?:ended|ending|of)?\s*", ctx.text[p.end : q.start]):
                return replace(q.request, months=period.months, phrase=f"{p.text} {q.text}")
    return period


_YEAR_WORD = re.compile(r"\b(?:19|20)\d{2}\b")


def _unplaced_year(ctx: ReadingState, n: Mention, period: PeriodRequest) -> str | None:
    """A year the sentence names that no period read places, when the period read for the figure
    names none ("During the 2022 year, … $0.9 million": "During the year" alone would be the filing's
    current year)."""
    if period.fiscal_year is not None or period.end_date is not None or period.year_end or period.ytd:
        return None
    if period.months == 12 and period.quarter is None:  # "during the year", and the sentence dates something
        for p in ctx.periods:
            if p.request is not None and (p.request.fiscal_year is not None or p.request.end_date is not None):
                return p.text
    spans = ctx.figure_spans()
    for m in _YEAR_WORD.finditer(ctx.text):
        if not any(a <= m.start() < b for a, b in spans):
            return m[0]
    return None


def _members_in_metric(ctx: ReadingState, metric: MetricSpan) -> tuple[MetricSpan, tuple[MemberMention, ...]]:
    """The metric without the filer's member names its words leave unexplained, and those members."""
    if not metric.unexplained or metric.implied or metric.qname:
        return metric, ()
    got = strip_members(ctx.text, metric.start, metric.end, metric.unexplained, ctx.scopes)
    if got is None or not ctx.known(key(got[0])):
        return metric, ()
    return replace(metric, matched=got[0], unexplained=()), got[1]


def _scope(
    ctx: ReadingState, pos: int, metric: MetricSpan, other: MetricSpan | None
) -> tuple[str | None, str | None, tuple[MemberMention, ...]]:
    """The member (or the bare segment words) the clause of the figure at `pos` names outside its
    metric's own words: "The Unregulated Energy segment reported operating income of $0.2 million";
    and every member mention there (verifier/members.py binds the fact of those members)."""
    lo, hi = clause_bounds(ctx.text, pos)
    own = [(m.start, m.end) for m in (metric, other) if m is not None and not m.implied]

    def outside(s: int, e: int) -> bool:
        return lo <= s and e <= hi and not any(a <= s and e <= b for a, b in own)

    named = tuple(mm for mm in ctx.scopes if outside(mm.start, mm.end))
    if named:  # bound only when every member named is attached to this figure (scope.attached)
        n = next(x for x in ctx.numbers if x.start == pos)
        span = (n.start, n.end) if metric.implied else (metric.start, metric.end)
        tied = all(attached(ctx.text, mm, span, (n.start, n.end)) for mm in named)
        return named[0].words, named[0].qname, named if tied else ()
    for m in SCOPE_WORDS.finditer(ctx.text, lo, hi):
        if outside(m.start(), m.end()):
            return m[0], None, ()
    return None, None, ()
