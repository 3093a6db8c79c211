"""DQC.US.0142 (schedule-of-investments facts with axes besides the identifier axis) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

IIA = "us-gaap:InvestmentIdentifierAxis"
FV = "us-gaap:InvestmentOwnedAtFairValue"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0142"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def test_identifier_fact_with_another_axis(graph: Graph):
    b = FilingBuilder("t-0142")
    loan = {IIA: "typed:First lien loan to Acme"}
    b.fact(FV, "1000", period="instant", dims=loan)  # only the identifier: fine
    b.fact(FV, "1000", period="instant", dims={**loan, "srt:RangeAxis": "srt:MinimumMember"})  # allowed extra axis
    b.fact(
        FV,
        "1000",
        period="instant",
        dims={**loan, "srt:RangeAxis": "srt:MinimumMember", "dei:LegalEntityAxis": "abc:FundMember"},
    )  # still only allowed ones
    b.fact(FV, "2000", period="instant", dims={**loan, "us-gaap:InvestmentTypeAxis": "abc:SeniorDebtMember"}, fact_id="bad")
    b.fact(
        "us-gaap:InvestmentInterestRate",
        None,
        unit="xbrli:pure",
        period="instant",
        dims={**loan, "srt:StatementGeographicalAxis": "country:US"},
        fact_id="bad-nil",
    )
    b.fact(
        FV,
        "3000",
        period="instant",
        dims={"us-gaap:InvestmentTypeAxis": "abc:SeniorDebtMember", "srt:RangeAxis": "srt:MinimumMember"},
    )
    b.write(graph)
    results = run(graph, "t-0142")
    assert sorted((r.sub_rule, r.concept, r.facts[0].context_id, r.reported_value) for r in results) == sorted(
        [
            ("DQC.US.0142.9864", FV, ctx(b, "bad"), "2000"),
            ("DQC.US.0142.9864", "us-gaap:InvestmentInterestRate", ctx(b, "bad-nil"), None),
        ]
    )
    bad = next(r for r in results if r.facts[0].fact_id == "bad")
    assert "us-gaap:InvestmentTypeAxis" in bad.message and IIA in bad.message


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    b = FilingBuilder("t-0142-2022", us_gaap_year=2022)
    b.fact(FV, "2000", period="instant", dims={IIA: "typed:x", "us-gaap:InvestmentTypeAxis": "abc:SeniorDebtMember"})
    b.write(graph)
    [r] = run(graph, "t-0142-2022")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0142 rule data for us-gaap 2022")
