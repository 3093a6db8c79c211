"""Read a claim sentence into checkable sub-claims, without deciding anything.

    "Netflix's revenue rose 6.7% to $33.7 billion in 2023"
    -> growth(revenue, 2023 vs 2022) = 6.7%,  level(revenue, 2023) = $33.7 billion

A sub-claim is one number (or one comparison word) tied to the metric it is about, the period it
is for and, for growth, change and comparisons, the period it is compared with. The words that
name the metric are kept whole, with any modifier or qualifier next to them ("streaming
revenues", "net loss attributable to common stockholders"), so grounding can insist that one
concept explains all of them (lexicon.py). What the reader cannot tie to a metric is reported
in `Reading.unread`, never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Protocol

from auditgraph.verifier.numbers import SCALES, Kind, Mention, find_numbers
from auditgraph.verifier.periods import DATE_PATTERN, PeriodMention, find_periods
from auditgraph.verifier.plan import label_key as key
from auditgraph.verifier.scope import SCOPE_WORDS, MemberMention, attached, strip_members
from auditgraph.verifier.types import PeriodRequest
from auditgraph.verifier.vocabulary import (
    BOUNDARY_VERBS,
    BRIDGE_WORDS,
    CONTEXT_SCALES,
    CUE_WORDS,
    CURRENCY_WORDS,
    EDGE_STOP_WORDS,
    HEDGE_PATTERN,
    MONTHS,
    NEUTRAL_WORDS,
    OWNER_WORDS,
    QNAME_IN_BRACKETS,
    SCALE_CONTEXT,
)

MAX_METRIC_WORDS = 12

_WORD = re.compile(r"\[[^\]]*\]|[A-Za-z][A-Za-z&'’.-]*[A-Za-z&]|[A-Za-z]|[$]?\d[\d,.]*%?|[;:()+]|,")
_RISE = r"widened|deepened|changed|change|rose|rise|rises|rising|increased|increase|increases|increasing|grew|grow|grows|growing|growth|climbed|climb|jumped|jump|gained|gain|gains|up|higher|surged|surge|advanced|expanded|improved|improvement|\+"
_FALL = r"narrowed|shrank|fell|fall|falls|falling|declined|decline|declines|declining|decreased|decrease|decreases|decreasing|dropped|drop|drops|slipped|slid|down|lower|shrank|contracted|contraction|plunged|tumbled|worsened|deteriorated|-"
_GROWTH = re.compile(rf"(?<![\w-])(?P<rise>{_RISE})(?![\w-])|(?<![\w-])(?P<fall>{_FALL})(?![\w-])", re.I)
_GROWTH_NOUN = re.compile(
    r"^\s*(?:(?:y/y|yoy|year[- ]over[- ]year)\s+)?(?P<w>increase|rise|gain|growth|jump|improvement|"
    r"decline|decrease|drop|fall|reduction|contraction)\b(?:\s+(?:in|of)\b)?",
    re.I,
)
_DIFFERENCE = re.compile(
    r"\b(?:exceeded|surpassed|topped|outpaced|was\s+(?:higher|greater|more|larger)\s+than|"
    r"(?P<less>was\s+(?:lower|less|smaller)\s+than|trailed|lagged))\b",
    re.I,
)
_DOUBLE = re.compile(
    r"\b(?P<hedge>more than |nearly |almost |roughly |about |over |at least )?(?P<w>doubled|tripled|quadrupled|halved|double|triple|quadruple|twice)\b(?!\s+(?:digits?|-digit))",
    re.I,
)
_FASTER = re.compile(r"\b(?:grew|rose|increased|expanded)\s+(?P<w>faster|more quickly|more slowly|slower|less)\s+than\b", re.I)
_NARROW = re.compile(r"\b(?P<w>narrowed|shrank|widened|deepened)\b", re.I)
_RATIO_OF = re.compile(r"^\s*(?:of|as a (?:percentage|share|proportion) of|of total)\s+", re.I)
_FROM = re.compile(r"(?:\bfrom|\bcompared\s+(?:with|to)|\bversus|\bvs\.?|\bagainst|\bup\s+from|\bdown\s+from|\bover)\s*$", re.I)
_TO = re.compile(r"\bto\s*$", re.I)
_BY = re.compile(r"\bby\s*$", re.I)
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
_PER_SHARE_METRIC = {"diluted": "diluted earnings per share", "basic": "basic earnings per share", "": "earnings per share"}


@dataclass(frozen=True)
class MetricSpan:
    start: int
    end: int
    text: str  # as written, with any modifier or qualifier around the matched words
    matched: str  # the words an entry of the lexicon has
    unexplained: tuple[str, ...] = ()  # words next to the metric that no entry explains
    negated: bool = False  # "net loss", "cash used in": the written figure is minus the concept's value
    qname: str | None = None  # [us-gaap:X] written right after it
    implied: bool = False  # "per diluted share" with no metric words: earnings per share


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


@dataclass(frozen=True)
class Reading:
    sentence: str
    subclaims: tuple[SubClaim, ...]
    unread: tuple[str, ...] = ()  # numbers the reader could not tie to a metric
    entities: tuple[str, ...] = ()  # company names and tickers the sentence mentions
    forward_looking: str | None = None  # the word that makes it a forecast
    market: str | None = None  # the words that make it market or operating data
    scale: Decimal = Decimal(1)


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


class Knows(Protocol):
    """Whether the lexicon has an entry with exactly these content words (Lexicon.knows)."""

    def __call__(self, k: frozenset[str], conjoined: bool = False) -> bool: ...


@dataclass
class _Tok:
    text: str
    start: int
    end: int
    norm: str = ""


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


# ------------------------------------------------------------------ metric spans
def _tokens(text: str) -> list[_Tok]:
    out = []
    for m in _WORD.finditer(text):
        w = m[0]
        out.append(_Tok(w, m.start(), m.end(), w.lower().replace("’", "'")))
    return out


def find_metrics(
    text: str, knows: Knows, blocked: Sequence[tuple[int, int]] = (), entity_words: frozenset[str] = frozenset()
) -> list[MetricSpan]:
    """Longest runs of words whose content words are an entry of the lexicon, left to right,
    with the unexplained modifiers and qualifiers around each."""
    # a number or period in the way ends a name: mark it with a stop token
    toks: list[_Tok] = []
    for t in _tokens(text):
        if any(s <= t.start < e for s, e in blocked):
            if not toks or toks[-1].text != ";":
                toks.append(_Tok(";", t.start, t.end, ";"))
            continue
        toks.append(t)
    out: list[MetricSpan] = []
    i = 0
    while i < len(toks):
        best = None
        if _is_word(toks[i]) and toks[i].norm not in entity_words:
            for j in range(min(len(toks), i + MAX_METRIC_WORDS), i, -1):
                span = toks[i:j]
                if (
                    not _is_word(span[-1])
                    or not _content(span[-1])
                    or not _content(span[0])
                    or any(t.text in (";", ":", "(", ")", "+") or _is_number(t) for t in span)
                ):
                    continue
                if any(_contiguous_gap(text, a, b) for a, b in zip(span, span[1:])):
                    continue
                words = text[span[0].start : span[-1].end]
                k = key(words)
                joined = bool(re.search(r"\band\b|&", words, re.I))
                if k and (knows(k, True) if joined else knows(k)):
                    best = (j, words)
                    break
        if best is None:
            i += 1
            continue
        j, words = best
        out.append(_extend(text, toks, i, j, words, knows, entity_words, blocked))
        i = j
    return out


def _content(t: _Tok) -> bool:
    """A word that can start or end a metric name ("total" and "net" can start one)."""
    return t.norm not in EDGE_STOP_WORDS and (bool(key(t.text)) or t.norm in ("total", "net"))


def _is_abbrev(text: str, t: _Tok) -> bool:
    """ "dil." in "dil. EPS": a short word with a full stop, not the end of a sentence."""
    return len(t.text) <= 4 and text[t.end : t.end + 1] == "."


def _is_word(t: _Tok) -> bool:
    return t.text[0].isalpha()


def _is_number(t: _Tok) -> bool:
    return t.text[0].isdigit() or t.text[0] == "$"


def _contiguous_gap(text: str, a: _Tok, b: _Tok) -> bool:
    """Words of one name are separated by spaces, commas or an apostrophe ("stockholders' equity"),
    never by other punctuation."""
    gap = text[a.end : b.start]
    return bool(re.search(r"[^\s,'’&]", gap.replace(".", "", 1) if gap.startswith(".") and _is_abbrev(text, a) else gap))


_QUALIFIER = re.compile(
    r"^\s*(?:,\s*)?(?P<q>(?:attributable|available)\s+to\s+(?:the\s+)?[\w' ’-]+?(?=\s+(?:was|were|of|is|rose|fell|grew|increased|decreased|declined|totaled|reached|for|in|at|to|by|from|came|stood|amounted|and)\b|[,;.]|$)"
    r"|(?:attributable|available)\s+to\s+(?:the\s+)?[\w' ’-]+?(?=\s*[-+−$(\d])"
    r"|net\s+of\s+(?:income\s+)?tax(?:es)?|before\s+(?:income\s+)?tax(?:es)?|from\s+(?:continuing|discontinued)\s+operations"
    r"|(?:excluding|including|ex-|ex)\s+[\w' ’-]+?(?=\s+(?:was|were|of|is|rose|fell|grew|increased|decreased|declined|totaled|reached|for|in|at|to|by|from)\b|[,;.]|$))",
    re.I,
)
_NEGATING = re.compile(r"\bloss(?:es)?\b|\bused\s+in\b|\bdeficit\b|\boutflows?\b", re.I)
_NOT_NEGATING = re.compile(
    r"\bincome\s*\(\s*loss\s*\)|\bearnings\s*\(\s*loss\s*\)|\bprofit\s*\(\s*loss\s*\)|\bgain\b|\bprovided\s+by\s*\(\s*used\s+in\s*\)|\bloss(?:es)?\s+per\b",
    re.I,
)


# After an amount's name these words say it is the balance, no other line item; after a count of
# shares, options or units "outstanding" names its own line (issued, outstanding, exercisable ...)
_BALANCE_WORDS = frozenset(("outstanding", "balance", "balances"))
_COUNTED = re.compile(r"\b(?:shares?|stock|options?|warrants?|units?|awards?|rsus?|psus?)\b", re.I)


def _extend(
    text: str,
    toks: list[_Tok],
    i: int,
    j: int,
    words: str,
    knows: Knows,
    entity_words: frozenset[str],
    blocked: Sequence[tuple[int, int]] = (),
) -> MetricSpan:
    start, end = toks[i].start, toks[j - 1].end
    unexplained: list[str] = []
    # modifiers to the left: adjectives and nouns up to a determiner, a verb, a period word or punctuation
    k = i - 1
    while k >= 0 and _is_word(toks[k]) and not _contiguous_gap(text, toks[k], toks[k + 1]):
        norm = toks[k].norm
        if norm in BOUNDARY_VERBS or norm in entity_words or norm.endswith(("'s", "s'")) or _is_period_word(norm):
            break
        if norm not in NEUTRAL_WORDS:
            unexplained.insert(0, toks[k].text)
            start = toks[k].start
        elif norm in ("the", "a", "an", "its", "their", "our", "of", "in", "for", "at", "on", "this", "that"):
            break
        k -= 1
    qname = None
    rest = text[end:]
    if m := re.match(r"\s*\((?:loss|losses|deficit|benefit|expense|income|gain)\)", rest, re.I):
        end += m.end()
        rest = text[end:]
    parent = None
    if m := _QUALIFIER.match(rest):
        q = m["q"].strip()
        owner = re.match(r"(?:attributable|available)\s+to\s+(?:the\s+)?(.+)$", q, re.I)
        if owner and _is_parent(owner[1], entity_words):
            parent = f"{text[start:end]} attributable to parent"  # "attributable to Kellanova" is to the parent
        unexplained.append(q)
        end += m.end()
        rest = text[end:]
    # nouns right after the name that no entry includes ("asset impairment charges", "revenue backlog")
    while w := re.match(r"\s*([A-Za-z][A-Za-z&'’-]*)", rest):
        word = w[1].lower()
        if (
            word in BOUNDARY_VERBS
            or word in NEUTRAL_WORDS
            or _GROWTH.fullmatch(word)
            or _is_period_word(word)
            or word in CUE_WORDS
            or not key(word)
            or word in entity_words
            or word in CURRENCY_WORDS
            or any(s <= end + w.start(1) < e for s, e in blocked)
        ):
            break
        if word in _BALANCE_WORDS and not _COUNTED.search(words):
            end += w.end()  # "commercial paper outstanding", "the loan payable balance": the balance itself
            rest = text[end:]
            continue
        unexplained.append(w[1])
        end += w.end()
        rest = text[end:]
    if m := QNAME_IN_BRACKETS.match(rest.lstrip()):
        qname = f"{m[1]}:{m[2]}"
        end += len(rest) - len(rest.lstrip()) + m.end()
    full = text[start:end]
    negated = bool(_NEGATING.search(words) and not _NOT_NEGATING.search(full))
    if parent and not [u for u in unexplained if not u.lower().startswith(("attributable", "available"))]:
        for name in (parent, parent.replace(" to parent", " to the company")):
            if knows(key(name)):
                return MetricSpan(start, end, full, name, (), negated, qname)
    if unexplained and knows(key(full)):
        unexplained = []  # "net income attributable to common stockholders" is itself an entry
    return MetricSpan(start, end, full, words if not unexplained else full, tuple(unexplained), negated, qname)


def _is_parent(owner: str, entity_words: frozenset[str]) -> bool:
    """ "the company", "shareholders", "Kellanova", "Netflix, Inc." are the parent; "common
    stockholders" and "noncontrolling interests" are not."""
    words = [
        w
        for w in re.findall(r"[a-z&'.]+", owner.lower())
        if w not in ("the", "of", "inc", "inc.", "corp", "corp.", "co", "co.", "and")
    ]
    if not words or any(
        w in ("common", "noncontrolling", "non-controlling", "minority", "preferred", "participating") for w in words
    ):
        return False
    return all(
        w.rstrip("'s").rstrip("’s") in OWNER_WORDS or w in OWNER_WORDS or w in entity_words or w.rstrip("'s") in entity_words
        for w in words
    )


