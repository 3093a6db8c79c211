"""DQC.US.0018 (deprecated element) on hand-built filings: deprecated us-gaap and EBP elements in the filing's own
presentation networks are reported once each; the same elements only in facts or only in a taxonomy network are not."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

BS = "http://example.com/role/BalanceSheet"
INV = "http://example.com/role/InvestmentsDetails"
EBP_NS = "http://fasb.org/us-gaap-ebp/2025"
EBP_NAME = "EmployeeBenefitPlanChangeInNetAssetAvailableForBenefitDecreaseForManagementFeeExpense"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0018"], RuleInput(graph, load_filing_data(graph, fid)))


def pres(b: FilingBuilder, role: str, parent: str, child: str, owner: str | None = None) -> None:
    b.arcs["pres"].append(
        {
            "source": parent,
            "target": child,
            "props": {
                "owner": owner or b.filing_id,
                "role": role,
                "order": 1.0,
                "arcrole": "http://www.xbrl.org/2003/arcrole/parent-child",
            },
        }
    )


def ebp_concept(b: FilingBuilder) -> str:
    """A concept of the employee benefit plan taxonomy (FilingBuilder knows only us-gaap, srt and dei)."""
    key = f"{EBP_NS}#{EBP_NAME}"
    props = {"namespace": EBP_NS, "name": EBP_NAME, "prefix": "us-gaap-ebp", "qname": f"us-gaap-ebp:{EBP_NAME}", "year": 2025}
    b.concepts[key] = {"key": key, "filing_id": None, "props": {**props, "release": "us-gaap-ebp/2025", "abstract": False}}
    return key


def test_deprecated_elements_in_the_filings_presentation(rules_graph: Graph):
    b = FilingBuilder("t-0018")
    b.role(BS, "200 - Statement - Balance Sheet")
    b.role(INV, "500 - Disclosure - Investments (Details)")
    abstract = b.concept("us-gaap:InvestmentsAbstract", base_type="string")
    deprecated = b.concept("us-gaap:TradingSecuritiesEquityCost")
    pres(b, INV, abstract, deprecated)
    pres(b, BS, b.concept("us-gaap:AssetsAbstract", base_type="string"), deprecated)  # a second network: still one finding
    pres(b, INV, deprecated, b.concept("us-gaap:Cash"))  # as a parent too
    pres(b, INV, abstract, ebp_concept(b))
    b.write(rules_graph)
    results = sorted(run(rules_graph, "t-0018"), key=lambda r: r.sub_rule)
    assert [(r.sub_rule, r.concept, r.facts, r.status) for r in results] == [
        ("DQC.US.0018.34", "us-gaap:TradingSecuritiesEquityCost", [], "violation"),
        ("DQC.US.0018.35", f"us-gaap-ebp:{EBP_NAME}", [], "violation"),
    ]
    assert BS in results[0].message and INV in results[0].message and "us-gaap 2025" in results[0].message


def test_deprecated_elements_outside_the_filings_networks_are_not_reported(rules_graph: Graph):
    b = FilingBuilder("t-0018-miss")
    b.fact("us-gaap:TradingSecuritiesEquityCost", "100", period="instant")  # a fact alone does not count
    abstract = b.concept("us-gaap:InvestmentsAbstract", base_type="string")
    pres(b, INV, abstract, b.concept("us-gaap:TradingSecuritiesEquityCost"), owner="us-gaap/2025")  # the taxonomy's network
    pres(b, INV, abstract, b.concept("us-gaap:Cash"))  # the filing's network, nothing deprecated
    b.write(rules_graph)
    assert run(rules_graph, "t-0018-miss") == []


def test_not_evaluable_without_the_constants(graph: Graph):
    FilingBuilder("t-0018-n").write(graph)
    (result,) = run(graph, "t-0018-n")
    assert result.status == "not_evaluable" and "DEP_CONCEPTS" in result.reason
