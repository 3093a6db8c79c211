"""Real filings from ../shared/filings (XBRL US roll-forwards), loaded by the filing loader
with the offline taxonomy packages; findings checked by hand against the instance documents."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditgraph.checks import audit_filing, check_calc_tree, check_sign
from auditgraph.graph import Graph

FILINGS = ("xule-2025/BXP_Q1_2024", "xule-2025/BERG_FY_2023")


@pytest.fixture(scope="module")
def shared_graph(neo4j_connection, shared_dir: Path) -> Graph:
    from auditgraph.loader.filing import FilingLoader

    g = Graph(neo4j_connection)
    g.run("db.wipe")
    g.run_script("schema.constraints")
    with FilingLoader(g, sorted((shared_dir / "taxonomies").glob("*.zip"))) as loader:
        for f in FILINGS:
            loader.load(shared_dir / "filings" / f)
    yield g
    g.close()


def test_bxp_negative_payments_are_dqc_0015(shared_graph: Graph):
    # BXP_instance_Q1_2024_2025.xml: f997 PaymentsToAcquireMarketableSecurities -1425000.0 (decimals -3)
    results = check_sign(shared_graph, "BXP_Q1_2024", concept="us-gaap:PaymentsToAcquireMarketableSecurities")
    plain = [r for r in results if r.status == "violation" and not r.dimensions]
    assert {(r.sub_rule, r.reported_value, r.expected_value, r.period) for r in plain} == {
        ("DQC.US.0015.2878", "-1425000.0", "1425000", "duration:2024-01-01/2024-03-31"),
        ("DQC.US.0015.2878", "-1843000.0", "1843000", "duration:2023-01-01/2023-03-31")}


def test_berg_net_income_breaks_its_calculation_dqc_0126(shared_graph: Graph):
    # NetIncomeLoss -3995101 = -(NCI -2593145) + ContOps -1615529 + DiscOps -2379572 = -1401956 by the filer's own calc
    [r] = [x for x in check_calc_tree(shared_graph, "BERG_FY_2023", concept="us-gaap:NetIncomeLoss") if x.status == "violation"]
    assert (r.reported_value, r.expected_value, r.difference, r.tolerance) == ("-3995101.0", "-1401956", "-2593145", "0")
    assert r.network.endswith("idr_StatementConsolidatedStatementsOfOperations")


def test_audit_of_real_filings_has_a_verdict_and_counts(shared_graph: Graph):
    bxp = audit_filing(shared_graph, "BXP_Q1_2024")
    assert bxp.verdict == "violations" and bxp.form == "10-Q" and bxp.us_gaap_year == 2025
    counts = {s.rule: s.violations for s in bxp.rules}
    assert counts["0015"] == 12 and counts["0126"] == 0
