"""The deterministic planner: question -> Plan (metric or explicit operation, period, scale).

It reads only the question, the registry and (for last-resort label matching) the filing's
concept labels. The candidate answer is not an input, so it cannot shape the plan.
Questions it cannot place return a PlanFailure; the verifier turns that into Abstain.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import lru_cache
from typing import Any

from auditgraph.verifier import formula as fx
from auditgraph.verifier.registry import Registry, normalise
from auditgraph.verifier.types import AbstainReason, OperandSpec, PeriodRequest, Plan, Unit
from auditgraph.verifier.vocabulary import CONTEXT_SCALES, MONTHS, QNAME_IN_BRACKETS, SCALE_CONTEXT, role_name

_MON = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_DATE_MDY = re.compile(rf"\b{_MON}\s+(\d{{1,2}})(?:\s*,\s*|\s+)(\d{{4}})\b", re.I)  # "April 30,2024" too
_DATE_DMY = re.compile(rf"\b(\d{{1,2}})\s+{_MON},?\s+(\d{{4}})\b", re.I)
_DATE_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_DURATION = re.compile(r"\b(three|3|six|6|nine|9|twelve|12)[- ]months?\b", re.I)
_WORD_MONTHS = {"three": 3, "3": 3, "six": 6, "6": 6, "nine": 9, "9": 9, "twelve": 12, "12": 12}
_QUARTER = re.compile(
    r"\b(?:q([1-4])|(first|second|third|fourth) (?:fiscal )?quarter)(?:\s+(?:of\s+)?(?:fiscal\s+(?:year\s+)?|fy\s*)?'?(\d{4}|\d{2}))?\b",
    re.I,
)
_HALF_NINE = re.compile(
    r"\b(?:the\s+)?first\s+(half|nine\s+months)(?:\s+of)?(?:\s+(?:fiscal\s+(?:year\s+)?|fy\s*)?'?(\d{4}|\d{2}))?\b", re.I
)
_ORDINAL = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_FY = re.compile(r"\b(?:fiscal(?:\s+year)?|fy)\s*'?(\d{4}|\d{2})\b", re.I)
_YEAR = re.compile(r"\b((?:19|20)\d{2})\b")
_ANNUAL = re.compile(r"\b(?:fiscal year|full year|annual|year ended|year ending|twelve months|12 months)\b", re.I)
_QUARTERLY = re.compile(r"\b(?:quarter ended|quarter ending|quarterly|three months|3 months)\b", re.I)
# "…, in USD?", "(USD)", "in U.S. dollars": the currency is the unit's, not part of the metric's name
_CUR_CODES = (
    r"(?:usd|us\$|u\.s\.\s+dollars|us\s+dollars|u\.s\.\s+\$|\$)"  # not a bare "dollars": "gross margin in dollars" is a line item
)
_CURRENCY_PHRASE = re.compile(
    rf",?\s*\b(?:in|of)\s+{_CUR_CODES}(?:\s+per\s+share)?(?!\w)|\(\s*{_CUR_CODES}(?:\s+per\s+share)?\s*\)", re.I
)
_PERCENT = re.compile(r"(%|\bper ?cent(?:age)?\b|\bin percent\b)", re.I)
_QNAME = re.compile(r"\b([a-z][a-z0-9-]*):([A-Z][A-Za-z0-9_]+)\b")
_QUALIFIER_OPERAND = re.compile(r"^\s*(?:income\s+)?tax(?:es)?\b(?!\s+(?:expense|provision|payable|paid|receivable))", re.I)
_CAMEL = re.compile(r"\b([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*){2,})\b")
_LEAD = re.compile(
    r"^(?:what|how much|how many|which|tell me|give)\b(?:\s+(?:was|were|is|are|did|does|do|the|of|in|for)\b)*\s*", re.I
)
_STOP = {
    "the",
    "a",
    "an",
    "of",
    "and",
    "total",
    "company",
    "company's",
    "companys",
    "reported",
    "report",
    "reports",
    "amount",
    "value",
    "figure",
    "what",
    "was",
    "were",
    "is",
    "are",
    "in",
    "for",
    "at",
    "on",
    "by",
    "during",
    "as",
    "its",
    "their",
    "ended",
    "ending",
    "end",
    "period",
    "year",
    "fiscal",
    "quarter",
    "s",
    "consolidated",
    "statement",
    "statements",
    "sheet",
    "filing",
    "according",
    "annual",
    "quarterly",
    "10",
    "k",
    "q",
    "inc",
    "corp",
    "corporation",
    "ltd",
    "plc",
    "llc",
    "did",
    "how",
    "much",
}
_TRAIL = re.compile(r"\b(?:for|in|at|as of|during|of|ended|ending|over|on|the|year|fiscal|period|quarter)\s*$", re.I)

TERM_NOTE = "a term only the filing text can define"
LabelLookup = Callable[[], Sequence[tuple[str, Sequence[str]]]]  # [(qname, labels)] of concepts the filing reports


@dataclass(frozen=True)
class PlanFailure:
    reason: AbstainReason
    message: str


def extract_period(question: str) -> tuple[PeriodRequest, str]:
    """The period the question asks about, and the question with those words removed."""
    text = question
    end_date: date | None = None
    phrase: list[str] = []
    for rx, order in ((_DATE_MDY, "mdy"), (_DATE_DMY, "dmy"), (_DATE_ISO, "iso")):
        m = rx.search(text)
        if not m:
            continue
        try:
            if order == "iso":
                end_date = date(int(m[1]), int(m[2]), int(m[3]))
            elif order == "mdy":
                end_date = date(int(m[3]), _month(m[1]), int(m[2]))
            else:
                end_date = date(int(m[3]), _month(m[2]), int(m[1]))
        except ValueError:
            continue
        phrase.append(m[0])
        text = text.replace(m[0], " ")
        break
    months = None
    if m := _DURATION.search(text):
        months = _WORD_MONTHS[m[1].lower()]
        phrase.append(m[0])
    elif _QUARTERLY.search(text):
        months = 3
    elif _ANNUAL.search(text):
        months = 12
    quarter = year = None
    if m := _HALF_NINE.search(text):  # "the first half of fiscal 2023", "the first nine months of 2024"
        quarter, months = (2, 6) if m[1].lower() == "half" else (3, 9)
        phrase.append(m[0])
        text = text.replace(m[0], " ")
        return PeriodRequest(_year(m[2]) if m[2] else None, quarter, end_date, months, " ".join(phrase)), text
    if m := _QUARTER.search(text):
        quarter = int(m[1]) if m[1] else _ORDINAL[m[2].lower()]
        year = _year(m[3]) if m[3] else None
        phrase.append(m[0])
        text = text.replace(m[0], " ")
    if year is None and (m := _FY.search(text)):
        year = _year(m[1])
        phrase.append(m[0])
        text = text.replace(m[0], " ")
        months = months or (None if quarter else 12)
    if year is None and end_date is None and (m := _YEAR.search(text)):
        year = int(m[1])
        phrase.append(m[0])
        text = text.replace(m[0], " ")
    text = _DURATION.sub(" ", text)
    req = PeriodRequest(year, quarter, end_date, months, " ".join(phrase) or None)
    return req, text


def _month(name: str) -> int:
    name = name.lower().rstrip(".")
    return next(i for m, i in MONTHS.items() if m.startswith(name[:3]))


def _year(s: str) -> int:
    y = int(s)
    return y + 2000 if y < 100 else y


def core_phrase(text: str, entity_words: Sequence[str] = ()) -> str:
    """'What was Apple's total net sales for ?' -> 'total net sales'."""
    text = SCALE_CONTEXT.sub(" ", text)
    text = _CURRENCY_PHRASE.sub(" ", text)
    text = re.sub(
        r",?\s*\b(?:as|in|expressed as)\s+(?:a\s+)?(?:percent(?:age)?|fraction|ratio|decimal)\b(?!\s+of\b)|\(\s*%\s*\)|%",
        " ",
        text,
        flags=re.I,
    )
    text = re.sub(r"[?!]", " ", text)
    text = re.sub(r"\b(?:as of|as at|for the|for|in|during|at)\s*[,.]?\s*$", " ", text.strip(), flags=re.I)
    text = _LEAD.sub("", text.strip())
    for w in entity_words:
        text = re.sub(rf"\b{re.escape(w)}(?:'s|’s|s')?\b", " ", text, flags=re.I)
    text = re.sub(r"(?<![\w&])&(?![\w&])", " ", text)  # "Procter & Gamble's" leaves its "&" behind
    text = re.sub(r"\b(?:three|six|nine|twelve) months ended\b|\byear ended\b|\bquarter ended\b", " ", text, flags=re.I)
    text = re.sub(r"\s+", " ", text).strip(" ,.;:")
    while True:
        new = _TRAIL.sub("", text).strip(" ,.;:")
        if new == text:
            break
        text = new
    return re.sub(r"^(?:the|a|an)\s+", "", text, flags=re.I).strip()


