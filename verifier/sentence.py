"""Read a claim sentence into checkable sub-claims, without deciding anything.

    "Netflix's revenue rose 6.7% to $33.7 billion in 2023"
    -> growth(revenue, 2023 vs 2022) = 6.7%,  level(revenue, 2023) = $33.7 billion

A sub-claim is one number (or one comparison word) tied to the metric it is about, the period it
is for and, for growth, change and comparisons, the period it is compared with. The words that
name the metric are kept whole, with any modifier or qualifier next to them ("streaming
revenues", "net loss attributable to common stockholders"), so grounding can insist that one
concept explains all of them (lexicon.py). What the reader cannot tie to a metric is reported
in `Reading.unread`, never guessed.

This module walks the figures of a sentence and decides which reading each takes; the reading's
parts are modules of their own: metric_names.py (where the sentence names line items),
sentence_state.py (what is read so far; a figure's period and member scope; a sub-claim),
figure_words.py (the words between a metric and its figure), figure_lists.py ("respectively"
lists), per_share.py (per-share figures), note_figures.py (figures of the notes no line item
states) and comparisons.py (comparisons without a number).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from decimal import Decimal

from auditgraph.verifier.comparisons import BY, DIFFERENCE, read_comparisons
from auditgraph.verifier.figure_lists import named_after_list, respective_periods, respective_run, respectively
from auditgraph.verifier.figure_words import (
    HEDGE_TAIL,
    SPELLED,
    growth_sign,
    inside_noun_phrase,
    narrowed,
    not_the_metric,
    signed_metric,
    stray_words,
)
from auditgraph.verifier.metric_names import GROWTH, Knows, MetricSpan, find_metrics
from auditgraph.verifier.note_figures import component_metric, note_specific
from auditgraph.verifier.numbers import Kind, Mention, find_numbers
from auditgraph.verifier.per_share import (
    PER_SHARE_WORDS,
    activities_phrase,
    per_share_after,
    per_share_metric,
    per_share_of,
    per_share_phrase,
)
from auditgraph.verifier.periods import DATE_PATTERN, find_periods
from auditgraph.verifier.plan import label_key as key
from auditgraph.verifier.scope import MemberMention
from auditgraph.verifier.sentence_state import ReadingState, SubClaim, add_subclaim, clause_bounds, future_clauses
from auditgraph.verifier.tie_out import OpenFigure, open_figure, stated_before
from auditgraph.verifier.types import PeriodRequest
from auditgraph.verifier.vocabulary import (
    CONTEXT_SCALES,
    SCALE_CONTEXT,
)

_GROWTH_NOUN = re.compile(
    r"^\s*(?:(?:y/y|yoy|year[- ]over[- ]year)\s+)?(?P<w>increase|rise|gain|growth|jump|improvement|"
    r"decline|decrease|drop|fall|reduction|contraction)\b(?:\s+(?:in|of)\b)?",
    re.I,
)
_RATIO_OF = re.compile(r"^\s*(?:of|as a (?:percentage|share|proportion) of|of total)\s+", re.I)
_FROM = re.compile(r"(?:\bfrom|\bcompared\s+(?:with|to)|\bversus|\bvs\.?|\bagainst|\bup\s+from|\bdown\s+from|\bover)\s*$", re.I)
_TO = re.compile(r"\bto\s*$", re.I)
_FORWARD = re.compile(
    r"\b(?:expects?|expected|expecting|forecasts?|forecasted|projects?|projected|projection|guidance|"
    r"guides?|guided|outlook|anticipates?|anticipated|targets?|targeting|plans? to|aims? to|"
    r"will|would|could|should|(?-i:may)(?!\s+\d)|might|estimates?|consensus|predicts?|predicted|next year|"
    r"going forward|is on track|on pace)\b",
    re.I,
)
_MARKET = re.compile(
    r"\b(?:market share|share price|stock price|shares? (?:closed|traded|rose|fell)|closed at|"
    r"market cap(?:italization)?|price target|valuation|trading at|analysts?|p/e|"
    r"price[- ]to[- ]earnings|dividend yield|enterprise value|short interest|employees|headcount|"
    r"subscribers|members(?:hips)?|customers|users|stores|locations)\b",
    re.I,
)
_SCALE_CONTEXT = SCALE_CONTEXT  # "(in thousands)", "in millions of USD": the same words as in questions


@dataclass(frozen=True)
class Reading:
    sentence: str
    subclaims: tuple[SubClaim, ...]
    unread: tuple[str, ...] = ()  # numbers the reader could not tie to a metric
    entities: tuple[str, ...] = ()  # company names and tickers the sentence mentions
    forward_looking: str | None = None  # the word that makes it a forecast
    market: str | None = None  # the words that make it market or operating data
    scale: Decimal = Decimal(1)
    open_figures: tuple[OpenFigure, ...] = ()  # figures a tie-out may agree to a tagged fact (tie_out.py)
    forward_at: int | None = None  # where the forecast word is
    # the only forecast words are modal verbs ("the Agent will be entitled to a commission of 3.0%",
    # "the note may be converted at $0.40"): in notes these state the terms of an agreement
    terms: bool = False
    scopes: tuple[MemberMention, ...] = ()  # the filer's members the sentence names (its segments, subsidiaries, …)
    # where each forecast word reaches: the end of its relative clause ("carryforwards which will begin to expire
    # in 2026, …"), else the end of the sentence
    forecast_reach: tuple[tuple[int, int], ...] = ()

    def stated(self, of: OpenFigure) -> bool:
        """Whether a figure of a sentence with forecast words is stated, not forecast: no forecast reaches it,
        and the next one is in a clause of its own (tie_out.stated_before)."""
        n = of.subclaim.number
        if n is None or any(a <= n.start < b for a, b in self.forecast_reach):
            return False
        after = next((a for a, _ in self.forecast_reach if a >= n.end), None)
        return after is None or stated_before(of, self.sentence, after)


@dataclass(frozen=True)
class Context:
    """What the text around a sentence says that the sentence leaves out.

    `paragraph`: the sentences before it in its paragraph; a figure with no period words takes
    the period they last named ("Revenue for 2023 was $33.7 billion. Net income was $5.4 billion.").
    `scale_words`: the document's heading or table note ("(in millions)"), for bare figures."""

    paragraph: str = ""
    scale_words: str = ""

    def period(self) -> PeriodRequest | None:
        if not self.paragraph:
            return None
        last = split_sentences(self.paragraph)
        for s in reversed(last):
            named = [p.request for p in find_periods(s) if p.request is not None]
            if named:
                return named[0]
        return None


