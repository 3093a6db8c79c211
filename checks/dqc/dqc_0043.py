"""DQC.US.0043 "Incorrect Calculation Weights in Operating Cash Flows".

- 6833 / 7488: an element below the operating cash flow total in a filing's calculation (7488:
  NetCashProvidedByUsedInOperatingActivities when the filing reports it; 6833: the continuing operations total when
  only that one is reported), not below an income total, whose effective weight in that network contradicts its
  balance: a credit element added (+) or a debit element subtracted (-), or either netting to zero. The finding
  names the total's fact of the earliest period, as the official engine does.
- 9873: an income total (NetIncomeLoss, ProfitLoss, ..., and the filer's own credit "IncomeLoss" elements)
  subtracted from NetCashProvidedByUsedInOperatingActivities (when that total does not include the continuing
  operations total), or a discontinued operations income item added to the continuing operations total; one finding
  per calculation network where it happens.
- 9875: income from discontinued operations attributable to the entity and before NCI with opposite signs, in
  facts of one period, unit and dimensions, where no non-zero NCI part is reported.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from auditgraph.checks.dqc.dqc_0081 import INCOME_ITEMS, engine_facts, gaap_key, name_of
from auditgraph.checks.filing_data import Arc, Fact, FilingData
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0043"
CONCEPTS_QUERY = "dqc.dqc_0043_concepts"
OPERATING = "NetCashProvidedByUsedInOperatingActivities"
CONTINUING = "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations"
NOT_CHECKED_9873 = (
    "DiscontinuedOperationGainLossOnDisposalOfDiscontinuedOperationNetOfTax",
    "IncomeLossFromSubsidiariesNetOfTax",
)
DISCONTINUED = (
    "DiscontinuedOperationIncomeLossFromDiscontinuedOperationBeforeIncomeTax",
    "IncomeLossFromDiscontinuedOperationsNetOfTax",
    "IncomeLossFromDiscontinuedOperationsNetOfTaxAttributableToNoncontrollingInterest",
    "IncomeLossFromDiscontinuedOperationsNetOfTaxAttributableToReportingEntity",
)
DISC_NCI = "IncomeLossFromDiscontinuedOperationsNetOfTaxAttributableToNoncontrollingInterest"
DISC_ENTITY = "IncomeLossFromDiscontinuedOperationsNetOfTaxAttributableToReportingEntity"
DISC_TOTAL = "IncomeLossFromDiscontinuedOperationsNetOfTax"


@dataclass(frozen=True)
class Concept:
    key: str
    qname: str
    balance: str | None
    monetary: bool
    extension: bool


@dataclass
class Networks:
    """The filing's calculation networks: per role, each parent's relationships (child, weight), one per arc."""

    children: dict[tuple[str, str], list[tuple[str, Decimal]]] = field(default_factory=lambda: defaultdict(list))
    has_parent: set[tuple[str, str]] = field(default_factory=set)
    roles: set[str] = field(default_factory=set)

    @classmethod
    def of(cls, arcs: Iterable[Arc]) -> Networks:
        n = cls()
        for a in arcs:
            for w in a.weights or (a.weight or Decimal(1),):
                n.children[(a.role, a.source_key)].append((a.target_key, w))
            n.has_parent.add((a.role, a.target_key))
            n.roles.add(a.role)
        return n

    def below(self, role: str, top: str, stop: set[str]) -> set[str]:
        """The descendants of `top` in one network, leaving out and not going below the `stop` concepts."""
        out: set[str] = set()

        def walk(parent: str, path: set[str]) -> None:
            for child, _ in self.children.get((role, parent), ()):
                if child in stop:
                    continue
                out.add(child)
                if child not in path:
                    walk(child, path | {child})

        walk(top, {top})
        return out

    def below_anywhere(self, top: str) -> set[str]:
        return set().union(*(self.below(role, top, set()) for role in self.roles))

    def weight(self, role: str, top: str, bottom: str) -> Decimal | None:
        """The effective weight of bottom in top within one network (the sum over paths of the weights' products;
        0 when both are in the network but no path joins them); None when top has no child or bottom no parent."""
        if (role, top) not in self.children or (role, bottom) not in self.has_parent:
            return None
        total = Decimal(0)

        def walk(parent: str, product: Decimal, path: set[str]) -> None:
            nonlocal total
            for child, w in self.children.get((role, parent), ()):
                if child in path:
                    continue  # a cycle
                if child == bottom:
                    total += product * w
                else:
                    walk(child, product * w, path | {child})

        walk(top, Decimal(1), {top})
        return total


@dataclass
class Context:
    inp: RuleInput
    data: FilingData
    nets: Networks
    concepts: dict[str, Concept]

    def key(self, name: str) -> str:
        return gaap_key(self.inp.year, name)

    def income_items(self) -> set[str]:
        """INCOME_ITEMS with the filer's own credit "IncomeLoss" elements (not equity method ones)."""
        own = {
            c.key
            for c in self.concepts.values()
            if c.extension
            and c.balance == "credit"
            and "incomeloss" in name_of(c.key).lower()
            and "equitymethod" not in name_of(c.key).lower()
            and "equityincomeloss" not in name_of(c.key).lower()
        }
        return {self.key(n) for n in INCOME_ITEMS} | own

    def facts_of(self, key: str) -> list[Fact]:
        return [f for f in self.data.facts if f.concept_key == key]

    def qname(self, key: str) -> str:
        c = self.concepts.get(key)
        return c.qname if c else name_of(key)


