"""DQC.US.0143 (derivative position enumeration naming neither call nor put) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

POS = "us-gaap:DerivativePositionExtensibleEnumeration"
GAAP = "http://fasb.org/us-gaap/2025#"
TEXT = {"decimals": None, "unit": None, "base_type": "string"}
DIA = "us-gaap:DerivativeInstrumentRiskAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0143"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def test_position_without_call_or_put(graph: Graph):
    b = FilingBuilder("t-0143")
    b.fact(POS, f"{GAAP}CallOptionMember", dims={DIA: "abc:AMember"}, **TEXT)
    b.fact(POS, f"{GAAP}LongMember {GAAP}PutOptionMember", dims={DIA: "abc:BMember"}, **TEXT)  # put among others
    b.fact(POS, f"{GAAP}LongMember", dims={DIA: "abc:CMember"}, fact_id="long", **TEXT)
    b.fact(POS, "http://example.com/abc/2024#CallOptionMember", dims={DIA: "abc:DMember"}, fact_id="ext", **TEXT)
    b.fact(POS, None, dims={DIA: "abc:EMember"}, **TEXT)  # nil: nothing to test
    b.write(graph)
    results = run(graph, "t-0143")
    assert sorted((r.sub_rule, r.concept, r.facts[0].context_id, r.reported_value) for r in results) == sorted(
        [
            ("DQC.US.0143.9865", POS, ctx(b, "long"), f"{GAAP}LongMember"),
            ("DQC.US.0143.9865", POS, ctx(b, "ext"), "http://example.com/abc/2024#CallOptionMember"),
        ]
    )


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    b = FilingBuilder("t-0143-2022", us_gaap_year=2022)
    b.fact(POS, "http://fasb.org/us-gaap/2022#LongMember", **TEXT)
    b.write(graph)
    [r] = run(graph, "t-0143-2022")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0143 rule data for us-gaap 2022")
