"""Load SEC filings into the filing graph (docs/graph-model.md): one pipeline, one atomic transaction per filing.

The stages, each a public function of this module, used by every way a filing is loaded:

1. `prepare(graph, inp, force)`: the filing's input (id, content hash; `filing_source.filing_input`) and the
   status of its version in the database: a `LoadResult` `unchanged` when that content is loaded already, else a
   `Prepared`. (`loader/jobs.py` claims the filing's lease just before this, and releases it after the write.)
2. `parse(session, inp)`: Arelle's model of the filing, offline (`Parsed`: the model and its `ParseReport`);
   a filing Arelle cannot read faithfully raises LoadError naming the file.
3. `rows(sink, parsed, inp)`: the filing's rows, part by part (`loader/filing_rows.py`), each part sent to the sink
   as soon as it is computed: the filing's open transaction, or a `Recording` of the statements.
4. `open_write(graph, prepared)` -> `FilingWrite`: the filing's one transaction on a worker thread
   (graph.BackgroundTx), which writes the Filing as "pending" or, when a version of it is loaded (`--force`), takes
   that version in hand to replace it in place (`filing_rows.InPlace`: the same rows, updated by key, what the new
   version lacks deleted last); `FilingWrite.commit` queues the commit that flips it to "loaded"; `Landing.result()`
   waits for it and gives the `LoadResult`.

In one process (`FilingLoader.load` and `FilingLoader.load_many`, one driver; `filing load --jobs 1`), stage 3 streams
into the open transaction, so the server writes one part while Python computes the next, and the transaction is opened while
Arelle parses. With `--jobs N` (loader/jobs.py), N worker processes run stages 2 and 3 into a `Recording`
(`record_filing`) and this process runs stages 1 and 4 (`write_recording`). A failure anywhere rolls the whole
transaction back: the database stays as it was. Python's garbage collector is paused and swept at the stage
boundaries as `auditgraph.collector` decides.
"""

from __future__ import annotations

import re
import time
import zipfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any, NamedTuple

from arelle import ModelDocument
from arelle.ModelXbrl import ModelXbrl
from neo4j.exceptions import Neo4jError, ServiceUnavailable, SessionExpired

from auditgraph import collector, config
from auditgraph.errors import AuditGraphError, GraphUnavailable, LoadError, TransactionTooLarge
from auditgraph.graph import BackgroundTx, Graph
from auditgraph.loader import sec_transforms, standard_schemas, versions
from auditgraph.loader.arelle_messages import translate
from auditgraph.loader.concepts import placeholder_row
from auditgraph.loader.filing_rows import Sink, Written, begin_filing, write_model
from auditgraph.loader.filing_source import (
    FilingInput,
    filing_input,  # refuses what Arelle must not see
)
from auditgraph.loader.packages import remembered_packages
from auditgraph.loader.session import ArelleSession

# Arelle error codes after which the filing cannot be loaded faithfully (facts would be dropped)
_FATAL = {
    "xmlSchema:syntax": "malformed XML",
    "IOerror": "a file of the filing or its taxonomy could not be read; pass its taxonomy packages (--packages) or restore the file",
}
_UNDECLARED = "xbrl:schemaImportMissing"  # a few facts of an otherwise readable filing: Arelle drops them; we report
_INSTANCE_TYPES = (ModelDocument.Type.INSTANCE, ModelDocument.Type.INLINEXBRL, ModelDocument.Type.INLINEXBRLDOCUMENTSET)


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


def checked_packages(packages: Sequence[Path] | None) -> list[Path]:
    """The given packages (default: `default_packages()`), each checked to be a zip or a folder: checked before
    anything is loaded, so a bad path fails even when every filing is unchanged."""
    out = list(packages) if packages is not None else default_packages()
    for pkg in map(Path, out):
        if not (pkg.is_dir() or (pkg.is_file() and zipfile.is_zipfile(pkg))):
            raise LoadError(f"{pkg}: not a taxonomy package (a zip or a folder); fix the -p/--packages path")
    return out


def filing_session(packages: Sequence[Path]) -> ArelleSession:
    """An offline Arelle session with inline XBRL and the SEC transformations enabled, which does
    not re-check the standard taxonomies' schemas for every filing (loader/standard_schemas.py)."""
    session = ArelleSession(packages, plugins=("inlineXbrlDocumentSet", sec_transforms.__file__, standard_schemas.__file__))
    standard_schemas.skip_checks(session.cntlr.modelManager)
    return session


