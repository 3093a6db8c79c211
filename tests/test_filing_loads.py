"""Loading behaviour: inline transforms, duplicates, re-load, --force, relink, bad input, batches, CLI."""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest
from arelle.formula.XPathContext import FunctionArgType
from click.testing import CliRunner

from auditgraph.cli import cli
from auditgraph.config import Connection
from auditgraph.errors import LoadError
from auditgraph.graph import Graph
from auditgraph.loader import sec_transforms as sec
from auditgraph.loader.concepts import concept_rows
from auditgraph.loader.duplicates import classify
from auditgraph.loader.filing import FilingLoader, filing_session, relink
from auditgraph.loader.session import add_plugin

REPO = Path(__file__).resolve().parent.parent
SAMPLE_FILING = REPO / "src" / "auditgraph" / "sample" / "filing"
SAMPLE_TAXONOMY = REPO / "src" / "auditgraph" / "sample" / "taxonomy"
INLINE = REPO / "tests" / "data" / "filing_inline" / "smpl-inline-20251231.htm"
GAAP = "http://fasb.org/us-gaap/2025#"

HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:link="http://www.xbrl.org/2003/linkbase"
  xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:iso4217="http://www.xbrl.org/2003/iso4217"
  xmlns:us-gaap="http://fasb.org/us-gaap/2025" xmlns:dei="http://xbrl.sec.gov/dei/2025">
  <link:schemaRef xlink:type="simple" xlink:href="{schema}"/>
  <xbrli:context id="C1"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000999999</xbrli:identifier></xbrli:entity>
    <xbrli:period><xbrli:startDate>2025-01-01</xbrli:startDate><xbrli:endDate>2025-12-31</xbrli:endDate></xbrli:period></xbrli:context>
  <xbrli:context id="C2"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000999999</xbrli:identifier></xbrli:entity>
    <xbrli:period><xbrli:startDate>2025-01-01</xbrli:startDate><xbrli:endDate>2025-12-31</xbrli:endDate></xbrli:period></xbrli:context>
  <xbrli:unit id="USD"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
"""


def q(graph: Graph, cypher: str, **params) -> list[dict]:
    records, _, _ = graph.driver.execute_query(cypher, params)
    return [r.data() for r in records]


def crafted(folder: Path, name: str, facts: str, schema: str = "smpl-20251231.xsd") -> Path:
    """A small filing folder: the sample's extension schema and linkbases plus a hand-made instance."""
    folder.mkdir(parents=True, exist_ok=True)
    for f in SAMPLE_FILING.iterdir():
        if f.suffix in (".xsd",) or f.name.endswith("_lab.xml") or f.name.endswith("_cal.xml") or f.name.endswith("_def.xml"):
            shutil.copy(f, folder / f.name)
    (folder / f"{name}.xml").write_text(HEAD.format(schema=schema) + facts + "\n</xbrli:xbrl>\n")
    return folder / f"{name}.xml"


def fact(concept: str, value: str, ctx: str = "C1", decimals: str = "-3", fid: str = "") -> str:
    ident = f' id="{fid}"' if fid else ""
    return f'  <{concept} contextRef="{ctx}" unitRef="USD" decimals="{decimals}"{ident}>{value}</{concept}>\n'


def filings(graph: Graph) -> list[tuple[str, str]]:
    return [(r["id"], r["status"]) for r in graph.read("filing.list")]


@pytest.fixture
def loader(graph: Graph):
    with FilingLoader(graph, [SAMPLE_TAXONOMY]) as ld:
        yield ld


