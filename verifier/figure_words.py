"""The words between a metric and its figure: whether they leave the figure that metric's (stray
words, another noun phrase, a narrower item), and which way they sign it ("lost", "used").
"""

from __future__ import annotations

import re
from dataclasses import replace

from auditgraph.verifier.metric_names import FALL, GROWTH, RISE, MetricSpan, is_period_word
from auditgraph.verifier.numbers import SCALES, Mention
from auditgraph.verifier.plan import label_key as key
from auditgraph.verifier.scope import SCOPE_WORDS
from auditgraph.verifier.sentence_state import ReadingState
from auditgraph.verifier.vocabulary import (
    BOUNDARY_VERBS,
    BRIDGE_WORDS,
    CUE_WORDS,
    CURRENCY_WORDS,
    HEDGE_PATTERN,
    NEUTRAL_WORDS,
)

PAIRED = re.compile(r"\b(basic|diluted)\s+and\s+$", re.I)


HEDGE_TAIL = re.compile(r"\s*\b(?:" + HEDGE_PATTERN + r")\s*$", re.I)


_NUMBER_WORDS = (
    r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|"
    r"billion|and|dollars?|U\.?S\.?)"
)
# an amount written out in words right before the same amount in figures: "one million five hundred
# thousand dollars ($1,500,000)"; the words are the figure, not a metric's words
SPELLED = re.compile(rf"\b(?!and\b){_NUMBER_WORDS}(?:[\s-]+{_NUMBER_WORDS})*\s*\(?\s*$", re.I)  # "and (43.4)" is none


def stray_words(ctx: ReadingState, start: int, end: int) -> list[str]:
    """Content words between a metric and its number that belong to no known part of a claim
    ("SG&A 2.78bn, rev 13.1bn": 'rev' is an unknown name, so 13.1bn is not SG&A)."""
    spans = ctx.figure_spans()
    # "goodwill of the Industrial Specialty Group segment was": a member named there is the figure's scope
    spans += [(mm.start, mm.end) for mm in ctx.scopes] + [(m.start(), m.end()) for m in SCOPE_WORDS.finditer(ctx.text)]
    if spelled := SPELLED.search(ctx.masked, start, end):
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
            or GROWTH.fullmatch(w)
            or HEDGE_TAIL.search(w)
            or w in CURRENCY_WORDS
            or is_period_word(w)
            or re.fullmatch(r"(?:" + RISE + "|" + FALL + r")", w)
        ):
            continue
        stray.append(m[0])
    return stray


def growth_sign(g: re.Match[str], metric: MetricSpan) -> int:
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


def signed_metric(metric: MetricSpan, lead: str) -> MetricSpan:
    """ "Operating activities used $225.8 million", "used $225.8 million of cash in operating
    activities", "free cash flow was negative $3 million": the figure is minus the concept's value."""
    if metric.negated or not _SIGN_VERB.search(lead):
        return metric
    return replace(metric, negated=True)


_NOUN_OF = re.compile(
    r"\b(?P<w>[A-Za-z][\w'’-]*)\s+(?:of|for|to|on|from|toward|towards|under|with)\s+(?:the\s+|its\s+|our\s+|their\s+|a\s+|an\s+)?$",
    re.I,
)
# "amortization expense related to intangible assets of $19.1", "contingent consideration presented as
# current liability totaled $173 thousand": the figure is the noun's the participle follows
_NOUN_RELATED = re.compile(
    r"\b(?P<w>[A-Za-z][\w'’-]*)\s+(?:(?:related|relating|attributable|associated)\s+(?:to|with)|"
    r"(?:presented|recorded|classified|reported)\s+(?:as|in|within))\s+"
    r"(?:the\s+|its\s+|our\s+|their\s+|certain\s+)?$",
    re.I,
)
# "ended the quarter with cash of …", "closed the year with …": a period, not a noun that owns the metric
_PERIOD_NOUN = re.compile(r"quarters?|years?|periods?|months?|half|(?:19|20)\d\d", re.I)
_CONJOINED = re.compile(r"\b(?P<w>[A-Za-z][\w'’-]*)\s+(?:and|or|&)\s+$", re.I)
LIST_LINK = re.compile(r"^\s*,?\s*(?:and|or|,)\s*(?:approximately|about)?\s*$", re.I)
_RANGE_LINK = re.compile(r"^\s*(?:to|–|-|—)\s*$")


