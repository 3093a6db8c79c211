"""DQC.US.0166 (dimensional facts no hypercube holds) on hand-built filings."""

from __future__ import annotations

from typing import Any

from handbuilt import FilingBuilder

from auditgraph.checks.audit import run_rules
from auditgraph.checks.result import CheckResult
from auditgraph.graph import Graph

SEG = "http://example.com/role/SegmentDetails"
AXIS = "us-gaap:StatementBusinessSegmentsAxis"


class Builder(FilingBuilder):
    """FilingBuilder whose contexts also carry axis_keys/member_keys, as the loader writes them."""

    def fact(self, qname: str, value: str | None, *args: Any, **kw: Any) -> str:
        fid = super().fact(qname, value, *args, **kw)
        row = self.facts[-1]
        row["context"]["axis_keys"] = [a["axis_key"] for a in row["axes"]]
        row["context"]["member_keys"] = [a["member_key"] or "" for a in row["axes"]]
        return fid


def run(graph: Graph, fid: str) -> list[CheckResult]:
    results, _, _ = run_rules(graph, fid, ["0166"])
    return results["0166"]


def cube_filing(fid: str, form: str = "10-K") -> Builder:
    b = Builder(fid, form=form)  # its first fact, f1, is dei:DocumentType
    b.cube(SEG, ["us-gaap:Revenues"], AXIS, "us-gaap:SegmentDomain", {"abc:AlphaMember": None})
    b.fact("us-gaap:Revenues", "100", dims={AXIS: "abc:AlphaMember"}, fact_id="in-cube")
    b.fact("us-gaap:Revenues", "7", dims={AXIS: "abc:GammaMember"}, fact_id="member-outside")  # its element is in a cube
    b.fact("us-gaap:OtherNonoperatingIncome", "40", dims={AXIS: "abc:AlphaMember"}, fact_id="loose")  # in no cube
    b.fact("us-gaap:OtherNonoperatingIncome", "90", fact_id="plain")  # no dimensions
    b.fact("abc:TrdArrExpirationDate", "2025-01-01", dims={AXIS: "abc:AlphaMember"}, base_type="string")  # left out
    return b


def test_0166_flags_dimensional_facts_of_elements_in_no_cube(graph: Graph):
    cube_filing("t-0166").write(graph)
    bad = [r for r in run(graph, "t-0166") if r.status == "violation"]
    assert [(r.sub_rule, r.concept, r.reported_value, r.dimensions) for r in bad] == [
        ("DQC.US.0166.10090", "us-gaap:OtherNonoperatingIncome", "40", [f"{AXIS}=abc:AlphaMember"])
    ]
    # the official engine names the DocumentType fact in each finding
    assert [(f.concept, f.fact_id, f.value) for f in bad[0].facts] == [("dei:DocumentType", "f1", "10-K")]
    assert "hypercube" in bad[0].message and "40" in bad[0].message


def test_0166_skips_proxy_statements(graph: Graph):
    cube_filing("t-0166-proxy", form="DEF 14A").write(graph)
    assert [r for r in run(graph, "t-0166-proxy") if r.status == "violation"] == []


def test_0166_not_evaluable_on_a_nil_extensible_enumeration(graph: Graph):
    b = cube_filing("t-0166-enum")
    b.fact(
        "us-gaap:AccountsPayableRelatedPartyTypeExtensibleEnumeration",
        None,
        dims={AXIS: "abc:AlphaMember"},
        base_type="enumerationSet",
    )
    b.write(graph)
    results = run(graph, "t-0166-enum")
    assert [r.status for r in results] == ["not_evaluable"]
    assert "AccountsPayableRelatedPartyTypeExtensibleEnumeration" in results[0].reason
