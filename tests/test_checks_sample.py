"""End to end: the bundled sample taxonomy and filing, loaded by the real loaders, audited.

The sample filing's README lists exactly three planted findings; the checker-only audit must
find those and nothing else."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from auditgraph.checks import audit_filing, check_calc_tree, check_dim_consistency, check_sign
from auditgraph.cli import cli, main
from auditgraph.graph import Graph

FILING = "smpl-20251231"


VALUE_RULES = ("0015", "0117", "0126", "calc11")  # the rules the sample's README plants findings for


def test_audit_finds_exactly_the_planted_findings(sample_filing_graph: Graph):
    report = audit_filing(sample_filing_graph, FILING, VALUE_RULES)
    found = {(r.sub_rule, r.concept, r.reported_value, r.expected_value) for r in report.findings}
    assert found == {
        ("DQC.US.0015.1964", "us-gaap:PaymentsToAcquirePropertyPlantAndEquipment", "-800000", "800000"),
        ("DQC.US.0126.9590", "us-gaap:Assets", "20000000", "19900000"),
        ("DQC.US.0117.9574", "us-gaap:Revenues", "12500000", "12000000"),
    }
    assert report.verdict == "violations" and report.form == "10-K" and report.period_end == "2025-12-31"
    assert [(r.concept, r.period) for r in report.calc11] == [("us-gaap:Assets", "instant:2025-12-31")]


def test_the_whole_rule_set_also_reports_what_the_small_sample_leaves_out(sample_filing_graph: Graph):
    # the sample is a few statements, not a whole 10-K: the structural families say what a real filing would have
    report = audit_filing(sample_filing_graph, FILING)
    structural = sorted(
        (r.sub_rule, r.concept) for r in report.findings if r.rule_id not in ("DQC.US.0015", "DQC.US.0117", "DQC.US.0126")
    )
    assert structural == SAMPLE_STRUCTURAL


SAMPLE_STRUCTURAL: list[tuple[str, str | None]] = [
    ("DQC.US.0001.81", "us-gaap:CorporateNonSegmentMember"),  # segment members the rule set does not allow on the axis
    ("DQC.US.0001.81", "us-gaap:IntersegmentEliminationMember"),
    ("DQC.US.0001.81", "us-gaap:OperatingSegmentsMember"),
    ("DQC.US.0004.9280", "us-gaap:Assets"),  # the planted Assets total against liabilities and equity
    ("DQC.US.0048.7482", "us-gaap:StatementOfCashFlowsAbstract"),  # a cash flow statement without calculations
    ("DQC.US.0057.7494", "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents"),
    ("DQC.US.0057.9728", "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents"),
    (
        "DQC.US.0062.7501",
        "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect",
    ),
    ("DQC.US.0166.10090", "smpl:ContractBacklog"),
    ("DQC.US.0170.10103", "ecd:Rule10b51ArrAdoptedFlag"),  # a 10-K without the insider trading arrangement flags
    ("DQC.US.0202.10702", None),  # a 10-K for a year ending after 2024-12-15 without the cybersecurity disclosures
]


def test_findings_carry_their_evidence(sample_filing_graph: Graph):
    [calc] = [r for r in check_calc_tree(sample_filing_graph, FILING) if r.status == "violation"]
    assert calc.network == "https://auditgraph.example/sample/2025/role/BalanceSheet"
    assert (calc.facts[0].fact_id, calc.tolerance, calc.difference) == ("f-bs-11", "3000", "100000")
    [dim] = [r for r in check_dim_consistency(sample_filing_graph, FILING) if r.status == "violation"]
    assert (dim.axis, dim.tolerance) == ("us-gaap:StatementBusinessSegmentsAxis", "2000")
    assert sorted((f.fact_id, f.value) for f in dim.facts if f.role == "member") == [("f-is-3", "8000000"), ("f-is-4", "4000000")]
    [sign] = [r for r in check_sign(sample_filing_graph, FILING) if r.status == "violation"]
    assert sign.facts[0].fact_id == "f-cf-7"


def test_income_statement_with_a_cube_is_left_to_other_rules(sample_filing_graph: Graph):
    assert not [r for r in check_calc_tree(sample_filing_graph, FILING) if "IncomeStatement" in (r.network or "")]


def test_cli_check_and_audit(sample_filing_graph: Graph, neo4j_connection, monkeypatch):
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    out = CliRunner().invoke(cli, ["check", FILING, "--rule", "0126", "--json"])
    assert out.exit_code == 0, out.output
    rows = [json.loads(line) for line in out.output.splitlines()]
    assert [(r["sub_rule"], r["status"]) for r in rows] == [("DQC.US.0126.9590", "violation")]
    out = CliRunner().invoke(cli, ["audit", FILING, "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["verdict"] == "violations"
    out = CliRunner().invoke(cli, ["audit", FILING, "--format", "jsonl", "--rules", "0015"])
    [sign] = [json.loads(x) for x in out.output.splitlines()]
    assert (sign["sub_rule"], sign["list_file"], sign["list_version"]) == (
        "DQC.US.0015.1964",
        "dqc_15_usgaap_2025_concepts.csv",
        "dqc_us_rules@07b8c75d04f2",
    )
    out = CliRunner().invoke(cli, ["check", FILING, "--rule", "0015"], env={"COLUMNS": "400"})
    assert "dqc_15_usgaap_2025_concepts.csv (dqc_us_rules@07b8c75d04f2)" in out.output
    assert "unknown rule(s) 9999" in str(CliRunner().invoke(cli, ["check", FILING, "--rule", "9999"]).exception)


def test_html_report_draws_each_finding_with_cypher_that_reproduces_it(sample_filing_graph: Graph):
    from auditgraph.checks.html_report import render_html, reproduce

    report = audit_filing(sample_filing_graph, FILING)
    page = render_html(report)
    findings = report.findings + report.calc11
    assert page.startswith("<!doctype html>") and page.count("<h3>") == len(findings)  # one section per finding
    for rule_id in {r.rule_id for r in findings}:  # grouped under one heading per family, with its count
        n = sum(1 for r in findings if r.rule_id == rule_id)
        assert f"<h2 id='{rule_id}'>{rule_id}: {n} finding(s)</h2>" in page
    assert "<h2 id='DQC.US.0126'>DQC.US.0126: 1 finding(s)</h2>" in page and "<h2 id='CALC11'>" in page
    assert "<td class='num diff'>100000</td>" in page and ":param role =&gt;" in page
    calc = next(r for r in report.findings if r.rule_id == "DQC.US.0126")
    name, params = reproduce(calc, FILING)
    rows = sample_filing_graph.read(name, **params)
    assert [(r["item"], r["concept"], [v.split(" ")[0] for v in r["values"]]) for r in rows] == [
        ("total", "us-gaap:Assets", ["20000000"]),
        ("child", "us-gaap:AssetsCurrent", ["12000000"]),
        ("child", "us-gaap:AssetsNoncurrent", ["7900000"]),
    ]
    dim = next(r for r in report.findings if r.rule_id == "DQC.US.0117")
    name, params = reproduce(dim, FILING)
    assert sorted(r["value"] for r in sample_filing_graph.read(name, **params)) == ["12500000", "4000000", "8000000"]


def test_case_artifact_picks_the_expected_value_by_rule_priority(sample_filing_graph: Graph, neo4j_connection, monkeypatch):
    from auditgraph.checks.case import translate

    results = [r for check in (check_sign, check_calc_tree, check_dim_consistency) for r in check(sample_filing_graph, FILING)]
    art = translate(FILING, "us-gaap:Assets", "instant:2025-12-31", results)
    assert (art.verdict, art.reported_value, art.expected_value, art.rules) == (
        "violation",
        "20000000",
        "19900000",
        ["DQC.US.0126"],
    )
    assert {p.target for p in art.path} == {"us-gaap:AssetsCurrent", "us-gaap:AssetsNoncurrent"}
    ok = translate(FILING, "us-gaap:Liabilities", "instant:2025-12-31", results)
    assert (ok.verdict, ok.expected_value) == ("consistent", "10000000")
    assert translate(FILING, "us-gaap:Nope", None, results).verdict == "not_evaluable"
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    out = CliRunner().invoke(
        cli, ["check", FILING, "--case", "--concept", "us-gaap:Revenues", "--period", "duration:2025-01-01/2025-12-31"]
    )
    assert out.exit_code == 0, out.output
    doc = json.loads(out.output)
    assert (doc["verdict"], doc["expected_value"], doc["rules"]) == ("violation", "12000000", ["DQC.US.0117"])
    out = CliRunner().invoke(cli, ["case", "--filing", FILING, "--concept", "us-gaap:Assets", "--period", "instant:2025-12-31"])
    assert out.exit_code == 0, out.output
    doc = json.loads(out.output)
    assert (doc["verdict"], doc["reported_value"], doc["expected_value"], doc["rules"]) == (
        "violation",
        "20000000",
        "19900000",
        ["DQC.US.0126"],
    )


def test_demo_reports_the_planted_findings(sample_filing_graph: Graph, neo4j_connection, monkeypatch):
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)  # an external server: demo starts nothing
    out = CliRunner().invoke(cli, ["demo"])
    assert out.exit_code == 0, out.output
    for rule in ("DQC.US.0015.1964", "DQC.US.0117.9574", "DQC.US.0126.9590"):
        assert rule in out.output
    assert "Neo4j Browser:" in out.output


def test_check_refuses_a_concept_or_period_the_filing_does_not_report(
    sample_filing_graph: Graph, neo4j_connection, monkeypatch, capsys
):
    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)

    def run(*args: str) -> tuple[int, str, str]:  # as the installed `auditgraph` runs: exit code, stdout, stderr
        capsys.readouterr()
        with pytest.raises(SystemExit) as done:
            main(list(args))
        out = capsys.readouterr()
        return int(done.value.code or 0), out.out, out.err.strip()

    code, out, err = run("check", FILING, "--concept", "us-gaap:NoSuchThing")
    assert (code, out) == (2, "")  # never "no violations" for a concept the filing does not report
    assert err == (
        f"error: --concept us-gaap:NoSuchThing: filing '{FILING}' reports no fact of it; "
        f"`auditgraph check {FILING}` without --concept checks every fact"
    )
    code, _, err = run("check", FILING, "--concept", "Assets", "--period", "instant:2019-12-31")
    assert (code, err) == (
        2,
        f"error: --period instant:2019-12-31: filing '{FILING}' has no fact of Assets for it; "
        "its periods: instant:2024-12-31, instant:2025-12-31",
    )
    assert run("check", FILING, "--period", "duration:1999-01-01/1999-12-31", "--json")[:2] == (2, "")
    assert run("case", FILING, "--concept", "us-gaap:NoSuchThing")[:2] == (2, "")
    # a local name and a period the filing reports still check that fact
    code, out, _ = run("check", FILING, "--concept", "Assets", "--period", "instant:2025-12-31", "--rule", "0126", "--json")
    assert code == 0 and [json.loads(line)["status"] for line in out.splitlines()] == ["violation"]


def test_check_on_a_concept_names_the_families_with_no_finding_once(sample_filing_graph: Graph, neo4j_connection):
    """Families that return nothing about the concept are one line, not a "no violations" line each."""
    out = CliRunner().invoke(
        cli, ["check", FILING, "--concept", "Assets", "--rule", "0126,0005"], env={"NEO4J_URI": neo4j_connection.uri}
    )
    assert out.exit_code == 0, out.output
    assert "DQC.US.0126.9590" in out.output  # the planted Assets violation
    silent = [line for line in out.output.splitlines() if line.startswith("No finding")]
    assert silent == ["No finding about Assets from 1 rule family: 0005"]
    assert "no violations" not in out.output