_PARAGRAPH = re.compile(r"\n\s*\n")


def split_paragraphs(text: str) -> list[str]:
    """Paragraphs of a text, at blank lines."""
    return [p for p in _PARAGRAPH.split(text) if p.strip()]


def split_sentences(text: str) -> list[str]:
    """Sentences of a text, split at . ! ? and line breaks (not at "$33.7", "Inc." or "U.S.")."""
    out = []
    for para in re.split(r"\n\s*\n|\r?\n(?=\s*[-*•\u2022]|\s*\d+\.\s)", text):
        para = re.sub(r"\s+", " ", para).strip()
        if not para:
            continue
        parts = re.split(r"(?<=[.!?])[\"”’)]?\s+(?=[A-Z$(\"“‘])", para)
        buf: list[str] = []
        for p in parts:
            buf.append(p)
            # only the part's last few characters: searching the growing buffer is quadratic
            if _ABBREVIATION.search(p, max(0, len(p) - 12)):
                continue
            out.append(" ".join(buf).strip())
            buf = []
        if buf:
            out.append(" ".join(buf).strip())
    return out


_ABBREVIATION = re.compile(r"\b(?:Inc|Corp|Co|Ltd|No|vs|U\.S|approx|e\.g|i\.e|Mr|Ms|Dr|St)\.$")


# "HOUSTON, May 2, 2024 --", "LOS GATOS, Calif., Oct. 17, 2024 /PRNewswire/ --", "NEW YORK--(BUSINESS WIRE)--May 2, 2024--":
# where and when a release was issued, not the period of its figures and no forecast
_DATELINE = re.compile(
    rf"^\s*[A-Z][A-Z.'’ -]{{1,40}}(?:,\s*[A-Z][A-Za-z.]{{1,15}})*"
    rf"(?:,?\s+|\s*[-–—]{{1,2}}\s*\((?:[A-Z][A-Za-z ]+)\)\s*[-–—]{{1,2}}\s*){DATE_PATTERN}"
    rf"\s*(?:/[^/]{{1,40}}/)?\s*(?:[-–—]{{1,2}}|:)\s*"
)


