"""Sub-claim builders the styles share: levels, changes, growth, margins, ratios, differences."""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import Decimal, localcontext

from auditgraph.eval.claims_devset.blocks import Ctx, Skip, Sub, expected_text
from auditgraph.eval.claims_devset.falsify import falsify_value
from auditgraph.eval.claims_devset.filings import Fact, plain
from auditgraph.eval.claims_devset.metrics import METRICS
from auditgraph.eval.claims_devset.written import (
    SCALES,
    D,
    Written,
    fmt_pct,
    fmt_per_share,
    group,
    money_dp,
    pct_dp,
    q_round,
    ratio_range,
    stable,
)

Builder = Callable[[Ctx, str, bool], tuple[str, list[Sub]]]


def level_sub(
    ctx: Ctx,
    metric: str,
    slot: str,
    style: str,
    make_false: bool,
    span_fmt: str,
    hedge: str | None = None,
    errors: list[str] | None = None,
) -> tuple[str, Sub]:
    """One level sub-claim: returns (text, sub). span_fmt has {v} for the written value."""
    fact = ctx.fact(metric, slot)
    m = METRICS[metric]
    render: Callable[[Decimal], Written]
    if m.unit == "per_share":
        render = lambda v: fmt_per_share(v, "parens" if style == "workpaper" else "minus")  # noqa: E731
    elif m.unit == "shares":
        render = lambda v: _shares(ctx, v, fact.half)  # noqa: E731
    else:
        render = ctx.money(fact.value, fact.half, style)
    w = render(fact.value)
    hedge = fit_hedge(hedge, w.value, fact.value)
    sub_err = detail = None
    if make_false:
        prior_slot = {"fy": "fy_prior", "q": "q_prior", "ytd": "ytd_prior", "inst": "inst_prior"}.get(slot)
        prior = ctx.fact(metric, prior_slot) if prior_slot and ctx.has(metric, prior_slot) else None
        kinds = errors or ["wrong_period", "pct_off", "wrong_scale", "transposed"] + (["sign"] if m.signed else [])
        w, sub_err, detail = falsify_value(ctx, fact, w, style, render, kinds, prior, hedged=bool(hedge))
        if hedge in ("more than", "over", "at least") and w.value <= fact.value:
            hedge = "about"
        if hedge in ("nearly", "almost"):
            hedge = "about"
    shown = f"{hedge} {w.text}" if hedge else w.text
    text = span_fmt.format(v=shown)
    return text, Sub(
        "level",
        text,
        shown,
        not make_false,
        plain(fact.value),
        plain(fact.value),
        [fact],
        claimed_value=plain(w.value),
        half_unit=plain(w.unit_half),
        error=sub_err,
        hedge=hedge,
    ) if not detail else Sub(
        "level",
        text,
        shown,
        False,
        plain(fact.value),
        f"{plain(fact.value)} ({detail})",
        [fact],
        claimed_value=plain(w.value),
        half_unit=plain(w.unit_half),
        error=sub_err,
        hedge=hedge,
    )


def fit_hedge(hedge: str | None, written: Decimal, value: Decimal) -> str | None:
    """Keep a directional hedge only where it holds of the correctly rounded value; otherwise
    the one of the other direction (rounded up: 'nearly', down: 'more than'), else 'about'."""
    if hedge is None or _hedge_holds(hedge, written, value):
        return hedge
    other = {"more than": "nearly", "over": "almost", "at least": "nearly", "nearly": "more than", "almost": "over"}.get(hedge)
    return other if other and _hedge_holds(other, written, value) else "about"


def _hedge_holds(hedge: str, written: Decimal, value: Decimal) -> bool:
    """A directional hedge on a correctly rounded value must also hold literally."""
    if hedge in ("more than", "over"):
        return written < value
    if hedge == "at least":
        return written <= value
    if hedge in ("nearly", "almost"):
        return written > value
    return True


