"""End to end over the real catalog and a real graph: `--llm none` reproduces the checkers,
a scripted model through the local HTTP server drives tool calls, the gate, the senior and the
fusion, and a warm cache replays the run byte for byte with zero model calls."""

from __future__ import annotations

import json

import anyio
from click.testing import CliRunner
from handbuilt import FilingBuilder

from auditgraph.agents.auditflow import audit_case
from auditgraph.agents.cache import ModelCache
from auditgraph.agents.case_records import RULE_PRIORITY, canonical_json
from auditgraph.agents.junior_loop import AuditConfig
from auditgraph.agents.policy import ModelPolicy
from auditgraph.agents.replay_server import ReplayServer
from auditgraph.agents.role_client import ChatClient
from auditgraph.agents.role_tools import case_args, catalog_toolbox
from auditgraph.agents.session import audit_cases, filing_cases
from auditgraph.checks.audit import audit_filing
from auditgraph.cli import cli
from auditgraph.llm.providers import ModelSpec

IS = "http://example.com/role/IncomeStatement"
BS = "http://example.com/role/BalanceSheet"
FID = "hb-agents"


def build(graph) -> str:
    """Gross profit 50,000 reported where revenues 100,000 less cost 60,000 give 40,000 (0126);
    inventory reported at -5,000 (0015); cash is clean."""
    b = FilingBuilder(FID)
    b.role(IS, "100 - Statement - Income Statement")
    b.role(BS, "200 - Statement - Balance Sheet")
    b.calc(IS, "us-gaap:GrossProfit", [("us-gaap:Revenues", 1), ("us-gaap:CostOfRevenue", -1)])
    b.fact("us-gaap:Revenues", "100000", balance="credit")
    b.fact("us-gaap:CostOfRevenue", "60000", balance="debit")
    b.fact("us-gaap:GrossProfit", "50000", balance="credit")
    b.fact("us-gaap:InventoryNet", "-5000", period="instant", balance="debit")
    b.fact("us-gaap:Cash", "7000", period="instant", balance="debit")
    return b.write(graph)


def test_llm_none_reproduces_the_checkers_findings(graph):
    build(graph)
    report = audit_filing(graph, FID, rules=("0015", "0117", "0126"))
    cases = filing_cases(graph, FID)
    assert {c.concept for c in cases} == {f.concept for f in report.findings} >= {"us-gaap:GrossProfit", "us-gaap:InventoryNet"}
    arts = audit_cases(graph, cases, "none")
    for case, art in zip(cases, arts):
        mine = [f for f in report.findings if (f.concept, f.period) == (case.concept, case.period)]
        best = min(mine, key=lambda f: RULE_PRIORITY.index(f.rule_id))
        assert art.status == "ok" and art.verdict == "violation"
        assert set(art.rules) == {f.rule_id for f in mine}
        assert (art.extracted_value, art.calculated_value) == (best.reported_value, best.expected_value)
        assert art.K == "0" and art.rounds == 0 and art.trace["A1"]["gate_rejections"] == 0
    gp = next(a for a in arts if a.concept == "us-gaap:GrossProfit")
    assert (gp.extracted_value, gp.calculated_value, gp.rules) == ("50000", "40000", ("DQC.US.0126",))
    inv = next(a for a in arts if a.concept == "us-gaap:InventoryNet")
    assert (inv.extracted_value, inv.calculated_value, inv.rules) == ("-5000", "5000", ("DQC.US.0015",))


def _script(box, case):
    def tc(name):
        return {"tool_calls": [{"name": name, "arguments": case_args(box.specs[name], case)}]}

    def final(rules, verdict="violation", **extra):
        return {"tool_calls": [{"name": "final_report", "arguments": {"verdict": verdict, "rules": rules, **extra}}]}

    return {
        "A1": [
            {"tool_calls": [{"name": "check_calc_tree", "arguments": {"concpt": "GrossProfit"}}]},  # hallucinated args
            tc("get_concept_metadata"),
            tc("check_calc_tree"),
            final(["DQC.US.0126"]),  # gate refuses
            tc("check_sign"),
            tc("check_dim_consistency"),
            final(["DQC.US.0126"]),
            final(["DQC.US.0126"]),
        ],
        "A2": [
            tc("get_fact_history"),
            tc("check_sign"),
            tc("check_calc_tree"),
            tc("check_dim_consistency"),
            final(
                [],
                verdict="consistent",
                overrides=[{"rule": "DQC.US.0015", "justification": "prior period negative", "expected_value": "50000"}],
            ),
            final(["DQC.US.0126"]),
        ],
        "AS": [{"content": "A1: the calculation finding stands.\nA2: no sign evidence; drop the override."}],
    }


