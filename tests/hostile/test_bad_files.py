"""Garbage given to `filing load` (issue 21): every file that is not a filing is refused with
one line naming the file and the problem, and the database is exactly as before.

The files are built in tmp_path from the bundled sample filing (which loads cleanly), each with
one defect, so the refusal is for that defect and nothing else.
"""

from __future__ import annotations

import contextlib
import shutil
import zipfile
from collections.abc import Callable, Iterator
from importlib.resources import files
from pathlib import Path

import pytest

from auditgraph.config import Connection
from auditgraph.errors import LoadError
from auditgraph.graph import Graph
from auditgraph.loader.filing import FilingLoader
from auditgraph.loader.filing_source import expand
from auditgraph.loader.taxonomy import load_taxonomies

SAMPLE = Path(str(files("auditgraph.sample")))
SAMPLE_FILING = SAMPLE / "filing"
INSTANCE = (SAMPLE_FILING / "smpl-20251231.xml").read_text(encoding="utf-8")

HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:link="http://www.xbrl.org/2003/linkbase"
  xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:iso4217="http://www.xbrl.org/2003/iso4217"
  xmlns:us-gaap="http://fasb.org/us-gaap/2025">
  {schema_ref}
  <xbrli:context id="C1"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000999999</xbrli:identifier></xbrli:entity>
    <xbrli:period><xbrli:startDate>2025-01-01</xbrli:startDate><xbrli:endDate>{end}</xbrli:endDate></xbrli:period></xbrli:context>
  <xbrli:unit id="USD"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
{facts}</xbrli:xbrl>
"""
SCHEMA_REF = '<link:schemaRef xlink:type="simple" xlink:href="smpl-20251231.xsd"/>'
REVENUE = '  <us-gaap:Revenues contextRef="C1" unitRef="USD" decimals="-3">{value}</us-gaap:Revenues>\n'


def folder_with(tmp: Path, name: str, text: str, suffix: str = ".xml") -> Path:
    """The sample's schema and linkbases plus one hand-made document; returns the document."""
    tmp.mkdir(parents=True, exist_ok=True)
    for f in SAMPLE_FILING.iterdir():
        if f.suffix == ".xsd" or f.name.endswith(("_lab.xml", "_cal.xml", "_def.xml", "_pre.xml")):
            shutil.copy(f, tmp / f.name)
    doc = tmp / f"{name}{suffix}"
    doc.write_text(text, encoding="utf-8")
    return doc


def instance(
    tmp: Path,
    name: str = "bad-20251231",
    value: str = "1000",
    end: str = "2025-12-31",
    schema_ref: str = SCHEMA_REF,
    facts: str | None = None,
) -> Path:
    body = REVENUE.format(value=value) if facts is None else facts
    return folder_with(tmp, name, HEAD.format(schema_ref=schema_ref, end=end, facts=body))


def several(tmp: Path, n: int) -> Path:
    for i in range(n):
        instance(tmp, f"part{i:02d}-20251231")
    return tmp


