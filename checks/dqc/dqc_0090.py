"""DQC.US.0090 "Calculation of Lease Liability Payments Due": in an annual report, the undiscounted lease payments due
should equal the lease liability plus the undiscounted excess amount.

For a 10-K, 10-KT or 20-F, in each alignment (period, unit; no dimensions) where the filing reports both the payments due
(LesseeOperatingLeaseLiabilityPaymentsDue for 9374, FinanceLeaseLiabilityPaymentsDue for 9375) and the liability
(OperatingLeaseLiability / FinanceLeaseLiability): the liability plus the excess amount (...UndiscountedExcessAmount,
0 when not reported) plus any unrecorded purchase obligation for leases not yet commenced
(UnrecordedUnconditionalPurchaseObligationBalanceSheetAmount with the ...LeaseNotYetCommencedMember) is compared with
the payments due, both rounded to the smallest decimals of the three reported facts (at most 5); a difference above
twice that rounding unit is a finding, unless the filer opts out with an extension element
...UndiscountedExcessAmountNotDisclosed, an extension element is among the payments due's calculation descendants,
or the difference is exactly the unrecorded obligation. The us-gaap 2023 rule set counts no unrecorded obligation and
excuses an operating lease difference only when OperatingLeaseLiability is in that calculation too. As in the official
engine, the finding names the filing's DocumentType fact.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from auditgraph.checks.filing_data import Fact, FilingData, local
from auditgraph.checks.result import CheckResult, FactUsed
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import fmt

RULE = "DQC.US.0090"
QUERY = "dqc.dqc_0090_context"
USGAAP = "http://fasb.org/us-gaap/"
FORMS = frozenset({"10-K", "10-KT", "20-F"})
OBLIGATION = "UnrecordedUnconditionalPurchaseObligationBalanceSheetAmount"
OBLIGATION_AXIS = "UnrecordedUnconditionalPurchaseObligationByCategoryOfItemPurchasedAxis"
FACTOR = Decimal(2)  # the rule's tolerance: twice the rounding unit


@dataclass(frozen=True)
class Lease:
    code: str
    payments: str
    liability: str
    excess: str
    member: str  # the not-yet-commenced member of the unrecorded obligation axis
    opt_out: str  # the column of dqc.dqc_0090_context counting the filer's opt-out facts


LEASES = (
    Lease(
        "9374",
        "LesseeOperatingLeaseLiabilityPaymentsDue",
        "OperatingLeaseLiability",
        "LesseeOperatingLeaseLiabilityUndiscountedExcessAmount",
        "OperatingLeaseLeaseNotYetCommencedMember",
        "operating_opt_out",
    ),
    Lease(
        "9375",
        "FinanceLeaseLiabilityPaymentsDue",
        "FinanceLeaseLiability",
        "FinanceLeaseLiabilityUndiscountedExcessAmount",
        "FinancingLeaseLeaseNotYetCommencedMember",
        "finance_opt_out",
    ),
)

Key = tuple[str, str | None]  # (period, unit)


def _by_alignment(data: FilingData) -> dict[str, dict[Key, list[Fact]]]:
    """us-gaap facts without dimensions by name and alignment; the obligation only with its lease member, keyed by it."""
    out: dict[str, dict[Key, list[Fact]]] = defaultdict(lambda: defaultdict(list))
    for f in data.facts:
        ns, _, name = f.concept_key.rpartition("#")
        if not ns.startswith(USGAAP):
            continue
        if not f.dims:
            out[name][(f.period_key, f.unit)].append(f)
        elif name == OBLIGATION and len(f.dims) == 1 and local(f.dims[0][0]) == OBLIGATION_AXIS:
            out[f"{name}|{local(f.dims[0][1])}"][(f.period_key, f.unit)].append(f)
    return out


def _decimals(f: Fact | None) -> int | None:
    return None if f is None or f.nil else f.decimals  # parse_decimals: None for INF or missing


def _rounding(payments: Fact, others: list[Fact | None]) -> int:
    """Decimals both sides are rounded to: the smallest reported decimals of the three facts, at most 5."""
    reported = [d for d in (_decimals(x) for x in [payments, *others]) if d is not None]
    least = min(min(reported), 5) if reported else 5
    own = payments.decimals if payments.decimals is not None else least
    return min(own, least)


def _descendants(data: FilingData, payments: str) -> set[str]:
    """Concept keys of the payments due element's calculation descendants (every network of the filing)."""
    children: dict[str, set[str]] = defaultdict(set)
    starts = set()
    for a in data.calc:
        children[a.source_key].add(a.target_key)
        if a.source_key.startswith(USGAAP) and a.source_key.endswith(f"#{payments}"):
            starts.add(a.source_key)
    seen: set[str] = set()
    todo = list(starts)
    while todo:
        for c in children.get(todo.pop(), ()):
            if c not in seen:
                seen.add(c)
                todo.append(c)
    return seen


