"""`auditgraph taxonomy fetch`: FASB package URLs per year, and the SEC taxonomies crawled from a
local stand-in for xbrl.sec.gov into one taxonomy package that `taxonomy load` reads offline."""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import shutil
import socket
import threading
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree

from auditgraph.cli import cli
from auditgraph.config import Connection
from auditgraph.errors import LoadError
from auditgraph.graph import Graph
from auditgraph.loader.fetch import _package_folders, _references, fasb_package_url, fetch_sec_package, sec_entry_points, sec_path
from auditgraph.loader.packages import read_package
from auditgraph.loader.taxonomy import load_taxonomies

SAMPLE = Path(str(files("auditgraph.sample") / "taxonomy"))
CAT = "{urn:oasis:names:tc:entity:xmlns:xml:catalog}"
TP = "{http://xbrl.org/2016/taxonomy-package}"


# ------------------------------------------------------------------ pure pieces
def test_fasb_urls_are_dated_through_2021():
    assert fasb_package_url("us-gaap", 2021) == "https://xbrl.fasb.org/us-gaap/2021/us-gaap-2021-01-31.zip"
    assert fasb_package_url("srt", 2021) == "https://xbrl.fasb.org/srt/2021/srt-2021-01-31.zip"
    assert fasb_package_url("us-gaap", 2022) == "https://xbrl.fasb.org/us-gaap/2022/us-gaap-2022.zip"
    assert fasb_package_url("srt", 2026, "http://mirror/fasb/") == "http://mirror/fasb/srt/2026/srt-2026.zip"


def test_sec_entry_points_per_year_start_with_dei():
    assert [t for t, _ in sec_entry_points(2022)] == ["dei", "country", "currency", "exch", "naics", "sic", "stpr"]
    entries = dict(sec_entry_points(2024))
    assert list(entries)[:3] == ["dei", "ecd", "cyd"]
    assert entries["dei"] == "https://xbrl.sec.gov/dei/2024/dei-2024.xsd"
    assert entries["exch"] == "https://xbrl.sec.gov/exch/2024/exch-entire-2024.xsd"


def test_sec_paths_keep_only_xbrl_sec_gov():
    assert sec_path("http://xbrl.sec.gov/dei/2024/dei-2024.xsd") == "dei/2024/dei-2024.xsd"
    assert sec_path("https://xbrl.sec.gov/dei/2024/sub/../dei-2024_lab.xml") == "dei/2024/dei-2024_lab.xml"
    assert sec_path("https://xbrl.fasb.org/us-gaap/2024/elts/us-gaap-2024.xsd") is None
    assert sec_path("https://www.xbrl.org/2003/xbrl-instance-2003-12-31.xsd") is None
    assert sec_path("https://xbrl.sec.gov/") is None
    assert _package_folders(["dei/2024/a.xsd", "dei/2024/lab/b.xml", "exch/2024/c.xsd"]) == ["dei/2024", "exch/2024"]


def test_references_follow_imports_includes_and_linkbases_under_the_sec_only():
    doc = b"""<xs:schema xmlns:xs='http://www.w3.org/2001/XMLSchema' xmlns:link='http://www.xbrl.org/2003/linkbase'
                 xmlns:xlink='http://www.w3.org/1999/xlink'>
      <xs:annotation><xs:appinfo>
        <link:linkbaseRef xlink:type='simple' xlink:href='x-2024_lab.xml'/>
      </xs:appinfo></xs:annotation>
      <xs:import namespace='i' schemaLocation='http://www.xbrl.org/2003/xbrl-instance-2003-12-31.xsd'/>
      <xs:import namespace='g' schemaLocation='https://xbrl.fasb.org/srt/2024/elts/srt-types-2024.xsd'/>
      <xs:import namespace='d' schemaLocation='http://xbrl.sec.gov/dei/2024/dei-2024.xsd'/>
      <xs:include schemaLocation='../2024/x-part.xsd#frag'/>
    </xs:schema>"""
    assert _references("https://xbrl.sec.gov/x/2024/x-2024.xsd", doc) == [
        "https://xbrl.sec.gov/x/2024/x-2024_lab.xml",
        "https://xbrl.sec.gov/dei/2024/dei-2024.xsd",
        "https://xbrl.sec.gov/x/2024/x-part.xsd",
    ]