def tokens(text: str) -> frozenset[str]:
    words = normalise(text.replace("-", " ")).replace("'", "").split()
    return frozenset(_singular(w) for w in words if w not in _STOP)


def _singular(w: str) -> str:
    """liabilities -> liability, expenses -> expense, sales -> sale: plurals meet the labels' singulars."""
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w


def best_label(phrase: str, lookup: LabelLookup) -> tuple[str | None, int | None, str]:
    """Token-subset match: the phrase's tokens must all be in a concept label; fewest surplus wins.
    Returns (qname, surplus tokens, how) or (None, None, why not)."""
    want = tokens(phrase)
    if not want:
        return None, None, f"the phrase {phrase!r} has no words to match against concept labels"
    best: dict[str, int] = {}
    for qname, labels in lookup():
        for label in labels:
            have = tokens(label)
            if want <= have:
                surplus = len(have - want)
                best[qname] = min(surplus, best.get(qname, surplus))
    if not best:
        return None, None, f"no concept the filing reports has a label containing all of {sorted(want)}"
    low = min(best.values())
    winners = sorted(q for q, s in best.items() if s == low)
    if len(winners) > 1:
        return None, None, f"{phrase!r} matches {len(winners)} concepts equally well ({', '.join(winners[:4])}); name one"
    return winners[0], low, f"label match ({low} surplus tokens)"