def _is_period_word(w: str) -> bool:
    return bool(re.fullmatch(r"(?:fy|q[1-4]|[1-4]q|h[12]|\d+|'\d+|20\d\d|fy\d+|q[1-4]'?\d+)", w)) or w in MONTHS


# ------------------------------------------------------------------ reading
@dataclass
class _Ctx:
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

    def known(self, k: frozenset[str]) -> bool:
        return bool(self.knows and self.knows(k))


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
    ctx = _Ctx(text, periods, metrics, numbers, masked=masked, knows=knows, default_period=context.period())
    ctx.scopes = member_finder(text) if member_finder else []
    # a line item's words inside a member's name ("United States" in "United States and Canada") name no metric
    ctx.metrics = [m for m in metrics if not any(mm.start <= m.start and m.end <= mm.end for mm in ctx.scopes)]
    for n in numbers:
        _read_number(ctx, n)
    _comparisons(ctx)
    fwd = _forecast(text)
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
    )


# Not forecasts: the effect an amount that exists would have "if recognized" ("of which $9.5 billion,
# if recognized, would impact the effective tax rate"), and "project" the noun ("a cancelled
# development project", "IT project write-off costs"); "we project", "projects revenue" stay forecasts
_IF_DONE = re.compile(r"\bif\s+(?:\w+\s+){0,2}\w+ed\s*,\s*$", re.I)
_PROJECT_VERB = re.compile(r"(?:\b(?:we|it|they|management|company|companies|analysts?)\s+(?:also\s+)?$)", re.I)


def _forecast(text: str) -> re.Match[str] | None:
    for m in _FORWARD.finditer(text):
        w = m[0].lower()
        if w in ("would", "could", "might") and _IF_DONE.search(text, max(0, m.start() - 60), m.start()):
            continue
        if w in ("project", "projects") and not _PROJECT_VERB.search(text, max(0, m.start() - 30), m.start()):
            continue
        return m
    return None


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
    if n.value < 0 and n.text.startswith("(") and _SPELLED.search(text, max(0, n.start - 160), n.start + 1):
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


