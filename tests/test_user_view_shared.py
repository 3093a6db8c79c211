"""Issue 37, what a user reads about a real filing (ADN_FY_2023, from ../shared):

- the Browser guide: every `:param` block and query is run from the guide's own HTML, every shell command it
  shows is run as written, every Concept node the filing reports has a caption (the local name where a release
  has no labels);
- `auditgraph case` without dimensions answers for the non-dimensional fact;
- `agents audit` names the findings of `audit` it does not audit, instead of "No checker finding"."""

from __future__ import annotations

import html
import json
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from auditgraph import browser
from auditgraph.browser import guide
from auditgraph.cli import cli
from auditgraph.config import Connection
from auditgraph.graph import Graph

FILING = "ADN_FY_2023"  # a 10-K on us-gaap 2025


@pytest.fixture(scope="module")
def adn(neo4j_connection: Connection, shared_dir: Path) -> Iterator[Graph]:
    """us-gaap, srt and sec 2025 (sec's dei concepts come without labels) and ADN_FY_2023, loaded as a user loads them."""
    from auditgraph.loader.filing import FilingLoader
    from auditgraph.loader.taxonomy import load_taxonomies

    g = Graph(neo4j_connection)
    g.write("db.wipe")
    g.run_script("schema.constraints")
    packages = [shared_dir / "taxonomies" / f"{t}-2025.zip" for t in ("us-gaap", "srt", "sec")]
    load_taxonomies(g, packages)
    with FilingLoader(g, packages) as loader:
        loader.load(shared_dir / "filings" / "xule-2025" / FILING)
    try:
        yield g
    finally:
        g.close()


def _blocks(text: str) -> list[str]:
    return [html.unescape(b) for b in re.findall(r'<pre class="code runnable">(.*?)</pre>', text, flags=re.S)]


def _param_block(block: str) -> dict[str, object]:
    """`:param name => literal;` lines as the Browser sets them (the guide's literals are JSON-compatible)."""
    pairs = re.findall(r"^:param (\w+) => (.*?);?$", block, flags=re.M)
    return {name: json.loads(literal) for name, literal in pairs}


def test_every_query_of_the_guide_runs_from_its_own_text_and_finds_records(adn: Graph):
    text = guide.render(adn, FILING)
    params: dict[str, object] = {}
    ran: dict[str, int] = {}
    for block in _blocks(text):
        if block.startswith(":style"):
            continue
        if block.startswith(":param"):
            params = _param_block(block)  # ▶ on the :param block, then ▶ on the query below it
            continue
        name = re.match(r"// name: (\S+)", block)
        assert name, block
        wanted = set(re.findall(r"\$(\w+)", block))
        ran[name.group(1)] = len(adn.read_adhoc(block, {k: v for k, v in params.items() if k in wanted}, limit=1000).rows)
        params = {} if not wanted else params
    assert ran["taxonomy.dqc_rules"] > 0
    assert ran["taxonomy.dqc_list"] > 0  # the DQC slide's list is never empty
    assert "DQC.US.0014" in text  # 0015's neighbour in the dqcrules taxonomy, which has no 0015 list
    # every query finds something on a real filing, but the two that look for what ADN does not have
    assert {q for q, n in ran.items() if n == 0} <= {"filing.placeholder_facts", guide.PORTFOLIO_QUERY}, ran


def test_every_command_of_the_guide_runs_as_written(adn: Graph, neo4j_connection: Connection, monkeypatch, tmp_path):
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    monkeypatch.chdir(tmp_path)
    commands = [html.unescape(c) for c in re.findall(r"<code>(auditgraph [^<]+)</code>", guide.render(adn, FILING))]
    assert f"auditgraph audit {FILING} --format html > report.html" in commands
    for command in commands:
        words = shlex.split(command)
        if any(re.fullmatch(r"[A-Z]+(\.\w+)?", w) for w in words):  # PACKAGE.zip: a value the user fills in
            assert CliRunner().invoke(cli, [*(w for w in words[1:] if w.islower()), "--help"]).exit_code == 0, command
            continue
        target = words[words.index(">") + 1] if ">" in words else None
        args = words[1 : words.index(">")] if target else words[1:]
        r = CliRunner().invoke(cli, args)
        assert r.exit_code == 0, f"{command}: {r.output}"
        if target:
            (tmp_path / target).write_text(r.stdout, encoding="utf-8")
    assert (tmp_path / "report.html").read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")


