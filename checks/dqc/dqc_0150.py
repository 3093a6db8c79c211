"""DQC.US.0150: segment disclosures whose members do not add up, lack an operating-segments member, or count too few.

Numeric, on the filing's segment disclosure cubes (a "- Disclosure -" role whose URI says "segment"), read as the
official engine reads a cube: the has-hypercube arcs of a role give the primary items and, through the hypercube,
its axes with their domains and members (definition arcs of that role, in arc order).

- 9876 / 9877: for each monetary line item of the cube and each period and unit, the facts that carry only the
  consolidation-items axis (9876; line items of the DQCRT non-negative list, two members at least) or only the business
  segments axis (9877) are added up over the members below the domain, leaving out a member when a fact already
  reports one of its parent members. The sum must not exceed the total reported without the axis (a positive total),
  beyond twice the rounding unit of the least decimals. 9877 leaves out line items named "...IncomeLoss..." or
  "...IncreaseDecrease...".
- 9878: a line item reports reconciling items on the consolidation-items axis (no segment) and segment amounts with
  no consolidation-items member, but never a segment amount with the operating-segments member (nor does any
  calculation child of the line item).
- 10076: NumberOfReportableSegments exceeds the count of segment members defined under SegmentDomain in the
  segment cubes.

The official rule set runs it on every form.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property

from auditgraph.checks.filing_data import Fact, FilingData
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import dround, fmt, unit_step

RULE_ID = "DQC.US.0150"
SEGMENTS = "StatementBusinessSegmentsAxis"
CONSOLIDATION = "ConsolidationItemsAxis"
OPERATING = "OperatingSegmentsMember"
US_GAAP = "http://fasb.org/us-gaap/"
SRT = "http://fasb.org/srt/"


def is_named(key: str, namespace_prefix: str, name: str) -> bool:
    """A concept key "{ns}#{name}" of a base taxonomy (any year) with that local name."""
    ns, _, local = key.rpartition("#")
    return local == name and ns.startswith(namespace_prefix)


# ---------------------------------------------------------------------------------------------- cubes (XDT)
@dataclass(frozen=True)
class XArc:
    """One definition arc of the filing (dqc.dqc_0161_def_arcs), with the has-hypercube arc's xbrldt:closed."""

    role: str
    arc: str
    source_key: str
    target_key: str
    order: float
    target_role: str | None
    closed: bool


@dataclass
class Cube:
    """One hypercube of one role: its primary items, and per axis its domains and members in navigation order."""

    role: str
    hypercube: str
    primaries: dict[str, bool] = field(default_factory=dict)  # primary item key -> closed (the has-hypercube arc's flag)
    axes: dict[str, list[str]] = field(default_factory=dict)  # axis key -> domains and members, depth first
    domains: dict[str, set[str]] = field(default_factory=dict)  # axis key -> its dimension-domain targets

    def axis_named(self, namespace_prefix: str, name: str) -> str | None:
        return next((a for a in self.axes if is_named(a, namespace_prefix, name)), None)

    @cached_property
    def axis_locals(self) -> dict[str, set[str]]:
        """axis local name -> local names of its domains and members (what a fact's dimensions are compared with)."""
        return {a.rpartition("#")[2]: {m.rpartition("#")[2] for m in ms} for a, ms in self.axes.items()}


ARCS_QUERY = "dqc.dqc_0161_def_arcs"  # the filing's XDT arcs; 0161, 0164, 0166 and 0189 read the same rows


def read_arcs(inp: RuleInput) -> list[XArc]:
    return [
        XArc(role, arc, source, target, order or 1.0, target_role, bool(closed))
        for role, arc, source, target, target_role, closed, _usable, order in inp.rows(ARCS_QUERY)
    ]


