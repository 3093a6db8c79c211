"""The curated metric registry (verifier/metrics_registry.json): concepts, metrics, qualifiers,
operation rules; and the analyst-terms table (verifier/analyst_terms.json) that names them the way
analysts, news and earnings releases do.

Both files are versioned (`version`, `terms_version`) and every plan records which version
authorised its formula. They hold definitions and mappings only; values always come from filed facts.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
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
    alternatives: tuple[str, ...] = ()  # other metrics people mean by the same words (EBIT: operating income)
    filer_defined: bool = False  # a non-GAAP measure filers define themselves: their text definition comes first


@dataclass(frozen=True)
class OperationRule:
    id: str
    pattern: re.Pattern[str]
    formula: str  # over x, y
    percent: bool


@dataclass(frozen=True)
class Qualifier:
    """Words that select a concept ("attributable to parent", "diluted"); never an operation."""

    id: str
    phrases: tuple[str, ...]
    selects: dict[str, str]  # concept the words without the qualifier name -> the concept with it
    note: str


@dataclass(frozen=True)
class AnalystTerm:
    """One row of analyst_terms.json: a term and the registry metric or concept it names."""

    term: str
    kind: str  # "metric" | "concept"
    id: str
    note: str = ""


@dataclass(frozen=True)
class UnmappedTerm:
    """A term left out on purpose (ambiguous or not in filings), with the entries it might mean."""

    term: str
    candidates: tuple[tuple[str, str], ...]  # (kind, id)
    note: str


@dataclass(frozen=True)
class Registry:
    version: str
    concepts: dict[str, ConceptEntry]
    metrics: dict[str, MetricEntry]
    operations: tuple[OperationRule, ...]
    path: str
    qualifiers: tuple[Qualifier, ...] = ()
    terms: tuple[AnalystTerm, ...] = ()
    unmapped_terms: tuple[UnmappedTerm, ...] = ()
    terms_version: str | None = None
    terms_path: str | None = None
    skipped_terms: tuple[str, ...] = ()  # shipped terms a custom registry has no target for

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
        """(normalised alias, kind, id) for every metric, concept and analyst term, longest first
        (then metrics before concepts, then by id, then by alias: never the order of a set, which changes with
        the process's hash seed)."""
        out = [(normalise(a), "metric", m.id) for m in self.metrics.values() for a in m.aliases]
        out += [(normalise(a), "concept", c.id) for c in self.concepts.values() for a in c.aliases]
        out += [(normalise(t.term), t.kind, t.id) for t in self.terms]
        return sorted(set(out), key=lambda t: (-len(t[0]), t[1] != "metric", t[2], t[0]))

    def term(self, phrase: str) -> AnalystTerm | None:
        """The analyst-terms row for a phrase (normalised), if the table has one."""
        key = normalise(phrase)
        return next((t for t in self.terms if normalise(t.term) == key), None)

    def unmapped(self, phrase: str) -> UnmappedTerm | None:
        """A term the table leaves out on purpose (e.g. "margin"), with its candidates."""
        key = normalise(phrase)
        return next((u for u in self.unmapped_terms if normalise(u.term) == key), None)

    def qualifiers_in(self, phrase: str) -> tuple[Qualifier, ...]:
        """Qualifiers whose words occur in the phrase (whole words, normalised)."""
        text = f" {normalise(phrase.replace('-', ' '))} "
        return tuple(q for q in self.qualifiers if any(f" {normalise(p.replace('-', ' '))} " in text for p in q.phrases))

    def select(self, base: str, qualifiers: tuple[str, ...] | list[str]) -> str | None:
        """The concept a base concept names under qualifiers (ids), or None when one does not apply:
        select("net_income", ["attributable_to_common"]) == "net_income_common"."""
        by_id = {q.id: q for q in self.qualifiers}
        cid: str | None = base
        for qid in qualifiers:
            q = by_id.get(qid)
            cid = q.selects.get(cid) if q and cid else None
        return cid


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
            mid: MetricEntry(
                mid,
                m["label"],
                m["statement"],
                Unit(m["unit"]),
                tuple(m["aliases"]),
                m.get("concept"),
                m.get("formula"),
                tuple(m.get("optional", ())),
                m["source"],
                m.get("display", "amount"),
                tuple(m.get("alternatives", ())),
                bool(m.get("filer_defined", False)),
            )
            for mid, m in doc["metrics"].items()
        }
        operations = tuple(
            OperationRule(o["id"], re.compile(rf"^{o['pattern']}$", re.IGNORECASE), o["formula"], bool(o.get("percent")))
            for o in doc["operations"]
        )
        qualifiers = tuple(
            Qualifier(q["id"], tuple(q["phrases"]), dict(q["selects"]), q.get("note", "")) for q in doc.get("qualifiers", ())
        )
        version = doc["version"]
    except (KeyError, TypeError, ValueError, AttributeError, re.error) as exc:
        raise ConfigError(f"{path}: not a valid metric registry ({exc!r}); compare with verifier/metrics_registry.json") from exc
    for m in metrics.values():
        if unknown_alt := [a for a in m.alternatives if a not in metrics]:
            raise ConfigError(f"{path}: metric {m.id} names unknown alternative metric(s) {', '.join(unknown_alt)}")
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
    for q in qualifiers:
        unknown = sorted({c for pair in q.selects.items() for c in pair if c not in concepts})
        if unknown or not q.phrases:
            why = f"selects unknown concept(s) {', '.join(unknown)}" if unknown else "has no phrases"
            raise ConfigError(f"{path}: qualifier {q.id} {why}; qualifiers map concept ids to concept ids")
    return Registry(version, concepts, metrics, operations, path, qualifiers)


