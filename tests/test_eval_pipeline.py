"""End to end on a real filing: load, build cases (with an injected copy), run checker-only, score."""

from __future__ import annotations

import glob
from decimal import Decimal
from pathlib import Path

import pytest

from auditgraph.eval.benchdoc import markers, write_section
from auditgraph.eval.build_cases import COPY_MARK, build
from auditgraph.eval.cases import read_cases, write_jsonl
from auditgraph.eval.inject import read_fact_values
from auditgraph.eval.metrics import score_run, summarize
from auditgraph.eval.systems import filing_results, run_agents, run_checker
from auditgraph.graph import Graph


def test_benchmark_section_keeps_what_others_wrote(tmp_path):
    doc = tmp_path / "benchmarks.md"
    doc.write_text("# Benchmarks\n\n## Checkers\nmine, not yours\n")
    write_section(doc, "eval-bench", "first")
    write_section(doc, "eval-bench", "second")
    doc.write_text(doc.read_text() + "\n## Later\ntheirs too\n")
    write_section(doc, "eval-bench", "third")
    begin, end = markers("eval-bench")
    assert doc.read_text() == f"# Benchmarks\n\n## Checkers\nmine, not yours\n\n{begin}\nthird\n{end}\n\n## Later\ntheirs too\n"


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
    cases, stats = build(
        graph,
        tmp_path / "copies",
        lambda fid: filing_results(graph, fid),
        lambda folder: loader.load(folder).id,
        findings_per_filing=3,
        injected_per_rule=1,
        compliant_per_rule=1,
        seed=0,
    )
    assert stats.filings == 1 and stats.findings == 3 and not stats.failed_injections
    injected = [c for c in cases if c.origin.startswith("injected_")]
    assert {c.origin for c in injected} >= {"injected_sign_flip"}
    for case in injected:
        assert COPY_MARK in case.filing_id and case.reference_verdict == "violation"
    flip = next(c for c in injected if c.origin == "injected_sign_flip")
    assert flip.reference_answer.extracted_value.startswith("-")
    # the original shared file still holds the positive value
    name = flip.concept.split(":")[1]
    original = read_fact_values(
        shared_dir / "filings" / "xule-2025" / "ABQQ_FY_2023" / "ABQQ_instance_FY_2023_2025.xml",
        "http://fasb.org/us-gaap/2025",
        name,
    )
    assert Decimal(flip.reference_answer.calculated_value) in {Decimal(v) for _, _, v in original if v}
    write_jsonl(tmp_path / "cases.jsonl", cases)
    cases = read_cases(tmp_path / "cases.jsonl")
    records = run_checker(graph, [c.query() for c in cases])
    scored = score_run(cases, records)
    by_id = {s.case_id: s for s in scored}
    assert by_id[flip.case_id].label.value == "A" and by_id[flip.case_id].verdict == "violation"
    assert summarize([s for s in scored if s.origin == "compliant"]).vacc == 1.0  # no false positive
    # the AuditFlow protocol without a model sees the same query and reaches the same answer
    (agent,) = run_agents(graph, [flip.query()], llm="none")
    assert agent.system == "AuditFlow (llm none)" and agent.decision == "violation"
    assert score_run([flip], [agent])[0].label.value == "A"


def test_benchmark_markdown_and_plot(tmp_path):
    from auditgraph.eval.bench import BenchResult, FilingTiming, markdown, plot_time_vs_facts

    rules = {"DQC.US.0015": 0.01, "DQC.US.0126": 0.02, "DQC.US.0117": 0.03}
    rows = [
        FilingTiming("small", 300, 1.0, 3.0, 1.2, 1.8, 0.05, rules, {r: 0 for r in rules}),
        FilingTiming("large", 2000, 4.0, 9.0, 4.5, 4.5, 0.2, rules, {"DQC.US.0015": 2, "DQC.US.0126": 1, "DQC.US.0117": -1}),
    ]
    res = BenchResult(rows, taxonomy=[("us-gaap-2025.zip", 60.0, 35.7, 17326)], verifier=(100, 4.0))
    plot_time_vs_facts(rows, tmp_path / "t.png")
    assert (tmp_path / "t.png").read_bytes()[:4] == b"\x89PNG"
    md = markdown(res, "auditgraph bench x", [("t.png", "caption")])
    assert md.startswith("## Evaluation benchmark")
    assert "| large | 2,000 | 4.00 | 9.00 | 4.50 | 200 | 10 | 20 | 30 | 2 · 1 · n/e |" in md and "n/e: the rule" in md
    assert "2 filings, 2,300 facts" in md and "25.0 claims/s" in md and "17,326 concepts" in md