def _shares(ctx: Ctx, v: Decimal, half: Decimal) -> Written:
    scale = "billion" if abs(v) >= 10**9 else "million"
    dp = money_dp(v, half, scale, ctx.rng, extra=False)
    if dp is None:
        raise Skip
    n = q_round(v / SCALES[scale], dp)
    return Written(f"{group(n, dp)} {scale}", n * SCALES[scale], D(5).scaleb(-dp - 1) * SCALES[scale])


def _growth(ctx: Ctx, metric: str, slot: str, prior_slot: str) -> tuple[Fact, Fact, tuple[Decimal, Decimal, Decimal]]:
    cur, pri = ctx.fact(metric, slot), ctx.fact(metric, prior_slot)
    if not METRICS[metric].positive or cur.value <= 0 or pri.value <= 0:
        raise Skip
    r = ratio_range(cur, pri, minus_one=True)
    if r is None or abs(r[2]) < D("0.005"):
        raise Skip  # flat: "rose 0.3%" invites a sign quibble
    return cur, pri, r


def growth_sub(
    ctx: Ctx, metric: str, slot: str, prior_slot: str, style: str, make_false: bool, fmt: Callable[[str, Decimal], str]
) -> Sub:
    """'rose 6.7%': fmt(pct_text, signed_rate) builds the span (direction word from the sign)."""
    cur, pri, (lo, hi, exact) = _growth(ctx, metric, slot, prior_slot)
    dp = pct_dp(lo, hi, exact)
    if dp is None:
        raise Skip
    w = fmt_pct(exact, dp, word=style == "news" and ctx.rng.random() < 0.3)
    error = detail = None
    claimed_rate = w.value
    if make_false:
        choice = ctx.rng.choice(["wrong_ratio", "pp_off", "sign"])
        if choice == "wrong_ratio":
            with localcontext() as c:
                c.prec = 40
                bad = (cur.value - pri.value) / cur.value  # divided by the current year instead of the prior
            error, detail = "wrong_ratio", "(cur - prior) / cur"
        elif choice == "sign":
            bad = -exact
            error, detail = "sign", "direction flipped"
        else:
            bad = exact + D(ctx.rng.choice([1, 2, 3, -1, -2, -3])) / 100
            error, detail = "pct_off", "percentage points off"
        w = fmt_pct(bad, dp, word="percent" in w.text)
        if abs(w.value - exact) < D("0.01") or (w.value > 0) != (bad > 0):
            if error != "sign" or (w.value > 0) == (exact > 0):
                # too close to the truth (or a rounding flipped the sign): push a full 2 points off
                bad = exact + (D("0.02") if exact >= 0 else D("-0.02"))
                w = fmt_pct(bad, dp, word="percent" in w.text)
                error, detail = "pct_off", "percentage points off"
        claimed_rate = w.value
    mag = w.text.lstrip("-")
    text = fmt(mag, claimed_rate)
    return Sub(
        "growth",
        text,
        mag if claimed_rate >= 0 else f"-{mag}",
        not make_false,
        expected_text(exact),
        f"({plain(cur.value)} - {plain(pri.value)}) / {plain(pri.value)}" + (f" [{detail}]" if detail else ""),
        [cur, pri],
        claimed_value=expected_text(claimed_rate),
        half_unit=plain(w.unit_half),
        error=error,
    )


MARGINS = {  # margin name -> (numerator metric, denominator metric, words)
    "gross": ("gross_profit", "revenue", ("gross margin", "gross profit margin")),
    "operating": ("operating_income", "revenue", ("operating margin", "op margin", "EBIT margin")),
    "net": ("net_income", "revenue", ("net margin", "net profit margin")),
}