# ------------------------------------------------------------------ a stand-in for xbrl.fasb.org and xbrl.sec.gov
@dataclass
class Site:
    url: str
    root: Path
    requests: list[str] = field(default_factory=list)


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    """An HTTP server on a temporary folder; `requests` lists the paths asked for."""
    root = tmp_path / "www"
    root.mkdir()
    seen: list[str] = []

    class Recording(http.server.SimpleHTTPRequestHandler):
        def do_GET(self) -> None:
            seen.append(self.path)
            super().do_GET()

        def log_message(self, *args) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Recording, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield Site(f"http://127.0.0.1:{server.server_port}", root, seen)
    server.shutdown()
    server.server_close()


XS_HEAD = (
    "<?xml version='1.0' encoding='UTF-8'?>\n<xs:schema xmlns:xs='http://www.w3.org/2001/XMLSchema' "
    "xmlns:xbrli='http://www.xbrl.org/2003/instance' xmlns:link='http://www.xbrl.org/2003/linkbase' "
    "xmlns:xlink='http://www.w3.org/1999/xlink' elementFormDefault='qualified' "
)
INSTANCE = "<xs:import namespace='http://www.xbrl.org/2003/instance' schemaLocation='http://www.xbrl.org/2003/xbrl-instance-2003-12-31.xsd'/>"


def _element(prefix: str, name: str, type_: str = "xbrli:stringItemType", abstract: bool = False) -> str:
    return (
        f"<xs:element id='{prefix}_{name}' name='{name}' type='{type_}' substitutionGroup='xbrli:item' "
        f"xbrli:periodType='duration' nillable='true' abstract='{str(abstract).lower()}'/>"
    )


def _label(name: str, text: str) -> str:
    return (
        f"<link:loc xlink:type='locator' xlink:href='dei-2024.xsd#dei_{name}' xlink:label='loc_{name}'/>"
        f"<link:label xlink:type='resource' xlink:label='lab_{name}' xlink:role='http://www.xbrl.org/2003/role/label' "
        f"xml:lang='en-US'>{text}</link:label>"
        f"<link:labelArc xlink:type='arc' xlink:arcrole='http://www.xbrl.org/2003/arcrole/concept-label' "
        f"xlink:from='loc_{name}' xlink:to='lab_{name}'/>"
    )


DEI_CONCEPTS = {
    "CoverAbstract": "Cover [Abstract]",
    "DocumentType": "Document Type",
    "EntityRegistrantName": "Entity Registrant Name",
    "EntityCentralIndexKey": "Entity Central Index Key",
    "AmendmentFlag": "Amendment Flag",
}

