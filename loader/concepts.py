"""Concepts and labels out of an Arelle model, as rows for the UNWIND writers in cypher/load/.

Shared by the taxonomy loader (one node per concept per release year) and the filing loader
(a filing's extension concepts, keyed by filing). Identity is namespace URI + local name,
never the prefix a document happens to use (docs/graph-model.md).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from arelle import XbrlConst
from arelle.ModelDtsObject import ModelConcept
from arelle.ModelXbrl import ModelXbrl

DOCUMENTATION_ROLE = XbrlConst.documentationLabel  # http://www.xbrl.org/2003/role/documentation
STANDARD_ROLE = XbrlConst.standardLabel


def concept_key(namespace: str, name: str, filing_id: str | None = None) -> str:
    """`{namespace}#{name}`; an extension concept is scoped to its filing: `{filing_id}|{ns}#{name}`."""
    base = f"{namespace}#{name}"
    return f"{filing_id}|{base}" if filing_id else base


# `http://fasb.org/us-gaap/2025`, `http://xbrl.sec.gov/dei/2025`, `http://fasb.org/dqcrules-0015/2025`
_RELEASE_NS = re.compile(r"^https?://[^/]+/(?:[^/]+/)*?([A-Za-z][A-Za-z0-9.-]*?)(?:-\d{4})?/(\d{4})(?:-\d{2}-\d{2})?/?$")


@functools.lru_cache(maxsize=4096)  # a filing asks for the same few namespaces thousands of times
def release_of_namespace(namespace: str) -> tuple[str, int] | None:
    """(taxonomy, year) of a yearly taxonomy namespace, e.g. ("us-gaap", 2025); None for others.

    Only the last two path segments count, so `http://fasb.org/us-gaap/2025` and
    `http://xbrl.sec.gov/dei/2025` map to us-gaap/2025 and dei/2025; a numbered DQC rule
    namespace (`dqcrules-0015/2025`) maps to dqcrules/2025.
    """
    m = _RELEASE_NS.match(namespace or "")
    if not m:
        return None
    return m.group(1), int(m.group(2))


def placeholder_row(namespace: str, name: str, prefix: str | None = None) -> dict[str, Any]:
    """Row for cypher/load/placeholders.cypher: a concept an edge needs whose release is not loaded."""
    rel = release_of_namespace(namespace)
    return {
        "key": concept_key(namespace, name),
        "namespace": namespace,
        "name": name,
        "qname": f"{prefix}:{name}" if prefix else name,
        "year": rel[1] if rel else None,
    }


def role_name(role: str | None) -> str:
    """Short name of a label or link role URI: `.../role/terseLabel` -> `terseLabel`."""
    if not role:
        return ""
    return role.rstrip("/").rsplit("/", 1)[-1]


@dataclass(frozen=True)
class ConceptRow:
    """The properties of a Concept node (docs/graph-model.md, Nodes)."""

    key: str
    namespace: str
    name: str
    prefix: str | None
    qname: str
    year: int | None
    release: str | None
    type: str | None
    base_type: str | None
    balance: str | None
    period_type: str | None
    abstract: bool
    nillable: bool
    numeric: bool
    substitution_group: str | None
    is_dimension: bool
    is_hypercube: bool
    typed_domain_ref: str | None
    label: str | None
    documentation: str | None
    filing_id: str | None = None

    def to_row(self) -> dict[str, Any]:
        return dict(self.__dict__)  # flat fields: a shallow copy is all asdict() would do, 10x faster


def _qname_str(qn: Any) -> str | None:
    return str(qn) if qn is not None else None


def _label_rels(model_xbrl: ModelXbrl, concept: ModelConcept) -> list[Any]:
    rels: list[Any] = model_xbrl.relationshipSet(XbrlConst.conceptLabel).fromModelObject(concept)
    return rels


def _text(resource: Any) -> str:
    return (resource.textValue or "").strip()


def _pick_label(rels: list[Any], role: str) -> str | None:
    """The label of `role`, preferring English (en, en-US) the way Arelle's own lookup does."""
    best: tuple[int, str] | None = None
    for rel in rels:
        res = rel.toModelObject
        if res is None or res.role != role:
            continue
        lang = (res.xmlLang or "").lower()
        rank = 0 if lang == "en-us" else 1 if lang.startswith("en") else 2
        if best is None or rank < best[0]:
            best = (rank, _text(res))
    return best[1] if best else None


