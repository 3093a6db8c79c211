"""DQC.US.0192 "Balance Sheet Values of an Accelerated Filer Below One Million": a large accelerated or accelerated
filer whose balance sheet amounts are all below 1,000,000 has probably entered them without their scale (in thousands).

Official logic (DQCRT 27): when dei:EntityFilerCategory (non-dimensional) is "Large Accelerated Filer" or "Accelerated
Filer", the filing's first balance sheet network (by definition) gives the monetary concepts presented below
StatementOfFinancialPositionAbstract, AssetsAbstract, LiabilitiesAbstract or LiabilitiesAndStockholdersEquityAbstract;
the largest value of their non-dimensional facts (any period, nils left out) below 1,000,000 is one finding for the
filing, about the fact holding that value. The compiled rule set has no form test.
"""

from __future__ import annotations

from decimal import Decimal

from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, violation
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0192"
CODE = f"{RULE}.10620"
QUERY = "dqc.dqc_0192_inputs"
ACCELERATED = frozenset(("Large Accelerated Filer", "Accelerated Filer"))
LIMIT = Decimal(1000000)


def check(inp: RuleInput) -> list[CheckResult]:
    rows = inp.rows(QUERY)
    if not rows or not ACCELERATED & set(rows[0]["categories"]) or not rows[0]["role"]:
        return []
    row = rows[0]
    index = engine_facts(inp.data)
    facts = [f for k in row["items"] for f in index.get(k, []) if not f.dims and f.value is not None]
    if not facts:
        return []
    top = max(facts, key=lambda f: (f.amount, f.context_id or "", f.fact_id))
    if top.amount >= LIMIT:
        return []
    msg = (
        f"The filer is a {', '.join(sorted(ACCELERATED & set(row['categories'])))} but the largest amount on its balance "
        f"sheet ({row['definition']}) is {top.qname} = {top.raw} ({described(top)}), below 1,000,000. The balance sheet "
        "values are probably reported without their scale (e.g. in thousands): check the values and their decimals."
    )
    return [violation(RULE, CODE, top, msg)]


FAMILY = Rule(
    key="0192",
    rule_id=RULE,
    name="Balance Sheet Values of an Accelerated Filer Below One Million",
    codes=(CODE,),
    check=check,
    queries=(QUERY,),
    forms=frozenset(),  # the compiled official rule names no form: every form
)
