"""Every registered DQC rule family against the official DQC engine on the shared filings, finding by finding.

The engine's findings (Arelle + XULE + the DQCRT rule sets, every rule on) are recorded in
../shared/dqc/engine-findings/findings.jsonl (its README has the command and versions). Every shared filing is
loaded with the taxonomies (so the DQCRT constants are written too), every family is run on each, and its findings
must equal the engine's: same code, same facts (concept, context id). The differences that remain are listed in
KNOWN with their reason, and docs/benchmarks.md ("DQC rule families against the official engine") shows them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from auditgraph.checks.audit import run_rules
from auditgraph.checks.rulebook import Constants, registry
from auditgraph.eval.dqc_oracle import KNOWN_DIFFERENCES, FamilyScore, Known, engine_findings, engine_folder, our_findings, score
from auditgraph.graph import Graph

FAMILIES = [r.rule_id for k, r in registry().items() if k != "calc11"]


@pytest.fixture(scope="module")
def engine_scores(neo4j_connection, shared_dir: Path) -> Iterator[dict[str, FamilyScore]]:
    from auditgraph.loader.filing_source import expand
    from auditgraph.loader.jobs import load_filings
    from auditgraph.loader.taxonomy import load_taxonomies

    g = Graph(neo4j_connection)
    g.write("db.wipe")
    g.run_script("schema.constraints")
    packages = sorted((shared_dir / "taxonomies").glob("*.zip"))
    load_taxonomies(g, packages)  # writes the DQCRT constants of us-gaap 2023-2025 too
    folders = sorted(p for c in ("xule-2025", "edgar") for p in (shared_dir / "filings" / c).iterdir() if p.is_dir())
    list(load_filings(g, expand(folders), packages, jobs=2))  # the few the loader refuses are not compared
    engine = engine_findings(shared_dir / "dqc" / "engine-findings" / "findings.jsonl")
    scores: dict[str, FamilyScore] = {}
    constants = Constants(g)
    keys = tuple(k for k in registry() if k != "calc11")
    for row in g.read("filing.list"):
        folder = engine_folder(row["source"])
        if row["status"] != "loaded" or folder is None:
            continue
        results, _, _ = run_rules(g, row["id"], keys, constants=constants)
        score(scores, folder, FAMILIES, engine.get(folder, []), our_findings(r for rs in results.values() for r in rs))
    yield scores
    g.close()


@pytest.mark.parametrize("family", FAMILIES)
def test_family_matches_the_official_engine_on_the_shared_filings(engine_scores: dict[str, FamilyScore], family: str):
    s = engine_scores[family]
    known = KNOWN_DIFFERENCES.get(family, Known(0, 0, ""))
    # nothing the engine does not say, nothing it says that we miss, but the differences listed with their reason
    assert len(s.ours_only) == known.ours_only, [(folder, f.code, sorted(f.facts), f.concept) for folder, f in s.ours_only]
    assert len(s.engine_only) == known.engine_only, [(folder, f.code, sorted(f.facts)) for folder, f in s.engine_only]
    assert s.matched == s.official - known.engine_only


def test_the_families_we_run_cover_most_official_findings(engine_scores: dict[str, FamilyScore], shared_dir: Path):
    official = sum(len(v) for v in engine_findings(shared_dir / "dqc" / "engine-findings" / "findings.jsonl").values())
    matched = sum(s.matched for s in engine_scores.values())
    assert official == 2545 and matched / official >= COVERAGE_FLOOR, f"{matched} of {official} official findings matched"


COVERAGE_FLOOR = 0.95  # the floor: the share of all official findings matched exactly (2515 of 2545 on 2026-12-06)
