"""DQC.US.0118 "Financial Statement Tables Calculation Check of Required Context" (9575).

In each dimensional statement cube (a "- Statement -" role with a hypercube, URI and description exclusions as the
rule set's STATEMENT_CUBES), every calculation total of the cube's role that is a line item of the cube is checked for
the current period (the DocumentPeriodEndDate context: same start and end for durations, same date for instants):

- fs_decimals: the most frequent decimals of the cube's facts; a total is each fact of the element valid in the cube,
  in the current period, with decimals = fs_decimals, not on PledgedStatusAxis or StatementBusinessSegmentsAxis.
- each calculation child contributes the first of: its fact with the total's dimensions and decimals = fs_decimals,
  one with decimals >= fs_decimals, the largest sum of its members over one axis of the cube (getDimensionSums with
  one dimension, then two), one with decimals < fs_decimals. A member whose ancestor below the domain has a value
  for the element is left out of a member sum (a subtotal).
- a total without some axis of the cube whose default should not be checked (no default; srt:ConsolidatedEntitiesAxis
  when consolidating entity facts take part) is skipped.
- compared with tolerance_for_decimals_comp: d = min(decimals of the total, least decimals of the addends (a sum of
  members counts as 0)), capped at 5; violation when |round(total, d) - round(sum, d)| > 2 * 10^-d. NoninterestIncome
  with an ASC 606 revenue child is reported only when above its children.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property

from auditgraph.checks.cubes import Axis, Cube, build_cubes
from auditgraph.checks.dqc._common import exceeds_comp, total_violation
from auditgraph.checks.filing_data import Arc, Fact, FilingData, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rule_data import INVESTMENT_TABLES, STATEMENT_URI_EXCLUSIONS
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import fmt

RULE = "DQC.US.0118"
NUMBER = "9575"
CODE = f"{RULE}.{NUMBER}"
NOT_CHECKED_AXES = frozenset(("PledgedStatusAxis", "StatementBusinessSegmentsAxis"))
NOT_ADDED_AXES = frozenset(("LegalEntityAxis", "StatementScenarioAxis"))
CONSOLIDATED = "ConsolidatedEntitiesAxis"
ASC606 = frozenset(("RevenueFromContractWithCustomerExcludingAssessedTax", "RevenueFromContractWithCustomerIncludingAssessedTax"))
INF = Decimal("Infinity")


def statement_cube(cube: Cube) -> bool:
    """STATEMENT_CUBES of the rule set."""
    uri, d = cube.role.lower(), cube.definition
    if "- Statement -" not in d or any(w in uri for w in STATEMENT_URI_EXCLUSIONS):
        return False
    low = d.lower()
    return "schedule iii" not in low and "schedule iv" not in low and local(cube.hypercube) not in INVESTMENT_TABLES


def dec(f: Fact) -> Decimal:
    """A fact's decimals as the rule compares them: INF (or none) is infinity."""
    return INF if f.decimals is None else Decimal(f.decimals)


def axes_of(f: Fact) -> set[str]:
    return {local(a) for a, _ in f.dims}


@dataclass
class CubeFacts:
    """The facts valid in one cube (XDT: line item, axes of the cube, members of their domains, defaults)."""

    cube: Cube
    defaults: dict[str, str]
    by_concept: dict[str, list[Fact]] = field(default_factory=lambda: defaultdict(list))

    def admits(self, f: Fact) -> bool:
        if f.concept_key not in self.cube.primaries:
            return False
        seen = set()
        for a, m in f.dims:
            axis = self.cube.axes.get(local(a))
            if axis is None:
                return False
            if not m.startswith("typed:"):
                ml = local(m)
                if ml not in axis.members and ml not in axis.domains or self.defaults.get(local(a)) == ml:
                    return False
            seen.add(local(a))
        return all(a in seen or a in self.defaults for a in self.cube.axes)

    def load(self, facts: Iterable[Fact]) -> CubeFacts:
        for f in facts:
            if not f.nil and f.value is not None and self.admits(f):
                self.by_concept[f.concept_key].append(f)
        return self

    def all(self) -> list[Fact]:
        return [f for fs in self.by_concept.values() for f in fs]


def most_frequent(facts: list[Fact]) -> Decimal | None:
    counts = Counter(dec(f) for f in facts)
    if not counts:
        return None
    best = max(counts.values())
    return min(d for d, c in counts.items() if c == best)


def _member_facts(cf: CubeFacts, key: str, axis: str, member: str, total: Fact) -> list[Fact]:
    """Facts of the element for axis=member, in the total's period, with the total's other dimensions."""
    rest = {(local(a), local(m)) for a, m in total.dims if local(a) != axis}
    return [
        f
        for f in cf.by_concept.get(key, [])
        if f.period_key == total.period_key and {(local(a), local(m)) for a, m in f.dims} == rest | {(axis, member)}
    ]


def _has_ancestor_value(cf: CubeFacts, key: str, axis: str, ancestors: list[str]) -> bool:
    return any(local(a) == axis and local(m) in ancestors for f in cf.by_concept.get(key, []) for a, m in f.dims)


