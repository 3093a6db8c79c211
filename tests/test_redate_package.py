"""scripts/redate_package.py: a FASB/SEC package moved to another release year (for the six-year
benchmark), on tiny packages written here and on ../shared/taxonomies."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from auditgraph.graph import Graph
from auditgraph.loader.packages import read_package
from auditgraph.loader.taxonomy import load_taxonomies

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts" / "redate_package.py"
XSD_NS = (
    "xmlns:xs='http://www.w3.org/2001/XMLSchema' xmlns:xbrli='http://www.xbrl.org/2003/instance' "
    "xmlns:link='http://www.xbrl.org/2003/linkbase' xmlns:xlink='http://www.w3.org/1999/xlink'"
)
XBRLI_IMPORT = "<xs:import namespace='http://www.xbrl.org/2003/instance' schemaLocation='http://www.xbrl.org/2003/xbrl-instance-2003-12-31.xsd'/>"


@pytest.fixture(autouse=True)
def own_config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path / "config"))


def _zip(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return path


def _manifest(identifier: str, name: str, entry: str) -> str:
    return (
        f"<?xml version='1.0' encoding='UTF-8'?>\n<tp:taxonomyPackage xmlns:tp='http://xbrl.org/2016/taxonomy-package' "
        f"xml:lang='en-US'><tp:identifier>{identifier}</tp:identifier><tp:name>{name}</tp:name>"
        "<tp:description>A tiny package written by the auditgraph tests for the 2025 release.</tp:description>"
        "<tp:version>2025</tp:version><tp:publicationDate>2025-01-31</tp:publicationDate><tp:entryPoints><tp:entryPoint>"
        f"<tp:name>all</tp:name><tp:entryPointDocument href='{entry}'/></tp:entryPoint></tp:entryPoints></tp:taxonomyPackage>"
    )


def _catalog(*rewrites: tuple[str, str]) -> str:
    rules = "".join(
        f"<rewriteURI rewritePrefix='{prefix}' uriStartString='{scheme}://{url}'/>"
        for url, prefix in rewrites
        for scheme in ("https", "http")
    )
    return (
        f"<?xml version='1.0' encoding='UTF-8'?>\n<catalog xmlns='urn:oasis:names:tc:entity:xmlns:xml:catalog'>{rules}</catalog>"
    )


def _item(name: str, balance: str = "debit") -> str:
    return (
        f"<xs:element id='us-gaap_{name}' name='{name}' type='xbrli:monetaryItemType' substitutionGroup='xbrli:item' "
        f"xbrli:periodType='instant' xbrli:balance='{balance}' nillable='true'/>"
    )


def tiny_gaap_2025(folder: Path) -> Path:
    """us-gaap-2025.zip in the FASB layout: an entry point importing the element schema by URL, a calculation
    linkbase found by relative path, and a concept whose name holds the year (content, must not move)."""
    top = "us-gaap-2025"
    schema = (
        f"<?xml version='1.0' encoding='UTF-8'?>\n<!-- us-gaap-2025.xsd, tiny test copy; (c) 2010-2025 nobody -->\n"
        f"<xs:schema {XSD_NS} xmlns:us-gaap='http://fasb.org/us-gaap/2025' targetNamespace='http://fasb.org/us-gaap/2025' "
        f"elementFormDefault='qualified'>{XBRLI_IMPORT}"
        + _item("Assets")
        + _item("AssetsCurrent")
        + _item("AssetsNoncurrent")
        + "<xs:element id='us-gaap_TaxYear2025Member' name='TaxYear2025Member' type='xbrli:stringItemType' "
        "substitutionGroup='xbrli:item' xbrli:periodType='duration' abstract='true' nillable='true'/></xs:schema>"
    )
    arcs = "".join(
        f"<link:loc xlink:type='locator' xlink:href='us-gaap-2025.xsd#us-gaap_{n}' xlink:label='{n}'/>"
        for n in ("Assets", "AssetsCurrent", "AssetsNoncurrent")
    ) + "".join(
        f"<link:calculationArc xlink:type='arc' xlink:arcrole='http://www.xbrl.org/2003/arcrole/summation-item' "
        f"xlink:from='Assets' xlink:to='{n}' order='{i}' weight='1'/>"
        for i, n in enumerate(("AssetsCurrent", "AssetsNoncurrent"), 1)
    )
    cal = (
        f"<?xml version='1.0' encoding='UTF-8'?>\n<link:linkbase {XSD_NS}><link:calculationLink xlink:type='extended' "
        f"xlink:role='http://www.xbrl.org/2003/role/link'>{arcs}</link:calculationLink></link:linkbase>"
    )
    entry = (
        f"<?xml version='1.0' encoding='UTF-8'?>\n<xs:schema {XSD_NS} targetNamespace='http://fasb.org/us-gaap-all/2025'>"
        "<xs:annotation><xs:appinfo><link:linkbaseRef xlink:type='simple' xlink:href='../elts/us-gaap-cal-2025.xml' "
        "xlink:role='http://www.xbrl.org/2003/role/calculationLinkbaseRef' xlink:arcrole='http://www.w3.org/1999/xlink/properties/linkbase'/>"
        "</xs:appinfo></xs:annotation><xs:import namespace='http://fasb.org/us-gaap/2025' "
        "schemaLocation='https://xbrl.fasb.org/us-gaap/2025/elts/us-gaap-2025.xsd'/></xs:schema>"
    )
    return _zip(
        folder / f"{top}.zip",
        {
            f"{top}/META-INF/taxonomyPackage.xml": _manifest(
                "http://xbrl.fasb.org/us-gaap/2025",
                "tiny us-gaap 2025",
                "https://xbrl.fasb.org/us-gaap/2025/entire/us-gaap-entryPoint-all-2025.xsd",
            ),
            f"{top}/META-INF/catalog.xml": _catalog(("xbrl.fasb.org/us-gaap/2025/", "../")),
            f"{top}/entire/us-gaap-entryPoint-all-2025.xsd": entry,
            f"{top}/elts/us-gaap-2025.xsd": schema,
            f"{top}/elts/us-gaap-cal-2025.xml": cal,
        },
    )


def tiny_sec_2025(folder: Path) -> Path:
    """sec-2025.zip as `taxonomy fetch` packs the SEC's files: one folder per taxonomy and year."""
    schema = (
        f"<?xml version='1.0' encoding='UTF-8'?>\n<xs:schema {XSD_NS} xmlns:dei='http://xbrl.sec.gov/dei/2025' "
        f"targetNamespace='http://xbrl.sec.gov/dei/2025' elementFormDefault='qualified'>{XBRLI_IMPORT}"
        "<xs:element id='dei_EntityRegistrantName' name='EntityRegistrantName' type='xbrli:stringItemType' "
        "substitutionGroup='xbrli:item' xbrli:periodType='duration' nillable='true'/></xs:schema>"
    )
    return _zip(
        folder / "sec-2025.zip",
        {
            "sec-2025/META-INF/taxonomyPackage.xml": _manifest(
                "http://xbrl.sec.gov/auditgraph-test/2025", "tiny sec 2025", "https://xbrl.sec.gov/dei/2025/dei-2025.xsd"
            ),
            "sec-2025/META-INF/catalog.xml": _catalog(("xbrl.sec.gov/dei/2025/", "../dei/2025/")),
            "sec-2025/dei/2025/dei-2025.xsd": schema,
        },
    )


