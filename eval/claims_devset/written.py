"""Numbers as written: rounding to the written precision, scales, and the intervals that keep a true figure true."""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from auditgraph.eval.claims_devset.filings import Fact

D = Decimal
ZERO = D(0)


SCALES = {"billion": D(10) ** 9, "million": D(10) ** 6, "thousand": D(10) ** 3, "": D(1)}


def q_round(x: Decimal, dp: int) -> Decimal:
    with localcontext() as ctx:
        ctx.prec = 50
        return x.quantize(D(1).scaleb(-dp), rounding=ROUND_HALF_UP)


def group(x: Decimal, dp: int) -> str:
    """12345.6 -> '12,345.6' (dp digits after the point, never an exponent)."""
    with localcontext() as ctx:
        ctx.prec = 50
        return format(q_round(x, dp), f",.{max(dp, 0)}f")


def sig_dp(x: Decimal, min_sig: int) -> int:
    """Digits after the point for at least min_sig significant digits."""
    if x == 0:
        return 0
    return max(0, min_sig - (abs(x).adjusted() + 1))


def stable(lo: Decimal, hi: Decimal, dp: int) -> bool:
    return q_round(lo, dp) == q_round(hi, dp)


@dataclass(frozen=True)
class Written:
    text: str  # as it appears in the sentence (sign words excluded)
    value: Decimal  # the number the text states, base units, signed
    unit_half: Decimal  # half a unit of the last written digit, base units


def money_dp(fact_value: Decimal, half: Decimal, scale: str, rng: random.Random, extra: bool = True) -> int | None:
    """Digits after the point at `scale`: >= 3 significant, not finer than the fact, stable."""
    s = SCALES[scale]
    x = fact_value / s
    dp = sig_dp(x, 3)
    if extra and dp == 0 and abs(x) < 1000 and rng.random() < 0.3:
        dp = 1
    while dp <= 4:
        if half and D(5).scaleb(-dp - 1) * s < half:  # finer than the fact's own rounding
            return None
        if stable((fact_value - half) / s, (fact_value + half) / s, dp):
            return dp
        dp += 1
    return None


def natural_scale(v: Decimal) -> str:
    a = abs(v)
    return "billion" if a >= 10**9 else "million" if a >= 10**6 else "thousand" if a >= 10**4 else ""


def fmt_money(v: Decimal, scale: str, dp: int, form: str, neg: str = "minus") -> Written:
    """v in base units -> '$33.7 billion' / '33.7bn' / 'USD 33.7B' / '$33,723 million' / '$(1.2) billion'."""
    s = SCALES[scale]
    n = q_round(v / s, dp)
    mag = group(abs(n), dp)
    suffix = {
        "word": {"billion": " billion", "million": " million", "thousand": " thousand", "": ""},
        "abbr": {"billion": "bn", "million": "m", "thousand": "k", "": ""},
        "letter": {"billion": "B", "million": "M", "thousand": "K", "": ""},
    }
    fam = "word" if form in ("word", "usd_word") else "abbr" if form in ("abbr", "bare_abbr") else "letter"
    unit = suffix[fam][scale]
    cur = {"word": "$", "abbr": "$", "letter": "$", "bare_abbr": "", "usd_word": "USD ", "usd_letter": "USD "}[form]
    body = f"{cur}{mag}{unit}"
    if n < 0:
        if neg == "parens":
            body = f"{cur}({mag}){unit}"
        elif neg == "minus":
            body = f"-{body}"
    return Written(body, n * s, D(5).scaleb(-dp - 1) * s)


def fmt_per_share(v: Decimal, neg: str = "minus") -> Written:
    n = q_round(v, 2)
    body = f"${abs(n):.2f}"
    if n < 0:
        body = f"$({abs(n):.2f})" if neg == "parens" else f"-{body}" if neg == "minus" else body
    return Written(body, n, D("0.005"))


def fmt_pct(r: Decimal, dp: int, word: bool = False) -> Written:
    n = q_round(r * 100, dp)
    text = f"{abs(n):.{dp}f}" + (" percent" if word else "%")
    return Written(("-" if n < 0 else "") + text, n / 100, D(5).scaleb(-dp - 1) / 100)


def pct_dp(lo: Decimal, hi: Decimal, mid: Decimal) -> int | None:
    dp = sig_dp(mid * 100, 2)
    dp = max(dp, 1) if abs(mid * 100) < 100 else dp
    while dp <= 3:
        if stable(lo * 100, hi * 100, dp):
            return dp
        dp += 1
    return None


def interval(f: Fact) -> tuple[Decimal, Decimal]:
    return f.value - f.half, f.value + f.half


def ratio_range(n: Fact, d: Fact, minus_one: bool = False) -> tuple[Decimal, Decimal, Decimal] | None:
    """(lo, hi, exact) of n/d (or n/d - 1), over the facts' rounding intervals."""
    nl, nh = interval(n)
    dl, dh = interval(d)
    if dl <= 0 <= dh:
        return None
    with localcontext() as ctx:
        ctx.prec = 40
        vals = [a / b for a in (nl, nh) for b in (dl, dh)]
        exact = n.value / d.value
    off = D(1) if minus_one else ZERO
    return min(vals) - off, max(vals) - off, exact - off


def far_enough(claimed: Decimal, truth: Decimal, unit_half: Decimal, rel: Decimal) -> bool:
    """A false number must be wrong under any reading of its precision and >= rel off."""
    diff = abs(claimed - truth)
    return diff > 2 * unit_half and (truth == 0 or diff >= rel * abs(truth))


def transpose(digits_text: str, rng: random.Random) -> str | None:
    """Swap two adjacent different digits (not creating a leading zero)."""
    idx = [i for i, ch in enumerate(digits_text) if ch.isdigit()]
    pairs = [(a, b) for a, b in zip(idx, idx[1:]) if b == a + 1 and digits_text[a] != digits_text[b]]
    pairs = [(a, b) for a, b in pairs if not (a == idx[0] and digits_text[b] == "0")]
    if not pairs:
        return None
    a, b = rng.choice(pairs[:4])
    t = list(digits_text)
    t[a], t[b] = t[b], t[a]
    return "".join(t)
