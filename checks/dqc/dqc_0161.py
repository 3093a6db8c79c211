"""DQC.US.0161: an axis with one member only, where an extensible enumeration element should say it instead.

On RetirementPlanFundingStatusAxis, InvestmentTypeAxis and RetirementPlanTaxStatusAxis a single member under the
domain means the "breakdown" is really an attribute of the total (funded status, investment type, tax status),
which the extensible enumeration elements express. Per the official rule set, for each cube (hypercube in a
definition role) of the filing that has one of these axes with exactly one member under its domain: each fact of the
cube on the axis that is the only one of its concept, period, unit and other dimensions, and whose total (the same
without the axis) is not reported in the cube, is a finding.

Cubes and their facts are built as the XULE engine builds them (XuleDimensionCube): primaries are the 'all' sources
and their domain-member descendants; a fact is in the cube when its concept is a primary and, for every axis of the
cube, it has a usable member of that axis in the cube or lacks the axis and the axis' default is a usable member of
the cube; closed cubes drop facts with other axes; facts of notAll cubes of the same role are removed. (The engine
counts a cube as closed when its 'all' arc has any xbrldt:closed attribute, even "false"; the graph keeps the flag as
a boolean, so a closed="false" arc counts as open here. Filers write closed="true".)

The engine reports the filing's dei:DocumentType fact (the rule first reads it, to skip 11-K reports), so the finding
names that fact and gives the element, value, axis, member, role and table in its fields and message. The us-gaap
2023 rule set skips cubes with InitialApplicationPeriodCumulativeEffectTransitionAxis and reads no DocumentType.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from auditgraph.checks.result import CheckResult, FactUsed
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0161"
CODE = f"{RULE_ID}.10083"
ARCS_QUERY = "dqc.dqc_0161_def_arcs"
FACTS_QUERY = "dqc.dqc_0161_facts"
# axis -> the extensible enumeration element(s) to use instead
ENUMERATIONS = {
    "RetirementPlanFundingStatusAxis": "DefinedBenefitPlanFundingStatusExtensibleList",
    "InvestmentTypeAxis": "InvestmentTypeExtensibleEnumeration",
    "RetirementPlanTaxStatusAxis": "DefinedBenefitPlanTaxStatusExtensibleList or DefinedContributionPlanTaxStatusExtensibleList",
}
TRANSITION_AXIS = "InitialApplicationPeriodCumulativeEffectTransitionAxis"  # cubes the 2023 rule set skips
EBP_FORMS = frozenset(("11-K", "11-K/A", "11-KT"))


@dataclass(frozen=True)
class DefArc:
    role: str
    arc: str
    source: str
    target: str
    target_role: str | None
    closed: bool
    usable: bool


@dataclass(frozen=True)
class CubeFact:
    fact_id: str
    concept_key: str
    qname: str
    value: str | None
    nil: bool
    decimals: str | None
    unit: str | None
    context_id: str | None
    period_key: str
    dims: tuple[str, ...]
    axes: dict[str, str]  # axis key -> member key ("" for a typed member)

    def used(self) -> FactUsed:
        return FactUsed(
            fact_id=self.fact_id,
            concept=self.qname,
            value=self.value,
            decimals=self.decimals,
            context_id=self.context_id,
            period=self.period_key,
            dimensions=list(self.dims),
            unit=self.unit,
            role="fact",
        )


@dataclass
class Cube:
    role: str
    hypercube: str
    primaries_all: set[str] = field(default_factory=set)
    primaries_not_all: set[str] = field(default_factory=set)
    closed: dict[str, bool] = field(default_factory=dict)  # primary -> closed
    dimensions: set[str] = field(default_factory=set)
    members: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))  # axis -> domain and members
    domains: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    children: dict[str, dict[str, list[str]]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(list)))
    usable: dict[str, bool] = field(default_factory=dict)  # member -> usable (the last arc to it decides)


class Dts:
    """The filing's XDT networks, indexed by (arc, role, source)."""

    def __init__(self, arcs: list[DefArc]) -> None:
        self.by_source: dict[tuple[str, str, str], list[DefArc]] = defaultdict(list)
        self.defaults: dict[str, str] = {}
        self.has_hypercube: dict[tuple[str, str], list[DefArc]] = defaultdict(list)
        for a in arcs:
            self.by_source[(a.arc, a.role, a.source)].append(a)
            if a.arc == "dimension-default":
                self.defaults[a.source] = a.target
            elif a.arc in ("all", "notAll"):
                self.has_hypercube[(a.role, a.target)].append(a)

    def cube(self, role: str, hypercube: str) -> Cube:
        cube = Cube(role, hypercube)
        for has in self.has_hypercube[(role, hypercube)]:
            primaries = cube.primaries_all if has.arc == "all" else cube.primaries_not_all
            primaries.add(has.source)
            cube.closed[has.source] = has.closed
            self._primaries(cube, has.source, role, primaries, has.closed, set())
            for dim_arc in self.by_source[("hypercube-dimension", has.target_role or role, hypercube)]:
                dim = dim_arc.target
                cube.dimensions.add(dim)
                seen = {dim}
                for dom_arc in self.by_source[("dimension-domain", dim_arc.target_role or dim_arc.role, dim)]:
                    if dom_arc.target in seen:
                        continue
                    seen.add(dom_arc.target)
                    cube.members[dim].add(dom_arc.target)
                    cube.domains[dim].add(dom_arc.target)
                    cube.usable[dom_arc.target] = dom_arc.usable
                    self._members(cube, dim, dom_arc.target, dom_arc.target_role or dom_arc.role, seen)
        return cube

    def _primaries(self, cube: Cube, parent: str, role: str, into: set[str], closed: bool, seen: set[str]) -> None:
        for a in self.by_source[("domain-member", role, parent)]:
            if a.target in seen:
                continue
            seen.add(a.target)
            into.add(a.target)
            cube.closed[a.target] = closed
            self._primaries(cube, a.target, a.target_role or role, into, closed, seen)

    def _members(self, cube: Cube, dim: str, parent: str, role: str, seen: set[str]) -> None:
        for a in self.by_source[("domain-member", role, parent)]:
            if a.target in seen:
                continue
            seen.add(a.target)
            cube.members[dim].add(a.target)
            cube.children[dim][parent].append(a.target)
            cube.usable[a.target] = a.usable
            self._members(cube, dim, a.target, a.target_role or role, seen)


