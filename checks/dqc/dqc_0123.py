"""DQC.US.0123 "Missing Components of Equity Axis".

Official logic (dqc_us_rules DQC_0123, compiled rule set 27): a non-nil StockholdersEquity or
StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest fact whose only dimension is
StatementClassOfStockAxis (any member) is the equity of a class of stock, which the equity statement reports with
the equity component as well (StatementEquityComponentsAxis with the common, preferred or treasury stock member).
Not reported when the filing also reports NetAssetValuePerShare with the same class member as its only dimension
for the same period (a business development company reporting net assets per class).
"""

from __future__ import annotations

from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, facts_of, us_gaap_key, violation
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE_ID = "DQC.US.0123"
CODE = f"{RULE_ID}.9583"
CLASS_AXIS = "us-gaap:StatementClassOfStockAxis"
EQUITY = ("StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest", "StockholdersEquity")


def _class_only(dims: tuple[tuple[str, str], ...]) -> bool:
    return len(dims) == 1 and dims[0][0] == CLASS_AXIS


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    nav = {
        (f.period_key, f.dims)
        for f in index.get(us_gaap_key(inp.year, "NetAssetValuePerShare"), [])
        if not f.nil and f.unit and _class_only(f.dims)
    }
    out = []
    for f in facts_of(index, [us_gaap_key(inp.year, n) for n in EQUITY]):
        if f.nil or not f.unit or not _class_only(f.dims) or (f.period_key, f.dims) in nav:
            continue
        msg = (
            f"{f.qname} is reported as {f.raw} with {CLASS_AXIS}={f.dims[0][1]} as its only dimension ({described(f)}): "
            "the equity of a class of stock in the equity statement also names its equity component. Add "
            "StatementEquityComponentsAxis with the common, preferred or treasury stock member to this fact, or use "
            f"another element than {f.name} if the value is not part of stockholders' equity."
        )
        out.append(violation(RULE_ID, CODE, f, msg))
    return out


FAMILY = Rule(
    key="0123",
    rule_id=RULE_ID,
    name="Missing Components of Equity Axis",
    codes=(CODE,),
    check=check,
    forms=frozenset(),  # the official rule names no document type
)
