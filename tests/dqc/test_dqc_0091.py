"""DQC.US.0091 on hand-built filings: percent items above 10 (1,000 percent)."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0091"], RuleInput(graph, load_filing_data(graph, fid)))


def percent(b: FilingBuilder, qname: str, value: str, fact_id: str | None = None) -> None:
    b.fact(qname, value, decimals="2", unit="xbrli:pure", base_type="pure", period="instant", fact_id=fact_id)
    b.concepts[b.key(qname)]["props"]["type"] = "dtr-types:percentItemType"


def test_0091_percent_above_ten(graph: Graph):
    b = FilingBuilder("t-0091-a")
    percent(b, "us-gaap:ConcentrationRiskPercentage1", "89.00", fact_id="big")
    percent(b, "us-gaap:DebtInstrumentInterestRateStatedPercentage", "10")  # exactly 10: fine
    percent(b, "us-gaap:EffectiveIncomeTaxRateContinuingOperations", "21")  # tax rates are left out
    percent(b, "abc:OwnPercentage", "50")  # an extension element is left out
    b.write(graph)
    (r,) = run(graph, "t-0091-a")
    assert (r.sub_rule, r.facts[0].fact_id, r.reported_value) == ("DQC.US.0091.9376", "big", "89.00")


def test_0091_not_evaluable_for_other_forms(graph: Graph):
    FilingBuilder("t-0091-b", form="8-K").write(graph)
    (r,) = run(graph, "t-0091-b")
    assert r.status == "not_evaluable" and "8-K" in r.reason
