"""VeriFin end to end on Arelle-loaded filings: the bundled sample filing and Apple's FY2023 10-K.

The filings go through the real filing loader into the real Neo4j; the verifier then reads
them only through cypher/verify/*. The dev-set test is the acceptance check of issue 7 on a
real filing: zero false accepts, coverage and decision accuracy >= 99%.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from auditgraph.config import Connection
from auditgraph.eval.verifin_devset import DevSetBuilder
from auditgraph.graph import Graph
from auditgraph.loader.filing import FilingLoader
from auditgraph.verifier import Verifier, batch
from auditgraph.verifier.types import AbstainReason, Decision

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "src" / "auditgraph" / "sample"
SMPL = "smpl-20251231"
AAPL = "0000320193-23-000106"


def _shared() -> Path | None:
    path = Path(os.environ.get("AUDITGRAPH_SHARED", REPO.parent / "shared"))
    return path if (path / "filings").is_dir() else None


@pytest.fixture(scope="module")
def loaded(neo4j_connection: Connection) -> Iterator[Graph]:
    """The sample filing, and Apple's 10-K when ../shared is there, loaded once (database wiped first)."""
    g = Graph(neo4j_connection)
    g.write("db.wipe")
    g.run_script("schema.constraints")
    with FilingLoader(g, [SAMPLE / "taxonomy"]) as loader:
        loader.load(SAMPLE / "filing")
    if shared := _shared():
        tax = shared / "taxonomies"
        with FilingLoader(g, [tax / "us-gaap-2023.zip", tax / "srt-2023.zip", tax / "sec-2023.zip"]) as loader:
            loader.load(shared / "filings" / "edgar" / "aapl-10k-2023-09-30")
    try:
        yield g
    finally:
        g.close()


@pytest.fixture(scope="module")
def verifier(loaded: Graph) -> Verifier:
    return Verifier(loaded)


def test_sample_total_from_the_filings_own_calculation_with_extension_children(verifier: Verifier):
    v = verifier.verify(SMPL, "What were total operating expenses for fiscal 2025 (in thousands)?", "2,000")
    assert v.decision is Decision.VERIFIED, v.reason
    calc = next(f for f in v.formulas if f.source == "filing-calc")
    assert calc.roles == ("smpl:SellingAndAdministrativeExpense", "smpl:WidgetWarrantyExpense")
    assert {b.concept: b.value for b in v.bindings if b.stage == "calc"} == {
        "smpl:SellingAndAdministrativeExpense": Decimal("1700000"),
        "smpl:WidgetWarrantyExpense": Decimal("300000"),
    }
    assert all(b.filing_id == SMPL and b.period == "duration:2025-01-01/2025-12-31" for b in v.bindings)
    v = verifier.verify(SMPL, "What were total operating expenses for fiscal 2024 (in thousands)?", "2,000")
    assert (v.decision, v.direction) == (Decision.VIOLATED, "overstates")  # 1,900 in 2024


def test_sample_planted_inconsistency_is_not_accepted(verifier: Verifier):
    # Assets 20,000 vs current 12,000 + noncurrent 7,900 (the planted DQC.US.0126 error): the evidence
    # contradicts itself, so no claim about total assets can be accepted.
    for claim in ("$20.0 million", "$19.9 million"):
        v = verifier.verify(SMPL, "What were total assets at fiscal year end 2025?", claim)
        assert v.abstain_reason is AbstainReason.EVIDENCE_INCONSISTENT, v.reason
        assert {
            "fact:us-gaap:Assets:f-bs-11",
            "fact:us-gaap:AssetsCurrent:f-bs-7",
            "fact:us-gaap:AssetsNoncurrent:f-bs-9",
            "formula:filed-fact:2",
        } <= set(v.core)
        assert any(c.startswith("formula:filing-calc") for c in v.core)  # the balance-sheet calculation


def test_sample_dimensional_and_duplicate_facts(verifier: Verifier):
    v = verifier.verify(SMPL, "What was revenue for fiscal 2025?", "$12.5 million")
    assert v.decision is Decision.VERIFIED and [b.fact_id for b in v.bindings] == ["f-is-1"]  # segment facts stay out
    v = verifier.verify(SMPL, "What was us-gaap:NetIncomeLoss for fiscal 2025?", "2,449,000")
    assert v.decision is Decision.VERIFIED
    assert sorted(b.fact_id for b in v.bindings if b.stage == "target") == ["f-is-23", "f-is-25"]  # a complete duplicate


def test_apple_gross_profit_verified_and_wrong_year_violated(verifier: Verifier, shared_dir: Path):
    v = verifier.verify(AAPL, "What was Apple's gross profit for fiscal 2023?", "$169.1 billion")
    assert v.decision is Decision.VERIFIED, v.reason
    calc = next(f for f in v.formulas if f.source == "filing-calc")
    assert calc.source_id == "http://www.apple.com/role/CONSOLIDATEDSTATEMENTSOFOPERATIONS"
    assert all(b.accession == AAPL and b.unit == "iso4217:USD" for b in v.bindings)
    v = verifier.verify(AAPL, "What was Apple's gross profit for fiscal 2023 (in millions)?", "170,782")  # FY2022's
    assert v.decision is Decision.VIOLATED and v.direction == "overstates" and "claim" in v.core
    v = verifier.verify(AAPL, "What was Apple's gross profit for fiscal 2022 (in millions)?", "170,782")
    assert v.decision is Decision.VERIFIED
    assert {b.period for b in v.bindings} == {"duration:2021-09-26/2022-09-24"}


def test_apple_dev_set_meets_the_acceptance_targets(verifier: Verifier, loaded: Graph, shared_dir: Path):
    cases = DevSetBuilder(loaded, verifier.registry).build([AAPL])
    kinds = {c["kind"] for c in cases}
    assert len(cases) >= 100 and {"correct", "wrong_year", "wrong_sign", "arithmetic_slip"} <= kinds
    pairs, wrong = [], []
    for c in cases:
        v = verifier.verify(c["filing_id"], c["question"], c["claim"], case_id=c["case_id"])
        pairs.append((v.decision, c["correct"]))
        if v.decision is Decision.ABSTAIN or (v.decision is Decision.VERIFIED) != c["correct"]:
            wrong.append((c["case_id"], c["claim"], v.decision.value, v.reason))
    s = batch.summarise(pairs)
    assert s.fa == 0, wrong
    assert s.coverage >= 0.99 and s.decision_accuracy >= 0.99, (s.to_json(), wrong[:5])