# ---------------------------------------------------------------- inline XBRL and SEC transforms
def test_inline_document_values_come_out_transformed_scaled_and_signed(graph: Graph, loader: FilingLoader):
    res = loader.load(INLINE)
    assert (res.id, res.status, res.facts, res.contexts, res.errors) == ("smpl-inline-20251231", "loaded", 10, 3, 0)
    values = {
        r["f.fact_id"]: (r["f.value"], r["f.decimals"])
        for r in q(graph, "MATCH (f:Fact {filing_id: 'smpl-inline-20251231'}) RETURN f.fact_id, f.value, f.decimals")
    }
    assert values == {
        "i-1": ("10-K", None),
        "i-2": ("2025-12-31", None),
        "i-3": ("false", None),
        "i-4": ("12500000", "-3"),
        "i-5": ("8000000", "-3"),
        "i-6": ("-800000", "-3"),
        "i-7": ("650000", "-4"),
        "i-8": ("0", "-3"),
        "i-9": ("300000", "-3"),
        "i-10": ("5000000.00", "0"),
    }


def test_sec_transformations_match_what_edgar_extracts(monkeypatch: pytest.MonkeyPatch):
    # inputs and outputs as in AAPL's 2025-03-29 10-Q (.htm vs the SEC-extracted _htm.xml)
    # FunctionArgType() formats its message with the gettext `_` an Arelle controller installs: none without a load
    monkeypatch.setattr("builtins._", lambda text: text, raising=False)
    assert sec.duryear("2.7") == "P2Y8M12D" and sec.duryear("17") == "P17Y" and sec.durmonth("12") == "P12M"
    assert sec.exchnameen("The Nasdaq Stock Market LLC") == "NASDAQ" and sec.exchnameen("New York Stock Exchange LLC") == "NYSE"
    assert sec.entityfilercategoryen("Large accelerated filer") == "Large Accelerated Filer"
    assert sec.entityfilercategoryen("Non-\n accelerated filer") == "Non-accelerated Filer"
    assert sec.stateprovnameen("California") == "CA" and sec.numwordsen("two") == "2" and sec.numwordsen("no") == "0"
    assert sec.numwordsen("twenty-one thousand five hundred") == "21500"
    assert sec.durwordsen("three-year") == "P3Y" and sec.durwordsen("30 days") == "P30D"
    assert sec.durwordsen("two years and six months") == "P2Y6M"
    assert sec.boolballotbox("\u2612") == "true" and sec.boolballotbox("\u2610") == "false"
    with pytest.raises(FunctionArgType):  # what Arelle reports as ixt-sec:numwordsen on the fact
        sec.numwordsen("several")


# ---------------------------------------------------------------- duplicates
def test_duplicates_are_classified_complete_consistent_or_inconsistent(graph: Graph, loader: FilingLoader, tmp_path: Path):
    body = (
        fact("us-gaap:Revenues", "12500000", "C1", "-3", "rev-a")
        + fact("us-gaap:Revenues", "12480000", "C2", "-5", "rev-b")
        + fact("us-gaap:Assets", "20000000", "C1", "-3", "as-a")
        + fact("us-gaap:Assets", "21000000", "C2", "-3", "as-b")
        + fact("us-gaap:NetIncomeLoss", "2449000", "C1", "-3", "ni-a")
        + fact("us-gaap:NetIncomeLoss", "2449000", "C2", "-3", "ni-b")
        + fact("us-gaap:CostOfRevenue", "7500000", "C1", "-3", "cr-a")
        + fact("us-gaap:CostOfRevenue", "7500000", "C2", "INF", "cr-b")
        + fact("us-gaap:GrossProfit", "5000000", "C1", "-3", "gp")
    )
    res = loader.load(crafted(tmp_path / "dups", "dups-20251231", body))
    assert (res.facts, res.contexts, res.duplicates) == (9, 1, 8)
    rows = q(graph, "MATCH (f:Fact {filing_id: 'dups-20251231'}) RETURN f.fact_id AS id, f.duplicate AS d ORDER BY id")
    assert {r["id"]: r["d"] for r in rows} == {
        "rev-a": "consistent",
        "rev-b": "consistent",
        "as-a": "inconsistent",
        "as-b": "inconsistent",
        "ni-a": "complete",
        "ni-b": "complete",
        "cr-a": "consistent",
        "cr-b": "consistent",
        "gp": None,
    }
    edges = q(graph, "MATCH (a)-[d:DUPLICATE_OF]->(b) RETURN a.fact_id AS a, b.fact_id AS b, d.kind AS k ORDER BY a")
    assert edges == [
        {"a": "as-b", "b": "as-a", "k": "inconsistent"},
        {"a": "cr-b", "b": "cr-a", "k": "consistent"},
        {"a": "ni-b", "b": "ni-a", "k": "complete"},
        {"a": "rev-b", "b": "rev-a", "k": "consistent"},
    ]


