"""The filing graph on the project's own sample filing: every node and edge kind, exact values."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from auditgraph.config import Connection
from auditgraph.graph import Graph
from auditgraph.loader.filing import FilingLoader

REPO = Path(__file__).resolve().parent.parent
SAMPLE_FILING = REPO / "src" / "auditgraph" / "sample" / "filing"
SAMPLE_TAXONOMY = REPO / "src" / "auditgraph" / "sample" / "taxonomy"
FID = "smpl-20251231"
GAAP = "http://fasb.org/us-gaap/2025#"
SMPL = f"{FID}|http://www.samplewidgets.example/20251231#"


def q(graph: Graph, cypher: str, **params) -> list[dict]:
    """Test-only inspection of what the loader wrote (read-only Cypher)."""
    records, _, _ = graph.driver.execute_query(cypher, params)
    return [r.data() for r in records]


@pytest.fixture(scope="module")
def sample(neo4j_connection: Connection) -> Iterator[Graph]:
    """The sample filing loaded once into an empty database (no release loaded: placeholders)."""
    g = Graph(neo4j_connection)
    g.write("db.wipe")
    g.run_script("schema.constraints")
    with FilingLoader(g, [SAMPLE_TAXONOMY]) as loader:
        result = loader.load(SAMPLE_FILING)
    assert (result.id, result.status, result.facts, result.contexts, result.units) == (FID, "loaded", 66, 7, 1)
    try:
        yield g
    finally:
        g.close()


def test_filing_node_has_the_cover_page_and_counts(sample: Graph):
    f = q(sample, "MATCH (f:Filing) RETURN properties(f) AS p")[0]["p"]
    assert {
        k: f[k]
        for k in (
            "id",
            "status",
            "form",
            "cik",
            "ticker",
            "entity_name",
            "fiscal_year_focus",
            "fiscal_period_focus",
            "us_gaap_year",
            "facts",
            "contexts",
            "context_ids",
            "units",
            "errors",
            "releases",
        )
    } == {
        "id": FID,
        "status": "loaded",
        "form": "10-K",
        "cik": "0000999999",
        "ticker": "SMPL",
        "entity_name": "Sample Widgets Inc.",
        "fiscal_year_focus": "2025",
        "fiscal_period_focus": "FY",
        "us_gaap_year": 2025,
        "facts": 66,
        "contexts": 7,
        "context_ids": 8,
        "units": 1,
        "errors": 0,
        "releases": ["dei/2025", "us-gaap/2025"],
    }
    assert f["period_end"].to_native() == date(2025, 12, 31)
    assert f["source"] == str(SAMPLE_FILING / "smpl-20251231.xml") and len(f["content_hash"]) == 64
    assert f.get("accession") is None and f.get("filing_date") is None


def test_facts_keep_exact_values_decimals_nil_and_source_line(sample: Graph):
    rows = q(sample, "MATCH (:Filing {id: $id})-[:HAS_FACT]->(f:Fact) RETURN properties(f) AS p", id=FID)
    facts = {r["p"]["fact_id"]: r["p"] for r in rows}
    assert len(facts) == 66
    capex = facts["f-cf-7"]
    assert {
        k: capex[k]
        for k in (
            "key",
            "concept_qname",
            "concept_key",
            "value",
            "num",
            "numeric",
            "nil",
            "decimals",
            "context_id",
            "unit_id",
            "unit_key",
            "source_line",
        )
    } == {
        "key": f"{FID}|f-cf-7",
        "concept_qname": "us-gaap:PaymentsToAcquirePropertyPlantAndEquipment",
        "concept_key": GAAP + "PaymentsToAcquirePropertyPlantAndEquipment",
        "value": "-800000",
        "num": -800000.0,
        "numeric": True,
        "nil": False,
        "decimals": "-3",
        "context_id": "FY2025",
        "unit_id": "USD",
        "unit_key": "iso4217:USD",
        "source_line": 130,
    }
    assert capex.get("precision") is None and capex.get("duplicate") is None
    nil = facts["f-bs-23"]
    assert (nil["nil"], nil.get("value"), nil.get("decimals"), nil["concept_key"]) == (
        True,
        None,
        None,
        SMPL + "LegalSettlementAccrual",
    )
    doc_type = facts["f-dei-1"]
    assert (doc_type["value"], doc_type["numeric"], doc_type.get("unit_key"), doc_type["concept_key"]) == (
        "10-K",
        False,
        None,
        "http://xbrl.sec.gov/dei/2025#DocumentType",
    )
    assert facts["f-dei-2"]["value"] == "2025-12-31"
    assert sum(1 for f in facts.values() if f["numeric"]) == 58


def test_contexts_are_normalized_and_periods_are_plain_dates(sample: Graph):
    ctx = q(
        sample,
        """MATCH (:Filing {id: $id})-[:HAS_CONTEXT]->(c:Context)-[:FOR_PERIOD]->(p:Period)
                       RETURN c.context_ids AS ids, c.period_type AS kind, c.dims AS dims, c.dimensional AS dimensional,
                              p.key AS period, p.days AS days, c.entity_id AS entity ORDER BY ids""",
        id=FID,
    )
    assert [(c["ids"], c["kind"], c["period"], c["days"], c["dims"]) for c in ctx] == [
        (["FY2024"], "duration", "duration:2024-01-01/2024-12-31", 366, []),
        (["FY2025", "FY2025_dup"], "duration", "duration:2025-01-01/2025-12-31", 365, []),
        (
            ["FY2025_Gadgets"],
            "duration",
            "duration:2025-01-01/2025-12-31",
            365,
            ["us-gaap:StatementBusinessSegmentsAxis=smpl:GadgetsSegmentMember"],
        ),
        (
            ["FY2025_Widgets"],
            "duration",
            "duration:2025-01-01/2025-12-31",
            365,
            ["us-gaap:StatementBusinessSegmentsAxis=smpl:WidgetsSegmentMember"],
        ),
        (["I2024"], "instant", "instant:2024-12-31", 0, []),
        (["I2025"], "instant", "instant:2025-12-31", 0, []),
        (["I2025_ContractC1001"], "instant", "instant:2025-12-31", 0, ["smpl:ContractIdentifierAxis=typed:C-1001"]),
    ]
    assert {c["entity"] for c in ctx} == {"0000999999"}
    periods = q(sample, "MATCH (p:Period) RETURN p.key AS key, p.start AS start, p.end AS end ORDER BY key")
    assert [(p["key"], p["start"] and p["start"].to_native(), p["end"].to_native()) for p in periods] == [
        ("duration:2024-01-01/2024-12-31", date(2024, 1, 1), date(2024, 12, 31)),
        ("duration:2025-01-01/2025-12-31", date(2025, 1, 1), date(2025, 12, 31)),
        ("instant:2024-12-31", None, date(2024, 12, 31)),
        ("instant:2025-12-31", None, date(2025, 12, 31)),
    ]
    # the fact in the second context id sits in the same logical context
    same = q(
        sample,
        """MATCH (a:Fact {fact_id: 'f-is-23'})-[:IN_CONTEXT]->(c)<-[:IN_CONTEXT]-(b:Fact {fact_id: 'f-is-25'})
                        RETURN b.context_id AS cid""",
    )
    assert same == [{"cid": "FY2025_dup"}]


def test_units_and_dimensions(sample: Graph):
    units = q(sample, "MATCH (u:Unit) RETURN properties(u) AS p")
    assert [u["p"] for u in units] == [
        {"key": "iso4217:USD", "numerators": ["iso4217:USD"], "denominators": [], "is_ratio": False}
    ]
    assert q(sample, "MATCH (f:Fact)-[:IN_UNIT]->(:Unit {key: 'iso4217:USD'}) RETURN count(f) AS n")[0]["n"] == 58
    axes = q(
        sample,
        """MATCH (c:Context)-[r:ON_AXIS]->(a:Concept)
                        RETURN a.key AS axis, r.member AS member, r.typed_value AS typed ORDER BY axis, member""",
    )
    assert axes == [
        {"axis": GAAP + "StatementBusinessSegmentsAxis", "member": "smpl:GadgetsSegmentMember", "typed": None},
        {"axis": GAAP + "StatementBusinessSegmentsAxis", "member": "smpl:WidgetsSegmentMember", "typed": None},
        {"axis": SMPL + "ContractIdentifierAxis", "member": None, "typed": "C-1001"},
    ]
    members = q(sample, "MATCH (c:Context)-[r:HAS_MEMBER]->(m:Extension) RETURN m.qname AS m, r.axis AS axis ORDER BY m")
    assert members == [
        {"m": "smpl:GadgetsSegmentMember", "axis": "us-gaap:StatementBusinessSegmentsAxis"},
        {"m": "smpl:WidgetsSegmentMember", "axis": "us-gaap:StatementBusinessSegmentsAxis"},
    ]


def test_extension_concepts_are_kept_with_properties_and_labels(sample: Graph):
    ext = q(
        sample,
        """MATCH (:Filing {id: $id})-[:DEFINES]->(c:Concept:Extension)
                       RETURN c.key AS key, c.balance AS balance, c.period_type AS pt, c.base_type AS base,
                              c.abstract AS abstract, c.label AS label, c.filing_id AS fid, c.year AS year ORDER BY key""",
        id=FID,
    )
    assert [(e["key"].removeprefix(SMPL), e["balance"], e["pt"], e["base"], e["abstract"], e["label"]) for e in ext] == [
        ("ContractBacklog", "credit", "instant", "monetary", False, "Contract backlog"),
        ("ContractIdentifierAxis", None, "duration", "string", True, "Contract Identifier [Axis]"),
        ("GadgetsSegmentMember", None, "duration", "string", True, "Gadgets [Member]"),
        ("LegalSettlementAccrual", "credit", "instant", "monetary", False, "Legal settlement accrual"),
        ("SellingAndAdministrativeExpense", "debit", "duration", "monetary", False, "Selling and administrative expense"),
        ("WidgetWarrantyExpense", "debit", "duration", "monetary", False, "Widget warranty expense"),
        ("WidgetsSegmentMember", None, "duration", "string", True, "Widgets [Member]"),
    ]
    assert {(e["fid"], e["year"]) for e in ext} == {(FID, None)}
    terse = q(
        sample,
        "MATCH (c:Extension)-[:HAS_LABEL]->(l:Label {role_name: 'terseLabel'}) RETURN c.qname AS c, l.text AS t, l.lang AS lang",
    )
    assert terse == [{"c": "smpl:WidgetWarrantyExpense", "t": "Warranty", "lang": "en-US"}]


def test_filer_labels_are_the_filings_own_not_the_taxonomys(sample: Graph):
    """FILER_LABEL holds the 8 labels of smpl-20251231_lab.xml; the 56 of the sample taxonomy's label
    linkbase, which the DTS also loads, stay out."""
    rows = q(
        sample,
        """MATCH (f:Filing {id: $id})-[l:FILER_LABEL]->(c:Concept)
                        RETURN c.qname AS c, l.role_name AS role, l.lang AS lang, l.text AS t, f.filer_labels AS n
                        ORDER BY c, role""",
        id=FID,
    )
    assert [(r["c"], r["role"], r["lang"], r["t"]) for r in rows] == [
        ("smpl:ContractBacklog", "label", "en-US", "Contract backlog"),
        ("smpl:ContractIdentifierAxis", "label", "en-US", "Contract Identifier [Axis]"),
        ("smpl:GadgetsSegmentMember", "label", "en-US", "Gadgets [Member]"),
        ("smpl:LegalSettlementAccrual", "label", "en-US", "Legal settlement accrual"),
        ("smpl:SellingAndAdministrativeExpense", "label", "en-US", "Selling and administrative expense"),
        ("smpl:WidgetWarrantyExpense", "label", "en-US", "Widget warranty expense"),
        ("smpl:WidgetWarrantyExpense", "terseLabel", "en-US", "Warranty"),
        ("smpl:WidgetsSegmentMember", "label", "en-US", "Widgets [Member]"),
    ]
    assert {r["n"] for r in rows} == {8}


def test_the_filings_own_networks_carry_its_id_as_owner(sample: Graph):
    calc = q(
        sample,
        """MATCH (p:Concept)-[r:CALC {owner: $id}]->(c:Concept)
                        WHERE p.qname = 'us-gaap:OperatingExpenses' RETURN c.qname AS child, r.weight AS w, r.order AS o, r.role AS role
                        ORDER BY o""",
        id=FID,
    )
    assert calc == [
        {
            "child": "smpl:SellingAndAdministrativeExpense",
            "w": 1.0,
            "o": 1.0,
            "role": "https://auditgraph.example/sample/2025/role/IncomeStatement",
        },
        {
            "child": "smpl:WidgetWarrantyExpense",
            "w": 1.0,
            "o": 2.0,
            "role": "https://auditgraph.example/sample/2025/role/IncomeStatement",
        },
    ]
    counts = q(sample, """MATCH ()-[r]->() WHERE r.owner = $id RETURN type(r) AS t, count(*) AS n ORDER BY t""", id=FID)
    assert {c["t"]: c["n"] for c in counts}["CALC"] == 23  # 21 from the imported sample DTS + the 2 of the filing
    roles = q(sample, "MATCH (:Filing {id: $id})-[:HAS_ROLE]->(r:Role) RETURN r.definition AS d ORDER BY d", id=FID)
    assert [r["d"] for r in roles] == [
        "100000 - Statement - Balance Sheet",
        "200000 - Statement - Income Statement",
        "300000 - Statement - Statement of Cash Flows",
    ]
    members = q(
        sample,
        """MATCH (d:Concept {key: $dom})-[r:DEF {owner: $id, arc: 'domain-member'}]->(m)
                           RETURN m.qname AS m ORDER BY m""",
        id=FID,
        dom=GAAP + "SegmentDomain",
    )
    assert [m["m"] for m in members] == [
        "smpl:GadgetsSegmentMember",
        "smpl:WidgetsSegmentMember",
        "us-gaap:CorporateNonSegmentMember",
        "us-gaap:IntersegmentEliminationMember",
        "us-gaap:OperatingSegmentsMember",
    ]


def test_duplicates_and_bridge_edges_to_placeholders(sample: Graph):
    dup = q(
        sample,
        """MATCH (a:Fact)-[d:DUPLICATE_OF]->(b:Fact)
                       RETURN a.fact_id AS a, b.fact_id AS b, d.kind AS kind, a.duplicate_group = b.duplicate_group AS same""",
    )
    assert dup == [{"a": "f-is-25", "b": "f-is-23", "kind": "complete", "same": True}]
    # no release is loaded: every us-gaap/dei fact bridges to a placeholder of its namespace year
    bridged = q(
        sample,
        """MATCH (f:Fact {filing_id: $id})-[:REPORTS]->(c:Concept)
                           RETURN CASE WHEN c:Placeholder THEN 'placeholder' WHEN c:Extension THEN 'extension' END AS kind,
                                  c.year AS year, count(f) AS n ORDER BY kind, year""",
        id=FID,
    )
    assert bridged == [{"kind": "extension", "year": None, "n": 6}, {"kind": "placeholder", "year": 2025, "n": 60}]
    assert q(sample, "MATCH (f:Fact) WHERE NOT EXISTS { (f)-[:REPORTS]->() } RETURN count(f) AS n")[0]["n"] == 0
    assert q(sample, "MATCH (:Filing)-[r:USES_RELEASE]->() RETURN count(r) AS n")[0]["n"] == 0
