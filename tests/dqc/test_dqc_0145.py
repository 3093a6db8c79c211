"""DQC.US.0145 (cash flow elements in the wrong section) on hand-built presentations: each sub-rule fires, and
narrowly misses; the query also answers for every filing at once."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

CF = "http://example.com/role/CashFlows"
NOTE = "http://example.com/role/SupplementalCashFlow"
PARENT_CHILD = "http://www.xbrl.org/2003/arcrole/parent-child"


def pres(b: FilingBuilder, role: str, parent: str, children: list[str]) -> None:
    """Presentation arcs only (FilingBuilder.calc writes presentation with calculation)."""
    for i, child in enumerate(children, 1):
        b.arcs["pres"].append(
            {
                "source": b.concept(parent, base_type="string"),
                "target": b.concept(child),
                "props": {"owner": b.filing_id, "role": role, "order": float(i), "arcrole": PARENT_CHILD},
            }
        )


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0145"], RuleInput(graph, load_filing_data(graph, fid)))


def cash_flow(fid: str, us_gaap_year: int = 2025) -> FilingBuilder:
    b = FilingBuilder(fid, us_gaap_year=us_gaap_year)
    b.role(CF, "400 - Statement - Cash Flows")
    pres(
        b,
        CF,
        "us-gaap:StatementOfCashFlowsAbstract",
        [
            "us-gaap:NetCashProvidedByUsedInFinancingActivitiesAbstract",
            "us-gaap:NetCashProvidedByUsedInInvestingActivitiesAbstract",
        ],
    )
    # financing: interest paid (never financing) two levels down; derivative issuance costs are allowed there
    pres(b, CF, "us-gaap:NetCashProvidedByUsedInFinancingActivitiesAbstract", ["abc:FinancingDetailsAbstract"])
    pres(b, CF, "abc:FinancingDetailsAbstract", ["us-gaap:InterestPaidNet", "us-gaap:PaymentsOfDerivativeIssuanceCosts"])
    # investing: interest paid again, and one of the three items the rule lets through by name
    pres(
        b,
        CF,
        "us-gaap:NetCashProvidedByUsedInInvestingActivitiesAbstract",
        ["us-gaap:InterestPaidNet", "us-gaap:PaymentsForProceedsFromOtherDeposits"],
    )
    # income taxes paid sits in a supplemental network, under no section abstract
    b.role(NOTE, "900 - Disclosure - Supplemental Cash Flow")
    pres(b, NOTE, "us-gaap:SupplementalCashFlowInformationAbstract", ["us-gaap:IncomeTaxesPaid"])
    return b


def test_elements_in_the_wrong_section_one_finding_each(rules_graph: Graph):
    cash_flow("t-0145").write(rules_graph)
    results = run(rules_graph, "t-0145")
    assert sorted((r.sub_rule, r.concept, r.network, r.facts) for r in results) == [
        ("DQC.US.0145.9867", "us-gaap:InterestPaidNet", CF, []),
        ("DQC.US.0145.9868", "us-gaap:InterestPaidNet", CF, []),
    ]
    fin = next(r for r in results if r.sub_rule.endswith("9867"))
    assert "under NetCashProvidedByUsedInFinancingActivitiesAbstract" in fin.message and fin.query == "dqc.dqc_0145"


def test_every_filing_at_once_and_a_filing_without_the_section(rules_graph: Graph):
    cash_flow("t-0145a").write(rules_graph)
    clean = FilingBuilder("t-0145b")
    clean.role(CF, "400 - Statement - Cash Flows")
    pres(clean, CF, "us-gaap:StatementOfCashFlowsAbstract", ["us-gaap:InterestPaidNet"])
    clean.write(rules_graph)
    assert run(rules_graph, "t-0145b") == []
    rows = rules_graph.read_records("dqc.dqc_0145", filing_id=None)
    assert sorted((r["filing_id"], r["sub_rule"]) for r in rows) == [
        ("t-0145a", "DQC.US.0145.9867"),
        ("t-0145a", "DQC.US.0145.9868"),
    ]


def test_not_evaluable_without_the_year_constants(rules_graph: Graph):
    cash_flow("t-0145c", us_gaap_year=2024).write(rules_graph)
    [r] = run(rules_graph, "t-0145c")
    assert r.status == "not_evaluable" and "DQCRT constant NON_FINANCING_DESCENDANTS of us-gaap 2024 is not loaded" in r.reason
