"""Load SEC filings into the filing graph (docs/graph-model.md), one atomic transaction each.

Flow per filing: resolve the input (id, content hash) -> skip if that content is loaded ->
open the filing's write transaction on a worker thread (graph.BackgroundTx), which retires any
previous version (loader/versions.py) and writes the Filing as "pending" while Arelle parses the filing offline ->
rows (contexts, dimensions, facts, duplicates, extension concepts, labels, the filer's own labels,
the filing's own networks), each part sent as soon as it is computed so the server writes while Python works ->
model.close() -> the commit flips the Filing to "loaded" -> the retired version is purged in batches.
A failure anywhere rolls the whole transaction back: the database stays as it was.
"""

from __future__ import annotations

import gc
import re
import time
import zipfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from importlib.resources import files
from pathlib import Path
from typing import Any, Protocol

from arelle import ModelDocument
from arelle.ModelDtsObject import ModelConcept
from arelle.ModelValue import qname
from arelle.ModelXbrl import ModelXbrl
from neo4j.exceptions import Neo4jError, ServiceUnavailable, SessionExpired

from auditgraph import collector, config
from auditgraph.errors import AuditGraphError, GraphUnavailable, LoadError, TransactionTooLarge
from auditgraph.graph import BackgroundTx, Graph, chunked
from auditgraph.loader import sec_transforms, standard_schemas, versions
from auditgraph.loader.arelle_messages import translate
from auditgraph.loader.concepts import (
    concept_key,
    concept_rows,
    filer_label_rows,
    label_rows,
    placeholder_row,
    release_of_namespace,
)
from auditgraph.loader.duplicates import mark_duplicates
from auditgraph.loader.facts import add_fact_rows, context_rows
from auditgraph.loader.filing_source import (
    FilingInput,
    filing_input,  # refuses what Arelle must not see
)
from auditgraph.loader.networks import relationship_rows
from auditgraph.loader.packages import remembered_packages
from auditgraph.loader.session import ArelleSession

CHUNK = 5000  # rows per statement: fewer round trips; a 10-K is one or two statements per part
# Arelle error codes after which the filing cannot be loaded faithfully (facts would be dropped)
_FATAL = {
    "xmlSchema:syntax": "malformed XML",
    "IOerror": "a file of the filing or its taxonomy could not be read; pass its taxonomy packages (--packages) or restore the file",
}
_UNDECLARED = "xbrl:schemaImportMissing"  # a few facts of an otherwise readable filing: Arelle drops them; we report
_INSTANCE_TYPES = (ModelDocument.Type.INSTANCE, ModelDocument.Type.INLINEXBRL, ModelDocument.Type.INLINEXBRLDOCUMENTSET)
_DEI = {
    "DocumentType": "form",
    "DocumentPeriodEndDate": "period_end",
    "DocumentFiscalYearFocus": "fiscal_year_focus",
    "DocumentFiscalPeriodFocus": "fiscal_period_focus",
    "EntityCentralIndexKey": "cik",
    "EntityRegistrantName": "entity_name",
    "TradingSymbol": "ticker",
}


@dataclass(frozen=True)
class LoadResult:
    """What happened to one filing: status is loaded, replaced, unchanged, skipped (claimed by another loader) or failed."""

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
    filer_labels: int = 0
    errors: int = 0
    arelle_seconds: float = 0.0
    write_seconds: float = 0.0
    message: str | None = None
    coverage: dict[str, Any] | None = None  # loader/coverage.py: facts on real concepts, the packages to add


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
    """An offline Arelle session with inline XBRL and the SEC transformations enabled, which does
    not re-check the standard taxonomies' schemas for every filing (loader/standard_schemas.py)."""
    session = ArelleSession(packages, plugins=("inlineXbrlDocumentSet", sec_transforms.__file__, standard_schemas.__file__))
    standard_schemas.skip_checks(session.cntlr.modelManager)
    return session


_STANDARD_NS = re.compile(r"^https?://(fasb\.org|xbrl\.sec\.gov)/")


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


class _Sink(Protocol):
    def run(self, name: str, **params: Any) -> Any: ...


@dataclass(frozen=True)
class _Written:
    """What `write_model` sent for one filing."""

    facts: int
    contexts: int
    units: int
    extension_concepts: int
    edges: int
    duplicates: int
    placeholders: int
    filer_labels: int


def _dei_value(facts: list[dict[str, Any]], dimensional: dict[str, bool]) -> dict[str, Any]:
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


