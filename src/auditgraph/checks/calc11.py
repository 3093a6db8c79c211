"""XBRL Calculations 1.1 (round-to-nearest) over the filing's whole calculation linkbase.

Each fact stands for the interval of values that round to it: v +/- 1/2 * 10^-d (a point for
INF). A summation binds a total to the contributors in the same context and unit; it is
inconsistent when the total's interval and the weighted sum of the contributors' intervals do
not overlap. Consistent duplicates use the most precise fact; inconsistent duplicates make the
summation not evaluable; a summation with no contributor fact is not bound. Reported
separately from DQC.US.0126 (which uses decimals-based tolerances on statement networks only).
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from auditgraph.checks.filing_data import Arc, Fact, FilingData, load_filing_data, local
from auditgraph.checks.numbers import fmt
from auditgraph.checks.result import CheckResult, RelationshipUsed
from auditgraph.graph import Graph

RULE = "CALC11"
HALF = Decimal("0.5")


def interval(f: Fact) -> tuple[Decimal, Decimal]:
    if f.decimals is None:
        return f.value, f.value
    half = HALF * Decimal(1).scaleb(-f.decimals)
    return f.value - half, f.value + half


def _one(facts: list[Fact]) -> Fact | None:
    """The fact a summation uses among duplicates: the most precise; None when they disagree."""
    if len(facts) == 1:
        return facts[0]
    ivs = [interval(f) for f in facts]
    if max(lo for lo, _ in ivs) > min(hi for _, hi in ivs) or any(f.duplicate == "inconsistent" for f in facts):
        return None
    return max(facts, key=lambda f: (f.decimals is None, f.decimals or 0))


def check_calc11(graph: Graph, filing_id: str, concept: str | None = None,
                 data: FilingData | None = None) -> list[CheckResult]:
    """One result per bound summation (role, total, context, unit)."""
    data = data or load_filing_data(graph, filing_id)
    if refusal := data.refusal(RULE, RULE, concept):
        return [refusal]
    by_cu: dict[tuple[str, str, str | None], list[Fact]] = defaultdict(list)
    for f in data.facts:
        if not f.nil and f.value is not None:
            by_cu[(f.concept_key, f.context_key, f.unit)].append(f)
    keys_of: dict[str, list[tuple]] = defaultdict(list)
    for k in by_cu:
        keys_of[k[0]].append(k)
    children: dict[tuple[str, str], list[Arc]] = defaultdict(list)
    for a in data.calc:
        children[(a.role, a.source_key)].append(a)
    out: list[CheckResult] = []
    for (role, pkey), arcs in children.items():
        if concept and concept not in (pkey, arcs[0].source, local(arcs[0].source)):
            continue
        for (ck, ctx, unit), totals in ((k, by_cu[k]) for k in keys_of.get(pkey, [])):
            total = _one(totals)
            base = dict(rule_id=RULE, sub_rule=RULE, concept=totals[0].qname, period=totals[0].period_key,
                        dimensions=totals[0].dim_strings, unit=unit, network=role,
                        network_definition=data.roles[role].definition if role in data.roles else None)
            if total is None:
                out.append(CheckResult(status="not_evaluable", reported_value=totals[0].raw,
                                       facts=[f.used("total") for f in totals],
                                       reason="inconsistent duplicate totals", **base))
                continue
            lo, hi, s, used, refuse = Decimal(0), Decimal(0), Decimal(0), [], None
            for a in arcs:
                cands = by_cu.get((a.target_key, ctx, unit))
                if not cands:
                    continue
                c = _one(cands)
                if c is None:
                    refuse = f"inconsistent duplicate facts for contributor {a.target}"
                    break
                w = a.weight or Decimal(1)
                clo, chi = interval(c)
                lo, hi = (lo + w * clo, hi + w * chi) if w >= 0 else (lo + w * chi, hi + w * clo)
                s += w * c.value
                used.append((a, c))
            if refuse:
                out.append(CheckResult(status="not_evaluable", reported_value=total.raw, reason=refuse, **base))
                continue
            if not used:
                continue  # not bound: no contributor reported in this context and unit
            tlo, thi = interval(total)
            consistent = not (thi < lo or hi < tlo)
            rels = [RelationshipUsed(type="CALC", role=role, source=a.source, target=a.target, owner=data.filing_id,
                                     weight=format((a.weight or Decimal(1)).normalize(), "f")) for a, _ in used]
            msg = (f"{total.qname} = {total.raw} (interval [{fmt(tlo)}, {fmt(thi)}]) does not overlap the sum of its "
                   f"contributors {fmt(s)} (interval [{fmt(lo)}, {fmt(hi)}]) in {role}, context {total.context_id}")
            out.append(CheckResult(status="ok" if consistent else "violation", reported_value=total.raw,
                                   expected_value=fmt(s), difference=fmt(total.value - s),
                                   tolerance=f"[{fmt(lo)}, {fmt(hi)}]",
                                   facts=[total.used("total")] + [c.used("addend", a.weight) for a, c in used],
                                   contexts=[total.context_id or total.context_key], relationships=rels,
                                   message=msg if not consistent else "consistent", **base))
    return out
