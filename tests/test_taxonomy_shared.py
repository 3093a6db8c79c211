"""The real 2025 packages in ../shared/taxonomies: the graph holds what Arelle itself reads."""

from __future__ import annotations

from pathlib import Path

import pytest
from arelle import XbrlConst

from auditgraph.graph import Graph
from auditgraph.loader.session import ArelleSession
from auditgraph.loader.taxonomy import load_taxonomies

GAAP = "http://fasb.org/us-gaap/2025"
BS = "http://fasb.org/us-gaap/role/statement/StatementOfFinancialPositionClassified"
DEF_ROLE = "http://fasb.org/us-gaap/role/statement/StatementOfFinancialPositionClassifiedStatementTable"


@pytest.fixture(autouse=True)
def own_config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture(scope="module")
def arelle_view(shared_dir: Path):
    """What Arelle reports for the main us-gaap 2025 entry point, independently of the loader."""
    tax = shared_dir / "taxonomies"
    session = ArelleSession([tax / "sec-2025.zip", tax / "srt-2025.zip", tax / "us-gaap-2025.zip"])
    model = session.load("https://xbrl.fasb.org/us-gaap/2025/entire/us-gaap-entryPoint-all-2025.xsd")

    def pairs(arcrole: str, role: str) -> set[tuple[str, str]]:
        return {
            (r.fromModelObject.qname.localName, r.toModelObject.qname.localName)
            for r in model.relationshipSet(arcrole, role).modelRelationships
        }

    view = {
        "concepts": sum(1 for c in model.qnameConcepts.values() if c.qname.namespaceURI == GAAP and (c.isItem or c.isTuple)),
        "bs_calc": pairs(XbrlConst.summationItem11, BS) | pairs(XbrlConst.summationItem, BS),
        "bs_pres": pairs(XbrlConst.parentChild, BS),
        "is_def": pairs(XbrlConst.domainMember, DEF_ROLE)
        | pairs(XbrlConst.all, DEF_ROLE)
        | pairs(XbrlConst.hypercubeDimension, DEF_ROLE)
        | pairs(XbrlConst.dimensionDomain, DEF_ROLE)
        | pairs(XbrlConst.dimensionDefault, DEF_ROLE),
    }
    model.close()
    session.close()
    return view


def edge_pairs(graph: Graph, rel_type: str, role: str) -> set[tuple[str, str]]:
    records, _, _ = graph.driver.execute_query(
        f"MATCH (a)-[r:{rel_type} {{role: $role, owner: 'us-gaap/2025'}}]->(b) RETURN a.name AS a, b.name AS b", role=role
    )
    return {(r["a"], r["b"]) for r in records}


def test_shared_2025_packages_load_as_arelle_reads_them(graph: Graph, shared_dir: Path, arelle_view):
    tax = shared_dir / "taxonomies"
    # us-gaap first: its srt/dei references start as placeholders and the later srt/sec loads fill them in
    results = load_taxonomies(graph, [tax / "us-gaap-2025.zip", tax / "srt-2025.zip", tax / "sec-2025.zip"])
    assert [r.skipped for r in results] == [None, None, None]
    releases = {r["key"]: r for r in graph.read("taxonomy.releases")}
    assert {k for k, r in releases.items() if r["status"] == "loaded"} >= {
        "us-gaap/2025",
        "srt/2025",
        "dei/2025",
        "us-gaap-ebp/2025",
    }
    assert releases["us-gaap/2025"]["concepts"] == arelle_view["concepts"] == 17326
    assert releases["srt/2025"]["concepts"] == 617 and releases["dei/2025"]["concepts"] == 157

    # per network: the same edges Arelle reports, no more, no fewer
    assert edge_pairs(graph, "CALC", BS) == arelle_view["bs_calc"] and len(arelle_view["bs_calc"]) > 20
    assert edge_pairs(graph, "PRES", BS) == arelle_view["bs_pres"] and len(arelle_view["bs_pres"]) > 50
    assert edge_pairs(graph, "DEF", DEF_ROLE) == arelle_view["is_def"] and len(arelle_view["is_def"]) > 20

    # spot checks with weights and roles
    children = {
        (r["child"], r["weight"])
        for r in graph.read("taxonomy.calc_children", qname="us-gaap:LiabilitiesAndStockholdersEquity", release="us-gaap/2025")
        if r["role"] == BS
    }
    assert {
        ("us-gaap:Liabilities", 1.0),
        ("us-gaap:CommitmentsAndContingencies", 1.0),
        ("us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest", 1.0),
    } <= children
    gp = {
        r["child"]: r["weight"] for r in graph.read("taxonomy.calc_children", qname="us-gaap:GrossProfit", release="us-gaap/2025")
    }
    assert gp["us-gaap:CostOfRevenue"] == -1.0 and gp["us-gaap:Revenues"] == 1.0
    axes = {r["axis"] for r in graph.read("taxonomy.table_axes", qname="us-gaap:StatementTable", year=2025)}
    assert {"us-gaap:StatementBusinessSegmentsAxis", "srt:ProductOrServiceAxis", "srt:ConsolidationItemsAxis"} <= axes
    # an srt axis in a us-gaap network is the loaded srt/2025 concept, not a placeholder
    records, _, _ = graph.driver.execute_query(
        "MATCH (c:Concept {namespace: 'http://fasb.org/srt/2025'}) RETURN count(c) AS all, count(CASE WHEN c:Placeholder THEN 1 END) AS placeholders, "
        "COUNT { (:Release {key: 'srt/2025'})-[:DECLARES]->() } AS declared"
    )
    assert records[0].data() == {"all": 617, "placeholders": 0, "declared": 617}
    records, _, _ = graph.driver.execute_query("MATCH (c:Placeholder) RETURN count(c) AS n")
    assert records[0]["n"] == 0
    assert not any(
        "/role/dqc/" in r["role"]
        for r in graph.read("taxonomy.calc_children", qname="us-gaap:LiabilitiesAndStockholdersEquity", release="us-gaap/2025")
    )

    # the DQC rules taxonomy inside the package
    assert releases["us-gaap/2025"]["dqc_rules"] == 59
    dqc1 = graph.read("taxonomy.dqc_list", rule_id="DQC.US.0001", release="us-gaap/2025")
    assert {(r["list"], r["concept"]) for r in dqc1} >= {("AxisAllowExtensionsOnly", "dei:LegalEntityAxis")} and len(dqc1) == 31
    dqc14 = {r["concept"]: r for r in graph.read("taxonomy.dqc_list", rule_id="DQC.US.0014", release="us-gaap/2025")}
    assert dqc14["us-gaap:CostOfGoodsAndServicesSold"] == {
        "list": "NegativeValuesWithNoDimensions",
        "concept": "us-gaap:CostOfGoodsAndServicesSold",
        "element_id": "DQC.US.0014.2695",
    }
    assert (
        graph.read("taxonomy.dqc_list", rule_id="DQC.US.0015", release="us-gaap/2025") == []
    )  # placeholder file in this package

    # an unchanged package is skipped on re-load
    again = load_taxonomies(graph, [tax / "us-gaap-2025.zip"])
    assert again[0].skipped.startswith("already loaded")
