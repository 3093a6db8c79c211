"""DQC.US.0060 "Element Dependence for Specific Elements" (cash flow continuing operations).

Official logic (compiled rule set 27, the same in 2023-2025, any form). The facts are the engine's, without
dimensions (closed fact sets), of the us-gaap elements named (the rule's *: prefix is its default namespace). The rule counts facts per period and unit (the engine's
alignment), and an alignment missing from one count leaves the whole test undecided, so in effect:

- 7495: the filing reports NetCashProvidedByUsedInFinancingActivitiesContinuingOperations (nil or not) but no
  NetCashProvidedByUsedInFinancingActivities and no CashProvidedByUsedInFinancingActivitiesDiscontinuedOperations
  without dimensions at all (nils count as reported; one of either for any period or unit is enough to pass). One
  finding per period and unit of the continuing operations total, naming one of its facts.
- 7496: the same for investing activities.
- 7497: the same for operating activities, where the continuing operations total must also have a non-nil value in
  that period and unit; on an annual form (dei:DocumentType 10-K, 10-KT, 10-K/A or 20-F) only periods longer than 290
  days (the engine counts both ends) take part, for all three elements.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from auditgraph.checks.dqc.dqc_0072 import facts_of
from auditgraph.checks.dqc.dqc_0195 import described, violation
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0060"
ANNUAL = frozenset({"10-K", "10-KT", "10-K/A", "20-F"})
MIN_ANNUAL_DAYS = 290  # the engine's period.days counts both ends: more than 290 of them


@dataclass(frozen=True)
class Section:
    number: int
    total: str
    continuing: str
    discontinued: str
    annual_only_long: bool  # 7497: on an annual form only periods of more than 290 days
    continuing_non_nil: bool  # 7497: the continuing total must have a value


SECTIONS = (
    Section(
        7495,
        "NetCashProvidedByUsedInFinancingActivities",
        "NetCashProvidedByUsedInFinancingActivitiesContinuingOperations",
        "CashProvidedByUsedInFinancingActivitiesDiscontinuedOperations",
        False,
        False,
    ),
    Section(
        7496,
        "NetCashProvidedByUsedInInvestingActivities",
        "NetCashProvidedByUsedInInvestingActivitiesContinuingOperations",
        "CashProvidedByUsedInInvestingActivitiesDiscontinuedOperations",
        False,
        False,
    ),
    Section(
        7497,
        "NetCashProvidedByUsedInOperatingActivities",
        "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations",
        "CashProvidedByUsedInOperatingActivitiesDiscontinuedOperations",
        True,
        True,
    ),
)


def _slots(facts: list[Fact], long_only: bool) -> dict[tuple[str, str | None], list[Fact]]:
    """Facts without dimensions by (period, unit), the engine's alignment; only long periods when asked."""
    out: dict[tuple[str, str | None], list[Fact]] = defaultdict(list)
    for f in facts:
        if f.dims or (long_only and (f.days is None or f.days + 1 <= MIN_ANNUAL_DAYS)):
            continue
        out[(f.period_key, f.unit)].append(f)
    return out


def _section(inp: RuleInput, s: Section, annual: bool) -> list[CheckResult]:
    long_only = s.annual_only_long and annual
    continuing = _slots(facts_of(inp, s.continuing), long_only)
    if not continuing or _slots(facts_of(inp, s.total), long_only) or _slots(facts_of(inp, s.discontinued), long_only):
        return []  # the totals are reported somewhere: every alignment passes or stays undecided
    valued = set(_slots([f for f in facts_of(inp, s.continuing) if not f.nil], False)) if s.continuing_non_nil else None
    out = []
    for slot, facts in continuing.items():
        if valued is not None and slot not in valued:
            continue
        f = facts[0]
        value = f.raw if not f.nil else "nil"
        out.append(
            violation(
                RULE_ID,
                f"{RULE_ID}.{s.number}",
                f,
                f"{f.qname} is reported ({value}; {described(f)}) but the filing reports neither {s.total} nor "
                f"{s.discontinued} without dimensions. The cash flow statement should report the total {s.total} (a "
                f"required disclosure); if {value} is that total, tag it with {s.total} instead.",
            )
        )
    return out


def check(inp: RuleInput) -> list[CheckResult]:
    annual = inp.data.document_type in ANNUAL
    return [r for s in SECTIONS for r in _section(inp, s, annual)]


FAMILY = Rule(
    key="0060",
    rule_id=RULE_ID,
    name="Element Dependence for Specific Elements",
    codes=tuple(f"{RULE_ID}.{s.number}" for s in SECTIONS),
    check=check,
    forms=frozenset(),  # the compiled rule has no form test: any form
)
