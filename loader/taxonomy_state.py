"""What a taxonomy load reports, and the check that every package is loaded already, without Arelle.

`auditgraph taxonomy load` on packages whose content hash the graph holds answers from here: one
read query, no Arelle import and no schema statements (loader/taxonomy.py imports Arelle).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from auditgraph.graph import Graph
from auditgraph.loader.packages import PackageInfo, remember_packages

SAMPLE_PACKAGE = "auditgraph-sample"


class Reporter:
    """Progress of a load; the CLI passes a rich-backed one, scripts and tests a silent one."""

    def step(self, name: str, total: int | None) -> None:
        """A new step with `total` rows to write (None: a step of unknown length, e.g. Arelle parsing)."""

    def advance(self, n: int) -> None: ...

    def message(self, text: str) -> None: ...


@dataclass(frozen=True)
class ReleaseCounts:
    key: str
    concepts: int
    relationships: int
    labels: int
    dqc_rules: int


@dataclass(frozen=True)
class LoadResult:
    """What one package load did; `skipped` carries the reason when nothing was written."""

    package: str
    releases: tuple[ReleaseCounts, ...] = ()
    skipped: str | None = None
    parse_seconds: float = 0.0
    write_seconds: float = 0.0
    nodes: int = 0
    relationships: int = 0
    warnings: tuple[str, ...] = ()


def unchanged_releases(releases: Sequence[dict[str, Any]], content_hash: str) -> list[str]:
    """The keys of the releases (taxonomy.releases rows) a package with this hash wrote, when all of them are
    loaded; else [] (one was removed, or a load of it did not finish): the package must be loaded again."""
    loaded = {r["key"]: r for r in releases if r["status"] == "loaded" and r["content_hash"] == content_hash}
    wrote = {k for r in loaded.values() for k in (r.get("package_releases") or [r["key"]])}
    return sorted(loaded) if loaded and wrote <= loaded.keys() else []


def all_unchanged(graph: Graph, pkgs: Sequence[PackageInfo]) -> list[LoadResult] | None:
    """The `skipped` results when every package is loaded already with the same content hash, else None."""
    releases = graph.read("taxonomy.releases")
    results = []
    for pkg in pkgs:
        same = unchanged_releases(releases, pkg.content_hash)
        if not same:
            return None
        label = SAMPLE_PACKAGE if pkg.name == SAMPLE_PACKAGE else pkg.file_name
        results.append(LoadResult(label, skipped=f"already loaded ({', '.join(same)}, same content hash)"))
    remember_packages([p.path for p in pkgs if p.name != SAMPLE_PACKAGE])
    return results