def _equivalent(reg: Registry, a: tuple[str, str], b: tuple[str, str]) -> bool:
    """Same entry, or a metric and the concept that reports it (the planner prefers the metric)."""
    if a == b:
        return True
    (ka, ia), (kb, ib) = a, b
    if ka == "metric" and kb == "concept":
        return reg.metrics[ia].concept == ib
    if ka == "concept" and kb == "metric":
        return reg.metrics[ib].concept == ia
    return False


def _with_terms(reg: Registry, text: str, path: str, strict: bool) -> Registry:
    """The registry with the analyst-terms table read from `text`.

    strict: every target must exist (ConfigError naming the term); otherwise (the shipped table
    over a custom registry) rows without a target are skipped and listed in `skipped_terms`."""
    try:
        doc = json.loads(text)
        version = str(doc["version"])
        rows = [(r["term"], r["target"], r.get("note", "")) for r in doc["terms"]]
        left_out = [(u["term"], list(u.get("candidates", ())), u.get("note", "")) for u in doc.get("unmapped", ())]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ConfigError(f"{path}: not a valid analyst terms table ({exc!r}); compare with verifier/analyst_terms.json") from exc

    def target(term: str, spec: object) -> tuple[str, str] | None:
        kind, _, ident = str(spec).partition(":")
        if kind not in ("metric", "concept") or not ident:
            raise ConfigError(f"{path}: term {term!r} has target {spec!r}; write metric:<id> or concept:<id>")
        if ident in (reg.metrics if kind == "metric" else reg.concepts):
            return kind, ident
        if strict:
            raise ConfigError(f"{path}: term {term!r} maps to unknown {kind} {ident!r}; add it to {reg.path} or fix the target")
        return None

    registry_aliases: dict[str, set[tuple[str, str]]] = {}
    for alias, kind, ident in reg.aliases():
        registry_aliases.setdefault(alias, set()).add((kind, ident))
    terms: list[AnalystTerm] = []
    seen: dict[str, tuple[str, str]] = {}
    skipped: list[str] = []
    for term, spec, note in rows:
        key = normalise(str(term))
        if not key:
            raise ConfigError(f"{path}: term {term!r} has no words; remove the row")
        t = target(term, spec)
        if t is None:
            skipped.append(term)
            continue
        if key in seen:
            what = "is listed twice" if seen[key] == t else f"maps to both {':'.join(seen[key])} and {':'.join(t)}"
            raise ConfigError(f"{path}: term {term!r} {what}; keep one row per term")
        clash = [e for e in registry_aliases.get(key, ()) if not _equivalent(reg, t, e)]
        if clash:
            if strict:
                raise ConfigError(
                    f"{path}: term {term!r} maps to {':'.join(t)}, but the registry alias maps it to "
                    f"{', '.join(':'.join(e) for e in sorted(clash))}; make them agree"
                )
            skipped.append(term)
            continue
        seen[key] = t
        terms.append(AnalystTerm(str(term), t[0], t[1], str(note)))
    unmapped: list[UnmappedTerm] = []
    for term, specs, note in left_out:
        if normalise(str(term)) in seen or normalise(str(term)) in registry_aliases:
            if not strict:
                continue  # the custom registry maps it: its alias decides
            raise ConfigError(f"{path}: term {term!r} is both unmapped and mapped; remove one of the two")
        cands = tuple(c for c in (target(term, s) for s in specs) if c)
        unmapped.append(UnmappedTerm(str(term), cands, str(note)))
    return replace(
        reg,
        terms=tuple(terms),
        unmapped_terms=tuple(unmapped),
        terms_version=version,
        terms_path=path,
        skipped_terms=tuple(skipped),
    )


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


