"""The curated metric registry (verifier/metrics_registry.json): concepts, metrics, operation rules.

The file is versioned (`version`) and every plan records which version authorised its formula.
It holds definitions and mappings only; values always come from filed facts.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from auditgraph.errors import ConfigError
from auditgraph.verifier import formula as fx
from auditgraph.verifier.types import Unit


@dataclass(frozen=True)
class ConceptEntry:
    id: str
    label: str
    unit: Unit
    aliases: tuple[str, ...]
    candidates: tuple[str, ...]  # QNames, priority order


@dataclass(frozen=True)
class MetricEntry:
    id: str
    label: str
    statement: str  # IS | BS | CF | ratio
    unit: Unit
    aliases: tuple[str, ...]
    concept: str | None  # concept id that reports the metric itself
    formula: str | None  # over concept ids
    optional: tuple[str, ...]
    source: str
    display: str = "amount"  # ratios: "percent" (44.1%) or "times" (0.99)


@dataclass(frozen=True)
class OperationRule:
    id: str
    pattern: re.Pattern[str]
    formula: str  # over x, y
    percent: bool


@dataclass(frozen=True)
class Registry:
    version: str
    concepts: dict[str, ConceptEntry]
    metrics: dict[str, MetricEntry]
    operations: tuple[OperationRule, ...]
    path: str

    def concept_by_alias(self, phrase: str) -> ConceptEntry | None:
        key = normalise(phrase)
        for c in self.concepts.values():
            if key in (normalise(a) for a in (*c.aliases, c.id.replace("_", " "))):
                return c
        return None

    def concept_for_qname(self, qname: str) -> ConceptEntry | None:
        for c in self.concepts.values():
            if qname in c.candidates:
                return c
        return None

    def aliases(self) -> list[tuple[str, str, str]]:
        """(normalised alias, kind, id) for every metric and concept, longest first."""
        out = [(normalise(a), "metric", m.id) for m in self.metrics.values() for a in m.aliases]
        out += [(normalise(a), "concept", c.id) for c in self.concepts.values() for a in c.aliases]
        return sorted(set(out), key=lambda t: (-len(t[0]), t[1] != "metric", t[2]))


def normalise(text: str) -> str:
    text = text.lower().replace("’", "'").replace("&", " & ")
    text = re.sub(r"[^a-z0-9&' ]+", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def _load(text: str, path: str) -> Registry:
    try:
        doc = json.loads(text)
        concepts = {
            cid: ConceptEntry(cid, c["label"], Unit(c["unit"]), tuple(c["aliases"]), tuple(c["candidates"]))
            for cid, c in doc["concepts"].items()
        }
        metrics = {
            mid: MetricEntry(mid, m["label"], m["statement"], Unit(m["unit"]), tuple(m["aliases"]), m.get("concept"),
                             m.get("formula"), tuple(m.get("optional", ())), m["source"], m.get("display", "amount"))
            for mid, m in doc["metrics"].items()
        }
        operations = tuple(
            OperationRule(o["id"], re.compile(rf"^{o['pattern']}$", re.IGNORECASE), o["formula"], bool(o.get("percent")))
            for o in doc["operations"]
        )
        version = doc["version"]
    except (KeyError, TypeError, ValueError, AttributeError, re.error) as exc:
        raise ConfigError(f"{path}: not a valid metric registry ({exc!r}); compare with verifier/metrics_registry.json") from exc
    for m in metrics.values():
        if m.concept and m.concept not in concepts:
            raise ConfigError(f"{path}: metric {m.id} names unknown concept {m.concept!r}; add it under concepts")
        if m.formula:
            try:
                names = fx.roles(fx.parse(m.formula))
            except fx.FormulaError as exc:
                raise ConfigError(f"{path}: metric {m.id}: {exc}") from exc
            unknown = [n for n in names if n not in concepts]
            if unknown:
                raise ConfigError(f"{path}: metric {m.id} formula uses unknown concept(s) {', '.join(unknown)}")
    return Registry(version, concepts, metrics, operations, path)


_ITEM_TYPES = {Unit.MONETARY: "monetaryItemType", Unit.SHARES: "sharesItemType", Unit.PER_SHARE: "perShareItemType"}


def taxonomy_problems(registry: Registry, taxonomy_zip: str | Path) -> list[str]:
    """Candidate QNames the us-gaap release in `taxonomy_zip` does not declare, or declares with
    another item type than the concept's unit (monetary, shares, per share); empty when all fit.

    Reads the release's element schema (`*/elts/us-gaap-YYYY.xsd`) straight from the zip."""
    import zipfile

    from lxml import etree

    with zipfile.ZipFile(taxonomy_zip) as z:
        names = [n for n in z.namelist() if re.search(r"(^|/)elts/us-gaap-\d{4}\.xsd$", n)]
        if not names:
            raise ConfigError(f"{taxonomy_zip}: no elts/us-gaap-YYYY.xsd inside; pass a us-gaap taxonomy package zip")
        root = etree.fromstring(z.read(names[0]))
    types = {e.get("name"): e.get("type") or "" for e in root.iter("{http://www.w3.org/2001/XMLSchema}element")}
    problems = []
    for c in registry.concepts.values():
        for q in c.candidates:
            prefix, _, name = q.partition(":")
            if prefix != "us-gaap" or name not in types:
                problems.append(f"{c.id}: {q} is not a concept of {names[0]}")
            elif c.unit in _ITEM_TYPES and not types[name].endswith(_ITEM_TYPES[c.unit]):
                problems.append(f"{c.id}: {q} is {types[name]}, but the concept is measured in {c.unit.value} units")
    return problems


@lru_cache(maxsize=4)
def load_registry(path: str | None = None) -> Registry:
    """The shipped registry, or another file with the same layout."""
    if path is None:
        res = files("auditgraph.verifier") / "metrics_registry.json"
        return _load(res.read_text(encoding="utf-8"), "verifier/metrics_registry.json")
    p = Path(path)
    if not p.exists():
        raise ConfigError(f"{path}: no such registry file; pass a JSON file shaped like verifier/metrics_registry.json")
    return _load(p.read_text(encoding="utf-8"), path)
