"""Undecidable claims: forecasts, market share, stock price, consensus, headcount, another company."""

from __future__ import annotations

import json

from auditgraph.eval.claims_devset.blocks import Ctx, Skip, Sub
from auditgraph.eval.claims_devset.subclaims import flow_slot, level_sub, possessive
from auditgraph.eval.claims_devset.template import template_level
from auditgraph.eval.claims_devset.written import D, fmt_money, fmt_per_share, group, natural_scale

OTHER_COMPANIES = [
    ("Microsoft", "MSFT"),
    ("Alphabet", "GOOGL"),
    ("Tesla", "TSLA"),
    ("Meta Platforms", "META"),
    ("Walmart", "WMT"),
    ("Coca-Cola", "KO"),
    ("Intel", "INTC"),
    ("Oracle", "ORCL"),
]


def undecidable(ctx: Ctx, which: str, others: list[tuple[str, str]]) -> tuple[str, str, str]:
    """(style, text, kind): sentences no filing can decide."""
    rng = ctx.rng
    f = ctx.f
    fy = f.fiscal_year or f.end.year
    rev = ctx.fact("revenue", flow_slot(ctx)) if any(ctx.has("revenue", s) for s in ("fy", "q", "ytd")) else None
    big = rev.value if rev is not None and rev.value > 0 else D(10) ** 8
    guess = fmt_money(big * D("1.12"), natural_scale(big), 1, "word").text
    if which == "forecast":
        text = rng.choice(
            [
                f"{f.short} expects fiscal {fy + 1} revenue of about {guess}",
                f"{f.ticker}: mgmt guides FY{(fy + 1) % 100:02d} revenue to {guess}, implying ~12% growth",
                f"{f.short} forecast revenue of {guess} for fiscal {fy + 1}, above its {fy} result",
            ]
        )
        return rng.choice(["news", "analyst"]) if "guides" not in text else "analyst", text, "forecast"
    share, pts = rng.randint(8, 41), rng.choice([1, 2, 3])
    if which == "market_share":
        return (
            "news",
            rng.choice(
                [
                    f"{f.short} held a {share}% share of its market {ctx.when(flow_slot(ctx), 'news')}",
                    f"{f.short} gained about {pts} percentage point{'s' if pts > 1 else ''} of market share in fiscal {fy}",
                    f"{f.ticker}: mkt share ~{share}%, +{pts}pp y/y",
                ]
            ),
            "market_share",
        )
    if which == "stock_price":
        px, pe, up = D(rng.randint(1500, 40000)) / 100, D(rng.randint(80, 350)) / 10, rng.randint(3, 40)
        return rng.choice(
            [
                ("news", f"{possessive(f.short)} shares closed at ${px} on the day it filed its report, up {D(up) / 10}%"),
                (
                    "analyst",
                    f"{f.ticker} trades at {pe}x forward earnings with a market cap of about {fmt_money(big * D(rng.randint(2, 9)), natural_scale(big * 5), 0, 'word').text}",
                ),
                ("news", f"{possessive(f.short)} stock rose {up}% in fiscal {fy}, outperforming the S&P 500"),
            ]
        ) + ("stock_price",)
    if which == "consensus":
        eps = ctx.fact("eps_diluted", flow_slot(ctx)) if any(ctx.has("eps_diluted", s) for s in ("fy", "q", "ytd")) else None
        e = fmt_per_share(eps.value).text if eps is not None else "$1.05"
        beat = D(rng.randint(1, 15)) / 100
        return rng.choice(
            [
                ("earnings", f"Diluted EPS of {e} beat the analyst consensus estimate by ${beat}"),
                (
                    "analyst",
                    f"{f.ticker}: EPS {e} vs. Street estimate of {e.replace(e.lstrip('-$()'), str(abs(eps.value if eps else D('1.05')) - beat))}; revenue in line with consensus",
                ),
            ]
        ) + ("consensus",)
    if which == "employees":
        heads = rng.choice([1, 10, 100]) * rng.randint(120, 990) * 10
        return (
            "news",
            f"{f.short} ended fiscal {fy} with about {heads:,} full-time employees, up {rng.randint(2, 9)}% from a year earlier",
            "employees",
        )
    raise ValueError(which)


def template_undecidable(ctx: Ctx, index: int, others: list[tuple[str, str]]) -> tuple[str, str, str]:
    """(question, answer, kind): another company's name on this filing's figure, or a question
    about guidance, the share price or consensus."""
    rng = ctx.rng
    f = ctx.f
    fy = f.fiscal_year or f.end.year
    if index % 2 == 0:
        name, _ = rng.choice(others)
        for _ in range(20):
            try:
                qa = json.loads(template_level(ctx, "template", False)[0])
            except Skip:
                continue
            q = qa["question"].replace(f"What was {possessive(f.short)} ", "What was ", 1)
            return q.replace("What was ", f"What was {possessive(name)} ", 1), qa["answer"], "wrong_entity"
        raise Skip
    which = rng.choice(["forecast", "stock_price", "consensus"])
    if which == "forecast":
        slot = "fy" if "fy" in ctx.slots else flow_slot(ctx)
        rev = ctx.fact("revenue", slot) if ctx.has("revenue", slot) else None
        base = rev.value if rev is not None and rev.value > 0 else D(10) ** 8
        return (
            f"What revenue does {f.short} expect for fiscal {fy + 1}, in millions of USD?",
            group(base * D("1.08") / 10**6, 0),
            "forecast",
        )
    if which == "stock_price":
        return (
            f"What was {possessive(f.short)} closing share price on the last trading day of fiscal {fy}, in USD?",
            str(D(rng.randint(1500, 40000)) / 100),
            "stock_price",
        )
    slot = flow_slot(ctx)
    return (
        f"By how much did diluted EPS {ctx.when(slot, 'template').replace('in the ', 'for the ')} beat the analyst consensus, in USD per share?",
        str(D(rng.randint(1, 15)) / 100),
        "consensus",
    )


def wrong_entity(ctx: Ctx, others: list[tuple[str, str]]) -> tuple[str, str, list[Sub]]:
    """A true statement about this filing's numbers, attributed to another company."""
    rng = ctx.rng
    name, ticker = rng.choice(others)
    for _ in range(20):
        style = rng.choice(["news", "analyst", "earnings"])
        try:
            slot = rng.choice([s for s in ("fy", "q", "ytd", "inst") if s in ctx.slots])
            pool = [
                m
                for m in ("revenue", "net_income", "assets", "cash", "operating_income")
                if ctx.has(m, slot) and ctx.fact(m, slot).value > 0 and m not in ctx.f.ambiguous
            ]
            if not pool:
                continue
            metric = rng.choice(pool)
            lt, ls = level_sub(ctx, metric, slot, style, False, "{v}")
            term = ctx.term(metric, style)
            when = ctx.when(slot, style)
            text = {
                "news": f"{possessive(name)} {term} was {lt} {when}",
                "analyst": f"{ticker}: {when} {term} {lt}",
                "earnings": f"{name} reported {term} of {lt} {when}",
            }[style]
            return style, text, [ls]
        except Skip:
            continue
    raise Skip
