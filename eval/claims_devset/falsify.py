"""Errors: turning a true written figure into a realistic false one (wrong period, scale, sign, ...)."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

from auditgraph.eval.claims_devset.blocks import Ctx, Skip
from auditgraph.eval.claims_devset.filings import Fact, plain
from auditgraph.eval.claims_devset.written import D, Written, far_enough, transpose


def falsify_value(
    ctx: Ctx,
    fact: Fact,
    w: Written,
    style: str,
    render: Callable[[Decimal], Written],
    kinds: list[str],
    prior: Fact | None = None,
    hedged: bool = False,
) -> tuple[Written, str, str]:
    """A wrong written value for `fact`: (written, error kind, detail)."""
    rng = ctx.rng
    order = kinds[:]
    rng.shuffle(order)
    rel = D("0.05") if hedged else D("0.02")
    cand: Written | None
    for kind in order:
        if kind == "wrong_period" and prior is not None and not hedged:
            if abs(prior.value - fact.value) >= D("0.02") * abs(fact.value):
                cand = render(prior.value)
                if far_enough(cand.value, fact.value, cand.unit_half, rel):
                    return cand, "wrong_period", f"value of {prior.period} written for {fact.period}"
        elif kind == "pct_off":
            r = D(rng.choice([5, 6, 7, 8, 9, 10] if hedged else [3, 4, 5, 6, 7, 8, 9, 10])) / 100
            sign = rng.choice([1, -1])
            cand = render(fact.value * (1 + sign * r))
            if re.search(r"[1-9]", cand.text) and far_enough(cand.value, fact.value, cand.unit_half, rel):
                return cand, "pct_off", f"{'+' if sign > 0 else '-'}{r * 100:.0f}%"
        elif kind == "wrong_scale" and not hedged:
            factor = rng.choice([D(1000), D(1) / 1000])
            cand = _rescale(w, factor)
            if cand is not None and re.search(r"[1-9]", cand.text):
                return cand, "wrong_scale", f"x{plain(factor)}"
        elif kind == "transposed" and not hedged:
            t = transpose(w.text, rng)
            if t is not None:
                cand = _reparse(w, t)
                if cand is not None and far_enough(cand.value, fact.value, cand.unit_half, D("0.005")):
                    return cand, "transposed", f"{w.text} -> {t}"
        elif kind == "sign" and not hedged and fact.value != 0:
            cand = render(-fact.value)
            return cand, "sign", "sign flipped"
    raise Skip


_SCALE_WORDS = [("billion", "million"), ("bn", "m"), ("B", "M"), ("million", "thousand"), ("m", "k"), ("M", "K")]


def _rescale(w: Written, factor: Decimal) -> Written | None:
    """The same digits with the neighbouring scale word: '$33.7 billion' -> '$33.7 million'."""
    for big, small in _SCALE_WORDS:
        if factor < 1 and re.search(
            rf"\d\)?{re.escape(' ' + big) if len(big) > 1 and big.isalpha() and big.islower() and len(big) > 2 else re.escape(big)}\b",
            w.text,
        ):
            text = re.sub(rf"(\d\)?)( ?){re.escape(big)}\b", rf"\1\2{small}", w.text, count=1)
            return Written(text, w.value * factor, w.unit_half * factor)
        if factor > 1 and re.search(rf"\d\)?( ?){re.escape(small)}\b", w.text):
            text = re.sub(rf"(\d\)?)( ?){re.escape(small)}\b", rf"\1\2{big}", w.text, count=1)
            return Written(text, w.value * factor, w.unit_half * factor)
    return None


def _reparse(w: Written, text: str) -> Written | None:
    """The value `text` states, given that `w.text` states w.value (same scale and sign)."""

    def num(t: str) -> Decimal:
        digits = re.search(r"[\d,]+(\.\d+)?", t)
        assert digits is not None  # both texts are written figures
        return D(re.sub(r"[^\d.]", "", digits.group()))

    a, b = num(w.text), num(text)
    if a == 0:
        return None
    return Written(text, w.value * b / a, w.unit_half)
