"""Real SEC filings from ../shared: counts as Arelle and the manifest report them, exact values,
plain dates, de-duplicated contexts, inline transforms, a xule-2025 instance with its taxonomy zip."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from auditgraph.config import Connection
from auditgraph.graph import Graph
from auditgraph.loader.facts import fact_rows
from auditgraph.loader.filing import FilingLoader, arelle_verdict
from auditgraph.loader.filing_rows import is_extension

AAPL_10K = "0000320193-23-000106"


def q(graph: Graph, cypher: str, **params) -> list[dict]:
    records, _, _ = graph.driver.execute_query(cypher, params)
    return [r.data() for r in records]


def manifest(shared: Path, folder: str) -> dict:
    doc = json.loads((shared / "filings" / "manifest.json").read_text())
    return next(r for r in doc["filings"] if r["id"] == folder)


def packages(shared: Path, year: int) -> list[Path]:
    return [shared / "taxonomies" / f"{t}-{year}.zip" for t in ("us-gaap", "srt", "sec")]


@pytest.fixture(scope="module")
def aapl(neo4j_connection: Connection, shared_dir: Path) -> Iterator[tuple[Graph, FilingLoader]]:
    """AAPL's 10-K for fiscal 2023 (XBRL instance) loaded with the 2023 packages."""
    g = Graph(neo4j_connection)
    g.write("db.wipe")
    g.run_script("schema.constraints")
    loader = FilingLoader(g, packages(shared_dir, 2023))
    result = loader.load(shared_dir / "filings" / "edgar" / "aapl-10k-2023-09-30")
    assert (result.id, result.status) == (AAPL_10K, "loaded")
    try:
        yield g, loader
    finally:
        loader.close()
        g.close()


def test_aapl_counts_equal_arelle_and_the_manifest(aapl, shared_dir: Path):
    graph, loader = aapl
    rec = manifest(shared_dir, "aapl-10k-2023-09-30")
    with loader.session.model(shared_dir / "filings" / rec["path"] / rec["instance"]) as model:
        arelle = (len(model.factsInInstance), len(model.contexts), len(model.units))
    f = q(graph, "MATCH (f:Filing {id: $id}) RETURN properties(f) AS p", id=AAPL_10K)[0]["p"]
    assert arelle == (rec["facts"], rec["contexts"], rec["units"]) == (1164, 205, 9)
    assert (f["facts"], f["context_ids"], f["units"]) == arelle
    assert q(graph, "MATCH (:Filing {id: $id})-[:HAS_FACT]->(x) RETURN count(x) AS n", id=AAPL_10K)[0]["n"] == 1164
    # AAPL uses one context id per (period, dimensions): nothing to merge, 205 Context nodes
    assert q(
        graph, "MATCH (:Filing {id: $id})-[:HAS_CONTEXT]->(c) RETURN count(c) AS n, max(size(c.context_ids)) AS m", id=AAPL_10K
    ) == [{"n": 205, "m": 1}]
    assert {
        k: f[k]
        for k in (
            "accession",
            "cik",
            "ticker",
            "entity_name",
            "form",
            "fiscal_year_focus",
            "fiscal_period_focus",
            "us_gaap_year",
            "errors",
        )
    } == {
        "accession": AAPL_10K,
        "cik": "0000320193",
        "ticker": "AAPL",
        "entity_name": "Apple Inc.",
        "form": "10-K",
        "fiscal_year_focus": "2023",
        "fiscal_period_focus": "FY",
        "us_gaap_year": 2023,
        "errors": 0,
    }
    assert (f["period_end"].to_native(), f["filing_date"].to_native()) == (date(2023, 9, 30), date(2023, 11, 3))