def _clause_bounds(text: str, pos: int) -> tuple[int, int]:
    """The clause around `pos`: between semicolons (and sentence ends)."""
    lo = max(text.rfind(";", 0, pos), -1) + 1
    hi = text.find(";", pos)
    return lo, (hi if hi >= 0 else len(text))


def _read_number(ctx: _Ctx, n: Mention) -> None:
    text = ctx.text
    lo, hi = _clause_bounds(text, n.start)
    before = [m for m in ctx.metrics if lo <= m.start and m.end <= n.start]
    after = [m for m in ctx.metrics if n.end <= m.start and m.end <= hi]
    tail = text[n.end : hi]
    if why := _note_specific(ctx, n, lo, hi):
        ctx.unread.append(f"{n.text!r}: {why}")
        return
    if n.kind is Kind.SHARES and (m := _AUTHORIZED.search(text, lo, n.start)) and (k := _CLASS_AFTER.match(tail)):
        # "authorized to issue 500,000,000 shares of common stock": that class's shares authorized
        words = f"{k['c'].lower()} stock shares authorized"
        if ctx.known(key(words)):
            _add(ctx, "level", n, MetricSpan(n.start, n.end + k.end(), text[n.start : n.end + k.end()], words))
        else:
            ctx.unread.append(f"{n.text!r}: {words!r} names no line item of the filing")
        return
    if n.kind is Kind.SHARES and (m := _SHARES_AFTER.match(tail)):
        # "3,194 million shares outstanding", "with 298,742,643 shares issued and outstanding": the metric after it
        words = f"shares {m['w'].lower()}"
        if ctx.known(key(words)):
            _add(ctx, "level", n, MetricSpan(n.start, n.end + m.end(), text[n.start : n.end + m.end()], words))
        else:
            ctx.unread.append(f"{n.text!r}: the words after it ({words!r}) name no line item of the filing")
        return
    # "a 6.7% increase in revenue", "$33.7 billion in revenue"
    if n.kind is Kind.PERCENT and (g := _GROWTH_NOUN.match(tail)) and after and after[0].start - n.end <= g.end() + 3:
        metric = after[0]
        direction = -1 if re.match(r"decl|decr|drop|fall|reduc|contr", g["w"], re.I) else 1
        _add(ctx, "growth", n, metric, direction=direction)
        return
    # units are a constraint: words that say "per share" take a per-share figure, never an amount
    lead = text[before[-1].end if before else lo : n.start]
    said_per_share = bool(before and _per_share_metric(before[-1])) or bool(_PER_SHARE_WORDS.search(lead))
    if said_per_share and n.kind in (Kind.MONEY, Kind.NUMBER) and n.scale_word:
        ctx.unread.append(f"{n.text!r}: an amount, but the words say per share; a per-share figure is dollars per share")
        return
    if n.kind is Kind.PER_SHARE or (said_per_share and n.kind in (Kind.MONEY, Kind.NUMBER)):
        if not (before and _per_share_metric(before[-1])):
            got = _per_share_of(ctx, n, before, lo, lead)
            if isinstance(got, str):
                ctx.unread.append(f"{n.text!r}: {got}")
            else:
                _add(ctx, "level", n, got)
            return
    if not before and (spm := _per_share_phrase(text, lo, n.start)):
        _add(ctx, "level", n, spm)  # "Loss per share of $(3.67)": the words name EPS although no entry matched
        return
    if not before and (cfm := _activities_phrase(ctx, lo, n.start)):
        _add(ctx, "level", n, cfm)  # "Financing activities provided $1.2 billion"
        return
    if not before and (after_list := _named_after_list(ctx, n, lo, hi)) is not None:
        if isinstance(after_list, str):
            ctx.unread.append(f"{n.text!r}: {after_list}")
        else:
            _add(ctx, "level", n, after_list[0], period=after_list[1])
        return
    if not before:
        spent = _SPENT.search(text, lo, n.start) and re.match(
            r"^\s*(?:on|for)\s+(?:the\s+)?$", text[n.end : after[0].start] if after else "x"
        )
        if after and (spent or re.match(r"^\s*(?:in|of)\s+(?:total\s+)?$", text[n.end : after[0].start], re.I)):
            if why := _narrowed(ctx, after[0], n, lo, hi):
                ctx.unread.append(f"{n.text!r}: {why}")
                return
            if not re.fullmatch(r"cash|stock|shares?|common\s+stock", after[0].matched, re.I):  # "paid $1.2 million in cash"
                _add(ctx, "level", n, _signed(after[0], text[max(lo, n.start - 40) : n.start]))  # "$33.7 billion in revenue"
                return
        ctx.unread.append(f"{n.text!r}: no metric named before it")
        return
    if (
        len(before) >= 2
        and re.search(r"\bratio\s+of\s+(?:the\s+)?$", text[lo : before[-2].start], re.I)
        and re.fullmatch(r"\s+(?:to|over)\s+(?:the\s+)?", text[before[-2].end : before[-1].start])
        and n.kind in (Kind.NUMBER, Kind.MULTIPLE, Kind.PERCENT)
    ):
        _add(ctx, "ratio", n, before[-2], other=before[-1])  # "the ratio of total liabilities to equity was 1.37"
        return
    if re.search(r"\brespectively\b", text[lo:hi], re.I):
        nums = [x for x in ctx.numbers if lo <= x.start < hi]
        names = [m for m in ctx.metrics if lo <= m.start and m.end <= nums[0].start]
        listed = all(re.fullmatch(r"\s*(?:,\s*)?(?:and\s+|&\s+)?", text[a.end : b.start]) for a, b in zip(names, names[1:]))
        if len(names) == len(nums) >= 2 and listed:  # "revenue and net income were $33.7 billion and $5.4 billion, respectively"
            _add(ctx, "level", n, names[nums.index(n)])
            return
        if stray := _stray_words(ctx, names[-1].end if names else lo, nums[0].start):
            ctx.unread.append(
                f"{n.text!r}: the words {stray!r} stand between it and {names[-1].matched if names else 'the clause start'!r}"
            )
            return
        pers = _respective_periods(ctx, nums[-1].end, hi)
        if _CHANGE_WORDS.search(text, lo, nums[0].start):  # "the net change in … was an increase of $0.5 million and …"
            ctx.unread.append(f"{n.text!r}: an amount of change per period, not a level the filing states")
            return
        if len(names) == 1 and (why := _inside_noun_phrase(ctx, names[0], lo)):
            ctx.unread.append(f"{n.text!r}: {why}")
            return
        if len(names) == 1 and len(pers) == len(nums) >= 2:
            # "effective tax rates of 11.0%, 19.4% and 19.2% in 2023, 2022 and 2021, respectively": in order
            _add(ctx, "level", n, names[0], period=pers[nums.index(n)])
            return
        if isinstance(run := _respective_run(ctx, n, lo, hi), tuple):
            _add(ctx, "level", n, run[0], period=run[1])
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
        _add(ctx, "change", n, before[-1], direction=-1 if re.match(r"decr|decl|drop|fall|reduc", m[1], re.I) else 1)
        return
    owner = [x for x in ctx.numbers if lo <= x.end <= before[-1].start]
    if owner and re.fullmatch(r"\s*(?:in|of)\s+(?:total\s+)?", text[owner[-1].end : before[-1].start], re.I):
        ctx.unread.append(f"{n.text!r}: {before[-1].matched!r} names the figure before it ({owner[-1].text!r}), not this one")
        return
    if (f := re.search(r"(?<![\w-])from\s*$", text[before[-1].end : n.start], re.I)) and re.match(r"\s*to\s+[-$(]?\d", tail):
        if not re.search(r"\b(?:up|down)\s+from\s*$", text[before[-1].end : n.start], re.I):
            # "the tax rate was reduced from 35% to 21%": the earlier value of a change, of no stated period
            ctx.unread.append(f"{n.text!r}: the earlier value of a change ('{f[0].strip()} … to …') of no stated period")
            return
    metric = _respectively(ctx, _signed(before[-1], text[before[-1].end : n.start]), n, hi)
    bridge = _HEDGE_TAIL.sub("", text[before[-1].end : n.start])
    if stray := _stray_words(ctx, before[-1].end, n.start):
        ctx.unread.append(f"{n.text!r}: the words {stray!r} stand between it and {before[-1].matched!r}")
        return
    if why := _not_the_metric(ctx, before[-1], n, lo, hi, bridge):
        ctx.unread.append(f"{n.text!r}: {why}")
        return
    if n.kind is Kind.PERCENT and (r := _RATIO_OF.match(tail)) and after and after[0].start - n.end <= r.end() + 1:
        _add(ctx, "ratio", n, metric, other=after[0])
        return
    if len(before) >= 2 and _BY.search(bridge) and (d := _DIFFERENCE.search(text[before[-2].end : metric.start])):
        _add(ctx, "difference", n, before[-2], other=metric, direction=-1 if d["less"] else 1)
        return
    ratio_like = "." in n.text and (_RATIO_WORDS.search(metric.matched) or re.search(r"\bto\b", metric.matched))
    if n.kind is Kind.NUMBER and not (
        n.scale_word or len(re.sub(r"\D", "", n.text)) >= 4 or ratio_like or _SCALE_CONTEXT.search(ctx.text)
    ):
        ctx.unread.append(f"{n.text!r}: a bare number that is no amount")
        return
    growth = list(_GROWTH.finditer(bridge))
    signed = (
        n.text[0] in "+-−–"
        and not _RATIO_WORDS.search(metric.matched)
        or re.match(r"\s*(?:y/y|yoy|y-o-y|year[- ]over[- ]year)\b", tail, re.I)
    )
    if _FROM.search(bridge):  # "… to 20.6% from 17.8%", "up from $31.6 billion": the compared period's level
        _add(ctx, "level", n, metric, base=True)
        return
    if n.kind in (Kind.PERCENT, Kind.POINTS) and (growth or signed) and not _TO.search(bridge):
        if not growth:
            _add(ctx, "growth" if n.kind is Kind.PERCENT else "change", n, metric, direction=1)
            return
        g = growth[-1]
        _add(ctx, "growth" if n.kind is Kind.PERCENT else "change", n, metric, direction=_sign(g, metric))
        return
    if (
        _FROM.search(bridge)
        or re.search(r"\b(?:compared\s+(?:with|to)|versus|vs\.?|against)\b", bridge, re.I)
        and not _TO.search(bridge)
    ):
        _add(ctx, "level", n, metric, base=True)
        return
    if growth and not _TO.search(bridge) and n.kind in (Kind.MONEY, Kind.NUMBER, Kind.PER_SHARE, Kind.SHARES):
        g = growth[-1]
        _add(ctx, "change", n, metric, direction=_sign(g, metric))
        return
    if not _add(ctx, "level", n, metric):
        return
    if growth and _TO.search(bridge) and not re.fullmatch(r"changed?", growth[-1][0], re.I):
        # "net income fell to $5.4 billion" also says it fell: a direction, checked unless a rate or an amount says more
        ctx.directions.append((ctx.subclaims[-1], _sign(growth[-1], metric)))