def delete_filing(graph: Graph, filing_id: str) -> bool:
    """Remove a filing and all it owns, its replaced versions not purged yet included; False when there was no such filing."""
    row = graph.write("filing.delete", filing_id=filing_id)[0]
    for token in versions.leftovers(graph, filing_id):
        versions.purge(graph, token)
    return bool(row["filings"])


def clear_pending(graph: Graph) -> list[str]:
    """Delete leftovers of interrupted loads (status still pending); returns their ids."""
    ids = [r["id"] for r in graph.read("filing.pending")]
    for fid in ids:
        graph.write("filing.delete", filing_id=fid)
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
    reports = graph.write("filing.relink_reports")[0]["relinked"]
    dims = graph.read("filing.unlinked_dims")
    if dims:
        graph.write_batches("filing.relink_dims", dims)
    linked = graph.write("filing.relink_releases")[0]["linked"]
    pruned = graph.write("filing.prune_placeholders")[0]["deleted"]
    by_year = {r["year"]: r["facts"] for r in graph.read("filing.placeholder_facts")}
    return RelinkResult(len(rows), reports, len(dims), linked, pruned, by_year)


# ---------------------------------------------------------------- stage 1: prepare
@dataclass(frozen=True)
class Prepared:
    """A filing to load: its input and the status of the version the database holds (None: none)."""

    inp: FilingInput
    previous: str | None


def prepare(graph: Graph, inp: FilingInput, force: bool) -> Prepared | LoadResult:
    """The status of the filing's version in the database: `unchanged` when its content is loaded already;
    raises LoadError when other content is loaded under its id and not `force`."""
    existing = graph.read("filing.get", filing_id=inp.id)
    if existing and existing[0]["status"] == "loaded" and not force:
        if existing[0]["content_hash"] == inp.content_hash:
            return LoadResult(inp.id, inp.entry, "unchanged", message="same content already loaded")
        raise LoadError(f"{inp.entry}: filing {inp.id} is already loaded from different content; pass --force to replace it")
    return Prepared(inp, existing[0]["status"] if existing else None)


# ---------------------------------------------------------------- stage 2: parse
@dataclass(frozen=True)
class ParseReport:
    """What Arelle's parse of one filing took and said; picklable (it travels with a worker's Recording)."""

    arelle_seconds: float
    errors: tuple[str, ...]  # Arelle's error-level messages
    warning: str | None = None  # facts Arelle skipped, reported with the result

    def hint(self) -> str:
        """Arelle's first error, appended to a rows-stage failure: often its cause."""
        return f"; Arelle: {self.errors[0]}" if self.errors else ""


@dataclass(frozen=True)
class Parsed:
    """Arelle's model of one filing (the caller closes it) and its report."""

    model: ModelXbrl
    report: ParseReport


def parse(session: ArelleSession, inp: FilingInput) -> Parsed:
    """Arelle's model of the filing; raises LoadError (naming the file) when it is not a filing Arelle read whole."""
    session.errors()  # drop messages of earlier loads
    t0 = time.perf_counter()
    model = session.load(inp.entry)
    arelle_seconds = time.perf_counter() - t0
    fatal, warning = arelle_verdict(session)
    errors = session.errors()
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
    return Parsed(model, ParseReport(arelle_seconds, tuple(errors), warning))


class Verdict(NamedTuple):
    """What Arelle's log of a parse says about loading the filing."""

    fatal: str | None  # why it cannot be loaded faithfully (None: it can)
    warning: str | None  # facts it skipped (None: none)


def arelle_verdict(session: ArelleSession) -> Verdict:
    """Arelle's log of the last parse (before `session.errors()` clears it), read for the load."""
    records = getattr(session.cntlr.logHandler, "logRecordBuffer", None) or []
    undeclared = [r for r in records if getattr(r, "messageCode", "") == _UNDECLARED]
    warning = (
        f"skipped facts without a schema declaration (Arelle: {' '.join(undeclared[0].getMessage().split())[:200]})"
        if undeclared
        else None
    )
    for r in records:
        what = _FATAL.get(getattr(r, "messageCode", ""))
        if what and r.levelno >= 40:
            return Verdict(f"{what} (Arelle: {' '.join(translate(r.getMessage()).split())[:300]})", warning)
    return Verdict(None, warning)


# ---------------------------------------------------------------- stage 3: rows
def rows(sink: Sink, parsed: Parsed, inp: FilingInput) -> Written:
    """The filing's rows from the model, each part sent to `sink` as soon as it is computed (loader/filing_rows.py).
    A failure names the file, with Arelle's first error when it logged one."""
    try:
        return write_model(sink, parsed.model, inp, len(parsed.report.errors))
    except LoadError as exc:
        raise LoadError(f"{inp.entry}: {exc}{parsed.report.hint()}") from exc


