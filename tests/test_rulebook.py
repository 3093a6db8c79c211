"""The rule model (checks/rulebook.py): one registry every command reads, one guard that says why a rule did not
run, structural rules as one query for a filing or the whole portfolio, DQCRT constants as graph data."""

from __future__ import annotations

import threading

import pytest
from handbuilt import FilingBuilder

from auditgraph.checks.audit import audit_filing
from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.portfolio import audit_portfolio
from auditgraph.checks.rulebook import (
    Constants,
    RuleInput,
    Scope,
    cypher_rule,
    parse_rules,
    registry,
    run_rule,
)
from auditgraph.errors import ConfigError
from auditgraph.graph import Graph
from auditgraph.loader.dqc_constants import load_constants

TOY = cypher_rule("t001", "TEST.0001", "Negative facts (a test rule)", ("TEST.0001.1",), "rules.negative_facts", years=(2025,))


def test_registry_holds_the_first_four_rules_and_every_dqc_module():
    rules = registry()
    assert {"0015", "0117", "0126"} <= set(rules) and list(rules)[-1] == "calc11"
    assert list(rules)[:-1] == sorted(rules)[: len(rules) - 1]  # DQC families in rule-number order, CALC11 last
    assert {r.rule_id for r in rules.values()} >= {"DQC.US.0015", "DQC.US.0117", "DQC.US.0126", "CALC11"}
    for key, rule in rules.items():  # every family names its official codes under its own id
        assert rule.codes and all(c.startswith(rule.rule_id) or key == "calc11" for c in rule.codes), key


def test_rule_codes_are_read_in_any_official_spelling_and_unknown_ones_list_the_families():
    assert parse_rules("DQC.US.0126, calc11,0015") == ("0126", "calc11", "0015")
    assert parse_rules("dqc.us.0126.9590") == ("0126",)
    assert parse_rules(None) == tuple(registry())
    with pytest.raises(ConfigError, match=r"unknown rule\(s\) 9999; choose from 0001, .*0015, .*, calc11 \(a family"):
        parse_rules("9999")


def negative(fid: str, year: int = 2025, form: str = "10-K") -> FilingBuilder:
    b = FilingBuilder(fid, us_gaap_year=year, form=form)
    b.fact("us-gaap:PaymentsToAcquirePropertyPlantAndEquipment", "-800000", fact_id="f-neg")
    b.fact("us-gaap:Revenues", "5000000", fact_id="f-rev")
    return b


def test_a_structural_rule_is_its_query_with_the_facts_it_names(rules_graph: Graph):
    negative("t-toy").write(rules_graph)
    [r] = run_rule(TOY, RuleInput(rules_graph, load_filing_data(rules_graph, "t-toy")))
    assert (r.rule_id, r.sub_rule, r.status, r.concept) == (
        "TEST.0001",
        "TEST.0001.1",
        "violation",
        "us-gaap:PaymentsToAcquirePropertyPlantAndEquipment",
    )
    assert [(f.fact_id, f.value, f.period) for f in r.facts] == [("f-neg", "-800000", "duration:2024-01-01/2024-12-31")]
    assert (r.query, r.rule_set, r.severity) == ("rules.negative_facts", "DQCRT 27.0.1, us-gaap 2025", "error")
    # the scope limits a rule that does not apply it itself
    scoped = RuleInput(rules_graph, load_filing_data(rules_graph, "t-toy"), Scope(concept="Revenues"))
    assert run_rule(TOY, scoped) == []


def test_the_portfolio_query_returns_every_filing_when_filing_id_is_null(rules_graph: Graph):
    negative("t-a").write(rules_graph)
    negative("t-b").write(rules_graph)
    rows = rules_graph.read("rules.negative_facts", filing_id=None)
    assert [(r["filing_id"], r["facts"][0]["fact_id"]) for r in rows] == [("t-a", "f-neg"), ("t-b", "f-neg")]


def test_a_year_without_rule_data_is_not_evaluable_and_names_the_year(rules_graph: Graph):
    negative("t-2022", year=2022).write(rules_graph)
    [r] = run_rule(TOY, RuleInput(rules_graph, load_filing_data(rules_graph, "t-2022")))
    assert r.status == "not_evaluable" and "us-gaap 2022" in r.reason and "2025" in r.reason


def test_a_form_the_rule_does_not_cover_is_not_evaluable(rules_graph: Graph, monkeypatch):
    negative("t-8k", form="8-K").write(rules_graph)
    [r] = run_rule(TOY, RuleInput(rules_graph, load_filing_data(rules_graph, "t-8k")))
    assert r.status == "not_evaluable" and r.reason.startswith("not applicable: TEST.0001 does not apply to form 8-K")
    # outside the rule's scope: the audit lists it as not applicable, never as a gap that makes the verdict not_evaluable
    monkeypatch.setattr("auditgraph.checks.audit.registry", lambda: {"t001": TOY})  # TOY runs on the 10-K/10-Q family
    report = audit_filing(rules_graph, "t-8k", ("t001",))
    [summary] = report.rules
    assert summary.not_applicable.startswith("not applicable: TEST.0001 does not apply to form 8-K")
    assert (summary.not_run, summary.evaluated, report.verdict, report.notes) == (None, 0, "clean", [])


