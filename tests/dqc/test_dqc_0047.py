"""DQC.US.0047 (operating cash flow items with no balance type) on hand-built calculations: fires, and narrowly misses."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

CF = "http://example.com/role/CashFlows"
NOTE = "http://example.com/role/OtherDetails"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0047"], RuleInput(graph, load_filing_data(graph, fid)))


def test_items_without_balance_below_operating_cash_flow(graph: Graph):
    b = FilingBuilder("t-0047")
    b.role(CF, "400 - Statement - Cash Flows")
    b.concept("us-gaap:NetCashProvidedByUsedInOperatingActivities", balance="debit")
    b.concept("us-gaap:IncreaseDecreaseInAccountsPayable", balance="debit")  # has a balance: fine
    b.calc(
        CF,
        "us-gaap:NetCashProvidedByUsedInOperatingActivities",
        [
            ("us-gaap:NetCashProvidedByUsedInOperatingActivitiesContinuingOperations", 1),  # excluded by name
            ("us-gaap:IncreaseDecreaseInAccountsPayable", 1),
            ("abc:IncreaseDecreaseInSundry", 1),  # the filer's own element: not a base element
        ],
    )
    # two levels down (through the excluded total): still a descendant, reported under each total above it
    b.calc(
        CF,
        "us-gaap:NetCashProvidedByUsedInOperatingActivitiesContinuingOperations",
        [("us-gaap:IncreaseDecreaseInOtherNoncurrentAssetsAndLiabilitiesNet", 1)],
    )
    # the same element in a network that is not below the operating total
    b.calc(NOTE, "us-gaap:OtherAssetsNoncurrent", [("us-gaap:ContractWithCustomerAssetPurchase", 1)])
    b.write(graph)
    results = run(graph, "t-0047")
    assert sorted((r.sub_rule, r.concept, r.network, r.facts) for r in results) == [
        ("DQC.US.0047.7481", "us-gaap:IncreaseDecreaseInOtherNoncurrentAssetsAndLiabilitiesNet", CF, []),
        ("DQC.US.0047.7481", "us-gaap:IncreaseDecreaseInOtherNoncurrentAssetsAndLiabilitiesNet", CF, []),
    ]
    assert sorted(r.message.split(" is a calculation descendant of ")[1].split(" ")[0] for r in results) == [
        "NetCashProvidedByUsedInOperatingActivities",
        "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations",
    ]


def test_runs_on_any_form_and_refuses_a_year_without_rule_set(graph: Graph):
    b = FilingBuilder("t-0047s1", form="S-1")
    b.calc(CF, "us-gaap:NetCashProvidedByUsedInOperatingActivities", [("us-gaap:ContractWithCustomerAssetPurchase", 1)])
    b.write(graph)
    assert [r.concept for r in run(graph, "t-0047s1")] == ["us-gaap:ContractWithCustomerAssetPurchase"]
    FilingBuilder("t-0047old", us_gaap_year=2022).write(graph)
    [r] = run(graph, "t-0047old")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0047 rule data for us-gaap 2022")
