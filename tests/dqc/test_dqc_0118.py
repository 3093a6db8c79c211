"""DQC.US.0118 on hand-built filings: calculations of a dimensional statement cube in the current period."""

from __future__ import annotations

import datetime as dt

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

BS = "http://example.com/role/BalanceSheet"
PRIOR = dt.date(2023, 12, 31)
ENTITY = {"dei:LegalEntityAxis": "abc:SubsidiaryMember"}
PRODUCT = "srt:ProductOrServiceAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0118"], RuleInput(graph, load_filing_data(graph, fid)))


def balance_sheet(fid: str, **kw: object) -> FilingBuilder:
    """A balance sheet cube on LegalEntityAxis and ProductOrServiceAxis (both with defaults) and its calculation."""
    b = FilingBuilder(fid, **kw)  # type: ignore[arg-type]
    b.role(BS, "0000002 - Statement - Balance Sheets")
    items = ["us-gaap:Assets", "us-gaap:AssetsCurrent", "us-gaap:AssetsNoncurrent"]
    b.cube(BS, items, "dei:LegalEntityAxis", "dei:EntityDomain", {"abc:SubsidiaryMember": None})
    b.def_arc(BS, "hypercube-dimension", "us-gaap:StatementTable", PRODUCT)
    b.def_arc(BS, "dimension-domain", PRODUCT, "srt:ProductsAndServicesDomain")
    b.def_arc(BS, "dimension-default", PRODUCT, "srt:ProductsAndServicesDomain")
    for m in ("abc:WidgetMember", "abc:GadgetMember"):
        b.def_arc(BS, "domain-member", "srt:ProductsAndServicesDomain", m)
    b.calc(BS, "us-gaap:Assets", [("us-gaap:AssetsCurrent", 1), ("us-gaap:AssetsNoncurrent", 1)])
    return b


def test_0118_default_and_member_totals_that_do_not_add_up(graph: Graph):
    b = balance_sheet("t-0118-a")
    b.fact("us-gaap:Assets", "1000000", period="instant", fact_id="total")
    b.fact("us-gaap:AssetsCurrent", "300000", period="instant")
    b.fact("us-gaap:AssetsNoncurrent", "690000", period="instant")  # 10000 short
    b.fact("us-gaap:Assets", "500000", period="instant", dims=ENTITY, fact_id="sub")
    b.fact("us-gaap:AssetsCurrent", "100000", period="instant", dims=ENTITY)
    b.fact("us-gaap:AssetsNoncurrent", "300000", period="instant", dims=ENTITY)  # 100000 short
    b.fact("us-gaap:Assets", "1", period=PRIOR)  # an earlier period is never checked
    b.fact("us-gaap:AssetsCurrent", "5", period=PRIOR)
    b.write(graph)
    found = sorted((r.facts[0].fact_id, r.expected_value, r.network) for r in run(graph, "t-0118-a"))
    assert found == [("sub", "400000", BS), ("total", "990000", BS)]
    assert all(r.sub_rule == "DQC.US.0118.9575" for r in run(graph, "t-0118-a"))


def test_0118_a_missing_child_is_the_sum_of_its_members(graph: Graph):
    b = balance_sheet("t-0118-b")
    b.fact("us-gaap:Assets", "1000000", period="instant")
    b.fact("us-gaap:AssetsCurrent", "300000", period="instant")
    for m, v in (("abc:WidgetMember", "400000"), ("abc:GadgetMember", "301000")):  # 701000: within 2 * 10^3
        b.fact("us-gaap:AssetsNoncurrent", v, period="instant", dims={PRODUCT: m})
    b.write(graph)
    assert run(graph, "t-0118-b") == []
    c = balance_sheet("t-0118-c")
    c.fact("us-gaap:Assets", "1000000", period="instant", fact_id="total")
    c.fact("us-gaap:AssetsCurrent", "300000", period="instant")
    for m, v in (("abc:WidgetMember", "400000"), ("abc:GadgetMember", "200000")):
        c.fact("us-gaap:AssetsNoncurrent", v, period="instant", dims={PRODUCT: m})
    c.write(graph)
    (r,) = run(graph, "t-0118-c")
    assert (r.facts[0].fact_id, r.expected_value) == ("total", "900000") and "sum of its members" in r.message


def test_0118_skips_segment_totals_other_decimals_and_disclosures(graph: Graph):
    b = balance_sheet("t-0118-d")
    b.fact("us-gaap:Assets", "1000000", period="instant")
    b.fact("us-gaap:AssetsCurrent", "300000", period="instant")
    b.fact("us-gaap:AssetsNoncurrent", "700000", period="instant")
    b.fact("us-gaap:Assets", "999", decimals="0", period="instant", dims=ENTITY)  # not the statement's decimals (-3)
    b.fact("us-gaap:AssetsCurrent", "1", decimals="0", period="instant", dims=ENTITY)
    b.write(graph)
    assert run(graph, "t-0118-d") == []


def test_0118_not_evaluable_without_a_rule_set_for_2022(graph: Graph):
    b = balance_sheet("t-0118-e", us_gaap_year=2022)
    b.fact("us-gaap:Assets", "1000000", period="instant")
    b.write(graph)
    (r,) = run(graph, "t-0118-e")
    assert r.status == "not_evaluable" and "2022" in r.reason