def test_missing_constants_are_not_evaluable_and_name_the_fix(graph: Graph):
    negative("t-noconst").write(graph)  # `graph`: no DQCRT constants loaded
    rule = cypher_rule("t002", "TEST.0002", "needs a list", ("TEST.0002.1",), "rules.negative_facts", constants=("DEP_CONCEPTS",))
    [r] = run_rule(rule, RuleInput(graph, load_filing_data(graph, "t-noconst")))
    assert r.status == "not_evaluable"
    assert r.reason == (
        "DQCRT constant DEP_CONCEPTS of us-gaap 2025 is not loaded; run `auditgraph taxonomy dqc-constants 2025` "
        "(or load the us-gaap 2025 package)"
    )


def test_constants_are_graph_data_decoded_with_concept_keys(rules_graph: Graph):
    c = Constants(rules_graph)
    dep = c.get(2025, "DEP_CONCEPTS")
    assert isinstance(dep, frozenset) and "http://fasb.org/us-gaap/2025#OperatingLeasesRentExpenseNet" not in dep
    non_neg = c.get(2025, "NON_NEG_ITEMS")  # concept -> element id, the 0015 list of the rule set
    assert non_neg["http://fasb.org/us-gaap/2025#AccountsPayableRelatedPartiesNoncurrent"] == "205"
    [row] = rules_graph.read("checks.dqc_constant", year=2025, constant="EXCLUDE_NON_NEG_STRING_MEMBERS")
    assert row["source"].startswith("Arelle/EDGAR") and '"consolidat"' in row["json"]


def test_constant_loads_are_safe_to_repeat_and_to_run_at_once(rules_graph: Graph):
    errors: list[BaseException] = []

    def load() -> None:
        try:
            load_constants(rules_graph, (2025,))
        except BaseException as exc:  # noqa: BLE001 (reported below)
            errors.append(exc)

    threads = [threading.Thread(target=load) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    [row] = rules_graph.read("checks.dqc_constant_years")
    assert (row["year"], row["constants"]) == (2025, 101)


def test_portfolio_audits_every_loaded_filing_with_per_family_totals(rules_graph: Graph):
    negative("t-p1").write(rules_graph)
    b = FilingBuilder("t-p2")
    b.fact("us-gaap:Revenues", "100", fact_id="f-ok")
    b.write(rules_graph)
    result = audit_portfolio(rules_graph, ("0015", "calc11"))
    by_id = {f.filing_id: f for f in result.filings}
    assert set(by_id) == {"t-p1", "t-p2"}
    assert (by_id["t-p1"].findings, by_id["t-p1"].families) == (1, {"DQC.US.0015": 1})
    assert (by_id["t-p2"].findings, by_id["t-p2"].verdict) == (0, "clean")
    [fam, calc] = result.families
    assert (fam.rule_id, fam.findings, fam.filings, fam.not_run) == ("DQC.US.0015", 1, 1, 0)
    assert (calc.rule_id, calc.findings) == ("CALC11", 0)
    # the same finding as the filing's own audit
    [single] = audit_filing(rules_graph, "t-p1", ("0015",)).findings
    assert (single.sub_rule, single.facts[0].fact_id) == ("DQC.US.0015.1964", "f-neg")


def test_audit_all_prints_per_filing_and_per_family_tables_and_json(rules_graph: Graph, neo4j_connection, monkeypatch):
    import json

    from click.testing import CliRunner

    from auditgraph.cli import cli

    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    negative("t-cli1").write(rules_graph)
    negative("t-cli-2022", year=2022).write(rules_graph)
    out = CliRunner().invoke(cli, ["audit", "--all", "--rules", "0015,0018"], env={"COLUMNS": "80"})
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert max(map(len, lines)) <= 80 and "Portfolio audit: 2 filings" in out.stdout
    assert any("t-cli1" in ln and "violations" in ln for ln in lines)
    data = json.loads(CliRunner().invoke(cli, ["audit", "--all", "--rules", "0015,0018", "--format", "json"]).stdout)
    by_id = {f["filing_id"]: f for f in data["filings"]}
    assert by_id["t-cli1"]["families"] == {"DQC.US.0015": 1}
    # the 2022 filing: 0018 has no rule set for its year, so it is not run there and the filing is never "clean"
    assert by_id["t-cli-2022"]["verdict"] != "clean"
    assert any(n.startswith("DQC.US.0018: no DQC.US.0018 rule data for us-gaap 2022") for n in by_id["t-cli-2022"]["not_run"])
    [fam0015, fam0018] = data["families"]
    assert (fam0015["rule_id"], fam0015["findings"], fam0018["rule_id"], fam0018["not_run"]) == (
        "DQC.US.0015",
        2,
        "DQC.US.0018",
        1,
    )


def test_unknown_rule_and_filing_or_all_are_usage_errors(neo4j_connection, monkeypatch, capsys):
    from auditgraph.cli import main

    monkeypatch.setenv("NEO4J_URI", neo4j_connection.uri)
    for argv, says in (
        (["audit", "--all", "--rules", "9999"], "error: unknown rule(s) 9999; choose from 0001, "),
        (["audit"], "error: give one FILING_ID, or --all for every loaded filing (not both)"),
    ):
        with pytest.raises(SystemExit) as done:
            main(argv)
        assert done.value.code == 2 and capsys.readouterr().err.startswith(says), argv


def test_rules_lists_every_registered_family_as_json():
    import json

    from click.testing import CliRunner

    from auditgraph.cli import cli

    out = CliRunner().invoke(cli, ["rules", "--json"])
    rows = [json.loads(ln) for ln in out.stdout.splitlines()]
    assert [r["key"] for r in rows] == list(registry())
    [sign] = [r for r in rows if r["key"] == "0015"]
    assert (sign["rule_id"], sign["name"], sign["years"]) == ("DQC.US.0015", "Negative Values", [2022, 2023, 2024, 2025, 2026])
