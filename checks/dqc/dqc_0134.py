"""DQC.US.0134 "Available-for-Sale Debt Securities With the Investment Type Axis": amounts of available-for-sale debt
securities (amortized cost, fair value, current and noncurrent, before and after the credit allowance) break down on
FinancialInstrumentAxis, not on InvestmentTypeAxis.

Official logic (DQCRT 27): each fact of the rule's 18 elements (nils too) with a member of InvestmentTypeAxis other
than FixedMaturitiesMember and ShortTermInvestmentsMember (the insurance members that axis keeps for them). Such a fact
always carries an axis of the rule's invalid set (InvestmentTypeAxis itself, CashAndCashEquivalentsAxis,
RestrictedCashAndCashEquivalentsCashAndCashEquivalentsAxis), so each is one finding naming the invalid axes it has.
The compiled rule set has no form test.
"""

from __future__ import annotations

from auditgraph.checks.dqc.dqc_0195 import described, engine_facts, facts_of, us_gaap_key, violation
from auditgraph.checks.filing_data import local
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput

RULE = "DQC.US.0134"
CODE = f"{RULE}.9834"
ELEMENTS = (
    "AvailableForSaleDebtSecuritiesAmortizedCostBasis",
    "DebtSecuritiesAvailableForSaleAmortizedCostCurrent",
    "DebtSecuritiesAvailableForSaleAmortizedCostNoncurrent",
    "DebtSecuritiesAvailableForSaleAmortizedCostExcludingAccruedInterestBeforeAllowanceForCreditLoss",
    "DebtSecuritiesAvailableForSaleAmortizedCostExcludingAccruedInterestBeforeAllowanceForCreditLossCurrent",
    "DebtSecuritiesAvailableForSaleAmortizedCostExcludingAccruedInterestBeforeAllowanceForCreditLossNoncurrent",
    "DebtSecuritiesAvailableForSaleAmortizedCostExcludingAccruedInterestAfterAllowanceForCreditLoss",
    "DebtSecuritiesAvailableForSaleAmortizedCostExcludingAccruedInterestAfterAllowanceForCreditLossCurrent",
    "DebtSecuritiesAvailableForSaleAmortizedCostExcludingAccruedInterestAfterAllowanceForCreditLossNoncurrent",
    "DebtSecuritiesAvailableForSaleAmortizedCostAfterAllowanceForCreditLoss",
    "DebtSecuritiesAvailableForSaleAmortizedCostAfterAllowanceForCreditLossCurrent",
    "DebtSecuritiesAvailableForSaleAmortizedCostAfterAllowanceForCreditLossNoncurrent",
    "AvailableForSaleSecuritiesDebtSecurities",
    "AvailableForSaleSecuritiesDebtSecuritiesCurrent",
    "AvailableForSaleSecuritiesDebtSecuritiesNoncurrent",
    "DebtSecuritiesAvailableForSaleExcludingAccruedInterest",
    "DebtSecuritiesAvailableForSaleExcludingAccruedInterestCurrent",
    "DebtSecuritiesAvailableForSaleExcludingAccruedInterestNoncurrent",
)
ALLOWED_MEMBERS = frozenset(("FixedMaturitiesMember", "ShortTermInvestmentsMember"))
INVALID_AXES = ("CashAndCashEquivalentsAxis", "RestrictedCashAndCashEquivalentsCashAndCashEquivalentsAxis", "InvestmentTypeAxis")


def check(inp: RuleInput) -> list[CheckResult]:
    index = engine_facts(inp.data)
    out = []
    for f in facts_of(index, [us_gaap_key(inp.year, n) for n in ELEMENTS]):
        member = next((m for a, m in f.dims if local(a) == "InvestmentTypeAxis"), None)
        if member is None or local(member) in ALLOWED_MEMBERS:
            continue
        invalid = [a for a, _ in f.dims if local(a) in INVALID_AXES]
        msg = (
            f"{f.qname} = {f.raw if not f.nil else 'nil'} ({described(f)}) uses {', '.join(invalid)}. Available-for-sale "
            "debt securities are broken down on FinancialInstrumentAxis alone: drop the other axis, and arrange the "
            "FinancialInstrumentAxis members in a hierarchy if there is a subtotal."
        )
        out.append(violation(RULE, CODE, f, msg))
    return out


FAMILY = Rule(
    key="0134",
    rule_id=RULE,
    name="Available-for-Sale Debt Securities With the Investment Type Axis",
    codes=(CODE,),
    check=check,
    forms=frozenset(),  # the compiled official rule names no form: every form
)
