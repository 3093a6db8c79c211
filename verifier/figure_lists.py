"""Lists of figures paired in order with periods or metrics: "$8.5 billion, $8.7 billion and
$9.5 billion during 2023, 2022 and 2021, respectively".
"""

from __future__ import annotations

import re
from dataclasses import replace

from auditgraph.verifier.figure_words import LIST_LINK, PAIRED, inside_noun_phrase, narrowed, signed_metric, stray_words
from auditgraph.verifier.metric_names import MetricSpan
from auditgraph.verifier.numbers import Kind, Mention
from auditgraph.verifier.periods import PeriodMention
from auditgraph.verifier.sentence_state import ReadingState, add_subclaim, clause_bounds
from auditgraph.verifier.types import PeriodRequest


def respectively(ctx: ReadingState, metric: MetricSpan, n: Mention, hi: int) -> MetricSpan:
    """ "basic and diluted EPS of $0.79 and $0.86": the first number is basic EPS, the second
    diluted; "basic and diluted net loss per share of $(0.12)" is both (one sub-claim each)."""
    pair = PAIRED.search(ctx.text[max(0, metric.start - 24) : metric.start])
    second = metric.matched.split()[0].lower() if metric.matched else ""
    if not pair or second not in ("basic", "diluted") or second == pair[1].lower():
        return metric
    words = pair[1] + metric.matched[len(second) :]
    first = MetricSpan(metric.start - len(pair[0]), metric.end, words, words, metric.unexplained, metric.negated, None)
    nums = [x for x in ctx.numbers if metric.end <= x.start < hi]
    if len(nums) >= 2:
        return first if n is nums[0] else metric
    add_subclaim(ctx, "level", n, first)
    return metric


# "the three and six months ended", "the three months and six months ended", "the three- and nine-month
# periods ended": two lengths ending on one date
_TWO_LENGTHS = re.compile(
    r"\b(three|six|nine|twelve)(?:[- ]months?|-)?\s+and\s+(three|six|nine|twelve)[- ]months?(?:\s+periods?)?\s+ended\s+", re.I
)
_MONTHS_WORD = {"three": 3, "six": 6, "nine": 9, "twelve": 12}


def _two_lengths(ctx: ReadingState, group: list[PeriodMention], floor: int) -> list[PeriodRequest] | None:
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


def respective_periods(ctx: ReadingState, start: int, hi: int, floor: int | None = None) -> list[PeriodRequest]:
    """The periods a "respectively" list pairs figures with, in order: "in 2023, 2022 and 2021";
    "for the three and six months ended June 30, 2023" is two periods ending on one date.
    `floor`: where the list's own words start (the end of the list before it in the clause)."""
    pers = [p for p in ctx.periods if p.request is not None and start <= p.start < hi]
    lo = max(clause_bounds(ctx.text, start)[0], floor or 0)
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


def figure_runs(ctx: ReadingState, lo: int, hi: int) -> list[list[Mention]]:
    """The clause's figures as lists: figures of one kind joined by ',' or 'and' ("$2.8 billion,
    $2.6 billion and $2.8 billion") form one list; a lone figure is a list of one."""
    runs: list[list[Mention]] = []
    for x in (x for x in ctx.numbers if lo <= x.start < hi):
        prev = runs[-1][-1] if runs else None
        # "2,551,039 and 8,696,108 shares": the unit is written once, after the list's last figure
        alike = prev is not None and (prev.kind is x.kind or (prev.kind is Kind.NUMBER and x.kind is Kind.SHARES))
        if prev is not None and alike and LIST_LINK.match(ctx.text[prev.end : x.start]):
            runs[-1].append(x)
        else:
            runs.append([x])
    return runs


def _run_periods(ctx: ReadingState, runs: list[list[Mention]], k: int, lo: int, hi: int) -> list[PeriodRequest]:
    """The periods the k-th list of a "respectively" clause pairs its figures with: those between it
    and the next list, else those between the list before it and it ("As of September 30, 2023 and
    September 24, 2022, … $6.0 billion and $10.0 billion"), else, when every list of the clause has
    as many figures, the periods after the last list ("total current assets of $14.0 million and
    $3.2 million and working capital of $13.2 million and $1.4 million as of June 30, 2023 and
    December 31, 2022, respectively")."""
    run = runs[k]
    floor = runs[k - 1][-1].end if k else lo
    nxt = runs[k + 1][0].start if k + 1 < len(runs) else hi
    own = respective_periods(ctx, run[-1].end, nxt, floor)
    if len(own) == len(run):
        return own
    if k + 1 < len(runs) and all(len(r) == len(run) for r in runs):
        shared = respective_periods(ctx, runs[-1][-1].end, hi, runs[-1][0].start)
        if len(shared) == len(run):
            return shared
    return own