def read(
    sentence: str,
    knows: Knows,
    entity_words: frozenset[str] = frozenset(),
    entity_finder: Callable[[str], list[str]] | None = None,
    member_finder: Callable[[str], list[MemberMention]] | None = None,
    context: Context | None = None,
) -> Reading:
    """The sub-claims of one sentence (see module docstring)."""
    context = context or Context()
    text = sentence.strip()
    if dl := _DATELINE.match(text):
        text = " " * dl.end() + text[dl.end() :]  # blanked, same length: positions stay those of the sentence
    periods = find_periods(text)
    numbers = [n for n in find_numbers(text) if not any(p.start <= n.start < p.end for p in periods)]
    numbers = [_spelled_in_parentheses(text, _label_dash_dropped(text, n)) for n in numbers]
    blocked = [(p.start, p.end) for p in periods] + [(n.start, n.end) for n in numbers]
    masked = _asides_masked(text)
    metrics = find_metrics(masked, knows, blocked, entity_words)
    scale = Decimal(1)
    if m := _SCALE_CONTEXT.search(text):
        scale = CONTEXT_SCALES[(m[1] or m[2]).lower()]
        numbers = [n for n in numbers if not (m.start() <= n.start < m.end())]
    elif context.scale_words and (m := _SCALE_CONTEXT.search(context.scale_words)):
        scale = CONTEXT_SCALES[(m[1] or m[2]).lower()]  # "(in millions)" once for the whole note
    ctx = ReadingState(text, periods, metrics, numbers, masked=masked, knows=knows, default_period=context.period())
    ctx.scopes = member_finder(text) if member_finder else []
    # a line item's words inside a member's name ("United States" in "United States and Canada") name no metric
    ctx.metrics = [m for m in metrics if not any(mm.start <= m.start and m.end <= mm.end for mm in ctx.scopes)]
    left: list[tuple[Mention, str]] = []
    for n in numbers:
        had = len(ctx.unread)
        _read_number(ctx, n)
        if len(ctx.unread) > had:
            left.append((n, ctx.unread[-1]))
    read_comparisons(ctx)
    # figures left unread, and levels read as a metric's (a tie-out may agree them to the fact if their check abstains)
    # (per-share words decide EPS themselves: "earnings per share" that is the basic figure is refused, not tied)
    held = [
        (sc.number, "")
        for sc in ctx.subclaims
        if sc.kind == "level" and sc.number and sc.number.kind is not Kind.PER_SHARE and not per_share_metric(sc.metric)
    ]
    tried = [(n, why) for n, why in left if why in ctx.unread] + held
    open_ = tuple(f for n, why in tried if (f := open_figure(ctx, n, why)) is not None)
    forecasts = list(_forecasts(text))
    future = future_clauses(text)
    fwd = forecasts[0] if forecasts else None
    market = _MARKET.search(text)
    entities = tuple(entity_finder(text)) if entity_finder else ()
    return Reading(
        sentence.strip(),
        tuple(ctx.subclaims),
        tuple(ctx.unread),
        entities,
        fwd[0] if fwd else None,
        market[0] if market else None,
        scale,
        open_,
        fwd.start() if fwd else None,
        bool(forecasts) and all(m[0].lower() in _MODALS for m in forecasts),
        tuple(ctx.scopes),
        tuple(_reach(m.start(), future, len(text)) for m in forecasts),
    )


def _reach(at: int, clauses: list[tuple[int, int]], end: int) -> tuple[int, int]:
    """How far a forecast word at `at` reaches: to the end of the relative clause it is in, else of the sentence."""
    return at, next((b for a, b in clauses if a <= at < b), end)


# Not forecasts: the effect an amount that exists would have "if recognized" ("of which $9.5 billion,
# if recognized, would impact the effective tax rate"), and "project" the noun ("a cancelled
# development project", "IT project write-off costs"); "we project", "projects revenue" stay forecasts
_IF_DONE = re.compile(r"\bif\s+(?:\w+\s+){0,2}\w+ed\s*,\s*$", re.I)
_PROJECT_VERB = re.compile(r"(?:\b(?:we|it|they|management|company|companies|analysts?)\s+(?:also\s+)?$)", re.I)