_RATIO_WORDS = re.compile(r"\b(?:margin|rate|ratio|return|yield|percentage|turnover|coverage|multiple)\b", re.I)
_CHANGE_IN = re.compile(
    r"\b(increase|decrease|decline|rise|growth|drop|fall|reduction|improvement)\s+in\s+(?:the\s+|our\s+|its\s+)?$", re.I
)
_PAIRED = re.compile(r"\b(basic|diluted)\s+and\s+$", re.I)


def _respectively(ctx: _Ctx, metric: MetricSpan, n: Mention, hi: int) -> MetricSpan:
    """ "basic and diluted EPS of $0.79 and $0.86": the first number is basic EPS, the second
    diluted; "basic and diluted net loss per share of $(0.12)" is both (one sub-claim each)."""
    pair = _PAIRED.search(ctx.text[max(0, metric.start - 24) : metric.start])
    second = metric.matched.split()[0].lower() if metric.matched else ""
    if not pair or second not in ("basic", "diluted") or second == pair[1].lower():
        return metric
    words = pair[1] + metric.matched[len(second) :]
    first = MetricSpan(metric.start - len(pair[0]), metric.end, words, words, metric.unexplained, metric.negated, None)
    nums = [x for x in ctx.numbers if metric.end <= x.start < hi]
    if len(nums) >= 2:
        return first if n is nums[0] else metric
    _add(ctx, "level", n, first)
    return metric


_HEDGE_TAIL = re.compile(r"\s*\b(?:" + HEDGE_PATTERN + r")\s*$", re.I)


_NUMBER_WORDS = (
    r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|"
    r"billion|and|dollars?|U\.?S\.?)"
)
# an amount written out in words right before the same amount in figures: "one million five hundred
# thousand dollars ($1,500,000)"; the words are the figure, not a metric's words
_SPELLED = re.compile(rf"\b{_NUMBER_WORDS}(?:[\s-]+{_NUMBER_WORDS})*\s*\(?\s*$", re.I)


def _stray_words(ctx: _Ctx, start: int, end: int) -> list[str]:
    """Content words between a metric and its number that belong to no known part of a claim
    ("SG&A 2.78bn, rev 13.1bn": 'rev' is an unknown name, so 13.1bn is not SG&A)."""
    spans = [(p.start, p.end) for p in ctx.periods] + [(n.start, n.end) for n in ctx.numbers]
    # "goodwill of the Industrial Specialty Group segment was": a member named there is the figure's scope
    spans += [(mm.start, mm.end) for mm in ctx.scopes] + [(m.start(), m.end()) for m in SCOPE_WORDS.finditer(ctx.text)]
    if spelled := _SPELLED.search(ctx.masked, start, end):
        spans.append(spelled.span())  # "Hundred Million (100,000,000) shares": the figure written out
    stray = []
    for m in re.finditer(r"[A-Za-z][A-Za-z&'’./-]*", ctx.masked[start:end]):
        pos = start + m.start()
        if any(s <= pos < e for s, e in spans):
            continue
        w = m[0].lower().rstrip(".")
        if not key(w) or (
            w in BRIDGE_WORDS
            or w in BOUNDARY_VERBS
            or w in NEUTRAL_WORDS
            or w in CUE_WORDS
            or _GROWTH.fullmatch(w)
            or _HEDGE_TAIL.search(w)
            or w in CURRENCY_WORDS
            or _is_period_word(w)
            or re.fullmatch(r"(?:" + _RISE + "|" + _FALL + r")", w)
        ):
            continue
        stray.append(m[0])
    return stray


def _sign(g: re.Match[str], metric: MetricSpan) -> int:
    """+1 when the figure as worded went up: "improved" and "worsened" turn round for a loss."""
    d = -1 if g["fall"] else 1
    if metric.negated and re.match(r"improv|worsen|deteriorat", g[0], re.I):
        d = -d
    return d


_SIGN_VERB = re.compile(
    r"\b(?:used|lost|burned|burnt|negative)\b(?:\s+(?:approximately|about|nearly|roughly|a|an))?\s*$"
    r"|\b(?:used|lost|burned|burnt)\s+(?:(?:net\s+)?cash\s+)?(?:of\s+)?$",
    re.I,
)


def _signed(metric: MetricSpan, lead: str) -> MetricSpan:
    """ "Operating activities used $225.8 million", "used $225.8 million of cash in operating
    activities", "free cash flow was negative $3 million": the figure is minus the concept's value."""
    if metric.negated or not _SIGN_VERB.search(lead):
        return metric
    return replace(metric, negated=True)


_NOUN_OF = re.compile(
    r"\b(?P<w>[A-Za-z][\w'’-]*)\s+(?:of|for|to|on|from|toward|towards|under|with)\s+(?:the\s+|its\s+|our\s+|their\s+|a\s+|an\s+)?$",
    re.I,
)
_CONJOINED = re.compile(r"\b(?P<w>[A-Za-z][\w'’-]*)\s+(?:and|or|&)\s+$", re.I)
_LIST_LINK = re.compile(r"^\s*,?\s*(?:and|or|,)\s*(?:approximately|about)?\s*$", re.I)
_RANGE_LINK = re.compile(r"^\s*(?:to|–|-|—)\s*$")


