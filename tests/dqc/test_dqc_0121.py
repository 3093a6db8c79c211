"""DQC.US.0121 (transition elements) on hand-built filings: facts of the transition elements for the current
period are reported; earlier periods, the exempt debt maturities, the filer's pre-Topic 842 networks, excluded
forms and a second copy of a duplicate are not."""

from __future__ import annotations

import datetime as dt

from _support import pres
from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

PRIOR = "http://example.com/role/LeasesPriorToAdoptionOfTopic842Details"
LEASES = "http://example.com/role/LeasesDetails"
TEXT = "<p>Leases. " + "The company leases offices. " * 20 + "</p>"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0121"], RuleInput(graph, load_filing_data(graph, fid)))


def found(results: list[CheckResult]) -> list[tuple[str, str | None, str | None, str | None, str | None]]:
    return sorted(
        (
            r.sub_rule,
            r.concept,
            r.facts[0].fact_id if r.facts else None,
            r.facts[0].context_id if r.facts else None,
            r.reported_value,
        )
        for r in results
    )


def leases_filing(fid: str, form: str = "10-K") -> FilingBuilder:
    b = FilingBuilder(fid, form=form)
    b.fact("us-gaap:CapitalLeaseObligations", "5000", period="instant", fact_id="cap")  # current instant: reported
    b.fact("us-gaap:CapitalLeaseObligations", "4000", period=dt.date(2023, 12, 31), fact_id="cap-prior")  # prior year
    b.fact(
        "us-gaap:CapitalLeaseObligations",
        None,
        period="instant",
        fact_id="cap-nil",
        dims={"us-gaap:LeaseArrangementTypeAxis": "abc:VehicleMember"},
    )
    b.fact(
        "us-gaap:OperatingLeasesOfLesseeDisclosureTextBlock", TEXT, decimals=None, unit=None, base_type="string", fact_id="text"
    )
    # an exempt debt maturity element, a current element (not on the list) and a listed element in a pre-842 network
    b.fact(
        "us-gaap:LongTermDebtAndCapitalLeaseObligationsRepaymentsOfPrincipalInNextTwelveMonths",
        "700",
        period="instant",
        fact_id="debt",
    )
    b.fact("us-gaap:OperatingLeaseLiability", "900", period="instant", fact_id="current")
    b.fact("us-gaap:OperatingLeasesFutureMinimumPaymentsDue", "1200", period="instant", fact_id="prior-842")
    b.role(PRIOR, "0630 - Disclosure - Leases, prior to adoption of Topic 842 (Details)")
    pres(b, PRIOR, "us-gaap:LeasesAbstract", "us-gaap:OperatingLeasesFutureMinimumPaymentsDue")
    return b


def test_current_period_facts_of_transition_elements(rules_graph: Graph):
    leases_filing("t-0121").write(rules_graph)
    results = run(rules_graph, "t-0121")
    short = TEXT[:200] + "…"
    ctx = {r.facts[0].fact_id: r.facts[0].context_id for r in results}
    assert found(results) == [
        ("DQC.US.0121.9581", "us-gaap:CapitalLeaseObligations", "cap", ctx["cap"], "5000"),
        ("DQC.US.0121.9581", "us-gaap:CapitalLeaseObligations", "cap-nil", ctx["cap-nil"], None),
        ("DQC.US.0121.9581", "us-gaap:OperatingLeasesOfLesseeDisclosureTextBlock", "text", ctx["text"], short),
    ]
    cap = next(r for r in results if r.facts[0].fact_id == "cap")
    assert cap.period == "instant:2024-12-31" and cap.severity == "error" and cap.query == "dqc.dqc_0121"
    assert "us-gaap:CapitalLeaseObligations" in cap.message and "5000" in cap.message and "ASU 2016-02" in cap.message
    nil = next(r for r in results if r.facts[0].fact_id == "cap-nil")
    assert nil.dimensions == ["us-gaap:LeaseArrangementTypeAxis=abc:VehicleMember"]


def test_a_network_role_that_is_not_a_disclosure_keeps_its_elements_checked(rules_graph: Graph):
    b = leases_filing("t-0121-s")
    b.roles[0]["definition"] = "0630 - Statement - Leases, prior to adoption of Topic 842"  # not '- Disclosure -'
    b.role(LEASES, "0640 - Disclosure - Leases (Details)")  # a disclosure, but not the pre-842 one
    pres(b, LEASES, "us-gaap:LeasesAbstract", "us-gaap:CapitalLeaseObligations")
    b.write(rules_graph)
    got = {r.facts[0].fact_id for r in run(rules_graph, "t-0121-s")}
    assert got == {"cap", "cap-nil", "text", "prior-842"}


def test_complete_duplicates_are_one_finding(rules_graph: Graph):
    b = FilingBuilder("t-0121-d")
    for fid, line in (("dup-b", 20), ("dup-a", 10)):
        b.fact("us-gaap:CapitalLeaseObligations", "5000", period="instant", fact_id=fid, duplicate="complete")
        b.facts[-1]["props"].update(duplicate_group="g1", source_line=line)
    b.write(rules_graph)
    assert [r.facts[0].fact_id for r in run(rules_graph, "t-0121-d")] == ["dup-a"]  # the first in the document


def test_excluded_forms_and_a_20f(rules_graph: Graph):
    for fid, form in (("t-0121-8k", "8-K"), ("t-0121-s1", "S-1/A"), ("t-0121-20f", "20-F")):
        leases_filing(fid, form=form).write(rules_graph)
    assert run(rules_graph, "t-0121-8k") == [] and run(rules_graph, "t-0121-s1") == []
    assert len(run(rules_graph, "t-0121-20f")) == 3


def test_not_evaluable_without_the_constant(graph: Graph):
    leases_filing("t-0121-n").write(graph)
    (result,) = run(graph, "t-0121-n")
    assert result.status == "not_evaluable" and "TRANSITION_ELTS_2" in result.reason