def run_period(ctx: ReadingState, n: Mention, lo: int, hi: int) -> PeriodRequest | None:
    """The period a clause pairs figure `n` with, in order within its list ("…, respectively" or not:
    "During the six months ended June 30, 2023 and 2022, the Company recorded $176,767 and $234,002");
    a clause whose periods are named once for several lists pairs each list with them. None when the
    list and the periods do not pair one to one."""
    runs = figure_runs(ctx, lo, hi)
    k = next(i for i, r in enumerate(runs) if n in r)
    pers = _run_periods(ctx, runs, k, lo, hi)
    if len(pers) != len(runs[k]):
        pers = respective_periods(ctx, runs[k][-1].end, hi, lo)
    return pers[runs[k].index(n)] if len(pers) == len(runs[k]) else None


def respective_run(ctx: ReadingState, n: Mention, lo: int, hi: int) -> tuple[MetricSpan, PeriodRequest] | str | None:
    """A "respectively" clause of several lists, each with its metric before it and its periods:
    "Total stock-based compensation expense was $66 million and $211 million for the three and nine
    months ended September 30, 2024, respectively, and $80 million and $257 million for the three
    and nine months ended September 30, 2023, respectively". A list with no metric of its own takes
    the one before it when only period words stand between. None or the reason when it is not such
    a clause."""
    runs = figure_runs(ctx, lo, hi)
    k = next(i for i, r in enumerate(runs) if n in r)
    metric = None
    for i in range(k, -1, -1):
        floor = runs[i - 1][-1].end if i else lo
        names = [m for m in ctx.metrics if floor <= m.start and m.end <= runs[i][0].start]
        if len(names) > 1:
            return None  # "Dividends received … on the common stock were": which name the list is of is not said
        if names:
            metric = names[0]
            if stray := stray_words(ctx, metric.end, runs[k][0].start):
                return f"the words {stray!r} stand between it and {metric.matched!r}"
            break
    if metric is None:
        return None
    if why := inside_noun_phrase(ctx, metric, lo):
        return why
    pers = _run_periods(ctx, runs, k, lo, hi)
    if len(pers) != len(runs[k]):
        return f"its list of {len(runs[k])} has {len(pers)} periods"
    return signed_metric(metric, ctx.text[metric.end : runs[k][0].start]), pers[runs[k].index(n)]


_OF_METRIC = re.compile(r"^\s*(?:in|of)\s+(?:total\s+)?$", re.I)


def named_after_list(ctx: ReadingState, n: Mention, lo: int, hi: int) -> tuple[MetricSpan, PeriodRequest] | str | None:
    """A list of figures named after the last one, paired in order with periods: "the Company had
    $6.0 billion and $10.0 billion of commercial paper outstanding, respectively"; "recognized $10.8
    billion, $9.0 billion and $7.9 billion of share-based compensation expense in 2023, 2022 and
    2021, respectively". None when n is no such list's (a lone figure is read as before)."""
    runs = figure_runs(ctx, lo, hi)
    k = next(i for i, r in enumerate(runs) if n in r)
    run = runs[k]
    after = [m for m in ctx.metrics if run[-1].end <= m.start and m.end <= hi]
    if len(run) < 2 or not after or not _OF_METRIC.match(ctx.text[run[-1].end : after[0].start]):
        return None
    metric = after[0]
    if re.fullmatch(r"cash|stock|shares?|common\s+stock", metric.matched, re.I):
        return f"{metric.matched!r} is what was paid or given, not a line item"
    if why := narrowed(ctx, metric, n, lo, hi):
        return why
    if not re.search(r"\brespectively\b", ctx.text[lo:hi], re.I):
        return f"one of several {n.kind.value} figures for {metric.matched!r} with nothing pairing each with its period or member"
    floor = runs[k - 1][-1].end if k else lo
    nxt = runs[k + 1][0].start if k + 1 < len(runs) else hi
    pers = respective_periods(ctx, metric.end, nxt, floor)
    if len(pers) != len(run):
        return f"'respectively' pairs {len(run)} figures with {len(pers)} periods"
    return signed_metric(metric, ctx.text[max(lo, run[0].start - 40) : run[0].start]), pers[run.index(n)]