def test_scripted_model_over_the_real_catalog_and_cache_replay(graph, tmp_path):
    build(graph)
    box = catalog_toolbox(graph)
    case = next(c for c in filing_cases(graph, FID) if c.concept == "us-gaap:GrossProfit")
    with ReplayServer(_script(box, case)) as srv:
        spec = ModelSpec.parse("openai-compatible:replay", base_url=srv.base_url, max_retries=0)
        client = ChatClient(spec, ModelCache(tmp_path / "cache"))
        art, traj = audit_case(case, ModelPolicy(client), box, AuditConfig())
        assert srv.remaining() == {"A1": 0, "A2": 0, "AS": 0}
    assert art.trace["A1"]["gate_rejections"] == 1 and art.rounds == 1 and art.agreement
    bad = traj["agents"]["A1"]["invocations"][0]["events"][0]
    assert not bad["ok"] and "filing_id" in bad["observation"]["message"] and art.trace["A1"]["tool_errors"] == 1
    assert (art.verdict, art.rules, art.extracted_value, art.calculated_value) == (
        "violation",
        ("DQC.US.0126",),
        "50000",
        "40000",
    )
    first_a2 = traj["agents"]["A2"]["invocations"][0]["events"][-1]["report"]
    assert first_a2["rules"] == ["DQC.US.0015", "DQC.US.0126"]  # the override made them disagree
    calcs = [e for e in traj["agents"]["A1"]["invocations"][0]["events"] if e.get("tool") == "check_calc_tree"]
    assert [e["ok"] for e in calcs] == [False, True]
    # replay with the server gone: zero model calls, identical bytes
    again = ChatClient(spec, ModelCache(tmp_path / "cache"))
    art2, traj2 = audit_case(case, ModelPolicy(again), catalog_toolbox(graph), AuditConfig())
    assert again.calls == 0 and art2.to_json() == art.to_json() and canonical_json(traj2) == canonical_json(traj)


