"""Formula authority: which equation the claim is checked against, and its grounded operands.

Order (first that yields a complete formula wins):
  1. an explicit operation in the question ("revenue minus cost of sales");
  2. the filing's own calculation relationships under the requested total (children, weights);
  3. the registry's definition of the metric;
  4. an explicit definition in the filing text: not available (the graph holds no filing text).
A reported fact of the metric's own concept is always added as `filed-fact` (value == fact), so
a computed total must also agree with the total the filer reported. Incomplete authority ->
Abstain naming the missing requirement.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from auditgraph.verifier import formula as fx
from auditgraph.verifier.check import Authorised
from auditgraph.verifier.ground import Grounded, Grounder
from auditgraph.verifier.registry import Registry
from auditgraph.verifier.types import AbstainReason, Binding, Formula, Plan, Unit

PLAUSIBLE_RELATIVE = Decimal("0.05")  # label-matched operands must be within 5% of the planner's reading


@dataclass(frozen=True)
class Established:
    bindings: tuple[Binding, ...]
    formulas: tuple[Formula, ...]
    authorised: tuple[Authorised, ...]
    notes: tuple[str, ...]


@dataclass(frozen=True)
class NotEstablished:
    reason: AbstainReason
    message: str


def establish(plan: Plan, grounder: Grounder, registry: Registry) -> Established | NotEstablished:
    if plan.explicit_formula:
        return _explicit(plan, grounder, registry)
    notes: list[str] = []
    bindings: list[Binding] = []
    formulas: list[tuple[Formula, fx.Expr]] = []
    target: Grounded | None = None
    calc_formulas: list[tuple[Formula, fx.Expr, list[Binding]]] = []
    unit = plan.unit if plan.unit is not Unit.RATIO else None
    for qname in plan.target_concepts:
        calc_formulas, calc_notes = _calc(qname, grounder, unit)
        got = grounder.ground(qname, [qname], unit, "target")
        target = got if isinstance(got, Grounded) else None
        if calc_formulas or target:
            notes += calc_notes
            break
        notes += calc_notes + [got.requirement]
    if calc_formulas:
        for f, expr, bs in calc_formulas:
            formulas.append((f, expr))
            bindings += bs
    elif plan.registry_formula:
        reg = _registry(plan, grounder, registry)
        if isinstance(reg, str):
            notes.append(reg)
        else:
            formulas.append(reg[0])
            bindings += reg[1]
            notes += reg[2]
    if target:
        bindings += target.bindings
        formulas.append((Formula(target.concept, "filed-fact", target.concept, (target.concept,)), fx.Ref(target.concept)))
    if not formulas:
        if not plan.target_concepts and not plan.registry_formula:
            return NotEstablished(AbstainReason.FORMULA_INCOMPLETE,
                                  f"no authority defines {plan.target_label}: no calculation, registry formula or reported concept")
        return NotEstablished(AbstainReason.OPERAND_UNGROUNDED, "; ".join(dict.fromkeys(notes)))
    authorised = tuple(Authorised(f"formula:{f.source}:{i}", e) for i, (f, e) in enumerate(formulas, 1))
    unique = tuple({(b.role, b.fact_id): b for b in bindings}.values())  # a child shared by two networks binds once
    return Established(unique, tuple(f for f, _ in formulas), authorised, tuple(notes))


def _calc(qname: str, grounder: Grounder, unit: Unit | None) -> tuple[list[tuple[Formula, fx.Expr, list[Binding]]], list[str]]:
    """Every distinct, fully grounded child set the filing declares under `qname`."""
    networks = grounder.calc(qname)
    seen: set[frozenset[tuple[str, Decimal]]] = set()
    out, notes = [], []
    for role_uri, children in networks.items():
        key = frozenset(children)
        if key in seen:
            continue
        seen.add(key)
        bindings: list[Binding] = []
        missing = None
        for child, _ in children:
            g = grounder.ground(child, [child], unit, "calc")
            if not isinstance(g, Grounded):
                missing = g.requirement
                break
            bindings += g.bindings
        if missing:
            notes.append(f"filing calculation {role_uri} under {qname} is incomplete: {missing}")
            continue
        expr = fx.weighted_sum([(w, c) for c, w in children])
        out.append((Formula(fx.render(expr), "filing-calc", role_uri, tuple(c for c, _ in children)), expr, bindings))
    return out, notes


def _registry(plan: Plan, grounder: Grounder, registry: Registry):
    assert plan.registry_formula
    expr = fx.parse(plan.registry_formula)
    bindings: list[Binding] = []
    zeros: dict[str, str] = {}
    notes: list[str] = []
    for op in plan.registry_operands:
        entry = registry.concepts.get(op.role)
        g = grounder.ground(op.role, op.candidates, entry.unit if entry else None, "registry")
        if isinstance(g, Grounded):
            bindings += g.bindings
        elif op.optional:
            zeros[op.role] = "0"
            notes.append(f"{op.role} is not reported for the period; counted as 0 as the registry allows")
        else:
            return f"registry formula {plan.registry_formula} ({plan.registry_source}) is incomplete: {g.requirement}"
    if zeros:
        expr = _zero(expr, set(zeros))
    roles = tuple(fx.roles(expr))
    formula = Formula(fx.render(expr), "registry", plan.registry_source or "registry", roles)
    return (formula, expr), bindings, notes


def _zero(expr: fx.Expr, roles: set[str]) -> fx.Expr:
    if isinstance(expr, fx.Ref):
        return fx.Num(Decimal(0)) if expr.role in roles else expr
    if isinstance(expr, fx.Neg):
        return fx.Neg(_zero(expr.arg, roles))
    if isinstance(expr, fx.Bin):
        return fx.Bin(expr.op, _zero(expr.left, roles), _zero(expr.right, roles))
    return expr


def _explicit(plan: Plan, grounder: Grounder, registry: Registry) -> Established | NotEstablished:
    assert plan.explicit_formula
    bindings: list[Binding] = []
    for op in plan.operands:
        entry = registry.concepts.get(op.role) or registry.concept_for_qname(op.candidates[0] if op.candidates else "")
        g = grounder.ground(op.role, op.candidates, entry.unit if entry else None, op.stage)
        if not isinstance(g, Grounded):
            return NotEstablished(AbstainReason.OPERAND_UNGROUNDED, g.requirement)
        if op.stage == "label" and op.extracted_value is not None:
            filed = g.bindings[0].value
            if abs(filed - op.extracted_value) > abs(filed) * PLAUSIBLE_RELATIVE:
                return NotEstablished(AbstainReason.OPERAND_UNGROUNDED,
                                      f"{op.role}: label-matched {g.concept} is {filed}, implausibly far from the planner's reading {op.extracted_value}")
        bindings += g.bindings
    expr = fx.parse(plan.explicit_formula)
    formula = Formula(plan.explicit_formula, "question", plan.target_label, tuple(fx.roles(expr)))
    return Established(tuple(bindings), (formula,), (Authorised("formula:question:1", expr),), ())
