"""Issue 19: SEC taxonomy labels load, and `taxonomy load` warnings give advice the product supports."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from auditgraph.graph import Graph
from auditgraph.loader.arelle_messages import package_of_url, translate
from auditgraph.loader.packages import read_package
from auditgraph.loader.session import ArelleSession
from auditgraph.loader.taxonomy import _parse, load_taxonomies

# an SEC-style label file next to dei-2025.xsd that the schema does not link (the minimal shared package has none)
DEI_LAB = """<?xml version="1.0" encoding="UTF-8"?>
<link:linkbase xmlns:link="http://www.xbrl.org/2003/linkbase" xmlns:xlink="http://www.w3.org/1999/xlink">
  <link:labelLink xlink:type="extended" xlink:role="http://www.xbrl.org/2003/role/link">
    <link:loc xlink:type="locator" xlink:href="dei-2025.xsd#dei_DocumentType" xlink:label="loc_DocumentType"/>
    <link:label xlink:type="resource" xlink:label="lab_DocumentType" xlink:role="http://www.xbrl.org/2003/role/label"
      xml:lang="en-US">Document Type</link:label>
    <link:labelArc xlink:type="arc" xlink:arcrole="http://www.xbrl.org/2003/arcrole/concept-label"
      xlink:from="loc_DocumentType" xlink:to="lab_DocumentType"/>
  </link:labelLink>
</link:linkbase>
"""
OFFLINE = "Could not load file from local filesystem. Disable offline mode to attempt download. file: {url}"


@pytest.fixture
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path / "config"))  # the remembered-packages list stays here
    return tmp_path


def _with_dei_labels(src: Path, dst: Path) -> Path:
    with zipfile.ZipFile(src) as zi, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zo:
        for name in zi.namelist():
            zo.writestr(name, zi.read(name))
        zo.writestr("sec-2025/dei/2025/dei-2025_lab.xml", DEI_LAB)
    return dst


def test_sec_label_linkbase_no_schema_links_is_loaded(graph: Graph, shared_dir: Path, config_dir: Path):
    pkg = _with_dei_labels(shared_dir / "taxonomies" / "sec-2025.zip", config_dir / "sec-2025.zip")
    [result] = load_taxonomies(graph, [pkg])
    dei = next(r for r in result.releases if r.key == "dei/2025")
    assert dei.concepts == 157 and dei.labels >= 1
    labels = graph.read("taxonomy.concept_labels", qname="dei:DocumentType", year=2025)
    assert {"role_name": "label", "lang": "en-US", "text": "Document Type"} in labels
    # the releases the package still has no label file for are named, dei no longer among them
    [warning] = [w for w in result.warnings if "no label linkbase" in w]
    assert "ecd/2025 (" in warning and "dei/2025" not in warning and "country/2025" not in warning  # code lists: abstract
    assert "auditgraph taxonomy fetch 2025 --taxonomy sec" in warning


def test_minimal_sec_package_warns_that_dei_has_no_labels(graph: Graph, shared_dir: Path, config_dir: Path):
    [result] = load_taxonomies(graph, [shared_dir / "taxonomies" / "sec-2025.zip"])
    assert next(r for r in result.releases if r.key == "dei/2025").labels == 0
    assert any("no label linkbase" in w and "dei/2025 (" in w for w in result.warnings), result.warnings


def test_offline_advice_names_the_package_and_the_command():
    msg = translate(OFFLINE.format(url="https://xbrl.fasb.org/us-gaap/2023/elts/us-gaap-2023.xsd"))
    assert "offline" not in msg.lower()
    assert "us-gaap-2023.zip" in msg and "auditgraph taxonomy fetch 2023 --taxonomy us-gaap" in msg and "--packages" in msg
    assert package_of_url("http://xbrl.sec.gov/dei/2021/dei-2021.xsd") == ("sec-2021.zip", 2021)
    assert package_of_url("https://xbrl.fasb.org/srt/2021/elts/srt-2021-01-31.xsd") == ("srt-2021-01-31.zip", 2021)
    assert "no package given holds https://example.com/x.xsd" in translate(OFFLINE.format(url="https://example.com/x.xsd"))
    assert translate("some other message") == "some other message"


def test_srt_package_warning_from_arelle_is_translated(shared_dir: Path):
    """srt's deprecation network points at us-gaap 2023; Arelle's advice was "Disable offline mode"."""
    tax = shared_dir / "taxonomies"
    session = ArelleSession()
    try:
        for name in ("sec-2025.zip", "srt-2025.zip"):
            session.add_package(tax / name)
        model, warnings = _parse(session, read_package(tax / "srt-2025.zip"))
        model.close()
    finally:
        session.close()
    assert warnings and not any("offline mode" in w for w in warnings), warnings
    [dep] = [w for w in warnings if w.startswith("srt-dep-def-2025.xsd")]
    assert "us-gaap-2023.zip" in dep and "auditgraph taxonomy fetch 2023 --taxonomy us-gaap" in dep
    assert "only this deprecation network needs it" in dep


def test_filing_load_without_its_package_gives_the_products_advice(graph: Graph):
    from auditgraph.errors import LoadError
    from auditgraph.loader.filing import FilingLoader

    sample = Path(__file__).resolve().parent.parent / "src" / "auditgraph" / "sample" / "filing"
    with FilingLoader(graph, []) as loader, pytest.raises(LoadError) as err:
        loader.load(sample)
    message = str(err.value)
    assert "offline mode" not in message.lower()
    assert "no package given holds https://auditgraph.example/sample/2025/sample-gaap-2025.xsd" in message
