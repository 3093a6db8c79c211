"""DQC.US.0144 (monetary extension element without a balance type on a statement) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

IS = "http://example.com/role/IncomeStatement"
PAREN = "http://example.com/role/IncomeStatementParenthetical"


def present(b: FilingBuilder, role: str, parent: str, child: str) -> None:
    """A presentation arc alone (FilingBuilder.calc writes one with each calculation arc)."""
    b.arcs["pres"].append(
        {
            "source": b.concept(parent, base_type="string"),
            "target": b.concept(child),
            "props": {
                "owner": b.filing_id,
                "role": role,
                "order": 1.0,
                "arcrole": "http://www.xbrl.org/2003/arcrole/parent-child",
            },
        }
    )


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0144"])
    return results["0144"]


def statement_filing(fid: str = "t-0144", year: int = 2025) -> FilingBuilder:
    b = FilingBuilder(fid, us_gaap_year=year)
    b.role(IS, "200 - Statement - Income Statement")
    b.role(PAREN, "201 - Statement - Income Statement (Parenthetical)")
    present(b, IS, "us-gaap:IncomeStatementAbstract", "abc:OtherRevenue")  # flagged
    b.fact("abc:OtherRevenue", "5000")
    present(b, IS, "us-gaap:IncomeStatementAbstract", "abc:DebitCost")  # has a balance
    b.fact("abc:DebitCost", "100", balance="debit")
    present(b, IS, "us-gaap:IncomeStatementAbstract", "abc:Unreported")  # no fact
    b.concept("abc:Unreported")
    b.calc(IS, "abc:SubTotal", [("abc:DebitCost", 1)])  # a calculation total of the role
    b.fact("abc:SubTotal", "100")
    present(b, IS, "us-gaap:IncomeStatementAbstract", "us-gaap:Revenues")  # not an extension
    b.fact("us-gaap:Revenues", "9000")
    present(b, PAREN, "us-gaap:IncomeStatementAbstract", "abc:ParenAmount")  # a parenthetical statement
    b.fact("abc:ParenAmount", "7")
    return b


def test_0144_names_the_element_and_the_statement(graph: Graph):
    statement_filing().write(graph)
    results = run(graph, "t-0144")
    bad = [r for r in results if r.status == "violation"]
    assert [(r.sub_rule, r.concept, r.network, r.facts) for r in bad] == [("DQC.US.0144.9866", "abc:OtherRevenue", IS, [])]
    assert "200 - Statement - Income Statement" in bad[0].message and "debit or credit" in bad[0].message
    assert "duration:2024-01-01/2024-12-31" in bad[0].message


def test_0144_refuses_a_year_without_a_rule_set(graph: Graph):
    statement_filing("t-0144-2022", year=2022).write(graph)
    results = run(graph, "t-0144-2022")
    assert [r.status for r in results] == ["not_evaluable"] and "2022" in results[0].reason
