"""Issue 19, "Done when", walked end to end as a new user on a fresh machine: a fresh AUDITGRAPH_CONFIG_DIR and
AUDITGRAPH_DATA_DIR, a terminal 80 columns wide, every command in its own process (as a shell runs it) against the
real Neo4j of the conftest.

`auditgraph demo` loads the bundled sample; `filing list` shows every id whole at 80 columns; `queries --browser`
prints a block that runs as pasted, no editing; `neo4j guide` serves its slides; the `audit` headline counts are the
findings it shows; and an MCP client goes from "what filings are there?" to an audit and a verified claim with no
Cypher. The Browser itself (the printed URL, the guide's ▶ buttons) is tests/test_browser_chromium.py's.
"""

from __future__ import annotations

import json
import os
import re
import sys
import urllib.request
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import anyio
import pytest
from cli_process import auditgraph, served_guide

from auditgraph import queries, server
from auditgraph.browser import guide
from auditgraph.config import Connection
from auditgraph.graph import Graph

SMPL = "smpl-20251231"
WIDTH = 80


@pytest.fixture(scope="module")
def user(neo4j_connection: Connection, tmp_path_factory: pytest.TempPathFactory) -> SimpleNamespace:
    """A new user's shell: nothing configured, an empty database, then `auditgraph demo`."""
    with Graph(neo4j_connection) as g:
        g.write("db.wipe")
    home = tmp_path_factory.mktemp("new-user")
    env = {k: v for k, v in os.environ.items() if k not in ("NEO4J_DATABASE", "AUDITGRAPH_DEBUG", "NEO4J_PASSWORD")}
    env.update(
        NEO4J_URI=neo4j_connection.uri,
        AUDITGRAPH_CONFIG_DIR=str(home / "config"),
        AUDITGRAPH_DATA_DIR=str(home / "data"),
        COLUMNS=str(WIDTH),
        LINES="40",
    )
    if neo4j_connection.password is not None:
        env["NEO4J_PASSWORD"] = neo4j_connection.password
    demo = auditgraph(env, "demo")
    assert demo.returncode == 0, demo.stdout + demo.stderr
    assert f"Filing {SMPL}: loaded (66 facts)" in demo.stdout
    assert not (home / "data" / "neo4j").exists()  # an external server (NEO4J_URI): nothing installed or started
    return SimpleNamespace(env=env, home=home, demo=demo, conn=neo4j_connection)


def _cells(table: str) -> list[list[str]]:
    """The body rows of a rich table as cell texts (box-drawing borders stripped)."""
    return [[c.strip() for c in ln.strip().strip("│").split("│")] for ln in table.splitlines() if ln.lstrip().startswith("│")]


def _finding_rows(text: str) -> list[tuple[str, str, str, str]]:
    """(rule, concept, period, reported) of each finding row, from the flat table (rule, concept, reported,
    expected, period, ...) or the grouped layout (a `RULE concept` line above rows of period, reported, ...)."""
    out, group = [], None
    for ln in text.splitlines():
        if ln.lstrip().startswith("│"):
            c = [x.strip() for x in ln.strip().strip("│").split("│")]
            out.append((*group, c[0], c[1]) if group else (c[0], c[1], c[4], c[2]))
        elif ln.strip() and ln.strip()[0] not in "┏┃┡└":
            rule, _, concept = ln.strip().partition(" ")
            group = (rule, concept.split(" [")[0])  # the group line names its dimensions after the concept
    return out


def test_filing_list_at_80_columns_shows_every_id_whole(user):
    listed = auditgraph(user.env, "filing", "list")
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert max(len(ln) for ln in lines) <= WIDTH, listed.stdout
    ids = [r["id"] for r in json.loads(auditgraph(user.env, "filing", "list", "--json").stdout)]
    assert ids == [SMPL]
    rows = _cells(listed.stdout)
    assert [r[0] for r in rows] == ids  # on one line each, not cut or folded
    header = next(ln for ln in lines if "┃" in ln)
    assert [h.strip() for h in header.strip("┃ ").split("┃")][:5] == ["id", "form", "ticker", "period_end", "facts"]
    assert rows[0][1:5] == ["10-K", "SMPL", "2025-12-31", "66"]


def _run_pasted(conn: Connection, block: str) -> list[dict[str, Any]]:
    """Do what the Browser does with a pasted block: each `:param name => expr;` evaluates expr on the server,
    then the query runs with those parameters."""
    head, _, body = block.partition("\n\n")
    params: dict[str, Any] = {}
    with Graph(conn) as g:
        for line in head.splitlines():
            m = re.fullmatch(r":param (\w+) => (.+);", line)
            assert m, f"not a :param line the Browser takes: {line!r}"
            params[m.group(1)] = g.driver.execute_query(f"RETURN {m.group(2)} AS v").records[0]["v"]
        return [r.data() for r in g.driver.execute_query(body, params).records]