def _base_type(concept: ModelConcept) -> str | None:
    """XBRL base type without the `ItemType` suffix: monetary, shares, decimal, string, ..."""
    base: str | None = concept.baseXbrliType
    if not base:
        return None
    return base[: -len("ItemType")] if base.endswith("ItemType") else base


def concept_rows(
    model_xbrl: ModelXbrl,
    concepts: Iterable[ModelConcept],
    *,
    release: str | None,
    year: int | None,
    filing_id: str | None = None,
) -> list[ConceptRow]:
    """One row per concept (item or tuple declarations only), de-duplicated by key."""
    rows: dict[str, ConceptRow] = {}
    for c in concepts:
        if c is None or c.qname is None or not (c.isItem or c.isTuple):
            continue
        ns, name = c.qname.namespaceURI, c.qname.localName
        key = concept_key(ns, name, filing_id)
        if key in rows:
            continue
        rels = _label_rels(model_xbrl, c)
        typed = c.get("{http://xbrl.org/2005/xbrldt}typedDomainRef")
        rows[key] = ConceptRow(
            key=key,
            namespace=ns,
            name=name,
            prefix=c.qname.prefix,
            qname=f"{c.qname.prefix}:{name}" if c.qname.prefix else name,
            year=year,
            release=release,
            type=_qname_str(c.typeQname),
            base_type=_base_type(c),
            balance=c.balance,
            period_type=c.periodType,
            abstract=bool(c.isAbstract),
            nillable=bool(c.isNillable),
            numeric=bool(c.isNumeric),
            substitution_group=_qname_str(c.substitutionGroupQname),
            is_dimension=bool(c.isDimensionItem),
            is_hypercube=bool(c.isHypercubeItem),
            typed_domain_ref=typed,
            label=_pick_label(rels, STANDARD_ROLE),
            documentation=_pick_label(rels, DOCUMENTATION_ROLE),
            filing_id=filing_id,
        )
    return list(rows.values())


def label_rows(
    model_xbrl: ModelXbrl,
    concepts: Iterable[ModelConcept],
    key_of: Callable[[ModelConcept], str | None],
) -> list[dict[str, Any]]:
    """Label nodes (documentation included) of the given concepts: key, concept_key, role, role_name, lang, text.

    A concept with two labels of the same role and language (a filer overriding a standard
    label) keeps the last one Arelle reports, which is the one with the highest priority.
    """
    out: dict[str, dict[str, Any]] = {}
    for c in concepts:
        ckey = key_of(c) if c is not None else None
        if ckey is None:
            continue
        for rel in _label_rels(model_xbrl, c):
            res = rel.toModelObject
            if res is None or not res.role:
                continue
            lang = res.xmlLang or ""
            key = f"{ckey}|{res.role}|{lang}"
            out[key] = {
                "key": key,
                "concept_key": ckey,
                "role": res.role,
                "role_name": role_name(res.role),
                "lang": lang,
                "text": _text(res),
            }
    return list(out.values())


def _english(lang: str) -> bool:
    lang = lang.lower()
    return lang == "en" or lang.startswith("en-")


def filer_label_rows(
    model_xbrl: ModelXbrl,
    concepts: Mapping[str, ModelConcept],
    own_document: Callable[[str], bool],
) -> list[dict[str, Any]]:
    """FILER_LABEL rows (concept_key, role, role_name, lang, text) for the concepts, keyed by their graph key.

    Only labels whose arc and resource `own_document` accepts (the filing's own label linkbases,
    not the FASB/SEC packages'), English only, every role but documentation (definitions, not the
    words on the statements). One row per distinct (concept, role, language, text): a filer's
    totalLabel and verboseLabel with the same text are two rows, an exact repeat is one.
    """
    out: dict[tuple[str, str, str, str], dict[str, Any]] = {}
    for ckey, c in concepts.items():
        for rel in _label_rels(model_xbrl, c):
            res = rel.toModelObject
            if res is None or not res.role or res.role == DOCUMENTATION_ROLE:
                continue
            lang = res.xmlLang or ""
            if not _english(lang) or not own_document(rel.modelDocument.uri) or not own_document(res.modelDocument.uri):
                continue
            text = _text(res)
            if text:
                out.setdefault(
                    (ckey, res.role, lang, text),
                    {"concept_key": ckey, "role": res.role, "role_name": role_name(res.role), "lang": lang, "text": text},
                )
    return list(out.values())
