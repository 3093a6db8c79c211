"""DQC.US.0168: the income tax reconciliation is reported without its calculation, or with the wrong weights.

- 10096 (10-K, 10-KT and 20-F only): the filing reports the statutory rate line of the percentage reconciliation
  (EffectiveIncomeTaxRateReconciliationAtFederalStatutoryIncomeTaxRate) and the effective rate
  (EffectiveIncomeTaxRateContinuingOperations) for the same period and unit, without dimensions, but no calculation
  of the filing has the statutory line under the effective rate, and the filing has no monetary reconciliation
  calculation either (IncomeTaxReconciliationIncomeTaxExpenseBenefitAtFederalStatutoryIncomeTaxRate under
  IncomeTaxExpenseBenefit). One finding per statutory-rate fact, naming it.
- 10097: the same for the monetary reconciliation (the statutory amount and IncomeTaxExpenseBenefit), when the
  filing has no percentage reconciliation calculation.
  A fact of the filer's extension element TaxReconciliationNotRequired waives both.
- 10098 (every form): a calculation arc below EffectiveIncomeTaxRateContinuingOperations in the filing whose weight
  differs from us-gaap's effective weight between the same two concepts (the sum over the paths of us-gaap's
  networks of the product of the weights; 0 when us-gaap's networks disagree or join them by no path). Arcs with an
  element outside us-gaap are not compared. One finding per arc, naming no fact.

"Below" is a descendant in one calculation network (role) of the filing. Duplicate facts count once, as the engine
reads them (the same value at lower precision is the same fact). Descendants and weights are exact Decimals.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterable, Iterator
from decimal import Decimal

from auditgraph.checks.dqc._common import engine_facts
from auditgraph.checks.filing_data import Fact, FilingData
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput, fact_violation

RULE = "DQC.US.0168"
RATE, RATE_STAT = (
    "EffectiveIncomeTaxRateContinuingOperations",
    "EffectiveIncomeTaxRateReconciliationAtFederalStatutoryIncomeTaxRate",
)
TAX, TAX_STAT = "IncomeTaxExpenseBenefit", "IncomeTaxReconciliationIncomeTaxExpenseBenefitAtFederalStatutoryIncomeTaxRate"
ANNUAL_FORMS = frozenset(("10-K", "10-KT", "20-F"))
WEIGHT_QUERY = "dqc.dqc_0168_usgaap_calc"
WAIVER_QUERY = "dqc.dqc_0168_waiver"
Network = dict[str, list[tuple[str, Decimal]]]  # parent key -> [(child key, weight)] in one role


def gaap(year: int | None, name: str) -> str:
    return f"http://fasb.org/us-gaap/{year}#{name}"


def networks(arcs: Iterable[tuple[str, str, str, Decimal]]) -> dict[str, Network]:
    """(role, parent, child, weight) rows -> role -> parent -> children."""
    out: dict[str, Network] = defaultdict(lambda: defaultdict(list))
    for role, parent, child, weight in arcs:
        out[role][parent].append((child, weight))
    return out


def walk(net: Network, top: str, seen: tuple[str, ...] = ()) -> Iterator[tuple[str, str, Decimal]]:
    """Every arc below `top` in one network, once per path that reaches it (a concept already on the path ends it),
    as the engine's descendant navigation lists them."""
    for child, weight in net.get(top, []):
        if child in seen or child == top:
            continue
        yield top, child, weight
        yield from walk(net, child, (*seen, top))


def below(nets: dict[str, Network], top: str) -> list[tuple[str, str, str, Decimal]]:
    """(role, parent, child, weight) of every arc below `top`, network by network."""
    return [(role, p, c, w) for role, net in sorted(nets.items()) for p, c, w in walk(net, top)]


def path_weights(net: Network, top: str, bottom: str, seen: tuple[str, ...] = ()) -> list[Decimal]:
    """The product of the weights along each path from top to bottom (cycles skipped)."""
    out: list[Decimal] = []
    for child, weight in net.get(top, []):
        if child in seen or child == top:
            continue
        if child == bottom:
            out.append(weight)
        else:
            out += [weight * w for w in path_weights(net, child, bottom, (*seen, top))]
    return out


def effective_weight(base: dict[str, Network], top: str, bottom: str) -> Decimal:
    """us-gaap's weight of `bottom` in `top`: in each network where top has children and bottom a parent, the sum
    over its paths (0 without one); the value when every such network agrees, else (or with none) 0."""
    weights = set()
    for net in base.values():
        if net.get(top) and any(c == bottom for kids in net.values() for c, _ in kids):
            weights.add(sum(path_weights(net, top, bottom), Decimal(0)))
    return next(iter(weights)) if len(weights) == 1 else Decimal(0)


def in_usgaap(key: str, year: int | None) -> bool:
    """Concepts the us-gaap calculation set knows: us-gaap, us-gaap-ebp and srt of the filing's year."""
    ns = key.split("#", 1)[0]
    return ns in (f"http://fasb.org/us-gaap/{year}", f"http://fasb.org/us-gaap-ebp/{year}", f"http://fasb.org/srt/{year}")


