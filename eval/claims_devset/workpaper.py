"""Audit work papers."""

from __future__ import annotations

import re
from decimal import Decimal

from auditgraph.eval.claims_devset.blocks import Ctx, Skip, Sub
from auditgraph.eval.claims_devset.falsify import falsify_value
from auditgraph.eval.claims_devset.filings import plain
from auditgraph.eval.claims_devset.metrics import METRICS
from auditgraph.eval.claims_devset.subclaims import (
    MARGINS,
    current_ratio_sub,
    difference_sub,
    flow_slot,
    level_sub,
    margin_sub,
    pick_false,
    prior_of,
)
from auditgraph.eval.claims_devset.written import SCALES, Written, group, q_round


def workpaper_agreed(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Agreed total revenues of $33,723,297 (in thousands) for the year ended December 31, 2023 to the
    consolidated statements of operations"""
    rng = ctx.rng
    slot = rng.choice([s for s in ("fy", "q", "ytd", "inst") if s in ctx.slots])
    pool = [m for m, mm in METRICS.items() if ctx.has(m, slot) and mm.unit == "money" and ctx.label(m, margin_ok=True)]
    if not pool:
        raise Skip
    metric = rng.choice(pool)
    fact = ctx.fact(metric, slot)
    label = ctx.label(metric, margin_ok=True) or ""
    if (
        fact.value < 0
        and re.search(r"\bloss\b|used in", label, re.I)
        and not re.search(r"income|earnings|provided|profit", label, re.I)
    ):
        raise Skip  # "Net loss of $(71,397)" reads as a double negative
    got = ctx.filer_scale(fact.value, fact.half)
    if got is None:
        raise Skip
    w, scale_word = got
    err = detail = None
    if make_false:
        s = {"millions": "million", "thousands": "thousand", "dollars": ""}[scale_word]

        def render(v: Decimal) -> Written:
            n = q_round(v / SCALES[s], 0)
            return Written(f"${group(abs(n), 0)}" if n >= 0 else f"$({group(abs(n), 0)})", n * SCALES[s], SCALES[s] / 2)

        prior = ctx.fact(metric, prior_of(slot)) if prior_of(slot) in ctx.slots and ctx.has(metric, prior_of(slot)) else None
        kind = rng.choice(["transposed", "transposed", "wrong_period", "pct_off", "wrong_scale_label"])
        if kind == "wrong_scale_label":
            bigger = {"thousands": "millions", "dollars": "thousands", "millions": "billions"}[scale_word]
            scale_word = bigger
            w = Written(w.text, w.value * 1000, w.unit_half * 1000)
            err, detail = "wrong_scale", "scale caption x1000"
        else:
            w, err, detail = falsify_value(ctx, fact, w, style, render, [kind, "transposed", "pct_off"], prior)
    when = ctx.when(slot, "workpaper")
    verb = rng.choice(["Agreed", "Traced", "Tied"])
    stmt = ctx.statement(metric)
    caption = f"(in {scale_word})" if scale_word != "dollars" else ""
    text = f"{verb} {label} of {w.text} {caption} {when} to the {stmt}".replace("  ", " ")
    sub = Sub(
        "level",
        f"{label} of {w.text} {caption}".strip(),
        f"{w.text} {caption}".strip(),
        not make_false,
        plain(fact.value),
        plain(fact.value) + (f" [{detail}]" if detail else ""),
        [fact],
        claimed_value=plain(w.value),
        half_unit=plain(w.unit_half),
        error=err,
    )
    return text, [sub]


def workpaper_recalc(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Recalculated gross margin of 44.1% (gross profit / net sales) for fiscal 2023 without exception"""
    rng = ctx.rng
    slot = flow_slot(ctx)
    opts = [w for w in ("gross", "operating", "net") if ctx.has(MARGINS[w][0], slot) and ctx.has("revenue", slot)]
    if "inst" in ctx.slots and ctx.has("current_assets", "inst") and ctx.has("current_liabilities", "inst"):
        opts.append("current")
    if not opts:
        raise Skip
    pick = rng.choice(opts)
    if pick == "current":
        t, s = current_ratio_sub(ctx, "inst", style, make_false)
        return (
            f"Recalculated the {t} (total current assets / total current liabilities) {ctx.when('inst', 'workpaper')} without exception",
            [s],
        )
    t, s = margin_sub(ctx, pick, slot, style, make_false)
    num_l = ctx.label(MARGINS[pick][0]) or METRICS[MARGINS[pick][0]].terms[0]
    den_l = ctx.label("revenue") or "revenue"
    return f"Recalculated {t} ({num_l} / {den_l}) {ctx.when(slot, 'workpaper')}; no exceptions noted", [s]


def workpaper_footing(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Total assets exceeded total liabilities by $X (in thousands) at December 31, 2023 / working capital"""
    rng = ctx.rng
    if "inst" not in ctx.slots:
        raise Skip
    pairs: list[tuple[str, str, str | None]] = []
    if ctx.has("current_assets", "inst") and ctx.has("current_liabilities", "inst"):
        pairs.append(("current_assets", "current_liabilities", "working capital"))
    if ctx.has("assets", "inst") and ctx.has("liabilities", "inst"):
        pairs.append(("assets", "liabilities", None))
    if not pairs:
        raise Skip
    a, b, name = rng.choice(pairs)
    la = ctx.label(a) or METRICS[a].terms[0]
    lb = ctx.label(b) or METRICS[b].terms[0]
    when = ctx.when("inst", "workpaper")
    if name and rng.random() < 0.5:
        t, s = difference_sub(ctx, a, b, "inst", style, make_false, lambda v: f"working capital ({la} less {lb}) of {v}")
        return f"Computed {t} {when}", [s]
    t, s = difference_sub(ctx, a, b, "inst", style, make_false, lambda v: f"{la} exceeded {lb} by {v}")
    return f"Noted that {t} {when}", [s]


def workpaper_eps(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Agreed basic and diluted earnings per share of $6.16 and $6.13 for fiscal 2023 to the income statement"""
    rng = ctx.rng
    slot = flow_slot(ctx)
    if ctx.f.concept_of.get("eps_diluted") == "EarningsPerShareBasicAndDiluted" or not ctx.has("eps_basic", slot):
        raise Skip
    flags = pick_false(2, make_false, rng)
    t1, s1 = level_sub(ctx, "eps_basic", slot, style, flags[0], "{v}", errors=["transposed", "pct_off", "wrong_period", "sign"])
    t2, s2 = level_sub(ctx, "eps_diluted", slot, style, flags[1], "{v}", errors=["transposed", "pct_off", "wrong_period", "sign"])
    return (
        f"Agreed basic and diluted earnings per share of {t1} and {t2} {ctx.when(slot, 'workpaper')} to the {ctx.statement('eps_diluted')}",
        [s1, s2],
    )
