"""DQC.US.0049 (a cash flow statement calculation with a change-in-cash root and another root) on hand-built
networks: the roots that count, extension roots, the rule's own spelling of the restricted-cash totals, the role test."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

CF = "http://example.com/role/CashFlows"
CHANGE = "us-gaap:CashAndCashEquivalentsPeriodIncreaseDecrease"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0049"], RuleInput(graph, load_filing_data(graph, fid)))


def cash_flow(fid: str, definition: str = "400 - Statement - Cash Flows", year: int = 2025) -> FilingBuilder:
    """A filing whose cash flow presentation holds StatementOfCashFlowsAbstract (a presentation arc only)."""
    b = FilingBuilder(fid, us_gaap_year=year)
    b.role(CF, definition)
    b.arcs["pres"].append(
        {
            "source": b.concept("us-gaap:StatementOfCashFlowsAbstract", base_type="string"),
            "target": b.concept(CHANGE),
            "props": {"owner": fid, "role": CF, "order": 1.0, "arcrole": "http://www.xbrl.org/2003/arcrole/parent-child"},
        }
    )
    b.calc(CF, CHANGE, [("us-gaap:NetCashProvidedByUsedInOperatingActivities", 1)])
    return b


def test_a_second_root_that_is_never_a_root(rules_graph: Graph):
    b = cash_flow("t-0049")
    b.calc(CF, "us-gaap:ProfitLoss", [("us-gaap:NetIncomeLoss", 1)])
    b.calc(CF, "abc:OtherTotal", [("us-gaap:InterestPaidNet", 1)])  # an extension root is left out
    b.write(rules_graph)
    [r] = run(rules_graph, "t-0049")
    assert (r.sub_rule, r.concept, r.network, r.facts) == ("DQC.US.0049.7483", CHANGE, CF, [])
    assert "CashAndCashEquivalentsPeriodIncreaseDecrease, ProfitLoss" in r.message


def test_narrow_misses(rules_graph: Graph):
    b = cash_flow("t-0049b")
    b.calc(CF, "us-gaap:InterestPaidNet", [("us-gaap:InterestExpense", 1)])  # a root, but allowed as one
    b.write(rules_graph)
    assert run(rules_graph, "t-0049b") == []
    c = cash_flow("t-0049c", definition="400 - Disclosure - Cash Flows")  # not a statement role
    c.calc(CF, "us-gaap:ProfitLoss", [("us-gaap:NetIncomeLoss", 1)])
    c.write(rules_graph)
    assert run(rules_graph, "t-0049c") == []
    # the restricted-cash total with a capital "And" is not the rule's "...RestrictedCashandRestricted..."
    d = FilingBuilder("t-0049d")
    d.role(CF, "400 - Statement - Cash Flows")
    total = (
        "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect"
    )
    d.arcs["pres"].append(
        {
            "source": d.concept("us-gaap:StatementOfCashFlowsAbstract", base_type="string"),
            "target": d.concept(total),
            "props": {"owner": "t-0049d", "role": CF, "order": 1.0, "arcrole": "http://www.xbrl.org/2003/arcrole/parent-child"},
        }
    )
    d.calc(CF, total, [("us-gaap:NetCashProvidedByUsedInOperatingActivities", 1)])
    d.calc(CF, "us-gaap:ProfitLoss", [("us-gaap:NetIncomeLoss", 1)])
    d.write(rules_graph)
    assert run(rules_graph, "t-0049d") == []


def test_not_evaluable_without_the_year_constants(rules_graph: Graph):
    b = cash_flow("t-0049e", year=2024)
    b.calc(CF, "us-gaap:ProfitLoss", [("us-gaap:NetIncomeLoss", 1)])
    b.write(rules_graph)
    [r] = run(rules_graph, "t-0049e")
    assert r.status == "not_evaluable" and "NONALLOWED_ROOT_ELEMENTS_CASHFLOW of us-gaap 2024 is not loaded" in r.reason
