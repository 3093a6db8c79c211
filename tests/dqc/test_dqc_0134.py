"""DQC.US.0134 (available-for-sale debt securities on the InvestmentTypeAxis) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

AFS = "us-gaap:AvailableForSaleSecuritiesDebtSecurities"
ITA = "us-gaap:InvestmentTypeAxis"
FIA = "us-gaap:FinancialInstrumentAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0134"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def test_investment_type_member_on_afs_debt(graph: Graph):
    b = FilingBuilder("t-0134")
    b.fact(AFS, "700", period="instant", dims={ITA: "abc:MunicipalBondsMember"}, fact_id="bad")
    b.fact(AFS, "800", period="instant", dims={ITA: "us-gaap:FixedMaturitiesMember"})  # allowed member
    b.fact(AFS, "900", period="instant", dims={FIA: "us-gaap:USTreasurySecuritiesMember"})  # the right axis
    b.fact(
        "us-gaap:DebtSecuritiesAvailableForSaleExcludingAccruedInterestCurrent",
        None,
        period="instant",
        dims={ITA: "us-gaap:ShortTermInvestmentsMember", "us-gaap:CashAndCashEquivalentsAxis": "abc:CashMember"},
    )  # allowed member: not selected even with the cash axis
    b.fact("us-gaap:Investments", "100", period="instant", dims={ITA: "abc:MunicipalBondsMember"})  # not a listed element
    b.write(graph)
    results = run(graph, "t-0134")
    assert [(r.sub_rule, r.concept, r.facts[0].context_id, r.reported_value) for r in results] == [
        ("DQC.US.0134.9834", AFS, ctx(b, "bad"), "700")
    ]
    assert ITA in results[0].message and "FinancialInstrumentAxis" in results[0].message


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    b = FilingBuilder("t-0134-2022", us_gaap_year=2022)
    b.fact(AFS, "700", period="instant", dims={ITA: "abc:MunicipalBondsMember"})
    b.write(graph)
    [r] = run(graph, "t-0134-2022")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0134 rule data for us-gaap 2022")
