"""DQC.US.0055 (plan sponsor location members) on hand-built presentation networks."""

from __future__ import annotations

from typing import Any

from handbuilt import FilingBuilder

from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import RuleInput, registry, run_rule
from auditgraph.graph import Graph

AXIS = "us-gaap:RetirementPlanSponsorLocationAxis"
DOMAIN = "us-gaap:RetirementPlanSponsorLocationDomain"
SEG = "http://example.com/role/Segments"
PLANS = "http://example.com/role/Plans"
OK = "http://example.com/role/PlansOk"


def run(graph: Graph, fid: str) -> list[CheckResult]:
    return run_rule(registry()["0055"], RuleInput(graph, load_filing_data(graph, fid)))


def pres(b: FilingBuilder, role: str, parent: str, child: str) -> None:
    """A presentation arc of the filing (FilingBuilder only writes them with calculations)."""
    arc: dict[str, Any] = {
        "source": b.concept(parent, base_type="string"),
        "target": b.concept(child, base_type="string"),
        "props": {"owner": b.filing_id, "role": role, "order": 1.0, "arcrole": "http://www.xbrl.org/2003/arcrole/parent-child"},
    }
    b.arcs["pres"].append(arc)


def test_members_outside_domestic_and_foreign_plans(graph: Graph):
    b = FilingBuilder("t-0055")
    # SEG: two countries straight under the domain: 7493 for the network, 9842 for each path
    pres(b, SEG, AXIS, DOMAIN)
    pres(b, SEG, DOMAIN, "country:US")
    pres(b, SEG, DOMAIN, "abc:NonUsMember")
    # PLANS: DomesticPlanMember as a leaf (9843), ForeignPlanMember as a leaf no fact uses (9844)
    pres(b, PLANS, AXIS, DOMAIN)
    pres(b, PLANS, DOMAIN, "us-gaap:DomesticPlanMember")
    pres(b, PLANS, DOMAIN, "us-gaap:ForeignPlanMember")
    # OK: countries under the plan members, and the foreign leaf of another network used by a fact
    pres(b, OK, AXIS, DOMAIN)
    pres(b, OK, DOMAIN, "us-gaap:DomesticPlanMember")
    pres(b, OK, "us-gaap:DomesticPlanMember", "country:US")
    b.write(graph)
    results = run(graph, "t-0055")
    assert [(r.sub_rule, r.concept, r.network) for r in results] == [
        ("DQC.US.0055.7493", AXIS, SEG),
        ("DQC.US.0055.9842", "abc:NonUsMember", SEG),
        ("DQC.US.0055.9842", "country:US", SEG),
        ("DQC.US.0055.9843", "us-gaap:DomesticPlanMember", PLANS),
        ("DQC.US.0055.9844", "us-gaap:ForeignPlanMember", PLANS),
    ]
    assert all(r.status == "violation" and r.facts == [] for r in results)
    assert f"{DOMAIN} > country:US" in results[2].message


def test_foreign_leaf_used_by_a_fact_passes(graph: Graph):
    b = FilingBuilder("t-0055-used")
    pres(b, PLANS, AXIS, DOMAIN)
    pres(b, PLANS, DOMAIN, "us-gaap:ForeignPlanMember")  # a leaf, but a fact reports it: no 9844
    b.fact("us-gaap:DefinedBenefitPlanBenefitObligation", "5", period="instant", dims={AXIS: "us-gaap:ForeignPlanMember"})
    b.write(graph)
    assert run(graph, "t-0055-used") == []