def earliest(facts: list[Fact]) -> Fact:
    """The fact of the earliest period (the one the engine's message names)."""
    return min(facts, key=lambda f: (f.start or f.end, f.end, bool(f.dims), f.context_id or ""))


def wrong_weights(ctx: Context) -> list[CheckResult]:
    """6833 / 7488: elements whose weight under the operating total contradicts their balance."""
    operating, continuing = ctx.facts_of(ctx.key(OPERATING)), ctx.facts_of(ctx.key(CONTINUING))
    if operating:
        code, top, facts = "7488", ctx.key(OPERATING), operating
        stop = ctx.income_items() | {
            c.key
            for c in ctx.concepts.values()
            if c.extension and c.monetary and c.balance == "credit" and "netincome" in name_of(c.key).lower()
        }
    elif continuing:
        code, top, facts, stop = "6833", ctx.key(CONTINUING), continuing, ctx.income_items()
    else:
        return []
    total = earliest(facts)
    out = []
    for role in sorted(r for r in ctx.nets.roles if (r, top) in ctx.nets.children):
        for bottom in sorted(ctx.nets.below(role, top, stop)):
            c = ctx.concepts.get(bottom)
            w = ctx.nets.weight(role, top, bottom)
            if c is None or w is None or c.balance not in ("credit", "debit"):
                continue
            if w == 0 or (c.balance == "credit" and w > 0) or (c.balance == "debit" and w < 0):
                out.append(_weight_finding(ctx, code, role, c, w, total))
    return out


def _weight_finding(ctx: Context, code: str, role: str, c: Concept, w: Decimal, total: Fact) -> CheckResult:
    role_text = ctx.data.roles[role].definition if role in ctx.data.roles else role
    if w == 0:
        why = "is added and subtracted at once (it appears under the total more than once with opposite weights)"
    elif c.balance == "credit":
        why = "is a credit element (a cash outflow in the reconciliation) but is added (+1)"
    else:
        why = "is a debit element (a cash inflow in the reconciliation) but is subtracted (-1)"
    message = (
        f"{c.qname} {why} in the calculation of {total.qname} in {role_text!r}. Give a credit element the weight -1 "
        f"and a debit element +1, and enter the value with the sign its definition implies. "
        f"The total's fact: {total.raw} for {total.period_key}. (DQC.US.0043.{code})"
    )
    return CheckResult(
        rule_id=RULE,
        sub_rule=f"{RULE}.{code}",
        status="violation",
        concept=c.qname,
        reported_value=total.raw,
        decimals=total.decimals_raw,
        period=total.period_key,
        dimensions=total.dim_strings,
        unit=total.unit,
        network=role,
        network_definition=role_text,
        facts=[total.used("total")],
        contexts=[total.context_id] if total.context_id else [],
        message=message,
    )


def income_in_operating(ctx: Context) -> list[CheckResult]:
    """9873: an income total subtracted from operating cash flow, or discontinued income added to the continuing total."""
    operating, continuing = ctx.key(OPERATING), ctx.key(CONTINUING)
    items = ctx.income_items() - {ctx.key(n) for n in NOT_CHECKED_9873}
    discontinued = {ctx.key(n) for n in DISCONTINUED}
    whole_includes_continuing = continuing in ctx.nets.below_anywhere(operating)
    out = []
    for item in sorted(items):
        for top in (operating, continuing):
            if top == operating and whole_includes_continuing:
                continue
            if top == continuing and item not in discontinued:
                continue
            for role in sorted(ctx.nets.roles):
                w = ctx.nets.weight(role, top, item)
                if w is not None and ((top == operating and w < 0) or (top == continuing and w > 0)):
                    out.append(_income_finding(ctx, role, item, top, w))
    return out


