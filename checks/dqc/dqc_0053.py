"""DQC.US.0053 "Excluded Members from an Axis": NonUsMember on RetirementPlanSponsorLocationAxis (7489).

Official logic (compiled rule set 27, the same in 2023-2025, any form): every fact reported with that member (any
element, nils and further dimensions included; both us-gaap, as the rule's *: prefix is its default namespace) is a
finding. When no fact uses it but
the member is in the filing's dimensional relationships under that axis (the descendants of the axis in any cube of
the definition linkbase), the rule reports once, naming no fact.

The facts come from cypher/dqc/dqc_0053_facts.cypher; the cubes from the filing's definition arcs (FilingData.defs),
walked as the engine walks them for a dimensional navigation (`dimension_edges`, which 0069 and 0072 use too).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from auditgraph.checks.dqc.dqc_0036 import finding
from auditgraph.checks.filing_data import Arc
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0053"
CODE = f"{RULE_ID}.7489"
FACTS = "dqc.dqc_0053_facts"
AXIS = "us-gaap:RetirementPlanSponsorLocationAxis"
MEMBER = "us-gaap:NonUsMember"


@dataclass(frozen=True)
class DimEdge:
    """One dimension-domain or domain-member relationship of a cube, under one of the cube's axes."""

    drs_role: str  # the role of the has-hypercube arc that makes the cube
    hypercube: str  # the cube's hypercube (table) QName
    axis: str  # axis QName
    source: str  # QName (the axis for a dimension-domain arc)
    target: str  # QName


def dimension_edges(defs: list[Arc]) -> set[DimEdge]:
    """The axis-to-member relationships of every cube, as the engine builds a cube: from each has-hypercube arc to
    its hypercube's dimensions (in the arc's target role), then dimension-domain and domain-member arcs, following
    target roles; within one dimension a member is entered once (the first path that reaches it)."""
    children: dict[tuple[str | None, str, str], list[Arc]] = defaultdict(list)
    for a in defs:
        children[(a.arc, a.role, a.source_key)].append(a)
    out: set[DimEdge] = set()

    def walk(cube: tuple[str, str], axis: str, source_key: str, arc: str, role: str, seen: set[str]) -> None:
        fresh = [r for r in sorted(children[(arc, role, source_key)], key=_order) if r.target_key not in seen]
        for r in fresh:
            seen.add(r.target_key)
            out.add(DimEdge(cube[0], cube[1], axis, r.source, r.target))
            walk(cube, axis, r.target_key, "domain-member", r.target_role or role, seen)

    for has in defs:
        if has.arc not in ("all", "notAll"):
            continue
        for hd in children[("hypercube-dimension", has.target_role or has.role, has.target_key)]:
            walk((has.role, has.target), hd.target, hd.target_key, "dimension-domain", hd.target_role or hd.role, set())
    return out


def _order(a: Arc) -> float:
    return a.order if a.order is not None else 1.0


def under_axis(edges: set[DimEdge], axis: str) -> list[DimEdge]:
    """The relationships below an axis given by QName ("us-gaap:Name": the graph's QName of a standard concept)."""
    return [e for e in edges if e.axis == axis]


def check(inp: RuleInput) -> list[CheckResult]:
    rows = inp.rows(FACTS)
    if rows:
        return [
            finding(
                RULE_ID,
                CODE,
                r,
                f"{r['concept']} is reported as {r['value'] if not r['nil'] else 'nil'} for {r['period_key']} with "
                f"{r['member']} on {r['axis']} (context {r['context_id']}, dimensions {', '.join(r['dims'])}). The us-gaap "
                f"retirement benefits guidance excludes {MEMBER} from {AXIS}: use the member of the specific country or "
                "location instead.",
            )
            for r in rows
        ]
    placed = [e for e in under_axis(dimension_edges(inp.data.defs), AXIS) if e.target == MEMBER]
    if not placed:
        return []
    roles = sorted({e.drs_role for e in placed})
    return [
        CheckResult(
            rule_id=RULE_ID,
            sub_rule=CODE,
            status="violation",
            concept=placed[0].target,
            network=roles[0],
            message=(
                f"The filing's definition linkbase places {MEMBER} under {AXIS} ({', '.join(roles)}), though no fact "
                f"uses it. The us-gaap retirement benefits guidance excludes {MEMBER} from {AXIS}: remove it from the "
                "axis and use the members of the specific countries or locations."
            ),
        )
    ]


FAMILY = Rule(
    key="0053",
    rule_id=RULE_ID,
    name="Excluded Members from an Axis",
    codes=(CODE,),
    check=check,
    queries=(FACTS,),
    forms=frozenset(),  # the compiled rule has no form test: any form
)