_MODALS = frozenset({"will", "would", "could", "should", "may", "might"})
# "expected" and "anticipated" in accounting terms are no forecast: "an expected life of 7 years", "expected
# volatility of 99.36%", "the expected future tax benefits", "an anticipated repayment date of May 2022",
# "lower than expected asset returns" ("the expected cost of $50 million" stays one); nor are "performance
# targets" a company's own (an award's vesting conditions)
_EXPECTED_ADJECTIVE = re.compile(
    r"\s+(?:(?:weighted[- ]average\s+)?(?:life|lives|term|volatility|dividends?|returns?|rates?|forfeitures?|"
    r"future|credit\s+loss(?:es)?|repayment\s+date|useful))\b",
    re.I,
)
_THAN = re.compile(r"\bthan\s*$", re.I)  # "lower than expected": a comparison with what was expected
_PERFORMANCE = re.compile(r"\b(?:performance|vesting|market|service)(?:[- ]based)?\s*$", re.I)
_BE_BEFORE = re.compile(
    r"\b(?:is|are|was|were|be|been|being|not|as|if|we|they|it|who|had|has|have|management|company|companies)\s*$", re.I
)  # a verb after all: "is expected", "we expected revenue of"


def _forecasts(text: str) -> Iterator[re.Match[str]]:
    for m in _FORWARD.finditer(text):
        w = m[0].lower()
        if w in ("would", "could", "might") and _IF_DONE.search(text, max(0, m.start() - 60), m.start()):
            continue
        if w in ("project", "projects") and not _PROJECT_VERB.search(text, max(0, m.start() - 30), m.start()):
            continue
        if w in ("target", "targets") and _PERFORMANCE.search(text, max(0, m.start() - 30), m.start()):
            continue
        if (
            w in ("expected", "anticipated")
            and (_EXPECTED_ADJECTIVE.match(text, m.end()) or _THAN.search(text, max(0, m.start() - 8), m.start()))
            and not _BE_BEFORE.search(text, max(0, m.start() - 16), m.start())
        ):
            continue
        yield m


_YEAR_LABEL = re.compile(r"\(\s*(?:fiscal\s+|fy\s*)?(?:19|20)\d{2}\s*$", re.I)


def _label_dash_dropped(text: str, n: Mention) -> Mention:
    """ "(2023 – $1,316)": the dash after a year label is punctuation, not a minus sign."""
    if n.value < 0 and n.text[:1] in "–—-" and n.text[1:2].isspace() and _YEAR_LABEL.search(text, 0, n.start):
        skip = len(n.text) - len(n.text[1:].lstrip())
        return replace(n, text=n.text[skip:], start=n.start + skip, value=-n.value)
    return n


def _spelled_in_parentheses(text: str, n: Mention) -> Mention:
    """ "one hundred million (100,000,000) shares": parentheses round the figure of an amount written
    out in words repeat it; they are no minus sign."""
    if n.value < 0 and n.text.startswith("(") and SPELLED.search(text, max(0, n.start - 160), n.start + 1):
        return replace(n, value=-n.value)
    return n


_ASIDE = re.compile(r"\(([^()\d]{1,80})\)")
_UNWRAP = re.compile(r"^\s*(?:basic|diluted|gaap|total)\s*$", re.I)


def _asides_masked(text: str) -> str:
    """Parenthetical asides without numbers blanked out, same length, for finding metric names:
    "net cash provided by (used in) financing activities", "FCF (CFO less capex) $99.6bn";
    "EPS (diluted)" keeps its qualifier."""

    def blank(m: re.Match[str]) -> str:
        if _UNWRAP.match(m[1]):
            return " " + m[1] + " "
        return " " * len(m[0])

    return _ASIDE.sub(blank, text)


# after "a 16% increase": what it is compared with, or nothing more in the clause
_COMPARED_AFTER = re.compile(
    r"\s*(?:$|[,;.]|(?:over|from|compared\s+(?:with|to)|versus|vs\.?|on|against|year[- ]over[- ]year|y/y|yoy)\b)", re.I
)


