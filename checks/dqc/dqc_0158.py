"""DQC.US.0158: a fact uses the RelatedAndNonrelatedPartyStatusAxis (deprecated; use RelatedPartyTransactionsByRelatedPartyAxis).

Structural: every fact (nil ones too) with a member on that axis is one finding (10078). When one of those facts is a
nil extensible enumeration the official engine's rule stops without findings (as on DBD_Q2_2023); the query then
returns one row without a code saying so, and the rule reports not_evaluable with that reason instead of a silent
"no findings". The official rule set runs it on every form. The query is cypher/dqc/dqc_0158.cypher.
"""

from __future__ import annotations

from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput, findings_from_rows

RULE_ID = "DQC.US.0158"
QUERY = "dqc.dqc_0158"


def check(inp: RuleInput) -> list[CheckResult]:
    rows = inp.rows(QUERY)
    stopped = [r for r in rows if r["sub_rule"] == RULE_ID]
    if stopped:
        reason = str(stopped[0]["message"])
        return [
            CheckResult(
                rule_id=RULE_ID,
                sub_rule=RULE_ID,
                status="not_evaluable",
                reason=reason,
                concept=stopped[0]["concept"],
                message=reason,
            )
        ]
    return findings_from_rows(FAMILY, rows)


FAMILY = Rule(
    key="0158",
    rule_id=RULE_ID,
    name="Deprecated Related Party Status Axis",
    codes=(f"{RULE_ID}.10078",),
    check=check,
    queries=(QUERY,),
    portfolio_query=QUERY,  # the query answers for every filing at once too
    forms=frozenset(),  # empty: every form (the official rule set names none for this rule)
)