_PAREN = re.compile(r"\([^()]*\)")
_TRAILING_NET = re.compile(r",\s*net\s*$", re.I)
# the same line item in other words: cash "provided by (used in)" operations, "shareholders'" equity
_SYNONYMS = {"shareholder": "stockholder", "shareowner": "stockholder", "provided": "", "used": "", "generated": ""}


@lru_cache(maxsize=1 << 16)  # the same labels are keyed for every question and sentence of a filing
def label_key(text: str) -> frozenset[str]:
    """Content words of a label or phrase as matched: parenthetical alternates ("(loss)") and a
    trailing ", net" dropped, plurals singular, stop words out."""
    text = _TRAILING_NET.sub("", _PAREN.sub(" ", text).strip())
    return frozenset(w for t in tokens(text) if (w := _SYNONYMS.get(t, t)))


def exact_label(phrase: str, lookup: LabelLookup) -> tuple[str | None, AbstainReason | None, str]:
    """The one reported concept with a label of exactly the phrase's content words.

    (qname, None, how) on a match; (None, AMBIGUOUS_METRIC, why) when several concepts have such
    a label, or when labels only contain the phrase's words among others ("other assets" is part
    of both "other assets, current" and "other assets, noncurrent": the claim says less than any
    concept); (None, None, why) when no label has all its words."""
    want = label_key(phrase)
    if not want:
        return None, None, f"the phrase {phrase!r} has no words to match against concept labels"
    exact: set[str] = set()
    partial: dict[str, int] = {}  # qname -> fewest extra label words
    for qname, labels in lookup():
        for label in labels:
            have = label_key(label)
            if have == want:
                exact.add(qname)
            elif want < have:
                partial[qname] = min(len(have - want), partial.get(qname, 99))
    if len(exact) == 1:
        q = exact.pop()
        return q, None, f"label match {q} (all content words of {phrase!r})"
    if exact:
        names = sorted(exact)
        return (
            None,
            AbstainReason.AMBIGUOUS_METRIC,
            f"{phrase!r} is the label of {len(names)} concepts ({', '.join(names[:5])}); name one",
        )
    if partial:
        names = sorted(partial, key=lambda q: (partial[q], q))
        return (
            None,
            AbstainReason.AMBIGUOUS_METRIC,
            (
                f"{phrase!r} is only part of the labels of {len(names)} concept(s) "
                f"({', '.join(names[:5])}), none has exactly its words; name one"
            ),
        )
    return None, None, f"no concept the filing reports has a label with exactly the words {sorted(want)}"