@dataclass
class Recording:
    """A filing's rows recorded without a database (`record_filing`, in a worker process): the statements of its
    one transaction, picklable, for the process that writes them (`write_recording`)."""

    inp: FilingInput
    calls: list[tuple[str, dict[str, Any]]]
    written: Written | None = None
    report: ParseReport | None = None

    def run(self, name: str, **params: Any) -> None:
        self.calls.append((name, params))


def record_filing(session: ArelleSession, inp: FilingInput) -> Recording:
    """Stages 2 and 3 into a Recording; touches no database. Raises LoadError (naming the file) like `FilingLoader.load`."""
    rec = Recording(inp, [])
    with collector.model_alive():
        parsed = parse(session, inp)
        try:
            rec.written = rows(rec, parsed, inp)
        finally:
            parsed.model.close()
        rec.report = parsed.report
    collector.sweep_closed_model(more_to_come=True)  # a worker's memory stays flat across filings
    return rec


# ---------------------------------------------------------------- stage 4: write
@dataclass
class FilingWrite:
    """The filing's one transaction, open, with its first statement sent (the pending Filing, or the loaded one to replace)."""

    graph: Graph
    prepared: Prepared
    tx: BackgroundTx
    sink: Sink  # where the rows go: the transaction, or an InPlace over it when a loaded version is replaced

    def commit(self, written: Written, report: ParseReport, rows_started: float) -> Landing:
        """Queue the commit (it flips the Filing to loaded); `Landing.result()` waits for it."""
        self.tx.finish(commit=True)
        return Landing(self, written, report, rows_started)

    def abort(self) -> None:
        self.tx.abort()


def open_write(graph: Graph, prepared: Prepared) -> FilingWrite:
    """Open the filing's transaction on a worker thread and send its first statements."""
    tx = BackgroundTx(graph)
    return FilingWrite(graph, prepared, tx, begin_filing(tx, prepared.inp, replace=prepared.previous is not None))


def write_parsed(write: FilingWrite, parsed: Parsed) -> Landing:
    """Stages 3 and 4 in one process: stream the model's rows into the open transaction, queue the commit and
    close the model while the server writes (memory stays flat across many filings). On an error the caller aborts."""
    rows_started = time.perf_counter()
    try:
        written = rows(write.sink, parsed, write.prepared.inp)
        landing = write.commit(written, parsed.report, rows_started)  # queued first: the server goes on during the close
    finally:
        parsed.model.close()
    return landing


def write_recording(graph: Graph, prepared: Prepared, rec: Recording) -> LoadResult:
    """Stage 4 for a worker's Recording: send it in one transaction (pending -> loaded last) and wait for the commit;
    raises LoadError (the transaction rolled back, nothing kept) like `FilingLoader.load`."""
    assert rec.written is not None and rec.report is not None
    for left in versions.leftovers(graph):  # a purge cut short (a killed loader); workers parse meanwhile
        versions.purge(graph, left)
    write = open_write(graph, prepared)
    rows_started = time.perf_counter()
    try:
        for name, params in rec.calls:
            write.sink.run(name, **params)
    except BaseException:
        write.abort()
        raise
    return write.commit(rec.written, rec.report, rows_started).result()


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
class Landing:
    """A filing whose rows are all sent and whose commit is queued; result() waits for the commit."""

    write: FilingWrite
    written: Written
    report: ParseReport
    rows_started: float

    @property
    def inp(self) -> FilingInput:
        return self.write.prepared.inp

    def wait_committing(self) -> None:
        """Until every statement is sent and the server commits (the GIL is free for a sweep then)."""
        self.write.tx.wait_committing()

    def result(self) -> LoadResult:
        try:
            self.write.tx.wait()
        except Neo4jError as exc:
            if "OutOfMemory" in (exc.code or "") or "MemoryPool" in (exc.code or "") or "MemoryLimit" in (exc.code or ""):
                raise too_large(self.inp.entry, exc, self.write.graph.conn.external) from exc
            raise LoadError(
                f"{self.inp.entry}: writing to Neo4j failed ({exc.message}); nothing of it was kept, load it again"
            ) from exc
        w = self.written
        return LoadResult(
            id=self.inp.id,
            source=self.inp.entry,
            status="replaced" if self.write.prepared.previous == "loaded" else "loaded",
            facts=w.facts,
            contexts=w.contexts,
            units=w.units,
            extension_concepts=w.extension_concepts,
            edges=w.edges,
            duplicates=w.duplicates,
            placeholders=w.placeholders,
            filer_labels=w.filer_labels,
            errors=len(self.report.errors),
            arelle_seconds=self.report.arelle_seconds,
            write_seconds=time.perf_counter() - self.rows_started,
            message=self.report.warning,
        )


