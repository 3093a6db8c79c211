"""`auditgraph bench`: speed, side by side in one process, written to docs/benchmarks.md.

Per filing: Arelle's own load (parse + DTS, nothing else) next to our full load into Neo4j
(Arelle + rows + the write transaction); then the three DQC rules on the loaded filing, each
timed alone over the same prefetched facts. Optionally the taxonomy load and the verifier's
throughput. Timings are wall clock (time.perf_counter) on whatever machine runs it; the
machine is named in the output so numbers are never read without their context.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from auditgraph.eval.benchdoc import machine
from auditgraph.graph import Graph

SECTION = "eval-bench"  # its section of docs/benchmarks.md (eval.benchdoc)


@dataclass(frozen=True)
class FilingTiming:
    filing: str
    facts: int
    arelle_only_s: float  # Arelle loads the instance and its DTS, then closes it
    our_load_s: float  # our loader end to end: Arelle + rows + Neo4j write
    our_arelle_s: float
    our_write_s: float
    prefetch_s: float  # the checkers' one read of the filing's facts and networks
    rules_s: dict[str, float]  # rule id -> seconds over the prefetched data
    findings: dict[str, int]


@dataclass
class BenchResult:
    filings: list[FilingTiming] = field(default_factory=list)
    taxonomy: list[tuple[str, float, float, int]] = field(default_factory=list)  # (package, parse s, write s, concepts)
    verifier: tuple[int, float] | None = None  # (claims, seconds)
    notes: list[str] = field(default_factory=list)


def time_rules(graph: Graph, filing_id: str) -> tuple[float, dict[str, float], dict[str, int]]:
    """The filing's read, then seconds and findings per registered DQC rule family (CALC11 apart, as in `audit`)."""
    from auditgraph.checks.filing_data import load_filing_data
    from auditgraph.checks.rulebook import Constants, RuleInput, registry, run_rule

    t0 = time.perf_counter()
    data = load_filing_data(graph, filing_id)
    prefetch = time.perf_counter() - t0
    inp = RuleInput(graph, data, constants=Constants(graph))
    secs, found = {}, {}
    for key, rule in registry().items():
        if key == "calc11":
            continue
        t0 = time.perf_counter()
        results = run_rule(rule, inp)
        secs[rule.rule_id] = time.perf_counter() - t0
        # -1: the rule did not run on this filing at all (every result not_evaluable, e.g. no 0015 list for its year)
        ran = any(r.status != "not_evaluable" for r in results)
        found[rule.rule_id] = sum(1 for r in results if r.status == "violation") if ran else -1
    return prefetch, secs, found


def bench_filings(
    graph: Graph,
    folders: Sequence[Path],
    packages: Sequence[Path],
    progress: Callable[[str], None] | None = None,
    failures: list[str] | None = None,
) -> list[FilingTiming]:
    """Arelle alone, then our load (forced, so it really writes), then the rules, per filing.
    A filing that cannot be loaded is reported in `failures` and skipped."""
    from auditgraph.errors import LoadError
    from auditgraph.loader.filing import FilingLoader
    from auditgraph.loader.filing_source import filing_input

    out = []
    with FilingLoader(graph, list(packages)) as loader:
        for folder in folders:
            try:
                inp = filing_input(folder)
                t0 = time.perf_counter()
                with loader.session.model(inp.entry) as model:
                    facts = len(model.factsInInstance)
                arelle_only = time.perf_counter() - t0
                t0 = time.perf_counter()
                res = loader.load(folder, force=True)
                ours = time.perf_counter() - t0
            except LoadError as exc:
                if failures is not None:
                    failures.append(f"{folder.name}: not timed, {exc}")
                if progress:
                    progress(folder.name)
                continue
            prefetch, secs, found = time_rules(graph, res.id)
            out.append(
                FilingTiming(res.id, facts, arelle_only, ours, res.arelle_seconds, res.write_seconds, prefetch, secs, found)
            )
            if progress:
                progress(res.id)
    return out


def bench_taxonomy(graph: Graph, packages: Sequence[Path]) -> list[tuple[str, float, float, int]]:
    """(package, Arelle parse seconds, Neo4j write seconds, concepts) per package, forced reload."""
    from auditgraph.loader.taxonomy import load_taxonomies

    out = []
    for res in load_taxonomies(graph, list(packages), force=True):
        out.append((res.package, res.parse_seconds, res.write_seconds, sum(r.concepts for r in res.releases)))
    return out