@pytest.mark.parametrize(
    ("name", "args", "check"),
    [
        ("tools.filing", ("filing_id=" + SMPL,), lambda rows: rows[0]["id"] == SMPL and rows[0]["status"] == "loaded"),
        ("filing.graph", ("filing_id=" + SMPL, "limit=3"), lambda rows: len(rows) >= 1),  # $limit stays an INTEGER
    ],
)
def test_queries_browser_prints_a_block_that_runs_as_pasted(user, name, args, check):
    out = auditgraph(user.env, "queries", "--browser", name, *(a for kv in args for a in ("--param", kv)))
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    block = out.stdout.strip()
    assert block.partition("\n\n")[2] == queries.get(name).text.strip()  # the query file whole: nothing wrapped at 80
    assert check(_run_pasted(user.conn, block))


def test_neo4j_guide_serves_its_slides_for_the_loaded_filing(user):
    with served_guide(user.env, server.free_port()) as served:
        assert served.filing_id == SMPL  # the default: the loaded filing with most facts
        assert f":guide {served.url}" in served.output
        with urllib.request.urlopen(served.url, timeout=30) as resp:
            assert resp.status == 200 and resp.headers["Access-Control-Allow-Origin"] == "*"
            text = resp.read().decode("utf-8")
    with Graph(user.conn) as g:
        assert text == guide.render(g, SMPL)  # what tests/test_browser.py checks step by step, served as is
    titles = re.findall(r"<slide>\n<h3>([^<]+)</h3>", text)
    assert titles[0] == "Two graphs and a bridge" and titles[-1] == "Next" and "Filings" in titles
    assert f':param filing_id =&gt; "{SMPL}";' in text


def test_audit_headline_counts_are_the_findings_it_shows(user):
    table = auditgraph(user.env, "audit", SMPL)
    assert table.returncode == 0, table.stderr
    report = json.loads(auditgraph(user.env, "audit", SMPL, "--json").stdout)
    flat = " ".join(ln.strip() for ln in table.stdout.splitlines())  # the title may wrap at 80 columns
    m = re.search(r"violations \((\d+): (\d+) DQC, (\d+) CALC11\)", flat)
    assert m, table.stdout
    total, dqc, calc = (int(x) for x in m.groups())
    assert (dqc, calc) == (len(report["findings"]), len(report["calc11"])) and total == dqc + calc > 0

    summary, _, findings = table.stdout.partition("Findings")
    per_rule = {r[0]: int(r[2]) for r in _cells(summary)}  # rule, evaluated, violations, ...
    assert sum(per_rule.values()) == total
    shown = _finding_rows(findings)
    assert len(shown) == total  # one row per finding, none hidden, none extra
    listed = report["findings"] + report["calc11"]
    # rule, concept, period and value of each, whole: what tells one finding from the next
    expected = [(f["sub_rule"], f["concept"] or "", f["period"] or "", f["reported_value"] or "") for f in listed]
    assert sorted(shown) == sorted(expected)  # a structural finding may name no period or value: an empty cell
    assert f"violations ({total}: {dqc} DQC, {calc} CALC11)" in user.demo.stdout.replace("\n", " ")  # demo says the same


def test_an_mcp_client_goes_from_the_filings_to_an_audit_and_a_verified_claim(user):
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    exe = Path(sys.executable).with_name("auditgraph")
    params = StdioServerParameters(command=str(exe), args=["mcp"], env=user.env)
    out: dict[str, Any] = {}

    async def main() -> None:
        async with Client(params, read_timeout_seconds=300) as client:
            out["filings"] = (await client.call_tool("list_filings", {})).structured_content
            fid = out["filings"]["filings"][0]["id"]
            out["audit"] = (await client.call_tool("audit_filing", {"filing_id": fid})).structured_content
            question = "What were total operating expenses for fiscal 2025 (in thousands)?"
            args = {"filing_id": fid, "question": question, "claim": "2,000"}
            out["claim"] = (await client.call_tool("verify_claim", args)).structured_content

    anyio.run(main)
    assert [f["id"] for f in out["filings"]["filings"]] == [SMPL]
    audit = out["audit"]
    assert audit["filing_id"] == SMPL and audit["verdict"] == "violations"
    n = len(audit["findings"]) + len(audit["calc11"])
    assert audit["message"].startswith(f"violations ({n}: {len(audit['findings'])} DQC, {len(audit['calc11'])} CALC11)")
    assert out["claim"]["decision"] == "Verified", out["claim"]


def test_demo_prints_its_next_commands_whole_at_80_columns(user):
    nxt = next(ln for ln in user.demo.stdout.splitlines() if ln.startswith("Next: "))
    assert nxt.endswith(f"auditgraph audit {SMPL} --json"), nxt  # a command cut in two cannot be pasted back