def test_duplicate_rules_on_rows():
    def r(value, decimals, nil=False, numeric=True):
        return {"value": value, "decimals": decimals, "nil": nil, "numeric": numeric}

    assert classify([r("1250", "-1"), r("1250", "-1")]) == "complete"
    assert classify([r("1260", "-1"), r("1300", "-2")]) == "consistent"  # both 1300 at the least precise decimals
    assert classify([r("1250", "-1"), r("1200", "-2")]) == "consistent"  # 1250 rounds half to even: 1200
    assert classify([r("1250", "-1"), r("1300", "-2")]) == "inconsistent"
    assert classify([r("1300", "-2"), r("1300", "INF")]) == "consistent"  # same number, different precision
    assert classify([r("1250", "-1"), r(None, None, nil=True)]) == "inconsistent"
    assert classify([r("a", None, numeric=False), r("b", None, numeric=False)]) == "inconsistent"


# ---------------------------------------------------------------- re-load, --force, atomicity
def test_reloading_is_a_noop_and_force_replaces_atomically(graph: Graph, loader: FilingLoader, tmp_path: Path):
    inst = crafted(
        tmp_path / "f", "re-20251231", fact("us-gaap:Revenues", "100000", fid="r1") + fact("us-gaap:Assets", "5000", fid="a1")
    )
    assert loader.load(inst).status == "loaded"
    assert loader.load(inst).status == "unchanged"
    inst.write_text(inst.read_text().replace(">100000<", ">200000<"))
    with pytest.raises(LoadError, match=r"re-20251231 is already loaded from different content; pass --force"):
        loader.load(inst)
    res = loader.load(inst, force=True)
    assert (res.status, res.facts) == ("replaced", 2)
    assert q(graph, "MATCH (f:Fact {fact_id: 'r1'}) RETURN f.value AS v") == [{"v": "200000"}]
    assert q(graph, "MATCH (n) WHERE n:Fact OR n:Context OR n:Extension RETURN count(n) AS n")[0]["n"] == 2 + 1 + 7
    assert filings(graph) == [("re-20251231", "loaded")]


C3 = """  <xbrli:context id="C3"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000999999</xbrli:identifier></xbrli:entity>
    <xbrli:period><xbrli:startDate>2024-01-01</xbrli:startDate><xbrli:endDate>2024-12-31</xbrli:endDate></xbrli:period></xbrli:context>
"""


def snapshot(graph: Graph) -> tuple[list[str], list[str]]:
    """The filing graph as scripts/graph_fingerprint.py sees it: every node and edge a load writes or touches."""
    from auditgraph.graph import plain

    def canonical(value: object) -> str:
        return json.dumps(value, sort_keys=True, default=str)

    nodes = [
        canonical({"labels": sorted(r["labels"]), "props": {k: v for k, v in plain(r["props"]).items() if k != "loaded_at"}})
        for r in graph.read("fingerprint.nodes")
    ]
    edges = [canonical({k: plain(v) for k, v in r.items()}) for r in graph.read("fingerprint.edges")]
    return sorted(nodes), sorted(edges)


