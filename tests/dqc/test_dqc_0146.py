"""DQC.US.0146 (annual income statement with more non-annual than annual values) on hand-built filings."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

IS = "http://abc.com/role/IncomeStatement"
Q4 = (dt.date(2024, 10, 1), dt.date(2024, 12, 31))


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0146"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def pres(b: FilingBuilder, parent: str, child: str) -> None:
    b.arcs["pres"].append(
        {
            "source": b.concept(parent, base_type="string"),
            "target": b.concept(child),
            "props": {"owner": b.filing_id, "role": IS, "order": 1.0, "arcrole": "http://www.xbrl.org/2003/arcrole/parent-child"},
        }
    )


def statement(fid: str, form: str = "10-K", year_costs: bool = False) -> FilingBuilder:
    b = FilingBuilder(fid, form=form)
    b.role(IS, "0004 - Statement - Income Statement")
    pres(b, "us-gaap:IncomeStatementAbstract", "us-gaap:Revenues")
    pres(b, "us-gaap:IncomeStatementAbstract", "us-gaap:CostOfRevenue")
    b.fact("us-gaap:Revenues", "1000")  # the fiscal year
    b.fact("us-gaap:Revenues", "300", period=Q4, fact_id="q4-rev")  # the fourth quarter
    b.fact("us-gaap:CostOfRevenue", "200", period=Q4, fact_id="q4-cost")
    b.fact("us-gaap:CostOfRevenue", "150", period=Q4, dims={"srt:ProductOrServiceAxis": "abc:GoodsMember"})  # dimensional
    b.fact("us-gaap:Revenues", "250", period=(dt.date(2024, 7, 1), dt.date(2024, 9, 30)))  # ends before year end
    if year_costs:
        b.fact("us-gaap:CostOfRevenue", "700")
    return b


def test_more_quarter_than_year_values(graph: Graph):
    b = statement("t-0146")
    b.write(graph)
    results = run(graph, "t-0146")
    assert [(r.sub_rule, r.concept, r.facts[0].context_id, r.reported_value, r.network) for r in results] == [
        ("DQC.US.0146.9870", "us-gaap:CostOfRevenue", ctx(b, "q4-cost"), "200", IS)
    ]
    assert "2 value(s)" in results[0].message and "only 1" in results[0].message


def test_as_many_year_values_or_a_transition_report(graph: Graph):
    statement("t-0146-even", year_costs=True).write(graph)
    b = statement("t-0146-transition")
    b.text_fact("dei:DocumentTransitionReport", "true")
    b.write(graph)
    assert run(graph, "t-0146-even") == [] and run(graph, "t-0146-transition") == []


def test_not_applicable_to_a_quarterly_report(graph: Graph):
    statement("t-0146-10q", form="10-Q").write(graph)
    [r] = run(graph, "t-0146-10q")
    assert r.status == "not_evaluable" and r.reason.startswith("not applicable: DQC.US.0146 does not apply to form 10-Q")