def redate_all(sources: list[Path], year: int, out: Path) -> list[Path]:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *map(str, sources), "--year", str(year), "--out", str(out)],
        capture_output=True,
        text=True,
        check=True,
    )
    return [Path(line) for line in done.stdout.splitlines()]


def redate(src: Path, year: int, out: Path) -> Path:
    [copy] = redate_all([src], year, out)
    return copy


def members(path: Path) -> dict[str, str]:
    with zipfile.ZipFile(path) as zf:
        return {n: zf.read(n).decode() for n in zf.namelist()}


def test_fasb_2021_takes_the_dated_names(tmp_path: Path):
    copy = redate(tiny_gaap_2025(tmp_path), 2021, tmp_path / "out")
    assert copy == tmp_path / "out" / "us-gaap-2021-01-31.zip"
    files = members(copy)
    assert sorted(files) == [
        "us-gaap-2021-01-31/META-INF/catalog.xml",
        "us-gaap-2021-01-31/META-INF/taxonomyPackage.xml",
        "us-gaap-2021-01-31/elts/us-gaap-2021-01-31.xsd",
        "us-gaap-2021-01-31/elts/us-gaap-cal-2021-01-31.xml",
        "us-gaap-2021-01-31/entire/us-gaap-entryPoint-all-2021-01-31.xsd",
    ]
    schema = files["us-gaap-2021-01-31/elts/us-gaap-2021-01-31.xsd"]
    assert "targetNamespace='http://fasb.org/us-gaap/2021-01-31'" in schema
    assert "name='TaxYear2025Member'" in schema and "(c) 2010-2025" in schema  # content, not a release name
    entry = files["us-gaap-2021-01-31/entire/us-gaap-entryPoint-all-2021-01-31.xsd"]
    # the URL folder is the bare year, the file name the dated form, as FASB published 2021
    assert "schemaLocation='https://xbrl.fasb.org/us-gaap/2021/elts/us-gaap-2021-01-31.xsd'" in entry
    assert "xlink:href='../elts/us-gaap-cal-2021-01-31.xml'" in entry
    assert "targetNamespace='http://fasb.org/us-gaap-all/2021-01-31'" in entry
    assert (
        "xlink:href='us-gaap-2021-01-31.xsd#us-gaap_AssetsCurrent'" in files["us-gaap-2021-01-31/elts/us-gaap-cal-2021-01-31.xml"]
    )
    assert "uriStartString='https://xbrl.fasb.org/us-gaap/2021/'" in files["us-gaap-2021-01-31/META-INF/catalog.xml"]
    pkg = read_package(copy)
    assert (pkg.year, pkg.identifier, pkg.entry_points) == (
        2021,
        "http://xbrl.fasb.org/us-gaap/2021",
        ("https://xbrl.fasb.org/us-gaap/2021/entire/us-gaap-entryPoint-all-2021-01-31.xsd",),
    )
    manifest = files["us-gaap-2021-01-31/META-INF/taxonomyPackage.xml"]
    assert "<tp:name>tiny us-gaap 2021 (synthetic re-dating of us-gaap-2025.zip)</tp:name>" in manifest
    assert (
        "<tp:description>SYNTHETIC RE-DATING, not an official release: us-gaap-2025.zip (tiny us-gaap 2025, identifier "
        "http://xbrl.fasb.org/us-gaap/2025, sha256 "
    ) in manifest
    assert "<tp:publicationDate>2021-01-31</tp:publicationDate>" in manifest and "<tp:version>2021</tp:version>" in manifest


