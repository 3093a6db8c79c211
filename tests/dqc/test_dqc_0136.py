"""DQC.US.0136 on hand-built filings: an extensible enumeration naming a line item the statements do not show,
next to one they show, a lease enumeration (0120's) and a filing without statements."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

BS = "http://example.com/role/BalanceSheet"
PARENT_CHILD = "http://www.xbrl.org/2003/arcrole/parent-child"
GAAP = "http://fasb.org/us-gaap/2025#"
DERIVATIVE_ASSET_LIST = "us-gaap:DerivativeAssetStatementOfFinancialPositionExtensibleEnumeration"
DERIVATIVE_LIABILITY_LIST = "us-gaap:DerivativeLiabilityStatementOfFinancialPositionExtensibleEnumeration"
ROU_LIST = "us-gaap:OperatingLeaseRightOfUseAssetStatementOfFinancialPositionExtensibleList"


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


def text(b: FilingBuilder, qname: str, value: str | None, fact_id: str) -> None:
    b.fact(qname, value, decimals=None, unit=None, base_type="string", period="instant", fact_id=fact_id)


def build(filing_id: str, statements: bool = True) -> FilingBuilder:
    b = FilingBuilder(filing_id)
    if statements:
        b.role(BS, "0000002 - Statement - Consolidated Balance Sheets")
        pres(b, BS, "us-gaap:AssetsAbstract", ["us-gaap:OtherAssetsCurrent", "us-gaap:AccountsPayableCurrent"])
    text(b, DERIVATIVE_ASSET_LIST, f"{GAAP}PrepaidExpenseAndOtherAssets", "asset")  # not in the statements
    text(b, DERIVATIVE_LIABILITY_LIST, f"{GAAP}AccountsPayableCurrent", "liability")  # presented: fine
    text(b, ROU_LIST, f"{GAAP}PrepaidExpenseAndOtherAssets", "lease")  # a lease list: DQC.US.0120's
    text(b, "us-gaap:DerivativeAssetNoncurrentStatementOfFinancialPositionExtensibleEnumeration", None, "nil")
    return b


def run(graph: Graph, filing_id: str) -> list[CheckResult]:
    return run_rules(graph, filing_id, ["0136"])[0]["0136"]


def test_0136_flags_an_enumeration_value_missing_from_the_statements(rules_graph: Graph):
    b = build("t-0136")
    b.write(rules_graph)
    [r] = run(rules_graph, "t-0136")
    ctx = {f["props"]["fact_id"]: f["props"]["context_id"] for f in b.facts}
    assert (r.sub_rule, r.status, r.concept, r.reported_value, r.facts[0].fact_id, r.facts[0].context_id) == (
        "DQC.US.0136.9837",
        "violation",
        DERIVATIVE_ASSET_LIST,
        f"{GAAP}PrepaidExpenseAndOtherAssets",
        "asset",
        ctx["asset"],
    )
    assert f"{GAAP}PrepaidExpenseAndOtherAssets" in r.message


def test_0136_needs_statements_and_the_constant(rules_graph: Graph):
    build("t-0136-none", statements=False).write(rules_graph)
    assert run(rules_graph, "t-0136-none") == []


def test_0136_not_evaluable_without_the_constant(graph: Graph):
    build("t-0136-nc").write(graph)
    [r] = run(graph, "t-0136-nc")
    assert r.status == "not_evaluable" and "EXT_ENUM" in r.reason
