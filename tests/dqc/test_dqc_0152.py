"""DQC.US.0152 (a list of years reported with the TaxPeriodAxis) on hand-built filings."""

from __future__ import annotations

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

OPEN = "us-gaap:OpenTaxYear"
TPA = "us-gaap:TaxPeriodAxis"
TEXT = {"decimals": None, "unit": None, "base_type": "string"}


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0152"], RuleInput(graph, load_filing_data(graph, fid)))


def ctx(b: FilingBuilder, fact_id: str) -> str:
    return str(next(f["props"]["context_id"] for f in b.facts if f["props"]["fact_id"] == fact_id))


def years(b: FilingBuilder, qname: str) -> None:
    b.concepts[b.key(qname)]["props"]["type"] = "dtr-types:gYearListItemType"


def test_year_list_with_the_tax_period_axis(graph: Graph):
    b = FilingBuilder("t-0152")
    b.fact(OPEN, "2019 2020 2021", dims={TPA: "abc:TaxYear2019Member"}, fact_id="bad", **TEXT)
    b.fact(OPEN, "2019 2020 2021", dims={"us-gaap:IncomeTaxAuthorityAxis": "us-gaap:DomesticCountryMember"}, **TEXT)
    b.fact("us-gaap:IncomeTaxExaminationDescription", "under audit", dims={TPA: "abc:TaxYear2019Member"}, **TEXT)
    years(b, OPEN)
    b.write(graph)
    results = run(graph, "t-0152")
    assert [(r.sub_rule, r.concept, r.facts[0].context_id, r.reported_value) for r in results] == [
        ("DQC.US.0152.10116", OPEN, ctx(b, "bad"), "2019 2020 2021")
    ]
    assert "abc:TaxYear2019Member" in results[0].message


def test_not_evaluable_for_a_year_without_rule_set(graph: Graph):
    b = FilingBuilder("t-0152-2022", us_gaap_year=2022)
    b.fact(OPEN, "2019", dims={TPA: "abc:TaxYear2019Member"}, **TEXT)
    years(b, OPEN)
    b.write(graph)
    [r] = run(graph, "t-0152-2022")
    assert r.status == "not_evaluable" and r.reason.startswith("no DQC.US.0152 rule data for us-gaap 2022")
