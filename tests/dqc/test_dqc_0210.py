"""DQC.US.0210 (missing InvestmentIdentifierAxis) on hand-built filings: findings and narrow misses."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

PURE = "xbrli:pure"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0210"], RuleInput(graph, load_filing_data(graph, fid)))


def rate(b: FilingBuilder, concept: str, value: str, fact_id: str, dims: dict[str, str] | None = None) -> None:
    b.fact(
        f"us-gaap:{concept}", value, decimals="4", unit=PURE, period="instant", dims=dims, fact_id=fact_id, base_type="percent"
    )


def test_first_rate_of_an_alignment_without_the_identifier_axis(graph: Graph):
    b = FilingBuilder("t-0210", form="S-1")  # the official rule set tests no form
    loan = {"us-gaap:ShortTermDebtTypeAxis": "abc:NoteAMember"}
    rate(b, "InvestmentInterestRate", "0.08", "rate", loan)
    rate(b, "InvestmentBasisSpreadVariableRate", "0.02", "spread-shadowed", loan)  # same alignment: the rate is taken
    other = {"us-gaap:InvestmentTypeAxis": "abc:SeniorLoanMember"}
    rate(b, "InvestmentBasisSpreadVariableRate", "0.03", "spread", other)  # no rate there: the spread is taken
    rate(b, "InvestmentInterestRateFloor", "0.01", "floor", other)
    rate(b, "InvestmentInterestRate", "0.07", "ok-identified", {"us-gaap:InvestmentIdentifierAxis": "abc:LoanOneMember"})
    rate(b, "InvestmentInterestRate", "0.06", "ok-plain")  # no dimensions at all
    b.write(graph)
    results = run(graph, "t-0210")
    assert sorted((r.sub_rule, r.concept, r.facts[0].fact_id, r.reported_value) for r in results) == [
        ("DQC.US.0210.10734", "us-gaap:InvestmentBasisSpreadVariableRate", "spread", "0.03"),
        ("DQC.US.0210.10734", "us-gaap:InvestmentInterestRate", "rate", "0.08"),
    ]
    spread = next(r for r in results if r.facts[0].fact_id == "spread")
    assert spread.facts[0].context_id == b.facts[4]["props"]["context_id"]
    assert (
        spread.dimensions == ["us-gaap:InvestmentTypeAxis=abc:SeniorLoanMember"] and "InvestmentIdentifierAxis" in spread.message
    )


def test_not_evaluable_when_the_filing_is_not_loaded(graph: Graph):
    results = run(graph, "t-0210-missing")
    assert [(r.status, r.rule_id) for r in results] == [("not_evaluable", "DQC.US.0210")]
