"""DQC.US.0124 on hand-built filings: lease balances reported outside the face statements."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

BS = "http://example.com/role/BalanceSheet"
BSLA = "us-gaap:BalanceSheetLocationAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0124"], RuleInput(graph, load_filing_data(graph, fid)))


def filing(fid: str, on_statement: list[str], form: str = "10-K") -> FilingBuilder:
    """A balance sheet presenting Assets and the given elements (presentation arcs come with calculation arcs)."""
    b = FilingBuilder(fid, form=form)
    b.role(BS, "0000002 - Statement - Balance Sheets")
    b.calc(BS, "us-gaap:Assets", [(q, 1) for q in ["us-gaap:AssetsCurrent", *on_statement]])
    return b


def test_0124_lease_asset_outside_the_statements(graph: Graph):
    b = filing("t-0124-a", [])
    b.fact("us-gaap:FinanceLeaseRightOfUseAsset", "900000", period="instant", fact_id="rou")
    b.fact("us-gaap:FinanceLeaseRightOfUseAsset", "0", period="instant", dims={"srt:ProductOrServiceAxis": "abc:XMember"})
    b.fact(
        "us-gaap:FinanceLeaseLiabilityCurrent", "269000", period="instant", dims={BSLA: "abc:CurrentLeasesMember"}, fact_id="m"
    )
    b.write(graph)
    found = sorted((r.sub_rule, r.facts[0].fact_id) for r in run(graph, "t-0124-a"))
    assert found == [("DQC.US.0124.9585", "m"), ("DQC.US.0124.9587", "rou")]
    r = next(r for r in run(graph, "t-0124-a") if r.sub_rule == "DQC.US.0124.9585")
    assert r.dimensions == [f"{BSLA}=abc:CurrentLeasesMember"] and r.reported_value == "269000"


def test_0124_cleared_by_statement_list_element_or_split(graph: Graph):
    b = filing("t-0124-b", ["us-gaap:FinanceLeaseRightOfUseAsset"])  # on the balance sheet
    b.fact("us-gaap:FinanceLeaseRightOfUseAsset", "900000", period="instant")
    b.fact("us-gaap:OperatingLeaseRightOfUseAsset", "500", period="instant")
    b.fact(
        "us-gaap:OperatingLeaseRightOfUseAssetStatementOfFinancialPositionExtensibleList",
        "http://fasb.org/us-gaap/2025#OtherAssetsNoncurrent",
        decimals=None,
        unit=None,
        base_type="string",
        period="instant",
    )
    for m, v in (("abc:AMember", "100"), ("abc:BMember", "169")):  # split over two captions
        b.fact("us-gaap:FinanceLeaseLiabilityCurrent", v, period="instant", dims={BSLA: m})
    b.write(graph)
    assert run(graph, "t-0124-b") == []


def test_0124_quarterly_reports_and_unknown_forms(graph: Graph):
    b = filing("t-0124-c", [], form="10-KT/A")
    b.fact("us-gaap:FinanceLeaseRightOfUseAsset", "900000", period="instant")
    b.write(graph)
    assert run(graph, "t-0124-c") == []  # in the form lookup, but the rule itself skips amended transition reports
    FilingBuilder("t-0124-d", form="10-Q").write(graph)
    (r,) = run(graph, "t-0124-d")
    assert r.status == "not_evaluable" and "10-Q" in r.reason