def _not_the_metric(ctx: _Ctx, metric: MetricSpan, n: Mention, lo: int, hi: int, bridge: str) -> str | None:
    """Why the figure after a metric's words is not that metric's value, in the prose of notes:

    - the metric is the object of a preposition after another noun ("advances to suppliers for the
      acquisition of fixed assets of $4.9 million": the amount is the advances');
    - it is one noun of a pair ("a ROU asset and liability of $187,863");
    - the figure is one end of a range ("equities – 15% to 35%");
    - it is one of several figures of the same kind for the one metric, with nothing pairing them
      with periods or members ("11.9% and 9.2% for the years ended …")."""
    text = ctx.text
    if why := _inside_noun_phrase(ctx, metric, lo):
        return why
    same = [x for x in ctx.numbers if lo <= x.start < hi and x.kind is n.kind and x is not n]
    paired = _PAIRED.search(text[max(0, metric.start - 24) : metric.start])  # "basic and diluted EPS of $6.15 and $6.11"
    for x in same:
        first = x if x.end <= n.start else n
        link = text[x.end : n.start] if x.end <= n.start else text[n.end : x.start]
        opener = _RANGE_OPEN.search(text[max(lo, first.start - 30) : first.start]) or first.text[:1] in "–—-"
        if _RANGE_LINK.match(link) and opener:
            return "one end of a range, not a reported figure"
        if _LIST_LINK.match(link) and not paired and not re.search(r"\brespectively\b", text[lo:hi], re.I):
            return f"one of several {n.kind.value} figures for {metric.matched!r} with nothing pairing each with its period or member"
    return None


def _inside_noun_phrase(ctx: _Ctx, metric: MetricSpan, lo: int) -> str | None:
    """The metric words are the object of another noun ("the amortization expense for the
    intangible assets": the figure is the expense's) or one of a pair."""
    text = ctx.text
    if metric.implied or metric.unexplained:
        return None
    head = text[max(lo, metric.start - 60) : metric.start]
    if (m := _NOUN_OF.search(head)) and not _is_verbish(m["w"]):
        return (
            f"{metric.matched!r} is named inside a longer noun phrase ({m['w']} … {metric.matched}); no line item names the whole"
        )
    if (m := _CONJOINED.search(head)) and _plain_word(ctx, max(lo, metric.start - 60) + m.start("w"), m["w"]):
        return f"{metric.matched!r} is one of a pair ({m['w']} and {metric.matched}); the figure may be the pair's"
    return None


# Words right after a metric that narrow it to a part no line item states by itself: "assets under
# construction", "cash and cash equivalents which are restricted", "revenues related to the grant"
_NARROWING = re.compile(
    r"\s*,?\s*(?:(?:which|that)\s+(?:is|are|was|were|had\s+been|have\s+been)\b|under\b|related\s+to\b|relating\s+to\b|"
    r"associated\s+with\b|attributable\s+to\b|in\s+connection\s+with\b|held\s+(?:in|by|for|at)\b|"
    r"from\s+(?!the\s+(?:prior|previous)\b)|pledged\b|restricted\b|for\s+(?!the\s+(?:(?:fiscal\s+)?years?|quarters?|periods?|three|six|nine|twelve)\b))",
    re.I,
)


def _narrowed(ctx: _Ctx, metric: MetricSpan, n: Mention, lo: int, hi: int) -> str | None:
    """Why a figure named before its metric ("$11.5 million of assets under construction") is not
    the metric's whole value: a qualifier narrows it, a longer noun phrase holds it, or it is one
    of several figures with nothing pairing each with its period ("recognized $0.4 million and
    $0.1 million in revenues" in a sentence of two years)."""
    text = ctx.text
    if m := _NARROWING.match(text, metric.end, hi):
        return f"{metric.matched!r} is narrowed by {m[0].strip()!r}: a part no line item states by itself"
    same = [x for x in ctx.numbers if lo <= x.start < hi and x.kind is n.kind and x is not n]
    if same and not re.search(r"\brespectively\b", text[lo:hi], re.I):
        for x in same:
            link = text[x.end : n.start] if x.end <= n.start else text[n.end : x.start]
            if _LIST_LINK.match(link):
                return f"one of several {n.kind.value} figures for {metric.matched!r} with nothing pairing each with its period or member"
    return None


_RANGE_OPEN = re.compile(r"(?:[–—:-]|\brang(?:es?|ing)\s+(?:of|from)|\bbetween)\s*$", re.I)


def _plain_word(ctx: _Ctx, pos: int, w: str) -> bool:
    """A noun of the prose, not a verb, a number's scale word, a period or "basic"/"diluted"."""
    spans = [(x.start, x.end) for x in ctx.numbers] + [(p.start, p.end) for p in ctx.periods]
    spans += [(x.start, x.end) for x in ctx.metrics]
    return not (
        _is_verbish(w)
        or w.lower() in ("basic", "diluted", "both", "between", "each")
        or w.lower() in SCALES
        or any(a <= pos < b for a, b in spans)
    )


_SPENT = re.compile(r"\b(?:spent|invested|paid|incurred)\s*(?:approximately|about|nearly|roughly)?\s*$", re.I)
_FLAT = re.compile(
    r"\b(?:was|were|is|are|remained|stayed|held|came\s+in)\s+(?:essentially\s+|roughly\s+|about\s+|relatively\s+|largely\s+)?"
    r"(?P<w>flat|unchanged|stable)\b",
    re.I,
)
_CHANGE_WORDS = re.compile(r"\b(?:change|increase|decrease|decline|growth|reduction)s?\s+(?:in|of)\b", re.I)
# "the three and six months ended", "the three months and six months ended", "the three- and nine-month
# periods ended": two lengths ending on one date
_TWO_LENGTHS = re.compile(
    r"\b(three|six|nine|twelve)(?:[- ]months?|-)?\s+and\s+(three|six|nine|twelve)[- ]months?(?:\s+periods?)?\s+ended\s+", re.I
)
_MONTHS_WORD = {"three": 3, "six": 6, "nine": 9, "twelve": 12}


def _two_lengths(ctx: _Ctx, group: list[PeriodMention], floor: int) -> list[PeriodRequest] | None:
    """ "the three and six months ended June 30, 2023", "the three- and nine-month periods ended …":
    two periods of those lengths ending on the one date named; [] when the words name lengths and
    several dates ("… September 30, 2024 and 2023": lengths by years, in no one order); None when
    they name no two lengths."""
    if not group or not (m := _TWO_LENGTHS.search(ctx.text, max(floor, group[0].start - 40), group[-1].end)):
        return None
    dated = [p.request for p in group if p.request is not None and p.request.end_date is not None]
    if len(dated) != 1:
        return []
    return [replace(dated[0], months=_MONTHS_WORD[m[1].lower()]), replace(dated[0], months=_MONTHS_WORD[m[2].lower()])]


def _respective_periods(ctx: _Ctx, start: int, hi: int, floor: int | None = None) -> list[PeriodRequest]:
    """The periods a "respectively" list pairs figures with, in order: "in 2023, 2022 and 2021";
    "for the three and six months ended June 30, 2023" is two periods ending on one date.
    `floor`: where the list's own words start (the end of the list before it in the clause)."""
    pers = [p for p in ctx.periods if p.request is not None and start <= p.start < hi]
    lo = max(_clause_bounds(ctx.text, start)[0], floor or 0)
    before = [p for p in ctx.periods if p.request is not None and lo <= p.start < start]
    if (two := _two_lengths(ctx, pers, start) if pers else _two_lengths(ctx, before, lo)) is not None:
        return two
    if not pers and len(before) >= 2:
        # "As of September 24, 2022 and September 25, 2021, … $12.7 billion and $17.9 billion, respectively"
        return [p.request for p in before if p.request is not None]
    out = [p.request for p in pers if p.request is not None]
    if len(out) > 1 and any(r.fiscal_year is None and r.end_date is None and not r.year_end for r in out):
        return []  # a length without its date ("nine-month … ended …") is part of another period, not one of the list
    return out


def _runs(ctx: _Ctx, lo: int, hi: int) -> list[list[Mention]]:
    """The clause's figures as lists: figures of one kind joined by ',' or 'and' ("$2.8 billion,
    $2.6 billion and $2.8 billion") form one list; a lone figure is a list of one."""
    runs: list[list[Mention]] = []
    for x in (x for x in ctx.numbers if lo <= x.start < hi):
        prev = runs[-1][-1] if runs else None
        if prev is not None and prev.kind is x.kind and _LIST_LINK.match(ctx.text[prev.end : x.start]):
            runs[-1].append(x)
        else:
            runs.append([x])
    return runs