def test_force_replaces_in_place_and_leaves_the_graph_a_first_load_of_the_new_version_writes(
    graph: Graph, loader: FilingLoader, tmp_path: Path
):
    """`--force` updates the loaded version by key (filing_rows.InPlace) in the load's one transaction: a changed
    value, a fact id moved to another concept and context, a changed label; what the new version lacks (a fact, a
    context) is gone. The graph is the one a first load of the new version writes, node for node and edge for edge."""
    v1 = (
        C3
        + fact("us-gaap:Revenues", "100000", fid="r1")
        + fact("us-gaap:Revenues", "5000", ctx="C3", fid="a1")
        + fact("us-gaap:CostOfRevenue", "7", fid="c1")
    )
    v2 = (
        fact("us-gaap:Revenues", "200000", fid="r1")
        + fact("us-gaap:GrossProfit", "5000", fid="a1")
        + fact("us-gaap:NetIncomeLoss", "9", fid="n1")
    )
    inst = crafted(tmp_path / "f", "inplace-20251231", v1)
    assert loader.load(inst).status == "loaded"
    assert q(graph, "MATCH (c:Context {filing_id: 'inplace-20251231'}) RETURN count(c) AS n") == [{"n": 2}]
    assert graph.write("eval.mark_copy", filing_id="inplace-20251231") == [{"marked": 1}]  # a mark a load does not write

    inst.write_text(HEAD.format(schema="smpl-20251231.xsd") + v2 + "\n</xbrli:xbrl>\n")
    lab = next(inst.parent.glob("*_lab.xml"))
    lab.write_text(lab.read_text().replace(">Widget warranty expense<", ">Warranty costs<"))
    res = loader.load(inst, force=True)
    assert (res.status, res.facts, res.contexts) == ("replaced", 3, 1)
    facts = q(
        graph,
        "MATCH (f:Fact {filing_id: 'inplace-20251231'})-[:IN_CONTEXT]->(c)-[:FOR_PERIOD]->(p) "
        "MATCH (f)-[:REPORTS]->(k) RETURN f.fact_id AS id, f.value AS v, k.name AS concept, toString(p.start) AS start ORDER BY id",
    )
    assert facts == [
        {"id": "a1", "v": "5000", "concept": "GrossProfit", "start": "2025-01-01"},  # one edge each, re-pointed
        {"id": "n1", "v": "9", "concept": "NetIncomeLoss", "start": "2025-01-01"},
        {"id": "r1", "v": "200000", "concept": "Revenues", "start": "2025-01-01"},
    ]
    label = "MATCH (:Extension {name: 'WidgetWarrantyExpense'})-[:HAS_LABEL]->(l:Label {role: $role}) RETURN l.text AS t"
    assert q(graph, label, role="http://www.xbrl.org/2003/role/label") == [{"t": "Warranty costs"}]
    replaced = snapshot(graph)

    graph.write("filing.delete", filing_id="inplace-20251231")
    assert loader.load(inst).status == "loaded"  # a first load of the new version
    assert snapshot(graph) == replaced
    assert filings(graph) == [("inplace-20251231", "loaded")]


def test_a_failed_write_leaves_nothing_behind(graph: Graph, loader: FilingLoader, tmp_path: Path, monkeypatch):
    inst = crafted(tmp_path / "f", "boom-20251231", fact("us-gaap:Revenues", "100000"))
    from auditgraph.loader import filing_rows

    def explode(tx, name, rows, **params):
        if name == "load.filing_facts":  # contexts, concepts and the pending Filing are already sent
            raise LoadError("simulated crash while writing facts")
        return original(tx, name, rows, **params)

    original = filing_rows.send
    monkeypatch.setattr(filing_rows, "send", explode)
    with pytest.raises(LoadError, match="simulated crash"):
        loader.load(inst)
    assert filings(graph) == []
    assert q(graph, "MATCH (n) WHERE n:Context OR n:Extension OR n:Fact RETURN count(n) AS n")[0]["n"] == 0


