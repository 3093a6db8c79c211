"""Load SEC filings into the filing graph (docs/graph-model.md), one atomic transaction each.

Flow per filing: resolve the input (id, content hash) -> skip if that content is loaded ->
Arelle parses it offline -> rows (facts, contexts, units, dimensions, duplicates, extension
concepts, the filing's own networks) -> one write transaction that removes any previous
version, writes the Filing as "pending", everything else, then flips it to "loaded" ->
model.close(). A failure anywhere leaves the database as it was.
"""

from __future__ import annotations

import re
import time
from concurrent.futures import Future, ThreadPoolExecutor
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from importlib.resources import files
from pathlib import Path
from typing import Any

from arelle import ModelDocument
from arelle.ModelDtsObject import ModelConcept
from arelle.ModelValue import qname
from arelle.ModelXbrl import ModelXbrl
from neo4j.exceptions import Neo4jError

from auditgraph.errors import LoadError
from auditgraph.graph import Graph, Tx, chunked
from auditgraph.loader import sec_transforms
from auditgraph.loader.concepts import concept_key, concept_rows, label_rows, placeholder_row, release_of_namespace
from auditgraph.loader.duplicates import mark_duplicates
from auditgraph.loader.facts import FactRows, fact_rows
from auditgraph.loader.filing_source import FilingInput, filing_input
from auditgraph.loader.networks import NetworkRows, relationship_rows
from auditgraph.loader.packages import remembered_packages
from auditgraph.loader.session import ArelleSession

CHUNK = 2000
# Arelle error codes after which the filing cannot be loaded faithfully (facts would be dropped)
_FATAL = {
    "xmlSchema:syntax": "malformed XML",
    "IOerror": "a file of the filing or its taxonomy could not be read; pass its taxonomy packages (--packages) or restore the file",
}
_UNDECLARED = "xbrl:schemaImportMissing"  # a few facts of an otherwise readable filing: Arelle drops them; we report
_INSTANCE_TYPES = (ModelDocument.Type.INSTANCE, ModelDocument.Type.INLINEXBRL, ModelDocument.Type.INLINEXBRLDOCUMENTSET)
_DEI = {
    "DocumentType": "form", "DocumentPeriodEndDate": "period_end", "DocumentFiscalYearFocus": "fiscal_year_focus",
    "DocumentFiscalPeriodFocus": "fiscal_period_focus", "EntityCentralIndexKey": "cik",
    "EntityRegistrantName": "entity_name", "TradingSymbol": "ticker",
}


@dataclass(frozen=True)
class LoadResult:
    """What happened to one filing: status is loaded, replaced, unchanged or failed."""

    id: str
    source: str
    status: str
    facts: int = 0
    contexts: int = 0
    units: int = 0
    extension_concepts: int = 0
    edges: int = 0
    duplicates: int = 0
    placeholders: int = 0
    errors: int = 0
    arelle_seconds: float = 0.0
    write_seconds: float = 0.0
    message: str | None = None


@dataclass(frozen=True)
class RelinkResult:
    placeholders_written: int
    reports_relinked: int
    dims_relinked: int
    releases_linked: int
    placeholders_pruned: int
    placeholder_facts_by_year: dict[int | None, int] = field(default_factory=dict)


def default_packages() -> list[Path]:
    """The packages `auditgraph taxonomy load` remembered, plus the bundled sample taxonomy
    (its catalog maps only its own auditgraph.example URLs, so it never shadows a real release)."""
    sample = Path(str(files("auditgraph.sample") / "taxonomy"))
    known = remembered_packages()
    return known + ([sample] if sample.is_dir() and sample.resolve() not in {p.resolve() for p in known} else [])


def filing_session(packages: Sequence[Path]) -> ArelleSession:
    """An offline Arelle session with inline XBRL and the SEC transformations enabled."""
    return ArelleSession(packages, plugins=("inlineXbrlDocumentSet", sec_transforms.__file__))


_STANDARD_NS = re.compile(r"^https?://(fasb\.org|xbrl\.sec\.gov)/")


def is_extension(concept: ModelConcept) -> bool:
    """Declared by the filing itself: in its own documents (a local file or the zip next to it)
    and not in a FASB/SEC namespace (a filing may carry a local copy of a standard schema)."""
    doc = concept.modelDocument
    if doc is None or doc.uri.startswith(("http://", "https://")):
        return False
    return not _STANDARD_NS.match(concept.qname.namespaceURI)