def _run_periods(ctx: _Ctx, runs: list[list[Mention]], k: int, lo: int, hi: int) -> list[PeriodRequest]:
    """The periods the k-th list of a "respectively" clause pairs its figures with: those between it
    and the next list, else those between the list before it and it ("As of September 30, 2023 and
    September 24, 2022, … $6.0 billion and $10.0 billion"), else, when every list of the clause has
    as many figures, the periods after the last list ("total current assets of $14.0 million and
    $3.2 million and working capital of $13.2 million and $1.4 million as of June 30, 2023 and
    December 31, 2022, respectively")."""
    run = runs[k]
    floor = runs[k - 1][-1].end if k else lo
    nxt = runs[k + 1][0].start if k + 1 < len(runs) else hi
    own = _respective_periods(ctx, run[-1].end, nxt, floor)
    if len(own) == len(run):
        return own
    if k + 1 < len(runs) and all(len(r) == len(run) for r in runs):
        shared = _respective_periods(ctx, runs[-1][-1].end, hi, runs[-1][0].start)
        if len(shared) == len(run):
            return shared
    return own


def _respective_run(ctx: _Ctx, n: Mention, lo: int, hi: int) -> tuple[MetricSpan, PeriodRequest] | str | None:
    """A "respectively" clause of several lists, each with its metric before it and its periods:
    "Total stock-based compensation expense was $66 million and $211 million for the three and nine
    months ended September 30, 2024, respectively, and $80 million and $257 million for the three
    and nine months ended September 30, 2023, respectively". A list with no metric of its own takes
    the one before it when only period words stand between. None or the reason when it is not such
    a clause."""
    runs = _runs(ctx, lo, hi)
    k = next(i for i, r in enumerate(runs) if n in r)
    metric = None
    for i in range(k, -1, -1):
        floor = runs[i - 1][-1].end if i else lo
        names = [m for m in ctx.metrics if floor <= m.start and m.end <= runs[i][0].start]
        if len(names) > 1:
            return None  # "Dividends received … on the common stock were": which name the list is of is not said
        if names:
            metric = names[0]
            if stray := _stray_words(ctx, metric.end, runs[k][0].start):
                return f"the words {stray!r} stand between it and {metric.matched!r}"
            break
    if metric is None:
        return None
    if why := _inside_noun_phrase(ctx, metric, lo):
        return why
    pers = _run_periods(ctx, runs, k, lo, hi)
    if len(pers) != len(runs[k]):
        return f"its list of {len(runs[k])} has {len(pers)} periods"
    return _signed(metric, ctx.text[metric.end : runs[k][0].start]), pers[runs[k].index(n)]


_OF_METRIC = re.compile(r"^\s*(?:in|of)\s+(?:total\s+)?$", re.I)


def _named_after_list(ctx: _Ctx, n: Mention, lo: int, hi: int) -> tuple[MetricSpan, PeriodRequest] | str | None:
    """A list of figures named after the last one, paired in order with periods: "the Company had
    $6.0 billion and $10.0 billion of commercial paper outstanding, respectively"; "recognized $10.8
    billion, $9.0 billion and $7.9 billion of share-based compensation expense in 2023, 2022 and
    2021, respectively". None when n is no such list's (a lone figure is read as before)."""
    runs = _runs(ctx, lo, hi)
    k = next(i for i, r in enumerate(runs) if n in r)
    run = runs[k]
    after = [m for m in ctx.metrics if run[-1].end <= m.start and m.end <= hi]
    if len(run) < 2 or not after or not _OF_METRIC.match(ctx.text[run[-1].end : after[0].start]):
        return None
    metric = after[0]
    if re.fullmatch(r"cash|stock|shares?|common\s+stock", metric.matched, re.I):
        return f"{metric.matched!r} is what was paid or given, not a line item"
    if why := _narrowed(ctx, metric, n, lo, hi):
        return why
    if not re.search(r"\brespectively\b", ctx.text[lo:hi], re.I):
        return f"one of several {n.kind.value} figures for {metric.matched!r} with nothing pairing each with its period or member"
    floor = runs[k - 1][-1].end if k else lo
    nxt = runs[k + 1][0].start if k + 1 < len(runs) else hi
    pers = _respective_periods(ctx, metric.end, nxt, floor)
    if len(pers) != len(run):
        return f"'respectively' pairs {len(run)} figures with {len(pers)} periods"
    return _signed(metric, ctx.text[max(lo, run[0].start - 40) : run[0].start]), pers[run.index(n)]


# A figure of one transaction or of a span no reporting period covers: "recognized a loss of $39,175
# on this conversion", "Through January 31, 2024, the Company had revenues of $49,012" (since inception)
_ONE_TRANSACTION = re.compile(
    r"\b(?:this|that|these|those|such|each)\s+(?:\w+\s+)?(?:conversions?|leases?|agreements?|notes?|transactions?|offerings?|"
    r"acquisitions?|loans?|amendments?|settlements?|issuances?|exchanges?|purchases?|sales?|grants?|awards?|arrangements?|"
    r"contracts?|facilit(?:y|ies)|debentures?|warrants?|options?|units?|properties|property|projects?|customers?)\b",
    re.I,
)
_CUMULATIVE = re.compile(
    r"\b(?:through|since|from)\s+(?:its\s+|the\s+company's\s+)?inception\b|\b(?:has|have)\s+(?:incurred|accumulated)\b|^\s*through\s+[A-Z][a-z]+\.?\s+\d{1,2}(?:,\s*\d{4})?|\bcumulative(?:ly)?\b|\bto\s+date\b",
    re.I,
)
_NEW_PREDICATE = re.compile(
    r"\b(?:and|but|while|then)\s+(?:also\s+|has\s+|had\s+)?(?:provided|used|recorded|recognized|recognised|paid|received|"
    r"borrowed|incurred|generated|issued|repaid|spent|raised|sold|purchased|acquired|invested|contributed|made|accrued|"
    r"amortized|wrote|reclassified|transferred|converted|redeemed|granted)\b",
    re.I,
)


# "As presented in the preceding table, …" points to where the figure is shown: no part of anything
_PART_OF = re.compile(
    r"\b(?:(?:that|which)\s+(?:was|were|is|are|had\s+been|has\s+been)\s+)?(?<!\b[Aa]s\s)(?:included|recorded|reported|classified|presented|allocated)"
    r"\s+(?:in|within|to|as\s+part\s+of)\b|^\s*of\s+the\s+[$\d]",
    re.I,
)


# What may, must or can happen is no amount that happened: "can be reimbursed up to $0.8 million",
# "is required to contribute $1.2 million"; "may" only in lower case ("At May 31, 2023" is a date)
_POSSIBLE = re.compile(
    r"\b(?:can|could|might|would|shall|should|must|will)\s+(?:not\s+|also\s+|only\s+)?(?:be\s+|have\s+)?[a-z]\w*"
    r"|(?-i:\bmay\s+(?:not\s+|also\s+)?(?:be\s+)?[a-z]\w*)"
    r"|\b(?:required|obligated|obliged|committed|entitled|eligible|permitted|allowed|agreed|expects?|intends?|plans?)\s+to\b",
    re.I,
)
_LIMIT = re.compile(
    r"\b(?:up\s+to|a\s+maximum\s+of|not\s+to\s+exceed|(?:no|not)\s+more\s+than|at\s+(?:least|most)|a\s+minimum\s+of)"
    r"\s*(?:approximately|about)?\s*$",
    re.I,
)


# "…, of which $9.5 billion …", "including $2 million of …", "Of this balance, $28 million …": a part
_OF_WHICH = re.compile(
    r"(?:\b(?:of\s+which|including)|^\s*of\s+(?:this|that|these|those|the)\s+(?:[\w-]+\s+){0,3}[\w-]+\s*,)"
    r"\s*,?\s*(?:approximately|about|nearly|roughly)?\s*$",
    re.I,
)


