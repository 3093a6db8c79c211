"""A dev set in the spirit of VeriFin's XBRLFiling, built from loaded filings.

Questions come from registry metrics (income statement, balance sheet, cash flow, ratios) and
from the filing's own calculation totals, for the current and the prior period. Each has a
reference answer computed here straight from filed facts (the reported total, else the
registry formula in Decimal), and candidate claims: one correct (formats rotate: full figure,
"$X.XX billion", "(in millions)") and wrong ones of realistic kinds: wrong year, wrong scale,
wrong sign, wrong operand, arithmetic slip, wrong rounding.

Labels are independent of the verifier: a claim is correct when the reference rounded to the
claim's written precision equals the claim (ROUND_HALF_UP).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from auditgraph.graph import Graph
from auditgraph.verifier import formula as fx
from auditgraph.verifier.ground import FactRow, FilingInfo, fact_rows, filing_info, months_of, period_rows
from auditgraph.verifier.registry import Registry
from auditgraph.verifier.types import Unit

WRONG_KINDS = ("wrong_year", "wrong_scale", "wrong_sign", "wrong_operand", "arithmetic_slip", "rounding")
BILLION, MILLION = Decimal(10) ** 9, Decimal(10) ** 6
TEMPLATES = (
    "What was the {alias} {when}?",
    "How much was {entity}'s {alias} {when}?",
    "What did {entity} report as {alias} {when}?",
    "What were the company's {alias} {when}?",
)


def _entity(info: FilingInfo) -> str:
    return (info.entity_name or info.ticker or "the company").rstrip(".")


@dataclass(frozen=True)
class Question:
    filing_id: str
    metric: str  # registry metric id or a QName (calculation total)
    statement: str
    unit: Unit
    text: str
    period_end: date
    reference: Decimal
    prior: Decimal | None  # the same metric one period earlier (for wrong-year claims)
    operands: tuple[Decimal, ...]  # values of other line items in the formula (for wrong-operand claims)


def _round(v: Decimal, places: int) -> Decimal:
    return v.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def _money(v: Decimal, style: int, keep: bool = False) -> tuple[str, str]:
    """(claim text, question suffix) in one of three styles; `keep` forbids falling back to style 0."""
    if not keep and (style == 1 and abs(v) < 10 * MILLION or style == 2 and abs(v) < 100 * MILLION):
        style = 0  # keep at least three significant digits in the claim
    if style == 0:
        return f"${v:,.0f}" if v >= 0 else f"-${-v:,.0f}", ""
    if style == 1 and abs(v) >= BILLION:
        return f"${_round(v / BILLION, 2)} billion", ""
    if style == 1:
        return f"${_round(v / MILLION, 1)} million", ""
    return f"{_round(v / MILLION, 0):,}", " (in millions)"


def is_correct(claim_value: Decimal, claim_places: int, reference: Decimal) -> bool:
    return _round(reference, claim_places) == _round(claim_value, claim_places)


class DevSetBuilder:
    def __init__(self, graph: Graph, registry: Registry):
        self.graph = graph
        self.registry = registry

    def build(self, filing_ids: Sequence[str]) -> list[dict[str, Any]]:
        cases: list[dict[str, Any]] = []
        for fid in filing_ids:
            info = filing_info(self.graph, fid)
            if info is None or info.period_end is None:
                continue
            for n, q in enumerate(self.questions(info)):
                cases += self.claims(q, n)
        return cases

    # ---------------------------------------------------------------- questions
    def questions(self, info: FilingInfo) -> Iterator[Question]:
        period_end = info.period_end
        assert period_end is not None  # build() skips filings without a period end
        months = 12 if (info.fiscal_period_focus or "FY").upper() == "FY" else 3
        ends = sorted(
            {
                r.end
                for r in period_rows(self.graph, info.id)
                if r.end and r.kind == "duration" and months_of(r.days) == months and r.end <= period_end
            },
            reverse=True,
        )
        if not ends:
            return
        periods = [(ends[0], ends[1] if len(ends) > 1 else None)]
        if len(ends) > 1:
            periods.append((ends[1], ends[2] if len(ends) > 2 else None))
        qnames = sorted({q for c in self.registry.concepts.values() for q in c.candidates})
        facts = fact_rows(self.graph, info.id, qnames)
        for end, prior_end in periods:
            phrase = self._phrase(info, end, months)
            for i, m in enumerate(self.registry.metrics.values()):
                ref = self._metric_value(m.id, facts, end, months)
                if ref is None:
                    continue
                value, operands = ref
                prior = self._metric_value(m.id, facts, prior_end, months) if prior_end else None
                alias = m.aliases[i % len(m.aliases)]  # rotate the wording through the registry's aliases
                when = self._phrase(info, end, months, variant=i, instant=m.statement == "BS")
                text = TEMPLATES[i % len(TEMPLATES)].format(alias=alias, when=when, entity=_entity(info))
                yield Question(info.id, m.id, m.statement, m.unit, text, end, value, prior[0] if prior else None, operands)
            yield from self._calc_questions(info, end, prior_end, months, phrase)

    def _phrase(self, info: FilingInfo, end: date, months: int, variant: int = 0, instant: bool = False) -> str:
        day = f"{end.strftime('%B')} {end.day}, {end.year}"
        if instant and variant % 2:
            return f"as of {day}"
        if months == 12:
            period_end = info.period_end
            assert period_end is not None  # questions() asks only of filings with a period end
            year = (info.fiscal_year_focus or period_end.year) - round((period_end - end).days / 365.25)
            return (f"for fiscal {year}", f"in FY{year}", f"for the fiscal year ended {day}")[variant % 3]
        words = {3: "three", 6: "six", 9: "nine"}[months]
        return f"for the {words} months ended {end.strftime('%B')} {end.day}, {end.year}"

    def _value(self, facts: Sequence[FactRow], candidates: Sequence[str], end: date, months: int) -> Decimal | None:
        for q in candidates:
            rows = [
                r
                for r in facts
                if r.qname == q
                and r.value is not None
                and r.end == end
                and (r.kind == "instant" or months_of(r.days) == months)
                and _unit_ok(r.unit_key)
            ]
            vals = {r.value for r in rows if r.value is not None}  # rows hold no None; the test narrows the type
            if len(vals) == 1:
                return vals.pop()
            if len(vals) > 1:
                # 399,844,000 (decimals -3) and 400,000,000 (decimals -6) are one fact at two precisions
                coarse = min((int(r.decimals) for r in rows if r.decimals not in (None, "", "INF")), default=None)
                if coarse is not None and len({round(v, coarse) for v in vals}) == 1:
                    fine = max(rows, key=lambda r: 99 if r.decimals in (None, "", "INF") else int(r.decimals))
                    return fine.value
                return None  # inconsistent duplicates: no reference
        return None

    def _metric_value(
        self, metric_id: str, facts: Sequence[FactRow], end: date, months: int
    ) -> tuple[Decimal, tuple[Decimal, ...]] | None:
        m = self.registry.metrics[metric_id]
        env: dict[str, Decimal] = {}
        if m.formula:
            for role in fx.roles(fx.parse(m.formula)):
                v = self._value(facts, self.registry.concepts[role].candidates, end, months)
                if v is None and role in m.optional:
                    v = Decimal(0)
                if v is not None:
                    env[role] = v
        operands = tuple(env.values())
        if m.concept:
            v = self._value(facts, self.registry.concepts[m.concept].candidates, end, months)
            if v is not None:
                return v, operands
        if not m.formula or len(env) < len(fx.roles(fx.parse(m.formula))):
            return None
        v = _evaluate(fx.parse(m.formula), env)
        return (v, operands) if v is not None else None

    def _calc_questions(
        self, info: FilingInfo, end: date, prior_end: date | None, months: int, phrase: str
    ) -> Iterator[Question]:
        covered = {q for c in self.registry.concepts.values() for q in c.candidates}
        totals: dict[str, list[str]] = {}  # total qname -> its calculation children
        for r in self.graph.read("verify.calc_totals", filing_id=info.id):
            if r["total"].startswith("us-gaap:") and r["total"] not in covered:
                totals.setdefault(r["total"], [c["child"] for c in r["children"]])
        if not totals:
            return
        facts = fact_rows(self.graph, info.id, sorted({q for t, cs in totals.items() for q in (t, *cs)}))
        for total, children in sorted(totals.items()):
            v = self._value(facts, [total], end, months)
            if v is None:
                continue
            prior = self._value(facts, [total], prior_end, months) if prior_end else None
            ops = tuple(x for c in children if (x := self._value(facts, [c], end, months)) is not None)
            yield Question(
                info.id, total, "calc", Unit.MONETARY, f"What was the amount reported as {total} {phrase}?", end, v, prior, ops
            )

    # ---------------------------------------------------------------- claims
    def claims(self, q: Question, n: int) -> list[dict[str, Any]]:
        if q.unit is Unit.PER_SHARE or q.unit is Unit.SHARES:
            return []  # per-share metrics are in the registry; the dev set keeps to money and ratios
        out: list[dict[str, Any]] = []
        base = {
            "filing_id": q.filing_id,
            "metric": q.metric,
            "statement": q.statement,
            "reference": str(q.reference),
            "period_end": q.period_end.isoformat(),
        }
        cid = f"{q.filing_id}|{q.metric}|{q.period_end.isoformat()}"
        if q.unit is Unit.RATIO and self.registry.metrics[q.metric].display == "times":
            p = 2 if abs(q.reference) >= Decimal("0.1") else 4  # at least two significant digits
            out.append(
                {
                    **base,
                    "case_id": f"{cid}|correct",
                    "question": q.text,
                    "claim": f"{_round(q.reference, p)}",
                    "kind": "correct",
                    "correct": True,
                }
            )
            wrongs = [
                ("wrong_scale", f"{_round(q.reference * 100, p)}", p),  # a percentage reading given as times
                ("arithmetic_slip", f"{_round(q.reference, p) + Decimal('0.1')}", p),
            ]
            if q.prior is not None and _round(q.prior, p) != _round(q.reference, p):
                wrongs.insert(0, ("wrong_year", f"{_round(q.prior, p)}", p))
            for kind, claim, places in wrongs[:2]:
                out.append(
                    {
                        **base,
                        "case_id": f"{cid}|{kind}",
                        "question": q.text,
                        "claim": claim,
                        "kind": kind,
                        "correct": is_correct(Decimal(claim), places, q.reference),
                    }
                )
            return out
        if q.unit is Unit.RATIO:
            p = 1 if abs(q.reference) >= Decimal("0.1") else 2  # at least two significant digits

            def pct(v: Decimal) -> str:
                return f"{_round(v * 100, p)}%"

            question = q.text.replace("?", ", as a percentage?")
            out.append(
                {
                    **base,
                    "case_id": f"{cid}|correct",
                    "question": question,
                    "claim": pct(q.reference),
                    "kind": "correct",
                    "correct": True,
                }
            )
            wrong_pcts: list[tuple[str, str]] = []
            if q.prior is not None and _round(q.prior * 100, p) != _round(q.reference * 100, p):
                wrong_pcts.append(("wrong_year", pct(q.prior)))
            wrong_pcts.append(("wrong_scale", f"{_round(q.reference, p + 2)}%"))  # a fraction written as a percentage
            wrong_pcts.append(("arithmetic_slip", f"{_round(q.reference * 100, p) + Decimal('1.0')}%"))
            for kind, claim in wrong_pcts[: 2 if n % 2 else 3]:
                value = Decimal(claim.rstrip("%")) / 100
                out.append(
                    {
                        **base,
                        "case_id": f"{cid}|{kind}",
                        "question": question,
                        "claim": claim,
                        "kind": kind,
                        "correct": is_correct(value, p + 2, q.reference),
                    }
                )
            return out
        style = n % 3
        if style == 1 and abs(q.reference) < 10 * MILLION or style == 2 and abs(q.reference) < 100 * MILLION:
            style = 0
        claim, suffix = _money(q.reference, style)
        question = q.text.replace("?", f"{suffix}?") if suffix else q.text
        out.append(
            {**base, "case_id": f"{cid}|correct", "question": question, "claim": claim, "kind": "correct", "correct": True}
        )
        kinds = [WRONG_KINDS[(n + i) % len(WRONG_KINDS)] for i in range(len(WRONG_KINDS))]
        made = 0
        for kind in kinds:
            wrong = self._wrong(q, kind, style)
            if wrong is None:
                continue
            value, text = wrong
            places = 0 if style == 0 else (-7 if abs(q.reference) >= BILLION else -5) if style == 1 else -6
            if is_correct(value, places, q.reference):
                continue  # the "wrong" figure rounds to the right answer: not a wrong claim
            out.append({**base, "case_id": f"{cid}|{kind}", "question": question, "claim": text, "kind": kind, "correct": False})
            made += 1
            if made == 2:
                break
        return out

    def _wrong(self, q: Question, kind: str, style: int) -> tuple[Decimal, str] | None:
        ref = q.reference
        if kind == "wrong_year":
            v = q.prior
        elif kind == "wrong_sign":
            v = -ref if ref != 0 else None
        elif kind == "wrong_operand":
            v = next((o for o in sorted(q.operands, key=abs, reverse=True) if o != ref and o != 0), None)
        elif kind == "arithmetic_slip":
            v = (ref * Decimal("1.01")).quantize(Decimal(1)) if ref else None
        elif kind == "rounding":
            unit = Decimal(10) ** 7 if style == 1 and abs(ref) >= BILLION else Decimal(10) ** 5 if style == 1 else MILLION
            r = (ref / unit).quantize(Decimal(1), rounding=ROUND_HALF_UP) * unit
            v = r + unit if ref <= r else r - unit  # one unit in the last digit, on the wrong side
            if style == 0:
                v = ref + (MILLION if ref >= 0 else -MILLION)
        else:  # wrong_scale: the figure read a thousand times too small
            if style == 2:
                return ref / 1000, f"{_round(ref / 1000 / MILLION, 0):,}"
            v = ref / 1000
        if v is None:
            return None
        text, _ = _money(v, style, keep=True)
        return v, text


def _unit_ok(unit_key: str | None) -> bool:
    return unit_key is not None and unit_key.startswith("iso4217:") and "/" not in unit_key


def _evaluate(expr: fx.Expr, env: dict[str, Decimal]) -> Decimal | None:
    if isinstance(expr, fx.Ref):
        return env[expr.role]
    if isinstance(expr, fx.Num):
        return expr.value
    if isinstance(expr, fx.Neg):
        v = _evaluate(expr.arg, env)
        return None if v is None else -v
    a, b = _evaluate(expr.left, env), _evaluate(expr.right, env)
    if a is None or b is None:
        return None
    if expr.op == "/":
        return None if b == 0 else a / b
    return {"+": a + b, "-": a - b, "*": a * b}[expr.op]