def test_2026_and_sec_packages_keep_the_bare_year(tmp_path: Path):
    gaap = members(redate(tiny_gaap_2025(tmp_path), 2026, tmp_path / "out"))
    assert "us-gaap-2026/elts/us-gaap-2026.xsd" in gaap
    assert (
        "https://xbrl.fasb.org/us-gaap/2026/elts/us-gaap-2026.xsd" in gaap["us-gaap-2026/entire/us-gaap-entryPoint-all-2026.xsd"]
    )
    sec = redate(tiny_sec_2025(tmp_path), 2021, tmp_path / "out")
    files = members(sec)
    assert sec.name == "sec-2021.zip"
    assert sorted(files) == [
        "sec-2021/META-INF/catalog.xml",
        "sec-2021/META-INF/taxonomyPackage.xml",
        "sec-2021/dei/2021/dei-2021.xsd",
    ]
    assert "targetNamespace='http://xbrl.sec.gov/dei/2021'" in files["sec-2021/dei/2021/dei-2021.xsd"]
    assert (
        "<rewriteURI rewritePrefix='../dei/2021/' uriStartString='https://xbrl.sec.gov/dei/2021/'/>"
        in files["sec-2021/META-INF/catalog.xml"]
    )
    assert read_package(sec).entry_points == ("https://xbrl.sec.gov/dei/2021/dei-2021.xsd",)