def _read_number(ctx: ReadingState, n: Mention) -> None:
    text = ctx.text
    lo, hi = clause_bounds(text, n.start)
    before = [m for m in ctx.metrics if lo <= m.start and m.end <= n.start]
    after = [m for m in ctx.metrics if n.end <= m.start and m.end <= hi]
    tail = text[n.end : hi]
    if why := note_specific(ctx, n, lo, hi):
        if (part := component_metric(ctx, n, lo)) is not None:
            add_subclaim(ctx, "level", n, part)  # "Depreciation expense included in cost of goods sold is $5.3 million"
        else:
            ctx.unread.append(f"{n.text!r}: {why}")
        return
    if n.kind is Kind.SHARES and (m := _AUTHORIZED.search(text, lo, n.start)) and (k := _CLASS_AFTER.match(tail)):
        # "authorized to issue 500,000,000 shares of common stock": that class's shares authorized
        words = f"{k['c'].lower()} stock shares authorized"
        if ctx.known(key(words)):
            # messages name the metric by its words ("common stock shares authorized"), never by the figure's
            add_subclaim(ctx, "level", n, MetricSpan(n.start, n.end + k.end(), words, words))
        else:
            ctx.unread.append(f"{n.text!r}: {words!r} names no line item of the filing")
        return
    if n.kind is Kind.SHARES and (m := _SHARES_AFTER.match(tail)):
        # "3,194 million shares outstanding", "with 298,742,643 shares issued and outstanding": the metric after it
        words = f"shares {m['w'].lower()}"
        if ctx.known(key(words)):
            add_subclaim(ctx, "level", n, MetricSpan(n.start, n.end + m.end(), words, words))
        else:
            ctx.unread.append(f"{n.text!r}: the words after it ({words!r}) name no line item of the filing")
        return
    if before and n.kind in (Kind.PERCENT, Kind.POINTS) and not per_share_metric(before[-1]):
        # "net earnings per share grew 0.2%": the growth of earnings per share, never of the dollar net earnings
        if (ps_end := per_share_after(text, before[-1].end)) is not None:
            got = per_share_of(ctx, n, before, lo, text[before[-1].end : ps_end])
            if isinstance(got, str):
                ctx.unread.append(f"{n.text!r}: {got}")
                return
            named = before[-1]
            before = [
                *before[:-1],
                MetricSpan(
                    named.start, ps_end, text[named.start : ps_end], got.matched, implied=got.implied, negated=got.negated
                ),
            ]
    # "a 6.7% increase in revenue", "$33.7 billion in revenue"
    if n.kind is Kind.PERCENT and (g := _GROWTH_NOUN.match(tail)) and after and after[0].start - n.end <= g.end() + 3:
        metric = after[0]
        direction = -1 if re.match(r"decl|decr|drop|fall|reduc|contr", g["w"], re.I) else 1
        add_subclaim(ctx, "growth", n, metric, direction=direction)
        return
    if (
        n.kind is Kind.PERCENT
        and (g := _GROWTH_NOUN.match(tail))
        and before
        and _COMPARED_AFTER.match(tail, g.end())
        and not stray_words(ctx, before[-1].end, n.start)
    ):
        # "revenue totaled $28.75 billion, a 16% increase over the corresponding period of 2023": the metric's growth
        direction = -1 if re.match(r"decl|decr|drop|fall|reduc|contr", g["w"], re.I) else 1
        add_subclaim(ctx, "growth", n, before[-1], direction=direction)
        return
    # units are a constraint: words that say "per share" take a per-share figure, never an amount
    # per-share words of an earlier figure ("$12.03 per diluted share, compared with $4.49 billion") are its own
    prior = [x.end for x in ctx.numbers if lo <= x.end <= n.start]
    lead = text[max([before[-1].end if before else lo, *prior]) : n.start]
    # "net loss per share widened to $(0.62) from $(0.50)": the metric's own name says per share for each of its figures
    names_per_share = bool(before) and per_share_after(text, before[-1].end) is not None
    said_per_share = bool(before and per_share_metric(before[-1])) or bool(PER_SHARE_WORDS.search(lead)) or names_per_share
    if said_per_share and n.kind in (Kind.MONEY, Kind.NUMBER) and n.scale_word:
        ctx.unread.append(f"{n.text!r}: an amount, but the words say per share; a per-share figure is dollars per share")
        return
    if n.kind is Kind.PER_SHARE or (said_per_share and n.kind in (Kind.MONEY, Kind.NUMBER)):
        if not (before and per_share_metric(before[-1])):
            got = per_share_of(ctx, n, before, lo, lead)
            if isinstance(got, str):
                ctx.unread.append(f"{n.text!r}: {got}")
            else:
                add_subclaim(ctx, "level", n, got)
            return
    if not before and (spm := per_share_phrase(text, lo, n.start)):
        add_subclaim(ctx, "level", n, spm)  # "Loss per share of $(3.67)": the words name EPS although no entry matched
        return
    if not before and (cfm := activities_phrase(ctx, lo, n.start)):
        add_subclaim(ctx, "level", n, cfm)  # "Financing activities provided $1.2 billion"
        return
    if not before and (after_list := named_after_list(ctx, n, lo, hi)) is not None:
        if isinstance(after_list, str):
            ctx.unread.append(f"{n.text!r}: {after_list}")
        else:
            add_subclaim(ctx, "level", n, after_list[0], period=after_list[1])
        return
    if not before:
        spent = _SPENT.search(text, lo, n.start) and re.match(
            r"^\s*(?:on|for)\s+(?:the\s+)?$", text[n.end : after[0].start] if after else "x"
        )
        if after and (spent or re.match(r"^\s*(?:in|of)\s+(?:total\s+)?$", text[n.end : after[0].start], re.I)):
            if why := narrowed(ctx, after[0], n, lo, hi):
                ctx.unread.append(f"{n.text!r}: {why}")
                return
            if not re.fullmatch(r"cash|stock|shares?|common\s+stock", after[0].matched, re.I):  # "paid $1.2 million in cash"
                add_subclaim(
                    ctx, "level", n, signed_metric(after[0], text[max(lo, n.start - 40) : n.start])
                )  # "$33.7 billion in revenue"
                return
        ctx.unread.append(f"{n.text!r}: no metric named before it")
        return
    if (
        len(before) >= 2
        and re.search(r"\bratio\s+of\s+(?:the\s+)?$", text[lo : before[-2].start], re.I)
        and re.fullmatch(r"\s+(?:to|over)\s+(?:the\s+)?", text[before[-2].end : before[-1].start])
        and n.kind in (Kind.NUMBER, Kind.MULTIPLE, Kind.PERCENT)
    ):
        add_subclaim(ctx, "ratio", n, before[-2], other=before[-1])  # "the ratio of total liabilities to equity was 1.37"
        return
    if re.search(r"\brespectively\b", text[lo:hi], re.I):
        nums = [x for x in ctx.numbers if lo <= x.start < hi]
        names = [m for m in ctx.metrics if lo <= m.start and m.end <= nums[0].start]
        listed = all(re.fullmatch(r"\s*(?:,\s*)?(?:and\s+|&\s+)?", text[a.end : b.start]) for a, b in zip(names, names[1:]))
        if len(names) == len(nums) >= 2 and listed:  # "revenue and net income were $33.7 billion and $5.4 billion, respectively"
            add_subclaim(ctx, "level", n, names[nums.index(n)])
            return
        if stray := stray_words(ctx, names[-1].end if names else lo, nums[0].start):
            ctx.unread.append(
                f"{n.text!r}: the words {stray!r} stand between it and {names[-1].matched if names else 'the clause start'!r}"
            )
            return
        pers = respective_periods(ctx, nums[-1].end, hi)
        if _CHANGE_WORDS.search(text, lo, nums[0].start):  # "the net change in … was an increase of $0.5 million and …"
            ctx.unread.append(
                f"{n.text!r}: {ctx.not_a_level(n, 'an amount of change per period, not a level the filing states')}"
            )
            return
        if len(names) == 1 and (why := inside_noun_phrase(ctx, names[0], lo)):
            ctx.unread.append(f"{n.text!r}: {why}")
            return
        if len(names) == 1 and len(pers) == len(nums) >= 2:
            # "effective tax rates of 11.0%, 19.4% and 19.2% in 2023, 2022 and 2021, respectively": in order
            add_subclaim(ctx, "level", n, names[0], period=pers[nums.index(n)])
            return
        if isinstance(run := respective_run(ctx, n, lo, hi), tuple):
            add_subclaim(ctx, "level", n, run[0], period=run[1])
            return
        ctx.unread.append(
            f"{n.text!r}: 'respectively' pairs {len(names)} names and {len(pers)} periods with {len(nums)} numbers"
            + (f" ({run})" if run else "")
        )
        return
    if (m := _CHANGE_IN.search(text[lo : before[-1].start])) and re.fullmatch(
        r"\s*(?:of|was|were|totaled|totalled|came to)\s*", text[before[-1].end : n.start]
    ):
        # "the increase in net income of $916 million": an amount of change, not a level
        add_subclaim(ctx, "change", n, before[-1], direction=-1 if re.match(r"decr|decl|drop|fall|reduc", m[1], re.I) else 1)
        return
    owner = [x for x in ctx.numbers if lo <= x.end <= before[-1].start]
    if owner and re.fullmatch(r"\s*(?:in|of)\s+(?:total\s+)?", text[owner[-1].end : before[-1].start], re.I):
        ctx.unread.append(f"{n.text!r}: {before[-1].matched!r} names the figure before it ({owner[-1].text!r}), not this one")
        return
    if (f := re.search(r"(?<![\w-])from\s*$", text[before[-1].end : n.start], re.I)) and re.match(r"\s*to\s+[-$(]?\d", tail):
        if not re.search(r"\b(?:up|down)\s+from\s*$", text[before[-1].end : n.start], re.I):
            # "the tax rate was reduced from 35% to 21%": the earlier value of a change, of no stated period
            why = f"the earlier value of a change ('{f[0].strip()} … to …') of no stated period"
            ctx.unread.append(f"{n.text!r}: {ctx.not_a_level(n, why)}")
            return
    metric = respectively(ctx, signed_metric(before[-1], text[before[-1].end : n.start]), n, hi)
    bridge = HEDGE_TAIL.sub("", text[before[-1].end : n.start])
    if stray := stray_words(ctx, before[-1].end, n.start):
        ctx.unread.append(f"{n.text!r}: the words {stray!r} stand between it and {before[-1].matched!r}")
        return
    if why := not_the_metric(ctx, before[-1], n, lo, hi, bridge):
        ctx.unread.append(f"{n.text!r}: {why}")
        return
    if n.kind is Kind.PERCENT and (r := _RATIO_OF.match(tail)) and after and after[0].start - n.end <= r.end() + 1:
        add_subclaim(ctx, "ratio", n, metric, other=after[0])
        return
    if len(before) >= 2 and BY.search(bridge) and (d := DIFFERENCE.search(text[before[-2].end : metric.start])):
        add_subclaim(ctx, "difference", n, before[-2], other=metric, direction=-1 if d["less"] else 1)
        return
    ratio_like = "." in n.text and (_RATIO_WORDS.search(metric.matched) or re.search(r"\bto\b", metric.matched))
    if n.kind is Kind.NUMBER and not (
        n.scale_word or len(re.sub(r"\D", "", n.text)) >= 4 or ratio_like or _SCALE_CONTEXT.search(ctx.text)
    ):
        ctx.unread.append(f"{n.text!r}: {ctx.not_a_level(n, 'a bare number that is no amount')}")
        return
    growth = list(GROWTH.finditer(bridge))
    signed = (
        n.text[0] in "+-−–"
        and not _RATIO_WORDS.search(metric.matched)
        or re.match(r"\s*(?:y/y|yoy|y-o-y|year[- ]over[- ]year)\b", tail, re.I)
    )
    if _FROM.search(bridge):  # "… to 20.6% from 17.8%", "up from $31.6 billion": the compared period's level
        add_subclaim(ctx, "level", n, metric, base=True)
        return
    if n.kind in (Kind.PERCENT, Kind.POINTS) and (growth or signed) and not _TO.search(bridge):
        if not growth:
            add_subclaim(ctx, "growth" if n.kind is Kind.PERCENT else "change", n, metric, direction=1)
            return
        g = growth[-1]
        add_subclaim(ctx, "growth" if n.kind is Kind.PERCENT else "change", n, metric, direction=growth_sign(g, metric))
        return
    if (
        _FROM.search(bridge)
        or re.search(r"\b(?:compared\s+(?:with|to)|versus|vs\.?|against)\b", bridge, re.I)
        and not _TO.search(bridge)
    ):
        add_subclaim(ctx, "level", n, metric, base=True)
        return
    if growth and not _TO.search(bridge) and n.kind in (Kind.MONEY, Kind.NUMBER, Kind.PER_SHARE, Kind.SHARES):
        g = growth[-1]
        add_subclaim(ctx, "change", n, metric, direction=growth_sign(g, metric))
        return
    if not add_subclaim(ctx, "level", n, metric):
        return
    if growth and _TO.search(bridge) and not re.fullmatch(r"changed?", growth[-1][0], re.I):
        # "net income fell to $5.4 billion" also says it fell: a direction, checked unless a rate or an amount says more
        ctx.directions.append((ctx.subclaims[-1], growth_sign(growth[-1], metric)))