# The project's own SEC tree for 2024: dei (schema + label linkbase) and exch (an -entire- schema that
# imports the element schema by its absolute http:// URL); dei-sub is published but nothing refers to it.
TINY_SEC_2024 = {
    "dei/2024/dei-2024.xsd": XS_HEAD + "xmlns:dei='http://xbrl.sec.gov/dei/2024' targetNamespace='http://xbrl.sec.gov/dei/2024'>"
    "<xs:annotation><xs:appinfo><link:linkbaseRef xlink:type='simple' xlink:href='dei-2024_lab.xml' "
    "xlink:role='http://www.xbrl.org/2003/role/labelLinkbaseRef' xlink:arcrole='http://www.w3.org/1999/xlink/properties/linkbase'/>"
    "</xs:appinfo></xs:annotation>"
    + INSTANCE
    + _element("dei", "CoverAbstract", abstract=True)
    + "".join(_element("dei", n) for n in ("DocumentType", "EntityRegistrantName", "EntityCentralIndexKey"))
    + _element("dei", "AmendmentFlag", "xbrli:booleanItemType")
    + "</xs:schema>",
    "dei/2024/dei-2024_lab.xml": "<?xml version='1.0' encoding='UTF-8'?>\n<link:linkbase "
    "xmlns:link='http://www.xbrl.org/2003/linkbase' xmlns:xlink='http://www.w3.org/1999/xlink'>"
    "<link:labelLink xlink:type='extended' xlink:role='http://www.xbrl.org/2003/role/link'>"
    + "".join(_label(n, t) for n, t in DEI_CONCEPTS.items())
    + "</link:labelLink></link:linkbase>",
    "dei/2024/dei-sub-2024.xsd": XS_HEAD + "targetNamespace='http://xbrl.sec.gov/dei-sub/2024'/>",
    "exch/2024/exch-entire-2024.xsd": XS_HEAD + "targetNamespace='http://xbrl.sec.gov/exch-entire/2024'>"
    "<xs:import namespace='http://xbrl.sec.gov/exch/2024' schemaLocation='http://xbrl.sec.gov/exch/2024/exch-2024.xsd'/>"
    "</xs:schema>",
    "exch/2024/exch-2024.xsd": XS_HEAD
    + "xmlns:exch='http://xbrl.sec.gov/exch/2024' targetNamespace='http://xbrl.sec.gov/exch/2024'>"
    + INSTANCE
    + _element("exch", "XNYS", abstract=True)
    + _element("exch", "XNAS", abstract=True)
    + "</xs:schema>",
}


def _write_tree(root: Path, tree: dict[str, str]) -> None:
    for rel, text in tree.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


def _fetch(*args: str) -> object:
    return CliRunner().invoke(cli, ["taxonomy", "fetch", *args])


@pytest.fixture
def cli_env(neo4j_connection: Connection, monkeypatch, tmp_path: Path) -> CliRunner:
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    monkeypatch.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path / "config"))  # packages.json stays out of the user's
    if neo4j_connection.password:
        monkeypatch.setenv("NEO4J_PASSWORD", neo4j_connection.password)
    return CliRunner()


