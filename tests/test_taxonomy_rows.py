"""The shared extraction (loader.concepts, loader.networks) and the generic writers in cypher/load/,
on the project's own sample taxonomy: the same code the filing loader uses for extensions."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest

from auditgraph.graph import Graph
from auditgraph.loader.concepts import concept_key, concept_rows, label_rows, placeholder_row, release_of_namespace
from auditgraph.loader.networks import relationship_rows, write_networks
from auditgraph.loader.session import ArelleSession

GAAP = "http://fasb.org/us-gaap/2025"
ENTRY = "https://auditgraph.example/sample/2025/sample-gaap-2025.xsd"
IS_ROLE = "https://auditgraph.example/sample/2025/role/IncomeStatement"


@pytest.fixture(scope="module")
def sample_model():
    session = ArelleSession([Path(str(files("auditgraph.sample") / "taxonomy"))])
    model = session.load(ENTRY)
    yield model
    model.close()
    session.close()


def key_of(c):
    return concept_key(c.qname.namespaceURI, c.qname.localName)


def test_concept_key_and_release_of_namespace():
    assert concept_key(GAAP, "Revenues") == "http://fasb.org/us-gaap/2025#Revenues"
    assert concept_key("http://acme.com/2025", "Widgets", "acme-1") == "acme-1|http://acme.com/2025#Widgets"
    assert release_of_namespace(GAAP) == ("us-gaap", 2025)
    assert release_of_namespace("http://xbrl.sec.gov/dei/2024") == ("dei", 2024)
    assert release_of_namespace("http://fasb.org/dqcrules-0015/2025") == ("dqcrules", 2025)
    # FASB dated its namespaces through 2021 (`us-gaap-2021-01-31.xsd` declares this one)
    assert release_of_namespace("http://fasb.org/us-gaap/2021-01-31") == ("us-gaap", 2021)
    assert release_of_namespace("http://fasb.org/srt/2021-01-31") == ("srt", 2021)
    assert release_of_namespace("http://xbrl.sec.gov/dei/2021") == ("dei", 2021)
    assert release_of_namespace("http://www.xbrl.org/2003/instance") is None
    assert placeholder_row("http://fasb.org/srt/2024", "RangeAxis", "srt")["year"] == 2024


def test_concept_rows_carry_every_model_property(sample_model):
    concepts = [c for c in sample_model.qnameConcepts.values() if c.qname.namespaceURI == GAAP]
    rows = {r.name: r for r in concept_rows(sample_model, concepts, release="us-gaap/2025", year=2025)}
    assert len(rows) == 35
    assets = rows["Assets"]
    assert (assets.key, assets.qname, assets.balance, assets.period_type, assets.type, assets.base_type) == (
        f"{GAAP}#Assets",
        "us-gaap:Assets",
        "debit",
        "instant",
        "xbrli:monetaryItemType",
        "monetary",
    )
    assert assets.numeric and not assets.abstract and assets.label == "Assets" and "balance sheet date" in assets.documentation
    axis = rows["StatementBusinessSegmentsAxis"]
    assert axis.is_dimension and axis.abstract and axis.substitution_group == "xbrldt:dimensionItem"
    assert rows["StatementTable"].is_hypercube and rows["SegmentDomain"].type == "dtr-types:domainItemType"
    assert rows["NetCashProvidedByUsedInOperatingActivities"].balance is None
    assert rows["Revenues"].to_row()["release"] == "us-gaap/2025"


def test_relationship_rows_keep_role_order_weight_and_xdt_attributes(sample_model):
    nets = relationship_rows(sample_model, key_of, "us-gaap/2025")
    assert (len(nets.calc), len(nets.pres), len(nets.defn), len(nets.roles)) == (21, 33, 16, 3)
    gp = sorted((r["to_key"].split("#")[1], r["weight"], r["order"]) for r in nets.calc if r["from_key"] == f"{GAAP}#GrossProfit")
    assert gp == [("CostOfRevenue", -1.0, 2.0), ("Revenues", 1.0, 1.0)]
    all_arc = next(r for r in nets.defn if r["arc"] == "all")
    assert (all_arc["role"], all_arc["closed"], all_arc["context_element"]) == (IS_ROLE, True, "segment")
    dim_dom = next(r for r in nets.defn if r["arc"] == "dimension-domain")
    assert dim_dom["usable"] is False
    neg = next(r for r in nets.pres if r["to_key"].endswith("#PaymentsToAcquirePropertyPlantAndEquipment"))
    assert neg["preferred_label"] == "http://www.xbrl.org/2009/role/negatedLabel"
    assert {r["definition"] for r in nets.roles} >= {"200000 - Statement - Income Statement"}


@pytest.mark.parametrize("workers", [1, 3])  # 3: transactions of 7 rows sent three at a time
def test_generic_writers_build_the_graph(graph: Graph, sample_model, workers: int):
    concepts = [c for c in sample_model.qnameConcepts.values() if c.qname.namespaceURI == GAAP]
    graph.driver.execute_query("CREATE (:Release {key: 'us-gaap/2025', status: 'pending'})")
    rows = [r.to_row() for r in concept_rows(sample_model, concepts, release="us-gaap/2025", year=2025)]
    graph.write_batches("load.concepts", rows, batch_size=7, workers=workers)
    graph.write_batches("load.labels", label_rows(sample_model, concepts, key_of), batch_size=7, workers=workers)
    nets = relationship_rows(sample_model, key_of, "us-gaap/2025")
    assert write_networks(graph, nets, batch_size=7, workers=workers) == 70
    records, _, _ = graph.driver.execute_query(
        "MATCH (:Release {key: 'us-gaap/2025'})-[:DECLARES]->(c:Concept) "
        "RETURN count(c) AS concepts, COUNT { (:Concept)-[:HAS_LABEL]->() } AS labels, "
        "COUNT { ()-[:CALC]->() } AS calc, COUNT { ()-[:PRES]->() } AS pres, COUNT { ()-[:DEF]->() } AS def, "
        "COUNT { (:Release)-[:HAS_ROLE]->(:Role) } AS roles"
    )
    assert records[0].data() == {"concepts": 35, "labels": 56, "calc": 21, "pres": 33, "def": 16, "roles": 3}


def test_a_failed_transaction_among_parallel_ones_is_reported_and_its_worker_stops(graph: Graph):
    from auditgraph.errors import QueryFailed

    rows = [placeholder_row(GAAP, f"Concept{i}", "us-gaap") for i in range(20)]
    rows[0] = {**rows[0], "key": None}  # Neo4j refuses to MERGE on a null key
    with pytest.raises(QueryFailed, match="load.placeholders"):
        graph.write_batches("load.placeholders", rows, batch_size=1, workers=2)
    records, _, _ = graph.driver.execute_query("MATCH (c:Concept) RETURN c.name AS name")
    names = {r["name"] for r in records}
    assert not names & {f"Concept{i}" for i in range(1, 10)}  # the failed worker's share: nothing after its failure
    assert names <= {f"Concept{i}" for i in range(10, 20)}