def margin_sub(ctx: Ctx, which: str, slot: str, style: str, make_false: bool) -> tuple[str, Sub]:
    num_m, den_m, words = MARGINS[which]
    n, d = ctx.fact(num_m, slot), ctx.fact(den_m, slot)
    if d.value <= 0:
        raise Skip
    if num_m in ctx.f.ambiguous or den_m in ctx.f.ambiguous:
        raise Skip  # "net margin" would not say which net income
    r = ratio_range(n, d)
    if r is None:
        raise Skip  # the denominator's rounding interval spans zero: no ratio to state
    lo, hi, exact = r
    if abs(exact) > 5:
        raise Skip
    dp = pct_dp(lo, hi, exact)
    if dp is None:
        raise Skip
    w = fmt_pct(exact, dp)
    word = ctx.rng.choice(words if style == "analyst" else words[:1] if which != "operating" else ("operating margin",))
    error = detail = None
    arithmetic = f"{plain(n.value)} / {plain(d.value)}"
    if make_false:
        # the denominators people really slip to: cost of revenue (a markup), gross profit
        alt = {"gross": ["cost_of_revenue"], "operating": ["gross_profit", "opex"], "net": ["gross_profit", "pretax"]}[which]
        alt = [m for m in alt if ctx.has(m, slot) and ctx.fact(m, slot).value > 0 and m not in ctx.f.ambiguous]
        if alt and ctx.rng.random() < 0.5:
            other = ctx.fact(ctx.rng.choice(alt), slot)
            with localcontext() as c:
                c.prec = 40
                bad = n.value / other.value
            error, detail = "wrong_ratio", f"divided by {other.qname} {plain(other.value)}"
            if abs(bad) > D("1.5"):
                bad = exact + D("0.03")
                error, detail = "pct_off", "percentage points off"
        else:
            bad = exact + D(ctx.rng.choice([1, 2, 3, 4, -1, -2, -3, -4])) / 100
            error, detail = "pct_off", "percentage points off"
        w = fmt_pct(bad, dp)
        if abs(w.value - exact) < D("0.01"):
            w = fmt_pct(exact + D("0.02"), dp)
            error, detail = "pct_off", "percentage points off"
    text = f"{word} of {w.text}" if style != "analyst" else f"{word} {w.text}"
    return text, Sub(
        "margin",
        text,
        w.text,
        not make_false,
        expected_text(exact),
        arithmetic + (f" [{detail}]" if detail else ""),
        [n, d],
        claimed_value=expected_text(w.value),
        half_unit=plain(w.unit_half),
        error=error,
    )


def current_ratio_sub(ctx: Ctx, slot: str, style: str, make_false: bool) -> tuple[str, Sub]:
    ca, cl = ctx.fact("current_assets", slot), ctx.fact("current_liabilities", slot)
    r = ratio_range(ca, cl)
    if r is None:
        raise Skip  # the denominator's rounding interval spans zero: no ratio to state
    lo, hi, exact = r
    dp = 2 if ctx.rng.random() < 0.6 else 1
    if exact < 1 and dp == 1:
        dp = 2
    while not stable(lo, hi, dp):
        dp += 1
        if dp > 3:
            raise Skip
    times = style != "analyst" and ctx.rng.random() < 0.5
    val = q_round(exact, dp)
    error = detail = None
    if make_false:
        if ctx.rng.random() < 0.5:
            bad = cl.value / ca.value
            error, detail = "wrong_ratio", "current liabilities / current assets"
        else:
            bad = exact * (1 + D(ctx.rng.choice([8, 10, 12, -8, -10, -12])) / 100)
            error, detail = "pct_off", "ratio off"
        val = q_round(bad, dp)
        if abs(val - exact) < D("0.05") * exact:
            val = q_round(exact * D("1.15"), dp)
            error, detail = "pct_off", "ratio off"
    shown = f"{val:.{dp}f} times" if times else f"{val:.{dp}f}x"
    text = f"current ratio of {shown}" if style != "analyst" else f"current ratio {shown}"
    return text, Sub(
        "ratio",
        text,
        shown,
        not make_false,
        expected_text(exact),
        f"{plain(ca.value)} / {plain(cl.value)}" + (f" [{detail}]" if detail else ""),
        [ca, cl],
        claimed_value=plain(val),
        half_unit=plain(D(5).scaleb(-dp - 1)),
        error=error,
    )