def test_cli_audit_run_resume_and_checker_only_fallback(graph, neo4j_connection, tmp_path, monkeypatch):
    build(graph)
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    monkeypatch.delenv("AUDITGRAPH_LLM", raising=False)
    out = tmp_path / "run.jsonl"
    res = CliRunner().invoke(cli, ["agents", "audit", FID, "--llm", "none", "--out", str(out), "--json"])
    assert res.exit_code == 0, res.output
    payload = json.loads(res.stdout)
    assert payload["summary"]["violations"] == 2 and payload["summary"]["model_calls"] == 0
    lines = out.read_text().splitlines()
    assert {json.loads(x)["answer"]["calculated_value"] for x in lines} == {"40000", "5000"}
    assert len((tmp_path / "run.trajectory.jsonl").read_text().splitlines()) == 2
    cases = tmp_path / "cases.jsonl"
    cases.write_text(
        "".join(
            json.dumps(
                {
                    "case_id": json.loads(x)["case_id"],
                    "filing_id": FID,
                    "concept": json.loads(x)["concept"],
                    "period": json.loads(x)["period"],
                    "reference_rule": "DQC.US.0126",
                }
            )
            + "\n"
            for x in lines
        )
    )
    res = CliRunner().invoke(cli, ["agents", "run", str(cases), "--llm", "none", "--out", str(out), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["summary"]["resumed"] == 2 and out.read_text().splitlines() == lines
    res = CliRunner().invoke(cli, ["agents", "run", str(cases), "--out", str(tmp_path / "co.jsonl"), "--json"])
    assert res.exit_code == 0 and "No model configured" in res.stderr
    co = [json.loads(x) for x in (tmp_path / "co.jsonl").read_text().splitlines()]
    assert {c["system"] for c in co} == {"checker-only"} and {c["calculated_value"] for c in co} == {"40000", "5000"}


def test_mcp_server_serves_the_catalog(graph):
    from mcp import Client

    from auditgraph.app.mcp_server import build_server

    build(graph)
    box = catalog_toolbox(graph)
    case = next(c for c in filing_cases(graph, FID) if c.concept == "us-gaap:GrossProfit")

    async def main():
        async with Client(build_server(box)) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            result = await client.call_tool("check_calc_tree", case_args(box.specs["check_calc_tree"], case))
            bad = await client.call_tool("no_such_tool", {})
            return names, result, bad

    names, result, bad = anyio.run(main)
    assert {"check_sign", "check_calc_tree", "check_dim_consistency", "get_fact_history"} <= names
    assert not result.is_error and "40000" in result.content[0].text
    assert bad.is_error and "no_such_tool" in bad.content[0].text


def test_mcp_over_stdio_with_schema_and_guarded_cypher(graph, neo4j_connection):
    """`auditgraph mcp` (also `auditgraph agents mcp`) as a subprocess, driven by the MCP SDK's stdio client."""
    import os
    import sys
    from pathlib import Path

    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    build(graph)
    exe = Path(sys.executable).with_name("auditgraph")
    env = {**os.environ, "NEO4J_URI": neo4j_connection.uri}
    if neo4j_connection.password:
        env["NEO4J_PASSWORD"] = neo4j_connection.password
    params = StdioServerParameters(command=str(exe), args=["mcp"], env=env)

    async def main():
        async with Client(params, read_timeout_seconds=60) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            schema = await client.call_tool("get_graph_schema", {})
            rows = await client.call_tool(
                "investigate_cypher",
                {"query": "MATCH (f:Fact {filing_id: $f}) RETURN f.value AS v", "params": {"f": FID}, "limit": 2},
            )
            write = await client.call_tool("investigate_cypher", {"query": "MATCH (f:Filing) SET f.x = 1 RETURN f"})
            fact = await client.call_tool("get_fact", {"filing_id": FID, "concept": "us-gaap:GrossProfit"})
            return names, schema, rows, write, fact

    names, schema, rows, write, fact = anyio.run(main)
    assert {"check_calc_tree", "get_fact_history", "get_graph_schema", "investigate_cypher"} <= names
    assert "Fact" in schema.structured_content["node_props"]
    assert rows.structured_content["row_count"] == 2 and "first 2 rows" in rows.structured_content["message"]
    assert write.is_error and "only read queries" in write.content[0].text
    assert fact.structured_content["rows"][0]["value"] == "50000"
    assert graph.driver.execute_query("MATCH (f:Filing) WHERE f.x IS NOT NULL RETURN count(f) AS n").records[0]["n"] == 0


def test_cli_with_a_model_endpoint_then_from_the_warm_cache(graph, neo4j_connection, tmp_path, monkeypatch):
    """`agents run --llm openai-compatible:… --base-url …` against the replay server, then the same
    command with the server gone: zero model calls and the same bytes."""
    build(graph)
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    box = catalog_toolbox(graph)
    case = next(c for c in filing_cases(graph, FID) if c.concept == "us-gaap:GrossProfit")
    cases = tmp_path / "cases.jsonl"
    cases.write_text(case.model_dump_json() + "\n")
    with ReplayServer(_script(box, case)) as srv:
        args = [
            "agents",
            "run",
            str(cases),
            "--llm",
            "openai-compatible:replay",
            "--base-url",
            srv.base_url,
            "--max-retries",
            "0",
            "--cache",
            str(tmp_path / "cache"),
            "--json",
        ]
        res = CliRunner().invoke(cli, args + ["--out", str(tmp_path / "a.jsonl")])
        assert res.exit_code == 0, res.output
        first = json.loads(res.stdout)["summary"]
        assert first["model_calls"] == len(srv.requests) > 10 and first["violations"] == 1
    res = CliRunner().invoke(cli, args + ["--out", str(tmp_path / "b.jsonl")])
    second = json.loads(res.stdout)["summary"]
    assert (second["model_calls"], second["cache_hits"]) == (0, first["model_calls"])
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    assert (tmp_path / "a.trajectory.jsonl").read_bytes() == (tmp_path / "b.trajectory.jsonl").read_bytes()


def test_a_compliant_fact_is_consistent_with_its_own_value(graph):
    build(graph)
    from auditgraph.agents.case_records import Case

    case = Case(case_id="cash", filing_id=FID, concept="us-gaap:Cash", period="instant:2024-12-31")
    (art,) = audit_cases(graph, [case], "none")
    # both juniors: no rule, value resolved -> m(c) = .9 each; m*(c) = .81 + .09 + .09 = .99
    assert (art.verdict, art.rules, art.extracted_value, art.calculated_value) == ("consistent", (), "7000", "7000")
    assert (art.K, art.tau, art.masses["fused"]["c"]) == ("0", "0.99", "0.99")
