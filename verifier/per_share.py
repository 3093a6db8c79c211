"""Per-share figures: the words that say per share, and which per-share line item they name
(earnings, dividends, book value). Units are a constraint: an amount never binds a per-share item.
"""

from __future__ import annotations

import re

from auditgraph.verifier.metric_names import MetricSpan
from auditgraph.verifier.numbers import Mention
from auditgraph.verifier.plan import label_key as key
from auditgraph.verifier.sentence_state import ReadingState

_PER_SHARE_METRIC = {"diluted": "diluted earnings per share", "basic": "basic earnings per share", "": "earnings per share"}


def per_share_metric(m: MetricSpan) -> bool:
    return bool(re.search(r"\bper\b|\beps\b", m.matched, re.I))


PER_SHARE_WORDS = re.compile(r"\bper\s+(?:(?:basic|diluted|fully\s+diluted)\s+)?(?:common\s+)?share\b|\beps\b", re.I)
_PER_SHARE_NEXT = re.compile(r"\s*(?:" + PER_SHARE_WORDS.pattern + ")", re.I)


def per_share_after(text: str, pos: int) -> int | None:
    """Where the per-share words that follow at `pos` end, if any: a metric named "net loss per share" is per share."""
    m = _PER_SHARE_NEXT.match(text, pos)
    return m.end() if m else None


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


def per_share_of(ctx: ReadingState, n: Mention, before: list[MetricSpan], lo: int, lead: str) -> MetricSpan | str:
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
    if _EARNING_VERB.search(near) or (not before and per_share_phrase(text, lo, n.start)):
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


def activities_phrase(ctx: ReadingState, lo: int, pos: int) -> MetricSpan | None:
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


def per_share_phrase(text: str, lo: int, pos: int) -> MetricSpan | None:
    """ "Loss per share of $(3.67)", "basic and diluted net loss per share was $0.12": EPS named in words."""
    m = _PS_PHRASE.search(text, lo, pos)
    if not m or m.end() != pos and text[m.end() : pos].strip():
        return None
    kind = (m["k1"] or m["k2"] or m["k3"] or "").lower()
    eps = _PER_SHARE_METRIC[kind]
    return MetricSpan(m.start(), m.end(), eps, eps, implied=True, negated=m["what"].lower() == "loss")