def test_a_retired_version_left_by_a_killed_purge_is_purged_by_the_next_load(graph: Graph, loader: FilingLoader):
    """A loader killed after its commit, during its purge, leaves the replaced version retired (out of view); the
    next load deletes it while Arelle parses (loader/versions.py)."""
    loader.load(SAMPLE_FILING)
    clean = q(graph, "MATCH (n) WITH count(n) AS n CALL () { MATCH ()-[r]->() RETURN count(r) AS r } RETURN n, r")
    with graph.transaction() as tx:  # what the killed loader's committed transaction did to the old version
        tx.run("load.filing_retire", filing_id="smpl-20251231", token="smpl-20251231@killed")
    assert filings(graph) == [] and [r["token"] for r in graph.read("filing.retired")] == ["smpl-20251231@killed"]
    assert q(graph, "MATCH (n:Retired) RETURN count(n) AS n")[0]["n"] > 66

    assert loader.load(SAMPLE_FILING).status == "loaded"
    assert graph.read("filing.retired") == [] and q(graph, "MATCH (n:Retired) RETURN count(n) AS n")[0]["n"] == 0
    assert filings(graph) == [("smpl-20251231", "loaded")]
    assert q(graph, "MATCH (n) WITH count(n) AS n CALL () { MATCH ()-[r]->() RETURN count(r) AS r } RETURN n, r") == clean


def test_the_stages_called_one_by_one_write_what_filing_loader_load_writes(graph: Graph, loader: FilingLoader):
    """The pipeline's public stages, as `filing load --jobs N` runs them: prepare here, parse and rows into a
    Recording (a worker's part, no database), write here. The graph is the one FilingLoader.load writes."""
    from auditgraph.loader.filing import Prepared, prepare, record_filing, write_recording
    from auditgraph.loader.filing_source import filing_input

    inp = filing_input(SAMPLE_FILING)
    ready = prepare(graph, inp, force=False)
    assert ready == Prepared(inp, previous=None)  # nothing of it in the database yet
    rec = record_filing(loader.session, inp)
    assert [name for name, _ in rec.calls][:2] == ["load.filing_units", "load.filing_contexts"]
    assert rec.calls[-1][0] == "load.filing_finish" and filings(graph) == []
    staged = write_recording(graph, ready, rec)
    assert (staged.id, staged.status, staged.facts, staged.contexts, staged.units) == ("smpl-20251231", "loaded", 66, 7, 1)
    assert prepare(graph, inp, force=False).status == "unchanged"
    whole = q(graph, "MATCH (n) WITH count(n) AS n CALL () { MATCH ()-[r]->() RETURN count(r) AS r } RETURN n, r")

    again = loader.load(SAMPLE_FILING, force=True)
    assert again.status == "replaced"
    counts = ("facts", "contexts", "units", "extension_concepts", "edges", "duplicates", "placeholders", "filer_labels")
    assert [getattr(again, c) for c in counts] == [getattr(staged, c) for c in counts]
    assert q(graph, "MATCH (n) WITH count(n) AS n CALL () { MATCH ()-[r]->() RETURN count(r) AS r } RETURN n, r") == whole


# ---------------------------------------------------------------- placeholders and relink
def test_facts_bridge_to_placeholders_until_the_year_is_loaded_then_relink(graph: Graph, loader: FilingLoader):
    loader.load(SAMPLE_FILING)
    assert {r["year"]: r["facts"] for r in graph.read("filing.placeholder_facts")} == {2025: 60}
    # load us-gaap/2025 the way the taxonomy loader writes it (its concept writer promotes placeholders)
    session = loader.session
    model = session.load("https://auditgraph.example/sample/2025/sample-gaap-2025.xsd")
    try:
        rows = [
            r.to_row()
            for r in concept_rows(model, model.qnameConcepts.values(), release="us-gaap/2025", year=2025)
            if r.namespace == "http://fasb.org/us-gaap/2025"
        ]
    finally:
        model.close()
    graph.driver.execute_query("CREATE (:Release {key: 'us-gaap/2025', taxonomy: 'us-gaap', year: 2025, status: 'loaded'})")
    graph.write_batches("load.concepts", rows)
    res = relink(graph)
    assert (res.reports_relinked, res.releases_linked, res.placeholder_facts_by_year) == (
        0,
        1,
        {2025: 8},
    )  # the 8 dei facts wait for dei/2025
    revenue = q(
        graph,
        """MATCH (f:Fact {fact_id: 'f-is-1'})-[:REPORTS]->(c:Concept) RETURN c.key AS k,
                          c:Placeholder AS ph, c.balance AS bal, EXISTS { (:Release {key: 'us-gaap/2025'})-[:DECLARES]->(c) } AS declared""",
    )
    assert revenue == [{"k": GAAP + "Revenues", "ph": False, "bal": "credit", "declared": True}]
    # a `taxonomy load --force` deletes the release's concepts and with them the bridge edges: relink repairs them
    graph.driver.execute_query("MATCH (:Release {key: 'us-gaap/2025'})-[:DECLARES]->(c) DETACH DELETE c")
    res = relink(graph)
    assert (res.placeholders_written, res.reports_relinked, res.dims_relinked) == (26, 52, 2)
    assert q(graph, "MATCH (f:Fact) WHERE NOT EXISTS { (f)-[:REPORTS]->() } RETURN count(f) AS n")[0]["n"] == 0
    assert {r["year"]: r["facts"] for r in graph.read("filing.placeholder_facts")} == {2025: 60}


