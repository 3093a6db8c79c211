"""`auditgraph mcp` as an MCP client sees it (issue 19): from "what filings are there?" to an audit and a
verified claim with no Cypher, over stdio against a real Neo4j.

One conversation runs once per module (the server starts, loads the bundled sample filing through
`load_filing`, lists, audits, checks and verifies); the tests read its answers. The database holds only
the sample taxonomy when the conversation starts.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import sys
from importlib.resources import files
from pathlib import Path
from typing import Any

import anyio
import jsonschema
import pytest

from auditgraph.graph import Graph

REPO = Path(__file__).resolve().parent.parent
SAMPLE = Path(str(files("auditgraph.sample")))
SMPL = "smpl-20251231"
OPEX = "What were total operating expenses for fiscal {} (in thousands)?"
READ_ONLY = {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False}


@pytest.fixture(scope="module")
def conversation(neo4j_connection, tmp_path_factory) -> dict[str, Any]:
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    from auditgraph.app.mcp_server import GRAPH_MODEL_URI, QUERIES_URI
    from auditgraph.loader.taxonomy import load_taxonomies

    with Graph(neo4j_connection) as g:
        g.write("db.wipe")
        g.run_script("schema.constraints")
        load_taxonomies(g, [SAMPLE / "taxonomy"])
    home = tmp_path_factory.mktemp("mcp-home")
    env = {
        **os.environ,
        "NEO4J_URI": neo4j_connection.uri,
        # no packages remembered from the user's `taxonomy load`: the sample loads with the bundled taxonomy only
        "AUDITGRAPH_CONFIG_DIR": str(home / "config"),
        "AUDITGRAPH_DATA_DIR": str(home / "data"),
    }
    if neo4j_connection.password:
        env["NEO4J_PASSWORD"] = neo4j_connection.password
    exe = Path(sys.executable).with_name("auditgraph")
    params = StdioServerParameters(command=str(exe), args=["mcp"], env=env)
    out: dict[str, Any] = {}

    async def main() -> None:
        async with Client(params, read_timeout_seconds=300) as client:
            call = client.call_tool
            out["server"] = client.server_info
            out["tools"] = {t.name: t for t in (await client.list_tools()).tools}
            out["prompts"] = {p.name: p for p in (await client.list_prompts()).prompts}
            out["audit_prompt"] = await client.get_prompt("audit_this_filing", {"filing": "SMPL 10-K 2025"})
            out["verify_prompt"] = await client.get_prompt(
                "verify_this_claim", {"filing": SMPL, "claim": "Revenue was $12.5 million in 2025"}
            )
            out["resources"] = {str(r.uri): r for r in (await client.list_resources()).resources}
            out["graph_model"] = await client.read_resource(GRAPH_MODEL_URI)
            out["queries"] = await client.read_resource(QUERIES_URI)
            out["none_yet"] = await call("list_filings", {})
            out["bad_path"] = await call("load_filing", {"path": str(home / "no-such-filing.xml")})
            out["load"] = await call("load_filing", {"path": str(SAMPLE / "filing")})
            out["load_again"] = await call("load_filing", {"path": str(SAMPLE / "filing")})
            out["filings"] = await call("list_filings", {})
            out["taxonomies"] = await call("list_taxonomies", {})
            listed = out["filings"].structured_content["filings"][0]
            words = f"{listed['ticker']} {listed['form']} {str(listed['period_end'])[:4]}"  # what a user types
            out["words"] = words
            out["audit"] = await call("audit_filing", {"filing_id": words})
            out["check"] = await call("check_calc_tree", {"filing_id": words, "concept": "us-gaap:Assets"})
            out["verified"] = await call(
                "verify_claim", {"filing_id": listed["id"], "question": OPEX.format(2025), "claim": "2,000"}
            )
            out["violated"] = await call("verify_claim", {"filing_id": words, "question": OPEX.format(2024), "claim": "2,000"})
            out["sentence"] = await call("verify_claim", {"filing_id": words, "claim": "Revenue was $12.5 million in 2025"})
            out["unknown_filing"] = await call("get_fact", {"filing_id": "NOPE 10-K 1999", "concept": "us-gaap:Assets"})

    anyio.run(main)
    return out


def _valid(conversation: dict[str, Any], name: str, result: Any) -> dict[str, Any]:
    """The structured content, checked against the tool's declared output schema."""
    schema = conversation["tools"][name].output_schema
    jsonschema.validate(result.structured_content, schema)
    assert json.loads(result.content[0].text) == result.structured_content
    return result.structured_content


def test_server_version_titles_hints_and_output_schemas(conversation):
    assert conversation["server"].name == "auditgraph"
    assert conversation["server"].version == importlib.metadata.version("auditgraph") != ""
    tools = conversation["tools"]
    assert {
        "list_filings",
        "list_taxonomies",
        "load_filing",
        "audit_filing",
        "verify_claim",
        "check_calc_tree",
        "ask_filing",
    } <= set(tools)
    for name, tool in tools.items():
        assert tool.title and tool.annotations and tool.annotations.title == tool.title, name
        assert tool.output_schema and tool.output_schema["type"] == "object", name
        jsonschema.Draft202012Validator.check_schema(tool.output_schema)
        hints = tool.annotations.model_dump(by_alias=True, exclude_none=True)
        hints.pop("title")
        if name == "load_filing":  # writes the graph; force replaces (deletes) a filing's old copy; loading twice is a no-op
            assert hints == {**READ_ONLY, "readOnlyHint": False, "destructiveHint": True}
        elif name == "ask_filing":  # reads only, but asks a model outside: an open world, not idempotent
            assert hints["readOnlyHint"] is True and hints["openWorldHint"] is True, hints
        else:
            assert hints == READ_ONLY, name
    assert "id, accession" in tools["get_fact"].input_schema["properties"]["filing_id"]["description"]


