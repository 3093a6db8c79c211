"""DQC.US.0135 (statement elements reported off the statements without an extensible enumeration) on hand-built
filings: 9835 for a sizeable amount with no enumeration, 9836 for a location-axis fact without its enumeration."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

IS = "http://example.com/role/IncomeStatement"
BSL = "us-gaap:BalanceSheetLocationAxis"
ENV = "us-gaap:AccrualForEnvironmentalLossContingencies"
ENV_ENUM = "us-gaap:EnvironmentalLossContingencyStatementOfFinancialPositionExtensibleEnumeration"
END = dt.date(2024, 12, 31)


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0135"], RuleInput(graph, load_filing_data(graph, fid)))


def found(results: list[CheckResult]) -> list[tuple[str, str | None, str | None, str | None]]:
    return sorted((r.sub_rule, r.concept, r.facts[0].fact_id if r.facts else None, r.reported_value) for r in results)


def notes_only(fid: str, form: str = "10-K") -> FilingBuilder:
    b = FilingBuilder(fid, form=form)
    b.role(IS, "100 - Statement - Income Statement")
    b.calc(IS, "us-gaap:OperatingExpenses", [("us-gaap:SellingGeneralAndAdministrativeExpense", 1)])
    b.fact("us-gaap:OperatingExpenses", "900000", fact_id="opex")
    b.fact("us-gaap:SellingGeneralAndAdministrativeExpense", "900000", fact_id="sga")  # on the statement: fine
    b.fact("us-gaap:GoodwillImpairmentLoss", "50000", fact_id="goodwill")  # 50,000 > 20 x 1,000: 9835
    b.fact(
        "us-gaap:GoodwillImpairmentLoss",
        "50000",
        fact_id="goodwill-seg",
        dims={"us-gaap:StatementBusinessSegmentsAxis": "abc:EastMember"},
    )
    b.fact("us-gaap:RestructuringCharges", "20000", fact_id="restructuring")  # not above the tolerance
    # the environmental accrual has its enumeration for one balance sheet location, not for the other
    b.fact(ENV, "70000", period=END, fact_id="env-other", dims={BSL: "us-gaap:OtherLiabilitiesMember"})
    b.fact(ENV, "30000", period=END, fact_id="env-accrued", dims={BSL: "us-gaap:AccruedLiabilitiesMember"})
    b.fact(ENV_ENUM, "http://fasb.org/us-gaap/2025#OtherLiabilitiesNoncurrent", decimals=None, unit=None, base_type="string",
           period=END, dims={BSL: "us-gaap:OtherLiabilitiesMember"})  # fmt: skip
    return b


def test_statement_elements_off_the_statements(rules_graph: Graph):
    notes_only("t-0135").write(rules_graph)
    results = run(rules_graph, "t-0135")
    assert found(results) == [
        ("DQC.US.0135.9835", "us-gaap:GoodwillImpairmentLoss", "goodwill", "50000"),  # equal amounts: the one without members
        ("DQC.US.0135.9836", ENV, "env-accrued", "30000"),
    ]
    goodwill = next(r for r in results if r.sub_rule.endswith("9835"))
    assert "GoodwillImpairmentLossStatementOfIncomeOrComprehensiveIncomeExtensibleEnumeration" in goodwill.message
    env = next(r for r in results if r.sub_rule.endswith("9836"))
    assert env.dimensions == [f"{BSL}=us-gaap:AccruedLiabilitiesMember"] and env.period == "instant:2024-12-31"


def test_flagged_presented_or_quarterly(rules_graph: Graph):
    b = notes_only("t-0135-flag")
    b.fact("abc:GoodwillImpairmentLossStatementOfIncomeOrComprehensiveIncomeExtensibleEnumerationNotDisclosedFlag", "true",
           decimals=None, unit=None, base_type="string")  # fmt: skip
    b.calc(IS, "us-gaap:OperatingExpenses", [("us-gaap:RestructuringCharges", 1)])
    b.write(rules_graph)
    assert [r.sub_rule for r in run(rules_graph, "t-0135-flag")] == ["DQC.US.0135.9836"]
    p = notes_only("t-0135-parent")  # the impairment rolls up into a statement total: 9835 does not apply
    p.calc(
        "http://example.com/role/Impairments",
        "us-gaap:SellingGeneralAndAdministrativeExpense",
        [("us-gaap:GoodwillImpairmentLoss", 1)],
    )
    p.write(rules_graph)
    assert [r.sub_rule for r in run(rules_graph, "t-0135-parent")] == ["DQC.US.0135.9836"]
    notes_only("t-0135-q", form="10-Q").write(rules_graph)
    assert run(rules_graph, "t-0135-q") == []


def test_not_evaluable_without_the_constants(graph: Graph):
    notes_only("t-0135-n").write(graph)
    (result,) = run(graph, "t-0135-n")
    assert result.status == "not_evaluable" and "EXT_ENUM" in result.reason
