"""DQC.US.0196 (opening and closing balances on the equity statement) on hand-built filings: the statement-cube
sub-rules, the column sub-rules, the extension exemption, and not evaluable without DQCRT constants."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

AXIS = "us-gaap:StatementEquityComponentsAxis"
SHE = "http://example.com/role/Equity"
NOTE = "http://example.com/role/EquityNote"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0196"])
    return results["0196"]


def found(results: list[CheckResult]) -> list[tuple[str, str, str | None, str | None]]:
    return sorted(
        (r.sub_rule, r.facts[0].concept, r.facts[0].context_id, r.facts[0].value) for r in results if r.status == "violation"
    )


def ctx(b: FilingBuilder, fact_id: str) -> str | None:
    return next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id)


def equity_filing(fid: str, statement: bool = True) -> FilingBuilder:
    b = FilingBuilder(fid)
    kind = "Statement" if statement else "Disclosure"
    b.role(SHE, f"0000005 - {kind} - Statement of Stockholders Equity")
    b.cube(
        SHE,
        ["us-gaap:CommonStockValue", "us-gaap:StockholdersEquity"],
        AXIS,
        "us-gaap:EquityComponentDomain",
        {"us-gaap:CommonStockMember": None, "us-gaap:RetainedEarningsMember": None},
    )
    return b


def test_0196_balances_in_the_statement_cube(rules_graph: Graph):
    b = equity_filing("t-0196")
    common = {AXIS: "us-gaap:CommonStockMember"}
    b.fact("us-gaap:CommonStockValue", "85500", period="instant", dims=common, fact_id="cs")  # 10628
    b.fact("us-gaap:StockholdersEquity", "90000", period="instant", dims=common)  # a total-equity element: fine
    b.fact("us-gaap:CommonStockValue", "0", period=b.year_start, dims=common)  # zero: fine
    b.fact("us-gaap:CommonStockSharesIssued", "1000", period="instant", dims=common, unit="xbrli:shares", base_type="shares")
    b.fact("us-gaap:AdditionalPaidInCapital", "7", period="instant", dims=common)  # not a primary of the cube: fine
    b.fact(
        "us-gaap:RetainedEarningsAccumulatedDeficit",
        "2461600",
        period="instant",
        dims={AXIS: "us-gaap:RetainedEarningsMember"},
        fact_id="re",
    )  # 10630 needs no cube
    b.fact(
        "us-gaap:AccumulatedOtherComprehensiveIncomeLossNetOfTax",
        "-4000",
        period="instant",
        dims={AXIS: "us-gaap:AccumulatedTranslationAdjustmentMember"},
        fact_id="aoci",
    )  # 10633 through the AOCI_MEMBERS constant
    b.fact("us-gaap:AccumulatedOtherComprehensiveIncomeLossNetOfTax", "-4000", dims={AXIS: "us-gaap:AociMember"})  # duration
    b.write(rules_graph)
    assert found(run(rules_graph, "t-0196")) == sorted(
        [
            ("DQC.US.0196.10628", "us-gaap:CommonStockValue", ctx(b, "cs"), "85500"),
            ("DQC.US.0196.10630", "us-gaap:RetainedEarningsAccumulatedDeficit", ctx(b, "re"), "2461600"),
            ("DQC.US.0196.10633", "us-gaap:AccumulatedOtherComprehensiveIncomeLossNetOfTax", ctx(b, "aoci"), "-4000"),
        ]
    )


def test_0196_common_stock_needs_a_statement_cube(rules_graph: Graph):
    b = equity_filing("t-0196-note", statement=False)  # the same cube in a disclosure role
    b.fact("us-gaap:CommonStockValue", "85500", period="instant", dims={AXIS: "us-gaap:CommonStockMember"})
    b.write(rules_graph)
    assert found(run(rules_graph, "t-0196-note")) == []


def test_0196_extension_balances(rules_graph: Graph):
    b = equity_filing("t-0196-ext")
    nci = {AXIS: "us-gaap:NoncontrollingInterestMember"}
    retained = {AXIS: "us-gaap:RetainedEarningsMember"}
    b.fact("abc:ConvertiblePartnershipUnits", "499966", period="instant", dims=nci, fact_id="units")  # 10635: flagged
    # beside a standard balance with the same member in the statement cube, an extension is something else
    b.fact("abc:RetainedEarningsOther", "500", period="instant", dims=retained)
    b.fact("us-gaap:StockholdersEquity", "9000", period="instant", dims=retained)
    b.fact("abc:RetainedEarningsOther", "600", period=b.year_start, dims=retained, fact_id="other-date")  # not aligned
    b.write(rules_graph)
    assert found(run(rules_graph, "t-0196-ext")) == sorted(
        [
            ("DQC.US.0196.10630", "abc:RetainedEarningsOther", ctx(b, "other-date"), "600"),
            ("DQC.US.0196.10635", "abc:ConvertiblePartnershipUnits", ctx(b, "units"), "499966"),
        ]
    )


def test_0196_not_evaluable_without_constants(graph: Graph):
    FilingBuilder("t-0196-none").write(graph)
    (r,) = run(graph, "t-0196-none")
    assert r.status == "not_evaluable" and "AOCI_MEMBERS" in r.reason
