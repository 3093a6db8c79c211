"""Claim building blocks: the per-filing context (Ctx), a sub-claim (Sub) and Skip."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, localcontext
from typing import Any

from auditgraph.eval.claims_devset.filings import Fact, Filing, plain, sentence_case
from auditgraph.eval.claims_devset.metrics import METRICS
from auditgraph.eval.claims_devset.periods import slots
from auditgraph.eval.claims_devset.written import SCALES, D, Written, fmt_money, group, money_dp, natural_scale


class Skip(Exception):
    """This builder does not fit this filing / draw; try another."""


@dataclass
class Sub:
    kind: str
    text: str
    claimed: str
    truth: bool | None  # None: a wrong_entity claim's numbers (this filing's, another company's name)
    expected: str
    arithmetic: str
    facts: list[Fact]
    claimed_value: str | None = None
    half_unit: str | None = None  # half a unit of the last written digit, in claimed_value's units
    error: str | None = None
    hedge: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "claimed": self.claimed,
            "claimed_value": self.claimed_value,
            "half_unit": self.half_unit,
            "truth": self.truth,
            "expected": self.expected,
            "arithmetic": self.arithmetic,
            "facts": [f.to_json() for f in self.facts],
            "error": self.error,
            "hedge": self.hedge,
        }


def expected_text(x: Decimal) -> str:
    with localcontext() as ctx:
        ctx.prec = 12
        return plain(+x)


class Ctx:
    """One filing's claim factory: metric lookups, periods, and the value writers."""

    def __init__(self, filing: Filing, rng: random.Random):
        self.f = filing
        self.rng = rng
        self.slots = slots(filing)

    # -- lookups
    def fact(self, metric: str, slot: str) -> Fact:
        local = self.f.concept_of.get(metric)
        s = self.slots.get(slot)
        if local is None or s is None:
            raise Skip
        fact = self.f.facts[local].get(s.key)
        if fact is None:
            raise Skip
        return fact

    def has(self, metric: str, slot: str) -> bool:
        try:
            self.fact(metric, slot)
            return True
        except Skip:
            return False

    def term(self, metric: str, style: str) -> str:
        """The metric as this style writes it: analyst words, or the filer's own statement label."""
        m = METRICS[metric]
        label = self.label(metric)
        if metric in self.f.ambiguous:
            choices = list(m.qualified) + ([label] if label else [])
            if not choices:
                raise Skip
            return self.rng.choice(choices)
        if style in ("workpaper",) and label:
            return label
        if style == "template" and label and self.rng.random() < 0.6:
            return label
        return self.rng.choice(m.terms)

    def label(self, metric: str, margin_ok: bool = False) -> str | None:
        """The filer's statement label, when it names the metric on its own ('Total revenues',
        not 'Diluted (in dollars per share)'); 'Gross margin' for gross profit only where a
        dollar amount follows (it reads as a ratio otherwise)."""
        local = self.f.concept_of.get(metric)
        got = self.f.labels.get(local or "")
        if not got:
            return None
        text = got[0]
        if len(text) > 70 or not re.search(r"[a-z]", text) or "per share" in text.lower() or "(in " in text.lower():
            return None
        if not re.search(
            r"revenue|sales|income|profit|loss|earnings|assets|liabilities|equity|cash|expense|cost|margin|"
            r"capital|property|taxes|deficit|capitalization",
            text,
            re.I,
        ):
            return None
        if "margin" in text.lower() and not margin_ok:
            return None
        if re.match(r"^[A-Z][a-z]+, [A-Z]", text):
            return None  # "Assets, Current": the taxonomy's inverted style, not words on a statement
        # sentence case, keeping acronyms: "Operating Income" -> "operating income", "R&D" stays
        return sentence_case(text)

    def statement(self, metric: str) -> str:
        """The statement's title as the filer captions it, in sentence case."""
        local = self.f.concept_of.get(metric)
        got = self.f.labels.get(local or "")
        title = re.sub(r"\s*\([^)]*\)", "", got[1]).strip() if got else ""
        if not title:
            title = (
                "consolidated balance sheets" if METRICS[metric].kind == "instant" else "consolidated statements of operations"
            )
        return title.lower()

    def when(self, slot: str, style: str) -> str:
        s = self.slots.get(slot)
        if s is None:
            raise Skip
        pool = s.words["analyst"] if style == "analyst" else s.words["formal"]
        return self.rng.choice(pool)

    # -- values
    def money(self, v: Decimal, half: Decimal, style: str, scale: str | None = None) -> Callable[[Decimal], Written]:
        """A writer for money values at one scale, precision and form, chosen so that `v` has at
        least 3 significant digits and is stable under the fact's rounding (+-half)."""
        rng = self.rng
        scale = scale or natural_scale(v)
        if scale == "billion" and rng.random() < 0.2:
            scale = "million"
        dp = money_dp(v, half, scale, rng)
        if dp is None:
            scale = {"billion": "million", "million": "thousand", "thousand": "", "": ""}[scale]
            dp = money_dp(v, half, scale, rng)
            if dp is None:
                raise Skip
        if style == "analyst":
            form = rng.choice(["bare_abbr", "abbr", "letter", "usd_letter"])
        elif style == "news":
            form = rng.choice(["word", "word", "word", "usd_word"])
        else:
            form = "word"
        if scale == "" or (scale == "thousand" and form != "word"):
            form = "word"
        neg = "parens" if style == "workpaper" else rng.choice(["minus", "parens"]) if style == "analyst" else "minus"
        return lambda x: fmt_money(x, scale, dp, form, neg)

    def filer_scale(self, v: Decimal, half: Decimal) -> tuple[Written, str] | None:
        """The filer's own presentation: '$33,723,297' with '(in thousands)'."""
        scale = {"millions": "million", "thousands": "thousand", "dollars": ""}[self.f.scale_word]
        s = SCALES[scale]
        if half and half * 2 > s:
            return None
        n = v / s
        if n != n.to_integral_value():
            return None
        mag = group(abs(n), 0)
        text = f"${mag}" if n >= 0 else f"$({mag})"
        return Written(text, v, D(5).scaleb(-1) * s), self.f.scale_word