def test_aapl_values_are_exact_and_periods_plain(aapl):
    graph, _ = aapl
    rows = q(
        graph,
        """MATCH (:Filing {id: $id})-[:HAS_FACT]->(f:Fact)-[:IN_CONTEXT]->(c:Context {dimensional: false})-[:FOR_PERIOD]->(p)
                       WHERE f.concept_qname IN ['us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 'us-gaap:NetIncomeLoss',
                                                 'us-gaap:EarningsPerShareBasic', 'us-gaap:Assets']
                         AND p.end = date('2023-09-30')
                       RETURN DISTINCT f.concept_qname AS c, f.value AS v, f.decimals AS d, p.key AS period, f.unit_key AS unit
                       ORDER BY c""",
        id=AAPL_10K,
    )
    assert rows == [
        {"c": "us-gaap:Assets", "v": "352583000000", "d": "-6", "period": "instant:2023-09-30", "unit": "iso4217:USD"},
        {
            "c": "us-gaap:EarningsPerShareBasic",
            "v": "6.16",
            "d": "2",
            "period": "duration:2022-09-25/2023-09-30",
            "unit": "iso4217:USD/xbrli:shares",
        },
        {
            "c": "us-gaap:NetIncomeLoss",
            "v": "96995000000",
            "d": "-6",
            "period": "duration:2022-09-25/2023-09-30",
            "unit": "iso4217:USD",
        },
        {
            "c": "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
            "v": "383285000000",
            "d": "-6",
            "period": "duration:2022-09-25/2023-09-30",
            "unit": "iso4217:USD",
        },
    ]
    # no end+1 artefacts: every period of the filing ends on the fiscal calendar's dates
    ends = {
        r["e"].to_native()
        for r in q(
            graph, "MATCH (:Filing {id: $id})-[:HAS_CONTEXT]->()-[:FOR_PERIOD]->(p) RETURN DISTINCT p.end AS e", id=AAPL_10K
        )
    }
    assert date(2023, 10, 1) not in ends and date(2023, 9, 30) in ends and date(2022, 9, 24) in ends
    dup = q(
        graph,
        """MATCH (f:Fact {filing_id: $id}) WHERE f.duplicate IS NOT NULL
                      RETURN f.duplicate AS kind, count(*) AS n ORDER BY kind""",
        id=AAPL_10K,
    )
    assert dup == [{"kind": "complete", "n": 161}, {"kind": "consistent", "n": 6}]


def test_aapl_bridges_and_networks(aapl):
    graph, _ = aapl
    # us-gaap 2023 is not loaded as a release here: its facts bridge to 2023 placeholders, never another year
    years = q(
        graph,
        """MATCH (f:Fact {filing_id: $id})-[:REPORTS]->(c:Concept) WHERE c.namespace = 'http://fasb.org/us-gaap/2023'
                        RETURN DISTINCT c.year AS y, c:Placeholder AS ph""",
        id=AAPL_10K,
    )
    assert years == [{"y": 2023, "ph": True}]
    calc = q(graph, "MATCH ()-[r:CALC {owner: $id}]->() RETURN count(r) AS n, collect(DISTINCT r.weight) AS w", id=AAPL_10K)[0]
    assert calc["n"] == 215 and sorted(calc["w"]) == [-1.0, 1.0]
    rev = q(
        graph,
        """MATCH (p:Concept {key: 'http://fasb.org/us-gaap/2023#GrossProfit'})-[r:CALC {owner: $id}]->(c)
                      WHERE r.role ENDS WITH 'CONSOLIDATEDSTATEMENTSOFOPERATIONS'
                      RETURN c.qname AS child, r.weight AS w ORDER BY r.order""",
        id=AAPL_10K,
    )
    assert rev == [
        {"child": "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", "w": 1.0},
        {"child": "us-gaap:CostOfGoodsAndServicesSold", "w": -1.0},
    ]
    assert q(graph, "MATCH (:Filing {id: $id})-[:DEFINES]->(e:Extension) RETURN count(e) AS n", id=AAPL_10K)[0]["n"] == 79


def test_standard_schemas_are_not_rechecked_per_filing_and_the_model_is_the_same(aapl, shared_dir: Path, monkeypatch):
    """The filing session skips Arelle's schema re-check of the FASB/SEC schemas, never the filing's own."""
    from arelle import XmlValidateSchema

    from auditgraph.loader import standard_schemas

    _, loader = aapl
    checked: list[str] = []
    original = XmlValidateSchema.validate
    monkeypatch.setattr(XmlValidateSchema, "validate", lambda doc, *a: (checked.append(doc.uri), original(doc, *a))[1])
    manager = loader.session.cntlr.modelManager
    instance = shared_dir / "filings" / "edgar" / "aapl-10k-2023-09-30" / "aapl-20230930_htm.xml"

    def model_counts(skip: bool) -> tuple[list[str], tuple[int, ...]]:
        checked.clear()
        standard_schemas.skip_checks(manager, skip)
        with loader.session.model(instance) as model:
            counts = (
                len(model.factsInInstance),
                len(model.qnameConcepts),
                len(model.relationshipSet("XBRL-dimensions").modelRelationships),
            )
        return sorted(checked), counts

    try:
        everything, counts_all = model_counts(skip=False)
        own_only, counts_skipped = model_counts(skip=True)
    finally:
        standard_schemas.skip_checks(manager, True)
    assert own_only == [str(instance.parent / "aapl-20230930.xsd")]
    # Arelle's own run checks all 22 schemas of the DTS: the filing's, XBRL International's, FASB's and the SEC's
    assert len(everything) == 22 and own_only[0] in everything
    assert {"https://xbrl.fasb.org/us-gaap/2023/elts/us-gaap-2023.xsd", "https://xbrl.sec.gov/dei/2023/dei-2023.xsd"} < set(
        everything
    )
    assert counts_skipped == counts_all and counts_all[0] == 1164


