"""DQC.US.0045 "Cash Flow Items in the Wrong Section": an element the filing calculates into one section of its cash
flow statement (the continuing operations investing or financing total) that us-gaap calculates only into another
(the continuing operations operating, financing or investing total), CASH_FLOW_EXCEPTIONS aside.

- 6835: an operating item in investing; 6836: a financing item in investing; 6837: an investing item in financing;
  6838: an operating item in financing.

One finding per element; it names no fact."""

from __future__ import annotations

from auditgraph.checks.dqc.dqc_0081 import (
    CALC_QUERY,
    CASH_FLOW_EXCEPTIONS,
    RELEASE_QUERY,
    filing_descendants,
    gaap_key,
    read_taxonomy_calc,
)
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0045"
OPERATING = "NetCashProvidedByUsedInOperatingActivitiesContinuingOperations"
INVESTING = "NetCashProvidedByUsedInInvestingActivitiesContinuingOperations"
FINANCING = "NetCashProvidedByUsedInFinancingActivitiesContinuingOperations"
# code: (the section us-gaap puts the element in, the filer's section where it must not be)
SUB_RULES = {
    "6835": (OPERATING, INVESTING),
    "6836": (FINANCING, INVESTING),
    "6837": (INVESTING, FINANCING),
    "6838": (OPERATING, FINANCING),
}
SECTION = {OPERATING: "operating", INVESTING: "investing", FINANCING: "financing"}


def check(inp: RuleInput) -> list[CheckResult]:
    tax = read_taxonomy_calc(inp)
    exceptions = {gaap_key(inp.year, n) for n in CASH_FLOW_EXCEPTIONS}
    out = []
    for code, (home, section) in SUB_RULES.items():
        in_filing = filing_descendants(inp.data, {gaap_key(inp.year, section)})
        for key in sorted(tax.descendants([gaap_key(inp.year, home)]) & set(in_filing) - exceptions):
            out.append(_finding(inp, code, key, home, section, in_filing[key]))
    return out


def _finding(inp: RuleInput, code: str, key: str, home: str, section: str, role: str) -> CheckResult:
    qname = next((a.target for a in inp.data.calc if a.target_key == key), key.rpartition("#")[2])
    definition = inp.data.roles[role].definition if role in inp.data.roles else role
    message = (
        f"{qname} is calculated into the {SECTION[section]} cash flows ({section.removesuffix('ContinuingOperations')}, "
        f"in {definition!r}), but us-gaap counts it among {SECTION[home]} activities only; check the calculation and "
        f"the element chosen. (DQC.US.0045.{code})"
    )
    return CheckResult(rule_id=RULE, sub_rule=f"{RULE}.{code}", status="violation", concept=qname, network=role, message=message)


FAMILY = Rule(
    key="0045",
    rule_id=RULE,
    name="Cash Flow Items in the Wrong Section",
    codes=tuple(f"{RULE}.{c}" for c in SUB_RULES),
    check=check,
    queries=(CALC_QUERY, RELEASE_QUERY),
    forms=frozenset(),  # the DQCRT rule names no form: it runs on every filing
)
