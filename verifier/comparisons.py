"""Comparisons without a number of their own: doubled, narrowed, exceeded, grew faster than, flat."""

from __future__ import annotations

import re
from collections.abc import Callable

from auditgraph.verifier.per_share import per_share_after, per_share_phrase
from auditgraph.verifier.sentence_state import ReadingState, SubClaim, clause_bounds, period_for

DIFFERENCE = re.compile(
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
_DOUBLES = {
    "doubled": "double",
    "tripled": "triple",
    "quadrupled": "quadruple",
    "halved": "halve",
    "double": "double",
    "triple": "triple",
    "quadruple": "quadruple",
    "twice": "double",
}
_NARROWS = {"narrowed": "narrow", "shrank": "narrow", "widened": "widen", "deepened": "widen"}
BY = re.compile(r"\bby\s*$", re.I)
_FLAT = re.compile(
    r"\b(?:was|were|is|are|remained|stayed|held|came\s+in)\s+(?:essentially\s+|roughly\s+|about\s+|relatively\s+|largely\s+)?"
    r"(?P<w>flat|unchanged|stable)\b",
    re.I,
)


def read_comparisons(ctx: ReadingState) -> None:
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
    # words that compare a metric named before them with its prior period: (pattern, the relation a match names)
    relations: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
        (_DOUBLE, lambda m: _DOUBLES[m["w"].lower()]),
        (_NARROW, lambda m: _NARROWS[m["w"].lower()]),
        (_FLAT, lambda m: "flat"),  # "revenue was flat", "remained unchanged at $33.7 billion": no change a year on
    )
    for rx, rel_of in relations:
        for m in rx.finditer(text):
            lo = clause_bounds(text, m.start())[0]
            before = [x for x in ctx.metrics if x.end <= m.start() and lo <= x.start]
            # "net loss per share widened": earnings per share, not the net loss the words before "per share" name
            metric = per_share_phrase(text, lo, m.start()) or (before[-1] if before else None)
            if metric is None:
                ctx.unread.append(f"{m[0]!r}: no metric named before it")
                continue
            if not metric.implied and per_share_after(text, metric.end):
                ctx.unread.append(f"{m[0]!r}: {metric.matched!r} per share names no per-share line item the reader knows")
                continue
            period, base_period, relative, _ = period_for(ctx, m.start(), m.end(), False)
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
    for m in _FASTER.finditer(text):
        lo, hi = clause_bounds(text, m.start())
        before = [x for x in ctx.metrics if lo <= x.start and x.end <= m.start()]
        after = [x for x in ctx.metrics if m.end() <= x.start and x.end <= hi]
        if before and after:
            period, base_period, relative, _ = period_for(ctx, m.start(), m.end(), False)
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
    for m in DIFFERENCE.finditer(text):
        lo, hi = clause_bounds(text, m.start())
        before = [x for x in ctx.metrics if lo <= x.start and x.end <= m.start()]
        after = [x for x in ctx.metrics if m.end() <= x.start and x.end <= hi]
        if not before or not after:
            continue
        if any(n for n in ctx.numbers if m.end() <= n.start < hi and BY.search(text[: n.start])):
            continue  # "exceeded … by $X" is a difference with a number
        if any(n for n in ctx.numbers if after[0].end <= n.start < hi):
            continue
        period, _, _, _ = period_for(ctx, m.start(), m.end(), False)
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
