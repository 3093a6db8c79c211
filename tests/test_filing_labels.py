"""The filer's words: FILER_LABEL edges hold the labels a filing's own label linkbase gives the
concepts it reports, read from real shared filings (an EDGAR _lab.xml, a xule-2025 taxonomy zip)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from auditgraph.config import Connection
from auditgraph.graph import Graph
from auditgraph.loader.filing import FilingLoader, LoadResult, delete_filing

NFLX = "edgar/nflx-10k-2023-12-31"
ADN = "xule-2025/ADN_FY_2023"
_LINK, _XLINK, _XML = (
    "{http://www.xbrl.org/2003/linkbase}",
    "{http://www.w3.org/1999/xlink}",
    "{http://www.w3.org/XML/1998/namespace}",
)


def q(graph: Graph, cypher: str, **params) -> list[dict]:
    records, _, _ = graph.driver.execute_query(cypher, params)
    return [r.data() for r in records]


def packages(shared: Path, year: int) -> list[Path]:
    return [shared / "taxonomies" / f"{t}-{year}.zip" for t in ("us-gaap", "srt", "sec")]


def _concept_of(href: str) -> str:
    """`us-gaap:NetIncomeLoss` for a standard schema's `…/us-gaap-2023.xsd#us-gaap_NetIncomeLoss`,
    `ext:Inventories` for the filing's own `ADN-20251231.xsd#adn_Inventories` (ids are `{prefix}_{name}`)."""
    doc, fragment = href.split("#", 1)
    prefix, name = fragment.split("_", 1)
    return f"{prefix}:{name}" if doc.startswith("http") else f"ext:{name}"


def linkbase_labels(xml: bytes) -> set[tuple[str, str, str, str]]:
    """(concept, role, lang, text) of every English non-documentation label, read with
    ElementTree, not Arelle: the independent count the loader must match."""
    out = set()
    for link in ET.fromstring(xml).iter(_LINK + "labelLink"):
        locs = {loc.get(_XLINK + "label"): _concept_of(loc.get(_XLINK + "href")) for loc in link.iter(_LINK + "loc")}
        resources: dict[str, list[ET.Element]] = {}
        for res in link.iter(_LINK + "label"):
            resources.setdefault(res.get(_XLINK + "label"), []).append(res)
        for arc in link.iter(_LINK + "labelArc"):
            assert arc.get("use") != "prohibited"  # none in these files: no prohibition logic needed here
            for res in resources[arc.get(_XLINK + "to")]:
                role, lang, text = res.get(_XLINK + "role"), res.get(_XML + "lang"), (res.text or "").strip()
                if not role.endswith("/documentation") and lang.lower().split("-")[0] == "en" and text:
                    out.add((locs[arc.get(_XLINK + "from")], role, lang, text))
    return out


def expected_labels(graph: Graph, filing_id: str, xml: bytes) -> set[tuple[str, str, str, str]]:
    """The linkbase's labels of the concepts the filing's facts report, its contexts name, or it defines."""
    named = q(
        graph,
        """MATCH (fl:Filing {id: $id})
                        CALL (fl) {
                          MATCH (fl)-[:HAS_FACT]->()-[:REPORTS]->(c) RETURN c
                          UNION MATCH (fl)-[:HAS_CONTEXT]->()-[:ON_AXIS|HAS_MEMBER]->(c) RETURN c
                          UNION MATCH (fl)-[:DEFINES]->(c) RETURN c
                        }
                        RETURN collect(DISTINCT CASE WHEN c:Extension THEN 'ext:' + c.name ELSE c.qname END) AS ids""",
        id=filing_id,
    )[0]["ids"]
    return {row for row in linkbase_labels(xml) if row[0] in set(named)}


def filer_labels(graph: Graph, filing_id: str) -> list[tuple[str, str, str, str]]:
    rows = q(
        graph,
        """MATCH (:Filing {id: $id})-[l:FILER_LABEL]->(c:Concept)
                       RETURN CASE WHEN c:Extension THEN 'ext:' + c.name ELSE c.qname END AS c,
                              l.role AS role, l.lang AS lang, l.text AS t""",
        id=filing_id,
    )
    return sorted((r["c"], r["role"], r["lang"], r["t"]) for r in rows)