# ---------------------------------------------------------------- the pipeline in one process
class FilingLoader:
    """The pipeline in this process: filings one after another through one Arelle session (Arelle is process-global)."""

    def __init__(self, graph: Graph, packages: Sequence[Path] | None = None):
        self.graph = graph
        self.packages = checked_packages(packages)  # checked now: an unchanged filing never opens them
        self._session: ArelleSession | None = None

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
        (result,) = self._pipeline([inp or Path(path)], force, one=True)
        return result

    def load_many(
        self,
        paths: Iterable[Path | FilingInput | LoadError],
        force: bool = False,
        on_result: Callable[[LoadResult], None] | None = None,
    ) -> Iterator[LoadResult]:
        """Load filings one by one (a path, or its filing_input when the caller has it); a failing filing becomes a
        `failed` result and the rest go on."""
        for result in self._pipeline(paths, force, one=False):
            if on_result:
                on_result(result)
            yield result

    def _pipeline(self, items: Iterable[Path | FilingInput | LoadError], force: bool, *, one: bool) -> Iterator[LoadResult]:
        """The stages in this process, for `load` (one: a single filing, whose failure raises) and `load_many`.

        Pipelined: while filing n is committed (a wait on the server), Arelle parses filing n+1. At most one model and
        one open transaction exist at a time: concurrent MERGEs of shared concepts would deadlock. With nothing in
        flight, retired versions that older loaders left (loader/versions.py) are deleted while Arelle parses and the
        filing's transaction is opened after the parse (the purge never waits on a lock the load holds, nor it on the
        purge's); with no such leftovers it is opened before the parse, and its first statement runs meanwhile.
        """

        def failed(item: Path | FilingInput | LoadError, exc: Exception) -> LoadResult:
            if isinstance(item, LoadError):
                return LoadResult("?", "?", "failed", message=str(item))
            if isinstance(item, FilingInput):
                return LoadResult(item.id, item.entry, "failed", message=str(exc))
            try:
                fid = filing_input(Path(item)).id
            except LoadError:
                fid = Path(item).name
            return LoadResult(fid, str(item), "failed", message=str(exc))

        def land(landing: Landing) -> LoadResult:
            if one:
                return landing.result()
            try:
                return landing.result()
            except LoadError as exc:  # one filing's failure must not stop the batch
                return LoadResult(landing.inp.id, landing.inp.entry, "failed", message=str(exc))

        in_flight: Landing | None = None
        for item in items:
            results: list[LoadResult] = []
            write: FilingWrite | None = None  # open and not yet handed over as in_flight
            if isinstance(item, LoadError):  # a path `filing_source.expand` refused
                if one:
                    raise item
                yield failed(item, item)
                continue
            try:
                inp = item if isinstance(item, FilingInput) else filing_input(Path(item))  # hashes the filing's files
                if in_flight and inp.id == in_flight.inp.id:  # the same filing twice: let the first land
                    results.append(land(in_flight))
                    in_flight = None
                ready = prepare(self.graph, inp, force)
                if isinstance(ready, LoadResult):
                    results.append(ready)
                else:
                    purging = versions.Purge(self.graph) if in_flight is None else None
                    if purging and not purging.running:
                        write = open_write(self.graph, ready)
                    with collector.model_alive():
                        try:
                            parsed = parse(self.session, ready.inp)
                        finally:
                            if purging:
                                purging.wait()
                        if in_flight:
                            results.append(land(in_flight))
                            in_flight = None
                        write = write or open_write(self.graph, ready)
                        landing = write_parsed(write, parsed)
                        if one:
                            # swept while the server commits: swept earlier, the sweep holds the GIL and the writer
                            # thread's last statements wait
                            landing.wait_committing()
                        collector.sweep_closed_model(more_to_come=not one)  # a batch: while the server commits
                    write, in_flight = None, landing
            except (ServiceUnavailable, SessionExpired, GraphUnavailable):
                if write is not None:
                    write.abort()
                raise  # the server is gone: every further filing would fail the same way
            except Exception as exc:
                if write is not None:
                    write.abort()
                if one:
                    raise
                if in_flight:  # reported per filing; the others still load
                    results.append(land(in_flight))
                    in_flight = None
                where = item.entry if isinstance(item, FilingInput) else item
                why = exc if isinstance(exc, LoadError) else LoadError(f"{where}: unexpected {type(exc).__name__}: {exc}")
                results.append(failed(item, why))
            except BaseException:
                if write is not None:
                    write.abort()
                raise
            yield from results
        if in_flight:
            yield land(in_flight)
