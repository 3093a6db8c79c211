"""How much of a filing the taxonomy graph covers: the share of its facts that report a real concept.

A fact whose us-gaap/srt/SEC release is not loaded reports a `Placeholder` concept (docs/graph-model.md):
no balance, no calculation or definition network, so the checkers have little to evaluate on it. When at
least `THRESHOLD` (10%) of a filing's facts are on placeholders, `filing load` warns, and `check` and `audit`
say so, naming the packages to add (`auditgraph taxonomy load`, or `auditgraph taxonomy fetch` first).
The share is read from the graph after the load committed (cypher/filing/coverage.cypher).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from auditgraph.config import cache_dir
from auditgraph.graph import Graph

if TYPE_CHECKING:
    from rich.console import Console

    from auditgraph.loader.filing import LoadResult

THRESHOLD = Decimal("0.10")  # a filing with >= 10% of its facts on placeholders loads with a warning


@dataclass(frozen=True)
class Missing:
    """Facts on placeholders of one taxonomy release (e.g. us-gaap 2022) and the package that holds it."""

    taxonomy: str  # us-gaap, srt, dei, ecd, ...
    year: int | None
    facts: int

    @property
    def package(self) -> str:
        """The package file `taxonomy fetch` writes for this release: us-gaap-2022.zip, srt-2022.zip, sec-2022.zip."""
        from auditgraph.loader.fetch import fasb_stamp

        year = self.year or 0
        if self.family != "sec":
            return f"{self.family}-{fasb_stamp(year)}.zip"
        return f"sec-{year}.zip"

    @property
    def family(self) -> str:
        """The package family: us-gaap (with us-gaap-ebp, ...), srt, or sec (dei, ecd, country, ...)."""
        return next((f for f in ("us-gaap", "srt") if self.taxonomy.startswith(f)), "sec")


@dataclass(frozen=True)
class Coverage:
    filing_id: str
    facts: int
    placeholder_facts: int
    missing: tuple[Missing, ...] = ()

    @property
    def placeholder_share(self) -> Decimal:
        return Decimal(self.placeholder_facts) / Decimal(self.facts) if self.facts else Decimal(0)

    @property
    def coverage(self) -> Decimal:
        """Share of the facts on real concepts (1 for a filing without facts: nothing is missing)."""
        return Decimal(1) - self.placeholder_share

    @property
    def gaap_placeholder_facts(self) -> int:
        """Facts on us-gaap/srt placeholders: the ones whose balance and networks the checkers need."""
        return sum(m.facts for m in self.missing if m.family != "sec")

    @property
    def low(self) -> bool:
        """At least THRESHOLD of the facts report us-gaap/srt placeholders (a missing dei release alone,
        cover-page facts the checkers do not evaluate, is listed but does not warn)."""
        return self.facts > 0 and Decimal(self.gaap_placeholder_facts) / Decimal(self.facts) >= THRESHOLD

    def packages(self) -> list[str]:
        """Package files to load, by year then sec, srt, us-gaap (the order `taxonomy load` wants)."""
        order = {"sec": 0, "srt": 1, "us-gaap": 2}
        names = {m.package: (m.year or 0, order[m.family]) for m in self.missing}
        return sorted(names, key=lambda n: names[n])

    def warning(self) -> str | None:
        """One line for people when coverage is low (None otherwise)."""
        if not self.low:
            return None
        releases = ", ".join(f"{m.taxonomy} {m.year} ({m.facts:,})" for m in self.missing)
        years = sorted({m.year for m in self.missing if m.year})
        where = cache_dir() / "taxonomies"
        paths = [str(where / p) if (where / p).exists() else p for p in self.packages()]
        fetch = "; get them with " + " and ".join(f"`auditgraph taxonomy fetch {y}`" for y in years) if years else ""
        return (
            f"{self.filing_id}: {self.placeholder_facts:,} of {self.facts:,} facts ({percent(self.placeholder_share)}) "
            f"report concepts of releases that are not loaded: {releases}; its checks have little to evaluate. "
            f"Add the packages with `auditgraph taxonomy load {' '.join(paths)}`{fetch}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "facts": self.facts,
            "placeholder_facts": self.placeholder_facts,
            "coverage": str(self.coverage.quantize(Decimal("0.0001"), ROUND_HALF_UP)),
            "threshold": str(THRESHOLD),
            "low": self.low,
            "missing": [{"taxonomy": m.taxonomy, "year": m.year, "facts": m.facts, "package": m.package} for m in self.missing],
            "packages": self.packages(),
            "warning": self.warning(),
        }


def percent(share: Decimal) -> str:
    """`90%`, `9.5%`, `0%`: whole percent, one decimal below 10%."""
    pct = share * 100
    q = Decimal("1") if pct >= 10 or pct == 0 else Decimal("0.1")
    return f"{pct.quantize(q, ROUND_HALF_UP)}%"


def taxonomy_of(namespace: str | None) -> str:
    """`us-gaap`, `srt`, `dei`, ... from a yearly namespace (`http://xbrl.sec.gov/dei/2022` -> `dei`)."""
    parts = [p for p in urlsplit(namespace or "").path.split("/") if p]
    return parts[-2] if len(parts) >= 2 else (namespace or "?")


def filing_coverage(graph: Graph, filing_id: str) -> Coverage | None:
    """The coverage of a loaded filing; None when there is no such filing."""
    rows = graph.read("filing.coverage", filing_id=filing_id)
    if not rows:
        return None
    row = rows[0]
    by_release: dict[tuple[str, int | None], int] = {}
    for m in row["missing"] or []:
        key = (taxonomy_of(m["namespace"]), m["year"])
        by_release[key] = by_release.get(key, 0) + int(m["facts"])
    missing = tuple(Missing(t, y, n) for (t, y), n in sorted(by_release.items(), key=lambda kv: (kv[0][1] or 0, kv[0][0])))
    return Coverage(filing_id, int(row["facts"] or 0), int(row["placeholder_facts"] or 0), missing)


def add_coverage(graph: Graph, results: Sequence[LoadResult]) -> list[LoadResult]:
    """The load results with `coverage` filled in for the filings now in the graph (read after their commit)."""
    out = []
    for r in results:
        cov = filing_coverage(graph, r.id) if r.status in ("loaded", "replaced", "unchanged") else None
        out.append(replace(r, coverage=cov.to_json()) if cov else r)
    return out


def print_coverage_warnings(console: Console, results: Sequence[LoadResult]) -> None:
    """A warning line under the load table for each filing whose coverage is low."""
    for r in results:
        if r.coverage and r.coverage.get("warning"):
            console.print(f"[yellow]warning[/yellow]: {r.coverage['warning']}", soft_wrap=True)


__all__ = [
    "THRESHOLD",
    "Coverage",
    "Missing",
    "add_coverage",
    "filing_coverage",
    "percent",
    "print_coverage_warnings",
    "taxonomy_of",
]