def _send(tx: _Sink, name: str, rows: list[dict[str, Any]], **params: Any) -> None:
    for chunk in chunked(rows, CHUNK):
        tx.run(name, rows=chunk, **params)


def begin_filing(tx: _Sink, inp: FilingInput, replace: bool) -> str | None:
    """Retire the previous version (if any) and create the pending Filing. Returns the retire token,
    whose version `versions.purge` deletes once the transaction has committed (None: nothing replaced)."""
    token = None
    if replace:
        # relabelled, not deleted, in this transaction: deleting here slowed every later write (loader/versions.py)
        token = versions.new_token(inp.id)
        tx.run("load.filing_retire", filing_id=inp.id, token=token)
    tx.run(
        "load.filing_begin",
        props={
            "id": inp.id,
            "accession": inp.accession,
            "filing_date": inp.filing_date,
            "source": inp.entry,
            "content_hash": inp.content_hash,
        },
    )
    return token


def write_model(tx: _Sink, model: ModelXbrl, inp: FilingInput, errors: int) -> _Written:
    """Compute the filing's rows part by part from the Arelle model and send each part as soon as
    it is ready, in dependency order (nodes before the edges that match them). With a
    BackgroundTx the server writes one part while this builds the next."""
    fid = inp.id

    keys: dict[Any, str] = {}  # by QName: key_of runs for every fact, dimension and arc end
    by_concept: dict[int, tuple[ModelConcept, str]] = {}  # by the concept object: skips Arelle's qname property
    own_doc: dict[int, bool] = {}  # by document: is_extension asks for each of the DTS's ~20,000 concepts

    def extension(c: ModelConcept) -> bool:
        doc = c.modelDocument
        own = own_doc.get(id(doc))
        if own is None:
            own = own_doc[id(doc)] = doc is not None and is_filing_document(doc.uri)
        return own and not _STANDARD_NS.match(c.qname.namespaceURI)

    def key_of(c: ModelConcept) -> str:
        hit = by_concept.get(id(c))
        if hit is not None and hit[0] is c:
            return hit[1]
        qn = c.qname
        key = keys.get(qn)
        if key is None:
            key = keys[qn] = concept_key(qn.namespaceURI, qn.localName, fid if extension(c) else None)
        by_concept[id(c)] = (c, key)  # the concept is held, so its id is not reused while this runs
        return key

    def placeholders_for(concepts: dict[str, ModelConcept]) -> list[dict[str, Any]]:
        return [placeholder_row(c.qname.namespaceURI, c.qname.localName, c.qname.prefix) for c in concepts.values()]

    facts = context_rows(model, fid, key_of)
    _send(tx, "load.filing_units", facts.units)
    _send(tx, "load.filing_contexts", facts.contexts, filing_id=fid)

    ext_concepts = [c for c in model.qnameConcepts.values() if extension(c)]
    extensions = [r.to_row() for r in concept_rows(model, ext_concepts, release=None, year=None, filing_id=fid)]
    ext_keys = {r["key"] for r in extensions}
    placeholders = placeholders_for({k: c for k, c in facts.concepts.items() if k not in ext_keys})  # axes, members
    _send(tx, "load.placeholders", placeholders)
    _send(tx, "load.extension_concepts", extensions, filing_id=fid)
    _send(tx, "load.filing_dims", facts.dims)  # the server writes these while the facts are computed

    sent = facts.concepts.keys() | ext_keys
    add_fact_rows(facts, model, fid, key_of)
    more = placeholders_for({k: c for k, c in facts.concepts.items() if k not in sent})
    _send(tx, "load.placeholders", more)
    placeholders = placeholders + more
    duplicates = mark_duplicates(facts.facts)  # sets the facts' duplicate fields, so before they are sent
    _send(tx, "load.filing_facts", facts.facts, filing_id=fid)
    _send(tx, "load.filing_duplicates", duplicates)
    _send(tx, "load.filing_labels", label_rows(model, ext_concepts, key_of))
    # the filer's words: its own labels for every concept its facts and contexts name, and its extensions
    labelled = {**facts.concepts, **{k: c for c in ext_concepts if (k := key_of(c)) in ext_keys}}
    filer_labels = filer_label_rows(model, labelled, is_filing_document)
    _send(tx, "load.filer_labels", filer_labels, filing_id=fid)

    networks = relationship_rows(model, key_of, fid, doc_filter=in_filing_networks)
    endpoints: dict[str, ModelConcept] = {}
    for k in networks.endpoint_keys() - facts.concepts.keys() - ext_keys:
        ns, name = k.rsplit("#", 1)
        concept = model.qnameConcepts.get(qname(ns, name))
        if concept is not None:
            endpoints[k] = concept
    more = placeholders_for(endpoints)
    _send(tx, "load.placeholders", more)
    placeholders = placeholders + more
    _send(tx, "load.filing_roles", networks.roles, filing_id=fid)
    _send(tx, "load.calc_edges", networks.calc)
    _send(tx, "load.pres_edges", networks.pres)
    _send(tx, "load.def_edges", networks.defn)

    releases = sorted({f"{rel[0]}/{rel[1]}" for p in placeholders if (rel := release_of_namespace(p["namespace"]))})
    years = [int(r.split("/")[1]) for r in releases if r.startswith("us-gaap/")]
    dimensional = {c["props"]["key"]: c["props"]["dimensional"] for c in facts.contexts}
    dei = _dei_value(facts.facts, dimensional)
    tx.run(
        "load.filing_finish",
        filing_id=fid,
        props={
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
            "filer_labels": len(filer_labels),
        },
    )
    return _Written(
        facts=len(facts.facts),
        contexts=len(facts.contexts),
        units=len(facts.units),
        extension_concepts=len(extensions),
        edges=networks.count,
        duplicates=sum(1 for f in facts.facts if f["duplicate"]),
        placeholders=len(placeholders),
        filer_labels=len(filer_labels),
    )