# ---------------------------------------------------------------- bad input
def _assert_nothing_loaded(graph: Graph) -> None:
    assert filings(graph) == []
    assert q(graph, "MATCH (n) WHERE n:Fact OR n:Context RETURN count(n) AS n")[0]["n"] == 0


def test_bad_inputs_fail_with_one_line_naming_the_file(graph: Graph, loader: FilingLoader, tmp_path: Path):
    broken = tmp_path / "broken" / "broken.xml"
    broken.parent.mkdir()
    broken.write_text('<?xml version="1.0"?><xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance"><unclosed></xbrli:xbrl>')
    cases = {
        broken: r"broken\.xml: malformed XML \(Arelle: Opening and ending tag mismatch",
        crafted(
            tmp_path / "noschema", "noschema", fact("us-gaap:Revenues", "1"), schema="missing-20251231.xsd"
        ): r"noschema\.xml: a file of the filing or its taxonomy could not be read.*missing-20251231\.xsd",
        crafted(
            tmp_path / "badvalue", "badvalue", fact("us-gaap:Revenues", "12,5x0", fid="bad")
        ): r"fact us-gaap:Revenues \(badvalue\.xml line 11\) has value '12,5x0', not a valid monetaryItemType",
        tmp_path / "nothing-here.xml": r"no such file or folder",
    }
    empty_zip = tmp_path / "taxonomy-only.zip"
    with zipfile.ZipFile(empty_zip, "w") as zf:
        zf.writestr("pkg/META-INF/taxonomyPackage.xml", "<x/>")
        zf.writestr("pkg/a.xsd", "<xs:schema xmlns:xs='http://www.w3.org/2001/XMLSchema'/>")
    cases[empty_zip] = r"the zip holds no XBRL instance"
    for path, message in cases.items():
        with pytest.raises(LoadError, match=message) as err:
            loader.load(path)
        assert "\n" not in str(err.value)
        _assert_nothing_loaded(graph)


def test_a_broken_inline_transform_names_the_fact_and_line(graph: Graph, loader: FilingLoader, tmp_path: Path):
    bad = tmp_path / "inline" / "bad-inline.htm"
    bad.parent.mkdir()
    bad.write_text(
        INLINE.read_text()
        .replace("../../../src/auditgraph/sample/filing/smpl-20251231.xsd", str(SAMPLE_FILING / "smpl-20251231.xsd"))
        .replace(">12,500<", ">12.5.00<")
    )
    with pytest.raises(LoadError, match=r"fact us-gaap:Revenues \(bad-inline\.htm line 43\) has value '12\.5\.00'"):
        loader.load(bad)
    _assert_nothing_loaded(graph)


def test_a_filing_whose_taxonomy_package_is_not_given_is_refused(graph: Graph, tmp_path: Path):
    with (
        FilingLoader(graph, []) as ld,
        pytest.raises(LoadError, match=r"could not be read; pass its taxonomy packages.*sample-gaap-2025\.xsd"),
    ):
        ld.load(SAMPLE_FILING)
    _assert_nothing_loaded(graph)