def bench_verifier(graph: Graph, claims: Path, sample: int = 0) -> tuple[int, float]:
    """(claims, seconds) of the deterministic verifier over a claims JSONL (verify --batch input);
    `sample` > 0 takes that many claims evenly spaced through the file."""
    from auditgraph.verifier import batch
    from auditgraph.verifier.verify import Verifier

    cases = batch.read_cases(claims)
    if 0 < sample < len(cases):
        cases = [cases[i * len(cases) // sample] for i in range(sample)]
    verifier = Verifier(graph)
    t0 = time.perf_counter()
    n = sum(1 for _ in batch.run(verifier, cases))
    return n, time.perf_counter() - t0


def plot_time_vs_facts(rows: Sequence[FilingTiming], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 3.8))
    facts = [r.facts for r in rows]
    a.scatter(facts, [r.arelle_only_s for r in rows], label="Arelle load only", marker="o")
    a.scatter(facts, [r.our_load_s for r in rows], label="our load into Neo4j (Arelle + write)", marker="s")
    a.set_xlabel("facts in the filing")
    a.set_ylabel("seconds")
    a.set_title("Load time per filing")
    a.legend(fontsize=8, frameon=False)
    for rule, marker in (("DQC.US.0015", "o"), ("DQC.US.0126", "s"), ("DQC.US.0117", "^")):
        b.scatter(facts, [1000 * r.rules_s.get(rule, 0.0) for r in rows], label=rule, marker=marker)
    b.scatter(facts, [1000 * r.prefetch_s for r in rows], label="fact prefetch (shared)", marker="x")
    b.set_xlabel("facts in the filing")
    b.set_ylabel("milliseconds")
    b.set_title("DQC rules per filing")
    b.legend(fontsize=8, frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def _median(xs: Sequence[float]) -> float:
    s = sorted(xs)
    return (s[(len(s) - 1) // 2] + s[len(s) // 2]) / 2 if s else float("nan")


def markdown(res: BenchResult, command: str, figures: Sequence[tuple[str, str]]) -> str:
    rows = res.filings
    lines = [
        "## Evaluation benchmark (`auditgraph bench`)",
        "",
        f"Command: `{command}`  ",
        f"Machine: {machine()}; run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.",
        "",
    ]
    for png, cap in figures:
        lines += [f"![{cap}]({png})", "", f"*{cap}*", ""]
    if rows:

        def tot(f: Callable[[Any], float]) -> float:
            return sum(f(r) for r in rows)

        lines += [
            f"{len(rows)} filings, {tot(lambda r: r.facts):,} facts. Totals: Arelle alone {tot(lambda r: r.arelle_only_s):.1f} s, "
            f"our load {tot(lambda r: r.our_load_s):.1f} s (of which Neo4j write {tot(lambda r: r.our_write_s):.1f} s), "
            f"three rules {tot(lambda r: r.prefetch_s + sum(r.rules_s.values())):.2f} s including the fact prefetch. "
            f"Median per filing: Arelle {_median([r.arelle_only_s for r in rows]):.2f} s, our load "
            f"{_median([r.our_load_s for r in rows]):.2f} s, three rules "
            f"{_median([r.prefetch_s + sum(r.rules_s.values()) for r in rows]):.3f} s.",
            "",
            "| filing | facts | Arelle only (s) | our load (s) | of which write (s) | prefetch (ms) | 0015 (ms) | 0126 (ms) | 0117 (ms) | findings 0015 · 0126 · 0117 |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
        ]
        for r in sorted(rows, key=lambda r: r.facts):
            f = {k: ("n/e" if v < 0 else str(v)) for k, v in r.findings.items()}
            lines.append(
                f"| {r.filing} | {r.facts:,} | {r.arelle_only_s:.2f} | {r.our_load_s:.2f} | {r.our_write_s:.2f} | "
                f"{1000 * r.prefetch_s:.0f} | {1000 * r.rules_s['DQC.US.0015']:.0f} | {1000 * r.rules_s['DQC.US.0126']:.0f} | "
                f"{1000 * r.rules_s['DQC.US.0117']:.0f} | {f['DQC.US.0015']} · {f['DQC.US.0126']} · {f['DQC.US.0117']} |"
            )
        if any(v < 0 for r in rows for v in r.findings.values()):
            lines.append("")
            lines.append(
                "n/e: the rule was not evaluable on the filing (for DQC.US.0015: no concept list shipped "
                "for the filing's us-gaap year), so its time is only the refusal."
            )
        lines.append("")
    for pkg, parse, write, n in res.taxonomy:
        lines.append(f"- Taxonomy load: `{pkg}`: Arelle parse {parse:.1f} s + Neo4j write {write:.1f} s ({n:,} concepts).")
    if res.verifier:
        n, secs = res.verifier
        lines.append(f"- Verifier: {n} claims in {secs:.1f} s ({n / secs:.1f} claims/s).")
    lines += [f"- {n}" for n in res.notes]
    return "\n".join(lines)