@pytest.fixture(scope="module")
def nflx(neo4j_connection: Connection, shared_dir: Path) -> Iterator[tuple[Graph, FilingLoader, LoadResult]]:
    """Netflix's 10-K for 2023 (XBRL instance, nflx-20231231_lab.xml) loaded with the 2023 packages."""
    g = Graph(neo4j_connection)
    g.write("db.wipe")
    g.run_script("schema.constraints")
    loader = FilingLoader(g, packages(shared_dir, 2023))
    result = loader.load(shared_dir / "filings" / NFLX)
    assert result.status == "loaded"
    try:
        yield g, loader, result
    finally:
        loader.close()
        g.close()


def test_nflx_statement_words_are_its_own_labels(nflx):
    graph, _, res = nflx
    rows = q(
        graph,
        """MATCH (:Filing {id: $id})-[l:FILER_LABEL]->(c:Concept)
                       WHERE c.qname IN ['us-gaap:NetIncomeLoss', 'us-gaap:Revenues', 'us-gaap:OperatingIncomeLoss',
                                         'us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents']
                       RETURN c.qname AS c, c.key AS key, l.role_name AS role, l.lang AS lang, l.text AS t ORDER BY c, role""",
        id=res.id,
    )
    assert [(r["c"], r["role"], r["t"]) for r in rows] == [
        (
            "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents",
            "label",
            "Cash, Cash Equivalents, Restricted Cash, and Restricted Cash Equivalents",
        ),
        (
            "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents",
            "periodEndLabel",
            "Cash, cash equivalents and restricted cash, end of year",
        ),
        (
            "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents",
            "periodStartLabel",
            "Cash, cash equivalents and restricted cash, beginning of year",
        ),
        ("us-gaap:NetIncomeLoss", "label", "Net Income (Loss)"),
        ("us-gaap:NetIncomeLoss", "terseLabel", "Net Income (Loss)"),
        ("us-gaap:NetIncomeLoss", "totalLabel", "Net income"),
        ("us-gaap:NetIncomeLoss", "verboseLabel", "Net income"),
        ("us-gaap:OperatingIncomeLoss", "label", "Operating Income (Loss)"),
        ("us-gaap:OperatingIncomeLoss", "totalLabel", "Operating income"),
        ("us-gaap:Revenues", "label", "Revenues"),
        ("us-gaap:Revenues", "terseLabel", "Revenues"),
    ]
    assert {r["lang"] for r in rows} == {"en-US"}
    # the edge ends where the facts' bridge does: the us-gaap 2023 concept (a placeholder here)
    assert {r["key"] for r in rows if r["c"] == "us-gaap:NetIncomeLoss"} == {"http://fasb.org/us-gaap/2023#NetIncomeLoss"}
    same = q(
        graph,
        """MATCH (fl:Filing {id: $id})-[:FILER_LABEL]->(c:Concept {qname: 'us-gaap:NetIncomeLoss'})
                       RETURN DISTINCT EXISTS { (fl)-[:HAS_FACT]->()-[:REPORTS]->(c) } AS bridged""",
        id=res.id,
    )
    assert same == [{"bridged": True}]


def test_nflx_every_label_of_its_linkbase_for_what_it_reports_and_nothing_else(nflx, shared_dir: Path):
    graph, _, res = nflx
    xml = (shared_dir / "filings" / NFLX / "nflx-20231231_lab.xml").read_bytes()
    got = filer_labels(graph, res.id)
    assert len(got) == len(set(got))  # one edge per (concept, role, lang, text)
    assert set(got) == expected_labels(graph, res.id, xml)
    assert not [g for g in got if g[1].endswith("/documentation")]
    count = q(graph, "MATCH (f:Filing {id: $id}) RETURN f.filer_labels AS n", id=res.id)[0]["n"]
    assert count == res.filer_labels == len(got) == 987
    # an extension concept keeps its HAS_LABEL labels and gets the same words as FILER_LABEL edges
    ext = q(
        graph,
        """MATCH (fl:Filing {id: $id})-[:DEFINES]->(e:Extension)
                      RETURN e.qname AS c, [(e)-[:HAS_LABEL]->(l) WHERE l.role_name <> 'documentation' | l.text] AS own,
                             [(fl)-[r:FILER_LABEL]->(e) | r.text] AS filer""",
        id=res.id,
    )
    assert ext and all(sorted(e["own"]) == sorted(e["filer"]) for e in ext)
    assert sum(len(e["filer"]) for e in ext) > len(ext)


