"""DQC.US.0154 (income tax reconciliation items on elements not made for them) on hand-built filings: the filer's
label of an element in an income tax disclosure names FDII, GILTI, BEAT or a foreign rate differential."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

TAX = "http://example.com/role/IncomeTaxesDetails"
OTHER = "http://example.com/role/OtherDetails"
TERSE = "http://www.xbrl.org/2003/role/terseLabel"
LABELS = {
    "abc:FdiiDeduction": "Foreign-derived intangible income deduction",  # 10068
    "abc:GiltiInclusion": "GILTI inclusion",  # 10069
    "abc:BaseErosionTax": "BEAT",  # 10070
    "abc:ForeignRateDifference": "Foreign tax rate differential",  # 10071
    "abc:GiltiAndFdii": "GILTI and FDII, net",  # names two items: not reported
    "us-gaap:EffectiveIncomeTaxRateReconciliationFdiiPercent": "FDII",  # the element made for it
}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0154"], RuleInput(graph, load_filing_data(graph, fid)))


def network(b: FilingBuilder, role: str, children: list[str]) -> None:
    parent = b.concept("us-gaap:IncomeTaxDisclosureAbstract", base_type="string")
    for i, child in enumerate(children):
        b.arcs["pres"].append(
            {
                "source": parent,
                "target": b.concept(child),
                "props": {"owner": b.filing_id, "role": role, "order": float(i), "preferred_label": TERSE,
                          "arcrole": "http://www.xbrl.org/2003/arcrole/parent-child"},
            }
        )  # fmt: skip


def label(graph: Graph, b: FilingBuilder, qname: str, text: str) -> None:
    """A filer label (FILER_LABEL edge, as the loader writes it); FilingBuilder writes none."""
    graph.driver.execute_query(
        "MATCH (f:Filing {id: $fid}), (c:Concept {key: $key}) "
        "CREATE (f)-[:FILER_LABEL {role: $role, role_name: 'terseLabel', lang: 'en-US', text: $text}]->(c)",
        {"fid": b.filing_id, "key": b.key(qname), "role": TERSE, "text": text},
    )


def tax_filing(graph: Graph, fid: str, definition: str, anchor: bool = True) -> None:
    b = FilingBuilder(fid)
    b.role(TAX, definition)
    network(b, TAX, (["us-gaap:IncomeTaxExpenseBenefit"] if anchor else []) + list(LABELS))
    b.write(graph)
    for qname, text in LABELS.items():
        label(graph, b, qname, text)


def test_items_on_elements_not_made_for_them(graph: Graph):
    tax_filing(graph, "t-0154", "400 - Disclosure - Income Taxes (Details)")
    results = sorted(run(graph, "t-0154"), key=lambda r: r.sub_rule)
    assert [(r.sub_rule, r.concept, r.network, r.facts) for r in results] == [
        ("DQC.US.0154.10068", "abc:FdiiDeduction", TAX, []),
        ("DQC.US.0154.10069", "abc:GiltiInclusion", TAX, []),
        ("DQC.US.0154.10070", "abc:BaseErosionTax", TAX, []),
        ("DQC.US.0154.10071", "abc:ForeignRateDifference", TAX, []),
    ]
    assert '"Foreign-derived intangible income deduction"' in results[0].message
    assert "EffectiveIncomeTaxRateReconciliationFdiiPercent" in results[0].message


def test_no_anchor_or_not_a_disclosure(graph: Graph):
    tax_filing(graph, "t-0154-noanchor", "400 - Disclosure - Income Taxes (Details)", anchor=False)
    assert run(graph, "t-0154-noanchor") == []
    tax_filing(graph, "t-0154-statement", "100 - Statement - Income Statement")
    assert run(graph, "t-0154-statement") == []
