"""Which metric or concept a phrase names, matched on all of its content words.

Sources, in the order they decide (docs/verifier.md, "Grounding a metric"):
  1. a QName the claim names in brackets: "[us-gaap:ComprehensiveIncomeNetOfTax]";
  2. the filer's own labels (standard, terse, total, period start/end, negated: the words on its
     statements; `FILER_LABEL` edges), when exactly one concept of the right unit has them;
  3. the registry's metric and concept aliases and the analyst terms table;
  4. the taxonomy's labels of the concepts the filing reports.
A phrase matches an entry only when both have the same content words (after dropping
parenthetical alternates such as "(loss)" and a trailing ", net"): "comprehensive income (loss)"
is never "other comprehensive income (loss), tax". Anything else is Unresolved, with up to five
candidates for the user to name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from auditgraph.verifier.plan import label_key as key
from auditgraph.verifier.registry import Registry
from auditgraph.verifier.types import AbstainReason, Unit
from auditgraph.verifier.vocabulary import QNAME_IN_BRACKETS

MAX_CANDIDATES = 5
# words that say which way a tax amount goes, not what it is: the taxonomy's "tax effect" is a benefit
# or an expense
_SIGN_WORDS = frozenset({"benefit", "benefits", "provision"})


def unit_of_type(type_: str | None, base_type: str | None, unit_keys: Sequence[str] = ()) -> Unit | None:
    """The verifier unit of a concept from its XBRL item type, else (a concept whose release is not
    loaded) from the units its facts are reported in."""
    t = (type_ or "").lower()
    if not t and not base_type and unit_keys:
        keys = {k or "" for k in unit_keys}
        if all(re.fullmatch(r"iso4217:[A-Z]{3}", k) for k in keys):
            return Unit.MONETARY
        if all(re.fullmatch(r"iso4217:[A-Z]{3}/xbrli:shares", k) for k in keys):
            return Unit.PER_SHARE
        if keys == {"xbrli:shares"}:
            return Unit.SHARES
        if keys == {"xbrli:pure"}:
            return Unit.RATIO
        return None
    if "pershare" in t:
        return Unit.PER_SHARE
    if base_type == "monetary" or "monetary" in t:
        return Unit.MONETARY
    if base_type == "shares" or "shares" in t:
        return Unit.SHARES
    if "percent" in t or "pure" in t:
        return Unit.RATIO
    return None


@dataclass(frozen=True)
class ConceptWords:
    """One concept the filing reports and every label it goes by."""

    qname: str
    unit: Unit | None
    period_type: str | None
    taxonomy_labels: tuple[str, ...]
    filer_labels: tuple[tuple[str, str], ...]  # (role name, text)

    @property
    def shown_label(self) -> str:
        for want in ("label", "terseLabel", "totalLabel"):
            for role, text in self.filer_labels:
                if role == want:
                    return text
        return self.filer_labels[0][1] if self.filer_labels else (self.taxonomy_labels[0] if self.taxonomy_labels else self.qname)


@dataclass(frozen=True)
class Target:
    kind: str  # "metric" | "concept" (registry ids) | "qname"
    id: str
    how: str  # which source and words matched, for the plan's notes
    unit: Unit | None = None
    alternatives: tuple[Target, ...] = ()  # other readings of the same words; a claim is decided only if all agree


@dataclass(frozen=True)
class Unresolved:
    reason: AbstainReason  # no_metric | ambiguous_metric
    message: str
    candidates: tuple[ConceptWords, ...] = ()


@dataclass
class Lexicon:
    registry: Registry
    concepts: Sequence[ConceptWords]
    _filer: dict[frozenset[str], set[str]] = field(default_factory=dict)
    _taxonomy: dict[frozenset[str], set[str]] = field(default_factory=dict)
    _registry: dict[frozenset[str], set[tuple[str, str]]] = field(default_factory=dict)
    _by_qname: dict[str, ConceptWords] = field(default_factory=dict)
    _conjoined: set[frozenset[str]] = field(default_factory=set)  # keys of names that contain "and"
    # (key, value) of names that repeat a content word ("cash and restricted cash": two names summed,
    # whose word set is that of "restricted cash"), and of names that do not
    _sums: set[tuple[frozenset[str], object]] = field(default_factory=set)
    _plain: set[tuple[frozenset[str], object]] = field(default_factory=set)

    def __post_init__(self) -> None:
        for c in self.concepts:
            self._by_qname[c.qname] = c
            for _, text in c.filer_labels:
                if not key(text) <= _CAPTION_WORDS:
                    self._add(self._filer, text, c.qname)
            for text in (*c.taxonomy_labels, _camel_words(c.qname)):
                self._add(self._taxonomy, text, c.qname)
        for alias, kind, ident in self.registry.aliases():
            self._add(self._registry, alias, (kind, ident))

    def _add(self, index: dict[frozenset[str], set[Any]], text: str, value: object) -> None:
        if k := key(text):
            index.setdefault(k, set()).add(value)
            (self._sums if _repeats(text) else self._plain).add((k, value))
            if re.search(r"\band\b|&", text, re.I):
                self._conjoined.add(k)

    @classmethod
    def from_rows(cls, registry: Registry, rows: Iterable[dict[str, Any]]) -> Lexicon:
        """From `verify.lexicon` rows."""
        concepts = []
        for r in rows:
            labels = tuple(t for t in dict.fromkeys([r.get("label"), *(r.get("labels") or [])]) if t)
            filer = tuple((m.get("role_name") or "label", m["text"]) for m in (r.get("filer_labels") or []) if m.get("text"))
            concepts.append(
                ConceptWords(
                    r["qname"],
                    unit_of_type(r.get("type"), r.get("base_type"), r.get("unit_keys") or ()),
                    r.get("period_type"),
                    labels,
                    filer,
                )
            )
        return cls(registry, concepts)

    def concept(self, qname: str) -> ConceptWords | None:
        return self._by_qname.get(qname)

    def knows(self, k: frozenset[str], conjoined: bool = False) -> bool:
        """Whether any source has an entry with exactly these content words (sentence scanning);
        `conjoined`: the words were joined by "and", so the entry's name must be too ("research and
        development"), never two names side by side ("revenue and net income" is not "net revenue")."""
        return (
            bool(k)
            and (k in self._filer or k in self._registry or k in self._taxonomy)
            and (not conjoined or k in self._conjoined)
        )

    def resolve(self, phrase: str, units: Sequence[Unit] | None = None) -> Target | Unresolved:
        """The one metric or concept `phrase` names, in one of `units` (any when None)."""
        if m := QNAME_IN_BRACKETS.search(phrase):
            qname = f"{m[1]}:{m[2]}"
            c = self._by_qname.get(qname)
            return Target("qname", qname, f"QName {qname} named in the claim", c.unit if c else None)
        k = key(phrase)
        if not k:
            return Unresolved(AbstainReason.NO_METRIC, f"{phrase!r} has no words that name a line item")
        ok: Callable[[Unit | None], bool] = (lambda u: u is None or u in units) if units else (lambda u: True)
        single = not _repeats(phrase)

        def one(v: object) -> bool:  # "restricted cash" is not "cash and restricted cash"
            return not single or (k, v) not in self._sums or (k, v) in self._plain

        filer = sorted(q for q in self._filer.get(k, ()) if ok(self._by_qname[q].unit) and one(q) and not self._short_form(k, q))
        reg = sorted((kind, i) for kind, i in self._registry.get(k, ()) if ok(self._registry_unit(kind, i)) and one((kind, i)))
        if len(filer) == 1:
            c = self._by_qname[filer[0]]
            said = next((f"{t!r} ({r})" for r, t in c.filer_labels if key(t) == k), "")
            # "comprehensive income" may be the filer's label of the total including NCI while the
            # registry reads it as the parent's: when both concepts are reported, both readings count
            others = tuple(
                Target(kind, i, f"registry {kind} {i} ({self.registry.version}) for {phrase!r}", self._registry_unit(kind, i))
                for kind, i in reg
                if self._reported_elsewhere(kind, i, c.qname)
            )
            return Target("qname", c.qname, f"the filer's label {said}", c.unit, others[:1])
        metrics = [i for kind, i in reg if kind == "metric"]
        concepts = [i for kind, i in reg if kind == "concept"]
        if len(metrics) == 1 or (not metrics and len(concepts) == 1):
            kind, ident = ("metric", metrics[0]) if metrics else ("concept", concepts[0])
            return Target(
                kind, ident, f"registry {kind} {ident} ({self.registry.version}) for {phrase!r}", self._registry_unit(kind, ident)
            )
        if len(metrics) > 1 or len(concepts) > 1:
            names = ", ".join(metrics or concepts)
            return Unresolved(
                AbstainReason.AMBIGUOUS_METRIC,
                f"{phrase!r} names several registry entries equally ({names})",
                self.candidates(phrase),
            )
        if len(filer) > 1:
            return Unresolved(
                AbstainReason.AMBIGUOUS_METRIC,
                f"the filer uses the words {phrase!r} for {len(filer)} concepts",
                tuple(self._by_qname[q] for q in filer[:MAX_CANDIDATES]),
            )
        tax = sorted(q for q in self._taxonomy.get(k, ()) if ok(self._by_qname[q].unit) and one(q))
        if len(tax) == 1:
            return Target("qname", tax[0], f"taxonomy label of {tax[0]} for {phrase!r}", self._by_qname[tax[0]].unit)
        if len(tax) > 1:
            return Unresolved(
                AbstainReason.AMBIGUOUS_METRIC,
                f"{phrase!r} is the label of {len(tax)} concepts",
                tuple(self._by_qname[q] for q in tax[:MAX_CANDIDATES]),
            )
        return Unresolved(
            AbstainReason.NO_METRIC,
            f"no registry metric, filer label or concept label has exactly the words of {phrase!r}",
            self.candidates(phrase, units),
        )

    def _short_form(self, k: frozenset[str], qname: str) -> bool:
        """Whether the filer's label is a short form read under its table's heading: every name the
        taxonomy gives the concept has its words and at least three more ("Impairment during the
        period" for Equity Securities without Readily Determinable Fair Value, Impairment Loss) while
        another reported concept also goes by those words (Impairment, Long-Lived Asset, Held-for-Use):
        in a sentence they may name either, so the filer's label does not decide."""
        c = self._by_qname[qname]
        names = [key(t) for t in (*c.taxonomy_labels, _camel_words(qname))]
        k = k - _SIGN_WORDS  # "Income tax benefit" under Discontinued operations: a tax effect's sign
        if not (k and names and all(n > k and len(n - k) >= 3 for n in names)):
            return False
        # a short form is still the concept's name when no other reported concept of its unit goes
        # by those words ("Valuation allowance": the one deferred tax asset valuation allowance)
        return any(
            o.qname != qname
            and o.unit == c.unit
            and o.period_type == c.period_type  # a balance is not its change in the period
            and any(key(t) >= k for t in (*o.taxonomy_labels, *(t for _, t in o.filer_labels), _camel_words(o.qname)))
            for o in self.concepts
        )

    def _reported_elsewhere(self, kind: str, ident: str, qname: str) -> bool:
        """Whether a registry entry stands for a concept the filing reports other than `qname`."""
        cid = ident if kind == "concept" else self.registry.metrics[ident].concept
        if cid is None:
            return False
        candidates = self.registry.concepts[cid].candidates
        reported = [q for q in candidates if q in self._by_qname]
        return bool(reported) and qname not in candidates

    def _registry_unit(self, kind: str, ident: str) -> Unit:
        entry = self.registry.metrics[ident] if kind == "metric" else self.registry.concepts[ident]
        return entry.unit

    def candidates(self, phrase: str, units: Sequence[Unit] | None = None) -> tuple[ConceptWords, ...]:
        """Up to five reported concepts whose labels share the most content words with `phrase`."""
        want = key(phrase)
        if not want:
            return ()
        scored = []
        for c in self.concepts:
            if units and c.unit is not None and c.unit not in units:
                continue
            best = 0.0
            for text in (*(t for _, t in c.filer_labels), *c.taxonomy_labels, _camel_words(c.qname)):
                have = key(text)
                if have and (common := len(want & have)):
                    best = max(best, common / len(want | have))
            if best > 0:
                scored.append((-best, len(c.qname), c.qname, c))
        return tuple(c for *_, c in sorted(scored)[:MAX_CANDIDATES])


# a statement row's caption, no line item's name: the equity statement's "Beginning balance, value" is
# StockholdersEquity's label, yet "the balance outstanding … totaled $6,706" is no equity
_CAPTION_WORDS = frozenset(("balance", "beginning", "end", "ending", "value", "share", "net", "outstanding"))


def _repeats(text: str) -> bool:
    """Whether a name says one content word twice: "cash and restricted cash" names two things."""
    words = [w for t in re.findall(r"[A-Za-z][A-Za-z'’-]*", text) for w in key(t)]
    return len(words) != len(set(words))


def _camel_words(qname: str) -> str:
    name = qname.partition(":")[2]
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name)