def test_every_catalog_tool_has_its_own_title_and_schema():
    from auditgraph.agents.environment import CYPHER_SPEC, SCHEMA_SPEC
    from auditgraph.app.mcp_server import CATALOG
    from auditgraph.tools.catalog import ALL_TOOLS

    assert set(CATALOG) == {*ALL_TOOLS, SCHEMA_SPEC.name, CYPHER_SPEC.name}


def test_list_then_load_the_sample_then_list_with_coverage(conversation):
    none_yet = _valid(conversation, "list_filings", conversation["none_yet"])
    assert none_yet["status"] == "no_data" and none_yet["filings"] == [] and "load_filing" in none_yet["message"]
    load = _valid(conversation, "load_filing", conversation["load"])
    assert not conversation["load"].is_error and load["filing"]["id"] == SMPL and load["filing"]["status"] == "loaded"
    again = _valid(conversation, "load_filing", conversation["load_again"])
    assert again["filing"]["status"] == "unchanged"  # idempotent
    filings = _valid(conversation, "list_filings", conversation["filings"])["filings"]
    assert [f["id"] for f in filings] == [SMPL]
    (f,) = filings
    assert (f["ticker"], f["form"], f["period_end"]) == ("SMPL", "10-K", "2025-12-31")
    assert f["facts"] == 66 and isinstance(f["placeholder_facts"], int) and f["coverage"]
    releases = _valid(conversation, "list_taxonomies", conversation["taxonomies"])["releases"]
    assert any(r["sample"] and r["key"].startswith("us-gaap/") for r in releases)


def test_a_bad_path_is_a_tool_error_with_one_line(conversation):
    bad = conversation["bad_path"]
    assert bad.is_error
    message = bad.structured_content["message"]
    assert "no-such-filing.xml" in message and "\n" not in message and "Traceback" not in bad.content[0].text


def test_audit_and_check_by_ticker_form_period_words(conversation):
    assert conversation["words"] == "SMPL 10-K 2025"
    audit = _valid(conversation, "audit_filing", conversation["audit"])
    assert audit["filing_id"] == SMPL and audit["verdict"] == "violations"
    assert any(f["rule_id"] == "DQC.US.0126" and f["concept"] == "us-gaap:Assets" for f in audit["findings"])
    assert audit["message"].startswith("violations (")
    check = _valid(conversation, "check_calc_tree", conversation["check"])
    assert check["outcome"] == "violation" and check["violations"] >= 1


def test_verify_claim_verified_violated_and_a_sentence(conversation):
    verified = _valid(conversation, "verify_claim", conversation["verified"])
    assert verified["decision"] == "Verified" and verified["verdict"]["filing_id"] == SMPL
    assert {b["fact_id"] for b in verified["verdict"]["bindings"]}
    violated = _valid(conversation, "verify_claim", conversation["violated"])
    assert violated["decision"] == "Violated" and violated["verdict"]["direction"] == "overstates" and violated["verdict"]["core"]
    sentence = _valid(conversation, "verify_claim", conversation["sentence"])
    assert sentence["mode"] == "sentence" and sentence["decision"] == "Verified", sentence["reason"]


def test_an_unknown_filing_is_a_one_line_error(conversation):
    bad = conversation["unknown_filing"]
    assert bad.is_error and "NOPE 10-K 1999" in bad.structured_content["message"]
    assert "\n" not in bad.structured_content["message"]


def test_prompts_name_the_tools_in_order(conversation):
    prompts = conversation["prompts"]
    assert set(prompts) == {"audit_this_filing", "verify_this_claim", "ask_this_filing"}  # the last from verifier.ask
    assert [a.name for a in prompts["audit_this_filing"].arguments] == ["filing"]
    assert [a.name for a in prompts["verify_this_claim"].arguments] == ["filing", "claim"]
    assert [a.name for a in prompts["ask_this_filing"].arguments] == ["filing", "question"]
    assert all(p.title and p.description for p in prompts.values())
    audit = conversation["audit_prompt"].messages[0].content.text
    assert "SMPL 10-K 2025" in audit
    assert audit.index("list_filings") < audit.index("audit_filing") < audit.index("check_calc_tree")
    verify = conversation["verify_prompt"].messages[0].content.text
    assert "Revenue was $12.5 million in 2025" in verify and verify.index("list_filings") < verify.index("verify_claim")


def test_resources_graph_model_and_query_catalog(conversation):
    from auditgraph import queries
    from auditgraph.app.mcp_server import GRAPH_MODEL_URI, QUERIES_URI

    assert set(conversation["resources"]) == {GRAPH_MODEL_URI, QUERIES_URI}
    assert all(r.title and r.description and r.mime_type for r in conversation["resources"].values())
    (model,) = conversation["graph_model"].contents
    assert model.mime_type == "text/markdown" and model.text == (REPO / "docs" / "graph-model.md").read_text(encoding="utf-8")
    (cat,) = conversation["queries"].contents
    fams = json.loads(cat.text)
    assert cat.mime_type == "application/json" and fams == json.loads(queries.families_json(queries.families()))
    names = {q["name"] for f in fams for q in f["queries"]}
    assert "filing.list" in names and all(q["mode"] == "read" for f in fams for q in f["queries"])


def test_graph_model_ships_as_package_data():
    """The resource is read from the package (agents/graph-model.md), which is docs/graph-model.md."""
    link = REPO / "agents" / "graph-model.md"
    assert link.resolve() == (REPO / "docs" / "graph-model.md").resolve()
    from auditgraph.app.mcp_server import graph_model_text

    assert graph_model_text().startswith("# Graph model")