def dimension_sums(cf: CubeFacts, key: str, n: int, parent_key: str, total: Fact) -> list[Decimal]:
    """getDimensionSums: for each axis the child uses with n dimensions (minus the parent's axes at n-1), the sum of its
    member facts in the total's period, subtotal members left out."""
    parent_axes = {a for f in cf.by_concept.get(parent_key, []) if len(f.dims) == n - 1 for a in axes_of(f)}
    axes = sorted({a for f in cf.by_concept.get(key, []) if len(f.dims) == n for a in axes_of(f)} - parent_axes)
    if not axes:
        return []
    out: list[Decimal] = []
    if len(axes) == 1 or n == 1 or (NOT_ADDED_AXES & set(axes) and len(axes) == 2):
        for name in axes:
            axis = cf.cube.axes.get(name)
            if name in NOT_ADDED_AXES or axis is None:
                continue
            values: list[Decimal] = []
            for member in sorted(axis.members - axis.domains):
                ancestors = [x for x in axis.ancestors(member) if x not in axis.domains]
                if ancestors and _has_ancestor_value(cf, key, name, ancestors):
                    continue
                values += [f.amount for f in _member_facts(cf, key, name, member, total)]
            if values:
                out.append(sum(values, Decimal(0)))
        return out
    first, second = cf.cube.axes.get(axes[0]), cf.cube.axes.get(axes[1])
    if first is None or second is None:
        return []
    return _two_axis_sum(cf, key, (axes[0], first), (axes[1], second), total)


def _two_axis_sum(cf: CubeFacts, key: str, one: tuple[str, Axis], two: tuple[str, Axis], total: Fact) -> list[Decimal]:
    (n1, a1), (n2, a2) = one, two
    facts = [f for f in cf.by_concept.get(key, []) if len(f.dims) == 2 and axes_of(f) == {n1, n2}]
    values: list[Decimal] = []
    for m1 in sorted(a1.members - a1.domains):
        anc1 = [x for x in a1.ancestors(m1) if x not in a1.domains]
        for m2 in sorted(a2.members - a2.domains):
            anc2 = [x for x in a2.ancestors(m2) if x not in a2.domains]
            if (anc1 or anc2) and any(_at(f, n1) in anc1 and _at(f, n2) in anc2 for f in facts):
                continue
            values += [f.amount for f in facts if f.period_key == total.period_key and _at(f, n1) == m1 and _at(f, n2) == m2]
    return [sum(values, Decimal(0))] if values else []


def _at(f: Fact, axis: str) -> str | None:
    return next((local(m) for a, m in f.dims if local(a) == axis), None)


@dataclass(frozen=True)
class Addend:
    concept: str
    weight: Decimal
    value: Decimal
    decimals: Decimal  # 0 for a sum of members (a computed value has no decimals)
    fact: Fact | None  # None for a sum of members


def pick(cf: CubeFacts, arc: Arc, parent_key: str, total: Fact, fsd: Decimal) -> Addend | None:
    cands = [f for f in cf.by_concept.get(arc.target_key, []) if f.period_key == total.period_key and f.dims == total.dims]
    for tier in ([f for f in cands if dec(f) == fsd], [f for f in cands if dec(f) >= fsd]):
        if tier:
            return Addend(arc.target, Decimal(1), tier[0].amount, dec(tier[0]), tier[0])
    for n in (1, 2):
        sums = dimension_sums(cf, arc.target_key, n, parent_key, total)
        if sums:
            return Addend(arc.target, Decimal(1), max(sums), Decimal(0), None)
    low = [f for f in cands if dec(f) < fsd]
    return Addend(arc.target, Decimal(1), low[0].amount, dec(low[0]), low[0]) if low else None


def document_period(data: FilingData) -> tuple[dt.date | None, dt.date | None] | None:
    """(start, end) of the dei:DocumentPeriodEndDate fact's context; None without one (the rule then finds nothing:
    it does not fall back on DocumentType, e.g. NBH's S-1/A)."""
    rows = [r for r in data.dei if r["name"] == "DocumentPeriodEndDate"]
    rows.sort(key=lambda r: bool(r["dimensional"]))
    if not rows:
        return None
    return _date(rows[0]["start"]), _date(rows[0]["end"])


def _date(v: object) -> dt.date | None:
    if v is None or isinstance(v, dt.date):
        return v
    native = getattr(v, "to_native", None)
    return native() if native else dt.date.fromisoformat(str(v))