def alias_hits(aliases: Sequence[tuple[str, str, str]], phrase: str) -> list[tuple[str, str, str]]:
    """Registry entries (of Registry.aliases()) whose alias has exactly the phrase's content words
    (no partial matches: 'other assets, noncurrent' must not become 'assets')."""
    want = tokens(phrase)
    return [(a, k, i) for a, k, i in aliases if want and tokens(a) == want]


class Planner:
    """Deterministic planning from the registry's aliases and operation rules."""

    name = "deterministic"

    def __init__(self, registry: Registry):
        self.registry = registry
        self._aliases = registry.aliases()

    def plan(self, question: str, entity_words: Sequence[str] = (), labels: LabelLookup | None = None) -> Plan | PlanFailure:
        if not question or not question.strip():
            return PlanFailure(AbstainReason.NO_METRIC, "the question is empty; ask for a metric, a concept or an operation")
        period, rest = extract_period(question)
        scale = Decimal(1)
        if m := SCALE_CONTEXT.search(question):
            scale = CONTEXT_SCALES[(m[1] or m[2]).lower()]
        percent_q = bool(_PERCENT.search(question))
        common: dict[str, Any] = dict(period=period, scale=scale, percent_question=percent_q)  # fields every plan shares
        if m := QNAME_IN_BRACKETS.search(question):  # the user named the concept: nothing to guess
            return self._concept_plan(f"{m[1]}:{m[2]}", "QName named in brackets", common)
        core = core_phrase(rest, entity_words)
        if self._alias_hits(core):  # a line item whose name contains "less"/"net of" is not an operation
            return self._metric_plan(core, labels, common)
        if labels is not None and exact_label(core, labels)[0]:  # "comprehensive income, net of tax" is a label
            return self._metric_plan(core, labels, common)
        for rule in self.registry.operations:
            m = rule.pattern.match(core)
            if not m or _QUALIFIER_OPERAND.match(m["y"]):
                continue  # "net of tax", "less income taxes attributable to ...": a qualifier, never an operation
            operands = []
            for var in ("x", "y"):
                spec = self._operand(var, m[var], labels)
                if isinstance(spec, PlanFailure):
                    return spec
                operands.append(spec)
            expr = fx.substitute(fx.parse(rule.formula), {"x": operands[0].role, "y": operands[1].role})
            if operands[0].role == operands[1].role:
                return PlanFailure(AbstainReason.FORMULA_AMBIGUOUS, f"both operands of {rule.id!r} resolve to {operands[0].role}")
            ratio = "/" in rule.formula
            unit = Unit.RATIO if ratio else self._unit_of(operands)
            return Plan(
                target="explicit operation",
                target_label=f"{rule.id}: {fx.render(expr)}",
                unit=unit,
                explicit_formula=fx.render(expr),
                operands=tuple(operands),
                notes=(f"operation rule {rule.id} on {core!r}",),
                **{**common, "percent_question": percent_q or rule.percent},
            )
        return self._metric_plan(core, labels, common)

    def _alias_hits(self, phrase: str) -> list[tuple[str, str, str]]:
        return alias_hits(self._aliases, phrase)

    def _metric_plan(self, core: str, labels: LabelLookup | None, common: dict[str, Any]) -> Plan | PlanFailure:
        hits = self._alias_hits(core)
        if hits:
            metrics = sorted({i for _, k, i in hits if k == "metric"})
            concepts = sorted({i for _, k, i in hits if k == "concept"})
            if len(metrics) > 1 or (not metrics and len(concepts) > 1):
                names = ", ".join(metrics or concepts)
                return PlanFailure(
                    AbstainReason.AMBIGUOUS_METRIC, f"the question matches several registry entries equally ({names}); name one"
                )
            if metrics:
                return self.metric(metrics[0], common, note=f"registry alias {hits[0][0]!r}")
            c = self.registry.concepts[concepts[0]]
            return Plan(
                target=f"concept:{c.id}",
                target_label=c.label,
                unit=c.unit,
                target_concepts=c.candidates,
                notes=(f"registry concept alias {hits[0][0]!r}",),
                terms=(c.label, *c.aliases),
                **common,
            )
        if m := _QNAME.search(core):
            return self._concept_plan(f"{m[1]}:{m[2]}", "qname in the question", common)
        if m := _CAMEL.search(core):
            return self._concept_plan(f"us-gaap:{m[1]}", "concept name in the question", common)
        if labels is not None and core:
            qname, failure, how = exact_label(core, labels)
            if qname:
                return self._concept_plan(qname, how, common, core)
            if failure is AbstainReason.AMBIGUOUS_METRIC:
                return PlanFailure(
                    AbstainReason.AMBIGUOUS_METRIC, f"no registry metric, operation or concept for {core!r}: {how}"
                )
            # only a definition in the filing's own text can still say what the term is (authority 4);
            # the verifier abstains `no_metric` with this note when the text defines nothing
            return Plan(
                target=f"term:{core}",
                target_label=core,
                unit=Unit.MONETARY,
                terms=(core,),
                notes=(f"no registry metric, operation or concept for {core!r}: {how}", TERM_NOTE),
                **common,
            )
        return PlanFailure(AbstainReason.NO_METRIC, f"no registry metric, operation or concept for {core!r}")

    def metric(self, metric_id: str, common: dict[str, Any], note: str = "") -> Plan:
        m = self.registry.metrics[metric_id]
        optional = set(m.optional)
        ops: tuple[OperandSpec, ...] = ()
        if m.formula:
            ops = tuple(
                OperandSpec(r, r, self.registry.concepts[r].candidates, r in optional) for r in fx.roles(fx.parse(m.formula))
            )
        target = self.registry.concepts[m.concept].candidates if m.concept else ()
        return Plan(
            target=f"metric:{m.id}",
            target_label=m.label,
            unit=m.unit,
            target_concepts=target,
            registry_formula=m.formula,
            registry_operands=ops,
            registry_source=f"registry:{m.id}@{self.registry.version} ({m.source})",
            notes=(note,) if note else (),
            terms=(m.label, *m.aliases),
            **common,
        )

    def _concept_plan(self, qname: str, how: str, common: dict[str, Any], phrase: str | None = None) -> Plan:
        entry = self.registry.concept_for_qname(qname)
        unit = entry.unit if entry else Unit.MONETARY
        notes = (how,) if entry else (how, "unit assumed monetary: the concept is not in the registry")
        terms: tuple[str, ...] = (phrase,) if phrase else ()
        if entry:
            terms += (entry.label, *entry.aliases)
        return Plan(
            target=f"concept:{qname}", target_label=qname, unit=unit, target_concepts=(qname,), notes=notes, terms=terms, **common
        )

    def _operand(self, var: str, phrase: str, labels: LabelLookup | None) -> OperandSpec | PlanFailure:
        phrase = re.sub(r"^(?:the|a|an|total)\s+", "", phrase.strip(" ,.;:"), flags=re.I)
        for _, kind, ident in self._alias_hits(phrase):
            # a metric named as an operand stands for the concept that reports it
            cid = ident if kind == "concept" else self.registry.metrics[ident].concept
            if cid:
                c = self.registry.concepts[cid]
                return OperandSpec(c.id, phrase, c.candidates, stage="registry")
        if m := _QNAME.search(phrase):
            return OperandSpec(role_name(f"{m[1]}:{m[2]}"), phrase, (f"{m[1]}:{m[2]}",), stage="qname")
        if labels is not None:
            qname, failure, how = exact_label(phrase, labels)
            if qname:
                return OperandSpec(role_name(qname), phrase, (qname,), stage="label")
            return PlanFailure(failure or AbstainReason.NO_METRIC, f"operand {var} ({phrase!r}): {how}")
        return PlanFailure(AbstainReason.NO_METRIC, f"operand {var} ({phrase!r}) is not a registry concept or QName")

    def _unit_of(self, operands: Sequence[OperandSpec]) -> Unit:
        units = {e.unit for o in operands if (e := self.registry.concepts.get(o.role))}
        return units.pop() if len(units) == 1 else Unit.MONETARY