def delete_filing(graph: Graph, filing_id: str) -> bool:
    """Remove a filing and all it owns, its replaced versions not purged yet included; False when there was no such filing."""
    row = graph.run("filing.delete", filing_id=filing_id)[0]
    for token in versions.leftovers(graph, filing_id):
        versions.purge(graph, token)
    return bool(row["filings"])


def clear_pending(graph: Graph) -> list[str]:
    """Delete leftovers of interrupted loads (status still pending); returns their ids."""
    ids = [r["id"] for r in graph.read("filing.pending")]
    for fid in ids:
        graph.run("filing.delete", filing_id=fid)
    return ids


def relink(graph: Graph) -> RelinkResult:
    """Re-point bridge edges after taxonomy loads: placeholders for missing concepts, missing
    REPORTS / ON_AXIS / HAS_MEMBER edges, USES_RELEASE to newly loaded releases.

    A release loaded later promotes matching placeholders in place (cypher/load/concepts), so
    their facts need nothing; this repairs what a `taxonomy load --force` deleted.
    """
    missing = graph.read("filing.unlinked_concepts")
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
    dims = graph.read("filing.unlinked_dims")
    if dims:
        graph.write_batches("filing.relink_dims", dims)
    linked = graph.run("filing.relink_releases")[0]["linked"]
    pruned = graph.run("filing.prune_placeholders")[0]["deleted"]
    by_year = {r["year"]: r["facts"] for r in graph.read("filing.placeholder_facts")}
    return RelinkResult(len(rows), reports, len(dims), linked, pruned, by_year)