def _income_finding(ctx: Context, role: str, item: str, top: str, w: Decimal) -> CheckResult:
    role_text = ctx.data.roles[role].definition if role in ctx.data.roles else role
    name = ctx.qname(item)
    if top == gaap_key(ctx.inp.year, OPERATING):
        what = (
            f"{name} is subtracted from {OPERATING} in {role_text!r}, which leaves that income out of operating cash "
            f"flow; if it is income from discontinued operations use {CONTINUING} as the total, otherwise correct its "
            f"weight and sign"
        )
    else:
        what = (
            f"{name} is added to {CONTINUING} in {role_text!r}, which puts discontinued operations income into "
            f"continuing operating cash flow; use {OPERATING} as the total"
        )
    return CheckResult(
        rule_id=RULE,
        sub_rule=f"{RULE}.9873",
        status="violation",
        concept=name,
        network=role,  # no network_definition: the finding is about the element, not the network
        message=f"{what} (effective weight {w}). (DQC.US.0043.9873)",
    )


def opposite_discontinued_signs(ctx: Context) -> list[CheckResult]:
    """9875: discontinued income after NCI and before NCI with opposite signs and no NCI part."""
    # duplicates fold within one concept: reading only the three elements keeps the same facts, in the same order
    wanted = {ctx.key(DISC_NCI), ctx.key(DISC_TOTAL), ctx.key(DISC_ENTITY)}
    facts = [f for f in engine_facts(f for f in ctx.data.facts if f.concept_key in wanted) if f.amount != 0]

    def align(f: Fact) -> tuple[str, str | None, tuple[tuple[str, str], ...]]:
        return (f.period_key, f.unit, f.dims)

    nci = {align(f) for f in facts if f.concept_key == ctx.key(DISC_NCI)}
    before: dict[tuple[str, str | None, tuple[tuple[str, str], ...]], list[Fact]] = defaultdict(list)
    for f in facts:
        if f.concept_key == ctx.key(DISC_TOTAL):
            before[align(f)].append(f)
    out = []
    for after in (f for f in facts if f.concept_key == ctx.key(DISC_ENTITY)):
        if align(after) in nci:
            continue
        for total in before.get(align(after), ()):
            if (after.amount > 0) != (total.amount > 0):
                out.append(_sign_finding(after, total))
    return out


def _sign_finding(after: Fact, total: Fact) -> CheckResult:
    message = (
        f"{after.qname} = {after.raw} and {total.qname} = {total.raw} have opposite signs for {after.period_key}, and "
        f"no part is attributed to noncontrolling interest, so the two must agree in sign; check the sign of each. "
        f"(DQC.US.0043.9875)"
    )
    return CheckResult(
        rule_id=RULE,
        sub_rule=f"{RULE}.9875",
        status="violation",
        concept=after.qname,
        reported_value=after.raw,
        expected_value=None,
        decimals=after.decimals_raw,
        period=after.period_key,
        dimensions=after.dim_strings,
        unit=after.unit,
        facts=[after.used()],
        contexts=[after.context_id] if after.context_id else [],
        message=message,
    )


def check(inp: RuleInput) -> list[CheckResult]:
    concepts = {
        r["key"]: Concept(r["key"], r["qname"], r["balance"], r["base_type"] == "monetary", bool(r["extension"]))
        for r in inp.rows(CONCEPTS_QUERY)
    }
    ctx = Context(inp, inp.data, Networks.of(inp.data.calc), concepts)
    return wrong_weights(ctx) + income_in_operating(ctx) + opposite_discontinued_signs(ctx)


FAMILY = Rule(
    key="0043",
    rule_id=RULE,
    name="Incorrect Calculation Weights in Operating Cash Flows",
    codes=(f"{RULE}.6833", f"{RULE}.7488", f"{RULE}.9873", f"{RULE}.9875"),
    check=check,
    queries=(CONCEPTS_QUERY,),
    forms=frozenset(),  # the DQCRT rule names no form: it runs on every filing
)
