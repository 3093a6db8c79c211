"""DQC.US.0197 "Income Statement Items used on The Changes in Shareholders Equity".

Official logic (dqc_us_rules DQC_0197, compiled rule set 27; us-gaap 2024 and 2025 only): an income statement line
item is not a movement of an equity column, so it has no fact with a member of StatementEquityComponentsAxis.
The line items are the DQCRT constant INCOME_STATEMENT_CONCEPTS plus every summation-item descendant of
PreferredStockDividendsAndOtherAdjustments in the us-gaap calculations, less NetIncomeLoss, ProfitLoss,
NetIncomeLossAttributableToNoncontrollingInterest and InvestmentCompanyDividendDistribution (which do move equity).
Every non-nil fact of such a line item with any member on the axis is reported (zero values included), unless it
also has a member on ReclassificationOutOfAccumulatedOtherComprehensiveIncomeAxis (an AOCI reclassification).
"""

from __future__ import annotations

from auditgraph.checks.dqc.dqc_0081 import RELEASE_QUERY, cache_key
from auditgraph.checks.dqc.dqc_0195 import AXIS, described, engine_facts, facts_of, member_on, us_gaap_key, violation
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0197"
CODE = f"{RULE_ID}.10634"
PREFERRED_ITEMS = "dqc.dqc_0197_preferred_items"
RECLASSIFICATION_AXIS = "us-gaap:ReclassificationOutOfAccumulatedOtherComprehensiveIncomeAxis"
MOVES_EQUITY = (
    "NetIncomeLoss",
    "ProfitLoss",
    "NetIncomeLossAttributableToNoncontrollingInterest",
    "InvestmentCompanyDividendDistribution",
)


_PREFERRED_CACHE: dict[tuple[object, ...], frozenset[str]] = {}  # by server, database, year and release stamps


def preferred_items(inp: RuleInput) -> frozenset[str]:
    """The us-gaap descendants of PreferredStockDividendsAndOtherAdjustments: a read of the year's release, kept per
    process while its load stamps stay the same (dqc_0081.cache_key; the stamps are read once per filing's audit)."""
    key = cache_key(inp)
    if key is not None and key in _PREFERRED_CACHE:
        return _PREFERRED_CACHE[key]
    items = frozenset(r["concept_key"] for r in inp.rows(PREFERRED_ITEMS))
    if key is not None:
        if len(_PREFERRED_CACHE) >= 4:  # a few years' releases
            _PREFERRED_CACHE.pop(next(iter(_PREFERRED_CACHE)))
        _PREFERRED_CACHE[key] = items
    return items


def check(inp: RuleInput) -> list[CheckResult]:
    items = set(inp.constant("INCOME_STATEMENT_CONCEPTS")) | preferred_items(inp)
    items -= {us_gaap_key(inp.year, n) for n in MOVES_EQUITY}
    out = []
    for f in facts_of(engine_facts(inp.data), sorted(items)):
        member = member_on(f, AXIS)
        if f.nil or member is None or member_on(f, RECLASSIFICATION_AXIS) is not None:
            continue
        msg = (
            f"{f.qname} is reported as {f.raw} with {member} on {AXIS} ({described(f)}). It is an income statement "
            "line item, not a movement of an equity column: remove the member from this fact, or tag the movement in "
            "equity with another element."
        )
        out.append(violation(RULE_ID, CODE, f, msg))
    return out


FAMILY = Rule(
    key="0197",
    rule_id=RULE_ID,
    name="Income Statement Items used on The Changes in Shareholders Equity",
    codes=(CODE,),
    check=check,
    years=(2024, 2025),  # the 2023 rule set has no DQC_0197
    constants=("INCOME_STATEMENT_CONCEPTS",),
    queries=(PREFERRED_ITEMS, RELEASE_QUERY),
    forms=frozenset(),  # the official rule names no document type
)