class FilingLoader:
    """Loads filings one after another through one Arelle session (Arelle is process-global)."""

    def __init__(self, graph: Graph, packages: Sequence[Path] | None = None):
        self.graph = graph
        self.packages = list(packages) if packages is not None else default_packages()
        for pkg in map(Path, self.packages):  # checked now: an unchanged filing never opens them
            if not (pkg.is_dir() or (pkg.is_file() and zipfile.is_zipfile(pkg))):
                raise LoadError(f"{pkg}: not a taxonomy package (a zip or a folder); fix the -p/--packages path")
        self._session: ArelleSession | None = None
        self._undeclared: str | None = None
        self._errors: list[str] = []

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

    def load(self, path: Path | str, force: bool = False, inp: FilingInput | None = None) -> LoadResult:
        """Load one filing; raises LoadError (naming the file) and leaves nothing behind on failure.
        `inp`: the path's filing_input when the caller has it already (it hashes the filing's files)."""
        started = self._check(path, force, inp)
        if isinstance(started, LoadResult):
            return started
        inp, previous = started
        # retired versions whose purge a killed loader cut short are deleted while Arelle parses, and then this load
        # opens its transaction after the parse: the purge never waits on a lock it holds, nor it on the purge's
        purging = versions.Purge(self.graph)
        btx: BackgroundTx | None = None
        token: str | None = None
        if not purging.running:
            btx, token = self._begin(inp, previous)  # the server retires the old version while Arelle parses
        try:
            with collector.paused():  # Arelle's model is long-lived: no sweeps while it grows
                try:
                    model, arelle_seconds, errors = self._parse(inp)
                finally:
                    purging.wait()
                if btx is None:
                    btx, token = self._begin(inp, previous)
                flight = self._write(btx, token, model, inp, previous, arelle_seconds, errors)
                # The closed model's cycles (over 100,000 objects for a 10-K) are swept while the server
                # commits: swept earlier, the sweep holds the GIL and the writer thread's last statements wait.
                btx.wait_committing()
                gc.collect(0)
        except BaseException:
            if btx is not None:
                btx.abort()
            raise
        return flight.result()

    def _begin(self, inp: FilingInput, previous: str | None) -> tuple[BackgroundTx, str | None]:
        """The filing's transaction with its first statements, and the retire token of the version it replaces."""
        btx = BackgroundTx(self.graph)
        return btx, begin_filing(btx, inp, replace=previous is not None)

    def _check(
        self, path: Path | str, force: bool, inp: FilingInput | None = None
    ) -> tuple[FilingInput, str | None] | LoadResult:
        """The filing's input and the status of its version in the database; `unchanged` when loaded already."""
        inp = inp or filing_input(Path(path))
        existing = self.graph.read("filing.get", filing_id=inp.id)
        if existing and existing[0]["status"] == "loaded" and not force:
            if existing[0]["content_hash"] == inp.content_hash:
                return LoadResult(inp.id, inp.entry, "unchanged", message="same content already loaded")
            raise LoadError(f"{inp.entry}: filing {inp.id} is already loaded from different content; pass --force to replace it")
        return inp, (existing[0]["status"] if existing else None)

    def _parse(self, inp: FilingInput) -> tuple[ModelXbrl, float, int]:
        """Arelle's model of the filing (the caller closes it), its parse time and error count."""
        self.session.errors()  # drop messages of earlier loads
        t0 = time.perf_counter()
        model = self.session.load(inp.entry)
        arelle_seconds = time.perf_counter() - t0
        fatal = self._fatal_messages()
        errors = self.session.errors()
        doc = model.modelDocument
        if fatal or doc is None:
            problem = fatal or "Arelle could not read it as XBRL"
        elif doc.type not in _INSTANCE_TYPES:
            kind = ModelDocument.Type.typeName[doc.type] if 0 <= doc.type < len(ModelDocument.Type.typeName) else doc.type
            problem = f"not an XBRL instance or inline XBRL document (Arelle read it as {kind})"
        elif not model.factsInInstance:
            problem = (
                "no XBRL facts: not a filing (an instance needs a schemaRef and facts, an inline document an "
                "ix:header and ix facts)" + (f"; Arelle: {errors[0]}" if errors else "")
            )
        else:
            problem = None
        if problem:
            model.close()
            raise LoadError(f"{inp.entry}: {problem}")
        self._errors = errors
        return model, arelle_seconds, len(errors)

    def _write(
        self,
        btx: BackgroundTx,
        token: str | None,
        model: ModelXbrl,
        inp: FilingInput,
        previous: str | None,
        arelle_seconds: float,
        errors: int,
    ) -> _InFlight:
        """Stream the model's rows into the filing's transaction and close the model; the returned
        handle's result() waits for the commit. On an error the caller aborts the transaction."""
        t1 = time.perf_counter()
        try:
            written = write_model(btx, model, inp, errors)
        except LoadError as exc:
            hint = f"; Arelle: {self._errors[0]}" if self._errors else ""
            raise LoadError(f"{inp.entry}: {exc}{hint}") from exc
        else:
            btx.finish(commit=True)  # queued first, so the server goes on while the model is closed
        finally:
            model.close()  # while the server writes: memory stays flat across many filings
        return _InFlight(self.graph, btx, token, inp, previous, written, errors, arelle_seconds, t1, self._undeclared)

    def _fatal_messages(self) -> str | None:
        records = getattr(self.session.cntlr.logHandler, "logRecordBuffer", None) or []
        undeclared = [r for r in records if getattr(r, "messageCode", "") == _UNDECLARED]
        self._undeclared = (
            f"skipped facts without a schema declaration (Arelle: {' '.join(undeclared[0].getMessage().split())[:200]})"
            if undeclared
            else None
        )
        for r in records:
            what = _FATAL.get(getattr(r, "messageCode", ""))
            if what and r.levelno >= 40:
                return f"{what} (Arelle: {' '.join(translate(r.getMessage()).split())[:300]})"
        return None

    def load_many(
        self, paths: Iterable[Path | LoadError], force: bool = False, on_result: Callable[[LoadResult], None] | None = None
    ) -> Iterator[LoadResult]:
        """Load filings one by one; a failing filing becomes a `failed` result and the rest go on.

        Pipelined: while filing n is committed (a wait on the server), Arelle parses filing n+1.
        At most one model and one open transaction exist at a time.
        """

        def failed(item: Path | LoadError, exc: Exception) -> LoadResult:
            if isinstance(item, LoadError):
                return LoadResult("?", "?", "failed", message=str(item))
            try:
                fid = filing_input(Path(item)).id
            except LoadError:
                fid = Path(item).name
            return LoadResult(fid, str(item), "failed", message=str(exc))

        def land(flight: _InFlight) -> LoadResult:
            try:
                return flight.result()
            except LoadError as exc:  # one filing's failure must not stop the batch
                return LoadResult(flight.inp.id, flight.inp.entry, "failed", message=str(exc))

        in_flight: _InFlight | None = None
        for item in paths:
            results: list[LoadResult] = []
            if isinstance(item, LoadError):
                results.append(failed(item, item))
            else:
                try:
                    inp = filing_input(Path(item))  # hashes the filing's files: once per item
                    if in_flight and inp.id == in_flight.inp.id:  # the same filing twice: let the first land
                        results.append(land(in_flight))
                        in_flight = None
                    started = self._check(item, force, inp)
                    if isinstance(started, LoadResult):
                        results.append(started)
                    else:
                        with collector.paused():
                            # nothing in flight: leftovers of a cut-short purge are deleted while Arelle parses
                            purging = versions.Purge(self.graph) if in_flight is None else None
                            try:
                                model, arelle_seconds, errors = self._parse(started[0])
                            finally:
                                if purging:
                                    purging.wait()
                            if in_flight:  # one open transaction at a time: concurrent MERGEs of shared concepts would deadlock
                                results.append(land(in_flight))
                                in_flight = None
                            btx, token = self._begin(*started)
                            try:
                                in_flight = self._write(btx, token, model, started[0], started[1], arelle_seconds, errors)
                            except BaseException:
                                btx.abort()
                                raise
                            gc.collect()  # the closed model's cycles, swept while the server commits: memory stays flat
                except (ServiceUnavailable, SessionExpired, GraphUnavailable):
                    raise  # the server is gone: every further filing would fail the same way
                except Exception as exc:  # reported per filing; the others still load
                    if in_flight:
                        results.append(land(in_flight))
                        in_flight = None
                    results.append(
                        failed(
                            item,
                            exc if isinstance(exc, LoadError) else LoadError(f"{item}: unexpected {type(exc).__name__}: {exc}"),
                        )
                    )
            for result in results:
                if on_result:
                    on_result(result)
                yield result
        if in_flight:
            result = land(in_flight)
            if on_result:
                on_result(result)
            yield result


