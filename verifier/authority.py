"""Formula authority: which equation the claim is checked against, and its grounded operands.

Order (first that yields a complete formula wins):
  1. an explicit operation in the question ("revenue minus cost of sales");
  2. the filing's own calculation relationships under the requested total (children, weights);
  3. the registry's definition of the metric;
  4. an explicit definition in the filing text (textdef.py): a text-block sentence that defines
     the target term as a sum/difference of phrases, each mapped to a concept through the
     registry, then a guarded label match, and grounded like any operand (`filing-text`, with the
     text fact id and the sentence). Consulted only when 1-3 give no complete formula.
A reported fact of the metric's own concept is always added as `filed-fact` (value == fact), so
a computed total must also agree with the total the filer reported. Incomplete authority ->
Abstain naming the missing requirement; two different text definitions -> `formula_ambiguous`.
When the filer reports the metric itself, a text definition that cannot be used is only noted:
the reported fact already decides.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from auditgraph.verifier import formula as fx
from auditgraph.verifier.check import Authorised
from auditgraph.verifier.ground import Grounded, Grounder
from auditgraph.verifier.plan import LabelLookup, alias_hits, best_label, tokens
from auditgraph.verifier.registry import Registry
from auditgraph.verifier.textdef import MAX_TERMS, FilingText, TextDefinition
from auditgraph.verifier.types import AbstainReason, Binding, Formula, OperandSpec, Plan, Unit
from auditgraph.verifier.vocabulary import role_name

PLAUSIBLE_RELATIVE = Decimal("0.05")  # label-matched operands must be within 5% of the planner's reading
# A text term has no planner reading to check a label match against; it may match a label with at
# most this many extra content words ("commercial paper" -> "Commercial Paper", not "debt" -> any
# "Debt ..." concept), and a tie between labels leaves the term unmapped.
TEXT_LABEL_SURPLUS = 2


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


def establish(
    plan: Plan, grounder: Grounder, registry: Registry, text: FilingText | None = None, labels: LabelLookup | None = None
) -> Established | NotEstablished:
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
        if calc_formulas or isinstance(got, Grounded):
            notes += calc_notes
            break
        notes += calc_notes + [got.requirement]
    # a non-GAAP measure filers define themselves (net debt, EBITDA, free cash flow) is what the filer
    # says it is: its own text definition, when it gives one, comes before the registry's convention
    metric = registry.metrics.get(plan.target.removeprefix("metric:"))
    own_words = bool(metric and metric.filer_defined)
    if not calc_formulas and own_words and text is not None and plan.terms and plan.unit is not Unit.RATIO:
        found = _text(plan, grounder, registry, text, labels)
        if found is not None and not isinstance(found, NotEstablished):
            formulas.append(found[0])
            bindings += found[1]
            notes.append(f"the filing text defines {plan.target_label}; the registry's {plan.registry_source} is not used")
    if formulas:  # the filer's own definition stands
        pass
    elif calc_formulas:
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
    if not formulas and text is not None and plan.terms and plan.unit is not Unit.RATIO:
        found = _text(plan, grounder, registry, text, labels)
        if isinstance(found, NotEstablished):
            if not target:
                return NotEstablished(found.reason, "; ".join(dict.fromkeys([*notes, found.message])))
            notes.append(f"{found.message} (the reported {target.concept} decides)")
        elif found is not None:
            formulas.append(found[0])
            bindings += found[1]
    if target:
        bindings += target.bindings
        formulas.append((Formula(target.concept, "filed-fact", target.concept, (target.concept,)), fx.Ref(target.concept)))
    if not formulas:
        if not plan.target_concepts and not plan.registry_formula:
            return NotEstablished(
                AbstainReason.FORMULA_INCOMPLETE,
                f"no authority defines {plan.target_label}: no calculation, registry formula or reported concept",
            )
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


def _registry(
    plan: Plan, grounder: Grounder, registry: Registry
) -> tuple[tuple[Formula, fx.Expr], list[Binding], list[str]] | str:
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


def _text(
    plan: Plan, grounder: Grounder, registry: Registry, text: FilingText, labels: LabelLookup | None
) -> tuple[tuple[Formula, fx.Expr], list[Binding]] | NotEstablished | None:
    """The filing text's definition of the target as ((formula, expr), bindings), None when the
    text defines nothing usable, or NotEstablished (two definitions, a term that cannot be grounded)."""
    mapped: dict[tuple[tuple[int, tuple[str, ...] | str], ...], tuple[TextDefinition, list[tuple[int, OperandSpec]] | str]] = {}
    for d in text.defining(plan.terms):
        terms = text_terms(d, registry, labels, plan.unit)
        if isinstance(terms, str) and len(d.chunks) == 1:
            continue  # "X is defined as <one phrase that is no line item>": prose, not a formula
        key = (
            tuple(sorted((s, o.candidates) for s, o in terms))
            if not isinstance(terms, str)
            else tuple(sorted((s, " ".join(sorted(tokens(p)))) for s, p in d.chunks))
        )
        mapped.setdefault(key, (d, terms))  # the same definition repeated in two text blocks is one
    if not mapped:
        return None
    if len(mapped) > 1:
        shown = "; ".join(f'fact {d.fact_id} ({d.concept}): "{d.sentence}"' for d, _ in mapped.values())
        return NotEstablished(
            AbstainReason.FORMULA_AMBIGUOUS,
            f"the filing text defines {plan.target_label} in {len(mapped)} different ways: {shown}; "
            "ask with an explicit operation",
        )
    d, terms = next(iter(mapped.values()))
    where = f'the filing text\'s definition of {plan.target_label} (fact {d.fact_id}: "{d.sentence}")'
    if isinstance(terms, str):
        return NotEstablished(AbstainReason.OPERAND_UNGROUNDED, f"{where} is only partly grounded: {terms}")
    bindings: list[Binding] = []
    for _, op in terms:
        entry = registry.concepts.get(op.role)
        g = grounder.ground(op.role, op.candidates, entry.unit if entry else plan.unit, "filing-text")
        if not isinstance(g, Grounded):
            return NotEstablished(AbstainReason.OPERAND_UNGROUNDED, f"{where} is only partly grounded: {g.requirement}")
        bindings += g.bindings
    expr = fx.weighted_sum([(Decimal(sign), op.role) for sign, op in terms])
    formula = Formula(fx.render(expr), "filing-text", d.fact_id, tuple(fx.roles(expr)), evidence=d.sentence)
    return (formula, expr), bindings


def text_terms(
    d: TextDefinition, registry: Registry, labels: LabelLookup | None, unit: Unit
) -> list[tuple[int, OperandSpec]] | str:
    """Each signed phrase of a definition as an operand, or why one cannot be mapped.

    A phrase maps as a whole first; otherwise a list ("A, B and C") maps item by item, all items
    taking the phrase's sign."""
    out: list[tuple[int, OperandSpec]] = []
    for sign, phrase in d.chunks:
        whole = map_term(phrase, registry, labels)
        if isinstance(whole, OperandSpec):
            out.append((sign, whole))
            continue
        items = [x for x in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", phrase) if x.strip()]
        parts = [map_term(x, registry, labels) for x in items] if len(items) > 1 else []
        if not parts or any(isinstance(p, str) for p in parts):
            return f"term {phrase!r}: {whole}"
        out += [(sign, p) for p in parts if isinstance(p, OperandSpec)]
    if len(out) > MAX_TERMS:
        return f"{len(out)} terms, more than the {MAX_TERMS} a definition may have"
    if len({o.role for _, o in out}) < len(out):
        return "two of its terms name the same concept"
    for _, o in out:
        entry = registry.concepts.get(o.role)
        if entry and entry.unit is not unit:
            return f"term {o.term!r} is measured in {entry.unit.value} units, the definition's total in {unit.value} units"
    return out


def map_term(phrase: str, registry: Registry, labels: LabelLookup | None) -> OperandSpec | str:
    """A phrase of filing text -> the concepts that may fill it: registry concept mappings, then a
    label match (unique, at most TEXT_LABEL_SURPLUS extra words)."""
    if not tokens(phrase):
        return "no content words"
    hits = set()
    for _, kind, ident in alias_hits(registry.aliases(), phrase):
        cid = ident if kind == "concept" else registry.metrics[ident].concept
        if cid:
            hits.add(cid)
    if len(hits) == 1:
        c = registry.concepts[hits.pop()]
        return OperandSpec(c.id, phrase, c.candidates, stage="registry")
    if len(hits) > 1:
        return f"matches several registry concepts ({', '.join(sorted(hits))})"
    if labels is None:
        return "not a registry concept, and no concept labels to match"
    qname, surplus, how = best_label(phrase, labels)
    if qname is None or surplus is None:
        return how
    if surplus > TEXT_LABEL_SURPLUS:
        return f"the closest label ({qname}) has {surplus} words the phrase lacks; too loose to stand for it"
    return OperandSpec(role_name(qname), phrase, (qname,), stage="label")


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
                return NotEstablished(
                    AbstainReason.OPERAND_UNGROUNDED,
                    f"{op.role}: label-matched {g.concept} is {filed}, implausibly far from the planner's reading {op.extracted_value}",
                )
        bindings += g.bindings
    expr = fx.parse(plan.explicit_formula)
    formula = Formula(plan.explicit_formula, "question", plan.target_label, tuple(fx.roles(expr)))
    return Established(tuple(bindings), (formula,), (Authorised("formula:question:1", expr),), ())
