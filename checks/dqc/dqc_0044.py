"""DQC.US.0044 "Accrual Items in Financing or Investing Cash Flows": a non-zero fact of an accrual-based element
(DQCRT ACCRUAL_ITEMS) that the filing calculates into its financing (6834) or investing (7503) cash flows. One
finding per fact (any dimensions)."""

from __future__ import annotations

from auditgraph.checks.dqc.dqc_0081 import engine_facts, filing_descendants, gaap_key
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0044"
SUB_RULES = {
    "6834": (
        "financing",
        ("NetCashProvidedByUsedInFinancingActivities", "NetCashProvidedByUsedInFinancingActivitiesContinuingOperations"),
    ),
    "7503": (
        "investing",
        ("NetCashProvidedByUsedInInvestingActivities", "NetCashProvidedByUsedInInvestingActivitiesContinuingOperations"),
    ),
}


def check(inp: RuleInput) -> list[CheckResult]:
    accruals = inp.constant("ACCRUAL_ITEMS")
    # only accrual items can be reported, and duplicates fold within one concept: fold those alone
    facts = [f for f in engine_facts(f for f in inp.data.facts if f.concept_key in accruals) if f.amount != 0]
    out = []
    for code, (section, totals) in SUB_RULES.items():
        inside = {
            k: role for k, role in filing_descendants(inp.data, {gaap_key(inp.year, t) for t in totals}).items() if k in accruals
        }
        out += [_finding(inp, code, section, f, inside[f.concept_key]) for f in facts if f.concept_key in inside]
    return out


def _finding(inp: RuleInput, code: str, section: str, f: Fact, role: str) -> CheckResult:
    definition = inp.data.roles[role].definition if role in inp.data.roles else role
    message = (
        f"{f.qname} = {f.raw} ({f.period_key}) is an accrual-based element, yet the filing calculates it into its "
        f"{section} cash flows ({definition!r}); cash flow sections take cash items only: use the cash element "
        f"(payments, proceeds) that matches. (DQC.US.0044.{code})"
    )
    return CheckResult(
        rule_id=RULE,
        sub_rule=f"{RULE}.{code}",
        status="violation",
        concept=f.qname,
        reported_value=f.raw,
        decimals=f.decimals_raw,
        period=f.period_key,
        dimensions=f.dim_strings,
        unit=f.unit,
        network=role,
        network_definition=definition,
        facts=[f.used()],
        contexts=[f.context_id] if f.context_id else [],
        message=message,
    )


FAMILY = Rule(
    key="0044",
    rule_id=RULE,
    name="Accrual Items in Financing or Investing Cash Flows",
    codes=tuple(f"{RULE}.{c}" for c in SUB_RULES),
    check=check,
    constants=("ACCRUAL_ITEMS",),
    forms=frozenset(),  # the DQCRT rule names no form: it runs on every filing
)
