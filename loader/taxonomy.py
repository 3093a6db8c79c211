"""Load taxonomy packages into the taxonomy graph (docs/graph-model.md): Arelle offline -> rows -> Neo4j.

One package gives one or more Release nodes (one per taxonomy family and year among the
concepts its files declare: us-gaap/2025, us-gaap-ebp/2025, dei/2025, ...). A release is written
under `status: "pending"`; the flip to `"loaded"` is the last transaction, and any failure
removes what was written, so readers never see half a release.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arelle import ModelDocument
from arelle.ModelDtsObject import ModelConcept
from arelle.ModelXbrl import ModelXbrl

from auditgraph import collector
from auditgraph.errors import AuditGraphError, LoadError
from auditgraph.graph import Graph
from auditgraph.loader.arelle_messages import translate
from auditgraph.loader.concepts import concept_key, concept_rows, label_rows, placeholder_row, release_of_namespace
from auditgraph.loader.dqc_rules import DqcRows, dqc_rows, is_dqc_namespace
from auditgraph.loader.filing import relink
from auditgraph.loader.label_linkbases import load_label_linkbases, missing_labels
from auditgraph.loader.leases import Leases
from auditgraph.loader.networks import EDGE_QUERIES, NetworkRows, relationship_rows
from auditgraph.loader.packages import PackageInfo, package_prefixes, read_package, remember_packages, remembered_packages
from auditgraph.loader.session import ArelleSession
from auditgraph.loader.taxonomy_state import (
    SAMPLE_PACKAGE,
    LoadResult,
    ReleaseCounts,
    Reporter,
    all_unchanged,
    unchanged_releases,
)

BATCH = 5000  # rows per transaction: small enough for a 2 GB heap, large enough to be fast
# transactions of one part sent at once: the server applies them on two cores (us-gaap 2025's write,
# alone on a local server: 4.5 s with one, 3.1 s with two); the nodes they share make more than two wait
WRITERS = 2
# the FASB meta model (custom arcroles the graph model does not hold) and the bundles that only add it or the DQC rules
_SKIP_ENTRY_DIRS = ("/meta/", "-wmm-", "-wdqc-")
_DQC_ROLE = "/role/dqc/"


@dataclass
class _Extract:
    """Rows of one package, ready to write."""

    releases: dict[str, dict[str, Any]] = field(default_factory=dict)
    concepts: list[dict[str, Any]] = field(default_factory=list)
    labels: list[dict[str, Any]] = field(default_factory=list)
    placeholders: list[dict[str, Any]] = field(default_factory=list)
    nets: NetworkRows = field(default_factory=NetworkRows)
    dqc: DqcRows = field(default_factory=DqcRows)
    warnings: list[str] = field(default_factory=list)


def _entry_points(pkg: PackageInfo) -> tuple[list[str], list[str]]:
    """(main entry points, DQC rules entry points) of a package."""
    main = [e for e in pkg.entry_points if "/dqcrules/" not in e and not any(d in e for d in _SKIP_ENTRY_DIRS)]
    dqc = [e for e in pkg.entry_points if "/dqcrules/" in e]
    return main, dqc


def _fatal(errors: list[str], pkg: PackageInfo, what: str) -> None:
    if errors:
        more = f" (+{len(errors) - 1} more)" if len(errors) > 1 else ""
        raise LoadError(
            f"{pkg.path}: Arelle could not load {what}: {errors[0]}{more}; give the packages it imports in the same command"
        )


def _parse(session: ArelleSession, pkg: PackageInfo) -> tuple[ModelXbrl, list[str]]:
    """Load all entry points of a package into one Arelle model (the union DTS).

    The first entry point (the publisher's main one) must load without errors; the others and
    the DQC rules only add to it, so their errors become warnings.
    """
    main, dqc = _entry_points(pkg)
    session.errors()  # drop messages of earlier steps (e.g. "not a zip" for unpacked packages)
    model = session.load(main[0])
    warnings: list[str] = []
    try:
        _fatal([translate(e) for e in session.errors()], pkg, f"its entry point {main[0]}")
        for entry in main[1:]:
            ModelDocument.load(model, entry, isDiscovered=True)
            # further entry points only add networks; one with a broken import is reported, not fatal
            warnings += [f"{entry.rsplit('/', 1)[-1]}: {translate(e, entry)}" for e in session.errors()]
        for url in load_label_linkbases(model, pkg):  # SEC label files no loaded schema links (label_linkbases.py)
            warnings += [f"{url.rsplit('/', 1)[-1]}: {translate(e)}" for e in session.errors()]
        for entry in dqc:
            ModelDocument.load(model, entry, isDiscovered=True)
            # the DQC rules are data for checkers: a missing import there must not block the release
            warnings += [f"DQC rules: {translate(e)}" for e in session.errors()]
    except LoadError:
        model.close()
        raise
    except Exception as exc:  # Arelle raises many types; the user needs the package and the cause
        model.close()
        raise LoadError(f"{pkg.path}: Arelle failed on an entry point ({exc})") from exc
    return model, warnings


def _releases(model: ModelXbrl, pkg: PackageInfo, *, sample: bool) -> tuple[_Extract, dict[str, list[ModelConcept]], str]:
    """The releases a package declares (one per family and year), their concepts, and the primary one."""
    out = _Extract()
    owned: dict[str, list[ModelConcept]] = defaultdict(list)
    for c in model.qnameConcepts.values():
        if not (c.isItem or c.isTuple) or not pkg.owns(c.modelDocument.uri) or is_dqc_namespace(c.qname.namespaceURI):
            continue
        rel = release_of_namespace(c.qname.namespaceURI)
        if rel:
            owned[f"{rel[0]}/{rel[1]}"].append(c)
    if not owned:
        raise LoadError(
            f"{pkg.path}: its entry points declare no concept in a yearly taxonomy namespace; is it a US-GAAP/SRT/SEC package?"
        )
    for key, concepts in owned.items():
        taxonomy, year = key.split("/")
        out.releases[key] = {
            "key": key,
            "taxonomy": taxonomy,
            "year": int(year),
            "content_hash": pkg.content_hash,
            "namespaces": sorted({c.qname.namespaceURI for c in concepts}),
            "package": SAMPLE_PACKAGE if sample else pkg.file_name,
            "package_releases": sorted(owned),  # a re-load is skipped only when all of them are there
            "sample": sample,
        }
    return out, owned, max(owned, key=lambda k: len(owned[k]))


def _extract(
    model: ModelXbrl,
    pkg: PackageInfo,
    out: _Extract,
    owned: dict[str, list[ModelConcept]],
    primary: str,
    writer: _Writer,
) -> None:
    """Fill `out` part by part, handing each to `writer` as it is complete: concepts, labels, each kind of edge
    (with the placeholders its ends need), then roles and DQC rules."""
    for key, concepts in owned.items():
        # nulls are left out: fewer bytes on the wire and no property to write (a placeholder has none)
        out.concepts += [
            {k: v for k, v in r.to_row().items() if v is not None}
            for r in concept_rows(model, concepts, release=key, year=int(key.split("/")[1]))
        ]
    writer.part("concepts")
    known: dict[str, ModelConcept] = {}
    by_concept: dict[int, tuple[ModelConcept, str]] = {}  # two calls per edge: skip Arelle's qname property

    def key_of(c: ModelConcept) -> str:
        hit = by_concept.get(id(c))
        if hit is not None and hit[0] is c:
            return hit[1]
        k = concept_key(c.qname.namespaceURI, c.qname.localName)
        known[k] = c
        by_concept[id(c)] = (c, k)  # the concept is held, so its id is not reused while this runs
        return k

    release_of_key = {r["key"]: r["release"] for r in out.concepts}
    all_owned = [c for cs in owned.values() for c in cs]
    out.labels = label_rows(model, all_owned, key_of)
    writer.part("labels")
    placed = set(release_of_key)  # concept keys that exist once what was handed over is written

    def placeholders_for(keys: Iterable[str]) -> list[dict[str, Any]]:
        new = sorted(set(keys) - placed)
        placed.update(new)
        rows = [placeholder_row(known[k].qname.namespaceURI, known[k].qname.localName, known[k].qname.prefix) for k in new]
        out.placeholders += rows
        return rows

    edges: dict[str, list[dict[str, Any]]] = {}

    def edges_built(kind: str, rows: list[dict[str, Any]]) -> None:
        # DQC rule roles (`.../role/dqc/0004`) hold rule data, not financial networks: they become LISTS
        rows = edges[kind] = [r for r in rows if _DQC_ROLE not in r["role"]]
        for r in rows:  # a network belongs to the release of its source concept when this package declares it
            r["owner"] = release_of_key.get(r["from_key"], primary)
        writer.edges(kind, placeholders_for(k for r in rows for k in (r["from_key"], r["to_key"])), rows)

    nets = relationship_rows(model, key_of, primary, doc_filter=pkg.owns, on_rows=edges_built)
    out.nets = NetworkRows(edges["calc"], edges["pres"], edges["defn"], [r for r in nets.roles if _DQC_ROLE not in r["uri"]])
    if primary.startswith("us-gaap/"):
        out.dqc = dqc_rows(model, key_of, primary)
    writer.part("networks", placeholders_for(out.dqc.targets))


class _Writer:
    """Writes a release's parts on one background thread, in order, while the main thread extracts the next part.

    Arelle's relationship sets and the row building are Python; removing the old release and writing
    the new one is the server's work: on two cores they overlap. After a failed part nothing more runs.
    """

    def __init__(
        self,
        graph: Graph,
        ex: _Extract,
        reporter: Reporter,
        fail_hook: Callable[[str], None] | None,
        replaced: Sequence[str] = (),
    ):
        self.graph, self.ex, self.reporter, self.fail_hook = graph, ex, reporter, fail_hook
        self.replaced = list(replaced)  # releases whose concepts are overwritten in place (_clear_for_reload)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="taxonomy-write")
        self._jobs: list[Future[None]] = []
        self._stop = threading.Event()

    def submit(self, job: Callable[[], object]) -> None:
        def guarded() -> None:
            if self._stop.is_set():
                return
            try:
                job()
            except BaseException:
                self._stop.set()
                raise

        self._jobs.append(self._pool.submit(guarded))

    def part(self, part: str, placeholders: list[dict[str, Any]] | None = None) -> None:
        """Queue the writes of an extracted part (see `_extract`): "concepts", "labels", or "networks"
        (the roles, the DQC rules and the placeholders those rules name)."""
        ex = self.ex
        if part == "concepts":
            self.submit(lambda: self.graph.write("taxonomy.begin_release", rows=list(ex.releases.values())))
            self.submit(lambda: self._put("concepts", "load.concepts", ex.concepts))
            self.submit(self._demote_stale)
        elif part == "labels":
            self.submit(lambda: self._put("labels", "load.labels", ex.labels))
        elif part == "networks":
            self.submit(lambda: self._put("placeholders", "load.placeholders", placeholders or []))
            self.submit(lambda: self._put("roles", "load.roles", ex.nets.roles))
            self.submit(lambda: self._put("dqc rules", "load.dqc_rules", ex.dqc.rules))
            self.submit(lambda: self._put("dqc lists", "load.dqc_lists", ex.dqc.lists))

    def edges(self, kind: str, placeholders: list[dict[str, Any]], rows: list[dict[str, Any]]) -> None:
        """Queue one kind of edge ("calc", "pres", "defn"), after the placeholders for its ends."""
        self.submit(lambda: self._put("placeholders", "load.placeholders", placeholders))
        self.submit(lambda: self._hook("networks"))  # where tests simulate a crash
        self.submit(lambda: self._put(f"{kind} edges", EDGE_QUERIES[kind], rows))

    def _demote_stale(self) -> None:
        """Demote the replaced releases' concepts that this load did not write (usually none)."""
        for key in self.replaced:
            written = {c["key"] for c in self.ex.concepts if c["release"] == key}
            stale = [k for k in self.graph.read("taxonomy.concept_keys", release=key)[0]["keys"] if k not in written]
            if stale:
                self.graph.write("taxonomy.demote_stale_concepts", release=key, keys=stale)

    def _hook(self, step: str) -> None:
        if self.fail_hook:  # tests simulate a crash at a step
            self.fail_hook(step)

    def _put(self, step: str, query: str, rows: list[dict[str, Any]]) -> None:
        self._hook(step)
        self.reporter.step(step, len(rows))
        self.graph.write_batches(query, rows, batch_size=BATCH, on_batch=self.reporter.advance, workers=WRITERS)

    def finish(self) -> list[ReleaseCounts]:
        """Flip the releases to loaded after every part is written; re-raises the first failure."""
        self.submit(lambda: self._hook("finish"))
        if self.replaced:  # placeholders only the old version's edges used
            self.submit(lambda: self.graph.write("taxonomy.delete_orphan_placeholders"))
        counts = _counts(self.ex)
        self.submit(lambda: self.graph.write("taxonomy.finish_release", rows=[c.__dict__ for c in counts]))
        try:
            for job in self._jobs:
                job.result()
        finally:
            self._pool.shutdown(wait=True)
        return counts

    def abandon(self) -> None:
        """Run nothing more; wait for the part being written (its transaction ends either way)."""
        self._stop.set()
        self._pool.shutdown(wait=True, cancel_futures=True)


def _counts(ex: _Extract) -> list[ReleaseCounts]:
    release_of = {c["key"]: c["release"] for c in ex.concepts}
    counts = []
    for key in ex.releases:
        rels = sum(1 for rows in (ex.nets.calc, ex.nets.pres, ex.nets.defn) for r in rows if r["owner"] == key)
        counts.append(
            ReleaseCounts(
                key=key,
                concepts=sum(1 for c in ex.concepts if c["release"] == key),
                relationships=rels + sum(1 for r in ex.dqc.lists if r["rule_key"].endswith("@" + key)),
                labels=sum(1 for lab in ex.labels if release_of.get(lab["concept_key"]) == key),
                dqc_rules=sum(1 for r in ex.dqc.rules if r["release"] == key),
            )
        )
    return counts


def _clear_for_reload(graph: Graph, key: str) -> None:
    """Delete what a reload of `key` writes again: its edges, labels, roles, rules and the Release node (with
    its DECLARES). Its concepts stay and are overwritten in place (load.concepts sets exactly the new row's
    properties); the ones the new version no longer declares are demoted after it (taxonomy.demote_stale_concepts)."""
    for name in ("taxonomy.delete_calc_edges", "taxonomy.delete_pres_edges", "taxonomy.delete_def_edges"):
        graph.write(name, owner=key)
    graph.write("taxonomy.delete_labels", release=key)
    graph.write("taxonomy.delete_release", release=key)


def _clear_all(graph: Graph, replaced: Sequence[str], leftover: Sequence[str]) -> None:
    if leftover:
        remove_releases(graph, leftover)
    for key in replaced:
        _clear_for_reload(graph, key)


def _remove_release(graph: Graph, key: str) -> None:
    for name in ("taxonomy.delete_calc_edges", "taxonomy.delete_pres_edges", "taxonomy.delete_def_edges"):
        graph.write(name, owner=key)
    graph.write("taxonomy.delete_labels", release=key)
    graph.write("taxonomy.demote_concepts", release=key)
    graph.write("taxonomy.delete_release", release=key)


def remove_releases(graph: Graph, keys: Sequence[str]) -> None:
    """Remove releases completely (edges they own, labels, concepts unless still referenced, roles, rules)."""
    for key in keys:
        _remove_release(graph, key)
    graph.write("taxonomy.delete_orphan_placeholders")


def load_package(
    graph: Graph,
    session: ArelleSession,
    pkg: PackageInfo,
    *,
    force: bool = False,
    reporter: Reporter | None = None,
    fail_hook: Callable[[str], None] | None = None,
) -> LoadResult:
    """Load one package already added to `session`; see the module docstring for the guarantees."""
    reporter = reporter or Reporter()
    sample = pkg.name == SAMPLE_PACKAGE
    label = SAMPLE_PACKAGE if sample else pkg.file_name
    existing = {r["key"]: r for r in graph.read("taxonomy.releases")}
    same = unchanged_releases(list(existing.values()), pkg.content_hash)
    if same and not force:
        return LoadResult(label, skipped=f"already loaded ({', '.join(same)}, same content hash)")
    real_gaap = existing.get(f"us-gaap/{pkg.year}")
    if sample and real_gaap and real_gaap["status"] == "loaded" and not real_gaap["sample"]:
        return LoadResult(
            label, skipped=f"a real us-gaap/{pkg.year} is loaded ({real_gaap['package']}); the sample is not needed"
        )

    t0 = time.perf_counter()
    reporter.message(f"{label}: parsing with Arelle (offline)…")
    reporter.step("arelle parse", None)
    # Arelle's model is long-lived: sweeping it again and again while it grows is wasted (half the parse here)
    with collector.model_alive():
        model, warnings = _parse(session, pkg)
        try:
            reporter.step("extract rows", None)
            ex, owned, primary = _releases(model, pkg, sample=sample)
            for key in ex.releases:
                old = existing.get(key)
                same_content = old is not None and old["content_hash"] == pkg.content_hash  # a sibling was removed
                if old and old["status"] == "loaded" and not force and not old["sample"] and not same_content:
                    raise LoadError(
                        f"{pkg.path}: {key} is already loaded from {old['package']} (other content); pass --force to replace it"
                    )
        except BaseException:
            model.close()
            raise
        replaced = [k for k in ex.releases if k in existing]  # loaded (--force) or left pending by a failed load
        leftover = [k for k, r in existing.items() if r["status"] == "pending" and k not in ex.releases]
        # from here on the server removes and writes while Python extracts the next part (_Writer)
        writer = _Writer(graph, ex, reporter, fail_hook, replaced)
        try:
            try:
                if replaced or leftover:
                    reporter.message(f"removing {', '.join(replaced + leftover)} before writing")
                    writer.submit(lambda: _clear_all(graph, replaced, leftover))
                _extract(model, pkg, ex, owned, primary, writer)
            finally:
                model.close()
                collector.sweep_closed_model(more_to_come=True)  # while the server writes; more packages may follow
            ex.warnings += warnings
            t1 = time.perf_counter()
            counts = writer.finish()
        except BaseException as exc:
            writer.abandon()
            remove_releases(graph, list(ex.releases))  # leave nothing pending behind
            if isinstance(exc, AuditGraphError):
                raise
            if isinstance(exc, Exception):
                raise LoadError(
                    f"{pkg.path}: writing to Neo4j failed ({exc}); nothing of it was kept, run the load again"
                ) from exc
            raise
    t2 = time.perf_counter()
    nodes = len(ex.concepts) + len(ex.placeholders) + len(ex.labels) + len(ex.nets.roles) + len(ex.dqc.rules) + len(ex.releases)
    rels = ex.nets.count + len(ex.dqc.lists) + len(ex.labels) + len(ex.concepts) + len(ex.nets.roles)
    reportable = {k: sum(1 for c in ex.concepts if c["release"] == k and not c.get("abstract")) for k in ex.releases}
    ex.warnings += missing_labels(label, reportable, {c.key: c.labels for c in counts})
    return LoadResult(label, tuple(counts), None, t1 - t0, t2 - t1, nodes, rels, tuple(ex.warnings))


def _load_dqc_constants(graph: Graph, results: Sequence[LoadResult]) -> None:
    """The DQC rule-set constants of every us-gaap year just loaded (loader/dqc_constants.py), where shipped."""
    from auditgraph.loader.dqc_constants import load_constants, shipped_years

    years = {int(c.key.split("/")[1]) for r in results if r.skipped is None for c in r.releases if c.key.startswith("us-gaap/")}
    wanted = tuple(sorted(years & set(shipped_years())))
    if wanted:
        load_constants(graph, wanted)


def load_taxonomies(
    graph: Graph,
    paths: Sequence[Path | str | PackageInfo],
    *,
    force: bool = False,
    reporter: Reporter | None = None,
    fail_hook: Callable[[str], None] | None = None,
    on_wait: Callable[[str], None] | None = None,
) -> list[LoadResult]:
    """Load packages in the order given (all are offered to Arelle, so imports between them resolve).

    Holds the taxonomy lease while it writes (loader/leases.py): `on_wait` (else the reporter) is told when the
    load waits for another taxonomy load or for filing loads to end."""
    pkgs = [p if isinstance(p, PackageInfo) else read_package(p) for p in paths]  # all checked before anything is written
    if not force and (unchanged := all_unchanged(graph, pkgs)) is not None:
        return unchanged  # nothing to parse: no Arelle session (a second or more with the remembered packages)
    with Leases(graph, on_wait=on_wait or (reporter or Reporter()).message).taxonomy_lease():  # one taxonomy write at a time
        return _load_leased(graph, pkgs, force=force, reporter=reporter, fail_hook=fail_hook)


def _load_leased(
    graph: Graph,
    pkgs: Sequence[PackageInfo],
    *,
    force: bool,
    reporter: Reporter | None,
    fail_hook: Callable[[str], None] | None,
) -> list[LoadResult]:
    given = {p.path for p in pkgs}
    given_prefixes = {prefix for p in pkgs for prefix in p.prefixes}
    session = ArelleSession()
    try:
        for extra in remembered_packages():  # earlier releases resolve imports (e.g. dei for us-gaap)
            # a package given here wins over a remembered one for the same URLs (never both in one session)
            if extra.resolve() not in given and not given_prefixes & set(package_prefixes(extra)):
                try:
                    session.add_package(extra)
                except LoadError:
                    pass  # a remembered file that changed is only a hint
        for pkg in pkgs:
            session.add_package(pkg.path)
        results = []
        for pkg in pkgs:
            results.append(load_package(graph, session, pkg, force=force, reporter=reporter, fail_hook=fail_hook))
            if pkg.name != SAMPLE_PACKAGE:
                remember_packages([pkg.path])
        if loaded := [c.key for r in results if r.skipped is None for c in r.releases]:
            try:
                relink(graph)  # filings loaded before these releases now bridge to them (graph-model.md)
                _load_dqc_constants(graph, results)
            except BaseException:
                # a release without its bridges or its rule constants is half-written, and a rerun would skip it as
                # "already loaded": take it out so that the rerun the error asks for loads it whole
                remove_releases(graph, loaded)
                raise
        return results
    finally:
        session.close()