class Networks:
    """The filing's definition arcs indexed for XDT navigation, and its cubes, read as the official engine reads them."""

    def __init__(self, data: FilingData, arcs: list[XArc]) -> None:
        self.data = data
        self.arcs = arcs
        self.children: dict[tuple[str, str, str], list[XArc]] = defaultdict(list)  # (arc, role, source) -> arcs
        self.defaults: dict[str, str] = {}  # axis local name -> default member local name (any role)
        self.parents: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))  # role -> member -> parents
        for a in sorted(arcs, key=lambda a: a.order):
            self.children[(a.arc, a.role, a.source_key)].append(a)
            if a.arc == "dimension-default":
                self.defaults[a.source_key.rpartition("#")[2]] = a.target_key.rpartition("#")[2]
            elif a.arc == "domain-member":
                self.parents[a.role][a.target_key].add(a.source_key)

    def below(self, arc: str, role: str, source: str) -> list[XArc]:
        return self.children.get((arc, role, source), [])

    def descendants(self, role: str, start: str, seen: set[str] | None = None) -> list[str]:
        """domain-member descendants of `start` in `role`, depth first in arc order (each once)."""
        seen = seen if seen is not None else {start}
        out: list[str] = []
        for a in self.below("domain-member", role, start):
            if a.target_key in seen:
                continue
            seen.add(a.target_key)
            out.append(a.target_key)
            out += self.descendants(a.target_role or role, a.target_key, seen)
        return out

    @cached_property
    def cubes(self) -> list[Cube]:
        has: dict[tuple[str, str], list[XArc]] = defaultdict(list)
        for a in self.arcs:
            if a.arc in ("all", "notAll"):
                has[(a.role, a.target_key)].append(a)
        out = []
        for (role, hc), arcs in sorted(has.items()):
            cube = Cube(role, hc)
            for a in arcs:
                for p in [a.source_key, *self.descendants(a.role, a.source_key)]:
                    cube.primaries[p] = cube.primaries.get(p, False) or a.closed
            for hd in self.below("hypercube-dimension", arcs[0].target_role or role, hc):
                members: list[str] = []
                domains: set[str] = set()
                for dd in self.below("dimension-domain", hd.target_role or hd.role, hd.target_key):
                    domains.add(dd.target_key)
                    members += [dd.target_key, *self.descendants(dd.target_role or dd.role, dd.target_key)]
                cube.axes[hd.target_key] = list(dict.fromkeys(members))
                cube.domains[hd.target_key] = domains
            out.append(cube)
        return out

    def role_definition(self, role: str) -> str:
        r = self.data.roles.get(role)
        return r.definition if r else ""

    def segment_cubes(self) -> list[Cube]:
        """The official SEGMENT_DISCLOSURE_CUBES: "- Disclosure -" roles whose URI contains "segment"."""
        return [c for c in self.cubes if "- Disclosure -" in self.role_definition(c.role) and "segment" in c.role.lower()]

    def ancestors(self, role: str, member: str) -> set[str]:
        """domain-member ancestors of a member in a role (its parent members up to the domain)."""
        parents = self.parents.get(role, {})
        out: set[str] = set()
        todo = [member]
        while todo:
            for p in parents.get(todo.pop(), ()):
                if p not in out:
                    out.add(p)
                    todo.append(p)
        return out

    def in_cube(self, cube: Cube, concept_key: str, dims: dict[str, str]) -> bool:
        """The official cube membership of a fact (its concept key; its dimensions as axis -> member local names,
        typed members as "typed:..."): a primary item; on each axis of the cube a member of the cube's tree (any value
        of a typed axis), or no member when the axis default is in the tree; on a closed cube no other axis."""
        closed = cube.primaries.get(concept_key)
        if closed is None:
            return False
        for axis, names in cube.axis_locals.items():
            member = dims.get(axis)
            if member is None:
                if self.defaults.get(axis) not in names:
                    return False
            elif member.startswith("typed:"):
                if names:  # a typed value on an explicit axis
                    return False
            elif member not in names:
                return False
        return not (closed and any(a not in cube.axis_locals for a in dims))


# ---------------------------------------------------------------------------------------------- facts
def local(qname: str) -> str:
    return qname.rpartition(":")[2]


