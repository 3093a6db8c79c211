"""Earnings summaries."""

from __future__ import annotations

from auditgraph.eval.claims_devset.blocks import Ctx, Skip, Sub
from auditgraph.eval.claims_devset.falsify import falsify_value
from auditgraph.eval.claims_devset.filings import Fact, plain
from auditgraph.eval.claims_devset.news import abs_level
from auditgraph.eval.claims_devset.subclaims import (
    MARGINS,
    capitalized,
    flow_slot,
    growth_sub,
    indefinite_article,
    level_sub,
    margin_sub,
    pick_false,
    prior_of,
)
from auditgraph.eval.claims_devset.written import fmt_per_share


def earnings_ni_eps(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Net income for the quarter was $5.4 billion, or $1.26 per diluted share"""
    rng = ctx.rng
    slot = flow_slot(ctx)
    ni, eps = ctx.fact("net_income", slot), ctx.fact("eps_diluted", slot)
    flags = pick_false(2, make_false, rng)
    if ni.value < 0:
        neg = Fact(ni.qname, ni.local, ni.period, ni.kind, ni.start, ni.end, -ni.value, ni.decimals, ni.unit)
        t1, s1 = abs_level(ctx, neg, ni, style, flags[0], None)
        head = "Net loss"
    else:
        t1, s1 = level_sub(
            ctx, "net_income", slot, style, flags[0], "{v}", errors=["wrong_period", "pct_off", "wrong_scale", "transposed"]
        )
        head = "Net income" if "net_income" not in ctx.f.ambiguous else f"Net income attributable to {ctx.f.short}"
    if eps.value < 0:
        w = fmt_per_share(-eps.value)
        err = detail = None
        if flags[1]:
            w, err, detail = falsify_value(
                ctx,
                Fact(eps.qname, eps.local, eps.period, eps.kind, eps.start, eps.end, -eps.value, eps.decimals, eps.unit),
                w,
                style,
                lambda v: fmt_per_share(v),
                ["pct_off", "transposed", "wrong_period"],
            )
        t2 = f"{w.text} per diluted share"
        s2 = Sub(
            "level",
            t2,
            w.text,
            not flags[1],
            plain(eps.value),
            plain(eps.value) + (f" [{detail}]" if detail else ""),
            [eps],
            claimed_value=plain(-w.value),
            half_unit=plain(w.unit_half),
            error=err,
        )
        t2 = f"or a loss of {t2}"
    else:
        t2, s2 = level_sub(
            ctx, "eps_diluted", slot, style, flags[1], "{v} per diluted share", errors=["wrong_period", "pct_off", "transposed"]
        )
        t2 = f"or {t2}"
    when = ctx.when(slot, "earnings")
    text = f"{head} {when} was {t1}, {t2}"
    return text, [s1, s2]


def earnings_revenue(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Revenue for the third quarter was $9.82 billion, up 15.0% from the year-ago quarter"""
    rng = ctx.rng
    slot = rng.choice([s for s in ("fy", "q", "ytd") if s in ctx.slots and prior_of(s) in ctx.slots] or ["-"])
    metric = rng.choice([m for m in ("revenue", "operating_income", "gross_profit") if ctx.has(m, slot)] or ["-"])
    flags = pick_false(2, make_false, rng)
    lt, ls = level_sub(ctx, metric, slot, style, flags[0], "{v}", errors=["wrong_period", "pct_off", "wrong_scale", "transposed"])
    g = growth_sub(
        ctx,
        metric,
        slot,
        prior_of(slot),
        style,
        flags[1],
        lambda mag, r: (
            f"{'up' if r >= 0 else 'down'} {mag} from "
            + ("the year-ago quarter" if slot == "q" else "the prior-year period" if slot == "ytd" else "the prior year")
        ),
    )
    term = capitalized(ctx.term(metric, style))
    when = ctx.when(slot, "earnings")
    verb = ctx.rng.choice(["was", "came in at", "totaled"])
    return f"{term} {when} {verb} {lt}, {g.text}", [ls, g]


def earnings_margin(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Gross profit was $169.1 billion for fiscal 2023, a gross margin of 44.1%"""
    rng = ctx.rng
    slot = flow_slot(ctx)
    which = rng.choice([w for w in ("gross", "operating") if ctx.has(MARGINS[w][0], slot) and ctx.has("revenue", slot)] or ["-"])
    if which == "-":
        raise Skip
    num_m = MARGINS[which][0]
    if ctx.fact(num_m, slot).value <= 0:
        raise Skip
    flags = pick_false(2, make_false, rng)
    lt, ls = level_sub(ctx, num_m, slot, style, flags[0], "{v}", errors=["wrong_period", "pct_off", "wrong_scale", "transposed"])
    mt, ms = margin_sub(ctx, which, slot, style, flags[1])
    return f"{capitalized(ctx.term(num_m, style))} was {lt} {ctx.when(slot, 'earnings')}, {indefinite_article(mt)} {mt}", [ls, ms]


def earnings_cash(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Operating cash flow was $7.3 billion and capital expenditures were $0.35 billion; cash ended at $7.1 billion"""
    rng = ctx.rng
    slot = flow_slot(ctx)
    flags = pick_false(3, make_false, rng)
    t1, s1 = level_sub(ctx, "cfo", slot, style, flags[0], "{v}")
    subs = [s1]
    text = f"Cash provided by operating activities was {t1} {ctx.when(slot, 'earnings')}"
    if ctx.has("capex", slot):
        t2, s2 = level_sub(ctx, "capex", slot, style, flags[1], "{v}")
        text += f", and capital expenditures were {t2}"
        subs.append(s2)
    if "inst" in ctx.slots and ctx.has("cash", "inst"):
        t3, s3 = level_sub(ctx, "cash", "inst", style, flags[2], "{v}")
        text += f"; cash and cash equivalents totaled {t3} {ctx.when('inst', 'earnings')}"
        subs.append(s3)
    if make_false and not any(not s.truth for s in subs):
        raise Skip
    return text, subs


def earnings_opex(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """R&D expense was $X and SG&A was $Y for the quarter"""
    rng = ctx.rng
    slot = flow_slot(ctx)
    pool = [m for m in ("rd", "sga", "opex", "income_tax", "pretax") if ctx.has(m, slot) and ctx.fact(m, slot).value > 0]
    if len(pool) < 2:
        raise Skip
    a, b = rng.sample(pool, 2)
    flags = pick_false(2, make_false, rng)
    t1, s1 = level_sub(ctx, a, slot, style, flags[0], "{v}")
    t2, s2 = level_sub(ctx, b, slot, style, flags[1], "{v}")
    return f"{capitalized(ctx.term(a, style))} was {t1} and {ctx.term(b, style)} was {t2} {ctx.when(slot, 'earnings')}", [s1, s2]