def _in_cube(cube: Cube, fact: CubeFact, defaults: dict[str, str], primaries: set[str]) -> bool:
    if fact.concept_key not in primaries:
        return False
    for dim in cube.dimensions:
        member = fact.axes.get(dim)
        if member == "":  # a typed member: any value is in the cube
            continue
        if member is not None:
            if member not in cube.members[dim] or not cube.usable.get(member, True):
                return False
        else:
            default = defaults.get(dim)
            if default is None or default not in cube.members[dim] or not cube.usable.get(default, True):
                return False
    return not (cube.closed.get(fact.concept_key) and set(fact.axes) - cube.dimensions)


def cube_facts(dts: Dts, cube: Cube, facts: list[CubeFact], negatives: list[Cube]) -> list[CubeFact]:
    inside = [f for f in facts if _in_cube(cube, f, dts.defaults, cube.primaries_all)]
    excluded = {f.fact_id for neg in negatives for f in facts if _in_cube(neg, f, dts.defaults, neg.primaries_not_all)}
    return [f for f in inside if f.fact_id not in excluded]


def _descendants(cube: Cube, dim: str) -> int:
    """How many members lie under the axis' domain(s) in the cube (every path counted, as navigation counts)."""

    def count(member: str, depth: int) -> int:
        if depth > 50:
            return 0
        return sum(1 + count(child, depth + 1) for child in cube.children[dim].get(member, []))

    return sum(count(domain, 0) for domain in cube.domains[dim])


def _row_fact(r: Any) -> CubeFact:
    # A record unpacks by position (the query's column order): by-name access costs as much as the query on large filings.
    fact_id, concept_key, qname, value, nil, decimals, unit, context_id, period_key, dims, axes, _extension, _item_type = r
    return CubeFact(
        fact_id,
        concept_key,
        qname,
        value,
        bool(nil),
        decimals,
        unit,
        context_id,
        period_key,
        tuple(dims),
        {a["axis"]: a["member"] or "" for a in axes},
    )


def read_def_arcs(inp: RuleInput) -> list[DefArc]:
    """The filing's XDT arcs (ARCS_QUERY, the query 0150, 0164, 0166 and 0189 read too: one read per filing)."""
    return [
        DefArc(role, arc, source, target, target_role, bool(closed), bool(usable))
        for role, arc, source, target, target_role, closed, usable, _order in inp.rows(ARCS_QUERY)
    ]


def _local(key: str) -> str:
    return key.rsplit("#", 1)[-1]


