"""Assembly: the builders per style and one filing's records, deterministic (one seeded RNG per filing)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from auditgraph.eval.claims_devset.analyst import analyst_balance, analyst_fcf, analyst_growth_level, analyst_levels
from auditgraph.eval.claims_devset.blocks import Ctx, Skip, Sub
from auditgraph.eval.claims_devset.earnings import (
    earnings_cash,
    earnings_margin,
    earnings_ni_eps,
    earnings_opex,
    earnings_revenue,
)
from auditgraph.eval.claims_devset.filings import Filing
from auditgraph.eval.claims_devset.news import news_change, news_comparison, news_growth_level, news_level, news_loss_comparison
from auditgraph.eval.claims_devset.subclaims import Builder
from auditgraph.eval.claims_devset.template import template_level, template_ratio
from auditgraph.eval.claims_devset.undecidable import template_undecidable, undecidable, wrong_entity
from auditgraph.eval.claims_devset.workpaper import workpaper_agreed, workpaper_eps, workpaper_footing, workpaper_recalc

SEED = 15  # issue 15

# Records per filing and style; the first half of each style's decidable records are true.
PER_STYLE = {"analyst": 6, "news": 6, "earnings": 5, "workpaper": 5, "template": 7}
UNDECIDABLE_PER_FILING = 5  # one wrong_entity + four others


BUILDERS: dict[str, list[Builder]] = {
    "analyst": [analyst_growth_level, analyst_levels, analyst_balance, analyst_fcf],
    "news": [news_growth_level, news_level, news_loss_comparison, news_comparison, news_change],
    "earnings": [earnings_ni_eps, earnings_revenue, earnings_margin, earnings_cash, earnings_opex],
    "workpaper": [workpaper_agreed, workpaper_recalc, workpaper_footing, workpaper_eps],
    "template": [template_level, template_level, template_ratio],
}


def _tidy(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    text = text.replace(" ,", ",").replace(" ;", ";")
    return text


def build_filing(filing: Filing, others: list[tuple[str, str]], index: int = 0) -> list[dict[str, Any]]:
    rng = random.Random(f"{SEED}:{filing.path}")
    ctx = Ctx(filing, rng)
    records: list[dict[str, Any]] = []
    seen: set[str] = set()
    base = {"filing": filing.path, "registrant": filing.registrant, "ticker": filing.ticker}

    def add(
        style: str,
        text: str | None,
        question: str | None,
        answer: str | None,
        label: str,
        subs: list[Sub],
        error: str | None = None,
        reason: str | None = None,
        kind: str | None = None,
    ) -> None:
        n = sum(1 for r in records if r["style"] == style) + 1
        records.append(
            {
                "id": f"{filing.name}/{style}/{n:03d}",
                **base,
                "style": style,
                "text": text,
                "question": question,
                "answer": answer,
                "label": label,
                "error": error,
                "expected_abstain_reason": reason,
                "undecidable_kind": kind,
                "subclaims": [s.to_json() for s in subs],
            }
        )

    for style, count in PER_STYLE.items():
        builders = BUILDERS[style]
        made = attempts = 0
        used = [0] * len(builders)
        while made < count and attempts < 400:
            # the least used builder that still fits, ties broken by the seeded draw
            least = min(used)
            choices = [i for i, u in enumerate(used) if u <= least + (attempts // 40)]
            pick = rng.choice(choices)
            builder = builders[pick]
            attempts += 1
            make_false = (made + index) % 2 == 1
            try:
                text, subs = builder(ctx, style, make_false)
            except Skip:
                continue
            if make_false != any(not s.truth for s in subs):
                continue
            key = text
            if key in seen:
                continue
            seen.add(key)
            error = next((s.error for s in subs if not s.truth), None)
            label = "false" if make_false else "true"
            if style == "template":
                qa = json.loads(text)
                add(style, None, qa["question"], qa["answer"], label, subs, error)
            else:
                add(style, _tidy(text), None, None, label, subs, error)
            made += 1
            used[pick] += 1
    # undecidable: one claim about another company, the rest beyond any filing
    try:
        style, text, subs = wrong_entity(ctx, others)
        for s in subs:
            s.truth = None  # the numbers are this filing's; the company is not
        add(style, _tidy(text), None, None, "undecidable", [], None, "wrong_entity", "wrong_entity")
    except Skip:
        pass
    kinds = ["forecast", "market_share", "stock_price", "consensus"]
    if not ({"EntityNumberOfEmployees", "NumberOfEmployees"} & filing.all_locals):
        kinds.append("employees")
    rng.shuffle(kinds)
    for which in kinds[: UNDECIDABLE_PER_FILING - 1]:
        try:
            style, text, kind = undecidable(ctx, which, others)
        except Skip:
            continue
        if text in seen:
            continue
        seen.add(text)
        add(style, _tidy(text), None, None, "undecidable", [], None, None, kind)
    # and one question/answer pair, so the template path meets undecidable claims too
    try:
        q, a, kind = template_undecidable(ctx, index, others)
        add("template", None, q, a, "undecidable", [], None, "wrong_entity" if kind == "wrong_entity" else None, kind)
    except Skip:
        pass
    return records