_RATIO_WORDS = re.compile(r"\b(?:margin|rate|ratio|return|yield|percentage|turnover|coverage|multiple)\b", re.I)
_CHANGE_IN = re.compile(
    r"\b(increase|decrease|decline|rise|growth|drop|fall|reduction|improvement)\s+in\s+(?:the\s+|our\s+|its\s+)?$", re.I
)


_SPENT = re.compile(r"\b(?:spent|invested|paid|incurred)\s*(?:approximately|about|nearly|roughly)?\s*$", re.I)
_CHANGE_WORDS = re.compile(r"\b(?:change|increase|decrease|decline|growth|reduction)s?\s+(?:in|of)\b", re.I)
_AUTHORIZED = re.compile(r"\bauthori[sz]ed\s+(?:to\s+issue\s+)?(?:(?:up\s+to|a\s+total\s+of)\s+)?$", re.I)
_CLASS_AFTER = re.compile(r"^\s*of\s+(?:its\s+|our\s+|the\s+company['’]s\s+)?(?P<c>common|preferred)\s+stock\b", re.I)
_SHARES_AFTER = re.compile(
    r"^\s*(?:of\s+(?:our\s+|its\s+|the\s+company['’]s\s+)?(?:class\s+[a-z]\s+)?common\s+stock\s+)?(?P<w>outstanding|issued\s+and\s+outstanding)\b",
    re.I,
)


