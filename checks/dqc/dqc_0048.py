"""DQC.US.0048 "Required Calculation Parent Element in the Cash Flow Statement".

The cash flow statement's presentation networks (a "- Statement " role that holds StatementOfCashFlowsAbstract or
whose URI says "cashflow", not a parenthetical one) must have calculations whose root is one of the six totals of
the period's change in cash (continuing, discontinued or whole, including or excluding the exchange rate effect);
an emerging growth company may use other roots, and a network rooted in both the continuing and the discontinued
operations totals passes. Filings of the registration forms the rule set leaves out (S-1, S-3, ..., 10-12G) are
not checked. One finding when those networks have no calculation at all; else, when no calculation network of
theirs passes, one finding per network. Findings name the StatementOfCashFlowsAbstract element, no fact.
"""

from __future__ import annotations

from collections import defaultdict

from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0048"
CODE = f"{RULE}.7482"
QUERY = "dqc.dqc_0048_filing"
CONCEPT = "us-gaap:StatementOfCashFlowsAbstract"
# REPORT_TYPE_EXCLUSIONS of the rule set (constant.xule)
EXCLUDED_FORMS = frozenset(
    ("S-1", "S-3", "S-4", "S-6", "S-8", "S-11", "S-20", "S-1/A", "S-3/A", "S-4/A", "S-6/A", "S-8/A", "S-11/A", "S-20/A")
    + ("F-1", "F-3", "10-12G", "10-12G/A")
)
CASH_CHANGE_ROOTS = tuple(
    "CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecrease" + tail
    for tail in (
        "IncludingExchangeRateEffect",
        "ExcludingExchangeRateEffect",
        "IncludingExchangeRateEffectContinuingOperations",
        "ExcludingExchangeRateEffectContinuingOperations",
        "IncludingExchangeRateEffectDisposalGroupIncludingDiscontinuedOperations",
        "ExcludingExchangeRateEffectDisposalGroupIncludingDiscontinuedOperations",
    )
)
SPLIT_ROOTS = ("NetCashProvidedByUsedInContinuingOperations", "NetCashProvidedByUsedInDiscontinuedOperations")


def _name(key: str) -> str:
    return key.rpartition("#")[2]


def _passes(roots: set[str], egc: bool) -> bool:
    """A calculation network's roots are acceptable (the rule compares local names)."""
    return any(r in roots for r in CASH_CHANGE_ROOTS) or egc or all(r in roots for r in SPLIT_ROOTS)


def check(inp: RuleInput) -> list[CheckResult]:
    rows = inp.rows(QUERY)
    if not rows:
        return []
    facts, pres = rows[0]["facts"], rows[0]["pres"]
    if any(f["name"] == "DocumentType" and (f["value"] or "").strip() in EXCLUDED_FORMS for f in facts):
        return []
    roles = inp.data.roles
    cash_roles = sorted(
        p["role"]
        for p in pres
        if (p["cash_abstract"] or "cashflow" in p["role"].lower())
        and p["role"] in roles
        and "- Statement " in roles[p["role"]].definition
        and "parenthetical" not in p["role"].lower()
    )
    if not cash_roles:
        return []
    egc_facts = [f for f in facts if f["name"] == "EntityEmergingGrowthCompany" and not f["dimensional"]]
    egc = bool(egc_facts) and (egc_facts[0]["value"] or "").strip().lower() in ("true", "1")
    parents: dict[str, set[str]] = defaultdict(set)
    children: dict[str, set[str]] = defaultdict(set)
    for a in inp.data.calc:
        if a.role in cash_roles:
            parents[a.role].add(a.source_key)
            children[a.role].add(a.target_key)
    if not parents:
        return [_finding(inp, cash_roles, None)]
    roots = {role: {_name(k) for k in parents[role] - children[role]} for role in parents}
    if any(_passes(r, egc) for r in roots.values()):
        return []
    return [_finding(inp, [role], sorted(roots[role])) for role in sorted(roots)]


def _finding(inp: RuleInput, roles: list[str], roots: list[str] | None) -> CheckResult:
    definitions = [inp.data.roles[r].definition for r in roles]
    where = "; ".join(f"{r} ({d})" for r, d in zip(roles, definitions, strict=True))
    if roots is None:
        found = "has no calculation at all"
    else:
        found = f"has the calculation root(s) {', '.join(roots)}"
    message = (
        f"The cash flow statement {where} {found}. Its calculation should start from the period's change in cash "
        f"(CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecrease, including or excluding "
        f"the exchange rate effect, or its continuing / discontinued operations variant), so that the operating, "
        f"investing and financing totals add up to it. (DQC.US.0048.7482)"
    )
    return CheckResult(
        rule_id=RULE,
        sub_rule=CODE,
        status="violation",
        concept=CONCEPT,
        network=roles[0],
        network_definition=definitions[0],
        message=message,
    )


FAMILY = Rule(
    key="0048",
    rule_id=RULE,
    name="Required Calculation Parent Element in the Cash Flow Statement",
    codes=(CODE,),
    check=check,
    queries=(QUERY,),
    forms=frozenset(),  # the rule runs on every form but the registration forms it names itself (EXCLUDED_FORMS)
)
