"""Figures of the notes that no line item states: one transaction's, a cumulative span's, a part of
another amount, a possibility or a limit. The reader leaves them unread, with the reason.
"""

from __future__ import annotations

import re

from auditgraph.verifier.metric_names import MetricSpan
from auditgraph.verifier.numbers import Mention
from auditgraph.verifier.plan import label_key as key
from auditgraph.verifier.sentence_state import ReadingState, future_clauses, outside_clause

# A figure of one transaction or of a span no reporting period covers: "recognized a loss of $39,175
# on this conversion", "Through January 31, 2024, the Company had revenues of $49,012" (since inception)
_ONE_TRANSACTION = re.compile(
    r"\b(?:this|that|these|those|such|each)\s+(?:\w+\s+)?(?:conversions?|leases?|agreements?|notes?|transactions?|offerings?|"
    r"acquisitions?|loans?|amendments?|settlements?|issuances?|exchanges?|purchases?|sales?|grants?|awards?|arrangements?|"
    r"contracts?|facilit(?:y|ies)|debentures?|warrants?|options?|units?|properties|property|projects?|customers?)\b",
    re.I,
)
_CUMULATIVE = re.compile(
    r"\b(?:through|since|from)\s+(?:its\s+|the\s+company['’]s\s+)?inception\b|\b(?:has|have)\s+(?:incurred|accumulated)\b|^\s*through\s+[A-Z][a-z]+\.?\s+\d{1,2}(?:,\s*\d{4})?|\bcumulative(?:ly)?\b|\bto\s+date\b",
    re.I,
)
# "has incurred … during the years ended May 31, 2023 and 2022": the perfect tense of a span the clause names
_INCURRED = re.compile(r"(?:has|have)\s", re.I)


def _spans(ctx: ReadingState, lo: int, hi: int) -> bool:
    """Whether the clause names a span of months ("during the years ended …", "for the three months ended …")."""
    return any(p.request is not None and p.request.months and lo <= p.start < hi for p in ctx.periods)


_NEW_PREDICATE = re.compile(
    r"\b(?:and|but|while|then)\s+(?:also\s+|has\s+|had\s+)?(?:provided|used|recorded|recognized|recognised|paid|received|"
    r"borrowed|incurred|generated|issued|repaid|spent|raised|sold|purchased|acquired|invested|contributed|made|accrued|"
    r"amortized|wrote|reclassified|transferred|converted|redeemed|granted)\b",
    re.I,
)


# "As presented in the preceding table, …" points to where the figure is shown: no part of anything
PART_OF = re.compile(
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


# "revenue totaling $7,879 was recognized from sales to related party ZEXAVERSE": the part of the line one
# related party accounts for; a metric whose own words say related party ("due to related parties") is its line
_RELATED_PARTY = re.compile(r"\brelated[\s-]+part(?:y|ies)\b", re.I)


def note_specific(ctx: ReadingState, n: Mention, lo: int, hi: int) -> str | None:
    """Why a figure of the notes is no line item's value: one transaction's, a cumulative span's, a
    part of another line item ("… included in cost of goods sold", "of revenue … that was included in
    deferred revenue", "Of the $40.0 million in gross proceeds, $24.3 million was allocated to …"), or
    another predicate's."""
    text = ctx.text
    future = future_clauses(text)
    possible = (m for m in _POSSIBLE.finditer(text, lo, n.start) if not outside_clause(future, m.start(), n.start))
    if (m := next(possible, None)) or (m := _LIMIT.search(text, max(lo, n.start - 40), n.start)):
        return f"a possibility, obligation or limit ({m[0].strip()!r}), not an amount the statements report"
    if m := _OF_WHICH.search(text, max(0, n.start - 60), n.start):
        return f"a part of the amount before it ({m[0].strip()!r}) that no line item states by itself"
    for m in _RELATED_PARTY.finditer(text, lo, hi):
        if not any(x.start <= m.start() < x.end for x in ctx.metrics):  # "revenue from related parties" is a line
            return f"a related party's part ({m[0]!r}) of the line item, not its total"
    prev = [x for x in ctx.numbers if lo <= x.end <= n.start]
    if prev and prev[-1].scale_word and not n.scale_word and not text[prev[-1].end : n.start].strip():
        return ctx.not_a_level(
            n, f"a bare number right after {prev[-1].text!r}: the same figure as a table writes it, not a second claim"
        )
    if m := PART_OF.search(text, lo, hi):
        return f"a part of another amount ({m[0].strip()!r}) that no line item states by itself"
    if m := _ONE_TRANSACTION.search(text, lo, hi):
        return f"a figure of one transaction ({m[0]!r}), not a line item of the statements"
    if (m := _CUMULATIVE.search(text[lo:hi])) and not (_INCURRED.match(m[0]) and _spans(ctx, lo, hi)):
        return ctx.not_a_level(n, f"a cumulative figure ({m[0].strip()!r}) that no reporting period states")
    prior = [x for x in ctx.numbers if lo <= x.end <= n.start]
    if prior and _NEW_PREDICATE.search(text, prior[-1].end, n.start):
        metrics_between = [x for x in ctx.metrics if prior[-1].end <= x.start and x.end <= n.start]
        if not metrics_between:
            return "the figure of another predicate than the metric named before it"
    return None


# "<A> included in <B> was $N": the part of B that A names. The filing may report it as a line item of
# its own whose label has the words of both ("Depreciation expense included in cost of goods sold" is
# "Cost of goods sold, depreciation"; such labels leave out the part's kind, "expense").
_INCLUDED_IN = re.compile(
    r"\s*(?:(?:that|which)\s+(?:was|were|is|are)\s+)?(?:included|recorded|reported|classified|presented)\s+(?:in|within)"
    r"\s+(?:the\s+|our\s+|its\s+)?$",
    re.I,
)
_STATED_AS = re.compile(r"\s*(?:was|were|is|are|totaled|totalled|amounted\s+to)?\s*(?:approximately\s+|about\s+)?", re.I)
_LISTED = re.compile(r"[\s,]*(?:and\s+)?", re.I)


def component_metric(ctx: ReadingState, n: Mention, lo: int) -> MetricSpan | None:
    """The line item "<A> included in <B>" names when a reported concept has a label of exactly the
    words of A and B (without "expense"), and only the verb, the figures before it and their periods
    stand between B and the figure; None otherwise (the figure stays a part no line item states)."""
    before = [m for m in ctx.metrics if lo <= m.start and m.end <= n.start]
    if len(before) < 2 or not (inc := _INCLUDED_IN.search(ctx.text[before[-2].start : before[-1].start])):
        return None
    a, b = before[-2], before[-1]  # A's span may end with "included", a word its name leaves unexplained
    gap = list(ctx.text[b.end : n.start])
    for s, e in ctx.figure_spans():
        for i in range(max(s, b.end), min(e, n.start)):
            gap[i - b.end] = ","
    rest = "".join(gap)
    head = _STATED_AS.match(rest)
    if head is None or not _LISTED.fullmatch(rest, head.end()):
        return None
    words = key(ctx.text[a.start : a.start + inc.start()]) | key(b.matched)
    for k in (words, words - {"expense"}):
        if ctx.known(k):
            return MetricSpan(a.start, b.end, ctx.text[a.start : b.end], " ".join(sorted(k)))
    return None
