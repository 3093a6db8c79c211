"""DQC.US.0159 (a basic financial statement header is missing) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

BS = "http://example.com/role/BalanceSheet"
IS = "http://example.com/role/IncomeStatement"


def present(b: FilingBuilder, role: str, parent: str, child: str) -> None:
    b.concepts[b.concept(parent, base_type="string")]["props"]["abstract"] = True
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
    results, _, _ = run_rules(graph, fid, ["0159"])
    return results["0159"]


def statements(fid: str, form: str = "10-K") -> FilingBuilder:
    b = FilingBuilder(fid, form=form)  # its first fact, f1, is dei:DocumentType
    b.role(BS, "100 - Statement - Balance Sheet")
    b.role(IS, "200 - Statement - Income Statement")
    present(b, BS, "us-gaap:StatementOfFinancialPositionAbstract", "us-gaap:Assets")
    present(b, IS, "us-gaap:StatementOfIncomeAndComprehensiveIncomeAbstract", "us-gaap:Revenues")  # stands for the income header
    return b


def test_0159_a_missing_cash_flow_header_names_the_document_type_fact(rules_graph: Graph):
    statements("t-0159").write(rules_graph)
    bad = [r for r in run(rules_graph, "t-0159") if r.status == "violation"]
    assert [(r.sub_rule, r.concept, [(f.concept, f.fact_id, f.value) for f in r.facts]) for r in bad] == [
        ("DQC.US.0159.10081", "us-gaap:StatementOfCashFlowsAbstract", [("dei:DocumentType", "f1", "10-K")])
    ]


def test_0159_a_10q_needs_no_cash_flow_header(rules_graph: Graph):
    statements("t-0159-q", form="10-Q").write(rules_graph)
    assert [r for r in run(rules_graph, "t-0159-q") if r.status == "violation"] == []


def test_0159_refuses_without_the_liquidation_list(graph: Graph):
    statements("t-0159-nc").write(graph)
    results = run(graph, "t-0159-nc")
    assert [r.status for r in results] == ["not_evaluable"] and "LIQUIDATION_BASIS_CONCEPTS" in results[0].reason
