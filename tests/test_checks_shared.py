"""Real filings from ../shared/filings (XBRL US roll-forwards and SEC packages), loaded by the filing
loader with the offline taxonomy packages; findings checked by hand against the instance documents."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from auditgraph.checks import audit_filing, check_calc11, check_calc_tree, check_sign
from auditgraph.graph import Graph

FILINGS = ("xule-2025/BXP_Q1_2024", "xule-2025/BERG_FY_2023", "xule-2025/TOL_FY_2023", "edgar/nflx-10q-2024-03-31")


@pytest.fixture(scope="module")
def shared_graph(neo4j_connection, shared_dir: Path) -> Graph:
    from auditgraph.loader.filing import FilingLoader

    g = Graph(neo4j_connection)
    g.write("db.wipe")
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
        ("DQC.US.0015.2878", "-1843000.0", "1843000", "duration:2023-01-01/2023-03-31"),
    }


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


def test_nflx_on_us_gaap_2023_is_evaluated_with_the_2023_list_dqc_0015(shared_graph: Graph):
    # nflx-20240331_htm.xml declares us-gaap 2023; f-650/f-651 StockRepurchaseProgramAuthorizedAmount1 (decimals INF)
    # is on the 2023 list (id 2481) and not on the 2025 one, so the list year decides whether it is checked at all
    results = check_sign(shared_graph, "nflx-10q-2024-03-31")
    assert results and all(r.status == "ok" for r in results)  # no listed fact of this 10-Q is negative
    assert {(r.concept.split(":")[0], r.list_file, r.list_version) for r in results} == {
        ("us-gaap", "dqc_15_usgaap_2023_concepts.csv", "dqc_us_rules@e54b01f59c3b"),
        ("dei", "dqc_15_dei_concepts.csv", "dqc_us_rules@73c80fcecbe6"),
    }
    buyback = [r for r in results if r.concept == "us-gaap:StockRepurchaseProgramAuthorizedAmount1"]
    assert sorted((r.sub_rule, r.reported_value) for r in buyback) == [
        ("DQC.US.0015.2481", "10000000000"),
        ("DQC.US.0015.2481", "5000000000"),
    ]
    report = audit_filing(shared_graph, "nflx-10q-2024-03-31", rules=("0015",))
    assert report.us_gaap_year == 2023 and report.verdict == "clean" and report.rules[0].not_run is None


def test_tol_duplicate_cash_flow_arc_is_an_error_and_counts_twice_calc11(shared_graph: Graph):
    # TOL-20251231.xsd: two summation-item arcs NetCashProvidedByUsedInOperatingActivities -> AssetImpairmentCharges
    # (order 18 and 2) in ConsolidatedStatementsofCashFlows. Arelle --calc c11r: calc11e:duplicateCalculationRelationships
    # and an inconsistency in c6, c12 and c19, because each arc adds the impairment (c19: 69537000) to the sum.
    results = check_calc11(shared_graph, "TOL_FY_2023", concept="us-gaap:NetCashProvidedByUsedInOperatingActivities")
    [dup] = [r for r in results if r.sub_rule == "calc11e:duplicateCalculationRelationships"]
    assert dup.status == "violation" and dup.network.endswith("/role/ConsolidatedStatementsofCashFlows")
    assert [(x.target, x.weight) for x in dup.relationships] == [("us-gaap:AssetImpairmentCharges", "1")] * 2
    bad = {
        r.contexts[0]: (r.reported_value, r.expected_value, r.difference)
        for r in results
        if r.sub_rule == "CALC11" and r.status == "violation"
    }
    assert bad == {
        "c19": ("1266430000.0", "1335967000", "-69537000"),
        "c6": ("986816000.0", "1026357000", "-39541000"),
        "c12": ("1303127000.0", "1329662000", "-26535000"),
    }
    [c19] = [r for r in results if r.contexts == ["c19"]]
    assert [f.concept for f in c19.facts].count("us-gaap:AssetImpairmentCharges") == 2
    audited = audit_filing(shared_graph, "TOL_FY_2023", rules=("calc11",)).calc11  # the audit adds the rule set's name
    assert [replace(r, rule_set=None, severity=None) for r in audited].count(dup) == 1
    assert {r.rule_set for r in audited} == {"XBRL Calculations 1.1"}


def test_tol_duplicate_cash_flow_arc_counts_twice_in_0126_as_the_official_engine(shared_graph: Graph):
    # The official engine (Arelle + XULE, Arelle/EDGAR's dqcrt-us-2025 rule set, scripts/bench_xule.py) reports
    # DQC.US.0126.9590 on c19: "The sum of these child components is 1,335,967,000", listing AssetImpairmentCharges
    # twice: the rule navigates summation-item children as a list, one item per relationship.
    [c19] = [
        r
        for r in check_calc_tree(shared_graph, "TOL_FY_2023", concept="us-gaap:NetCashProvidedByUsedInOperatingActivities")
        if r.contexts == ["c19"]
    ]
    assert (c19.status, c19.reported_value, c19.expected_value, c19.difference) == (
        "violation",
        "1266430000.0",
        "1335967000",
        "-69537000",
    )
    assert [f.concept for f in c19.facts].count("us-gaap:AssetImpairmentCharges") == 2
    assert c19.tolerance == "19000"  # (n + 1) * 10^3, n = 18 relationships: 17 children, one of them twice
