"""DQC.US.0045 (cash flow items in the wrong section) on hand-built calculations: fires, and narrowly misses."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

GAAP_CF = "http://fasb.org/us-gaap/role/statement/StatementOfCashFlowsIndirect"
CF = "http://example.com/role/CashFlows"
FIN = "us-gaap:NetCashProvidedByUsedInFinancingActivitiesContinuingOperations"
INV = "us-gaap:NetCashProvidedByUsedInInvestingActivitiesContinuingOperations"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0045"], RuleInput(graph, load_filing_data(graph, fid)))


def usgaap(b: FilingBuilder) -> None:
    b.calc(
        GAAP_CF,
        FIN,
        [("us-gaap:ProceedsFromConvertibleDebt", 1), ("us-gaap:ProceedsFromFederalHomeLoanBankAdvances", 1)],
        owner="us-gaap/2025",
    )
    b.calc(GAAP_CF, INV, [("us-gaap:PaymentsToAcquirePropertyPlantAndEquipment", -1)], owner="us-gaap/2025")


def test_a_financing_item_among_investing_cash_flows_6836(graph: Graph):
    b = FilingBuilder("t-0045")
    usgaap(b)
    b.role(CF, "400 - Statement - Cash Flows")
    b.calc(
        CF,
        INV,
        [
            ("us-gaap:PaymentsToAcquirePropertyPlantAndEquipment", -1),  # where it belongs
            ("us-gaap:ProceedsFromConvertibleDebt", 1),  # a financing item: 6836
            ("us-gaap:ProceedsFromFederalHomeLoanBankAdvances", 1),  # financing too, but a CASH_FLOW_EXCEPTIONS item
        ],
    )
    b.write(graph)
    results = run(graph, "t-0045")
    assert [(r.sub_rule, r.concept, r.network, r.facts) for r in results] == [
        ("DQC.US.0045.6836", "us-gaap:ProceedsFromConvertibleDebt", CF, []),
    ]
    assert "into the investing cash flows" in results[0].message and "among financing activities only" in results[0].message


def test_not_evaluable_without_us_gaap_calculations(graph: Graph):
    b = FilingBuilder("t-0045b")
    b.calc(CF, INV, [("us-gaap:ProceedsFromConvertibleDebt", 1)])
    b.write(graph)
    [r] = run(graph, "t-0045b")
    assert r.status == "not_evaluable" and "us-gaap 2025 calculation networks are not in the database" in r.reason
