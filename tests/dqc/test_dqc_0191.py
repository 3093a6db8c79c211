"""DQC.US.0191 (PEO elements with the non-PEO NEO member) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

ECA = "ecd:ExecutiveCategoryAxis"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0191"], RuleInput(graph, load_filing_data(graph, fid)))


class EcdBuilder(FilingBuilder):
    """FilingBuilder with the ecd taxonomy of `ecd_year` as a standard taxonomy (handbuilt.py knows us-gaap, srt, dei)."""

    ecd_year = 2024

    def key(self, qname: str) -> str:
        prefix, name = qname.split(":")
        return f"http://xbrl.sec.gov/ecd/{self.ecd_year}#{name}" if prefix == "ecd" else super().key(qname)

    def write(self, graph: Graph) -> str:
        for c in self.concepts.values():
            if c["key"].startswith("http://xbrl.sec.gov/ecd/"):
                c["filing_id"] = None
                c["props"].update(namespace=c["key"].split("#")[0], release=f"ecd/{self.ecd_year}")
        fid = super().write(graph)
        graph.driver.execute_query("MATCH (fl:Filing {id: $id}) SET fl.releases = ['ecd/2024', 'us-gaap/2025']", id=fid)
        return fid


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def build(fid: str, ecd_year: int, us_gaap_year: int) -> EcdBuilder:
    b = EcdBuilder(fid, form="DEF 14A", us_gaap_year=us_gaap_year)
    b.ecd_year = ecd_year
    b.fact("ecd:PeoTotalCompAmt", "900000", decimals="0", dims={ECA: "ecd:NonPeoNeoMember"}, fact_id="bad")
    b.fact("ecd:PeoName", "Jane Doe", None, None, base_type="string", dims={ECA: "ecd:NonPeoNeoMember"}, fact_id="bad-name")
    b.fact("ecd:PeoTotalCompAmt", "1200000", decimals="0")  # the PEO itself: fine
    b.fact("ecd:PeoActuallyPaidCompAmt", None, dims={ECA: "ecd:NonPeoNeoMember"})  # nil: not tested
    b.fact("ecd:NonPeoNeoAvgTotalCompAmt", "500000", decimals="0", dims={ECA: "ecd:NonPeoNeoMember"})  # the right element
    return b


def test_peo_elements_for_other_executives(graph: Graph):
    b = build("t-0191", 2024, 2024)
    b.write(graph)
    results = run(graph, "t-0191")
    assert sorted((r.sub_rule, r.concept, r.facts[0].context_id, r.reported_value) for r in results) == sorted(
        [
            ("DQC.US.0191.10618", "ecd:PeoTotalCompAmt", ctx(b, "bad"), "900000"),
            ("DQC.US.0191.10618", "ecd:PeoName", ctx(b, "bad-name"), "Jane Doe"),
        ]
    )


def test_2025_rule_set_names_ecd_2025_elements(graph: Graph):
    build("t-0191-2025", 2024, 2025).write(graph)  # ecd 2024 elements: the 2025 rule set does not look at them
    assert run(graph, "t-0191-2025") == []


def test_not_evaluable_before_the_2024_rule_set(graph: Graph):
    build("t-0191-2023", 2024, 2023).write(graph)
    [r] = run(graph, "t-0191-2023")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0191 rule data for us-gaap 2023")
