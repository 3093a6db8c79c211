"""DQC.US.0071 "Revenue/Cost Single Member" (7646).

Official logic (compiled rule set 27, any form), for every cube of a statement role (role definition containing
"- Statement ") that has srt:ProductOrServiceAxis among its dimensions (2023/2024: and not
InitialApplicationPeriodCumulativeEffectTransitionAxis), has RevenueFromContractWithCustomerIncludingAssessedTax,
RevenueFromContractWithCustomerExcludingAssessedTax or CostOfGoodsAndServicesSold among its primary items, and
whose srt:ProductsAndServicesDomain has exactly one relationship below it in that cube (a single member):

the facts of those three elements that belong to the cube (XDT validity, as the engine computes it) with a member
of srt:ProductOrServiceAxis are grouped by element, period, unit and other dimensions (the engine's alignment); a
group of exactly one fact is reported, unless the filing also reports the element for that period, unit and other
dimensions without the axis (the total, nil or not): a single member then stands for the whole. One finding per
cube and fact.
"""

from __future__ import annotations

from collections import defaultdict

from auditgraph.checks.dqc import dqc_0196
from auditgraph.checks.dqc.dqc_0053 import DimEdge, dimension_edges
from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, us_gaap_key, violation
from auditgraph.checks.dqc.dqc_0196 import Cube, Cubes, def_arcs
from auditgraph.checks.filing_data import Fact, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0071"
CODE = f"{RULE_ID}.7646"
AXIS = "srt:ProductOrServiceAxis"
DOMAIN = "ProductsAndServicesDomain"
TRANSITION_AXIS = "InitialApplicationPeriodCumulativeEffectTransitionAxis"  # 2023/2024 rule sets skip such cubes
LINE_ITEMS = frozenset(
    {
        "RevenueFromContractWithCustomerIncludingAssessedTax",
        "RevenueFromContractWithCustomerExcludingAssessedTax",
        "CostOfGoodsAndServicesSold",
    }
)
Slot = tuple[str, str, str | None, tuple[tuple[str, str], ...]]  # concept key, period, unit, other dimensions


def _is_axis(qname: str) -> bool:
    return qname == AXIS or (qname.startswith("srt:") and local(qname) == local(AXIS))


def _slot(f: Fact) -> Slot:
    return (f.concept_key, f.period_key, f.unit, tuple(d for d in f.dims if not _is_axis(d[0])))


def _below_domain(edges: list[DimEdge]) -> int:
    """How many relationships the cube has below srt:ProductsAndServicesDomain (the engine's navigation count)."""
    children: dict[str, list[str]] = defaultdict(list)
    for e in edges:
        if local(e.axis) == local(AXIS):
            children[e.source].append(e.target)
    count, todo, seen = 0, [s for s in children if local(s) == DOMAIN and s.startswith("srt:")], set()
    while todo:
        node = todo.pop()
        for child in children.get(node, []):
            count += 1
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return count


def _applies(inp: RuleInput, cube: Cube, edges: set[DimEdge]) -> bool:
    role = inp.data.roles.get(cube.role)
    if role is None or "- Statement " not in role.definition or local(AXIS) not in cube.members:
        return False
    if inp.year in (2023, 2024) and TRANSITION_AXIS in cube.members:
        return False
    if not (cube.primaries_all | cube.primaries_not_all) & {us_gaap_key(inp.year, n) for n in LINE_ITEMS}:
        return False
    mine = [e for e in edges if e.drs_role == cube.role and e.hypercube == cube.hypercube]
    return _below_domain(mine) == 1


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    items = [f for n in sorted(LINE_ITEMS) for f in index.get(us_gaap_key(inp.year, n), [])]
    if not items:
        return []
    cubes = Cubes(def_arcs(inp))
    edges = dimension_edges(inp.data.defs)
    every = [f for facts in index.values() for f in facts]
    totals = {_slot(f) for f in every if not any(_is_axis(a) for a, _ in f.dims)}
    out = []
    for cube in cubes.cubes:
        if not _applies(inp, cube, edges):
            continue
        inside = cubes.facts_in(cube, items)
        groups: dict[Slot, list[Fact]] = defaultdict(list)
        for f in items:
            if f.fact_id in inside and any(_is_axis(a) for a, _ in f.dims):
                groups[_slot(f)].append(f)
        definition = inp.data.roles[cube.role].definition
        for slot, facts in groups.items():
            if len(facts) != 1 or slot in totals:
                continue
            f = facts[0]
            member = next(m for a, m in f.dims if _is_axis(a))
            out.append(
                violation(
                    RULE_ID,
                    CODE,
                    f,
                    f"{f.qname} is reported as {f.raw if not f.nil else 'nil'} with {member} on {AXIS} in {definition} "
                    f"(table {cube.hypercube}; {described(f)}), the only member used to break it down, and the total "
                    f"without the axis is not reported. Either report the total {f.qname} without the axis, or tag the "
                    "kind of revenue or cost with TypeOfRevenueExtensibleList / TypeOfCostGoodOrServiceExtensibleList "
                    "instead of a single member.",
                )
            )
    return out


FAMILY = Rule(
    key="0071",
    rule_id=RULE_ID,
    name="Revenue/Cost Single Member",
    codes=(CODE,),
    check=check,
    queries=dqc_0196.FAMILY.queries,  # the cube flags, read as 0196 reads them (`def_arcs`)
    forms=frozenset(),  # the compiled rule has no form test: any form
)