def reconciliation_gaps(inp: RuleInput, nets: dict[str, Network]) -> list[CheckResult]:
    """10096 and 10097: a statutory line and its total, aligned, with neither reconciliation calculated."""
    data, year = inp.data, inp.year
    forms = {r["value"] for r in data.dei if r["name"] == "DocumentType" and not r["dimensional"]}
    if not forms & ANNUAL_FORMS or inp.rows(WAIVER_QUERY):
        return []
    calculated = {total: {c for _, _, c, _ in below(nets, gaap(year, total))} for total in (RATE, TAX)}
    rate_calc = gaap(year, RATE_STAT) in calculated[RATE]
    tax_calc = gaap(year, TAX_STAT) in calculated[TAX]
    out: list[CheckResult] = []
    if not rate_calc and not tax_calc:
        out += aligned(data, year, "10096", RATE_STAT, RATE, "percentage")
        out += aligned(data, year, "10097", TAX_STAT, TAX, "monetary")
    return out


def aligned(data: FilingData, year: int | None, code: str, stat: str, total: str, kind: str) -> list[CheckResult]:
    facts = engine_facts(f for f in data.facts if not f.dims and f.concept_key in (gaap(year, stat), gaap(year, total)))
    by_align: dict[tuple[str, str | None], dict[str, list[Fact]]] = defaultdict(lambda: defaultdict(list))
    for f in facts:
        by_align[(f.period_key, f.unit)][f.name].append(f)
    out = []
    for (period, _unit), group in sorted(by_align.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")):
        for s, t in itertools.product(group.get(stat, []), group.get(total, [])):
            out.append(
                fact_violation(
                    RULE,
                    code,
                    s,
                    (
                        f"{s.qname} is reported as {s.raw if s.raw is not None else 'nil'} (context {s.context_id}, {period}) beside "
                        f"{t.qname} = {t.raw if t.raw is not None else 'nil'} (context {t.context_id}), but no calculation of the "
                        f"filing places the statutory line under {t.qname}, and the filing calculates no {'monetary' if kind == 'percentage' else 'percentage'} "
                        f"reconciliation either. Add the {kind} reconciliation as a calculation under {t.qname}; if no "
                        "reconciliation needs to be disclosed, add an extension element named TaxReconciliationNotRequired."
                    ),
                )
            )
    return out


def weight_mismatches(inp: RuleInput, nets: dict[str, Network], qnames: dict[str, str]) -> list[CheckResult]:
    """10098: arcs below the effective rate whose weight is not us-gaap's effective weight."""
    year = inp.year
    arcs = [a for a in below(nets, gaap(year, RATE)) if in_usgaap(a[1], year) and in_usgaap(a[2], year)]
    if not arcs:
        return []
    (row,) = inp.rows(WEIGHT_QUERY, tops=sorted({p for _, p, _, _ in arcs}))
    if not row["has_calc"]:
        # a schema-only us-gaap package (the reconstructed 2023/2024 ones): every weight would read as 0
        reason = (
            f"{RULE}.10098 needs the calculation networks of {row['release']}, which are not loaded (the package holds no "
            "calculation linkbase); load the official us-gaap package of that year"
        )
        return [CheckResult(rule_id=RULE, sub_rule=f"{RULE}.10098", status="not_evaluable", reason=reason, message=reason)]
    base = networks((a["role"], a["parent_key"], a["child_key"], Decimal(str(a["weight"]))) for a in row["arcs"])
    out = []
    for role, parent, child, weight in arcs:
        expected = effective_weight(base, parent, child)
        if weight == expected:
            continue
        p, c = qnames.get(parent, parent), qnames.get(child, child)
        out.append(
            CheckResult(
                rule_id=RULE,
                sub_rule=f"{RULE}.10098",
                status="violation",
                concept=p,
                reported_value=fmt(weight),
                expected_value=fmt(expected),
                network=role,
                message=(
                    f"The filing's calculation (network {role}) gives {c} the weight {fmt(weight)} under {p}, but us-gaap's "
                    f"calculations give it the weight {fmt(expected)} between these two elements. Change the weight of this "
                    "relationship to match us-gaap."
                ),
            )
        )
    return out


def fmt(d: Decimal) -> str:
    return format(d.normalize(), "f")


def check(inp: RuleInput) -> list[CheckResult]:
    data = inp.data
    nets = networks((a.role, a.source_key, a.target_key, a.weight if a.weight is not None else Decimal(1)) for a in data.calc)
    qnames = {a.source_key: a.source for a in data.calc} | {a.target_key: a.target for a in data.calc}
    return reconciliation_gaps(inp, nets) + weight_mismatches(inp, nets, qnames)


FAMILY = Rule(
    key="0168",
    rule_id=RULE,
    name="Income Tax Reconciliation Calculations",
    codes=(f"{RULE}.10096", f"{RULE}.10097", f"{RULE}.10098"),
    check=check,
    queries=(WEIGHT_QUERY, WAIVER_QUERY),
    forms=frozenset(),  # empty: every form; 10096/10097 themselves keep to 10-K, 10-KT and 20-F as the rule does
)
