"""DQC.US.0119 "Income Before Taxes and Equity Method Investments": the pre-tax income element that excludes equity
method income needs equity method income to exist.

- 9576: every fact without dimensions of IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncome
  LossFromEquityMethodInvestments is reported when the filing reports no fact (any dimensions, nil included) of
  IncomeLossFromEquityMethodInvestments, IncomeLossFromEquityMethodInvestmentsNetOfDividendsOrDistributions or
  IncomeLossFromAffordableHousingProjectsEquityMethodInvestments.
- 9577: the filer's calculations put IncomeLossFromEquityMethodInvestments (else ...NetOfDividendsOrDistributions) among
  the summation-item descendants of that pre-tax element, which by definition excludes it (one finding, no fact).
"""

from __future__ import annotations

from collections import defaultdict

from auditgraph.checks.filing_data import Fact, FilingData, local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput, fact_violation

RULE = "DQC.US.0119"
S9576, S9577 = f"{RULE}.9576", f"{RULE}.9577"
BEFORE_TAX = "IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments"
EQUITY = (
    "IncomeLossFromEquityMethodInvestments",
    "IncomeLossFromEquityMethodInvestmentsNetOfDividendsOrDistributions",
    "IncomeLossFromAffordableHousingProjectsEquityMethodInvestments",
)
USGAAP = "fasb.org/us-gaap/"


def _gaap(f: Fact) -> bool:
    return USGAAP in f.namespace


def check_9576(data: FilingData) -> list[CheckResult]:
    if any(f.name in EQUITY and _gaap(f) for f in data.facts):
        return []
    out = []
    for f in data.facts:
        if f.name != BEFORE_TAX or not _gaap(f) or f.dims:
            continue
        msg = (
            f"{f.qname} is reported as {f.raw or 'nil'} ({f.period_key}) but the filing reports no income from equity "
            f"method investments. This element excludes equity method income; without such income use "
            f"IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest instead."
        )
        out.append(fact_violation(RULE, "9576", f, msg))
    return out


def check_9577(data: FilingData) -> list[CheckResult]:
    children: dict[tuple[str, str], set[str]] = defaultdict(set)  # (role, parent) -> children: one network at a time
    for a in data.calc:
        children[(a.role, a.source_key)].add(a.target_key)
    below: set[str] = set()
    for a in data.calc:
        if local(a.source) != BEFORE_TAX or USGAAP not in a.source_key:
            continue
        stack = [a.source_key]
        seen = {a.source_key}
        while stack:
            for t in children.get((a.role, stack.pop()), ()):
                if t not in seen:
                    seen.add(t)
                    below.add(t.rsplit("#", 1)[-1])
                    stack.append(t)
    found = next((e for e in EQUITY[:2] if e in below), None)
    if found is None:
        return []
    msg = (
        f"The filer's calculation puts {found} below {BEFORE_TAX}, an element that by definition excludes income from "
        f"equity method investments. Use IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrolling"
        f"Interest for the total that includes it."
    )
    return [CheckResult(rule_id=RULE, sub_rule=S9577, status="violation", concept=f"us-gaap:{found}", message=msg)]


def check_0119(inp: RuleInput) -> list[CheckResult]:
    return check_9576(inp.data) + check_9577(inp.data)


FAMILY = Rule(
    key="0119",
    rule_id=RULE,
    name="Income Before Taxes and Equity Method Investments",
    codes=(S9576, S9577),
    check=check_0119,
    forms=frozenset(),  # the official rule names no forms: it runs on every filing
)
