"""DQC.US.0164 (location axes on statements, aggregate elements on location axes) on hand-built filings."""

from __future__ import annotations

from typing import Any

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

BS = "http://example.com/role/BalanceSheet"
IS = "http://example.com/role/IncomeStatement"
NOTE = "http://example.com/role/LeasesDetails"
BSL = "us-gaap:BalanceSheetLocationAxis"
ISL = "us-gaap:IncomeStatementLocationAxis"


class Builder(FilingBuilder):
    """FilingBuilder whose contexts also carry axis_keys/member_keys, as the loader writes them."""

    def fact(self, qname: str, value: str | None, *args: Any, **kw: Any) -> str:
        fid = super().fact(qname, value, *args, **kw)
        row = self.facts[-1]
        row["context"]["axis_keys"] = [a["axis_key"] for a in row["axes"]]
        row["context"]["member_keys"] = [a["member_key"] or "" for a in row["axes"]]
        return fid


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0164"])
    return results["0164"]


def found(results: list[CheckResult]) -> list[tuple[str, str | None, list[str]]]:
    return sorted((r.sub_rule, r.concept, [f.fact_id for f in r.facts]) for r in results if r.status == "violation")


def location_filing(fid: str) -> Builder:
    b = Builder(fid)
    b.role(BS, "100 - Statement - Balance Sheet")
    b.role(IS, "200 - Statement - Income Statement")
    b.role(NOTE, "900 - Disclosure - Leases (Details)")
    # a balance sheet cube with the location axis and no fact on it: flagged, naming the axis
    b.cube(BS, ["us-gaap:Assets"], BSL, "us-gaap:BalanceSheetLocationDomain", {"us-gaap:OtherAssetsMember": None})
    # an income statement cube whose location-axis facts are all of the allowed element: not flagged
    b.cube(
        IS,
        ["us-gaap:AllocatedShareBasedCompensationExpense"],
        ISL,
        "us-gaap:IncomeStatementLocationDomain",
        {"us-gaap:CostOfSalesMember": None},
    )
    b.fact("us-gaap:AllocatedShareBasedCompensationExpense", "12", dims={ISL: "us-gaap:CostOfSalesMember"}, fact_id="sbc")
    # aggregate elements on a location axis (in a note): flagged per fact; a specific element is not
    b.fact("us-gaap:Revenues", "500", dims={ISL: "us-gaap:CostOfSalesMember"}, fact_id="rev")
    b.fact("us-gaap:CostOfGoodsAndServicesSold", "300", dims={ISL: "us-gaap:CostOfSalesMember"}, fact_id="cogs")
    b.fact("us-gaap:Assets", "900", period="instant", dims={BSL: "us-gaap:OtherAssetsMember"}, fact_id="assets")
    return b


def test_0164_location_axes_and_aggregates(graph: Graph):
    location_filing("t-0164").write(graph)
    results = run(graph, "t-0164")
    assert found(results) == [
        ("DQC.US.0164.10086", "us-gaap:Assets", ["assets"]),
        ("DQC.US.0164.10087", "us-gaap:Assets", ["assets"]),
        ("DQC.US.0164.10088", "us-gaap:Revenues", ["rev"]),
    ]
    on_statement = next(r for r in results if r.sub_rule.endswith("10086"))
    assert on_statement.network == BS and "BalanceSheetLocationAxis" in on_statement.message


def test_0164_a_statement_cube_without_facts_on_the_axis_names_the_axis(graph: Graph):
    b = location_filing("t-0164-empty")
    b.facts = [f for f in b.facts if f["props"]["fact_id"] != "assets"]
    b.write(graph)
    assert found(run(graph, "t-0164-empty")) == [
        ("DQC.US.0164.10086", "us-gaap:BalanceSheetLocationAxis", []),
        ("DQC.US.0164.10088", "us-gaap:Revenues", ["rev"]),
    ]


def test_0164_10086_not_evaluable_on_a_nil_extensible_enumeration(graph: Graph):
    b = location_filing("t-0164-enum")
    enum = "us-gaap:AccountsPayableRelatedPartyTypeExtensibleEnumeration"
    b.concept(enum, base_type="enumerationSet")
    b.arcs["def"].append(
        {
            "source": b.concept("us-gaap:Assets"),
            "target": b.concept(enum),
            "props": {"owner": b.filing_id, "role": BS, "arc": "domain-member", "order": 2.0},
        }
    )
    b.fact(enum, None, period="instant", dims={BSL: "us-gaap:OtherAssetsMember"}, base_type="enumerationSet")
    b.write(graph)
    results = run(graph, "t-0164-enum")
    stopped = [r for r in results if r.sub_rule == "DQC.US.0164.10086"]
    assert [r.status for r in stopped] == ["not_evaluable"] and enum in stopped[0].reason
    assert {r.sub_rule for r in results if r.status == "violation"} == {"DQC.US.0164.10087", "DQC.US.0164.10088"}
