"""DQC.US.0065 on hand-built filings: InterestPaid in the supplemental cash flow presentation without InterestPaidNet."""

from __future__ import annotations

import datetime as dt

from _support import pres
from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

CF = "http://example.com/role/CashFlow"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0065"], RuleInput(graph, load_filing_data(graph, fid)))


def filing(fid: str, below: list[str], root: str = "us-gaap:SupplementalCashFlowInformationAbstract") -> FilingBuilder:
    b = FilingBuilder(fid)
    b.role(CF, "0000008 - Statement - Cash Flows")
    pres(b, CF, "us-gaap:StatementLineItems", [root])
    pres(b, CF, root, below)
    b.fact("us-gaap:InterestPaid", "180717000", fact_id="paid")
    b.fact("us-gaap:InterestPaid", "125698000", period=(dt.date(2023, 1, 1), dt.date(2023, 12, 31)), fact_id="prior")
    b.fact("us-gaap:InterestPaid", "0", period=(dt.date(2022, 1, 1), dt.date(2022, 12, 31)), fact_id="zero")
    b.fact("us-gaap:InterestPaid", "5", dims={"dei:LegalEntityAxis": "abc:SubMember"}, fact_id="dim")
    return b


def test_0065_interest_paid_without_net_is_reported_per_fact_and_sub_rule(graph: Graph):
    filing("t-0065-a", ["us-gaap:InterestPaid", "us-gaap:IncomeTaxesPaid"]).write(graph)
    found = sorted((r.sub_rule, r.facts[0].fact_id, r.reported_value) for r in run(graph, "t-0065-a"))
    assert found == [
        ("DQC.US.0065.7502", "paid", "180717000"),
        ("DQC.US.0065.7502", "prior", "125698000"),
        ("DQC.US.0065.9593", "paid", "180717000"),
        ("DQC.US.0065.9593", "prior", "125698000"),
    ]  # the zero and the dimensional facts are not reported
    r = next(r for r in run(graph, "t-0065-a") if r.facts[0].fact_id == "paid")
    assert r.concept == "us-gaap:InterestPaid" and r.facts[0].context_id.startswith("c_") and "InterestPaidNet" in r.message


def test_0065_interest_paid_net_or_capitalized_in_the_section_clears_it(graph: Graph):
    filing("t-0065-b", ["us-gaap:InterestPaid", "us-gaap:InterestPaidNet"]).write(graph)
    filing("t-0065-c", ["us-gaap:InterestPaid", "us-gaap:InterestPaidCapitalized"]).write(graph)
    assert run(graph, "t-0065-b") == [] and run(graph, "t-0065-c") == []


def test_0065_other_supplemental_abstract_only_in_9593(graph: Graph):
    filing("t-0065-d", ["us-gaap:InterestPaid"], root="us-gaap:SupplementalCashFlowElementsAbstract").write(graph)
    assert {r.sub_rule for r in run(graph, "t-0065-d")} == {"DQC.US.0065.9593"}


def test_0065_not_evaluable_for_an_unknown_filing(graph: Graph):
    (r,) = run(graph, "t-0065-missing")
    assert r.status == "not_evaluable" and "t-0065-missing" in r.reason