def difference_sub(
    ctx: Ctx, a_m: str, b_m: str, slot: str, style: str, make_false: bool, fmt: Callable[[str], str], kind: str = "difference"
) -> tuple[str, Sub]:
    a, b = ctx.fact(a_m, slot), ctx.fact(b_m, slot)
    diff = a.value - b.value
    if diff <= 0:
        raise Skip
    half = a.half + b.half
    render = ctx.money(diff, half, style)
    w = render(diff)
    error = detail = None
    if make_false:
        pseudo = Fact(a.qname, a.local, a.period, a.kind, a.start, a.end, diff, a.decimals, a.unit)
        w, error, detail = falsify_value(ctx, pseudo, w, style, render, ["pct_off", "wrong_scale", "transposed"])
    text = fmt(w.text)
    return text, Sub(
        kind,
        text,
        w.text,
        not make_false,
        plain(diff),
        f"{plain(a.value)} - {plain(b.value)}" + (f" [{detail}]" if detail else ""),
        [a, b],
        claimed_value=plain(w.value),
        half_unit=plain(w.unit_half),
        error=error,
    )


def change_sub(ctx: Ctx, metric: str, slot: str, prior_slot: str, style: str, make_false: bool) -> tuple[str, Sub, Fact]:
    cur, pri = ctx.fact(metric, slot), ctx.fact(metric, prior_slot)
    diff = cur.value - pri.value
    if diff == 0 or abs(diff) < D("0.01") * abs(pri.value):
        raise Skip
    money = ctx.money(abs(diff), cur.half + pri.half, style)
    render: Callable[[Decimal], Written] = lambda v: money(abs(v))  # noqa: E731
    w = render(diff)
    up = diff > 0
    error = detail = None
    if make_false:
        if ctx.rng.random() < 0.35:
            up, error, detail = not up, "sign", "direction flipped"
        else:
            pseudo = Fact(cur.qname, cur.local, cur.period, cur.kind, cur.start, cur.end, abs(diff), cur.decimals, cur.unit)
            w, error, detail = falsify_value(ctx, pseudo, w, style, render, ["pct_off", "wrong_scale", "transposed"])
    verb = ctx.rng.choice(["increased", "rose", "grew"]) if up else ctx.rng.choice(["decreased", "fell", "declined"])
    text = f"{verb} by {w.text}"
    claimed = w.value if up else -w.value
    return (
        text,
        Sub(
            "change",
            text,
            f"{'+' if up else '-'}{w.text}",
            not make_false,
            plain(diff),
            f"{plain(cur.value)} - {plain(pri.value)}" + (f" [{detail}]" if detail else ""),
            [cur, pri],
            claimed_value=plain(claimed),
            half_unit=plain(w.unit_half),
            error=error,
        ),
        cur,
    )


def prior_of(slot: str) -> str:
    return {"fy": "fy_prior", "q": "q_prior", "ytd": "ytd_prior", "inst": "inst_prior"}[slot]


def flow_slot(ctx: Ctx) -> str:
    opts = [s for s in ("fy", "q", "ytd") if s in ctx.slots]
    if not opts:
        raise Skip
    return ctx.rng.choice(opts)


def _entity(ctx: Ctx, style: str) -> str:
    if style == "analyst":
        return ctx.f.ticker
    return ctx.f.short


def indefinite_article(word: str) -> str:
    return "an" if word[:1].lower() in "aeio" else "a"


def capitalized(s: str) -> str:
    return s[0].upper() + s[1:] if s else s


def possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def change_verb(rate: Decimal, rng: random.Random) -> str:
    if rate > 0:
        return rng.choice(["rose", "increased", "grew", "climbed"] + (["jumped", "surged"] if rate > D("0.15") else []))
    return rng.choice(["fell", "declined", "decreased", "dropped"] + (["slipped"] if rate > D("-0.05") else []))


def pick_false(n: int, make_false: bool, rng: random.Random) -> list[bool]:
    """Which of n sub-claims carries the error (exactly one when the sentence is false)."""
    out = [False] * n
    if make_false:
        out[rng.randrange(n)] = True
    return out