def dim_locals(fact: Fact) -> dict[str, str]:
    """axis local name -> member local name (explicit members; typed ones keep their "typed:" value)."""
    return {local(a): (m if m.startswith("typed:") else local(m)) for a, m in fact.dims}


def alignment(fact: Fact, skip_axes: Iterable[str] = ()) -> tuple[object, ...]:
    skip = set(skip_axes)
    others = tuple(sorted((a, m) for a, m in dim_locals(fact).items() if a not in skip))
    return (fact.period_key, fact.unit, others)


def min_inf(*values: int | None) -> int | None:
    """The least of decimals values where None stands for INF."""
    finite = [v for v in values if v is not None]
    return min(finite) if finite else None


def greater_than(less: Decimal, less_dec: int | None, greater: Decimal, greater_dec: int | None) -> bool:
    """The official tolerance_for_decimals_greater_than with factor 2 (None decimals: INF, no rounding)."""
    if less - greater <= 0:
        return False
    tol = min_inf(less_dec, greater_dec)
    if tol is None:
        return less != greater
    return abs(dround(less, tol) - dround(greater, tol)) > unit_step(tol) * 2


# ---------------------------------------------------------------------------------------------- the sub-rules
def _addends(
    nets: Networks, cube: Cube, axis: str, facts: list[Fact], drs_facts: set[str]
) -> tuple[list[Fact], list[str]] | None:
    """The facts of one line item and alignment to add across the axis, in member order (None: nothing to add)."""
    members = [m for m in cube.axes[axis] if m not in cube.domains[axis]]
    axis_local = axis.rpartition("#")[2]
    only_axis: dict[str, Fact] = {}
    for f in facts:
        d = dim_locals(f)
        if f.fact_id in drs_facts and list(d) == [axis_local]:
            only_axis.setdefault(d[axis_local], f)
    out: list[Fact] = []
    for m in members:
        parents = {p.rpartition("#")[2] for p in nets.ancestors(cube.role, m) - cube.domains[axis]}
        if any(p in only_axis for p in parents):
            continue
        fact = only_axis.get(m.rpartition("#")[2])
        if fact is not None:
            out.append(fact)
    return (out, members) if out else None


def _add_check(inp: RuleInput, nets: Networks, code: str) -> list[CheckResult]:
    data = inp.data
    consolidation = code == "9876"
    non_neg: set[str] = set()
    if consolidation:
        non_neg = {k for k in inp.constant("NON_NEG_ITEMS")}
    by_concept: dict[str, list[Fact]] = defaultdict(list)
    for f in data.facts:
        if f.value is not None:
            by_concept[f.concept_key].append(f)
    results = []
    for cube in nets.segment_cubes():
        axis = cube.axis_named(SRT, CONSOLIDATION) if consolidation else cube.axis_named(US_GAAP, SEGMENTS)
        if axis is None:
            continue
        drs = {
            f.fact_id
            for c in nets.cubes
            if c.role == cube.role
            for k in c.primaries
            for f in by_concept.get(k, [])
            if nets.in_cube(c, f.concept_key, dim_locals(f))
        }
        for concept in dict.fromkeys(cube.primaries):
            facts = [f for f in by_concept.get(concept, []) if f.monetary]
            if not facts or (consolidation and concept not in non_neg):
                continue
            name = facts[0].name.lower()
            if not consolidation and ("incomeloss" in name or "increasedecrease" in name):
                continue
            groups: dict[tuple[object, ...], list[Fact]] = defaultdict(list)
            for f in facts:
                groups[(f.period_key, f.unit)].append(f)
            for group in groups.values():
                if r := _add_group(nets, cube, axis, group, drs, code):
                    results.append(r)
    return results


