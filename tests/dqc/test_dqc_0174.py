"""DQC.US.0174 (negative individually evaluated credit loss allowance above the collective one) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

IND = "us-gaap:FinancingReceivableAllowanceForCreditLossesIndividuallyEvaluatedForImpairment1"
COL = "us-gaap:FinancingReceivableAllowanceForCreditLossesCollectivelyEvaluatedForImpairment"
EXCL = "us-gaap:FinancingReceivableAllowanceForCreditLossExcludingAccruedInterest"
CLASS = "us-gaap:FinancingReceivablePortfolioSegmentAxis"
AT = {"period": "instant"}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0174"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def test_negative_individual_allowance(graph: Graph):
    b = FilingBuilder("t-0174")
    b.fact(IND, "-600", fact_id="over", **AT)  # |-600| > 500
    b.fact(COL, "500", **AT)
    b.fact(EXCL, "9000", **AT)  # not used: the collective allowance comes first
    home = {CLASS: "abc:HomeLoansMember"}
    b.fact(IND, "-500", dims=home, **AT)  # equal: fine
    b.fact(COL, "500", dims=home, **AT)
    auto = {CLASS: "abc:AutoLoansMember"}
    b.fact(IND, "-50", dims=auto, **AT)  # no collective allowance: the total excluding interest (100) is used
    b.fact(EXCL, "100", dims=auto, **AT)
    card = {CLASS: "abc:CardsMember"}
    b.fact(IND, "-1", dims=card, fact_id="alone", **AT)  # nothing to compare with: 0
    b.fact(IND, "700", dims={CLASS: "abc:OtherMember"}, **AT)  # positive: fine
    b.write(graph)
    results = run(graph, "t-0174")
    assert sorted((r.sub_rule, r.concept, r.facts[0].context_id, r.reported_value) for r in results) == sorted(
        [("DQC.US.0174.10115", IND, ctx(b, "over"), "-600"), ("DQC.US.0174.10115", IND, ctx(b, "alone"), "-1")]
    )


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    b = FilingBuilder("t-0174-2022", us_gaap_year=2022)
    b.fact(IND, "-600", **AT)
    b.write(graph)
    [r] = run(graph, "t-0174-2022")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0174 rule data for us-gaap 2022")
