"""Injected eval copies live in the eval namespace (:EvalCopy): user listings hide them, eval reads them."""

from __future__ import annotations

import json
import shutil
from importlib.resources import files
from pathlib import Path

from click.testing import CliRunner

from auditgraph.cli import cli
from auditgraph.graph import Graph

SAMPLE = Path(str(files("auditgraph.sample")))


def test_marked_copy_is_hidden_from_filing_list_and_readable_by_eval(graph: Graph, neo4j_connection, tmp_path, monkeypatch):
    from auditgraph.loader.filing import FilingLoader
    from auditgraph.loader.taxonomy import load_taxonomies

    graph.run_script("schema.constraints")
    load_taxonomies(graph, [SAMPLE / "taxonomy"])
    copy = tmp_path / "copy"
    shutil.copytree(SAMPLE / "filing", copy, copy_function=shutil.copyfile)
    (copy / "smpl-20251231.xml").rename(copy / "smplcopy-20251231.xml")
    with FilingLoader(graph, [SAMPLE / "taxonomy"]) as loader:
        original = loader.load(SAMPLE / "filing").id
        copy_id = loader.load(copy).id
    assert copy_id != original
    assert graph.write("eval.mark_copy", filing_id=copy_id)[0]["marked"] == 1

    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    if neo4j_connection.password is not None:
        monkeypatch.setenv("NEO4J_PASSWORD", neo4j_connection.password)
    res = CliRunner().invoke(cli, ["filing", "list", "--json"])
    assert res.exit_code == 0, res.output
    assert [f["id"] for f in json.loads(res.stdout)] == [original]
    assert [r["id"] for r in graph.read("checks.loaded_filings")] == [original]
    assert [r["id"] for r in graph.read("verify.filings")] == [original]
    assert [r["id"] for r in graph.read("eval.loaded_filings")] == [original]
    # the eval still finds the copy and its facts
    assert [r["id"] for r in graph.read("eval.copies")] == [copy_id]
    assert graph.read("filing.get", filing_id=copy_id)
    fact_id = graph.read("verify.facts", filing_id=original, qnames=["us-gaap:Revenues"])[0]["fact_id"]
    assert graph.read("eval.fact_location", filing_id=copy_id, fact_id=fact_id)
