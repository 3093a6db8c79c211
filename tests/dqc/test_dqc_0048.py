"""DQC.US.0048 (the cash flow statement's calculation root) on hand-built filings: fires, and narrowly misses."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

CF = "http://example.com/role/CashFlowStatement"
OTHER = "http://example.com/role/Operations"
PARENT_CHILD = "http://www.xbrl.org/2003/arcrole/parent-child"
CHANGE = "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect"


def pres(b: FilingBuilder, role: str, parent: str, children: list[str]) -> None:
    for i, child in enumerate(children, 1):
        b.arcs["pres"].append(
            {
                "source": b.concept(parent, base_type="string"),
                "target": b.concept(child),
                "props": {"owner": b.filing_id, "role": role, "order": float(i), "arcrole": PARENT_CHILD},
            }
        )


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0048"], RuleInput(graph, load_filing_data(graph, fid)))


def cash_flow(fid: str, root: str | None, form: str = "10-K", egc: str | None = None) -> FilingBuilder:
    b = FilingBuilder(fid, form=form)
    b.role(CF, "400 - Statement - Cash Flows")
    pres(b, CF, "us-gaap:StatementOfCashFlowsAbstract", ["us-gaap:NetCashProvidedByUsedInOperatingActivities"])
    if root:
        b.calc(
            CF,
            root,
            [
                ("us-gaap:NetCashProvidedByUsedInOperatingActivities", 1),
                ("us-gaap:NetCashProvidedByUsedInFinancingActivities", 1),
            ],
        )
    if egc is not None:
        b.text_fact("dei:EntityEmergingGrowthCompany", egc)
    # an income statement without the abstract: not a cash flow network
    b.role(OTHER, "300 - Statement - Operations")
    b.calc(OTHER, "us-gaap:NetIncomeLoss", [("us-gaap:Revenues", 1)])
    return b


def test_cash_flow_calculation_without_the_change_in_cash_root(graph: Graph):
    cash_flow("t-0048", "abc:NetCashFlows").write(graph)
    [r] = run(graph, "t-0048")
    assert (r.sub_rule, r.concept, r.network, r.network_definition, r.facts) == (
        "DQC.US.0048.7482",
        "us-gaap:StatementOfCashFlowsAbstract",
        CF,
        "400 - Statement - Cash Flows",
        [],
    )
    assert "root(s) NetCashFlows" in r.message
    cash_flow("t-0048none", None).write(graph)
    [r] = run(graph, "t-0048none")
    assert r.network == CF and "has no calculation at all" in r.message


def test_the_right_root_an_emerging_growth_company_or_a_registration_form_pass(graph: Graph):
    cash_flow("t-0048ok", CHANGE).write(graph)
    cash_flow("t-0048egc", "abc:NetCashFlows", egc="true").write(graph)
    cash_flow("t-0048s1", "abc:NetCashFlows", form="S-1").write(graph)
    cash_flow("t-0048egc-no", "abc:NetCashFlows", egc="false").write(graph)
    assert run(graph, "t-0048ok") == run(graph, "t-0048egc") == run(graph, "t-0048s1") == []
    assert [r.sub_rule for r in run(graph, "t-0048egc-no")] == ["DQC.US.0048.7482"]
    FilingBuilder("t-0048old", us_gaap_year=2022).write(graph)
    [r] = run(graph, "t-0048old")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0048 rule data for us-gaap 2022")