@dataclass
class Recording:
    """A filing parsed without a database (`FilingLoader.record`, in a worker process): the
    statements of its one transaction, picklable, for the process that writes (loader/jobs.py)."""

    inp: FilingInput
    calls: list[tuple[str, dict[str, Any]]]
    written: _Written | None = None
    errors: int = 0
    arelle_seconds: float = 0.0
    warning: str | None = None

    def run(self, name: str, **params: Any) -> None:
        self.calls.append((name, params))


def record_filing(loader: FilingLoader, inp: FilingInput) -> Recording:
    """Parse one filing and record what `write_model` would send; touches no database.
    Raises LoadError (naming the file) like `FilingLoader.load`."""
    rec = Recording(inp, [])
    with collector.paused():
        model, rec.arelle_seconds, rec.errors = loader._parse(inp)
        try:
            rec.written = write_model(rec, model, inp, rec.errors)
        except LoadError as exc:
            hint = f"; Arelle: {loader._errors[0]}" if loader._errors else ""
            raise LoadError(f"{inp.entry}: {exc}{hint}") from exc
        finally:
            model.close()
    gc.collect()  # the closed model's cycles: a worker's memory stays flat across filings
    rec.warning = loader._undeclared
    return rec


def write_recording(loader: FilingLoader, rec: Recording, previous: str | None) -> LoadResult:
    """Send a recorded filing in one transaction (pending -> loaded last) and wait for the commit;
    raises LoadError (the transaction rolled back, nothing kept) like `FilingLoader.load`."""
    assert rec.written is not None
    for left in versions.leftovers(loader.graph):  # a purge cut short (a killed loader); workers parse meanwhile
        versions.purge(loader.graph, left)
    btx, token = loader._begin(rec.inp, previous)
    t1 = time.perf_counter()
    try:
        for name, params in rec.calls:
            btx.run(name, **params)
    except BaseException:
        btx.abort()
        raise
    btx.finish(commit=True)
    flight = _InFlight(loader.graph, btx, token, rec.inp, previous, rec.written, rec.errors, rec.arelle_seconds, t1, rec.warning)
    return flight.result()