def test_label_candidates_return_the_filers_words(nflx):
    graph, _, res = nflx
    rows = {r["qname"]: r for r in graph.read("verify.label_candidates", filing_id=res.id)}
    assert rows["us-gaap:NetIncomeLoss"]["filer_labels"] == [
        {"role_name": "label", "text": "Net Income (Loss)"},
        {"role_name": "terseLabel", "text": "Net Income (Loss)"},
        {"role_name": "totalLabel", "text": "Net income"},
        {"role_name": "verboseLabel", "text": "Net income"},
    ]
    assert {"role_name": "totalLabel", "text": "Net cash provided by operating activities"} in rows[
        "us-gaap:NetCashProvidedByUsedInOperatingActivities"
    ]["filer_labels"]
    assert set(rows["us-gaap:Revenues"]) == {"qname", "key", "label", "labels", "filer_labels"}
    # text-only concepts (dei cover page) are not candidates
    assert "dei:EntityRegistrantName" not in rows


def test_nflx_reload_gives_the_same_labels(nflx, shared_dir: Path):
    graph, loader, res = nflx
    before = filer_labels(graph, res.id)
    again = loader.load(shared_dir / "filings" / NFLX, force=True)
    assert (again.status, again.filer_labels) == ("replaced", res.filer_labels)
    assert filer_labels(graph, res.id) == before
    assert q(graph, "MATCH ()-[l:FILER_LABEL]->() RETURN count(l) AS n")[0]["n"] == len(before)


def test_xule_2025_labels_come_from_its_taxonomy_zip(graph: Graph, shared_dir: Path):
    folder = shared_dir / "filings" / ADN
    with FilingLoader(graph, packages(shared_dir, 2025)) as loader:
        res = loader.load(folder)
    assert (res.id, res.status) == ("ADN_FY_2023", "loaded")
    rows = q(
        graph,
        """MATCH (:Filing {id: 'ADN_FY_2023'})-[l:FILER_LABEL]->(c:Concept)
                       WHERE c.qname IN ['us-gaap:NetIncomeLoss', 'us-gaap:Assets', 'us-gaap:StockholdersEquity']
                       RETURN c.qname AS c, l.role_name AS role, l.text AS t ORDER BY c, role""",
    )
    assert [(r["c"], r["role"], r["t"]) for r in rows] == [
        ("us-gaap:Assets", "label", "Assets [Default Label]"),
        ("us-gaap:Assets", "totalLabel", "Total assets"),
        ("us-gaap:NetIncomeLoss", "label", "Net loss"),
        ("us-gaap:NetIncomeLoss", "terseLabel", "Net Income (Loss) Attributable to Parent"),
        ("us-gaap:NetIncomeLoss", "totalLabel", "Net loss"),
        ("us-gaap:NetIncomeLoss", "verboseLabel", "Net loss for the year"),
        ("us-gaap:StockholdersEquity", "label", "Equity, Attributable to Parent"),
        ("us-gaap:StockholdersEquity", "periodEndLabel", "Ending balance, value"),
        ("us-gaap:StockholdersEquity", "periodStartLabel", "Beginning balance, value"),
        ("us-gaap:StockholdersEquity", "totalLabel", "Total stockholders’ equity"),
    ]
    with zipfile.ZipFile(folder / "ADN_taxonomy_FY_2023_2025.zip") as z:
        xml = z.read("ADN_taxonomy_FY_2023_2025/ADN-20251231_lab.xml")
    got = filer_labels(graph, "ADN_FY_2023")
    assert set(got) == expected_labels(graph, "ADN_FY_2023", xml) and len(got) == res.filer_labels > 0
    # deleting the filing removes its words with it
    assert delete_filing(graph, "ADN_FY_2023") is True
    assert q(graph, "MATCH ()-[l:FILER_LABEL]->() RETURN count(l) AS n")[0]["n"] == 0
