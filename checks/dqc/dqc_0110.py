"""DQC.US.0110 "Consideration Transferred for a Period Shorter Than the Report": the default (no-dimension) fact of
BusinessCombinationConsiderationTransferred1 stands for every acquisition of the period, so its period should be the
reporting period. A shorter one suggests a single acquisition reported without its BusinessAcquisitionAxis member.

Official logic (DQCRT 27): the days of the first DocumentPeriodEndDate fact's period (any dimensions) against each
fact of the element with no dimensions at all (nils too); a finding when the fact's period is more than 20 days
shorter. Both lengths count days the same way, so the comparison does not depend on how days are counted. No
DocumentPeriodEndDate fact: nothing to compare, no finding. The compiled rule set has no form test.
"""

from __future__ import annotations

import datetime as dt

from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, us_gaap_key, violation
from auditgraph.checks.filing_data import FilingData
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0110"
CODE = f"{RULE}.9559"
SLACK_DAYS = 20


def as_date(v: object) -> dt.date | None:
    if v is None or isinstance(v, dt.date):
        return v
    native = v.to_native() if hasattr(v, "to_native") else None
    return native if isinstance(native, dt.date) else dt.date.fromisoformat(str(v))


def document_days(data: FilingData) -> int | None:
    """Days of the DocumentPeriodEndDate fact's period (0 for an instant), the non-dimensional fact first."""
    rows = sorted((r for r in data.dei if r["name"] == "DocumentPeriodEndDate"), key=lambda r: bool(r["dimensional"]))
    if not rows:
        return None
    start, end = as_date(rows[0]["start"]), as_date(rows[0]["end"])
    return (end - start).days if rows[0]["kind"] == "duration" and start and end else 0


def check(inp: RuleInput) -> list[CheckResult]:
    base = document_days(inp.data)
    if base is None:
        return []
    out = []
    for f in engine_facts(inp.data).get(us_gaap_key(inp.year, "BusinessCombinationConsiderationTransferred1"), []):
        if f.dims or f.days is None or f.days >= base - SLACK_DAYS:
            continue
        msg = (
            f"{f.qname} is reported as {f.raw if not f.nil else 'nil'} with no dimensions, the total paid for every "
            f"acquisition of the period, but its period ({f.start} to {f.end}, {described(f)}) is more than "
            f"{SLACK_DAYS} days shorter than the reporting period of the document. If it is the price of one "
            "acquisition, report it with that acquisition's member of the BusinessAcquisitionAxis."
        )
        out.append(violation(RULE, CODE, f, msg))
    return out


FAMILY = Rule(
    key="0110",
    rule_id=RULE,
    name="Consideration Transferred for a Period Shorter Than the Report",
    codes=(CODE,),
    check=check,
    forms=frozenset(),  # the compiled official rule names no form: every form
)