_PRONOUN_LEAD = re.compile(
    r"^(?:it|this|that|they|the\s+figure|the\s+amount|the\s+total)\s+(?:was|were|is|came\s+to|totaled|amounted\s+to)\b\s*", re.I
)


def completed_answer(question: str, answer: str, knows: Knows, entity_words: frozenset[str] = frozenset()) -> str:
    """The answer sentence with what the question says and the answer leaves out: the metric when
    the answer names none before its first figure, the period when it names none at all.

    ("What was Netflix's revenue in 2023?", "It was $33.7 billion, up 6.7%.")
    -> "revenue was $33.7 billion, up 6.7% in 2023"
    """
    text = answer.strip().rstrip(".")
    q = question.strip().rstrip("?")
    q_periods = find_periods(q)
    q_numbers = [(n.start, n.end) for n in find_numbers(q)]
    q_metrics = find_metrics(_asides_masked(q), knows, [(p.start, p.end) for p in q_periods] + q_numbers, entity_words)
    a_periods = find_periods(text)
    a_numbers = [n for n in find_numbers(text) if not any(p.start <= n.start < p.end for p in a_periods)]
    if q_metrics and a_numbers:
        blocked = [(p.start, p.end) for p in a_periods] + [(n.start, n.end) for n in a_numbers]
        first = a_numbers[0].start
        named = find_metrics(_asides_masked(text), knows, blocked, entity_words)  # before or after its figure
        if not named and not per_share_phrase(text, 0, first):
            text = f"{q_metrics[0].text} was {_PRONOUN_LEAD.sub('', text)}"
    if not a_periods and (own := [p for p in q_periods if p.request is not None]):
        text = f"{text} {own[0].text.strip()}"
    return text