TERMS_FILE = "analyst_terms.json"


@lru_cache(maxsize=4)
def load_registry(path: str | None = None, terms: str | None = None) -> Registry:
    """The shipped registry, or another file with the same layout, with its analyst terms.

    Terms come from `terms`, else from an analyst_terms.json next to a custom registry, else from
    the shipped table. The shipped table over a custom registry skips rows whose target that
    registry lacks (`skipped_terms`); a table given or found next to the registry must fit it."""
    if path is None:
        res = files("auditgraph.verifier") / "metrics_registry.json"
        reg = _load(res.read_text(encoding="utf-8"), "verifier/metrics_registry.json")
    else:
        p = Path(path)
        if not p.exists():
            raise ConfigError(f"{path}: no such registry file; pass a JSON file shaped like verifier/metrics_registry.json")
        reg = _load(_read_json_text(p, "registry"), path)
    if terms is None and path is not None and (Path(path).parent / TERMS_FILE).exists():
        terms = str(Path(path).parent / TERMS_FILE)
    if terms is None:
        shipped = (files("auditgraph.verifier") / TERMS_FILE).read_text(encoding="utf-8")
        return _with_terms(reg, shipped, f"verifier/{TERMS_FILE}", strict=path is None)
    t = Path(terms)
    if not t.exists():
        raise ConfigError(f"{terms}: no such analyst terms file; pass a JSON file shaped like verifier/{TERMS_FILE}")
    return _with_terms(reg, _read_json_text(t, "analyst terms"), terms, strict=True)


MAX_TABLE_BYTES = 16 * 2**20  # the shipped registry is ~100 KB: a larger "registry" is the wrong file


def _read_json_text(p: Path, what: str) -> str:
    """A user-given JSON table as text: a regular file of bounded size in UTF-8, else ConfigError naming it."""
    if not p.is_file():
        raise ConfigError(f"{p}: not a regular file; pass a {what} JSON file")
    if p.stat().st_size > MAX_TABLE_BYTES:
        raise ConfigError(
            f"{p}: {p.stat().st_size:,} bytes, more than a {what} file has ({MAX_TABLE_BYTES:,}); pass the JSON file"
        )
    try:
        return p.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{p}: not UTF-8 text ({exc.reason} at byte {exc.start}); pass a {what} JSON file") from exc