# (id, builder(tmp_path) -> path, the refusal's text after "<path>: ")
BAD: list[tuple[str, Callable[[Path], Path], str]] = [
    (
        "plain-xml",
        lambda t: folder_with(t, "notes", "<?xml version='1.0'?><notes><n>hi</n></notes>"),
        "not an XBRL instance or inline XBRL document (Arelle read it as unknown XML)",
    ),
    (
        "plain-html",
        lambda t: folder_with(t, "page", "<html><body><p>Revenue 100</p></body></html>", ".htm"),
        "not an XBRL instance or inline XBRL document (Arelle read it as unknown XML)",
    ),
    ("html-not-xml", lambda t: folder_with(t, "page", "<html><body><p>Revenue<br>100</body>", ".htm"), "Arelle"),
    (
        "xhtml-without-ix",
        lambda t: folder_with(
            t,
            "inline",
            '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL">'
            "<body><p>Revenue 100</p></body></html>",
            ".htm",
        ),
        "not an XBRL instance or inline XBRL document (Arelle read it as unknown XML)",
    ),
    (
        "inline-without-ix-header",
        lambda t: folder_with(
            t,
            "inline",
            '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" '
            'xmlns:us-gaap="http://fasb.org/us-gaap/2025"><body><ix:nonFraction name="us-gaap:Revenues" '
            'contextRef="C1" unitRef="USD" decimals="-3">100</ix:nonFraction></body></html>',
            ".htm",
        ),
        "no XBRL facts: not a filing",
    ),
    ("no-schemaref", lambda t: instance(t, schema_ref=""), "no XBRL facts: not a filing"),
    ("no-facts", lambda t: instance(t, facts=""), "no XBRL facts: not a filing"),
    ("month-13", lambda t: instance(t, end="2025-13-45"), "context C1: endDate '2025-13-45' is not a valid date (YYYY-MM-DD)"),
    ("february-30", lambda t: instance(t, end="2025-02-30"), "context C1: endDate '2025-02-30' is not a valid date (YYYY-MM-DD)"),
    (
        "20000-digits",
        lambda t: instance(t, value="9" * 20000),
        f"fact us-gaap:Revenues (bad-20251231.xml line 9) has the value '{'9' * 40}'… (20000 characters), which is not a finite number",
    ),
    ("not-a-number", lambda t: instance(t, value="12x"), "us-gaap:Revenues"),
    ("empty-file", lambda t: folder_with(t, "empty", ""), "Arelle"),
    ("truncated-xml", lambda t: folder_with(t, "cut", INSTANCE[: len(INSTANCE) // 2]), "Arelle"),
    ("binary", lambda t: (t / "bin.xml").write_bytes(bytes(range(256)) * 8) and t / "bin.xml", "Arelle"),
    (
        "billion-laughs",
        lambda t: folder_with(
            t,
            "bomb",
            '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
            + "".join(f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10 if i else "&lol;" * 10}">' for i in range(9))
            + "]><lolz>&lol8;</lolz>",
        ),
        "Arelle",
    ),
    (
        "two-instances",
        lambda t: several(t, 2),
        "2 XBRL instances in one folder (part00-20251231.xml, part01-20251231.xml); load them one by one",
    ),
    ("forty-instances", lambda t: several(t, 40), "40 XBRL instances in one folder (part00-20251231.xml, "),
    (
        "wrong-suffix",
        lambda t: (t / "filing.txt").write_text("x") and t / "filing.txt",
        "not an XBRL instance (.xml), inline document (.htm) or filing zip",
    ),
    ("missing", lambda t: t / "nope.xml", "no such file or folder"),
    ("not-a-zip", lambda t: (t / "f.zip").write_text("PK? no") and t / "f.zip", "not a readable zip"),
    (
        "taxonomy-zip",
        lambda t: _zip(t / "t.zip", {"META-INF/catalog.xml": "<catalog/>", "a.xsd": "<schema/>"}),
        "the zip holds no XBRL instance or inline XBRL document",
    ),
    ("empty-folder", lambda t: t, "no filings found in this folder"),
]


def _zip(path: Path, members: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        for name, text in members.items():
            zf.writestr(name, text)
    return path


@pytest.fixture(scope="module")
def taxonomy_graph(neo4j_connection: Connection) -> Iterator[Graph]:
    """The sample taxonomy loaded (so the crafted instances fail only for their defect)."""
    g = Graph(neo4j_connection)
    g.write("db.wipe")
    g.run_script("schema.constraints")
    load_taxonomies(g, [SAMPLE / "taxonomy"])
    try:
        yield g
    finally:
        g.close()


@pytest.fixture(scope="module")
def loader(taxonomy_graph: Graph) -> Iterator[FilingLoader]:
    with FilingLoader(taxonomy_graph, [SAMPLE / "taxonomy"]) as ld:
        yield ld


def counts(g: Graph) -> tuple[int, int]:
    rec = g.driver.execute_query(
        "MATCH (n) WITH count(n) AS n CALL () { MATCH ()-[r]->() RETURN count(r) AS r } RETURN n, r"
    ).records[0]
    return rec["n"], rec["r"]


def refusal(loader: FilingLoader, path: Path) -> str:
    """What `filing load PATH` refuses with: the batch expansion first, then the load itself."""
    items = expand([path])
    if len(items) == 1 and isinstance(items[0], LoadError):
        return str(items[0])
    assert len(items) == 1, items
    with pytest.raises(LoadError) as err:
        loader.load(items[0])
    return str(err.value)


@pytest.mark.parametrize("build,reason", [(b, r) for _, b, r in BAD], ids=[i for i, _, _ in BAD])
def test_garbage_is_refused_and_nothing_is_written(taxonomy_graph: Graph, loader: FilingLoader, tmp_path: Path, build, reason):
    before = counts(taxonomy_graph)
    (tmp_path / "case").mkdir()
    path = build(tmp_path / "case")
    message = refusal(loader, path)
    assert message.startswith(str(path)) and reason in message, message
    assert "\n" not in message and "Traceback" not in message
    assert counts(taxonomy_graph) == before
    assert not taxonomy_graph.read("filing.list")  # no filing, not even a pending one


def test_the_sample_itself_loads(taxonomy_graph: Graph, loader: FilingLoader, tmp_path: Path):
    """The control: the same folder layout without a defect is a filing (then removed again)."""
    from auditgraph.loader.filing import delete_filing

    res = loader.load(instance(tmp_path / "good", name="good-20251231"))
    assert (res.status, res.facts) == ("loaded", 1)
    assert delete_filing(taxonomy_graph, res.id) and not taxonomy_graph.read("filing.list")


def test_xxe_content_never_reaches_the_graph(taxonomy_graph: Graph, loader: FilingLoader, tmp_path: Path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-42")
    text = HEAD.format(schema_ref=SCHEMA_REF, end="2025-12-31", facts=REVENUE.format(value="&xxe;"))
    text = text.replace(
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file://{secret}">]>',
    )
    before = counts(taxonomy_graph)
    message = refusal(loader, folder_with(tmp_path / "xxe", "xxe-20251231", text))
    assert "TOP-SECRET-42" not in message and counts(taxonomy_graph) == before


def test_zip_path_traversal_writes_nothing_outside(taxonomy_graph: Graph, loader: FilingLoader, tmp_path: Path):
    evil = _zip(tmp_path / "evil.zip", {"../../escaped.xml": INSTANCE, "x/../../escaped2.xml": INSTANCE})
    with contextlib.suppress(LoadError):
        loader.load(evil)
    assert not (tmp_path.parent / "escaped.xml").exists() and not (tmp_path.parent.parent / "escaped.xml").exists()
    assert not list(tmp_path.parent.rglob("escaped*.xml"))


@pytest.mark.parametrize(
    "package,reason",
    [
        ("missing.zip", "not a taxonomy package (a zip or a folder)"),
        ("text.zip", "not a taxonomy package (a zip or a folder)"),
    ],
)
def test_a_bad_package_is_refused_even_when_the_filing_is_unchanged(taxonomy_graph: Graph, tmp_path: Path, package, reason):
    if package == "text.zip":
        (tmp_path / package).write_text("not a zip")
    with pytest.raises(LoadError, match=r"not a taxonomy package \(a zip or a folder\); fix the -p/--packages path"):
        FilingLoader(taxonomy_graph, [SAMPLE / "taxonomy", tmp_path / package])