def _note_specific(ctx: _Ctx, n: Mention, lo: int, hi: int) -> str | None:
    """Why a figure of the notes is no line item's value: one transaction's, a cumulative span's, a
    part of another line item ("… included in cost of goods sold", "of revenue … that was included in
    deferred revenue", "Of the $40.0 million in gross proceeds, $24.3 million was allocated to …"), or
    another predicate's."""
    text = ctx.text
    if (m := _POSSIBLE.search(text, lo, n.start)) or (m := _LIMIT.search(text, max(lo, n.start - 40), n.start)):
        return f"a possibility, obligation or limit ({m[0].strip()!r}), not an amount the statements report"
    if m := _OF_WHICH.search(text, max(0, n.start - 60), n.start):
        return f"a part of the amount before it ({m[0].strip()!r}) that no line item states by itself"
    prev = [x for x in ctx.numbers if lo <= x.end <= n.start]
    if prev and prev[-1].scale_word and not n.scale_word and not text[prev[-1].end : n.start].strip():
        return f"a bare number right after {prev[-1].text!r}: the same figure as a table writes it, not a second claim"
    if m := _PART_OF.search(text, lo, hi):
        return f"a part of another amount ({m[0].strip()!r}) that no line item states by itself"
    if m := _ONE_TRANSACTION.search(text, lo, hi):
        return f"a figure of one transaction ({m[0]!r}), not a line item of the statements"
    if m := _CUMULATIVE.search(text[lo:hi]):
        return f"a cumulative figure ({m[0].strip()!r}) that no reporting period states"
    prior = [x for x in ctx.numbers if lo <= x.end <= n.start]
    if prior and _NEW_PREDICATE.search(text, prior[-1].end, n.start):
        metrics_between = [x for x in ctx.metrics if prior[-1].end <= x.start and x.end <= n.start]
        if not metrics_between:
            return "the figure of another predicate than the metric named before it"
    return None


def _is_verbish(w: str) -> bool:
    w = w.lower()
    return (
        w in BOUNDARY_VERBS
        or w.endswith("ed")
        or w
        in (
            "is",
            "was",
            "were",
            "are",
            "be",
            "been",
            "consist",
            "consists",
            "comprise",
            "comprises",
            "include",
            "includes",
            "than",
        )
    )


def _per_share_metric(m: MetricSpan) -> bool:
    return bool(re.search(r"\bper\b|\beps\b", m.matched, re.I))


_PER_SHARE_WORDS = re.compile(r"\bper\s+(?:(?:basic|diluted|fully\s+diluted)\s+)?(?:common\s+)?share\b|\beps\b", re.I)
_EARNINGS_WORDS = re.compile(r"\b(?:income|earnings?|profits?|loss(?:es)?|eps)\b", re.I)
_EARNING_VERB = re.compile(
    r"\b(?:earned|earning|earns|made|lost|losing|loses|loss\s+of|earnings\s+of|income\s+of|profit\s+of)\b[^.;$\d]{0,30}$", re.I
)
_LOSS_WORD = re.compile(r"\b(?:lost|losing|loses|loss(?:es)?)\b(?!\s*\))", re.I)
_PS_PHRASE = re.compile(
    r"(?:\b(?P<k1>basic|diluted)\s+(?:and\s+(?:basic|diluted)\s+)?)?(?:\bnet\s+)?\b(?P<what>loss|earnings|income)"
    r"(?:\s*\((?:loss|earnings)\))?\s+per\s+(?:(?P<k2>basic|diluted)\s+)?(?:common\s+)?share(?:\s*[-,]?\s*(?P<k3>basic|diluted))?"
    r"\s*(?:,\s*)?(?:of|was|were|is|totaled|amounted\s+to|came\s+in\s+at|:)?\s*(?:approximately|about)?\s*$",
    re.I,
)
_AUTHORIZED = re.compile(r"\bauthori[sz]ed\s+(?:to\s+issue\s+)?(?:(?:up\s+to|a\s+total\s+of)\s+)?$", re.I)
_CLASS_AFTER = re.compile(r"^\s*of\s+(?:its\s+|our\s+|the\s+company's\s+)?(?P<c>common|preferred)\s+stock\b", re.I)
_SHARES_AFTER = re.compile(
    r"^\s*(?:of\s+(?:our\s+|its\s+|the\s+company's\s+)?(?:class\s+[a-z]\s+)?common\s+stock\s+)?(?P<w>outstanding|issued\s+and\s+outstanding)\b",
    re.I,
)


def _per_share_of(ctx: _Ctx, n: Mention, before: list[MetricSpan], lo: int, lead: str) -> MetricSpan | str:
    """The per-share metric a per-share figure is about, or why none is said.

    Earnings words ("net income … or $12.03 per diluted share", "lost $5.78 per diluted share")
    make it EPS, basic or diluted as written; another metric's words make it that metric per share
    when the filing has one ("dividends … $0.25 per share"); a price paid per share, or no words
    at all, is no line item ("216,719 shares were purchased at an average price of $193.52 per share")."""
    text = ctx.text
    near = text[max(lo, n.start - 60) : n.start]
    kind = n.per_share if n.per_share is not None else _share_kind(lead)
    eps = _PER_SHARE_METRIC[kind or ""]
    if before and _EARNINGS_WORDS.search(before[-1].matched):
        negated = before[-1].negated or bool(_LOSS_WORD.search(lead))
        return MetricSpan(n.start, n.end, eps, eps, implied=True, negated=negated)
    if _EARNING_VERB.search(near) or (not before and _per_share_phrase(text, lo, n.start)):
        negated = bool(_LOSS_WORD.search(near)) and not re.search(r"\b(?:income|earnings)\s*\(loss\)", near, re.I)
        return MetricSpan(n.start, n.end, eps, eps, implied=True, negated=negated)
    if before:
        words = f"{before[-1].matched} per share"
        if ctx.known(key(words)):
            return MetricSpan(before[-1].start, before[-1].end, before[-1].text, words, negated=before[-1].negated)
        return f"a per-share figure, and no per-share line item is named {before[-1].matched!r} per share"
    return "a per-share figure with no earnings or line-item words (a price or an amount per share is not reported as such)"


_ACTIVITIES = re.compile(
    r"\b(?P<x>operating|investing|financing)\s+activities\s+(?:(?P<used>used|consumed|burned)|provided|generated)"
    r"(?:\s+(?:net\s+)?cash\s+of)?\s*(?:approximately|about|nearly|roughly)?\s*$",
    re.I,
)


def _activities_phrase(ctx: _Ctx, lo: int, pos: int) -> MetricSpan | None:
    """ "Financing activities provided $1.2 billion", "operating activities used $225.8 million":
    the net cash of those activities, minus it when used."""
    m = _ACTIVITIES.search(ctx.text, lo, pos)
    if not m:
        return None
    words = f"net cash provided by {m['x'].lower()} activities"
    if not ctx.known(key(words)):
        return None
    return MetricSpan(m.start(), m.end(), ctx.text[m.start() : m.end()].strip(), words, negated=bool(m["used"]))


def _share_kind(words: str) -> str:
    m = re.search(r"\b(basic|diluted)\b", words, re.I)
    return m[1].lower() if m else ""


def _per_share_phrase(text: str, lo: int, pos: int) -> MetricSpan | None:
    """ "Loss per share of $(3.67)", "basic and diluted net loss per share was $0.12": EPS named in words."""
    m = _PS_PHRASE.search(text, lo, pos)
    if not m or m.end() != pos and text[m.end() : pos].strip():
        return None
    kind = (m["k1"] or m["k2"] or m["k3"] or "").lower()
    eps = _PER_SHARE_METRIC[kind]
    return MetricSpan(m.start(), m.end(), eps, eps, implied=True, negated=m["what"].lower() == "loss")


_MARKER = re.compile(r"\b(?:compared\s+(?:with|to)|from|versus|vs\.?|against)\b", re.I)
_COMPARED = re.compile(
    r"(?:compared\s+(?:with|to)|\bfrom|\bversus|\bvs\.?|\bagainst|\bsince|relative\s+to)\s*,?\s*(?:the\s+)?$", re.I
)


_LABEL_LINK = re.compile(r"\s*[–—:-]?\s*")


def _labels(text: str, p: PeriodMention, pos: int) -> bool:
    """Whether period `p` opens a parenthesis as the label of the figure at `pos`: "(2023 – $1,316)"."""
    return bool(re.search(r"\(\s*$", text[max(0, p.start - 3) : p.start])) and bool(_LABEL_LINK.fullmatch(text, p.end, pos))


