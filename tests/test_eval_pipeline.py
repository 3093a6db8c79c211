"""End to end on a real filing: load, build cases (with an injected copy), run checker-only, score."""

from __future__ import annotations

import glob
from decimal import Decimal
from pathlib import Path

import pytest

from auditgraph.eval.bench import END, START, write_section
from auditgraph.eval.build_cases import COPY_MARK, build
from auditgraph.eval.cases import read_cases, write_jsonl
from auditgraph.eval.inject import read_fact_values
from auditgraph.eval.metrics import score_run, summarize
from auditgraph.eval.systems import filing_results, run_checker
from auditgraph.graph import Graph


def test_benchmark_section_keeps_what_others_wrote(tmp_path):
    doc = tmp_path / "benchmarks.md"
    doc.write_text("# Benchmarks\n\n## Checkers\nmine, not yours\n")
    write_section(doc, f"{START}\nfirst\n{END}")
    write_section(doc, f"{START}\nsecond\n{END}")
    text = doc.read_text()
    assert "mine, not yours" in text and "second" in text and "first" not in text and text.count(START) == 1


@pytest.fixture
def loaded(graph: Graph, shared_dir: Path):
    from auditgraph.loader.filing import FilingLoader

    packages = sorted(Path(p) for p in glob.glob(str(shared_dir / "taxonomies" / "*.zip")))
    loader = FilingLoader(graph, packages)
    loader.load(shared_dir / "filings" / "xule-2025" / "ABQQ_FY_2023")
    yield graph, loader
    loader.close()


def test_injected_cases_are_found_by_the_checkers_in_their_copy(loaded, tmp_path, shared_dir):
    graph, loader = loaded
    cases, stats = build(graph, tmp_path / "copies", lambda fid: filing_results(graph, fid),
                         lambda folder: loader.load(folder).id, findings_per_filing=3, injected_per_rule=1,
                         compliant_per_rule=1, seed=0)
    assert stats.filings == 1 and stats.findings == 3 and not stats.failed_injections
    injected = [c for c in cases if c.origin.startswith("injected_")]
    assert {c.origin for c in injected} >= {"injected_sign_flip"}
    for case in injected:
        assert COPY_MARK in case.filing_id and case.reference_verdict == "violation"
    flip = next(c for c in injected if c.origin == "injected_sign_flip")
    assert flip.reference_answer.extracted_value.startswith("-")
    # the original shared file still holds the positive value
    name = flip.concept.split(":")[1]
    original = read_fact_values(shared_dir / "filings" / "xule-2025" / "ABQQ_FY_2023" / "ABQQ_instance_FY_2023_2025.xml",
                                "http://fasb.org/us-gaap/2025", name)
    assert Decimal(flip.reference_answer.calculated_value) in {Decimal(v) for _, _, v in original if v}
    write_jsonl(tmp_path / "cases.jsonl", cases)
    cases = read_cases(tmp_path / "cases.jsonl")
    records = run_checker(graph, [c.query() for c in cases])
    scored = score_run(cases, records)
    by_id = {s.case_id: s for s in scored}
    assert by_id[flip.case_id].label.value == "A" and by_id[flip.case_id].verdict == "violation"
    assert summarize([s for s in scored if s.origin == "compliant"]).vacc == 1.0  # no false positive