def test_fetch_packs_the_tiny_sec_tree_and_it_loads(site: Site, tmp_path: Path, graph: Graph, cli_env: CliRunner):
    _write_tree(site.root / "sec", TINY_SEC_2024)
    dest = tmp_path / "dl"
    res = _fetch("2024", "--taxonomy", "sec", "--url-base-sec", site.url + "/sec/", "--dest", str(dest))
    assert res.exit_code == 0, res.output
    target = dest / "sec-2024.zip"
    assert res.stdout.strip() == str(target)
    # every missing taxonomy of the year is named once, then skipped
    for tax in ("ecd", "cyd", "country", "currency", "naics", "sic", "stpr"):
        assert f"warning: {tax} 2024: not published ({site.url}/sec/{tax}/2024/" in res.stderr
    assert "sec-2024.zip: dei, exch (4 files)" in res.stderr
    assert sorted(p.name for p in dest.iterdir()) == ["sec-2024.zip"]  # no .part left

    with zipfile.ZipFile(target) as zf:
        assert zf.namelist() == [
            "sec-2024/META-INF/taxonomyPackage.xml",
            "sec-2024/META-INF/catalog.xml",
            "sec-2024/dei/2024/dei-2024.xsd",
            "sec-2024/dei/2024/dei-2024_lab.xml",
            "sec-2024/exch/2024/exch-entire-2024.xsd",
            "sec-2024/exch/2024/exch-2024.xsd",
        ]
        assert zf.read("sec-2024/dei/2024/dei-2024_lab.xml").decode() == TINY_SEC_2024["dei/2024/dei-2024_lab.xml"]
        catalog = etree.fromstring(zf.read("sec-2024/META-INF/catalog.xml"))
        manifest = etree.fromstring(zf.read("sec-2024/META-INF/taxonomyPackage.xml"))
    assert [(r.get("uriStartString"), r.get("rewritePrefix")) for r in catalog.iter(f"{CAT}rewriteURI")] == [
        ("https://xbrl.sec.gov/dei/2024/", "../dei/2024/"),
        ("http://xbrl.sec.gov/dei/2024/", "../dei/2024/"),
        ("https://xbrl.sec.gov/exch/2024/", "../exch/2024/"),
        ("http://xbrl.sec.gov/exch/2024/", "../exch/2024/"),
    ]
    assert [e.get("href") for e in manifest.iter(f"{TP}entryPointDocument")] == [
        "https://xbrl.sec.gov/dei/2024/dei-2024.xsd",
        "https://xbrl.sec.gov/exch/2024/exch-entire-2024.xsd",
    ]
    assert [n.text for n in manifest.iter(f"{TP}name")] == ["SEC taxonomies 2024", "dei 2024", "exch 2024"]
    info = read_package(target)
    assert (info.year, info.identifier) == (2024, "https://xbrl.sec.gov/auditgraph-fetch/2024")

    # a second fetch finds the package; a fetch elsewhere packs byte-identical content
    again = _fetch("2024", "--taxonomy", "sec", "--url-base-sec", site.url + "/sec", "--dest", str(dest))
    assert again.exit_code == 0 and f"{target}: already there" in again.stderr
    other = _fetch("2024", "--taxonomy", "sec", "--url-base-sec", site.url + "/sec", "--dest", str(tmp_path / "b"), "--quiet")
    assert other.exit_code == 0 and other.stderr == ""
    assert hashlib.sha256((tmp_path / "b" / "sec-2024.zip").read_bytes()).hexdigest() == info.content_hash

    loaded = cli_env.invoke(cli, ["taxonomy", "load", str(target), "--json"])
    assert loaded.exit_code == 0, loaded.output
    [out] = [json.loads(line) for line in loaded.stdout.splitlines()]
    assert out["skipped"] is None and out["warnings"] == []
    assert sorted((r["key"], r["concepts"], r["relationships"]) for r in out["releases"]) == [
        ("dei/2024", 5, 0),
        ("exch/2024", 2, 0),
    ]
    records, _, _ = graph.driver.execute_query(
        "MATCH (c:Concept)-[:HAS_LABEL]->(l:Label) WHERE c.namespace = 'http://xbrl.sec.gov/dei/2024' "
        "RETURN c.name AS name, l.text AS text ORDER BY name"
    )
    assert {r["name"]: r["text"] for r in records} == DEI_CONCEPTS
    records, _, _ = graph.driver.execute_query(
        "MATCH (c:Concept {name: 'AmendmentFlag'}) RETURN c.qname AS q, c.year AS y, c.abstract AS a"
    )
    assert [r.data() for r in records] == [{"q": "dei:AmendmentFlag", "y": 2024, "a": False}]


def test_a_missing_referenced_file_leaves_no_package(site: Site, tmp_path: Path):
    tree = dict(TINY_SEC_2024)
    del tree["dei/2024/dei-2024_lab.xml"]
    _write_tree(site.root, tree)
    dest = tmp_path / "dl"
    dest.mkdir()
    with pytest.raises(
        LoadError,
        match=rf"^{site.url}/dei/2024/dei-2024_lab.xml: not found \(HTTP 404\), yet "
        r"https://xbrl.sec.gov/dei/2024/dei-2024.xsd refers to it",
    ):
        fetch_sec_package(2024, dest, site.url)
    assert list(dest.iterdir()) == []


def test_a_network_failure_names_the_url(tmp_path: Path):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    res = _fetch("2024", "--taxonomy", "sec", "--url-base-sec", f"http://127.0.0.1:{port}", "--dest", str(tmp_path))
    assert isinstance(res.exception, LoadError)
    assert str(res.exception).startswith(f"http://127.0.0.1:{port}/dei/2024/dei-2024.xsd: download failed (")
    assert list(tmp_path.iterdir()) == []


