"""DQC.US.0061 (cash flow continuing operations elements not used) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

CF = "http://example.com/role/CashFlow"
CF2 = "http://example.com/role/CashFlowAlternative"
NET = "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0061"], RuleInput(graph, load_filing_data(graph, fid)))


def test_total_beside_discontinued_operations_under_one_total(graph: Graph):
    b = FilingBuilder("t-0061")
    b.role(CF, "400 - Statement - Cash Flows")
    b.calc(
        CF,
        NET,
        [
            ("us-gaap:NetCashProvidedByUsedInOperatingActivities", 1),
            ("us-gaap:CashProvidedByUsedInOperatingActivitiesDiscontinuedOperations", 1),
            ("us-gaap:NetCashProvidedByUsedInInvestingActivities", 1),
        ],
    )
    b.calc(CF, "us-gaap:NetCashProvidedByUsedInOperatingActivities", [("us-gaap:ProfitLoss", 1)])
    # investing: the discontinued line is under the total itself, which is right
    b.calc(
        CF,
        "us-gaap:NetCashProvidedByUsedInInvestingActivities",
        [
            ("us-gaap:PaymentsToAcquirePropertyPlantAndEquipment", -1),
            ("us-gaap:CashProvidedByUsedInInvestingActivitiesDiscontinuedOperations", 1),
        ],
    )
    # another network: operating total with children but no discontinued line anywhere: fine
    b.calc(CF2, NET, [("us-gaap:NetCashProvidedByUsedInOperatingActivities", 1)])
    b.calc(CF2, "us-gaap:NetCashProvidedByUsedInOperatingActivities", [("us-gaap:ProfitLoss", 1)])
    b.write(graph)
    results = run(graph, "t-0061")
    assert [(r.status, r.sub_rule, r.concept, r.network, r.facts) for r in results] == [
        ("violation", "DQC.US.0061.7499", "us-gaap:CashProvidedByUsedInOperatingActivitiesDiscontinuedOperations", CF, [])
    ]
    assert NET in results[0].message and "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations" in results[0].message


def test_total_without_children_is_not_tested(graph: Graph):
    b = FilingBuilder("t-0061-leaf")
    b.calc(
        CF,
        NET,
        [
            ("us-gaap:NetCashProvidedByUsedInFinancingActivities", 1),
            ("us-gaap:CashProvidedByUsedInFinancingActivitiesDiscontinuedOperations", 1),
        ],
    )
    b.write(graph)
    assert run(graph, "t-0061-leaf") == []  # the official rule only reads networks where the total has descendants