def single_member_facts(
    dts: Dts, facts: list[CubeFact], axes: list[str], skip_transition: bool, total_in_cube: bool = True
) -> Iterable[tuple[Cube, str, CubeFact]]:
    """(cube, axis key, fact) for each fact of a cube reported alone on one of `axes` (when it has one member under
    its domain there) with no total: no fact of the same concept, period, unit and other dimensions without the axis,
    in the cube (`total_in_cube`, 0161) or anywhere in the filing (0189); a non-numeric fact never has one. `skip_transition`: leave out cubes with
    InitialApplicationPeriodCumulativeEffectTransitionAxis (the older rule sets)."""
    cubes = [dts.cube(role, hc) for role, hc in sorted(dts.has_hypercube)]
    negatives: dict[str, list[Cube]] = defaultdict(list)
    for c in cubes:
        if c.primaries_not_all:
            negatives[c.role].append(c)
    everywhere = {_alignment(f, None) for f in facts}  # facts by concept, period, unit and all their dimensions
    for cube in cubes:
        if skip_transition and any(_local(d) == TRANSITION_AXIS for d in cube.dimensions):
            continue
        present = [a for a in axes if a in cube.dimensions]
        if not present:
            continue
        inside = cube_facts(dts, cube, facts, negatives[cube.role])
        for dim in present:
            if _descendants(cube, dim) != 1:
                continue
            groups: dict[tuple[Any, ...], list[CubeFact]] = defaultdict(list)
            totals = {_alignment(f, dim) for f in inside if dim not in f.axes} if total_in_cube else everywhere
            for f in inside:
                if dim in f.axes:
                    groups[_alignment(f, dim)].append(f)
            for key, group in groups.items():
                # The engine never finds the total of a non-numeric fact (its alignment has no unit; seen on
                # NGL_FY_2024's PreferredStockDividendPaymentTerms, flagged beside their totals), so text is alone.
                unique: dict[tuple[str, str | None], CubeFact] = {}
                for f in group:  # the engine drops duplicates (same aspects and value), keeping the first
                    unique.setdefault((f.axes[dim], f.value), f)
                group = list(unique.values())
                if len(group) == 1 and (key not in totals or group[0].unit is None):
                    yield cube, dim, group[0]


def _alignment(f: CubeFact, dim: str | None) -> tuple[Any, ...]:
    """What XULE aligns facts on once `dim` is covered: concept, period, unit and the other dimensions."""
    return (f.concept_key, f.period_key, f.unit, tuple(sorted((a, m) for a, m in f.axes.items() if a != dim)))


def check(inp: RuleInput) -> list[CheckResult]:
    year = inp.year
    facts = [_row_fact(r) for r in inp.rows(FACTS_QUERY)]
    doc_types = [
        f
        for f in facts
        if _local(f.concept_key) == "DocumentType" and f.concept_key.startswith("http://xbrl.sec.gov/dei/") and not f.axes
    ]
    if year != 2023:
        # the 2024+ rule sets first read the DocumentType fact: none reported, no finding; an 11-K is skipped
        if not doc_types or any((f.value or "").strip() in EBP_FORMS for f in doc_types):
            return []
    gaap = f"http://fasb.org/us-gaap/{year}#"
    dts = Dts(read_def_arcs(inp))
    roles = inp.data.roles
    out = []
    axes = [gaap + name for name in ENUMERATIONS]
    for cube, dim, f in single_member_facts(dts, facts, axes, skip_transition=year == 2023):
        axis = _local(dim)
        member = next((d.split("=", 1)[1] for d in f.dims if d.split("=", 1)[0].endswith(":" + axis)), f.axes[dim])
        role = roles.get(cube.role)
        where = role.definition if role and role.definition else cube.role
        value = "nil" if f.nil else f.value
        named = doc_types[:1] if year != 2023 else []
        out.append(
            CheckResult(
                rule_id=RULE_ID,
                sub_rule=CODE,
                status="violation",
                concept=f.qname,
                reported_value=f.value,
                decimals=f.decimals,
                period=f.period_key,
                dimensions=list(f.dims),
                unit=f.unit,
                network=cube.role,
                network_definition=role.definition if role else None,
                axis=axis,
                facts=[d.used() for d in named],
                contexts=[d.context_id for d in named if d.context_id],
                message=(
                    f"{f.qname} (value {value}, period {f.period_key}, dimensions {', '.join(f.dims)}, context "
                    f"{f.context_id}) is broken down on {axis} in '{where}' (table {_local(cube.hypercube)}) by one member "
                    f"only, {member}, and its total is not reported. Either tag the total and say what it is with "
                    f"{ENUMERATIONS[axis]} (value {member}) instead of the member, or also report the total of "
                    f"{f.qname} without {axis}."
                ),
            )
        )
    return out


FAMILY = Rule(
    key="0161",
    rule_id=RULE_ID,
    name="Single Member on an Axis with an Extensible Enumeration Alternative",
    codes=(CODE,),
    check=check,
    queries=(ARCS_QUERY, FACTS_QUERY),
    forms=frozenset(),  # the official rule names no form (it skips 11-K reports itself)
)