def _caption(template: str, props: dict[str, object]) -> str:
    """What the Browser draws: each {property} replaced by its value, or by nothing when the node lacks it."""
    return re.sub(r"\{([^{}]*)\}", lambda m: str(props.get(m.group(1)) or ""), template).strip()


def test_every_concept_the_filing_reports_has_a_caption(adn: Graph):
    style = browser.style().read_text(encoding="utf-8")
    template = re.search(r"node\.Concept \{[^}]*?caption: \"([^\"]*)\"", style).group(1)
    rows = adn.read_adhoc(
        "MATCH (:Filing {id: $f})-[:HAS_FACT]->(:Fact)-[:REPORTS]->(c:Concept) "
        "RETURN DISTINCT c.name AS name, c.label AS label, c.release AS release",
        {"f": FILING},
        limit=5000,
    ).rows
    unlabelled = [r for r in rows if not r["label"]]
    assert unlabelled, "sec-2025's dei concepts come without labels: the case the caption must cover"
    assert all(_caption(template, r) == f"({r['name']})" for r in unlabelled)
    labelled = next(r for r in rows if r["label"])
    assert _caption(template, labelled) == f"{labelled['label']} ({labelled['name']})"


def _cli_json(*args: str) -> dict:
    r = CliRunner().invoke(cli, list(args))
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_case_without_dimensions_is_the_non_dimensional_fact(adn: Graph, neo4j_connection: Connection, monkeypatch):
    """GoodwillGross at 2022-12-31 is 30,030,000 in total and 631,000 for one acquisition (a member of an axis)."""
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    ask = ("case", "--filing", FILING, "--concept", "us-gaap:GoodwillGross", "--period", "instant:2022-12-31")
    total = _cli_json(*ask)
    assert (total["dimensions"], total["reported_value"], total["verdict"]) == ([], "30030000.0", "consistent")
    assert {(tuple(e["dimensions"]), e["reported_value"]) for e in total["evidence"]} == {((), "30030000.0")}
    member = "us-gaap:BusinessAcquisitionAxis=amcigroup.com:UltraCellLLCMember"
    one = _cli_json(*ask, "--dimension", member)
    assert (one["dimensions"], one["reported_value"]) == ([member], "631000.0")


def test_agents_audit_says_which_findings_of_audit_it_leaves_to_audit(adn: Graph, neo4j_connection, monkeypatch, tmp_path):
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    monkeypatch.setenv("COLUMNS", "80")
    report = _cli_json("audit", FILING, "--json")
    findings = len(report["findings"]) + len(report["calc11"])
    assert len(report["calc11"]) == 24
    r = CliRunner().invoke(cli, ["agents", "audit", FILING, "--llm", "none", "--out", str(tmp_path / "run.jsonl")])
    assert r.exit_code == 0, r.output
    said = " ".join(r.output.split())  # the note as one paragraph, however the terminal wrapped it
    assert "No checker finding" not in said
    assert f"The agents audit DQC.US.0015/0117/0126 only; `auditgraph audit {FILING}` reports {findings} more" in said
    assert "24 CALC11" in said and "DQC.US.0047" in said
    assert f"No DQC.US.0015/0117/0126 finding in {FILING} for the agents to audit" in said
    summary = _cli_json("agents", "audit", FILING, "--llm", "none", "--out", str(tmp_path / "run.jsonl"), "--json")["summary"]
    assert summary["not_audited"]["calc11"] == 24 and sum(summary["not_audited"].values()) == findings
