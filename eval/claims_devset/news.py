"""News."""

from __future__ import annotations

from collections.abc import Callable

from auditgraph.eval.claims_devset.blocks import Ctx, Skip, Sub, expected_text
from auditgraph.eval.claims_devset.falsify import falsify_value
from auditgraph.eval.claims_devset.filings import Fact, plain
from auditgraph.eval.claims_devset.metrics import METRICS
from auditgraph.eval.claims_devset.periods import long_date
from auditgraph.eval.claims_devset.subclaims import (
    capitalized,
    change_sub,
    change_verb,
    fit_hedge,
    flow_slot,
    growth_sub,
    level_sub,
    pick_false,
    possessive,
    prior_of,
)
from auditgraph.eval.claims_devset.written import D, ratio_range


def news_growth_level(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Netflix's revenue rose 6.7% to $33.7 billion in 2023"""
    rng = ctx.rng
    slot = rng.choice([s for s in ("fy", "q", "ytd") if s in ctx.slots and prior_of(s) in ctx.slots] or ["-"])
    metric = rng.choice(
        [
            m
            for m in ("revenue", "gross_profit", "operating_income", "net_income", "cfo", "rd", "sga")
            if ctx.has(m, slot) and ctx.has(m, prior_of(slot))
        ]
        or ["-"]
    )
    flags = pick_false(2, make_false, rng)
    g = growth_sub(ctx, metric, slot, prior_of(slot), style, flags[0], lambda mag, r: f"{change_verb(r, rng)} {mag}")
    hedge = rng.choice([None, None, "about", "nearly", "more than"]) if not flags[1] else rng.choice([None, None, "about"])
    lt, lvl = level_sub(
        ctx, metric, slot, style, flags[1], "to {v}", hedge=hedge, errors=["wrong_period", "pct_off", "wrong_scale", "transposed"]
    )
    when = ctx.when(slot, "news")
    tail = rng.choice(["", " from a year earlier", " compared with the prior year", " year over year"])
    term = ctx.term(metric, style)
    text = f"{possessive(ctx.f.short)} {term} {g.text} {lt} {when}{tail}"
    return text, [g, lvl]


def news_level(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Apple reported net income of about $97.0 billion for fiscal 2023"""
    rng = ctx.rng
    slot = rng.choice([s for s in ("fy", "q", "ytd", "inst") if s in ctx.slots])
    pool = [m for m, mm in METRICS.items() if ctx.has(m, slot) and mm.unit == "money" and m not in ("cfi", "cff", "income_tax")]
    if not pool:
        raise Skip
    metric = rng.choice(pool)
    fact = ctx.fact(metric, slot)
    loss = fact.value < 0 and metric in ("net_income", "operating_income", "pretax", "comprehensive_income", "net_income_common")
    hedge = rng.choice([None, None, "about", "approximately", "roughly", "nearly", "almost", "more than", "over", "at least"])
    term = ctx.term(metric, style)
    if loss:
        # "a net loss of $71.4 million": the magnitude, the sign in the word
        term = {
            "net_income": "net loss",
            "operating_income": "operating loss",
            "pretax": "pretax loss",
            "comprehensive_income": "comprehensive loss",
            "net_income_common": "net loss attributable to common stockholders",
        }[metric]
        flipped = Fact(
            fact.qname, fact.local, fact.period, fact.kind, fact.start, fact.end, -fact.value, fact.decimals, fact.unit
        )
        lt, lvl = abs_level(ctx, flipped, fact, style, make_false, hedge)
    else:
        lt, lvl = level_sub(
            ctx,
            metric,
            slot,
            style,
            make_false,
            "{v}",
            hedge=hedge,
            errors=["wrong_period", "pct_off", "wrong_scale", "transposed"],
        )
    when = ctx.when(slot, "news")
    verb = "reported" if METRICS[metric].kind == "duration" else "had"
    article = "a " if loss else ""
    text = rng.choice(
        [
            f"{ctx.f.short} {verb} {article}{term} of {lt} {when}",
            f"{capitalized(when)}, {ctx.f.short} {verb} {article}{term} of {lt}",
        ]
    )
    return text, [lvl]


def abs_level(ctx: Ctx, shown: Fact, real: Fact, style: str, make_false: bool, hedge: str | None) -> tuple[str, Sub]:
    """A loss written as a magnitude: the sub-claim states -magnitude."""
    render = ctx.money(shown.value, shown.half, style)
    w = render(shown.value)
    hedge = fit_hedge(hedge, w.value, shown.value)
    err = detail = None
    if make_false:
        w, err, detail = falsify_value(ctx, shown, w, style, render, ["pct_off", "wrong_scale", "transposed"], None, bool(hedge))
        if hedge in ("more than", "over", "at least") and w.value <= shown.value:
            hedge = "about"
        if hedge in ("nearly", "almost"):
            hedge = "about"
    text = f"{hedge} {w.text}" if hedge else w.text
    return text, Sub(
        "level",
        text,
        text,
        not make_false,
        plain(real.value),
        plain(real.value) + (f" [{detail}]" if detail else ""),
        [real],
        claimed_value=plain(-w.value),
        half_unit=plain(w.unit_half),
        error=err,
        hedge=hedge,
    )


def news_loss_comparison(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Advent's net loss narrowed to $71.4 million in 2023 from $74.3 million a year earlier"""
    rng = ctx.rng
    slot = rng.choice([s for s in ("fy", "q", "ytd") if s in ctx.slots and prior_of(s) in ctx.slots] or ["-"])
    metric = rng.choice(
        [m for m in ("net_income", "operating_income") if ctx.has(m, slot) and ctx.has(m, prior_of(slot))] or ["-"]
    )
    cur, pri = ctx.fact(metric, slot), ctx.fact(metric, prior_of(slot))
    if cur.value >= 0 or pri.value >= 0 or abs(cur.value - pri.value) < D("0.02") * abs(pri.value):
        raise Skip
    narrowed = abs(cur.value) < abs(pri.value)
    flags = pick_false(3, make_false, rng)
    said = narrowed if not flags[0] else not narrowed
    word = "narrowed" if said else "widened"
    neg: Callable[[Fact], Fact] = lambda f: Fact(f.qname, f.local, f.period, f.kind, f.start, f.end, -f.value, f.decimals, f.unit)  # noqa: E731
    t1, s1 = abs_level(ctx, neg(cur), cur, style, flags[1], None)
    t2, s2 = abs_level(ctx, neg(pri), pri, style, flags[2], None)
    comp = Sub(
        "comparison",
        f"{word}",
        word,
        not flags[0],
        "narrowed" if narrowed else "widened",
        f"|{plain(cur.value)}| {'<' if narrowed else '>'} |{plain(pri.value)}|",
        [cur, pri],
        error="wrong_comparison" if flags[0] else None,
    )
    loss = {"net_income": "net loss", "operating_income": "operating loss"}[metric]
    text = f"{possessive(ctx.f.short)} {loss} {word} to {t1} {ctx.when(slot, 'news')} from {t2} a year earlier"
    return text, [comp, s1, s2]


def news_comparison(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Operating cash flow exceeded net income / revenue more than doubled / grew faster than costs"""
    rng = ctx.rng
    slot = flow_slot(ctx)
    options = []
    if ctx.has("cfo", slot) and ctx.has("net_income", slot) and "net_income" not in ctx.f.ambiguous:
        options.append("cfo_vs_ni")
    if (
        ctx.has("revenue", slot)
        and ctx.has("revenue", prior_of(slot))
        and ctx.has("cost_of_revenue", slot)
        and ctx.has("cost_of_revenue", prior_of(slot))
    ):
        options.append("faster")
    for m in ("net_income", "operating_income", "revenue", "cfo"):
        if ctx.has(m, slot) and ctx.has(m, prior_of(slot)) and m not in ctx.f.ambiguous:
            options.append(f"double:{m}")
    if not options:
        raise Skip
    pick = rng.choice(options)
    when = ctx.when(slot, "news")
    if pick == "cfo_vs_ni":
        a, b = ctx.fact("cfo", slot), ctx.fact("net_income", slot)
        if abs(a.value - b.value) < D("0.05") * max(abs(a.value), abs(b.value)):
            raise Skip
        truth = a.value > b.value
        said = truth != make_false
        word = "exceeded" if said else "fell short of"
        text = f"{possessive(ctx.f.short)} operating cash flow {word} its net income {when}"
        return text, [
            Sub(
                "comparison",
                f"operating cash flow {word} its net income",
                word,
                not make_false,
                "exceeded" if truth else "fell short of",
                f"{plain(a.value)} {'>' if truth else '<'} {plain(b.value)}",
                [a, b],
                error="wrong_comparison" if make_false else None,
            )
        ]
    if pick == "faster":
        r1 = ratio_range(ctx.fact("revenue", slot), ctx.fact("revenue", prior_of(slot)), True)
        r2 = ratio_range(ctx.fact("cost_of_revenue", slot), ctx.fact("cost_of_revenue", prior_of(slot)), True)
        if r1 is None or r2 is None or abs(r1[2] - r2[2]) < D("0.01"):
            raise Skip
        truth = r1[2] > r2[2]
        said = truth != make_false
        word = "faster" if said else "more slowly"
        facts = [
            ctx.fact("revenue", slot),
            ctx.fact("revenue", prior_of(slot)),
            ctx.fact("cost_of_revenue", slot),
            ctx.fact("cost_of_revenue", prior_of(slot)),
        ]
        text = f"{possessive(ctx.f.short)} revenue grew {word} than its cost of revenue {when}"
        return text, [
            Sub(
                "comparison",
                f"revenue grew {word} than its cost of revenue",
                word,
                not make_false,
                f"revenue growth {expected_text(r1[2])} vs cost growth {expected_text(r2[2])}",
                f"({plain(facts[0].value)} / {plain(facts[1].value)} - 1) {'>' if truth else '<'} ({plain(facts[2].value)} / {plain(facts[3].value)} - 1)",
                facts,
                error="wrong_comparison" if make_false else None,
            )
        ]
    metric = pick.split(":")[1]
    cur, pri = ctx.fact(metric, slot), ctx.fact(metric, prior_of(slot))
    if pri.value <= 0 or cur.value <= 0:
        raise Skip
    ratio = cur.value / pri.value
    doubled = ratio >= D("2.02")
    if not doubled and ratio > D("1.8"):
        raise Skip
    if doubled == make_false:  # asked to say something true with "doubled" only when it did
        if make_false and doubled:
            raise Skip
        if not make_false and not doubled:
            raise Skip
    term = ctx.term(metric, style)
    text = f"{possessive(ctx.f.short)} {term} more than doubled {when} compared with the prior year"
    return text, [
        Sub(
            "comparison",
            "more than doubled",
            "more than doubled",
            not make_false,
            expected_text(ratio),
            f"{plain(cur.value)} / {plain(pri.value)} {'>=' if doubled else '<'} 2",
            [cur, pri],
            error="wrong_comparison" if make_false else None,
        )
    ]


def news_change(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Cash and cash equivalents increased by $1.2 billion to $7.1 billion since December 31, 2023"""
    rng = ctx.rng
    if "inst" not in ctx.slots or "inst_prior" not in ctx.slots:
        raise Skip
    metric = rng.choice(
        [
            m
            for m in ("cash", "assets", "liabilities", "equity", "current_assets")
            if ctx.has(m, "inst") and ctx.has(m, "inst_prior")
        ]
        or ["-"]
    )
    flags = pick_false(2, make_false, rng)
    ct, cs, cur = change_sub(ctx, metric, "inst", "inst_prior", style, flags[0])
    lt, ls = level_sub(ctx, metric, "inst", style, flags[1], "to {v}", errors=["pct_off", "wrong_scale", "transposed"])
    since = (
        f"from {long_date(ctx.slots['inst_prior'].end)}"
        if rng.random() < 0.5
        else f"compared with {long_date(ctx.slots['inst_prior'].end)}"
    )
    text = f"{possessive(ctx.f.short)} {ctx.term(metric, style)} {ct} {lt} {ctx.when('inst', 'news')}, {since}"
    return text, [cs, ls]
