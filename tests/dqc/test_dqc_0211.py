"""DQC.US.0211 (an extensible enumeration without its amount) on hand-built filings: an enumeration fact is reported
when neither its statement element nor an element us-gaap calculates below it has a fact for the same period and
dimensions."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph
from auditgraph.loader.dqc_constants import load_constants

LEASE, LEASE_ENUM = (
    "us-gaap:OperatingLeaseLiabilityCurrent",
    "us-gaap:OperatingLeaseLiabilityCurrentStatementOfFinancialPositionExtensibleList",
)
GOODWILL = "us-gaap:GoodwillImpairmentLoss"
GOODWILL_ENUM = "us-gaap:GoodwillImpairmentLossStatementOfIncomeOrComprehensiveIncomeExtensibleEnumeration"
CHILD = "us-gaap:GoodwillImpairmentLossNetOfTax"  # stands in for an element us-gaap calculates below the impairment
GAAP = "http://fasb.org/us-gaap/role/disclosure/Goodwill"
SEGMENT = {"us-gaap:StatementBusinessSegmentsAxis": "abc:EastMember"}
END = dt.date(2024, 12, 31)


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0211"], RuleInput(graph, load_filing_data(graph, fid)))


def enum(
    b: FilingBuilder, qname: str, line: str, fact_id: str, period: object = None, dims: dict[str, str] | None = None
) -> None:
    b.fact(qname, f"http://fasb.org/us-gaap/2025#{line}", decimals=None, unit=None, base_type="string", fact_id=fact_id,
           period=period, dims=dims)  # type: ignore[arg-type]  # fmt: skip


def enumerations(fid: str, us_gaap_year: int = 2025) -> FilingBuilder:
    b = FilingBuilder(fid, us_gaap_year=us_gaap_year)
    b.calc(GAAP, GOODWILL, [(CHILD, 1)], owner=f"us-gaap/{us_gaap_year}")
    enum(b, LEASE_ENUM, "OtherLiabilitiesCurrent", "lease-enum", period=END)  # no lease liability at all: reported
    enum(b, LEASE_ENUM, "OtherLiabilitiesCurrent", "lease-enum-seg", period=END, dims=SEGMENT)
    b.fact(LEASE, "400", period=END, dims=SEGMENT)  # the segment's amount is there: fine
    b.fact(LEASE, "900", period=dt.date(2023, 12, 31))  # another period does not count
    enum(b, GOODWILL_ENUM, "OtherExpenses", "goodwill-enum")
    b.fact(CHILD, "300")  # reported through an element us-gaap calculates below it: fine
    return b


def test_enumerations_without_their_amount(rules_graph: Graph):
    b = enumerations("t-0211")
    b.write(rules_graph)
    results = run(rules_graph, "t-0211")
    assert [(r.sub_rule, r.concept, r.facts[0].fact_id, r.facts[0].context_id, r.reported_value) for r in results] == [
        ("DQC.US.0211.10735", LEASE_ENUM, "lease-enum", b.facts[2]["props"]["context_id"],
         "http://fasb.org/us-gaap/2025#OtherLiabilitiesCurrent"),
    ]  # fmt: skip
    assert "OperatingLeaseLiabilityCurrent" in results[0].message and "OtherLiabilitiesCurrent" in results[0].message


def test_the_amount_reported_nil_counts(rules_graph: Graph):
    b = enumerations("t-0211-nil")
    b.fact(LEASE, None, period=END)
    b.write(rules_graph)
    assert run(rules_graph, "t-0211-nil") == []


def test_not_evaluable_without_usgaap_calculations(graph: Graph):
    load_constants(graph, (2024,))
    b = enumerations("t-0211-2024", us_gaap_year=2024)
    b.arcs["calc"] = []
    b.write(graph)
    (result,) = run(graph, "t-0211-2024")
    assert result.status == "not_evaluable" and "us-gaap/2024" in result.reason


def test_not_evaluable_without_the_constant(graph: Graph):
    enumerations("t-0211-n").write(graph)
    (result,) = run(graph, "t-0211-n")
    assert result.status == "not_evaluable" and "EXT_ENUM" in result.reason