def not_the_metric(ctx: ReadingState, metric: MetricSpan, n: Mention, lo: int, hi: int, bridge: str) -> str | None:
    """Why the figure after a metric's words is not that metric's value, in the prose of notes:

    - the metric is the object of a preposition after another noun ("advances to suppliers for the
      acquisition of fixed assets of $4.9 million": the amount is the advances');
    - it is one noun of a pair ("a ROU asset and liability of $187,863");
    - it is an amount the metric is net of ("notes of $15,981 million, net of $68 million of issuance costs");
    - the figure is one end of a range ("equities – 15% to 35%");
    - it is one of several figures of the same kind for the one metric, with nothing pairing them
      with periods or members ("11.9% and 9.2% for the years ended …")."""
    text = ctx.text
    if why := inside_noun_phrase(ctx, metric, lo):
        return why
    if m := _NETTED.search(text, max(lo, n.start - 40), n.start):
        # "outstanding notes of $15,981 million, net of $68 million of issuance costs": the amount netted
        return f"an amount {metric.matched!r} is {m[1].lower()} ({m[0].strip()!r}), not its value"
    same = [x for x in ctx.numbers if lo <= x.start < hi and x.kind is n.kind and x is not n]
    paired = PAIRED.search(text[max(0, metric.start - 24) : metric.start])  # "basic and diluted EPS of $6.15 and $6.11"
    for x in same:
        first = x if x.end <= n.start else n
        link = text[x.end : n.start] if x.end <= n.start else text[n.end : x.start]
        opener = _RANGE_OPEN.search(text[max(lo, first.start - 30) : first.start]) or first.text[:1] in "–—-"
        if _RANGE_LINK.match(link) and opener:
            return ctx.not_a_level(n, "one end of a range, not a reported figure")
        if LIST_LINK.match(link) and not paired and not re.search(r"\brespectively\b", text[lo:hi], re.I):
            return f"one of several {n.kind.value} figures for {metric.matched!r} with nothing pairing each with its period or member"
    return None


def inside_noun_phrase(ctx: ReadingState, metric: MetricSpan, lo: int) -> str | None:
    """The metric words are the object of another noun ("the amortization expense for the
    intangible assets", "amortization expense related to intangible assets": the figure is the
    expense's) or one of a pair."""
    text = ctx.text
    if metric.implied or metric.unexplained:
        return None
    head = text[max(lo, metric.start - 60) : metric.start]
    if (
        (m := _NOUN_RELATED.search(head) or _NOUN_OF.search(head))
        and not _is_verbish(m["w"])
        and not _PERIOD_NOUN.fullmatch(m["w"])
    ):
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


def narrowed(ctx: ReadingState, metric: MetricSpan, n: Mention, lo: int, hi: int) -> str | None:
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
            if LIST_LINK.match(link):
                return f"one of several {n.kind.value} figures for {metric.matched!r} with nothing pairing each with its period or member"
    return None


# words right after a figure that may narrow it to a part: "revenue of $49.2 related to contract liabilities",
# "revenues of $86,060 from an affiliated company" (or say what the whole is about: "a credit loss of $0.9
# million related to the likelihood of …"), so they keep a figure that agrees with the whole and make one
# that differs no misstatement of it (subclaim_check.SubClaimCheck._doubt)
PART_AFTER = re.compile(
    r"\s*,?\s*(?:related\s+to|relating\s+to|associated\s+with|attributable\s+to|from\s+(?:an?|these|this|its|our|certain)\b)",
    re.I,
)
_NETTED = re.compile(r"\b(net\s+of|excluding|exclusive\s+of)\s+(?:approximately\s+|about\s+)?$", re.I)
_RANGE_OPEN = re.compile(r"(?:[–—:-]|\brang(?:es?|ing)\s+(?:of|from)|\bbetween)\s*$", re.I)


def _plain_word(ctx: ReadingState, pos: int, w: str) -> bool:
    """A noun of the prose, not a verb, a number's scale word, a period or "basic"/"diluted"."""
    spans = ctx.figure_spans() + [(x.start, x.end) for x in ctx.metrics]
    return not (
        _is_verbish(w)
        or w.lower() in ("basic", "diluted", "both", "between", "each")
        or w.lower() in SCALES
        or any(a <= pos < b for a, b in spans)
    )


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
