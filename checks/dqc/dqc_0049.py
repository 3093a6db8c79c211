"""DQC.US.0049 "Single Calculation Tree for Change in Cash Flows" (7483).

Official logic (compiled rule set 27, the same in 2023-2025, any form): each calculation network of a cash flow
statement role (a presentation network holding StatementOfCashFlowsAbstract whose role URI contains "cashflow" and not
"parenthetical" and whose definition contains "- Statement ", cypher/dqc/dqc_0049_roles.cypher) is reported when its
roots, by local name, leaving out the filing's own (extension) elements and us-gaap
NoncashOrPartNoncashAcquisitionNetNonmonetaryAssetsAcquiredLiabilitiesAssumed1, include both a change-in-cash total
(CashAndCashEquivalentsPeriodIncreaseDecrease, CashPeriodIncreaseDecrease, ...ExcludingExchangeRateEffect, and the
two restricted-cash totals, which the rule spells ...RestrictedCashandRestricted..., with a small "and": as local
names compare exactly, the us-gaap elements ...RestrictedCashAndRestricted... never match, and we keep that) and an
element that should never be a root of the cash flow statement (DQCRT
NONALLOWED_ROOT_ELEMENTS_CASHFLOW): the statement should have the change in cash as its only calculation root. One
finding per network; it names no fact.
"""

from __future__ import annotations

from auditgraph.checks.dqc.dqc_0195 import us_gaap_key
from auditgraph.checks.filing_data import local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0049"
CODE = f"{RULE_ID}.7483"
ROLES = "dqc.dqc_0049_roles"
TOTALS = frozenset(
    {
        "CashAndCashEquivalentsPeriodIncreaseDecrease",
        "CashPeriodIncreaseDecrease",
        "CashAndCashEquivalentsPeriodIncreaseDecreaseExcludingExchangeRateEffect",
        "CashCashEquivalentsRestrictedCashandRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect",
        "CashCashEquivalentsRestrictedCashandRestrictedCashEquivalentsPeriodIncreaseDecreaseExcludingExchangeRateEffect",
    }
)
IGNORED_ROOT = "NoncashOrPartNoncashAcquisitionNetNonmonetaryAssetsAcquiredLiabilitiesAssumed1"


def _standard(inp: RuleInput, key: str) -> bool:
    """Not one of the filing's own elements (an extension concept key starts with the filing id)."""
    return not key.startswith(f"{inp.filing_id}|")


def check(inp: RuleInput) -> list[CheckResult]:
    nonallowed: frozenset[str] = inp.constant("NONALLOWED_ROOT_ELEMENTS_CASHFLOW")
    out = []
    for row in inp.rows(ROLES):
        role = row["role"]
        arcs = [a for a in inp.data.calc if a.role == role]
        targets = {a.target_key for a in arcs}
        tops = {a.source_key: a.source for a in arcs if a.source_key not in targets}
        ignored = us_gaap_key(inp.year, IGNORED_ROOT)
        names = sorted({local(q) for k, q in tops.items() if _standard(inp, k) and k != ignored})
        if not set(names) & TOTALS or not set(names) & nonallowed:
            continue
        out.append(
            CheckResult(
                rule_id=RULE_ID,
                sub_rule=CODE,
                status="violation",
                concept=next(q for k, q in sorted(tops.items()) if _standard(inp, k) and local(q) in TOTALS),
                network=role,
                network_definition=row["definition"],
                message=(
                    f"The calculation network of the cash flow statement {row['definition']} ({role}) has several roots: "
                    f"{', '.join(names)}. The statement should have one calculation root, the change in cash for the "
                    "period (with restricted cash after ASU 2016-18: "
                    "CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect, "
                    "or the ...ExcludingExchangeRateEffect element when the total leaves out exchange rate effects): "
                    f"calculate {', '.join(sorted(set(names) & nonallowed))} into it."
                ),
            )
        )
    return out


FAMILY = Rule(
    key="0049",
    rule_id=RULE_ID,
    name="Single Calculation Tree for Change in Cash Flows",
    codes=(CODE,),
    check=check,
    constants=("NONALLOWED_ROOT_ELEMENTS_CASHFLOW",),
    queries=(ROLES,),
    forms=frozenset(),  # the compiled rule has no form test: any form
)
