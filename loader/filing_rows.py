"""The rows stage of a filing load: Arelle's model of one filing -> the statements of its one transaction.

`write_model` sends the filing's parts in dependency order (nodes before the edges that match them), each as soon as
it is computed, to a `Sink`: the filing's open transaction (`graph.BackgroundTx`, so the server writes one part
while Python computes the next) or a `Recording` (loader/filing.py) that a worker process hands to the writer.
Each part has its own builder below; they share one `ConceptKeys`, the concept -> graph key cache.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any, Protocol

from arelle.ModelDtsObject import ModelConcept
from arelle.ModelValue import qname
from arelle.ModelXbrl import ModelXbrl

from auditgraph.graph import chunked
from auditgraph.loader.concepts import (
    concept_key,
    concept_rows,
    filer_label_rows,
    label_rows,
    placeholder_row,
    release_of_namespace,
)
from auditgraph.loader.duplicates import mark_duplicates
from auditgraph.loader.facts import FactRows, add_fact_rows, context_rows
from auditgraph.loader.filing_source import FilingInput
from auditgraph.loader.networks import NetworkRows, relationship_rows

CHUNK = 5000  # rows per statement: fewer round trips; a 10-K is one or two statements per part
_STANDARD_NS = re.compile(r"^https?://(fasb\.org|xbrl\.sec\.gov)/")
_DEI = {
    "DocumentType": "form",
    "DocumentPeriodEndDate": "period_end",
    "DocumentFiscalYearFocus": "fiscal_year_focus",
    "DocumentFiscalPeriodFocus": "fiscal_period_focus",
    "EntityCentralIndexKey": "cik",
    "EntityRegistrantName": "entity_name",
    "TradingSymbol": "ticker",
}


class Sink(Protocol):
    """Where the statements go: an open transaction, or a recording of them."""

    def run(self, name: str, **params: Any) -> Any: ...


@dataclass(frozen=True)
class Written:
    """What `write_model` sent for one filing."""

    facts: int
    contexts: int
    units: int
    extension_concepts: int
    edges: int
    duplicates: int
    placeholders: int
    filer_labels: int


def is_filing_document(uri: str) -> bool:
    """A document of the filing itself: a local file or the zip next to it, not a taxonomy URL."""
    return not uri.startswith(("http://", "https://"))


def in_filing_networks(uri: str) -> bool:
    """Whether arcs declared in this document belong to the filing's networks: every linkbase of
    its DTS does, but not the linkbase a standard taxonomy schema embeds (the us-gaap element
    schema's ~600 extensible-enumeration arcs), which every DTS includes and the release holds once."""
    return is_filing_document(uri) or not uri.endswith(".xsd")


def is_extension(concept: ModelConcept) -> bool:
    """Declared by the filing itself: in its own documents (a local file or the zip next to it)
    and not in a FASB/SEC namespace (a filing may carry a local copy of a standard schema)."""
    doc = concept.modelDocument
    if doc is None or not is_filing_document(doc.uri):
        return False
    return not _STANDARD_NS.match(concept.qname.namespaceURI)


class ConceptKeys:
    """Concept -> graph key (concept_key) for one filing, cached: it runs for every fact, dimension and arc end."""

    def __init__(self, filing_id: str):
        self.filing_id = filing_id
        self._keys: dict[Any, str] = {}  # by QName
        self._by_concept: dict[int, tuple[ModelConcept, str]] = {}  # by the concept object: skips Arelle's qname property
        self._own_doc: dict[int, bool] = {}  # by document: is_extension asks for each of the DTS's ~20,000 concepts

    def extension(self, c: ModelConcept) -> bool:
        """`is_extension`, with the document test cached."""
        doc = c.modelDocument
        own = self._own_doc.get(id(doc))
        if own is None:
            own = self._own_doc[id(doc)] = doc is not None and is_filing_document(doc.uri)
        return own and not _STANDARD_NS.match(c.qname.namespaceURI)

    def key_of(self, c: ModelConcept) -> str:
        hit = self._by_concept.get(id(c))
        if hit is not None and hit[0] is c:
            return hit[1]
        qn = c.qname
        key = self._keys.get(qn)
        if key is None:
            key = self._keys[qn] = concept_key(qn.namespaceURI, qn.localName, self.filing_id if self.extension(c) else None)
        self._by_concept[id(c)] = (c, key)  # the concept is held, so its id is not reused while this runs
        return key


@dataclass
class Extensions:
    """The filing's own concepts: the Arelle objects, their rows and their keys."""

    concepts: list[ModelConcept]
    rows: list[dict[str, Any]]
    keys: set[str]


def send(tx: Sink, name: str, rows: list[dict[str, Any]], **params: Any) -> None:
    """One statement per CHUNK rows."""
    for chunk in chunked(rows, CHUNK):
        tx.run(name, rows=chunk, **params)


def placeholders_for(concepts: dict[str, ModelConcept]) -> list[dict[str, Any]]:
    """Placeholder Concept rows for concepts no loaded release may hold (the release links them when it is loaded)."""
    return [placeholder_row(c.qname.namespaceURI, c.qname.localName, c.qname.prefix) for c in concepts.values()]


def begin_filing(tx: Sink, inp: FilingInput, replace: bool) -> Sink:
    """Start the filing's transaction: the pending Filing, or, when a version of it is loaded (`replace`), that
    version taken in hand to be replaced in place. Returns the sink the filing's rows go to (`write_model`): the
    transaction itself, or an `InPlace` over it."""
    props = {
        "id": inp.id,
        "accession": inp.accession,
        "filing_date": inp.filing_date,
        "source": inp.entry,
        "content_hash": inp.content_hash,
    }
    if replace:
        tx.run("load.reload_begin", filing_id=inp.id, props=props)
        return InPlace(tx, inp.id)
    tx.run("load.filing_begin", props=props)
    return tx


# the statements a first load CREATEs with and their in-place counterparts, which update by key (cypher/load/reload_*)
_IN_PLACE = {
    "load.filing_contexts": "load.reload_contexts",
    "load.filing_dims": "load.reload_dims",
    "load.extension_concepts": "load.reload_extension_concepts",
    "load.filing_facts": "load.reload_facts",
    "load.filing_labels": "load.reload_labels",
    "load.filing_roles": "load.reload_roles",
}
# the new version's keys, by kind, that load.reload_vanished keeps
_KEYS = {
    "load.filing_facts": ("facts", "key"),
    "load.filing_contexts": ("contexts", None),  # in the row's props
    "load.extension_concepts": ("concepts", "key"),
    "load.filing_labels": ("labels", "key"),
    "load.filing_roles": ("roles", "key"),
}


class InPlace:
    """A replaced filing's sink (issue 37 item 9): the same rows as a first load's, sent with the statements that
    update the old version's nodes by key instead of creating them (same rows, same graph after the commit), and
    before the Filing's last statement (`load.filing_finish`) the deletion of what the new version no longer has.
    Keeps the old version in the same transaction: crash-safe, and no delete of the whole old version on the
    command's path (docs/benchmarks.md, "round three")."""

    def __init__(self, tx: Sink, filing_id: str):
        self.tx = tx
        self.filing_id = filing_id
        self.keys: dict[str, list[str]] = {kind: [] for kind, _ in _KEYS.values()}

    def run(self, name: str, **params: Any) -> Any:
        if name in _KEYS:
            kind, field = _KEYS[name]
            self.keys[kind] += [r[field] if field else r["props"]["key"] for r in params["rows"]]
        elif name == "load.filing_finish":
            self.tx.run("load.reload_vanished", filing_id=self.filing_id, **self.keys)
        return self.tx.run(_IN_PLACE.get(name, name), **params)


def write_model(tx: Sink, model: ModelXbrl, inp: FilingInput, errors: int) -> Written:
    """Compute the filing's rows part by part from the Arelle model and send each part as soon as
    it is ready, in dependency order (nodes before the edges that match them). With a
    BackgroundTx the server writes one part while this builds the next."""
    keys = ConceptKeys(inp.id)
    facts = send_contexts(tx, model, keys)
    ext, placeholders = send_extensions(tx, model, facts, keys)
    placeholders = placeholders + send_facts(tx, model, facts, ext, keys)
    filer_labels = send_labels(tx, model, facts, ext, keys)
    networks, more = send_networks(tx, model, facts, ext, keys)
    placeholders = placeholders + more
    tx.run("load.filing_finish", filing_id=inp.id, props=filing_props(model, inp, facts, placeholders, errors, filer_labels))
    return Written(
        facts=len(facts.facts),
        contexts=len(facts.contexts),
        units=len(facts.units),
        extension_concepts=len(ext.rows),
        edges=networks.count,
        duplicates=sum(1 for f in facts.facts if f["duplicate"]),
        placeholders=len(placeholders),
        filer_labels=filer_labels,
    )


def send_contexts(tx: Sink, model: ModelXbrl, keys: ConceptKeys) -> FactRows:
    """Part 1: units and contexts (the facts' rows are added to the returned FactRows later)."""
    facts = context_rows(model, keys.filing_id, keys.key_of)
    send(tx, "load.filing_units", facts.units)
    send(tx, "load.filing_contexts", facts.contexts, filing_id=keys.filing_id)
    return facts


def send_extensions(tx: Sink, model: ModelXbrl, facts: FactRows, keys: ConceptKeys) -> tuple[Extensions, list[dict[str, Any]]]:
    """Part 2: the filing's extension concepts, placeholders for the axes and members its contexts name, and the
    contexts' dimensions. Returns the extensions and the placeholder rows sent."""
    fid = keys.filing_id
    concepts = [c for c in model.qnameConcepts.values() if keys.extension(c)]
    rows = [r.to_row() for r in concept_rows(model, concepts, release=None, year=None, filing_id=fid)]
    ext = Extensions(concepts, rows, {r["key"] for r in rows})
    placeholders = placeholders_for({k: c for k, c in facts.concepts.items() if k not in ext.keys})  # axes, members
    send(tx, "load.placeholders", placeholders)
    send(tx, "load.extension_concepts", ext.rows, filing_id=fid)
    send(tx, "load.filing_dims", facts.dims)  # the server writes these while the facts are computed
    return ext, placeholders


def send_facts(tx: Sink, model: ModelXbrl, facts: FactRows, ext: Extensions, keys: ConceptKeys) -> list[dict[str, Any]]:
    """Part 3: the facts (and placeholders for the concepts only facts name), then their duplicate edges.
    Returns the placeholder rows sent."""
    sent = facts.concepts.keys() | ext.keys
    add_fact_rows(facts, model, keys.filing_id, keys.key_of)
    placeholders = placeholders_for({k: c for k, c in facts.concepts.items() if k not in sent})
    send(tx, "load.placeholders", placeholders)
    duplicates = mark_duplicates(facts.facts)  # sets the facts' duplicate fields, so before they are sent
    send(tx, "load.filing_facts", facts.facts, filing_id=keys.filing_id)
    send(tx, "load.filing_duplicates", duplicates)
    return placeholders


def send_labels(tx: Sink, model: ModelXbrl, facts: FactRows, ext: Extensions, keys: ConceptKeys) -> int:
    """Part 4: the extensions' labels, and the filer's words: its own labels for every concept its facts and
    contexts name, and its extensions. Returns how many filer labels were sent."""
    send(tx, "load.filing_labels", label_rows(model, ext.concepts, keys.key_of))
    labelled = {**facts.concepts, **{k: c for c in ext.concepts if (k := keys.key_of(c)) in ext.keys}}
    filer_labels = filer_label_rows(model, labelled, is_filing_document)
    send(tx, "load.filer_labels", filer_labels, filing_id=keys.filing_id)
    return len(filer_labels)


def send_networks(
    tx: Sink, model: ModelXbrl, facts: FactRows, ext: Extensions, keys: ConceptKeys
) -> tuple[NetworkRows, list[dict[str, Any]]]:
    """Part 5: the filing's own networks (roles, calculation, presentation and definition edges), after placeholders
    for the arc ends nothing else named. Returns the networks and the placeholder rows sent."""
    networks = relationship_rows(model, keys.key_of, keys.filing_id, doc_filter=in_filing_networks)
    endpoints: dict[str, ModelConcept] = {}
    for k in networks.endpoint_keys() - facts.concepts.keys() - ext.keys:
        ns, name = k.rsplit("#", 1)
        concept = model.qnameConcepts.get(qname(ns, name))
        if concept is not None:
            endpoints[k] = concept
    placeholders = placeholders_for(endpoints)
    send(tx, "load.placeholders", placeholders)
    send(tx, "load.filing_roles", networks.roles, filing_id=keys.filing_id)
    send(tx, "load.calc_edges", networks.calc)
    send(tx, "load.pres_edges", networks.pres)
    send(tx, "load.def_edges", networks.defn)
    return networks, placeholders


def filing_props(
    model: ModelXbrl, inp: FilingInput, facts: FactRows, placeholders: list[dict[str, Any]], errors: int, filer_labels: int
) -> dict[str, Any]:
    """Part 6: the Filing node's properties, set by `load.filing_finish` last: the dei cover facts, the releases
    its placeholders belong to, and the counts."""
    releases = sorted({f"{rel[0]}/{rel[1]}" for p in placeholders if (rel := release_of_namespace(p["namespace"]))})
    years = [int(r.split("/")[1]) for r in releases if r.startswith("us-gaap/")]
    dimensional = {c["props"]["key"]: c["props"]["dimensional"] for c in facts.contexts}
    dei = dei_values(facts.facts, dimensional)
    return {
        "cik": dei.get("cik"),
        "ticker": dei.get("ticker") or inp.ticker,
        "entity_name": dei.get("entity_name"),
        "form": dei.get("form"),
        "period_end": dei.get("period_end"),
        "fiscal_year_focus": dei.get("fiscal_year_focus"),
        "fiscal_period_focus": dei.get("fiscal_period_focus"),
        "us_gaap_year": max(years) if years else None,
        "releases": releases,
        "facts": len(facts.facts),
        "contexts": len(facts.contexts),
        "context_ids": len(model.contexts),
        "units": len(model.units),
        "errors": errors,
        "filer_labels": filer_labels,
    }


def dei_values(facts: list[dict[str, Any]], dimensional: dict[str, bool]) -> dict[str, Any]:
    """The cover page's dei facts as Filing properties; a fact without dimensions wins over one with."""
    found: dict[str, Any] = {}
    for r in facts:
        if "/dei/" not in r["concept_key"] or r["value"] is None:
            continue
        name = r["concept_key"].rsplit("#", 1)[1]
        prop = _DEI.get(name)
        if prop is None:
            continue
        if prop not in found or (found[prop][1] and not dimensional[r["context_key"]]):
            found[prop] = (r["value"].strip(), dimensional[r["context_key"]])
    out = {k: v[0] for k, v in found.items()}
    if "period_end" in out:
        try:
            out["period_end"] = date.fromisoformat(out["period_end"])
        except ValueError:
            out["period_end"] = None
    return out
