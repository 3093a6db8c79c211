"""DQC.US.0124 "Lease Items Not in the Financial Statements": a lease balance reported outside the face statements
must say where it is included.

For a lease element X (9584 FinanceLeaseLiability, 9585 FinanceLeaseLiabilityCurrent, 9586 FinanceLeaseLiabilityNoncurrent,
9587 FinanceLeaseRightOfUseAsset, 9588 OperatingLeaseRightOfUseAsset) in an annual report (10-K, 10-K/A, 10-KT, 20-F,
20-F/A, 40-F, 40-F/A): each non-zero (or nil) X fact without dimensions, or with BalanceSheetLocationAxis only, is
reported when
- X (and the sub-rule's alternatives) is not among the elements of the filer's "- Statement " presentation networks,
- no ...StatementOfFinancialPositionExtensibleList fact of the sub-rule names the caption for that date (nor, for 9584,
  9587 and 9588, an X fact on the BalanceSheetLocationAxis alone), and
- the amount is not split over two or more BalanceSheetLocationAxis members at that date: with no member fact it is
  reported; with one, only when that member fact equals the total (or there is no total).
9585 and 9586 name the member fact when there is one, else the total; the others name the fact of the iteration.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from auditgraph.checks.filing_data import Fact, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput, fact_violation

RULE = "DQC.US.0124"
QUERY = "dqc.dqc_0124_inputs"
BSLA = "BalanceSheetLocationAxis"
ANNUAL = frozenset(("10-K", "10-K/A", "10-KT", "20-F", "20-F/A", "40-F", "40-F/A"))
# The official rule-form-lookup row of 0124; within it the rule itself runs on ANNUAL only.
FORMS = frozenset(("10-K", "10-K/A", "10-KT", "10-KT/A", "20-F", "20-F/A", "40-F", "40-F/A", "11-K", "11-K/A", "11-KT"))
FLL, FLC, FLNC = "FinanceLeaseLiability", "FinanceLeaseLiabilityCurrent", "FinanceLeaseLiabilityNoncurrent"
LIST = "StatementOfFinancialPositionExtensibleList"


@dataclass(frozen=True)
class Sub:
    code: str
    element: str
    on_statements: tuple[str, ...]  # any of these in a statement network clears the sub-rule
    lists: tuple[str, ...]  # extensible list elements (without the LIST suffix) that clear it
    located: tuple[str, ...]  # elements whose BalanceSheetLocationAxis-only facts at the date clear it
    names_member: bool  # the finding names the member fact (9585, 9586) rather than the iterated fact


SUBS = (
    Sub("9584", FLL, (FLL, FLC, FLNC), (FLL, FLC, FLNC), (FLC, FLNC), False),
    Sub("9585", FLC, (FLC, FLL), (FLC, FLL), (), True),
    Sub("9586", FLNC, (FLNC, FLL), (FLNC, FLL), (), True),
    Sub(
        "9587",
        "FinanceLeaseRightOfUseAsset",
        (
            "FinanceLeaseRightOfUseAsset",
            "PropertyPlantAndEquipmentAndFinanceLeaseRightOfUseAssetAfterAccumulatedDepreciationAndAmortization",
        ),
        ("FinanceLeaseRightOfUseAsset",),
        ("FinanceLeaseRightOfUseAsset",),
        False,
    ),
    Sub(
        "9588",
        "OperatingLeaseRightOfUseAsset",
        ("OperatingLeaseRightOfUseAsset",),
        ("OperatingLeaseRightOfUseAsset",),
        ("OperatingLeaseRightOfUseAsset",),
        False,
    ),
)


def _axes(f: Fact) -> set[str]:
    return {local(a) for a, _ in f.dims}


def _located_only(f: Fact) -> bool:
    """The fact's only dimension is BalanceSheetLocationAxis."""
    return _axes(f) == {BSLA} and len(f.dims) == 1


def _finding(sub: Sub, f: Fact, member: Fact | None) -> CheckResult:
    shown = f"{f.qname} {'nil' if f.nil else f.raw} ({f.period_key}, {', '.join(f.dim_strings) or 'no dimensions'})"
    if member is not None:
        msg = (
            f"{shown} is reported with a single BalanceSheetLocationAxis member and no other caption: the axis is for "
            f"an amount split over several balance sheet lines. For one line, tag "
            f"{sub.element}{LIST} with the element of that line instead."
        )
    else:
        msg = (
            f"{shown} is reported but {sub.element} is not in the face financial statements. When the amount is part of "
            f"another caption, name that caption with {sub.element}{LIST}, or split it over two or more "
            f"BalanceSheetLocationAxis members."
        )
    return fact_violation(RULE, sub.code, f, msg)


def check_sub(sub: Sub, facts: list[Fact], statements: set[str], lists: set[tuple[str, str]]) -> list[CheckResult]:
    if statements & set(sub.on_statements):
        return []
    own = [f for f in facts if f.name == sub.element]
    by_period: dict[str, list[Fact]] = defaultdict(list)
    for f in own:
        by_period[f.period_key].append(f)
    located = {f.period_key for f in facts if f.name in sub.located and _located_only(f)}
    out: dict[str, CheckResult] = {}
    for f in own:
        if f.value == 0 or not (not f.dims or _located_only(f)):
            continue  # the iterated factset: non-zero (nil passes), no dimension but BalanceSheetLocationAxis
        p = f.period_key
        if any((name + LIST, p) in lists for name in sub.lists) or p in located:
            continue
        members = [m for m in by_period[p] if BSLA in _axes(m)]
        if len(members) > 1:
            continue
        totals = [t for t in by_period[p] if not t.dims]
        if members:
            m = members[0]
            if totals and not any(t.value == m.value and t.nil == m.nil for t in totals):
                continue
            named = m if sub.names_member else f
            out.setdefault(named.fact_id, _finding(sub, named, m if sub.names_member else None))
        else:
            for named in totals if sub.names_member else [f]:
                out.setdefault(named.fact_id, _finding(sub, named, None))
    return list(out.values())


def check_0124(inp: RuleInput) -> list[CheckResult]:
    if inp.data.document_type not in ANNUAL:
        return []
    rows = inp.rows(QUERY)
    if not rows or not rows[0]["has_statements"]:
        return []
    statements = set(rows[0]["statement_concepts"])
    lists = {(x["name"], x["period"]) for x in rows[0]["lists"] if x["name"]}
    facts = [f for f in inp.data.facts if "fasb.org/us-gaap/" in f.namespace]
    out = []
    for sub in SUBS:
        out += check_sub(sub, facts, statements, lists)
    return out


FAMILY = Rule(
    key="0124",
    rule_id=RULE,
    name="Lease Items Not in the Financial Statements",
    codes=tuple(f"{RULE}.{s.code}" for s in SUBS),
    check=check_0124,
    queries=(QUERY,),
    forms=FORMS,
)
