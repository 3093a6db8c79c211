"""DQC.US.0120 on hand-built filings: lease location lists naming balance sheet line items that are (or are not)
monetary items of the filing's balance sheet network."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

BS = "http://example.com/role/BalanceSheet"
BS_PAREN = "http://example.com/role/BalanceSheetParenthetical"
PARENT_CHILD = "http://www.xbrl.org/2003/arcrole/parent-child"
GAAP = "http://fasb.org/us-gaap/2025#"
ROU_LIST = "us-gaap:OperatingLeaseRightOfUseAssetStatementOfFinancialPositionExtensibleList"
LIABILITY_LIST = "us-gaap:OperatingLeaseLiabilityNoncurrentStatementOfFinancialPositionExtensibleList"


def pres(b: FilingBuilder, role: str, parent: str, children: list[str]) -> None:
    """Presentation arcs parent -> children (FilingBuilder writes them only with calculation arcs)."""
    p = b.concept(parent, base_type="string")
    for i, child in enumerate(children):
        target = b.concept(child, base_type="string" if child.endswith("Abstract") else "monetary")
        b.arcs["pres"].append(
            {
                "source": p,
                "target": target,
                "props": {"owner": b.filing_id, "role": role, "order": float(i + 1), "arcrole": PARENT_CHILD},
            }
        )


def text(b: FilingBuilder, qname: str, value: str, fact_id: str) -> None:
    b.fact(qname, value, decimals=None, unit=None, base_type="string", period="instant", fact_id=fact_id)


def run(graph: Graph, filing_id: str) -> list[CheckResult]:
    return run_rules(graph, filing_id, ["0120"])[0]["0120"]


def test_0120_flags_list_values_missing_from_the_balance_sheet(graph: Graph):
    b = FilingBuilder("t-0120")
    b.role(BS, "0000002 - Statement - Consolidated Balance Sheets")
    b.role(BS_PAREN, "0000001 - Statement - Consolidated Balance Sheets (Parenthetical)")
    pres(b, BS, "us-gaap:StatementOfFinancialPositionAbstract", ["us-gaap:AssetsAbstract", "us-gaap:LiabilitiesAbstract"])
    pres(b, BS, "us-gaap:AssetsAbstract", ["us-gaap:OtherAssetsNoncurrent", "abc:LeaseAssets"])
    pres(b, BS, "us-gaap:LiabilitiesAbstract", ["us-gaap:OtherLiabilitiesNoncurrent"])
    pres(b, BS_PAREN, "us-gaap:StatementOfFinancialPositionAbstract", ["us-gaap:PrepaidExpenseCurrent"])  # not the balance sheet
    text(b, ROU_LIST, f"{GAAP}OtherAssetsNoncurrent {GAAP}PrepaidExpenseCurrent", "rou")  # the second is missing
    text(b, LIABILITY_LIST, f"{GAAP}OtherLiabilitiesNoncurrent", "liability")  # fine
    text(
        b,
        "us-gaap:FinanceLeaseRightOfUseAssetStatementOfFinancialPositionExtensibleList",
        "http://example.com/abc/2024#LeaseAssets",
        "ext",
    )
    b.write(graph)
    [r] = run(graph, "t-0120")
    ctx = {f["props"]["fact_id"]: f["props"]["context_id"] for f in b.facts}
    assert (r.sub_rule, r.status, r.concept, r.network, r.period, r.facts[0].fact_id, r.facts[0].context_id) == (
        "DQC.US.0120.9578",
        "violation",
        ROU_LIST,
        BS,
        "instant:2024-12-31",
        "rou",
        ctx["rou"],
    )
    assert f"{GAAP}PrepaidExpenseCurrent" in r.message and "Consolidated Balance Sheets" in r.message


def test_0120_quiet_without_a_balance_sheet(graph: Graph):
    b = FilingBuilder("t-0120-none")
    text(b, ROU_LIST, f"{GAAP}OtherAssetsNoncurrent", "rou")
    b.write(graph)
    assert run(graph, "t-0120-none") == []
