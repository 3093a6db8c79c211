"""DQC.US.0192 (balance sheet of an accelerated filer below one million) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

BS = "http://abc.com/role/BalanceSheet"
TEXT = {"decimals": None, "unit": None, "base_type": "string"}
AT = {"period": "instant"}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0192"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def pres(b: FilingBuilder, parent: str, child: str, base_type: str = "monetary") -> None:
    b.arcs["pres"].append(
        {
            "source": b.concept(parent, base_type="string"),
            "target": b.concept(child, base_type=base_type),
            "props": {"owner": b.filing_id, "role": BS, "order": 1.0, "arcrole": "http://www.xbrl.org/2003/arcrole/parent-child"},
        }
    )


def filing(fid: str, category: str, assets: str) -> FilingBuilder:
    b = FilingBuilder(fid)
    b.text_fact("dei:EntityFilerCategory", category)
    b.role(BS, "0002 - Statement - Balance Sheet")
    pres(b, "us-gaap:StatementOfFinancialPositionAbstract", "us-gaap:StatementTable", "string")
    pres(b, "us-gaap:StatementTable", "us-gaap:StatementLineItems", "string")
    pres(b, "us-gaap:StatementLineItems", "us-gaap:AssetsAbstract", "string")
    pres(b, "us-gaap:AssetsAbstract", "us-gaap:Cash")
    pres(b, "us-gaap:AssetsAbstract", "us-gaap:Assets")
    b.fact("us-gaap:Cash", "4000", **AT)
    b.fact("us-gaap:Assets", assets, fact_id="assets", **AT)
    b.fact("us-gaap:Assets", "5000000", dims={"srt:ConsolidatedEntitiesAxis": "abc:SubMember"}, **AT)  # dimensional: ignored
    b.fact("us-gaap:Revenues", "9000000")  # not on the balance sheet
    return b


def test_accelerated_filer_in_thousands(graph: Graph):
    b = filing("t-0192", "Large Accelerated Filer", "999999")
    b.write(graph)
    results = run(graph, "t-0192")
    assert [(r.sub_rule, r.concept, r.facts[0].context_id, r.reported_value) for r in results] == [
        ("DQC.US.0192.10620", "us-gaap:Assets", ctx(b, "assets"), "999999")
    ]


def test_one_million_or_a_smaller_filer(graph: Graph):
    filing("t-0192-1m", "Accelerated Filer", "1000000").write(graph)
    filing("t-0192-small", "Non-accelerated Filer", "999").write(graph)
    assert run(graph, "t-0192-1m") == [] and run(graph, "t-0192-small") == []


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    b = filing("t-0192-2022", "Large Accelerated Filer", "999999")
    b.us_gaap_year = 2022
    b.write(graph)
    [r] = run(graph, "t-0192-2022")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0192 rule data for us-gaap 2022")