# ---------------------------------------------------------------- many filings, CLI
def test_a_folder_with_one_broken_filing_loads_the_others(
    graph: Graph, neo4j_connection: Connection, tmp_path: Path, monkeypatch
):
    batch = tmp_path / "batch"
    crafted(batch / "a", "a-20251231", fact("us-gaap:Revenues", "100000"))
    crafted(batch / "b", "b-20251231", fact("us-gaap:Revenues", "12x"))  # unparsable value
    shutil.copytree(SAMPLE_FILING, batch / "c")
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    if neo4j_connection.password is not None:
        monkeypatch.setenv("NEO4J_PASSWORD", neo4j_connection.password)
    runner = CliRunner()
    result = runner.invoke(cli, ["filing", "load", str(batch), "--packages", str(SAMPLE_TAXONOMY), "--json"])
    assert result.exit_code == 2, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert [(r["id"], r["status"], r["facts"]) for r in lines] == [
        ("a-20251231", "loaded", 1),
        ("b-20251231", "failed", 0),
        ("smpl-20251231", "loaded", 66),
    ]
    assert "12x" in lines[1]["message"]
    assert filings(graph) == [("a-20251231", "loaded"), ("smpl-20251231", "loaded")]
    listed = json.loads(runner.invoke(cli, ["filing", "list", "--json"]).stdout)
    assert [(r["id"], r["facts"], r["form"]) for r in listed] == [("a-20251231", 1, None), ("smpl-20251231", 66, "10-K")]
    assert runner.invoke(cli, ["filing", "delete", "a-20251231"]).exit_code == 0
    assert filings(graph) == [("smpl-20251231", "loaded")]
    assert q(graph, "MATCH (f:Fact {filing_id: 'a-20251231'}) RETURN count(f) AS n")[0]["n"] == 0
    relinked = json.loads(runner.invoke(cli, ["filing", "relink", "--json"]).stdout)
    assert relinked["placeholder_facts_by_year"] == {"2025": 60}


def test_leftovers_of_an_interrupted_load_are_removed_before_the_next(graph: Graph, neo4j_connection: Connection, monkeypatch):
    graph.driver.execute_query(
        "CREATE (:Filing {id: 'half', status: 'pending'})-[:HAS_FACT]->(:Fact {key: 'half|f1', filing_id: 'half'})"
    )
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    result = CliRunner().invoke(cli, ["filing", "load", str(SAMPLE_FILING), "--packages", str(SAMPLE_TAXONOMY)])
    assert result.exit_code == 0, result.output
    assert filings(graph) == [("smpl-20251231", "loaded")]
    assert q(graph, "MATCH (f:Fact {filing_id: 'half'}) RETURN count(f) AS n")[0]["n"] == 0


def test_session_enables_the_sec_transforms():
    session = filing_session([])
    try:
        transforms = session.cntlr.modelManager.customTransforms
        assert {str(k) for k in transforms} >= {"ixt-sec:numwordsen", "ixt-sec:durwordsen", "ixt-sec:exchnameen"}
    finally:
        session.close()


def test_the_session_adds_its_plugins_by_file_without_arelles_plugin_search():
    from arelle import PluginManager

    session = filing_session([])
    try:
        modules = PluginManager.getInstance().pluginConfig["modules"]
        assert "Inline XBRL Document Set" in modules  # named as Arelle ships it, read from its file
        assert PluginManager.getInstance()._entryPointRefAliasCache is None  # no search parsed every shipped plugin
        with pytest.raises(LoadError, match="noSuchPlugin: Arelle could not load this plugin"):
            add_plugin("noSuchPlugin")
    finally:
        session.close()


