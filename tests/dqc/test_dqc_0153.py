"""DQC.US.0153 on hand-built presentation networks: a statement hypercube beside monetary line items it does not
hold, next to a well-formed statement, a parenthetical network and a detail network."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

IS = "http://example.com/role/IncomeStatement"
BS = "http://example.com/role/BalanceSheet"
IS_PAREN = "http://example.com/role/IncomeStatementParenthetical"
DETAIL = "http://example.com/role/RevenueDetails"
PARENT_CHILD = "http://www.xbrl.org/2003/arcrole/parent-child"


def pres(b: FilingBuilder, role: str, parent: str, children: list[str], base_type: str = "monetary") -> None:
    """Presentation arcs parent -> children (FilingBuilder writes them only with calculation arcs)."""
    p = b.concept(parent, base_type="string")
    for i, child in enumerate(children):
        kind = "string" if child.endswith(("Abstract", "Table", "LineItems", "Axis", "Member")) else base_type
        b.arcs["pres"].append(
            {
                "source": p,
                "target": b.concept(child, base_type=kind),
                "props": {"owner": b.filing_id, "role": role, "order": float(i + 1), "arcrole": PARENT_CHILD},
            }
        )


def hypercube(b: FilingBuilder, qname: str) -> None:
    b.concepts[b.concept(qname, base_type="string")]["props"]["substitution_group"] = "xbrldt:hypercubeItem"


def statement(b: FilingBuilder, role: str, outside: bool) -> None:
    """Statement abstract -> [table -> line items -> Revenues] (+ a monetary subtotal group beside the table)."""
    pres(b, role, "us-gaap:IncomeStatementAbstract", ["us-gaap:StatementTable"] + (["abc:OtherItemsAbstract"] if outside else []))
    pres(b, role, "us-gaap:StatementTable", ["us-gaap:StatementLineItems"])
    pres(b, role, "us-gaap:StatementLineItems", ["us-gaap:Revenues"])
    if outside:
        pres(b, role, "abc:OtherItemsAbstract", ["us-gaap:OtherNonoperatingIncomeExpense", "us-gaap:EarningsPerShareBasic"])


def run(graph: Graph, filing_id: str) -> list[CheckResult]:
    return run_rules(graph, filing_id, ["0153"])[0]["0153"]


def test_0153_flags_the_statement_table_beside_monetary_items(graph: Graph):
    b = FilingBuilder("t-0153")
    b.role(IS, "0000004 - Statement - Consolidated Statements of Operations")
    b.role(BS, "0000002 - Statement - Consolidated Balance Sheets")
    b.role(IS_PAREN, "0000005 - Statement - Consolidated Statements of Operations (Parenthetical)")
    b.role(DETAIL, "0000040 - Disclosure - Revenue (Details)")
    statement(b, IS, outside=True)  # flagged
    statement(b, BS, outside=False)  # everything under the table: fine
    statement(b, IS_PAREN, outside=True)  # parenthetical networks are left out
    statement(b, DETAIL, outside=True)  # not a statement
    hypercube(b, "us-gaap:StatementTable")
    b.write(graph)
    [r] = run(graph, "t-0153")
    assert (r.sub_rule, r.status, r.concept, r.network, r.facts) == (
        "DQC.US.0153.9879",
        "violation",
        "us-gaap:StatementTable",
        IS,
        [],
    )
    assert "us-gaap:OtherNonoperatingIncomeExpense" in r.message and "Consolidated Statements of Operations" in r.message


def test_0153_not_evaluable_for_an_unknown_filing(graph: Graph):
    [r] = run(graph, "no-such-filing")
    assert r.status == "not_evaluable" and "no filing" in r.reason