def _period_for(ctx: _Ctx, pos: int, end: int, base: bool) -> tuple[PeriodRequest, PeriodRequest | None, str | None, bool]:
    """(period of the figure, explicit base period, relative marker, whether the figure has its own
    period right after it) for a number at pos..end. A period after "compared with" / "from" /
    "versus" is the compared one, never the figure's own."""
    lo, hi = _clause_bounds(ctx.text, pos)
    nxt = [n.start for n in ctx.numbers if n.start > end and n.start < hi]
    limit = min(nxt) if nxt else hi
    explicit = [p for p in ctx.periods if p.request is not None]
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


def _add(
    ctx: _Ctx,
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
    if period is not None:
        base_period, relative, own = None, None, True
    else:
        period, base_period, relative, own = _period_for(ctx, n.start, n.end, base)
    period = _joined(ctx, period)
    if not base and (named := _unplaced_year(ctx, n, period)):
        ctx.unread.append(
            f"{n.text!r}: the sentence names {named!r}, but the period read for it ({period.phrase or 'none'}) names no "
            "year; it would be the filing's current one"
        )
        return False
    at_base = base and not own  # "compared with $31.6 billion in 2022" is a level of 2022, said outright
    text = ctx.text[min(metric.start, n.start) : max(metric.end, n.end)] if not metric.implied else n.text
    keep_base = kind in ("growth", "change") or at_base
    metric, inside = _members_in_metric(ctx, metric)
    scope, member, scoped = _scope(ctx, n.start, metric, other)
    if inside:  # "Latin America revenues": the member is the figure's scope, the rest its metric
        scope, member, scoped = scope or inside[0].words, member or inside[0].qname, inside + scoped
    ctx.subclaims.append(
        SubClaim(
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
    )
    return True


def _joined(ctx: _Ctx, period: PeriodRequest) -> PeriodRequest:
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


def _unplaced_year(ctx: _Ctx, n: Mention, period: PeriodRequest) -> str | None:
    """A year the sentence names that no period read places, when the period read for the figure
    names none ("During the 2022 year, … $0.9 million": "During the year" alone would be the filing's
    current year)."""
    if period.fiscal_year is not None or period.end_date is not None or period.year_end or period.ytd:
        return None
    if period.months == 12 and period.quarter is None:  # "during the year", and the sentence dates something
        for p in ctx.periods:
            if p.request is not None and (p.request.fiscal_year is not None or p.request.end_date is not None):
                return p.text
    spans = [(x.start, x.end) for x in ctx.numbers] + [(p.start, p.end) for p in ctx.periods]
    for m in _YEAR_WORD.finditer(ctx.text):
        if not any(a <= m.start() < b for a, b in spans):
            return m[0]
    return None


def _members_in_metric(ctx: _Ctx, metric: MetricSpan) -> tuple[MetricSpan, tuple[MemberMention, ...]]:
    """The metric without the filer's member names its words leave unexplained, and those members."""
    if not metric.unexplained or metric.implied or metric.qname:
        return metric, ()
    got = strip_members(ctx.text, metric.start, metric.end, metric.unexplained, ctx.scopes)
    if got is None or not ctx.known(key(got[0])):
        return metric, ()
    return replace(metric, matched=got[0], unexplained=()), got[1]


def _scope(
    ctx: _Ctx, pos: int, metric: MetricSpan, other: MetricSpan | None
) -> tuple[str | None, str | None, tuple[MemberMention, ...]]:
    """The member (or the bare segment words) the clause of the figure at `pos` names outside its
    metric's own words: "The Unregulated Energy segment reported operating income of $0.2 million";
    and every member mention there (verifier/members.py binds the fact of those members)."""
    lo, hi = _clause_bounds(ctx.text, pos)
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


def _comparisons(ctx: _Ctx) -> None:
    """Words that compare without a number: doubled, narrowed, widened, exceeded, rose to."""
    text = ctx.text
    for level, direction in ctx.directions:
        said = [c for c in ctx.subclaims if c.kind in ("growth", "change") and c.metric.start == level.metric.start]
        if not said:
            ctx.subclaims.append(
                SubClaim(
                    "comparison",
                    level.text,
                    level.metric,
                    None,
                    level.period,
                    None,
                    "prior",
                    None,
                    "rise" if direction > 0 else "fall",
                )
            )
    doubles = {
        "doubled": "double",
        "tripled": "triple",
        "quadrupled": "quadruple",
        "halved": "halve",
        "double": "double",
        "triple": "triple",
        "quadruple": "quadruple",
        "twice": "double",
    }
    rel_of: Callable[[re.Match[str]], str]  # the relation a matched word names
    for rx, rel_of in (
        (_DOUBLE, lambda m: doubles[m["w"].lower()]),
        (_NARROW, lambda m: {"narrowed": "narrow", "shrank": "narrow", "widened": "widen", "deepened": "widen"}[m["w"].lower()]),
    ):
        for m in rx.finditer(text):
            before = [x for x in ctx.metrics if x.end <= m.start() and _clause_bounds(text, m.start())[0] <= x.start]
            if not before:
                ctx.unread.append(f"{m[0]!r}: no metric named before it")
                continue
            metric = before[-1]
            period, base_period, relative, _ = _period_for(ctx, m.start(), m.end(), False)
            hedge = (m.groupdict().get("hedge") or "").strip() or None
            ctx.subclaims.append(
                SubClaim(
                    "comparison",
                    text[metric.start : m.end()],
                    metric,
                    None,
                    period,
                    base_period,
                    relative or "prior",
                    None,
                    rel_of(m),
                    hedge,
                )
            )
    for m in _FLAT.finditer(text):  # "revenue was flat", "remained unchanged at $33.7 billion": no change a year on
        lo, _ = _clause_bounds(text, m.start())
        before = [x for x in ctx.metrics if lo <= x.start and x.end <= m.start()]
        if not before:
            ctx.unread.append(f"{m[0]!r}: no metric named before it")
            continue
        period, base_period, relative, _ = _period_for(ctx, m.start(), m.end(), False)
        ctx.subclaims.append(
            SubClaim(
                "comparison",
                text[before[-1].start : m.end()],
                before[-1],
                None,
                period,
                base_period,
                relative or "prior",
                None,
                "flat",
            )
        )
    for m in _FASTER.finditer(text):
        lo, hi = _clause_bounds(text, m.start())
        before = [x for x in ctx.metrics if lo <= x.start and x.end <= m.start()]
        after = [x for x in ctx.metrics if m.end() <= x.start and x.end <= hi]
        if before and after:
            period, base_period, relative, _ = _period_for(ctx, m.start(), m.end(), False)
            slower = m["w"].lower() in ("more slowly", "slower", "less")
            ctx.subclaims.append(
                SubClaim(
                    "comparison",
                    text[before[-1].start : after[0].end],
                    before[-1],
                    None,
                    period,
                    base_period,
                    relative or "prior",
                    after[0],
                    "slower" if slower else "faster",
                )
            )
    for m in _DIFFERENCE.finditer(text):
        lo, hi = _clause_bounds(text, m.start())
        before = [x for x in ctx.metrics if lo <= x.start and x.end <= m.start()]
        after = [x for x in ctx.metrics if m.end() <= x.start and x.end <= hi]
        if not before or not after:
            continue
        if any(n for n in ctx.numbers if m.end() <= n.start < hi and _BY.search(text[: n.start])):
            continue  # "exceeded … by $X" is a difference with a number
        if any(n for n in ctx.numbers if after[0].end <= n.start < hi):
            continue
        period, _, _, _ = _period_for(ctx, m.start(), m.end(), False)
        ctx.subclaims.append(
            SubClaim(
                "comparison",
                text[before[-1].start : after[0].end],
                before[-1],
                None,
                period,
                other=after[0],
                relation="less" if m["less"] else "exceed",
            )
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
        if not named and not _per_share_phrase(text, 0, first):
            text = f"{q_metrics[0].text} was {_PRONOUN_LEAD.sub('', text)}"
    if not a_periods and (own := [p for p in q_periods if p.request is not None]):
        text = f"{text} {own[0].text.strip()}"
    return text