def test_closing_the_session_closes_what_is_left_open_without_a_full_collection():
    """ArelleSession.close closes a model its loader did not, and skips Arelle's ModelManager.close, which runs a
    full garbage collection (0.1 s and more at the end of every load command)."""
    import gc

    from auditgraph import collector
    from auditgraph.loader.filing_source import filing_input

    session = filing_session([SAMPLE_TAXONOMY])
    kept_open = session.load(filing_input(SAMPLE_FILING).entry)
    assert kept_open.factsInInstance
    full_sweeps: list[int] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            full_sweeps.append(1)

    gc.callbacks.append(watch)
    try:
        with collector.paused():  # no automatic sweep: only one the close itself asks for is seen
            session.close()
    finally:
        gc.callbacks.remove(watch)
    assert kept_open.isClosed
    assert session.cntlr.modelManager.loadedModelXbrls == [] and session.cntlr.modelManager.modelXbrl is None
    assert full_sweeps == []


def test_a_fact_of_an_undeclared_concept_is_skipped_and_reported(graph: Graph, loader: FilingLoader, tmp_path: Path):
    inst = crafted(
        tmp_path / "u", "undeclared-20251231", fact("us-gaap:Revenues", "100") + fact("us-gaap:NoSuchConceptAnywhere", "5")
    )
    res = loader.load(inst)
    assert (res.status, res.facts, res.errors) == ("loaded", 1, 2)  # undeclared + unexpected element
    assert "skipped facts without a schema declaration" in res.message and "us-gaap:NoSuchConceptAnywhere" in res.message


def test_a_zipped_filing_package_loads_like_its_folder(graph: Graph, loader: FilingLoader, tmp_path: Path):
    pkg = tmp_path / "smpl-package.zip"
    with zipfile.ZipFile(pkg, "w") as zf:
        for f in sorted(SAMPLE_FILING.iterdir()):
            if f.suffix in (".xml", ".xsd"):
                zf.write(f, f.name)
    res = loader.load(pkg)
    assert (res.id, res.status, res.facts, res.contexts, res.extension_concepts) == ("smpl-package", "loaded", 66, 7, 7)
    src = q(graph, "MATCH (f:Filing {id: 'smpl-package'}) RETURN f.source AS s")[0]["s"]
    assert src == f"{pkg}/smpl-20251231.xml"
    assert q(graph, "MATCH (:Filing {id: 'smpl-package'})-[:DEFINES]->(e) RETURN count(e) AS n")[0]["n"] == 7


def test_relink_after_the_taxonomy_loader_loads_and_force_reloads_the_year(graph: Graph, loader: FilingLoader):
    from auditgraph.loader.taxonomy import load_taxonomies

    loader.load(SAMPLE_FILING)
    load_taxonomies(graph, [SAMPLE_TAXONOMY])  # us-gaap/2025 from the sample package: placeholders become concepts
    res = relink(graph)  # the taxonomy load already re-linked the filing: nothing left to do
    assert (res.reports_relinked, res.releases_linked, res.placeholder_facts_by_year) == (0, 0, {2025: 8})
    assert q(graph, "MATCH (:Filing {id: 'smpl-20251231'})-[:USES_RELEASE]->(r) RETURN r.key AS k") == [{"k": "us-gaap/2025"}]
    # --force demotes the release's concepts to placeholders and promotes them again: the bridges survive
    load_taxonomies(graph, [SAMPLE_TAXONOMY], force=True)
    res = relink(graph)
    assert (res.reports_relinked, res.dims_relinked, res.placeholder_facts_by_year) == (0, 0, {2025: 8})
    bridged = q(
        graph,
        """MATCH (f:Fact {fact_id: 'f-is-1'})-[:REPORTS]->(c:Concept)<-[:DECLARES]-(r:Release)
                          RETURN r.key AS release, c:Placeholder AS ph""",
    )
    assert bridged == [{"release": "us-gaap/2025", "ph": False}]
    assert (
        q(graph, "MATCH (c:Context)-[:ON_AXIS]->(a {key: $k}) RETURN count(c) AS n", k=GAAP + "StatementBusinessSegmentsAxis")[0][
            "n"
        ]
        == 2
    )