def too_large(entry: str, exc: Neo4jError, external: bool) -> TransactionTooLarge:
    """The one line for a filing whose transaction outgrew the server's per-transaction memory: the setting Neo4j
    names (db.memory.transaction.max, or the total of all transactions), its limit, and how to raise it on this
    kind of server. One filing is one transaction (all or nothing), so the server's limit must hold it."""
    said = exc.message or ""
    setting = m.group(0) if (m := re.search(r"(?:db|server)\.memory\.[a-z_.]*[a-z]", said)) else "db.memory.transaction.max"
    limit = f": {m.group(1)}" if (m := re.search(r"the limit ([0-9.]+ \w+)", said)) else ""
    if external:
        fix = f"raise {setting} in that server's neo4j.conf (or give it more heap) and restart it"
    else:
        fix = (
            f"raise the local server's heap, which gives one transaction half of it: `auditgraph neo4j install --heap "
            f"{_twice(_local_heap())}`, then `auditgraph neo4j stop` and `auditgraph neo4j start`"
        )
    return TransactionTooLarge(
        f"{entry}: the filing's transaction needs more memory than Neo4j lets one transaction use "
        f"({setting}{limit}); nothing of it was kept: {fix}"
    )


def _local_heap() -> str | None:
    try:
        return config.local_settings().heap
    except AuditGraphError:
        return None


def _twice(heap: str | None) -> str:
    """A heap size twice `heap` ("1g" -> "2g", "512m" -> "1g"); 4g when it is not known."""
    m = re.fullmatch(r"(\d+)([mMgG])", (heap or "").strip())
    if not m:
        return "4g"
    mb = int(m.group(1)) * (1024 if m.group(2) in "gG" else 1) * 2
    return f"{mb // 1024}g" if mb % 1024 == 0 else f"{mb}m"


@dataclass
class _InFlight:
    """A filing whose rows are all sent; result() waits for its commit, then purges the version it replaced."""

    graph: Graph
    btx: BackgroundTx
    retired: str | None  # the retire token of the replaced version
    inp: FilingInput
    previous: str | None
    written: _Written
    errors: int
    arelle_seconds: float
    write_started: float
    warning: str | None

    def result(self) -> LoadResult:
        try:
            self.btx.wait()
        except Neo4jError as exc:
            if "OutOfMemory" in (exc.code or "") or "MemoryPool" in (exc.code or "") or "MemoryLimit" in (exc.code or ""):
                raise too_large(self.inp.entry, exc, self.graph.conn.external) from exc
            raise LoadError(
                f"{self.inp.entry}: writing to Neo4j failed ({exc.message}); nothing of it was kept, load it again"
            ) from exc
        if self.retired is not None:
            try:
                versions.purge(self.graph, self.retired)  # out of view already; batches of their own transactions
            except (AuditGraphError, Neo4jError):  # a deadlock with another loader's writes, the server away
                pass  # the load stands; the leftovers stay out of view and the next load purges them
        w = self.written
        return LoadResult(
            id=self.inp.id,
            source=self.inp.entry,
            status="replaced" if self.previous == "loaded" else "loaded",
            facts=w.facts,
            contexts=w.contexts,
            units=w.units,
            extension_concepts=w.extension_concepts,
            edges=w.edges,
            duplicates=w.duplicates,
            placeholders=w.placeholders,
            filer_labels=w.filer_labels,
            errors=self.errors,
            arelle_seconds=self.arelle_seconds,
            write_seconds=time.perf_counter() - self.write_started,
            message=self.warning,
        )
