"""Analyst notes."""

from __future__ import annotations

from auditgraph.eval.claims_devset.blocks import Ctx, Skip, Sub
from auditgraph.eval.claims_devset.subclaims import (
    MARGINS,
    current_ratio_sub,
    difference_sub,
    flow_slot,
    growth_sub,
    level_sub,
    margin_sub,
    pick_false,
    prior_of,
)


def analyst_growth_level(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """NFLX: FY23 revenue +6.7% y/y to $33.7bn; op margin 20.6%"""
    rng = ctx.rng
    slot = rng.choice([s for s in ("fy", "q", "ytd") if s in ctx.slots and prior_of(s) in ctx.slots] or ["-"])
    metric = rng.choice(
        [m for m in ("revenue", "gross_profit", "operating_income", "net_income", "cfo") if ctx.has(m, slot)] or ["-"]
    )
    with_margin = rng.random() < 0.5 and metric == "revenue"
    flags = pick_false(3 if with_margin else 2, make_false, rng)
    g = growth_sub(
        ctx,
        metric,
        slot,
        prior_of(slot),
        style,
        flags[0],
        lambda mag, r: f"{'+' if r >= 0 else '-'}{mag} {rng.choice(['y/y', 'YoY', 'y/y'])}",
    )
    lvl_text, lvl = level_sub(ctx, metric, slot, style, flags[1], "to {v}", errors=["pct_off", "wrong_scale", "transposed"])
    when = ctx.when(slot, "analyst")
    term = ctx.term(metric, style)
    text = f"{ctx.f.ticker}: {when} {term} {g.text} {lvl_text}"
    subs = [g, lvl]
    if with_margin:
        which = rng.choice([w for w in ("operating", "gross", "net") if ctx.has(MARGINS[w][0], slot)] or ["-"])
        if which == "-":
            raise Skip
        mt, ms = margin_sub(ctx, which, slot, style, flags[2])
        text += f"; {mt}"
        subs.append(ms)
    return text, subs


def analyst_levels(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """AAPL FY23: rev $383.3bn, GP $169.1bn, EPS $6.13"""
    rng = ctx.rng
    slot = flow_slot(ctx)
    pool = [
        m
        for m in (
            "revenue",
            "gross_profit",
            "operating_income",
            "net_income",
            "eps_diluted",
            "cfo",
            "capex",
            "rd",
            "sga",
            "diluted_shares",
        )
        if ctx.has(m, slot) and m not in ctx.f.ambiguous
    ]
    if len(pool) < 2:
        raise Skip
    picks = rng.sample(pool, min(3, len(pool)))
    flags = pick_false(len(picks), make_false, rng)
    short = {
        "revenue": ["rev", "revenue", "sales"],
        "gross_profit": ["GP", "gross profit"],
        "operating_income": ["EBIT", "op inc", "operating profit"],
        "net_income": ["NI", "net income"],
        "eps_diluted": ["dil. EPS", "diluted EPS", "EPS (diluted)"],
        "cfo": ["CFO", "op cash flow"],
        "capex": ["capex"],
        "rd": ["R&D"],
        "sga": ["SG&A"],
        "diluted_shares": ["dil. shares", "diluted share count"],
    }
    parts, subs = [], []
    for m, bad in zip(picks, flags):
        t, s = level_sub(ctx, m, slot, style, bad, rng.choice(short[m]) + " {v}")
        parts.append(t)
        subs.append(s)
    return f"{ctx.f.ticker} {ctx.when(slot, 'analyst')}: " + ", ".join(parts), subs


def analyst_balance(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """NFLX YE23: cash $7.1bn, current ratio 1.12x; total assets $48.7bn"""
    rng = ctx.rng
    if "inst" not in ctx.slots:
        raise Skip
    subs, parts = [], []
    have_cr = ctx.has("current_assets", "inst") and ctx.has("current_liabilities", "inst")
    pool = [m for m in ("cash", "assets", "liabilities", "equity") if ctx.has(m, "inst") and m not in ctx.f.ambiguous]
    if not pool:
        raise Skip
    n = 1 + have_cr + (len(pool) > 1)
    flags = pick_false(n, make_false, rng)
    picks = rng.sample(pool, n - have_cr)
    names = {
        "cash": ["cash", "cash & equivalents"],
        "assets": ["total assets"],
        "liabilities": ["total liabilities"],
        "equity": ["book value", "equity", "shareholders' equity"],
    }
    for m, bad in zip(picks, flags):
        t, s = level_sub(ctx, m, "inst", style, bad, rng.choice(names[m]) + " {v}")
        parts.append(t)
        subs.append(s)
    if have_cr:
        t, s = current_ratio_sub(ctx, "inst", style, flags[-1])
        parts.append(t)
        subs.append(s)
    return f"{ctx.f.ticker} {ctx.when('inst', 'analyst')}: " + "; ".join(parts), subs


def analyst_fcf(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """FCF (CFO less capex) $6.9bn in FY23"""
    slot = flow_slot(ctx)
    rng = ctx.rng
    flags = pick_false(2, make_false, rng)
    t1, s1 = level_sub(ctx, "cfo", slot, style, flags[0], "CFO {v}")
    t2, s2 = difference_sub(
        ctx,
        "cfo",
        "capex",
        slot,
        style,
        flags[1],
        lambda v: rng.choice([f"FCF (CFO less capex) {v}", f"free cash flow {v}", f"FCF {v}"]),
    )
    return f"{ctx.f.ticker} {ctx.when(slot, 'analyst')}: {t1}, {t2}", [s1, s2]
