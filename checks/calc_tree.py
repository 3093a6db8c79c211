"""DQC.US.0126.9590 "FS Calculation Check with Non-Dimensional Data".

Official logic (docs/dqc.md): statement networks ("- Statement -" roles without a statement cube
and without excluded URI words); fs_decimals = the most frequent decimals of the parents'
non-dimensional facts; total = the parent's non-dimensional current-period fact with
decimals = fs_decimals; each child contributes one aligned fact (decimals = fs_decimals, else the
first >= fs_decimals, else the first below); error when
|round(total,d) - round(sum,d)| > (n+1)*10^-d, d = min(decimals of total, decimals of sum).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from decimal import Decimal
from typing import Any

from auditgraph.checks.filing_data import Arc, Fact, FilingData, distinct_values, load_filing_data, local
from auditgraph.checks.result import CheckResult, RelationshipUsed, Status
from auditgraph.checks.rule_data import CALC_URI_EXCLUSIONS, applies_to_form
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import dround, fmt, fmt_decimals, min_decimals, unit_step
from auditgraph.graph import Graph

RULE = "DQC.US.0126"
SUB = "DQC.US.0126.9590"


def statement_roles(data: FilingData) -> list[str]:
    """Calculation networks the rule looks at, by role URI."""
    out = []
    for uri, role in data.roles.items():
        if "- statement -" not in role.definition.lower() or not role.has_calc or role.has_cube:
            continue
        if any(word in uri.lower() for word in CALC_URI_EXCLUSIONS):
            continue
        out.append(uri)
    return out


def fs_decimals(facts: list[Fact]) -> int | None:
    """Most frequent decimals; ties go to the lower (coarser) decimals, INF counts as its own value."""
    counts = Counter(f.decimals_raw for f in facts if f.value is not None and f.decimals_raw is not None)
    if not counts:
        return None
    best = max(counts.values())
    tied = [d for d, c in counts.items() if c == best]
    finite = sorted(int(d) for d in tied if d.upper() != "INF")
    return finite[0] if finite else None


def _nondim(facts: list[Fact]) -> list[Fact]:
    return [f for f in facts if not f.dims and not f.nil]


def _pick_child(cands: list[Fact], fsd: int | None) -> tuple[list[Fact], str]:
    """The tier the rule takes a child value from; the caller refuses when it holds different values."""
    if fsd is None:
        return cands, "any"
    eq = [f for f in cands if f.decimals == fsd]
    if eq:
        return eq, "decimals = fs_decimals"
    ge = [f for f in cands if f.decimals is None or f.decimals >= fsd]
    if ge:
        return ge[:1] if len(distinct_values(ge)) == 1 else ge, "decimals >= fs_decimals"
    return cands, "decimals < fs_decimals"


def _rel(a: Arc, owner: str) -> RelationshipUsed:
    return RelationshipUsed(
        type="CALC",
        role=a.role,
        source=a.source,
        target=a.target,
        owner=owner,
        weight=format((a.weight or Decimal(1)).normalize(), "f"),
        arc="summation-item",
    )


def _evaluate(data: FilingData, role: str, parent_key: str, arcs: list[Arc], total: Fact, fsd: int | None) -> CheckResult:
    definition = data.roles[role].definition if role in data.roles else None
    base: dict[str, Any] = dict(
        rule_id=RULE,
        sub_rule=SUB,
        concept=total.qname,
        reported_value=total.raw,
        period=total.period_key,
        unit=total.unit,
        network=role,
        network_definition=definition,
        relationships=[_rel(a, data.filing_id) for a in arcs],
    )
    addends: list[tuple[Decimal, Arc, Fact]] = []  # (weight, arc, fact), once per relationship
    for a in arcs:
        cands = [
            f for f in _nondim(data.by_concept.get(a.target_key, [])) if f.period_key == total.period_key and f.unit == total.unit
        ]
        if not cands:
            continue
        tier, how = _pick_child(cands, fsd)
        if len(distinct_values(tier)) > 1 or any(f.duplicate == "inconsistent" for f in tier):
            vals = ", ".join(sorted({f.raw or "nil" for f in tier}))
            return CheckResult(
                status="not_evaluable",
                facts=[total.used("total")] + [f.used("addend") for f in tier],
                reason=f"inconsistent duplicate facts for child {a.target} ({vals}, {how}); the rule cannot pick one",
                **base,
            )
        # A repeated arc is two relationships: the official rule navigates children as a list, so it
        # adds the child (and counts it for the tolerance) once per relationship.
        addends += [(w, a, tier[0]) for w in a.weights]
    if not addends:
        return CheckResult(
            status="not_evaluable",
            facts=[total.used("total")],
            reason="skipped by the rule: no child of the calculation has a value",
            **base,
        )
    if any(local(a.target) == "LiabilitiesSubjectToCompromise" for _, a, _ in addends) and data.chapter11:
        return CheckResult(
            status="not_evaluable",
            facts=[total.used("total")],
            reason="skipped by the rule: LiabilitiesSubjectToCompromise with a Chapter 11 text block",
            **base,
        )
    total_sum = sum((w * f.amount for w, _, f in addends), Decimal(0))
    d_sum = min_decimals([f.decimals for _, _, f in addends])  # INF addends do not limit the sum
    d_tot = total.decimals
    d = d_sum if d_tot is None else (d_tot if d_sum is None else min(d_tot, d_sum))
    n = len(addends)
    tol = (n + 1) * unit_step(d) if d is not None else Decimal(0)
    diff = dround(total.amount, d) - dround(total_sum, d)
    facts = [total.used("total")] + [f.used("addend", w) for w, _, f in addends]
    lines = "; ".join(f"{'+' if w > 0 else '-'} {a.target} {f.raw}" for w, a, f in addends)
    status: Status = "violation" if abs(diff) > tol else "ok"
    msg = (
        f"{definition or role}: {total.qname} reported {total.raw} but its calculation children sum to "
        f"{fmt(total_sum)} (difference {fmt(diff)}, tolerance {fmt(tol)}, decimals {fmt_decimals(d)}). "
        f"Children: {lines}. Period {total.period_key}; unit {total.unit}."
    )
    return CheckResult(
        status=status,
        expected_value=fmt(total_sum),
        difference=fmt(diff),
        tolerance=fmt(tol),
        decimals=fmt_decimals(d),
        facts=facts,
        contexts=sorted({f.context_id or f.context_key for f in [total] + [x for _, _, x in addends]}),
        message=msg if status == "violation" else f"{total.qname} = {fmt(total_sum)} within {fmt(tol)}",
        **base,
    )


def _is_current(f: Fact, current: tuple[Any, ...] | None) -> bool:
    assert current is not None  # the caller passes a period or has the current one
    start, end = current
    if f.kind == "instant":
        return bool(f.end == end)
    return f.kind == "duration" and f.start == start and f.end == end


def check_calc_tree(
    graph: Graph,
    filing_id: str,
    concept: str | None = None,
    whole_tree: bool = False,
    period: str | None = None,
    data: FilingData | None = None,
) -> list[CheckResult]:
    """One result per (statement network, parent total); `whole_tree` adds every descendant of `concept`.

    `period` (a Period key) replaces the rule's current-period selection, for questions about
    earlier periods; the official rule only checks the current period.
    """
    data = data or load_filing_data(graph, filing_id)
    if refusal := data.refusal(RULE, SUB, concept):
        return [refusal]

    def ne(reason: str) -> list[CheckResult]:
        return [CheckResult(rule_id=RULE, sub_rule=SUB, status="not_evaluable", reason=reason, concept=concept, message=reason)]

    if not applies_to_form("0126", data.document_type):
        return ne(f"DQC.US.0126 does not run on DocumentType {data.document_type!r} (official rule-form-lookup)")
    current = data.current_period()
    if current is None and period is None:
        return ne("the filing has no dei:DocumentPeriodEndDate or DocumentType fact to fix the current period")
    roles = statement_roles(data)
    arcs_by_role: dict[str, dict[str, list[Arc]]] = defaultdict(lambda: defaultdict(list))
    for a in data.calc:
        if a.role in roles:
            arcs_by_role[a.role][a.source_key].append(a)
    wanted: set[str] | None = None
    if concept:
        keys = {
            k
            for role in arcs_by_role.values()
            for k, arcs in role.items()
            if arcs[0].source == concept or k == concept or local(arcs[0].source) == concept
        }
        if not keys:
            return ne(
                f"{concept} is not a calculation total in a network DQC.US.0126 checks in {filing_id!r} "
                '("- Statement -" roles without a dimensional cube or excluded URI words)'
            )
        wanted = set(keys)
        if whole_tree:
            frontier = list(keys)
            while frontier:  # descendants within the statement networks; visited set stops cycles
                k = frontier.pop()
                for role_arcs in arcs_by_role.values():
                    for a in role_arcs.get(k, []):
                        if a.target_key in role_arcs and a.target_key not in wanted:
                            wanted.add(a.target_key)
                            frontier.append(a.target_key)
    out: list[CheckResult] = []
    for role, parents in arcs_by_role.items():
        fsd = fs_decimals([f for k in parents for f in _nondim(data.by_concept.get(k, []))])
        for pkey, arcs in parents.items():
            if wanted is not None and pkey not in wanted:
                continue
            totals = [
                f
                for f in _nondim(data.by_concept.get(pkey, []))
                if f.decimals == fsd and (f.period_key == period if period else _is_current(f, current))
            ]
            if not totals and wanted is not None:
                out += [
                    CheckResult(
                        rule_id=RULE,
                        sub_rule=SUB,
                        status="not_evaluable",
                        concept=arcs[0].source,
                        network=role,
                        reason=f"no non-dimensional {'fact for ' + period if period else 'current-period fact'} "
                        f"with decimals = fs_decimals ({fmt_decimals(fsd)})",
                    )
                ]
            by_unit: dict[str | None, list[Fact]] = defaultdict(list)
            for f in totals:
                by_unit[f.unit].append(f)
            for unit, group in by_unit.items():
                if len(distinct_values(group)) > 1 or any(f.duplicate == "inconsistent" for f in group):
                    out.append(
                        CheckResult(
                            rule_id=RULE,
                            sub_rule=SUB,
                            status="not_evaluable",
                            concept=group[0].qname,
                            network=role,
                            period=group[0].period_key,
                            unit=unit,
                            facts=[f.used("total") for f in group],
                            reason="inconsistent duplicate totals; the rule cannot pick one",
                        )
                    )
                    continue
                out.append(_evaluate(data, role, pkey, arcs, group[0], fsd))
    return out


def _family_check(inp: RuleInput) -> list[CheckResult]:
    return check_calc_tree(inp.graph, inp.filing_id, inp.scope.concept, period=inp.scope.period, data=inp.data)


FAMILY = Rule(
    key="0126",
    rule_id=RULE,
    name="Calculation Inconsistency (filer's calculation tree)",
    codes=(SUB,),
    check=_family_check,
    years=(),  # reads only the filing
    forms=frozenset(),  # the official form lookup is applied by check_calc_tree
    scoped=True,
)
