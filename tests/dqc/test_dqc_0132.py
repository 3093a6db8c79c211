"""DQC.US.0132 (extension for operating lease right-of-use asset amortization) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0132"], RuleInput(graph, load_filing_data(graph, fid)))


def test_extension_amortization_elements(graph: Graph):
    b = FilingBuilder("t-0132")
    b.concept("abc:OperatingLeaseRightofUseAssetAmortization", balance="debit")  # defined, no fact needed
    b.concept("abc:OperatingLeaseRightOfUseAssetAmortizationFinanceLeases", balance="debit")  # 'financ': excluded
    b.concept("abc:OperatingLeaseRightOfUseAssetDepreciationCredit", balance="credit")  # credit balance
    b.concept("us-gaap:OperatingLeaseRightOfUseAssetAmortizationExpense", balance="debit")  # the standard element
    b.write(graph)
    results = run(graph, "t-0132")
    assert [(r.status, r.sub_rule, r.concept, r.facts) for r in results] == [
        ("violation", "DQC.US.0132.9730", "abc:OperatingLeaseRightofUseAssetAmortization", [])
    ]
    assert "OperatingLeaseRightOfUseAssetAmortizationExpense" in results[0].message