def _excused(lease: Lease, data: FilingData, year: int | None) -> bool:
    """An extension element among the payments due's calculation descendants excuses the difference (the us-gaap 2023
    rule set: for operating leases only when OperatingLeaseLiability is among them too)."""
    below = _descendants(data, lease.payments)
    extension = any("|" in k for k in below)  # an extension concept key names its filing
    if year == 2023 and lease.code == "9374":
        return extension and any(k.startswith(USGAAP) and k.endswith(f"#{lease.liability}") for k in below)
    return extension


def _test(lease: Lease, key: Key, facts: dict[str, dict[Key, list[Fact]]], data: FilingData) -> tuple[Fact, Decimal] | None:
    """(payments fact, liability + excess + obligation) when they differ beyond the tolerance, else None."""
    payments_facts, liabilities = facts[lease.payments].get(key, []), facts[lease.liability].get(key, [])
    liability = next((f for f in liabilities if f.value is not None), None)
    if not payments_facts or liability is None:
        return None
    payments = payments_facts[0]
    excess = next((f for f in facts[lease.excess].get(key, []) if f.value is not None), None)
    # the us-gaap 2023 rule set does not count the obligation for leases not yet commenced
    obligations = [] if data.us_gaap_year == 2023 else facts[f"{OBLIGATION}|{lease.member}"].get(key, [])
    obligation = next((f for f in obligations if f.value is not None), None)
    addend = liability.amount + (excess.amount if excess else 0) + (obligation.amount if obligation else 0)
    places = _rounding(payments, [liability, excess])
    left = round(payments.value if payments.value is not None else Decimal(0), places)
    if abs(left - round(addend, places)) <= Decimal(10) ** -places * FACTOR:
        return None
    if _excused(lease, data, data.us_gaap_year):
        return None
    if obligation is not None and addend - (payments.value or 0) == obligation.amount:
        return None
    return payments, addend


def _finding(lease: Lease, doc: Any, payments: Fact, addend: Decimal) -> CheckResult:
    difference = (payments.value or Decimal(0)) - addend
    message = (
        f"{payments.qname} is {payments.raw} for {payments.period_key}, but {lease.liability} plus {lease.excess} "
        f"(and any unrecorded obligation for leases not yet commenced) add up to {fmt(addend)}: a difference of "
        f"{fmt(difference)}. An annual report should reconcile the undiscounted payments due to the lease liability; "
        f"if the difference is deliberate, report the filer's own element {lease.excess}NotDisclosed."
    )
    used = FactUsed(
        fact_id=doc["fact_id"],
        concept=doc["concept"],
        value=doc["value"],
        decimals=None,
        context_id=doc["context_id"],
        period=doc["period"],
    )
    return CheckResult(
        rule_id=RULE,
        sub_rule=f"{RULE}.{lease.code}",
        status="violation",
        concept=payments.qname,
        reported_value=payments.raw,
        expected_value=fmt(addend),
        difference=fmt(difference),
        decimals=payments.decimals_raw,
        period=payments.period_key,
        unit=payments.unit,
        facts=[used],  # the fact the official finding names; the payments due fact is in concept/value/period
        contexts=[doc["context_id"]] if doc["context_id"] else [],
        message=message,
    )


def check(inp: RuleInput) -> list[CheckResult]:
    if inp.data.document_type not in FORMS:
        return []
    head = inp.rows(QUERY)
    if not head:
        return []
    doc = head[0]
    facts = _by_alignment(inp.data)
    out = []
    for lease in LEASES:
        if doc[lease.opt_out]:
            continue
        for key in sorted(facts[lease.payments], key=str):
            if (hit := _test(lease, key, facts, inp.data)) is not None:
                out.append(_finding(lease, doc, *hit))
    return out


FAMILY = Rule(
    key="0090",
    rule_id=RULE,
    name="Calculation of Lease Liability Payments Due",
    codes=(f"{RULE}.9374", f"{RULE}.9375"),
    check=check,
    queries=(QUERY,),
    forms=frozenset(),  # the rule tests DocumentType itself (10-K, 10-KT, 20-F); the rule set adds no form guard
)