@dataclass
class FilingRows:
    props: dict[str, Any]
    facts: FactRows
    duplicates: list[dict[str, Any]]
    extensions: list[dict[str, Any]]
    labels: list[dict[str, Any]]
    placeholders: list[dict[str, Any]]
    networks: NetworkRows


def _dei_value(rows: FactRows, dimensional: dict[str, bool]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for r in rows.facts:
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


def build_rows(model: ModelXbrl, inp: FilingInput, errors: int) -> FilingRows:
    """Everything to write for one filing, computed from the Arelle model (no database access)."""
    fid = inp.id

    def key_of(c: ModelConcept) -> str:
        return concept_key(c.qname.namespaceURI, c.qname.localName, fid if is_extension(c) else None)

    facts = fact_rows(model, fid, key_of)
    duplicates = mark_duplicates(facts.facts)
    ext_concepts = [c for c in model.qnameConcepts.values() if is_extension(c)]
    extensions = [r.to_row() for r in concept_rows(model, ext_concepts, release=None, year=None, filing_id=fid)]
    labels = label_rows(model, ext_concepts, key_of)
    networks = relationship_rows(model, key_of, fid)

    ext_keys = {r["key"] for r in extensions}
    needed = dict(facts.concepts)
    for k in networks.endpoint_keys() - needed.keys() - ext_keys:
        ns, name = k.rsplit("#", 1)
        concept = model.qnameConcepts.get(qname(ns, name))
        if concept is not None:
            needed[k] = concept
    placeholders = [placeholder_row(c.qname.namespaceURI, c.qname.localName, c.qname.prefix)
                    for k, c in needed.items() if k not in ext_keys]
    releases = sorted({f"{rel[0]}/{rel[1]}" for p in placeholders if (rel := release_of_namespace(p["namespace"]))})
    years = [int(r.split("/")[1]) for r in releases if r.startswith("us-gaap/")]

    dimensional = {c["props"]["key"]: c["props"]["dimensional"] for c in facts.contexts}
    dei = _dei_value(facts, dimensional)
    props = {
        "id": fid, "accession": inp.accession, "cik": dei.get("cik"), "ticker": dei.get("ticker") or inp.ticker,
        "entity_name": dei.get("entity_name"), "form": dei.get("form"), "period_end": dei.get("period_end"),
        "fiscal_year_focus": dei.get("fiscal_year_focus"), "fiscal_period_focus": dei.get("fiscal_period_focus"),
        "filing_date": inp.filing_date, "us_gaap_year": max(years) if years else None, "releases": releases,
        "source": inp.entry, "content_hash": inp.content_hash, "facts": len(facts.facts),
        "contexts": len(facts.contexts), "context_ids": len(model.contexts), "units": len(model.units),
        "errors": errors,
    }
    return FilingRows(props, facts, duplicates, extensions, labels, placeholders, networks)


@dataclass(frozen=True)
class _Prepared:
    inp: FilingInput
    rows: FilingRows
    previous: str | None  # status of the version in the database, if any
    arelle_seconds: float
    warning: str | None = None


def _write_chunks(tx: Tx, name: str, rows: list[dict[str, Any]], **params: Any) -> None:
    for chunk in chunked(rows, CHUNK):
        tx.run(name, rows=chunk, **params)


def write_filing(graph: Graph, rows: FilingRows, replace: bool) -> None:
    """One transaction: drop the previous version (if any), write pending, write all, flip to loaded."""
    fid = rows.props["id"]
    with graph.transaction() as tx:
        if replace:
            tx.run("filing.delete", filing_id=fid)
        tx.run("load.filing_begin", props=rows.props)
        _write_chunks(tx, "load.filing_units", rows.facts.units)
        _write_chunks(tx, "load.filing_contexts", rows.facts.contexts, filing_id=fid)
        _write_chunks(tx, "load.placeholders", rows.placeholders)
        _write_chunks(tx, "load.extension_concepts", rows.extensions)
        _write_chunks(tx, "load.labels", rows.labels)
        _write_chunks(tx, "load.filing_dims", rows.facts.dims)
        _write_chunks(tx, "load.filing_facts", rows.facts.facts, filing_id=fid)
        _write_chunks(tx, "load.filing_duplicates", rows.duplicates)
        _write_chunks(tx, "load.roles", rows.networks.roles)
        _write_chunks(tx, "load.calc_edges", rows.networks.calc)
        _write_chunks(tx, "load.pres_edges", rows.networks.pres)
        _write_chunks(tx, "load.def_edges", rows.networks.defn)
        tx.run("load.filing_finish", filing_id=fid)


def delete_filing(graph: Graph, filing_id: str) -> bool:
    """Remove a filing and all it owns; False when there was no such filing."""
    row = graph.run("filing.delete", filing_id=filing_id)[0]
    return bool(row["filings"])


def clear_pending(graph: Graph) -> list[str]:
    """Delete leftovers of interrupted loads (status still pending); returns their ids."""
    ids = [r["id"] for r in graph.run("filing.pending")]
    for fid in ids:
        graph.run("filing.delete", filing_id=fid)
    return ids


def relink(graph: Graph) -> RelinkResult:
    """Re-point bridge edges after taxonomy loads: placeholders for missing concepts, missing
    REPORTS / ON_AXIS / HAS_MEMBER edges, USES_RELEASE to newly loaded releases.

    A release loaded later promotes matching placeholders in place (cypher/load/concepts), so
    their facts need nothing; this repairs what a `taxonomy load --force` deleted.
    """
    missing = graph.run("filing.unlinked_concepts")
    rows = []
    for r in missing:
        if "|" in r["key"] or "#" not in r["key"]:
            continue  # extension concepts live and die with their filing
        ns, name = r["key"].rsplit("#", 1)
        prefix = r["qname"].split(":", 1)[0] if r["qname"] and ":" in r["qname"] else None
        rows.append(placeholder_row(ns, name, prefix))
    if rows:
        graph.write_batches("load.placeholders", rows)
    reports = graph.run("filing.relink_reports")[0]["relinked"]
    dims = graph.run("filing.unlinked_dims")
    if dims:
        graph.write_batches("load.filing_dims", dims)
    linked = graph.run("filing.relink_releases")[0]["linked"]
    pruned = graph.run("filing.prune_placeholders")[0]["deleted"]
    by_year = {r["year"]: r["facts"] for r in graph.run("filing.placeholder_facts")}
    return RelinkResult(len(rows), reports, len(dims), linked, pruned, by_year)


class FilingLoader:
    """Loads filings one after another through one Arelle session (Arelle is process-global)."""

    def __init__(self, graph: Graph, packages: Sequence[Path] | None = None):
        self.graph = graph
        self.packages = list(packages) if packages is not None else default_packages()
        self._session: ArelleSession | None = None
        self._undeclared: str | None = None

    @property
    def session(self) -> ArelleSession:
        if self._session is None:
            self._session = filing_session(self.packages)
        return self._session

    def close(self) -> None:
        if self._session is not None:
            self._session.close()
            self._session = None

    def __enter__(self) -> FilingLoader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def load(self, path: Path | str, force: bool = False) -> LoadResult:
        """Load one filing; raises LoadError (naming the file) and leaves nothing behind on failure."""
        prepared = self.prepare(path, force)
        return prepared if isinstance(prepared, LoadResult) else self.commit(prepared)

    def prepare(self, path: Path | str, force: bool = False) -> _Prepared | LoadResult:
        """Parse a filing into rows (no write yet); an `unchanged` LoadResult when there is nothing to do."""
        inp = filing_input(Path(path))
        existing = self.graph.run("filing.get", filing_id=inp.id)
        if existing and existing[0]["status"] == "loaded" and not force:
            if existing[0]["content_hash"] == inp.content_hash:
                return LoadResult(inp.id, inp.entry, "unchanged", message="same content already loaded")
            raise LoadError(f"{inp.entry}: filing {inp.id} is already loaded from different content; pass --force to replace it")
        self.session.errors()  # drop messages of earlier loads
        t0 = time.perf_counter()
        model = self.session.load(inp.entry)
        try:
            arelle_seconds = time.perf_counter() - t0
            fatal = self._fatal_messages()
            errors = self.session.errors()
            if fatal:
                raise LoadError(f"{inp.entry}: {fatal}")
            doc = model.modelDocument
            if doc.type not in _INSTANCE_TYPES:
                raise LoadError(f"{inp.entry}: not an XBRL instance or inline XBRL document (Arelle read it as {ModelDocument.Type.typeName(doc.type)})")
            try:
                rows = build_rows(model, inp, len(errors))
            except LoadError as exc:
                hint = f"; Arelle: {errors[0]}" if errors else ""
                raise LoadError(f"{inp.entry}: {exc}{hint}") from exc
        finally:
            model.close()  # free the model before writing: memory stays flat across many filings
        previous = existing[0]["status"] if existing else None
        return _Prepared(inp, rows, previous, arelle_seconds, self._undeclared)

    def commit(self, p: _Prepared) -> LoadResult:
        """Write prepared rows in one transaction (replacing any previous version of the filing)."""
        t1 = time.perf_counter()
        try:
            write_filing(self.graph, p.rows, replace=p.previous is not None)
        except Neo4jError as exc:
            raise LoadError(f"{p.inp.entry}: writing to Neo4j failed ({exc.message}); nothing of it was kept, load it again") from exc
        rows, n = p.rows, p.rows.networks
        return LoadResult(
            id=p.inp.id, source=p.inp.entry, status="replaced" if p.previous == "loaded" else "loaded",
            facts=len(rows.facts.facts), contexts=len(rows.facts.contexts), units=len(rows.facts.units),
            extension_concepts=len(rows.extensions), edges=n.count, duplicates=sum(1 for f in rows.facts.facts if f["duplicate"]),
            placeholders=len(rows.placeholders), errors=rows.props["errors"], arelle_seconds=p.arelle_seconds,
            write_seconds=time.perf_counter() - t1, message=p.warning,
        )

    def _fatal_messages(self) -> str | None:
        records = getattr(self.session.cntlr.logHandler, "logRecordBuffer", None) or []
        undeclared = [r for r in records if getattr(r, "messageCode", "") == _UNDECLARED]
        self._undeclared = (f"skipped facts without a schema declaration (Arelle: {' '.join(undeclared[0].getMessage().split())[:200]})"
                            if undeclared else None)
        for r in records:
            what = _FATAL.get(getattr(r, "messageCode", ""))
            if what and r.levelno >= 40:
                return f"{what} (Arelle: {' '.join(r.getMessage().split())[:300]})"
        return None

    def load_many(self, paths: Sequence[Path | LoadError], force: bool = False,
                  on_result: Callable[[LoadResult], None] | None = None) -> Iterator[LoadResult]:
        """Load filings one by one; a failing filing becomes a `failed` result and the rest go on.

        Pipelined: while filing n is written to Neo4j (a wait on the server), Arelle parses
        filing n+1. At most one model and one filing's rows are held at a time.
        """
        def failed(item: Path | LoadError, exc: Exception) -> LoadResult:
            if isinstance(item, LoadError):
                return LoadResult("?", "?", "failed", message=str(item))
            try:
                fid = filing_input(Path(item)).id
            except LoadError:
                fid = Path(item).name
            return LoadResult(fid, str(item), "failed", message=str(exc))

        def finish(fut: Future, item: Path) -> LoadResult:
            try:
                return fut.result()
            except Exception as exc:  # one filing's failure must not stop the batch
                return failed(item, exc)

        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="filing-writer") as writer:
            in_flight: tuple[Future, Path, str] | None = None
            for item in paths:
                if isinstance(item, LoadError):
                    results = [failed(item, item)]
                else:
                    results = []
                    try:
                        fid = filing_input(Path(item)).id
                        if in_flight and in_flight[2] == fid:  # the same filing twice: let the first land
                            results.append(finish(in_flight[0], in_flight[1]))
                            in_flight = None
                        prepared = self.prepare(item, force)
                    except Exception as exc:  # reported per filing; the others still load
                        prepared = failed(item, exc if isinstance(exc, LoadError) else LoadError(
                            f"{item}: unexpected {type(exc).__name__}: {exc}"))
                    if in_flight:
                        results.append(finish(in_flight[0], in_flight[1]))
                        in_flight = None
                    if isinstance(prepared, LoadResult):
                        results.append(prepared)
                    else:
                        in_flight = (writer.submit(self.commit, prepared), Path(item), prepared.inp.id)
                for result in results:
                    if on_result:
                        on_result(result)
                    yield result
            if in_flight:
                result = finish(in_flight[0], in_flight[1])
                if on_result:
                    on_result(result)
                yield result
