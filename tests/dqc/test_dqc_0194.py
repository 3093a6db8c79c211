"""DQC.US.0194 (negative values with the equity components members) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

AXIS = "us-gaap:StatementEquityComponentsAxis"
COMMON = {AXIS: "us-gaap:CommonStockMember"}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0194"])
    return results["0194"]


def ctx(b: FilingBuilder, fact_id: str) -> str | None:
    return next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id)


def test_0194_negative_movements_by_member(rules_graph: Graph):
    b = FilingBuilder("t-0194")
    b.fact("us-gaap:StockIssuedDuringPeriodValueNewIssues", "-204000", dims=COMMON, fact_id="new")  # 10621
    b.fact("us-gaap:StockIssuedDuringPeriodValueNewIssues", "204000", dims={AXIS: "us-gaap:PreferredStockMember"})  # positive
    b.fact(
        "us-gaap:StockIssuedDuringPeriodValueConversionOfUnits",
        "-250",
        dims={AXIS: "us-gaap:PreferredStockMember"},
        fact_id="pref",
    )  # 10636
    b.fact(
        "us-gaap:MinorityInterestDecreaseFromDistributionsToNoncontrollingInterestHolders",
        "-2000000",
        dims={AXIS: "us-gaap:NoncontrollingInterestMember"},
        fact_id="nci",
    )  # 10637 through the NCI constant
    b.fact("us-gaap:StockIssuedDuringPeriodValueNewIssues", "-5", dims={AXIS: "us-gaap:RetainedEarningsMember"})  # other member
    b.fact("us-gaap:ProfitLoss", "-5", dims=COMMON)  # not on the list
    # a second dimension: reported unless it is excluded like the sign rule excludes it
    b.fact(
        "us-gaap:StockIssuedDuringPeriodValueNewIssues",
        "-7",
        dims={**COMMON, "srt:ProductOrServiceAxis": "abc:WidgetMember"},
        fact_id="two-dims",
    )
    b.fact(
        "us-gaap:StockIssuedDuringPeriodValueNewIssues",
        "-7",
        dims={**COMMON, "srt:ProductOrServiceAxis": "abc:EliminationsMember"},
    )
    b.fact(
        "us-gaap:StockIssuedDuringPeriodValueNewIssues",
        "-7",
        dims={**COMMON, "us-gaap:StatementClassOfStockAxis": "us-gaap:CommonClassAMember"},
    )
    b.fact(
        "us-gaap:StockIssuedDuringPeriodValueNewIssues",
        "-7",
        dims={**COMMON, "srt:ConsolidatedEntitiesAxis": "srt:ParentCompanyMember"},
    )
    b.write(rules_graph)
    got = sorted((r.sub_rule, r.facts[0].concept, r.facts[0].context_id, r.facts[0].value) for r in run(rules_graph, "t-0194"))
    assert got == sorted(
        [
            ("DQC.US.0194.10621", "us-gaap:StockIssuedDuringPeriodValueNewIssues", ctx(b, "new"), "-204000"),
            ("DQC.US.0194.10621", "us-gaap:StockIssuedDuringPeriodValueNewIssues", ctx(b, "two-dims"), "-7"),
            ("DQC.US.0194.10636", "us-gaap:StockIssuedDuringPeriodValueConversionOfUnits", ctx(b, "pref"), "-250"),
            (
                "DQC.US.0194.10637",
                "us-gaap:MinorityInterestDecreaseFromDistributionsToNoncontrollingInterestHolders",
                ctx(b, "nci"),
                "-2000000",
            ),
        ]
    )


def test_0194_not_evaluable_without_constants(graph: Graph):
    FilingBuilder("t-0194-none").write(graph)
    (r,) = run(graph, "t-0194-none")
    assert r.status == "not_evaluable" and "DQCRT constant" in r.reason