def test_a_year_without_any_sec_taxonomy_is_an_error(site: Site, tmp_path: Path):
    res = _fetch("2023", "--taxonomy", "sec", "--url-base-sec", site.url, "--dest", str(tmp_path / "dl"), "--quiet")
    assert isinstance(res.exception, LoadError)
    assert str(res.exception).startswith(f"{site.url}: none of the SEC taxonomies of 2023 was found (dei, ecd, country,")
    assert list((tmp_path / "dl").iterdir()) == []


def test_fasb_2021_is_requested_under_its_dated_name(site: Site, tmp_path: Path):
    for tax in ("us-gaap", "srt"):  # the sample package stands in for both
        (site.root / "fasb" / tax / "2021").mkdir(parents=True)
        shutil.make_archive(str(site.root / "fasb" / tax / "2021" / f"{tax}-2021-01-31"), "zip", SAMPLE.parent, SAMPLE.name)
    _write_tree(site.root / "sec", {k.replace("2024", "2021"): v.replace("2024", "2021") for k, v in TINY_SEC_2024.items()})
    dest = tmp_path / "dl"
    res = _fetch("2021", "--url-base", site.url + "/fasb", "--url-base-sec", site.url + "/sec", "--dest", str(dest), "--quiet")
    assert res.exit_code == 0, res.output
    assert res.stdout.split() == [str(dest / n) for n in ("us-gaap-2021-01-31.zip", "srt-2021-01-31.zip", "sec-2021.zip")]
    assert site.requests[:2] == ["/fasb/us-gaap/2021/us-gaap-2021-01-31.zip", "/fasb/srt/2021/srt-2021-01-31.zip"]
    assert "/sec/dei/2021/dei-2021.xsd" in site.requests and "/sec/ecd/2021/ecd-2021.xsd" not in site.requests


# ------------------------------------------------------------------ the shared SEC 2025 files, served and re-packed
def test_fetch_repacks_the_shared_sec_2025_files_with_the_same_concepts(
    site: Site, tmp_path: Path, shared_dir: Path, graph: Graph
):
    original = shared_dir / "taxonomies" / "sec-2025.zip"
    with zipfile.ZipFile(original) as zf:
        for name in zf.namelist():
            if "/META-INF/" not in name:  # the folders as xbrl.sec.gov serves them
                (site.root / name.split("/", 1)[1]).parent.mkdir(parents=True, exist_ok=True)
                (site.root / name.split("/", 1)[1]).write_bytes(zf.read(name))
        served = {n.split("/", 1)[1]: zf.read(n) for n in zf.namelist() if "/META-INF/" not in n}
    dest = tmp_path / "dl"
    res = _fetch("2025", "--taxonomy", "sec", "--url-base-sec", site.url, "--dest", str(dest))
    assert res.exit_code == 0, res.output
    assert "warning: cyd 2025: not published" in res.stderr
    with zipfile.ZipFile(dest / "sec-2025.zip") as zf:
        packed = {n.split("/", 1)[1]: zf.read(n) for n in zf.namelist() if "/META-INF/" not in n}
    # every file is reached from an entry point, byte for byte, except the two that only import one (dei
    # is fetched from dei-2025.xsd itself, and only filings import ecd-sub)
    assert set(served) - set(packed) == {"dei/2025/dei-entire-2025.xsd", "ecd/2025/ecd-sub-2025.xsd"}
    assert all(packed[p] == served[p] for p in packed) and len(packed) == 14

    def release_counts(path: Path) -> dict[str, tuple[int, int]]:
        graph.write("db.wipe")
        graph.run_script("schema.constraints")
        [result] = load_taxonomies(graph, [path])
        assert result.skipped is None
        return {c.key: (c.concepts, c.relationships) for c in result.releases}

    fetched = release_counts(dest / "sec-2025.zip")
    assert fetched["dei/2025"] == (157, 0)
    assert fetched == release_counts(original)
