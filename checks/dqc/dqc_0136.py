"""DQC.US.0136: an extensible enumeration naming a line item that is not in the face financial statements.

For each (element, extensible enumeration) pair of the DQCRT constant EXT_ENUM whose element is not a lease element
(leases are DQC.US.0120's), each element a non-nil enumeration fact names that is not a monetary element of any
statement presentation network ("- Statement " in the definition) is one finding on that fact. A filing without
statement networks has none.
"""

from __future__ import annotations

from auditgraph.checks.result import CheckResult, FactUsed
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0136"
CODE = f"{RULE_ID}.9837"
ITEMS_QUERY = "dqc.dqc_0136_statement_items"
FACTS_QUERY = "dqc.dqc_0136_facts"
LEASE_ITEMS = frozenset(
    (
        "FinanceLeaseLiability",
        "FinanceLeaseLiabilityCurrent",
        "FinanceLeaseLiabilityNoncurrent",
        "FinanceLeaseRightOfUseAsset",
        "OperatingLeaseRightOfUseAsset",
        "OperatingLeaseLiability",
        "OperatingLeaseLiabilityCurrent",
        "OperatingLeaseLiabilityNoncurrent",
    )
)


def _is_lease(key: str) -> bool:
    ns, _, name = key.partition("#")
    return ns.startswith("http://fasb.org/us-gaap/") and name in LEASE_ITEMS


def check(inp: RuleInput) -> list[CheckResult]:
    pairs: frozenset[tuple[str, str]] = inp.constant("EXT_ENUM")
    enumerations = sorted({enum for element, enum in pairs if not _is_lease(element)})
    facts = inp.rows(FACTS_QUERY, concept_keys=enumerations)
    if not facts:
        return []
    rows = inp.rows(ITEMS_QUERY)
    if not rows:  # no statement network: the rule does not apply
        return []
    monetary = {r["item"] for r in rows if r["monetary"]}
    out = []
    for f in facts:
        for named in f["value"].split():
            if named in monetary:
                continue
            used = FactUsed(
                fact_id=f["fact_id"],
                concept=f["qname"],
                value=f["value"],
                decimals=None,
                context_id=f["context_id"],
                period=f["period_key"],
                dimensions=list(f["dims"]),
                role="fact",
            )
            out.append(
                CheckResult(
                    rule_id=RULE_ID,
                    sub_rule=CODE,
                    status="violation",
                    concept=f["qname"],
                    reported_value=f["value"],
                    period=f["period_key"],
                    dimensions=list(f["dims"]),
                    facts=[used],
                    contexts=[f["context_id"]] if f["context_id"] else [],
                    message=(
                        f"{f['qname']} (period {f['period_key']}, context {f['context_id']}) says the amount is part of the "
                        f"line item {named}, but no statement presentation network shows {named} as a monetary line "
                        f"item. Name the statement element that holds the amount, or present {named} in the statement "
                        "(and its calculation) where it appears."
                    ),
                )
            )
    return out


FAMILY = Rule(
    key="0136",
    rule_id=RULE_ID,
    name="Caption Value Matches Financial Statements",
    codes=(CODE,),
    check=check,
    constants=("EXT_ENUM",),
    queries=(ITEMS_QUERY, FACTS_QUERY),
    forms=frozenset(),  # the official rule names no form: every form
)