class Context:
    """What one filing's evaluation shares: cubes, defaults, calculation arcs by role, current period."""

    def __init__(self, data: FilingData) -> None:
        self.data = data
        self.defaults = {local(a.source): local(a.target) for a in data.defs if a.arc == "dimension-default"}
        self.calc: dict[str, dict[str, list[Arc]]] = defaultdict(lambda: defaultdict(list))
        for a in data.calc:
            self.calc[a.role][a.source_key].append(a)
        self.current = document_period(data)
        self.all_cubes = build_cubes(data)

    def is_current(self, f: Fact) -> bool:
        if self.current is None:
            return False
        start, end = self.current
        if f.kind == "instant":
            return f.end == end
        return f.kind == "duration" and f.start == start and f.end == end

    def consolidating(self, cf: CubeFacts, total: Fact, addends: list[Addend]) -> bool:
        """srt:ConsolidatedEntitiesAxis is an axis whose default is not checked when an addend fact uses it, or when an
        addend element has, in a "- Disclosure -" cube, a fact of the total's period with the total's dimensions plus
        that axis (the rule's factset is closed and aligned with the total: BXP_Q1_2024's default Assets is skipped,
        its operating partnership's is not)."""
        if CONSOLIDATED not in cf.cube.axes:
            return False
        if any(a.fact is not None and CONSOLIDATED in axes_of(a.fact) for a in addends):
            return True
        base = {(local(a), m) for a, m in total.dims}
        for name in {local(a.concept) for a in addends}:
            for f in self.consolidated.get((name, total.period_key), []):
                if {(local(a), m) for a, m in f.dims if local(a) != CONSOLIDATED} == base and len(f.dims) == len(base) + 1:
                    if any(n.admits(f) for n in self.notes):
                        return True
        return False

    @cached_property
    def notes(self) -> list[CubeFacts]:
        return [CubeFacts(c, self.defaults) for c in self.all_cubes if "- Disclosure -" in c.definition]

    @cached_property
    def consolidated(self) -> dict[tuple[str, str], list[Fact]]:
        """Non-nil facts on srt:ConsolidatedEntitiesAxis by (local name, period)."""
        out: dict[tuple[str, str], list[Fact]] = defaultdict(list)
        for f in self.data.facts:
            if not f.nil and CONSOLIDATED in axes_of(f):
                out[(local(f.qname), f.period_key)].append(f)
        return out


def evaluate(ctx: Context, cf: CubeFacts, item: str, arcs: list[Arc], total: Fact, fsd: Decimal) -> CheckResult | None:
    addends: list[Addend] = []
    for a in arcs:
        got = pick(cf, a, item, total, fsd)
        if got is not None:
            addends += [Addend(got.concept, w, got.value, got.decimals, got.fact) for w in a.weights]
    if not addends:
        return None
    missing_defaults = {ax for ax in cf.cube.axes if ax not in ctx.defaults}
    if ctx.consolidating(cf, total, addends):
        missing_defaults.add(CONSOLIDATED)
    absent = set(cf.cube.axes) - axes_of(total)
    if missing_defaults and absent and missing_defaults & absent:
        return None
    addend = sum((a.weight * a.value for a in addends), Decimal(0))
    min_addend = min(a.decimals for a in addends)
    calc_d = min(dec(total), min_addend)
    min_d = None if calc_d == INF else int(calc_d)
    if not exceeds_comp(total.amount, total.decimals, addend, None, min_d):
        return None
    if local(total.qname) == "NoninterestIncome" and ASC606 & {local(a.concept) for a in addends} and total.amount <= addend:
        return None
    return finding(cf.cube, total, addend, addends, fsd, min_d)


def finding(cube: Cube, total: Fact, addend: Decimal, addends: list[Addend], fsd: Decimal, d: int | None) -> CheckResult:
    lines = "; ".join(
        f"{'+' if a.weight > 0 else '-'} {a.concept} {fmt(a.value)}{'' if a.fact is not None else ' (sum of its members)'}"
        for a in addends
    )
    where = ", ".join(total.dim_strings) or "no dimensions (the default)"
    msg = (
        f"{cube.definition}: {total.qname} is {total.raw} for {total.period_key} ({where}) but its calculation children in "
        f"this statement add up to {fmt(addend)}: {lines}. Children are taken at the statement's usual decimals "
        f"({'INF' if fsd == INF else fsd}) or, when missing, as the sum of their members on an axis of the statement. "
        f"Fix the value or complete the calculation (compared at decimals {d if d is not None else 'INF'})."
    )
    return total_violation(RULE, NUMBER, total, addend, msg, network=cube.role, network_definition=cube.definition)


def check_cube(ctx: Context, cube: Cube) -> list[CheckResult]:
    cf = CubeFacts(cube, ctx.defaults).load(ctx.data.facts)
    fsd = most_frequent(cf.all())
    if fsd is None:
        return []
    out = []
    for item, arcs in ctx.calc.get(cube.role, {}).items():
        if item not in cube.primaries:
            continue
        for total in cf.by_concept.get(item, []):
            if not ctx.is_current(total) or dec(total) != fsd or axes_of(total) & NOT_CHECKED_AXES:
                continue
            if (r := evaluate(ctx, cf, item, arcs, total, fsd)) is not None:
                out.append(r)
    return out


def check_0118(inp: RuleInput) -> list[CheckResult]:
    ctx = Context(inp.data)
    if ctx.current is None:
        return []
    out = []
    for cube in sorted(ctx.all_cubes, key=lambda c: (c.role, c.hypercube)):
        if statement_cube(cube):
            out += check_cube(ctx, cube)
    return out


FAMILY = Rule(
    key="0118",
    rule_id=RULE,
    name="Financial Statement Tables Calculation Check of Required Context",
    codes=(CODE,),
    check=check_0118,
    forms=frozenset(),  # the official rule names no forms: it runs on every filing
)
