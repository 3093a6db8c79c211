"""DQC.US.0117 "Financial Statement Tables Dimensional Cross Check", sub-rules 9574 and 10093.

9574: in a statement cube, a qualifying axis D: the non-dimensional total of a monetary line item
must equal the sum of its D=member facts (nested subtotals skipped), tolerance 2*10^-d.
10093: the D=m fact must equal the sum of its (D=m, D2=x) facts over a second axis D2.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from typing import Any

from auditgraph.checks.cubes import Axis, Cube, build_cubes, is_disclosure, is_parenthetical_statement, is_statement
from auditgraph.checks.filing_data import Fact, FilingData, distinct_values, load_filing_data, local
from auditgraph.checks.result import CheckResult, RelationshipUsed, Status
from auditgraph.checks.rule_data import ASC606, DIM_AXES, applies_to_form
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import dround, fmt, fmt_decimals, min_decimals, unit_step
from auditgraph.graph import Graph

RULE = "DQC.US.0117"
S9574, S10093 = f"{RULE}.9574", f"{RULE}.10093"
MAX_DECIMALS = 5  # tolerance_for_decimals_comp caps missing/INF decimals here


def _period_ok(f: Fact, doc_days: int | None) -> bool:
    return f.kind == "instant" or (f.kind == "duration" and doc_days is not None and f.days == doc_days)


def _calc_descendants(data: FilingData, name: str) -> set[str]:
    children: dict[str, set[str]] = defaultdict(set)
    for a in data.calc:
        children[local(a.source)].add(local(a.target))
    out, stack = set(), [name]
    while stack:
        for c in children.get(stack.pop(), ()):
            if c not in out:
                out.add(c)
                stack.append(c)
    return out


class _Ctx:
    """Per-run state shared by the evaluations of one filing."""

    def __init__(self, data: FilingData, cubes: list[Cube]):
        self.data = data
        self.cubes = cubes
        self.doc_days = data.document_days()
        self.rev_desc = _calc_descendants(data, "Revenues")

    def in_cube(self, pred: Callable[[Cube], bool], concept_key: str, axis: str) -> list[Cube]:
        return [c for c in self.cubes if pred(c) and concept_key in c.primaries and axis in c.axes]


def _member_sum(groups: dict[str, list[Fact]], axis: Axis | None) -> tuple[list[Fact], list[str], str | None]:
    """Addends (nested subtotals skipped), members skipped, or the reason the rule must refuse."""
    addends, skipped = [], []
    for member, facts in sorted(groups.items()):
        if len(distinct_values(facts)) > 1 or any(f.duplicate == "inconsistent" for f in facts):
            return [], [], f"inconsistent duplicate facts for member {member}; the rule cannot pick one"
        if axis is not None and any(a in groups for a in axis.ancestors(member)):
            skipped.append(member)
            continue
        addends.append(facts[0])
    return addends, skipped, None


def _compare(total: Fact, addends: list[Fact]) -> tuple[Decimal, Decimal, Decimal, int]:
    s = sum((f.amount for f in addends), Decimal(0))
    member_d = min_decimals([f.decimals for f in addends])
    fill = min(member_d, MAX_DECIMALS) if member_d is not None else MAX_DECIMALS
    d_sum = member_d if member_d is not None else fill
    d_tot = total.decimals if total.decimals is not None else fill
    d = min(d_sum, d_tot)
    diff = dround(total.amount, d) - dround(s, d)  # reported minus expected, like the other rules
    return s, diff, 2 * unit_step(d), d


def _result(
    ctx: _Ctx, sub: str, cube: Cube, axis: Axis, total: Fact, addends: list[Fact], skipped: list[str], concept_key: str
) -> CheckResult:
    s, diff, tol, d = _compare(total, addends)
    status: Status
    status, reason = ("violation" if abs(diff) > tol else "ok"), ""
    if status == "violation" and local(total.qname) in ASC606 and local(axis.qname) == "ProductOrServiceAxis":
        if any(local(q) == "NoninterestIncome" for q in cube.primaries.values()):
            if s <= total.amount:
                status, reason = "ok", "ASC 606 exception: NoninterestIncome in the cube, member sum not above the total"
        elif s < total.amount and len(ctx.rev_desc) >= 2 and ctx.rev_desc & set(ASC606):
            status, reason = "ok", "ASC 606 exception: Revenues also has non-606 calculation descendants"

    def key(f: Fact) -> str:
        return dict(f.dims).get(axis.qname) or next((m for a, m in f.dims if local(a) == local(axis.qname)), "")

    rels = [
        RelationshipUsed(
            type="DEF", role=cube.role, source=a.source, target=a.target, arc="domain-member", owner=ctx.data.filing_id
        )
        for f in addends
        if (a := axis.arcs.get(local(key(f)))) is not None
    ]
    lines = "; ".join(f"{f.raw} {', '.join(f.dim_strings)}" for f in addends)
    msg = (
        f"{cube.definition}: {total.qname} reported {total.raw} ({', '.join(total.dim_strings) or 'no dimensions'}) "
        f"but its {axis.qname} members sum to {fmt(s)} (difference {fmt(diff)}, tolerance {fmt(tol)}). "
        f"Members: {lines}. Period {total.period_key}; unit {total.unit}."
        + (" Skipped nested subtotals: " + ", ".join(skipped) + "." if skipped else "")
    )
    if status == "violation" and local(total.qname) in ASC606:
        msg += " If the members are not all ASC 606 revenue, tag the total with Revenues instead."
    return CheckResult(
        rule_id=RULE,
        sub_rule=sub,
        status=status,
        reason=reason,
        concept=total.qname,
        reported_value=total.raw,
        expected_value=fmt(s),
        difference=fmt(diff),
        tolerance=fmt(tol),
        decimals=fmt_decimals(d),
        period=total.period_key,
        dimensions=total.dim_strings,
        unit=total.unit,
        network=cube.role,
        network_definition=cube.definition,
        axis=axis.qname,
        facts=[total.used("total")] + [f.used("member") for f in addends],
        contexts=sorted({f.context_id or f.context_key for f in [total] + addends}),
        relationships=rels,
        message=msg if status == "violation" else (reason or "member sum agrees"),
    )


def _not_eval(sub: str, cube: Cube, axis: Axis, total: Fact, reason: str) -> CheckResult:
    return CheckResult(
        rule_id=RULE,
        sub_rule=sub,
        status="not_evaluable",
        reason=reason,
        concept=total.qname,
        reported_value=total.raw,
        period=total.period_key,
        dimensions=total.dim_strings,
        unit=total.unit,
        network=cube.role,
        network_definition=cube.definition,
        axis=axis.qname,
        facts=[total.used("total")],
        message=reason,
    )


def _check_axis(ctx: _Ctx, cube: Cube, axis_local: str, concept_key: str) -> list[CheckResult]:
    axis = cube.axes[axis_local]
    facts = [f for f in ctx.data.by_concept.get(concept_key, []) if not f.nil and f.value is not None and f.monetary]

    def on_axis(f: Fact) -> list[str]:
        return [m for a, m in f.dims if local(a) == axis_local]

    alone: dict[tuple[Any, ...], dict[str, list[Fact]]] = defaultdict(lambda: defaultdict(list))
    paired: dict[tuple[Any, ...], dict[str, list[Fact]]] = defaultdict(lambda: defaultdict(list))
    for f in facts:
        ms = on_axis(f)
        if len(ms) != 1 or local(ms[0]) not in axis.members:
            continue
        if len(f.dims) == 1:
            alone[(f.period_key, f.unit)][local(ms[0])].append(f)
        else:
            paired[(f.period_key, f.unit)][local(ms[0])].append(f)
    out: list[CheckResult] = []
    totals: dict[tuple[Any, ...], list[Fact]] = defaultdict(list)
    for f in facts:
        if not f.dims and _period_ok(f, ctx.doc_days):
            totals[(f.period_key, f.unit)].append(f)
    parenthetical = ctx.in_cube(is_parenthetical_statement, concept_key, axis_local)
    disclosure = ctx.in_cube(is_disclosure, concept_key, axis_local)
    for pu, group in totals.items():
        groups = alone.get(pu)
        if not groups:
            continue
        total = group[0]
        if len(distinct_values(group)) > 1 or any(f.duplicate == "inconsistent" for f in group):
            out.append(_not_eval(S9574, cube, axis, total, "inconsistent duplicate totals; the rule cannot pick one"))
            continue
        addends, skipped, refuse = _member_sum(groups, axis)
        if refuse:
            out.append(_not_eval(S9574, cube, axis, total, refuse))
            continue
        result = _result(ctx, S9574, cube, axis, total, addends, skipped, concept_key)
        if result.status == "violation":  # the rule's guards hold back findings it cannot stand behind
            guard = _guard(paired.get(pu, {}), groups, parenthetical, disclosure, addends, total, axis)
            if guard:
                result = replace(result, status="not_evaluable", reason=guard)
        out.append(result)
    out += _check_second_axis(ctx, cube, axis, facts, alone)
    return out


def _guard(
    paired: dict[Any, Any],
    alone: dict[Any, Any],
    parenthetical: list[Cube],
    disclosure: list[Cube],
    addends: list[Fact],
    total: Fact,
    axis: Axis,
) -> str | None:
    missing = sorted(set(paired) - set(alone))
    if missing:
        return f"held back by the rule: member(s) {', '.join(missing)} are reported with a second axis but not alone"
    if parenthetical:
        return (
            f"held back by the rule: {axis.qname} facts of {total.qname} are also in parenthetical statement "
            f"{parenthetical[0].role}"
        )
    if disclosure and not max(f.amount for f in addends) > total.amount:
        return (
            f"held back by the rule: {axis.qname} facts of {total.qname} are also in disclosure "
            f"{disclosure[0].role} and no member exceeds the total"
        )
    return None


def _check_second_axis(
    ctx: _Ctx, cube: Cube, axis: Axis, facts: list[Fact], alone: dict[tuple[Any, ...], dict[str, list[Fact]]]
) -> list[CheckResult]:
    """10093: D=m totals against their D2 breakdown (D2 is not LegalEntityAxis)."""
    d_local = local(axis.qname)
    groups: dict[tuple[Any, ...], dict[str, list[Fact]]] = defaultdict(lambda: defaultdict(list))
    for f in facts:
        if len(f.dims) != 2 or not _period_ok(f, ctx.doc_days):
            continue
        mine = [(a, m) for a, m in f.dims if local(a) == d_local]
        other = [(a, m) for a, m in f.dims if local(a) != d_local]
        if len(mine) != 1 or len(other) != 1 or local(mine[0][1]) not in axis.members:
            continue
        a2, m2 = other[0]
        if local(a2) == "LegalEntityAxis" or m2.startswith("typed:"):
            continue
        cube_axis = cube.axes.get(local(a2))
        if cube_axis is None or local(m2) not in cube_axis.members:
            continue  # D2 and its members come from the same statement cube (docs/dqc.md)
        groups[(f.period_key, f.unit, local(mine[0][1]), local(a2))][local(m2)].append(f)
    out = []
    for (period, unit, member, a2), members in groups.items():
        totals = alone.get((period, unit), {}).get(member)
        if not totals:
            continue  # the rule needs the D=m fact as the total
        total = totals[0]
        axis2 = cube.axes[a2]
        if len(distinct_values(totals)) > 1:
            out.append(_not_eval(S10093, cube, axis2, total, "inconsistent duplicate totals; the rule cannot pick one"))
            continue
        addends, skipped, refuse = _member_sum(members, cube.axes.get(a2))
        if refuse:
            out.append(_not_eval(S10093, cube, axis2, total, refuse))
            continue
        out.append(_result(ctx, S10093, cube, axis2, total, addends, skipped, total.concept_key))
    return out


def check_dim_consistency(
    graph: Graph, filing_id: str, concept: str | None = None, period: str | None = None, data: FilingData | None = None
) -> list[CheckResult]:
    """One result per (statement cube, axis, line item, period/unit) total that has member facts."""
    data = data or load_filing_data(graph, filing_id)
    if refusal := data.refusal(RULE, S9574, concept):
        return [refusal]
    if not applies_to_form("0117", data.document_type):
        reason = f"DQC.US.0117 does not run on DocumentType {data.document_type!r} (official rule-form-lookup)"
        return [CheckResult(rule_id=RULE, sub_rule=S9574, status="not_evaluable", reason=reason, concept=concept)]
    cubes = build_cubes(data)
    ctx = _Ctx(data, cubes)
    out: list[CheckResult] = []
    done: set[tuple[Any, ...]] = set()
    for cube in cubes:
        if not is_statement(cube):
            continue
        for axis_local in sorted(cube.axes):
            if axis_local not in DIM_AXES:
                continue
            for key, qname in cube.primaries.items():
                if concept and concept not in (key, qname, local(qname)):
                    continue
                if (cube.role, axis_local, key) in done:
                    continue
                done.add((cube.role, axis_local, key))
                out += _check_axis(ctx, cube, axis_local, key)
    if period:
        out = [r for r in out if r.period == period]
    if concept and not out:
        reason = f"{concept} has no total with qualifying member facts in a statement cube of {filing_id!r}"
        return [CheckResult(rule_id=RULE, sub_rule=S9574, status="not_evaluable", reason=reason, concept=concept, message=reason)]
    return out


def _family_check(inp: RuleInput) -> list[CheckResult]:
    return check_dim_consistency(inp.graph, inp.filing_id, inp.scope.concept, inp.scope.period, data=inp.data)


FAMILY = Rule(
    key="0117",
    rule_id=RULE,
    name="Dimension Consistency (statement members sum to their total)",
    codes=(S9574, S10093),
    check=_family_check,
    years=(),  # reads only the filing
    forms=frozenset(),  # the official form lookup is applied by check_dim_consistency
    scoped=True,
)
