"""XBRL Calculations 1.1, round-to-nearest, over the filing's whole calculation linkbase.

The semantics are those of the specification as Arelle implements it (`--calc c11r`,
arelle/ValidateXbrlCalcs.py), checked finding-for-finding by scripts/crosscheck_calc11.py:

- A fact stands for the closed interval of values that round to it, v +/- 1/2 * 10^-d (a point
  for INF). The facts of one concept, context and unit form a fact set: all nil = no value;
  nil mixed with values, two values with the same decimals, or intervals that do not intersect =
  inconsistent duplicates; otherwise the set's interval is the intersection of its facts'.
- A value with more digits than its decimals allow (1500 with decimals -3) stops the check of
  every summation it is in (calc11e:excessDigits).
- A summation binds a total to the contributors in the same context and unit when at least one
  contributor has a value. It is inconsistent when the total's interval and the weighted sum of
  the contributors' intervals do not overlap. Each summation-item relationship adds its
  contributor once: a contributor the filing links twice under the same total in one link role is
  added twice, and the duplicate is itself an error (calc11e:duplicateCalculationRelationships).
- Inconsistent duplicates (of the total or of a contributor) make the summation not evaluable.

Reported separately from DQC.US.0126 (which uses decimals-based tolerances on statement networks only).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation, localcontext
from typing import Any

from auditgraph.checks.filing_data import Arc, Fact, FilingData, load_filing_data, local
from auditgraph.checks.result import CheckResult, RelationshipUsed
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import fmt
from auditgraph.graph import Graph

RULE = "CALC11"
DUPLICATE_ARCS = "calc11e:duplicateCalculationRelationships"
HALF = Decimal("0.5")


def interval(f: Fact) -> tuple[Decimal, Decimal]:
    if f.decimals is None:
        return f.amount, f.amount
    half = HALF * Decimal(1).scaleb(-f.decimals)
    return f.amount - half, f.amount + half


def excess_digits(f: Fact) -> bool:
    """True when the value has digits below its decimals (Calculations 1.1 section 2.1: not checked)."""
    if f.decimals is None or f.value is None or f.value == 0 or f.decimals <= -28:
        return False
    with localcontext() as ctx:  # enough digits that the remainder is exact for any fact
        ctx.prec = max(64, len(f.value.as_tuple().digits) + abs(f.decimals) + 4)
        try:
            return f.value % Decimal(1).scaleb(-f.decimals) != 0
        except InvalidOperation:
            return False


@dataclass(frozen=True)
class FactSet:
    """The facts of one concept in one context and unit, as one summation sees them."""

    facts: list[Fact]
    lo: Decimal | None = None  # the set's interval; None with `nil` or `problem`
    hi: Decimal | None = None
    nil: bool = False  # every fact is nil: the set has no value
    problem: str | None = None  # why the set cannot be used: inconsistent duplicates, excess digits

    @property
    def fact(self) -> Fact:
        """The fact a result shows for the set: the most precise one."""
        vals = [f for f in self.facts if f.value is not None] or self.facts
        return max(vals, key=lambda f: (f.decimals is None, f.decimals if f.decimals is not None else 0))

    @property
    def bounds(self) -> tuple[Decimal, Decimal]:
        """The interval of a set that is neither nil nor blocked by a problem."""
        if self.lo is None or self.hi is None:
            raise ValueError(f"a nil or unusable fact set has no interval ({self.problem or 'nil'})")
        return self.lo, self.hi


def fact_set(facts: list[Fact]) -> FactSet:
    if all(f.nil for f in facts):
        return FactSet(facts, nil=True)
    if any(f.nil for f in facts):
        return FactSet(facts, problem="nil and non-nil duplicate facts")
    excess = [f for f in facts if excess_digits(f)]
    if excess:
        return FactSet(
            facts,
            problem=f"excess digits: value {excess[0].raw} has digits below decimals "
            f"{excess[0].decimals_raw} (calc11e:excessDigits)",
        )
    by_decimals: dict[int | None, Decimal | None] = {}
    lo: Decimal | None = None
    hi: Decimal | None = None
    for f in facts:
        if f.decimals in by_decimals:
            if by_decimals[f.decimals] != f.value:
                return FactSet(facts, problem=f"inconsistent duplicate facts ({', '.join(sorted({x.raw or '' for x in facts}))})")
            continue
        by_decimals[f.decimals] = f.value
        a, b = interval(f)
        lo = a if lo is None else max(lo, a)
        hi = b if hi is None else min(hi, b)
    if lo is None or hi is None or lo > hi:
        return FactSet(facts, problem=f"inconsistent duplicate facts ({', '.join(sorted({x.raw or '' for x in facts}))})")
    return FactSet(facts, lo, hi)


def _rel(a: Arc, owner: str, weight: Decimal | None = None) -> RelationshipUsed:
    return RelationshipUsed(
        type="CALC",
        role=a.role,
        source=a.source,
        target=a.target,
        owner=owner,
        weight=format((weight if weight is not None else a.weight or Decimal(1)).normalize(), "f"),
        arc="summation-item",
    )


def _duplicate_arcs(data: FilingData, role: str, arcs: list[Arc]) -> list[CheckResult]:
    """One error per contributor linked more than once under this total in this link role."""
    out = []
    for a in arcs:
        if a.duplicates < 2:
            continue
        msg = (
            f"Duplicate summation-item relationships from total concept {a.source} to contributing concept "
            f"{a.target} in link role {role} ({a.duplicates} arcs; each one adds {a.target} to the sum)"
        )
        out.append(
            CheckResult(
                rule_id=RULE,
                sub_rule=DUPLICATE_ARCS,
                status="violation",
                concept=a.source,
                network=role,
                network_definition=data.roles[role].definition if role in data.roles else None,
                relationships=[_rel(a, data.filing_id, w) for w in a.weights],
                message=msg,
                reason="the Calculations 1.1 specification forbids duplicate relationships",
            )
        )
    return out


def check_calc11(graph: Graph, filing_id: str, concept: str | None = None, data: FilingData | None = None) -> list[CheckResult]:
    """Duplicate-arc errors per (role, total, contributor), then one result per bound summation (role, total, context, unit)."""
    data = data or load_filing_data(graph, filing_id)
    if refusal := data.refusal(RULE, RULE, concept):
        return [refusal]
    by_cu: dict[tuple[str, str, str | None], list[Fact]] = defaultdict(list)
    for f in data.facts:
        if f.nil or f.value is not None:  # a value that is not a number is not schema-valid: Arelle skips it
            by_cu[(f.concept_key, f.context_key, f.unit)].append(f)
    keys_of: dict[str, list[tuple[Any, ...]]] = defaultdict(list)
    for k in by_cu:
        keys_of[k[0]].append(k)
    children: dict[tuple[str, str], list[Arc]] = defaultdict(list)
    for a in data.calc:
        children[(a.role, a.source_key)].append(a)
    sets: dict[tuple[Any, ...], FactSet] = {}

    def set_of(key: tuple[Any, ...]) -> FactSet | None:
        if key not in by_cu:
            return None
        if key not in sets:
            sets[key] = fact_set(by_cu[key])
        return sets[key]

    out: list[CheckResult] = []
    for (role, pkey), arcs in children.items():
        if concept and concept not in (pkey, arcs[0].source, local(arcs[0].source)):
            continue
        out += _duplicate_arcs(data, role, arcs)
        definition = data.roles[role].definition if role in data.roles else None
        for _, ctx, unit in keys_of.get(pkey, []):
            items = [(a, s) for a in arcs if (s := set_of((a.target_key, ctx, unit))) is not None]
            if not items:
                continue  # not bound: no contributor reported in this context and unit
            total = set_of((pkey, ctx, unit))
            if total is None:
                continue  # keys_of only lists reported totals; kept for the type checker
            shown = total.fact
            base: dict[str, Any] = dict(
                rule_id=RULE,
                sub_rule=RULE,
                concept=shown.qname,
                period=shown.period_key,
                dimensions=shown.dim_strings,
                unit=unit,
                network=role,
                network_definition=definition,
                contexts=[shown.context_id or shown.context_key],
            )
            blocked = next(((a, s) for a, s in items if s.problem), None)
            valued = [(a, s) for a, s in items if not s.problem and not s.nil]
            if total.nil or (not valued and not blocked):
                continue  # a nil total, or contributors that are all nil: nothing to compare
            if total.problem:
                out.append(
                    CheckResult(
                        status="not_evaluable",
                        reported_value=shown.raw,
                        facts=[f.used("total") for f in total.facts],
                        reason=f"total: {total.problem}",
                        **base,
                    )
                )
                continue
            if blocked:
                a, s = blocked
                out.append(
                    CheckResult(
                        status="not_evaluable",
                        reported_value=shown.raw,
                        facts=[shown.used("total")] + [f.used("addend", a.weight) for f in s.facts],
                        reason=f"contributor {a.target}: {s.problem}",
                        **base,
                    )
                )
                continue
            lo = hi = point = Decimal(0)
            rels: list[RelationshipUsed] = []
            for a, s in valued:
                for w in a.weights:  # a duplicated arc adds its contributor once per relationship
                    s_lo, s_hi = s.bounds
                    y1, y2 = w * s_lo, w * s_hi
                    lo, hi = lo + min(y1, y2), hi + max(y1, y2)
                    point += w * s.fact.amount
                    rels.append(_rel(a, data.filing_id, w))
            t_lo, t_hi = total.bounds
            consistent = max(t_lo, lo) <= min(t_hi, hi)  # closed intervals (round-to-nearest)
            msg = (
                f"{shown.qname} = {shown.raw} (interval [{fmt(t_lo)}, {fmt(t_hi)}]) does not overlap the sum "
                f"of its contributors {fmt(point)} (interval [{fmt(lo)}, {fmt(hi)}]) in {role}, context "
                f"{shown.context_id}"
            )
            facts = [f.used("total") for f in total.facts] + [
                f.used("addend", w) for a, s in valued for w in a.weights for f in s.facts
            ]
            out.append(
                CheckResult(
                    status="ok" if consistent else "violation",
                    reported_value=shown.raw,
                    expected_value=fmt(point),
                    difference=fmt(shown.amount - point),
                    tolerance=f"[{fmt(lo)}, {fmt(hi)}]",
                    facts=facts,
                    relationships=rels,
                    message=msg if not consistent else "consistent",
                    reason=""
                    if consistent
                    else f"total {shown.qname}: computed {fmt(point)} (sum of contributors) vs reported {shown.raw}",
                    **base,
                )
            )
    return out


def _family_check(inp: RuleInput) -> list[CheckResult]:
    period = inp.scope.period  # a duplicate-arc error has no period: it stays in any period's scope
    results = check_calc11(inp.graph, inp.filing_id, inp.scope.concept, data=inp.data)
    return [r for r in results if period is None or r.period in (None, period)]


FAMILY = Rule(
    key="calc11",
    rule_id=RULE,
    name="XBRL Calculations 1.1 (as Arelle reports them)",
    codes=(RULE, DUPLICATE_ARCS),
    check=_family_check,
    years=(),
    forms=frozenset(),  # a property of any XBRL report
    scoped=True,
)
