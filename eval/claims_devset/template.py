"""Template: a question and a bare answer."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from decimal import Decimal

from auditgraph.eval.claims_devset.blocks import Ctx, Skip, Sub
from auditgraph.eval.claims_devset.falsify import falsify_value
from auditgraph.eval.claims_devset.filings import plain
from auditgraph.eval.claims_devset.metrics import METRICS
from auditgraph.eval.claims_devset.subclaims import (
    MARGINS,
    current_ratio_sub,
    flow_slot,
    growth_sub,
    margin_sub,
    possessive,
    prior_of,
)
from auditgraph.eval.claims_devset.written import SCALES, D, Written, far_enough, fmt_per_share, group, money_dp, q_round, stable


def template_level(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    rng = ctx.rng
    render: Callable[[Decimal], Written]
    answer_of: Callable[[Written], str]
    slot = rng.choice([s for s in ("fy", "fy_prior", "q", "q_prior", "ytd", "ytd_prior", "inst", "inst_prior") if s in ctx.slots])
    pool = [
        m for m, mm in METRICS.items() if ctx.has(m, slot) and mm.kind == ("instant" if slot.startswith("inst") else "duration")
    ]
    if not pool:
        raise Skip
    metric = rng.choice(pool)
    fact = ctx.fact(metric, slot)
    m = METRICS[metric]
    term = ctx.term(metric, style)
    if (
        fact.value < 0
        and re.search(r"\bloss\b|used in|deficit", term, re.I)
        and not re.search(r"income|earnings|provided|profit", term, re.I)
    ):
        term = m.terms[0]  # "operating loss ... -76.0" would be a double negative
    when = ctx.when(slot, "template").replace("in the ", "for the ").replace("in fiscal", "for fiscal")
    if m.unit == "per_share":
        w = fmt_per_share(fact.value, "minus")
        suffix, answer_of = rng.choice([(", in USD per share", lambda x: f"{x.value:.2f}"), ("", lambda x: x.text)])
        render = lambda v: fmt_per_share(v, "minus")  # noqa: E731
    elif m.unit == "shares":
        s = rng.choice(["million", "thousand"])
        if fact.half * 2 > SCALES[s] and s == "thousand":
            s = "million"
        share_dp = money_dp(fact.value, fact.half, s, rng, extra=False)
        if share_dp is None:
            raise Skip

        def render(v: Decimal) -> Written:
            return Written(
                group(v / SCALES[s], share_dp),
                q_round(v / SCALES[s], share_dp) * SCALES[s],
                D(5).scaleb(-share_dp - 1) * SCALES[s],
            )

        w = render(fact.value)
        suffix, answer_of = f", in {s}s of shares", lambda x: x.text
    else:
        options = [
            ("thousand", ", in thousands of USD"),
            ("thousand", " (in thousands)"),
            ("million", " (in millions)"),
            ("million", ", in millions"),
            ("", ", in USD"),
            ("", ""),
            ("million", ", in millions of USD"),
        ]
        s, suffix = rng.choice(options)
        if SCALES[s] < fact.half * 2:
            s, suffix = "million", " (in millions)"
        dp = 0 if s != "million" or abs(fact.value) >= 10**8 else money_dp(fact.value, fact.half, "million", rng, extra=False)
        if dp is None:
            raise Skip
        if not stable((fact.value - fact.half) / SCALES[s], (fact.value + fact.half) / SCALES[s], dp):
            raise Skip
        if s == "" and suffix == "":
            render = lambda v: Written(("-" if v < 0 else "") + "$" + group(abs(v), 0), q_round(v, 0), D("0.5"))  # noqa: E731
        else:

            def render(v: Decimal) -> Written:
                return Written(group(v / SCALES[s], dp), q_round(v / SCALES[s], dp) * SCALES[s], D(5).scaleb(-dp - 1) * SCALES[s])

        w = render(fact.value)
        answer_of = lambda x: x.text  # noqa: E731
    err = detail = None
    if make_false:
        prior_slot = {"fy": "fy_prior", "q": "q_prior", "ytd": "ytd_prior", "inst": "inst_prior"}.get(slot)
        prior = ctx.fact(metric, prior_slot) if prior_slot and ctx.has(metric, prior_slot) else None
        kinds = ["wrong_period", "pct_off", "transposed", "wrong_scale_answer"] + (["sign"] if m.signed else [])
        kind = rng.choice(kinds)
        if kind == "wrong_scale_answer" and m.unit == "money" and suffix:
            w = render(fact.value * 1000)  # the figure copied from a statement in a finer scale
            if not far_enough(w.value, fact.value, w.unit_half, D("0.5")):
                raise Skip
            err, detail = "wrong_scale", "answer in the wrong scale"
        else:
            w, err, detail = falsify_value(
                ctx, fact, w, style, render, [kind if kind != "wrong_scale_answer" else "pct_off", "pct_off", "transposed"], prior
            )
    q = f"What was {term} {when}{suffix}?"
    if rng.random() < 0.25:
        q = f"What was {possessive(ctx.f.short)} {term} {when}{suffix}?"
    answer = answer_of(w)
    sub = Sub(
        "level",
        answer,
        answer,
        not make_false,
        plain(fact.value),
        plain(fact.value) + (f" [{detail}]" if detail else ""),
        [fact],
        claimed_value=plain(w.value),
        half_unit=plain(w.unit_half),
        error=err,
    )
    return json.dumps({"question": q, "answer": answer}), [sub]


def template_ratio(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    rng = ctx.rng
    slot = flow_slot(ctx)
    pick = rng.choice(["margin", "growth", "current"])
    when = ctx.when(slot, "template").replace("in the ", "for the ").replace("in fiscal", "for fiscal")
    if pick == "current":
        if "inst" not in ctx.slots:
            raise Skip
        t, s = current_ratio_sub(ctx, "inst", style, make_false)
        answer = s.claimed.replace(" times", "").replace("x", "")
        s.claimed = answer
        s.text = answer
        return json.dumps({"question": f"What was the current ratio {ctx.when('inst', 'template')}?", "answer": answer}), [s]
    if pick == "margin":
        which = rng.choice(
            [w for w in ("gross", "operating", "net") if ctx.has(MARGINS[w][0], slot) and ctx.has("revenue", slot)] or ["-"]
        )
        if which == "-":
            raise Skip
        t, s = margin_sub(ctx, which, slot, style, make_false)
        word = t.split(" of ")[0]
        q = f"What was the {word} {when}?" if rng.random() < 0.5 else f"What was the {word} {when}, in percent?"
        answer = s.claimed if "in percent" not in q else s.claimed.rstrip("%")
        s.text = answer
        return json.dumps({"question": q, "answer": answer}), [s]
    metric = rng.choice(
        [
            m
            for m in ("revenue", "net_income", "operating_income", "gross_profit")
            if ctx.has(m, slot) and ctx.has(m, prior_of(slot))
        ]
        or ["-"]
    )
    g = growth_sub(ctx, metric, slot, prior_of(slot), style, make_false, lambda mag, r: f"{'-' if r < 0 else ''}{mag}")
    q = f"By what percentage did {ctx.term(metric, style)} change {when} compared with the prior-year period?"
    g.text = g.text
    return json.dumps({"question": q, "answer": g.text}), [g]