def _add_group(nets: Networks, cube: Cube, axis: str, facts: list[Fact], drs: set[str], code: str) -> CheckResult | None:
    total = next((f for f in facts if not f.dims), None)
    if total is None or total.amount <= 0:
        return None
    found = _addends(nets, cube, axis, facts, drs)
    if found is None:
        return None
    addends, _ = found
    if code == "9876" and len(addends) < 2:
        return None
    added = sum((f.amount for f in addends), Decimal(0))
    total_dec = total.decimals if code == "9876" else (0 if total.decimals is None else total.decimals)
    min_dec = min_inf(total_dec, *(f.decimals for f in addends))
    # a sum of two or more facts carries no decimals of its own: the rule's least decimals stand in
    less_dec = addends[0].decimals if len(addends) == 1 else min_dec
    if not greater_than(added, less_dec, total.amount, total.decimals):
        return None
    what = "consolidation items" if code == "9876" else "business segments"
    parts = "; ".join(f"{'/'.join(f.dim_strings)} {f.raw} (context {f.context_id})" for f in addends)
    msg = (
        f"In the disclosure {nets.role_definition(cube.role)!r}, the {what} reported for {total.qname} add up to {fmt(added)}, "
        f"more than the total {total.raw} reported without the axis (context {total.context_id}, period {total.period_key}, "
        f"decimals {total.decimals_raw}). The addends, one per member below the domain: {parts}. Correct the values or the "
        f"members so that the parts do not exceed the total."
    )
    first = addends[0]
    return CheckResult(
        rule_id=RULE_ID,
        sub_rule=f"{RULE_ID}.{code}",
        status="violation",
        concept=first.qname,
        reported_value=first.raw,
        expected_value=total.raw,
        difference=fmt(added - total.amount),
        decimals=first.decimals_raw,
        period=first.period_key,
        dimensions=first.dim_strings,
        unit=first.unit,
        network=cube.role,
        network_definition=nets.role_definition(cube.role),
        facts=[first.used()],  # the engine names the first addend; the message names the others
        contexts=[first.context_id or ""],
        message=msg,
    )


def _operating_member_check(inp: RuleInput, nets: Networks) -> list[CheckResult]:
    data = inp.data
    by_concept: dict[str, list[Fact]] = defaultdict(list)
    for f in data.facts:
        if f.value is not None:
            by_concept[f.concept_key].append(f)
    children: dict[str, set[str]] = defaultdict(set)
    for a in data.calc:
        if a.weight == 1:
            children[a.source_key].add(a.target_key)
    results = []
    for cube in nets.segment_cubes():
        if cube.axis_named(US_GAAP, SEGMENTS) is None or cube.axis_named(SRT, CONSOLIDATION) is None:
            continue
        drs = {
            f.fact_id
            for c in nets.cubes
            if c.role == cube.role
            for k in c.primaries
            for f in by_concept.get(k, [])
            if nets.in_cube(c, f.concept_key, dim_locals(f))
        }
        for concept in dict.fromkeys(cube.primaries):
            facts = [f for f in by_concept.get(concept, []) if f.monetary]
            for key, group in _by_alignment(facts).items():
                if r := _operating_group(nets, cube, key, group, drs, by_concept, children.get(concept, set())):
                    results.append(r)
    return results


def _by_alignment(facts: list[Fact]) -> dict[tuple[object, ...], list[Fact]]:
    groups: dict[tuple[object, ...], list[Fact]] = defaultdict(list)
    for f in facts:
        groups[alignment(f, (SEGMENTS, CONSOLIDATION))].append(f)
    return groups


