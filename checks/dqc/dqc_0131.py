"""DQC.US.0131 "Lease Amount Above the Balance Sheet Line Items That Hold It": a lease asset or liability is included in
the balance sheet line items its extensible list names (e.g. OperatingLeaseLiabilityNoncurrent in
OtherLiabilitiesNoncurrent), so it cannot exceed their sum.

Official logic (DQCRT 27), for each of eight lease elements and its ...StatementOfFinancialPositionExtensibleList
element, when the filing reports both: for each list fact, the numeric facts of the line items it names with the same
period and dimensions are added up (none: nothing to test); each fact of the lease element with that period and those
dimensions is compared with the sum by tolerance_for_decimals_greater_than, factor 0: above it when lease - sum > 0 and,
rounded to d (the lower of the lease fact's decimals and the least decimals of the line items, which the sum takes), they
differ at all. The finding is about the lease fact. The compiled rule set has no form test.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from auditgraph.checks.dqc.dqc_0113 import least_decimals
from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, us_gaap_key, violation
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import dround, fmt

RULE = "DQC.US.0131"
CODE = f"{RULE}.9729"
QUERY = "dqc.dqc_0131_lists"
ITEMS = (
    "FinanceLeaseLiability",
    "FinanceLeaseLiabilityCurrent",
    "FinanceLeaseLiabilityNoncurrent",
    "FinanceLeaseRightOfUseAsset",
    "OperatingLeaseRightOfUseAsset",
    "OperatingLeaseLiability",
    "OperatingLeaseLiabilityCurrent",
    "OperatingLeaseLiabilityNoncurrent",
)
LIST_SUFFIX = "StatementOfFinancialPositionExtensibleList"
Place = tuple[str, tuple[tuple[str, str], ...]]  # (period key, dimensions): the alignment of list and amounts


def _dims(raw: list[str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((a, m) for a, _, m in (d.partition("=") for d in raw)))


def above(lease: Fact, total: Decimal, min_d: int | None) -> bool:
    """tolerance_for_decimals_greater_than(lease, sum, min_d, 0); the sum has no decimals of its own (takes min_d)."""
    if lease.amount - total <= 0:
        return False
    ld = min_d if lease.decimals_raw is None else lease.decimals
    d = min_d if ld is None else (ld if min_d is None else min(ld, min_d))
    return lease.amount != total if d is None else dround(lease.amount, d) != dround(total, d)


def check(inp: RuleInput) -> list[CheckResult]:
    lists: dict[str, list[tuple[Place, list[str]]]] = defaultdict(list)
    for r in inp.rows(QUERY):
        if r["value"] is not None:
            lists[r["name"]].append(((r["period_key"], _dims(r["dims"])), r["value"].split()))
    if not lists:
        return []
    index = engine_facts(inp.data)
    by_place: dict[str, dict[Place, list[Fact]]] = defaultdict(lambda: defaultdict(list))
    for key, facts in index.items():
        for f in facts:
            if f.unit is not None and not f.nil:
                by_place[key.rsplit("|", 1)[-1]][(f.period_key, f.dims)].append(f)
    out = []
    for item in ITEMS:
        leases = [f for f in index.get(us_gaap_key(inp.year, item), []) if f.unit is not None]
        if not leases or not lists.get(item + LIST_SUFFIX):
            continue
        for place, members in lists[item + LIST_SUFFIX]:
            parts = [f for m in dict.fromkeys(members) for f in by_place.get(m, {}).get(place, [])]
            if not parts:
                continue
            total = sum((f.amount for f in parts), Decimal(0))
            min_d = least_decimals(parts)
            for lease in leases:
                if lease.nil or (lease.period_key, lease.dims) != place or not above(lease, total, min_d):
                    continue
                names = ", ".join(f"{p.qname} {p.raw}" for p in parts)
                msg = (
                    f"{lease.qname} is {lease.raw} ({described(lease)}), more than the balance sheet line items its "
                    f"extensible list says include it: {names} (together {fmt(total)}). Check the value and the line "
                    f"items named in {item}{LIST_SUFFIX}."
                )
                out.append(violation(RULE, CODE, lease, msg))
    return out


FAMILY = Rule(
    key="0131",
    rule_id=RULE,
    name="Lease Amount Above the Balance Sheet Line Items That Hold It",
    codes=(CODE,),
    check=check,
    queries=(QUERY,),
    forms=frozenset(),  # the compiled official rule names no form: every form
)