def test_refuses_what_it_cannot_redate(tmp_path: Path):
    src = tiny_gaap_2025(tmp_path)
    for args, message in [
        ([str(src), "--year", "2019"], "--year 2019: auditgraph models taxonomy years 2021-2026"),
        ([str(src), "--year", "2025"], f"{src}: already a 2025 package; pass another --year"),
        ([str(tmp_path / "nope.zip"), "--year", "2021"], "nope.zip: no such file"),
    ]:
        done = subprocess.run(
            [sys.executable, str(SCRIPT), *args, "--out", str(tmp_path / "out")], capture_output=True, text=True
        )
        assert done.returncode == 1 and message in done.stderr and done.stdout == ""
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_redated_years_load_side_by_side(graph: Graph, tmp_path: Path):
    src = tiny_gaap_2025(tmp_path)
    packages = [
        redate(src, 2021, tmp_path / "out"),
        src,
        redate(src, 2026, tmp_path / "out"),
        redate(tiny_sec_2025(tmp_path), 2021, tmp_path / "out"),
    ]
    load_taxonomies(graph, packages)
    releases = graph.read("taxonomy.releases")
    assert [(r["key"], r["status"], r["concepts"], r["relationships"]) for r in releases] == [
        ("dei/2021", "loaded", 1, 0),
        ("us-gaap/2021", "loaded", 4, 2),
        ("us-gaap/2025", "loaded", 4, 2),
        ("us-gaap/2026", "loaded", 4, 2),
    ]
    records, _, _ = graph.driver.execute_query(
        "MATCH (a:Concept)-[r:CALC]->(b:Concept) RETURN a.key AS parent, b.name AS child, a.year AS year, r.weight AS w "
        "ORDER BY year, r.order"
    )
    assert [tuple(r.values()) for r in records] == [
        ("http://fasb.org/us-gaap/2021-01-31#Assets", "AssetsCurrent", 2021, 1.0),
        ("http://fasb.org/us-gaap/2021-01-31#Assets", "AssetsNoncurrent", 2021, 1.0),
        ("http://fasb.org/us-gaap/2025#Assets", "AssetsCurrent", 2025, 1.0),
        ("http://fasb.org/us-gaap/2025#Assets", "AssetsNoncurrent", 2025, 1.0),
        ("http://fasb.org/us-gaap/2026#Assets", "AssetsCurrent", 2026, 1.0),
        ("http://fasb.org/us-gaap/2026#Assets", "AssetsNoncurrent", 2026, 1.0),
    ]


def test_shared_2022_packages_redated_to_2021_load_like_their_source(graph: Graph, shared_dir: Path, tmp_path: Path):
    """The re-dating moves names, not content: the 2021 copies hold exactly the 2022 packages' graph."""
    tax = shared_dir / "taxonomies"
    sources = [tax / f"{name}-2022.zip" for name in ("sec", "srt", "us-gaap")]
    copies = redate_all(sources, 2021, tmp_path / "out")
    assert [p.name for p in copies] == ["sec-2021.zip", "srt-2021-01-31.zip", "us-gaap-2021-01-31.zip"]
    load_taxonomies(graph, sources + copies)
    sizes = {
        (r["taxonomy"], r["year"]): (r["concepts"], r["relationships"], r["labels"]) for r in graph.read("taxonomy.releases")
    }
    assert {t for t, y in sizes if y == 2021} == {t for t, y in sizes if y == 2022} >= {"us-gaap", "srt", "dei"}
    for taxonomy, year in sizes:
        if year == 2021:
            assert sizes[(taxonomy, 2021)] == sizes[(taxonomy, 2022)], taxonomy
    assert sizes[("us-gaap", 2021)][0] > 17_000
    records, _, _ = graph.driver.execute_query(
        "MATCH (c:Concept {name: 'Assets', year: 2021}) RETURN c.key AS key, c.release AS release"
    )
    assert [tuple(r.values()) for r in records] == [("http://fasb.org/us-gaap/2021-01-31#Assets", "us-gaap/2021")]
