"""Loading taxonomy packages: the project's sample taxonomy with exact counts and edges, the
guarantees of a load (skip, --force, clean failure, retry), and the graph-model questions."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import pytest
from click.testing import CliRunner

from auditgraph.cli import cli
from auditgraph.config import Connection
from auditgraph.errors import LoadError
from auditgraph.graph import Graph
from auditgraph.loader.packages import read_package, remember_packages, remembered_packages
from auditgraph.loader.taxonomy import load_taxonomies

SAMPLE = Path(str(files("auditgraph.sample") / "taxonomy"))
GAAP = "http://fasb.org/us-gaap/2025"
ROLE = "https://auditgraph.example/sample/2025/role/"


@pytest.fixture(autouse=True)
def own_config_dir(tmp_path, monkeypatch):
    """Keep packages.json of these tests out of the user's config."""
    monkeypatch.setenv("AUDITGRAPH_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture
def cli_env(neo4j_connection: Connection, monkeypatch):
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    if neo4j_connection.password:
        monkeypatch.setenv("NEO4J_PASSWORD", neo4j_connection.password)
    return CliRunner()


def counts(graph: Graph) -> dict[str, int]:
    nodes = {r["label"]: r["count"] for r in graph.read("db.node_counts")}
    rels = {r["type"]: r["count"] for r in graph.read("db.relationship_counts")}
    keys = ("Release", "Concept", "Label", "Role", "Placeholder", "CALC", "PRES", "DEF", "HAS_LABEL", "DECLARES", "HAS_ROLE")
    merged = {**nodes, **rels}
    return {k: merged.get(k, 0) for k in keys}


SAMPLE_COUNTS = {
    "Release": 1,
    "Concept": 35,
    "Label": 56,
    "Role": 3,
    "Placeholder": 0,
    "CALC": 21,
    "PRES": 33,
    "DEF": 16,
    "HAS_LABEL": 56,
    "DECLARES": 35,
    "HAS_ROLE": 3,
}


def one(graph: Graph, cypher: str, **params):
    records, _, _ = graph.driver.execute_query(cypher, params)
    return [r.data() for r in records]


def test_sample_loads_with_exact_counts_and_release(graph: Graph):
    [result] = load_taxonomies(graph, [SAMPLE])
    assert result.skipped is None and result.package == "auditgraph-sample"
    assert counts(graph) == SAMPLE_COUNTS
    [rel] = graph.read("taxonomy.releases")
    assert (rel["key"], rel["status"], rel["package"], rel["sample"], rel["year"]) == (
        "us-gaap/2025",
        "loaded",
        "auditgraph-sample",
        True,
        2025,
    )
    assert (rel["concepts"], rel["relationships"], rel["labels"]) == (35, 70, 56)
    assert rel["content_hash"] == read_package(SAMPLE).content_hash and len(rel["content_hash"]) == 64


def test_sample_edges_keep_every_property(graph: Graph):
    load_taxonomies(graph, [SAMPLE])
    calc = one(
        graph,
        "MATCH (:Concept {qname: 'us-gaap:NetIncomeLoss'})-[r:CALC]->(c) "
        "RETURN c.name AS child, properties(r) AS r ORDER BY r.order",
    )
    assert [(c["child"], c["r"]["weight"], c["r"]["order"]) for c in calc] == [
        ("IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest", 1.0, 1.0),
        ("IncomeTaxExpenseBenefit", -1.0, 2.0),
    ]
    assert calc[0]["r"] == {
        "owner": "us-gaap/2025",
        "role": ROLE + "IncomeStatement",
        "order": 1.0,
        "weight": 1.0,
        "arcrole": "http://www.xbrl.org/2003/arcrole/summation-item",
    }
    [pres] = one(
        graph,
        "MATCH (p)-[r:PRES]->(:Concept {name: 'PaymentsToAcquirePropertyPlantAndEquipment'}) "
        "RETURN p.name AS parent, properties(r) AS r",
    )
    assert pres == {
        "parent": "StatementOfCashFlowsAbstract",
        "r": {
            "owner": "us-gaap/2025",
            "role": ROLE + "CashFlow",
            "arcrole": "http://www.xbrl.org/2003/arcrole/parent-child",
            "order": 5.0,
            "preferred_label": "http://www.xbrl.org/2009/role/negatedLabel",
        },
    }
    defs = {
        (d["from"], d["to"], d["r"]["arc"]): d["r"]
        for d in one(graph, "MATCH (a)-[r:DEF]->(b) RETURN a.name AS from, b.name AS to, properties(r) AS r")
    }
    assert defs[("StatementLineItems", "StatementTable", "all")] == {
        "owner": "us-gaap/2025",
        "role": ROLE + "IncomeStatement",
        "arcrole": "http://xbrl.org/int/dim/arcrole/all",
        "arc": "all",
        "order": 1.0,
        "closed": True,
        "context_element": "segment",
    }
    assert defs[("StatementBusinessSegmentsAxis", "SegmentDomain", "dimension-domain")]["usable"] is False
    assert ("StatementBusinessSegmentsAxis", "SegmentDomain", "dimension-default") in defs
    assert sum(1 for k in defs if k[2] == "domain-member") == 12
    [label] = one(
        graph, "MATCH (:Concept {name: 'Assets'})-[:HAS_LABEL]->(l:Label {role_name: 'totalLabel'}) RETURN properties(l) AS l"
    )
    assert label["l"] == {
        "key": f"{GAAP}#Assets|http://www.xbrl.org/2003/role/totalLabel|en-US",
        "lang": "en-US",
        "role": "http://www.xbrl.org/2003/role/totalLabel",
        "role_name": "totalLabel",
        "text": "Total assets",
    }
    [role] = one(
        graph,
        "MATCH (:Release {key: 'us-gaap/2025'})-[:HAS_ROLE]->(r:Role {uri: $u}) RETURN properties(r) AS r",
        u=ROLE + "BalanceSheet",
    )
    assert role["r"] == {
        "key": f"us-gaap/2025|{ROLE}BalanceSheet",
        "owner": "us-gaap/2025",
        "uri": ROLE + "BalanceSheet",
        "definition": "100000 - Statement - Balance Sheet",
        "used_on": ["link:calculationLink", "link:definitionLink", "link:presentationLink"],
    }
    [c] = one(graph, "MATCH (c:Concept {key: $k}) RETURN properties(c) AS c", k=f"{GAAP}#Assets")
    assert {
        k: c["c"][k]
        for k in (
            "qname",
            "prefix",
            "balance",
            "period_type",
            "type",
            "base_type",
            "numeric",
            "abstract",
            "nillable",
            "year",
            "release",
            "label",
        )
    } == {
        "qname": "us-gaap:Assets",
        "prefix": "us-gaap",
        "balance": "debit",
        "period_type": "instant",
        "type": "xbrli:monetaryItemType",
        "base_type": "monetary",
        "numeric": True,
        "abstract": False,
        "nillable": True,
        "year": 2025,
        "release": "us-gaap/2025",
        "label": "Assets",
    }


def test_graph_model_questions_answer_on_the_sample(graph: Graph):
    load_taxonomies(graph, [SAMPLE])
    rows = graph.read("taxonomy.calc_children", qname="us-gaap:GrossProfit", release="us-gaap/2025")
    assert [(r["child"], r["weight"]) for r in rows] == [("us-gaap:Revenues", 1.0), ("us-gaap:CostOfRevenue", -1.0)]
    assert graph.read("taxonomy.table_axes", qname="us-gaap:StatementTable", year=2025) == [
        {"role": ROLE + "IncomeStatement", "axis": "us-gaap:StatementBusinessSegmentsAxis"}
    ]
    [members] = graph.read(
        "taxonomy.axis_members", qname="us-gaap:StatementBusinessSegmentsAxis", year=2025, role=ROLE + "IncomeStatement"
    )
    assert members["domain"] == members["default_member"] == "us-gaap:SegmentDomain"
    assert sorted(members["members"]) == [
        "us-gaap:CorporateNonSegmentMember",
        "us-gaap:IntersegmentEliminationMember",
        "us-gaap:OperatingSegmentsMember",
        "us-gaap:SegmentDomain",
    ]
    labels = {r["role_name"]: r["text"] for r in graph.read("taxonomy.concept_labels", qname="us-gaap:Assets", year=2025)}
    assert labels["label"] == "Assets" and labels["totalLabel"] == "Total assets" and "documentation" in labels
    stmts = graph.read("taxonomy.statement_roles", release="us-gaap/2025")
    assert [r["definition"] for r in stmts] == [
        "100000 - Statement - Balance Sheet",
        "200000 - Statement - Income Statement",
        "300000 - Statement - Statement of Cash Flows",
    ]


def test_reload_is_a_no_op_and_force_gives_identical_counts(graph: Graph, cli_env: CliRunner):
    first = cli_env.invoke(cli, ["taxonomy", "load", str(SAMPLE), "--json"])
    assert first.exit_code == 0, first.output
    assert json.loads(first.output)["releases"][0]["concepts"] == 35
    again = cli_env.invoke(cli, ["taxonomy", "load", str(SAMPLE), "--json"])
    assert json.loads(again.output)["skipped"].startswith("already loaded (us-gaap/2025")
    forced = cli_env.invoke(cli, ["taxonomy", "load", str(SAMPLE), "--force", "--quiet"])
    assert forced.exit_code == 0 and "loaded us-gaap/2025 (35 concepts, 70 relationships)" in forced.output
    assert counts(graph) == SAMPLE_COUNTS
    listed = cli_env.invoke(cli, ["taxonomy", "list", "--json"])
    assert [(r["key"], r["status"]) for r in json.loads(listed.output)] == [("us-gaap/2025", "loaded")]


def _corrupt_zip(d: Path) -> Path:
    (d / "corrupt.zip").write_bytes(b"PK\x03\x04 truncated download")
    return d / "corrupt.zip"


def _plain_folder(d: Path) -> Path:
    (d / "plain").mkdir()
    (d / "plain" / "notes.txt").write_text("not a package")
    return d / "plain"


@pytest.mark.parametrize(
    "make_bad, cause",
    [
        (lambda d: d / "missing.zip", "no such file"),
        (_corrupt_zip, "not a zip file"),
        (_plain_folder, "not a taxonomy package"),
    ],
)
def test_bad_input_is_a_one_line_error_and_leaves_the_db_alone(graph, cli_env, tmp_path, make_bad, cause):
    load_taxonomies(graph, [SAMPLE])
    bad = make_bad(tmp_path)
    # the real command line, so the message and exit code are what a user sees
    proc = subprocess.run(
        [sys.executable, "-m", "auditgraph", "taxonomy", "load", str(bad)], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 2 and proc.stdout == ""
    message = proc.stderr.strip()
    assert message.startswith(f"error: {bad}") and cause in message and "\n" not in message
    assert counts(graph) == SAMPLE_COUNTS


def _sample_copy(tmp_path: Path, old: str, new: str, file: str = "sample-gaap-2025.xsd") -> Path:
    copy = tmp_path / "pkg"
    shutil.copytree(SAMPLE, copy)
    target = copy / ("META-INF/taxonomyPackage.xml" if file == "manifest" else file)
    text = target.read_text()
    assert old in text
    target.write_text(text.replace(old, new))
    return copy


def test_unsupported_year_and_unresolvable_import_are_refused(graph: Graph, tmp_path: Path):
    old_year = _sample_copy(
        tmp_path / "a",
        "<tp:identifier>https://auditgraph.example/sample/2025",
        "<tp:identifier>https://auditgraph.example/sample/2019",
        "manifest",
    )
    old_year_entry = old_year / "META-INF/taxonomyPackage.xml"
    old_year_entry.write_text(
        old_year_entry.read_text()
        .replace("<tp:version>2025", "<tp:version>2019")
        .replace("sample/2025/sample", "sample/2019/sample")
    )
    with pytest.raises(LoadError, match=r"a 2019 package; auditgraph supports taxonomy years 2021-2026"):
        load_taxonomies(graph, [old_year])
    offline = _sample_copy(
        tmp_path / "b",
        "<xs:import namespace='http://www.xbrl.org/2003/instance'",
        "<xs:import namespace='http://fasb.org/srt/2019' schemaLocation="
        "'https://xbrl.fasb.org/srt/2019/elts/srt-2019.xsd'/>\n"
        "  <xs:import namespace='http://www.xbrl.org/2003/instance'",
    )
    with pytest.raises(LoadError, match=r"pkg: Arelle could not load its entry point .*srt-2019.xsd"):
        load_taxonomies(graph, [offline])
    assert graph.read("taxonomy.releases") == [] and counts(graph)["Concept"] == 0


def test_interrupted_write_leaves_nothing_and_the_retry_succeeds(graph: Graph):
    def fail_at_networks(step: str) -> None:
        if step == "networks":
            raise RuntimeError("simulated crash after concepts and labels were written")

    with pytest.raises(LoadError, match="writing to Neo4j failed .*simulated crash.*nothing of it was kept"):
        load_taxonomies(graph, [SAMPLE], fail_hook=fail_at_networks)
    assert counts(graph) == {k: 0 for k in SAMPLE_COUNTS}
    [result] = load_taxonomies(graph, [SAMPLE])
    assert result.skipped is None and counts(graph) == SAMPLE_COUNTS


def test_a_forced_reload_that_fails_while_writing_keeps_nothing_of_either_version(graph: Graph):
    """The old release is removed on the writer thread while Python extracts rows; a failure then leaves neither."""
    load_taxonomies(graph, [SAMPLE])
    steps: list[str] = []

    def fail_at_labels(step: str) -> None:
        steps.append(step)
        if step == "labels":
            raise RuntimeError("simulated crash after the concepts were written")

    with pytest.raises(LoadError, match="writing to Neo4j failed .*simulated crash.*nothing of it was kept"):
        load_taxonomies(graph, [SAMPLE], force=True, fail_hook=fail_at_labels)
    assert steps == ["concepts", "labels"]  # nothing was written after the failed part
    assert counts(graph) == {k: 0 for k in SAMPLE_COUNTS} and graph.read("taxonomy.releases") == []
    [result] = load_taxonomies(graph, [SAMPLE], force=True)
    assert result.skipped is None and counts(graph) == SAMPLE_COUNTS


def test_a_forced_reload_rewrites_concepts_in_place_and_demotes_the_ones_it_no_longer_declares(graph, tmp_path):
    """--force keeps the concept nodes (a 17,000-concept release is not demoted and promoted again): each gets
    exactly the new version's properties, and one the new version lacks becomes a placeholder for its facts."""
    load_taxonomies(graph, [SAMPLE])
    gone = f"{GAAP}#RetiredConcept"  # as if the old version declared it and a filing reported it
    one(
        graph,
        "MATCH (r:Release {key: 'us-gaap/2025'}) "
        "CREATE (r)-[:DECLARES]->(c:Concept {key: $key, namespace: $ns, name: 'RetiredConcept', "
        "qname: 'us-gaap:RetiredConcept', year: 2025, release: 'us-gaap/2025', balance: 'debit'}), "
        "(c)-[:HAS_LABEL]->(:Label {key: $key + '|label', text: 'Retired'}), (:Fact {key: 'f-1'})-[:REPORTS]->(c)",
        key=gone,
        ns=GAAP,
    )
    inventory = "name='InventoryNet' type='xbrli:monetaryItemType' substitutionGroup='xbrli:item' abstract='false' nillable='true' xbrli:periodType='instant'"
    changed = _sample_copy(tmp_path, f"{inventory} xbrli:balance='debit'", inventory)  # the new version drops a balance
    [result] = load_taxonomies(graph, [changed], force=True)
    assert result.skipped is None
    assert one(
        graph, "MATCH (c:Concept {key: $key}) RETURN c.balance AS balance, labels(c) AS labels", key=f"{GAAP}#InventoryNet"
    ) == [{"balance": None, "labels": ["Concept"]}]
    [retired] = one(
        graph,
        "MATCH (c:Concept {key: $key}) RETURN properties(c) AS props, labels(c) AS labels, "
        "COUNT { (c)<-[:DECLARES]-() } AS declared, COUNT { (c)-[:HAS_LABEL]->() } AS labelled, "
        "COUNT { (c)<-[:REPORTS]-() } AS facts",
        key=gone,
    )
    assert retired == {
        "props": {"key": gone, "namespace": GAAP, "name": "RetiredConcept", "qname": "us-gaap:RetiredConcept", "year": 2025},
        "labels": ["Concept", "Placeholder"],
        "declared": 0,
        "labelled": 0,
        "facts": 1,
    }
    assert counts(graph) == {**SAMPLE_COUNTS, "Concept": 36, "Placeholder": 1}


def test_a_package_one_of_whose_releases_was_removed_loads_again_without_force(graph: Graph, cli_env: CliRunner):
    """us-gaap-2025.zip writes us-gaap/2025 and us-gaap-ebp/2025: after `taxonomy remove us-gaap/2025` the
    package is not "already loaded" because its sibling is; the sample stands in, as if it had written two."""
    load_taxonomies(graph, [SAMPLE])
    graph.driver.execute_query("MATCH (r:Release) SET r.package_releases = ['us-gaap-ebp/2025', 'us-gaap/2025']")
    again = cli_env.invoke(cli, ["taxonomy", "load", str(SAMPLE), "--json"])
    assert again.exit_code == 0, again.output
    assert json.loads(again.output)["skipped"] is None  # loaded again, not refused as "other content"
    assert counts(graph) == SAMPLE_COUNTS
    [release] = graph.read("taxonomy.releases")
    assert release["package_releases"] == ["us-gaap/2025"] and release["status"] == "loaded"
    skipped = cli_env.invoke(cli, ["taxonomy", "load", str(SAMPLE), "--json"])  # now complete: a no-op
    assert json.loads(skipped.output)["skipped"] == "already loaded (us-gaap/2025, same content hash)"


def test_force_over_a_pending_release_cleans_it_first(graph: Graph):
    load_taxonomies(graph, [SAMPLE])
    graph.driver.execute_query("MATCH (r:Release) SET r.status = 'pending'")  # as if a load died before its flip
    [result] = load_taxonomies(graph, [SAMPLE])
    assert result.skipped is None and counts(graph) == SAMPLE_COUNTS
    assert graph.read("taxonomy.releases")[0]["status"] == "loaded"


def test_loaded_zip_packages_are_remembered_for_the_filing_loader(graph: Graph, tmp_path: Path):
    zipped = Path(shutil.make_archive(str(tmp_path / "sample-2025"), "zip", SAMPLE.parent, SAMPLE.name))
    load_taxonomies(graph, [zipped])
    assert counts(graph)["Concept"] == 35
    assert remembered_packages() == []  # the bundled sample is not a package users need to remember
    renamed = _sample_copy(tmp_path / "c", "<tp:name>auditgraph-sample</tp:name>", "<tp:name>acme</tp:name>", "manifest")
    load_taxonomies(graph, [renamed], force=True)
    assert remembered_packages() == [renamed.resolve()]


@pytest.fixture
def package_server(tmp_path: Path):
    """A local HTTP server standing in for xbrl.fasb.org, serving the sample zipped as us-gaap-2025.zip."""
    import functools
    import http.server
    import threading

    root = tmp_path / "www"
    (root / "us-gaap" / "2025").mkdir(parents=True)
    shutil.make_archive(str(root / "us-gaap" / "2025" / "us-gaap-2025"), "zip", SAMPLE.parent, SAMPLE.name)
    (root / "srt" / "2025").mkdir(parents=True)
    (root / "srt" / "2025" / "srt-2025.zip").write_text("<html>proxy login page</html>")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def test_fetch_downloads_a_package_and_refuses_what_is_not_one(package_server: str, tmp_path: Path):
    runner = CliRunner()
    dest = tmp_path / "dl"
    ok = runner.invoke(
        cli, ["taxonomy", "fetch", "2025", "--url-base", package_server, "--dest", str(dest), "--taxonomy", "us-gaap", "--quiet"]
    )
    assert ok.exit_code == 0, ok.output
    assert ok.output.strip() == str(dest / "us-gaap-2025.zip")
    assert read_package(dest / "us-gaap-2025.zip").name == "auditgraph-sample"
    bad = runner.invoke(
        cli, ["taxonomy", "fetch", "2025", "--url-base", package_server, "--dest", str(dest), "--taxonomy", "srt", "--quiet"]
    )
    assert isinstance(bad.exception, LoadError) and "srt-2025.zip: the download is not a taxonomy package" in str(bad.exception)
    missing = runner.invoke(cli, ["taxonomy", "fetch", "2024", "--url-base", package_server, "--dest", str(dest), "--quiet"])
    assert isinstance(missing.exception, LoadError) and "download failed" in str(missing.exception)
    assert sorted(p.name for p in dest.iterdir()) == ["us-gaap-2025.zip"]  # nothing partial left
    old = runner.invoke(cli, ["taxonomy", "fetch", "2019", "--dest", str(dest)])
    assert isinstance(old.exception, LoadError) and "year 2019 is not supported" in str(old.exception)


def test_sample_steps_aside_for_a_real_us_gaap_release(graph: Graph, tmp_path: Path):
    real = _sample_copy(
        tmp_path, "<tp:name>auditgraph-sample</tp:name>", "<tp:name>us-gaap 2025 (stand-in)</tp:name>", "manifest"
    )
    load_taxonomies(graph, [SAMPLE])
    [replaced] = load_taxonomies(graph, [real])  # a real package replaces the sample without --force
    assert replaced.skipped is None and graph.read("taxonomy.releases")[0]["sample"] is False
    [skipped] = load_taxonomies(graph, [SAMPLE])
    assert skipped.skipped == "a real us-gaap/2025 is loaded (pkg); the sample is not needed"
    assert counts(graph) == SAMPLE_COUNTS


def _sample_for_year(tmp_path: Path, year: int) -> Path:
    """The sample re-dated to another year: namespace, URLs, roles and file names all carry the year."""
    copy = tmp_path / f"sample-{year}"
    shutil.copytree(SAMPLE, copy)
    for f in sorted(copy.rglob("*")):
        if f.is_file():
            f.write_text(f.read_text().replace("2025", str(year)))
            if "2025" in f.name:
                f.rename(f.with_name(f.name.replace("2025", str(year))))
    return copy


def test_six_release_years_live_side_by_side(graph: Graph, tmp_path: Path):
    years = range(2021, 2027)
    results = load_taxonomies(graph, [_sample_for_year(tmp_path, y) for y in years])
    assert [r.releases[0].key for r in results] == [f"us-gaap/{y}" for y in years]
    releases = graph.read("taxonomy.releases")
    assert [(r["key"], r["status"], r["concepts"], r["relationships"]) for r in releases] == [
        (f"us-gaap/{y}", "loaded", 35, 70) for y in years
    ]
    for y in years:  # each year's networks connect only that year's concepts
        rows = graph.read("taxonomy.calc_children", qname="us-gaap:GrossProfit", release=f"us-gaap/{y}")
        assert [r["child"] for r in rows] == ["us-gaap:Revenues", "us-gaap:CostOfRevenue"]
    records, _, _ = graph.driver.execute_query(
        "MATCH (a:Concept)-[r:CALC|PRES|DEF]->(b:Concept) WHERE a.year <> b.year RETURN count(r) AS n"
    )
    assert records[0]["n"] == 0
    assert counts(graph)["Concept"] == 6 * 35 and counts(graph)["DEF"] == 6 * 16


def test_remove_a_release_keeps_other_years(graph: Graph, cli_env: CliRunner, tmp_path: Path):
    load_taxonomies(graph, [_sample_for_year(tmp_path, 2024), SAMPLE])
    runner = cli_env
    gone = runner.invoke(cli, ["taxonomy", "remove", "us-gaap/2024", "--yes"])
    assert gone.exit_code == 0, gone.output
    assert [r["key"] for r in graph.read("taxonomy.releases")] == ["us-gaap/2025"]
    assert counts(graph) == SAMPLE_COUNTS
    unknown = runner.invoke(cli, ["taxonomy", "remove", "us-gaap/2019", "--yes"])
    assert isinstance(unknown.exception, LoadError) and "us-gaap/2019: no such release" in str(unknown.exception)


def test_the_package_loaded_last_is_remembered_for_its_urls_and_a_given_one_wins(graph: Graph, tmp_path: Path):
    # a damaged copy (its calculation linkbase gone) that an earlier load remembered, as a partial
    # download in a temp folder would be: it maps the same URLs as the package given now
    damaged = _sample_copy(tmp_path / "old", "<tp:name>auditgraph-sample</tp:name>", "<tp:name>acme</tp:name>", "manifest")
    (damaged / "sample-gaap-cal-2025.xml").unlink()
    remember_packages([damaged])
    good = _sample_copy(tmp_path / "new", "<tp:name>auditgraph-sample</tp:name>", "<tp:name>acme</tp:name>", "manifest")
    [result] = load_taxonomies(graph, [good])
    assert result.skipped is None and counts(graph) == SAMPLE_COUNTS  # the given package's files, not the damaged ones
    assert remembered_packages() == [good.resolve()]  # the older copy for the same URLs is forgotten
