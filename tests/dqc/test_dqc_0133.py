"""DQC.US.0133 on hand-built filings: equity method facts on the investee name axis, the nonconsolidated investee
axis or neither, each flagged case next to its compliant twin."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

NAME_AXIS = "srt:ScheduleOfEquityMethodInvestmentEquityMethodInvesteeNameAxis"
NONCONSOLIDATED_AXIS = "us-gaap:EquityMethodInvestmentNonconsolidatedInvesteeAxis"
INVESTEE = {NAME_AXIS: "abc:JointVentureAMember"}
NONCONSOLIDATED = {NONCONSOLIDATED_AXIS: "abc:JointVentureAMember"}


def run(graph: Graph, filing_id: str) -> list[CheckResult]:
    return run_rules(graph, filing_id, ["0133"])[0]["0133"]


def build(filing_id: str) -> FilingBuilder:
    b = FilingBuilder(filing_id)
    pct = {"decimals": "2", "unit": "xbrli:pure", "period": "instant"}
    b.fact("us-gaap:EquityMethodInvestmentOwnershipPercentage", "0.4", fact_id="pct-bare", **pct)  # 9831
    b.fact("us-gaap:EquityMethodInvestmentOwnershipPercentage", "0.4", dims=INVESTEE, fact_id="pct-named", **pct)
    b.fact("us-gaap:EquityMethodInvestmentOwnershipPercentage", None, fact_id="pct-nil", **pct)  # nil: skipped
    text = {"decimals": None, "unit": None, "base_type": "string"}
    b.fact(
        "us-gaap:EquityMethodInvestmentDescriptionOfPrincipalActivities",
        "Operates pipelines",
        dims=NONCONSOLIDATED,
        fact_id="activities-wrong-axis",  # 9831: a text fact, on the other axis only
        **text,
    )
    b.fact("us-gaap:Revenues", "900", dims=INVESTEE, fact_id="revenue-named")  # 9832
    b.fact("us-gaap:Revenues", "900", dims=NONCONSOLIDATED, fact_id="revenue-nonconsolidated")
    b.fact("us-gaap:Revenues", "5000", fact_id="revenue-own")
    b.fact(
        "us-gaap:EquityMethodInvestmentAggregateCost", "300", period="instant", dims=NONCONSOLIDATED, fact_id="cost-wrong"
    )  # 9833
    b.fact("us-gaap:EquityMethodInvestmentAggregateCost", "300", period="instant", dims=INVESTEE, fact_id="cost-named")
    return b


def test_0133_flags_each_fact_on_the_wrong_axis(rules_graph: Graph):
    b = build("t-0133")
    b.write(rules_graph)
    results = run(rules_graph, "t-0133")
    found = sorted((r.facts[0].fact_id, r.sub_rule.rsplit(".", 1)[1]) for r in results)
    assert found == [
        ("activities-wrong-axis", "9831"),  # no investee name axis
        ("activities-wrong-axis", "9833"),  # and an investor item (NON_FINANCIAL_DATA_EMI) on the nonconsolidated axis
        ("cost-wrong", "9833"),
        ("pct-bare", "9831"),
        ("revenue-named", "9832"),
    ]
    r = next(r for r in results if r.sub_rule == "DQC.US.0133.9832")
    assert (r.concept, r.reported_value, r.period, r.dimensions) == (
        "us-gaap:Revenues",
        "900",
        "duration:2024-01-01/2024-12-31",
        [f"{NAME_AXIS}=abc:JointVentureAMember"],
    )
    ctx = {f["props"]["fact_id"]: f["props"]["context_id"] for f in b.facts}
    assert r.facts[0].context_id == ctx["revenue-named"]
    assert NONCONSOLIDATED_AXIS in r.message and "900" in r.message
    text = next(r for r in results if r.facts[0].fact_id == "activities-wrong-axis" and r.sub_rule.endswith("9831"))
    assert text.reported_value == "Operates pipelines" and text.unit is None


def test_0133_not_evaluable_without_the_dqcrt_constants(graph: Graph):
    build("t-0133-nc").write(graph)
    [r] = run(graph, "t-0133-nc")
    assert r.status == "not_evaluable" and "FINANCIAL_DATA_EQUITY_METHOD_INVESTMENTS" in r.reason