def test_inline_aapl_10q_values_equal_the_sec_extracted_instance(aapl, shared_dir: Path):
    """The inline .htm, with the SEC transformations, gives the values of EDGAR's own _htm.xml."""
    _, loader = aapl
    folder = shared_dir / "filings" / "edgar" / "aapl-10q-2025-03-29"
    loader.session.add_package(shared_dir / "taxonomies" / "us-gaap-2024.zip")
    for extra in ("srt-2024.zip", "sec-2024.zip", "sec-2025.zip"):
        loader.session.add_package(shared_dir / "taxonomies" / extra)

    def values(path: Path) -> dict[tuple, str | None]:
        with loader.session.model(path) as model:
            assert arelle_verdict(loader.session).fatal is None
            rows = fact_rows(
                model, "x", lambda c: f"{c.qname.namespaceURI}#{c.qname.localName}" if not is_extension(c) else c.qname.localName
            )
        return {(r["concept_qname"], r["context_id"], r["unit_id"], r["fact_id"]): r["value"] for r in rows.facts}

    inline, extracted = values(folder / "aapl-20250329.htm"), values(folder / "aapl-20250329_htm.xml")
    assert len(inline) == len(extracted) == manifest(shared_dir, "aapl-10q-2025-03-29")["facts"] == 760
    assert inline == extracted
    picked = {
        k[0]: v
        for k, v in inline.items()
        if k[0]
        in (
            "dei:SecurityExchangeName",
            "dei:EntityFilerCategory",
            "dei:EntityAddressStateOrProvince",
            "aapl:NumberOfSignificantVendors",
        )
    }
    assert picked == {
        "dei:SecurityExchangeName": "NASDAQ",
        "dei:EntityFilerCategory": "Large Accelerated Filer",
        "dei:EntityAddressStateOrProvince": "CA",
        "aapl:NumberOfSignificantVendors": "2",
    }
    assert "P2Y8M12D" in inline.values()


def test_xule_2025_instance_with_its_taxonomy_zip(graph: Graph, shared_dir: Path):
    rec = manifest(shared_dir, "ABQQ_FY_2023")
    with FilingLoader(graph, packages(shared_dir, 2025)) as loader:
        res = loader.load(shared_dir / "filings" / rec["path"])
        with loader.session.model(shared_dir / "filings" / rec["path"] / rec["instance"]) as model:
            arelle_facts, arelle_contexts = len(model.factsInInstance), len(model.contexts)
    assert (res.id, res.status) == ("ABQQ_FY_2023", "loaded")
    assert res.facts == arelle_facts == rec["facts"] == 622
    ctx = q(
        graph, "MATCH (:Filing {id: 'ABQQ_FY_2023'})-[:HAS_CONTEXT]->(c) RETURN count(c) AS n, sum(size(c.context_ids)) AS ids"
    )[0]
    assert ctx["ids"] == arelle_contexts == rec["contexts"] == 185 and ctx["n"] == res.contexts <= 185
    f = q(graph, "MATCH (f:Filing {id: 'ABQQ_FY_2023'}) RETURN f.us_gaap_year AS y, f.form AS form, f.period_end AS pe")[0]
    assert (f["y"], f["form"], f["pe"].to_native()) == (2025, "10-K", date(2023, 8, 31))
    # the calculation arcs of the extension taxonomy inside the zip, with weights
    calc = q(graph, "MATCH ()-[r:CALC {owner: 'ABQQ_FY_2023'}]->() RETURN count(r) AS n")[0]["n"]
    assert calc == rec["calculation_arcs"] == 57
    ext = q(
        graph, "MATCH (:Filing {id: 'ABQQ_FY_2023'})-[:DEFINES]->(e) RETURN count(e) AS n, collect(DISTINCT e.filing_id) AS f"
    )[0]
    assert ext["n"] > 0 and ext["f"] == ["ABQQ_FY_2023"]