def _operating_group(
    nets: Networks,
    cube: Cube,
    key: tuple[object, ...],
    facts: list[Fact],
    drs: set[str],
    by_concept: dict[str, list[Fact]],
    calc_children: set[str],
) -> CheckResult | None:
    def split(fs: Iterable[Fact]) -> tuple[list[Fact], list[Fact], list[Fact]]:
        reconciling, present, absent = [], [], []
        for f in fs:
            d = dim_locals(f)
            seg, cons = d.get(SEGMENTS), d.get(CONSOLIDATION)
            if seg is None and cons is not None and cons != OPERATING:
                reconciling.append(f)
            elif seg is not None and cons == OPERATING:
                present.append(f)
            elif seg is not None and cons is None:
                absent.append(f)
        return reconciling, present, absent

    reconciling, present, absent = split(f for f in facts if f.fact_id in drs)
    if not reconciling or not absent or present:
        return None
    # the calculation children of the line item (weight 1) may carry the operating-segments member instead
    child_facts = [f for c in calc_children for f in by_concept.get(c, []) if alignment(f, (SEGMENTS, CONSOLIDATION)) == key]
    if split(child_facts)[1]:
        return None
    reconciling.sort(key=lambda f: f.amount)
    absent.sort(key=lambda f: f.amount)
    first, seg = reconciling[0], absent[0]
    msg = (
        f"In the disclosure {nets.role_definition(cube.role)!r}, {first.qname} reports reconciling items on the consolidation "
        f"items axis ({'/'.join(first.dim_strings)} = {first.raw}, context {first.context_id}) and segment amounts with no "
        f"consolidation-items member ({'/'.join(seg.dim_strings)} = {seg.raw}, context {seg.context_id}, period "
        f"{seg.period_key}), but no segment amount with the OperatingSegmentsMember. When reconciling items are reported, "
        f"tag the segment amounts with the OperatingSegmentsMember on the ConsolidationItemsAxis."
    )
    return CheckResult(
        rule_id=RULE_ID,
        sub_rule=f"{RULE_ID}.9878",
        status="violation",
        concept=first.qname,
        reported_value=first.raw,
        decimals=first.decimals_raw,
        period=first.period_key,
        dimensions=first.dim_strings,
        unit=first.unit,
        network=cube.role,
        network_definition=nets.role_definition(cube.role),
        facts=[first.used()],  # the engine names the reconciling item; the message names the segment amount
        contexts=[first.context_id or ""],
        message=msg,
    )


def _segment_count_check(inp: RuleInput, nets: Networks) -> list[CheckResult]:
    parents: set[str] = set()
    members: list[str] = []
    for role in dict.fromkeys(c.role for c in nets.segment_cubes()):
        for c in nets.cubes:
            if c.role != role:
                continue
            for ms in c.axes.values():
                domain = next((m for m in ms if is_named(m, US_GAAP, "SegmentDomain")), None)
                if domain is None:
                    continue
                below = nets.descendants(role, domain)
                members += below
                parents |= {a.source_key for m in [domain, *below] for a in nets.below("domain-member", role, m)}
    leaves = [m for m in dict.fromkeys(members) if m not in parents]
    if not leaves:
        return []
    counts = [f for f in inp.data.facts if f.name == "NumberOfReportableSegments" and not f.dims and f.value is not None]
    if not counts or len(leaves) >= min(f.amount for f in counts):
        return []
    first = counts[0]
    names = ", ".join(m.rpartition("#")[2] for m in leaves)
    msg = (
        f"NumberOfReportableSegments reports {', '.join(sorted({f.raw or '' for f in counts}))} segments, but the segment "
        f"disclosures define only {len(leaves)} segment member(s) under SegmentDomain ({names}). Correct the number or add "
        f"the missing segment members to the axis."
    )
    return [
        CheckResult(
            rule_id=RULE_ID,
            sub_rule=f"{RULE_ID}.10076",
            status="violation",
            concept=first.qname,
            reported_value=first.raw,
            period=first.period_key,
            facts=[f.used() for f in counts],
            contexts=[first.context_id or ""],
            message=msg,
        )
    ]


def check(inp: RuleInput) -> list[CheckResult]:
    nets = Networks(inp.data, read_arcs(inp))
    return [
        *_add_check(inp, nets, "9876"),
        *_add_check(inp, nets, "9877"),
        *_operating_member_check(inp, nets),
        *_segment_count_check(inp, nets),
    ]


FAMILY = Rule(
    key="0150",
    rule_id=RULE_ID,
    name="Segment Disclosure Consistency",
    codes=(f"{RULE_ID}.9876", f"{RULE_ID}.9877", f"{RULE_ID}.9878", f"{RULE_ID}.10076"),
    check=check,
    constants=("NON_NEG_ITEMS",),
    queries=(ARCS_QUERY,),
    forms=frozenset(),  # empty: every form (the official rule set names none for this rule)
)
