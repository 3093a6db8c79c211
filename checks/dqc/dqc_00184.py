"""DQC.US.00184 "OCI Reconciliation of Before Tax and Net of Tax OCI Items": an after-tax OCI item, its before-tax amount and its tax must share a sign.

The us-gaap taxonomy's own OCI statement calculations give, for an after-tax item, its two components (before tax,
tax). In each alignment (period, unit, dimensions) where the filing reports all three with non-zero values, not all of
the same sign, and the first component minus the second differs from the after-tax amount, the after-tax fact is a
finding. 10163 takes the after-tax items under OtherComprehensiveIncomeLossNetOfTax in the us-gaap network
StatementOfOtherComprehensiveIncomeAlternative; 10164 a fixed list of after-tax items, with their components from
StatementOfOtherComprehensiveIncomeFouthAlternative. Values compare exactly (Decimal); nil values take no part.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from itertools import product

from auditgraph.checks.dqc._common import total_violation
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput
from auditgraph.checks.xbrl_decimals import fmt
from auditgraph.errors import RuleDataMissing

RULE = "DQC.US.00184"
QUERY = "dqc.dqc_00184_calc"
ROLES = "http://fasb.org/us-gaap/role/statement/"
ALTERNATIVE = ROLES + "StatementOfOtherComprehensiveIncomeAlternative"
FOURTH = ROLES + "StatementOfOtherComprehensiveIncomeFouthAlternative"
USGAAP = "http://fasb.org/us-gaap/"
EXCLUDED_10163 = frozenset(
    {
        "OciLiabilityForFuturePolicyBenefitGainLossAfterReclassificationAdjustmentAndTax",
        "OciMarketRiskBenefitInstrumentSpecificCreditRiskGainLossAfterAdjustmentsAndTax",
    }
)
PARENTS_10164 = (
    "OtherComprehensiveIncomeUnrealizedHoldingGainLossOnSecuritiesArisingDuringPeriodNetOfTax",
    "OtherComprehensiveIncomeLossTransfersFromHeldToMaturityToAvailableForSaleSecuritiesNetOfTax",
    "OtherComprehensiveIncomeLossReclassificationAdjustmentFromAOCIForSaleOfSecuritiesNetOfTax",
    "OtherComprehensiveIncomeLossReclassificationAdjustmentFromAOCIForWritedownOfSecuritiesNetOfTax",
    "OtherComprehensiveIncomeLossReclassificationAdjustmentFromAociForInvestmentTransferredFromAvailableForSaleToEquityMethodAfterTax",
    "OciDebtSecuritiesAvailableForSaleTransferToHeldToMaturityAdjustmentFromAociForAmortizationOfGainLossAfterTax",
    "OtherComprehensiveIncomeLossCashFlowHedgeGainLossBeforeReclassificationAfterTax",
    "OtherComprehensiveIncomeLossCashFlowHedgeGainLossReclassificationAfterTax",
    "OtherComprehensiveIncomeLossDerivativeExcludedComponentIncreaseDecreaseAdjustmentsAfterTax",
    "OtherComprehensiveIncomeLossFinancialLiabilityFairValueOptionReclassificationAdjustmentFromAociForDerecognitionAfterTax",
    "OtherComprehensiveIncomeLossForeignCurrencyTransactionAndTranslationReclassificationAdjustmentFromAOCIRealizedUponSaleOrLiquidationNetOfTax",
    "OtherComprehensiveIncomeDefinedBenefitPlanNetPriorServiceCostsCreditArisingDuringPeriodNetOfTax",
    "OtherComprehensiveIncomeLossFinalizationOfPensionAndNonPensionPostretirementPlanValuationNetOfTax",
    "OtherComprehensiveIncomeLossReclassificationAdjustmentFromAOCIPensionAndOtherPostretirementBenefitPlansForNetTransitionAssetObligationNetOfTax",
    "OtherComprehensiveIncomeLossReclassificationAdjustmentFromAOCIPensionAndOtherPostretirementBenefitPlansForNetGainLossNetOfTax",
    "OtherComprehensiveIncomeLossAmortizationAdjustmentFromAOCIPensionAndOtherPostretirementBenefitPlansForNetPriorServiceCostCreditNetOfTax",
)

Children = dict[tuple[str, str], list[str]]  # (role, parent name) -> child names in arc order
Alignment = tuple[str, str | None, tuple[tuple[str, str], ...]]


def _children(inp: RuleInput) -> Children:
    rows = inp.rows(QUERY)
    if not rows:
        raise RuleDataMissing(
            f"the us-gaap {inp.year} release in the database has no calculation network "
            "StatementOfOtherComprehensiveIncomeAlternative / FouthAlternative (the rule reads the taxonomy's own OCI "
            f"calculations); load the official us-gaap {inp.year} package"
        )
    out: Children = defaultdict(list)
    for r in rows:  # ordered by role, parent, order
        out[(r["role"], r["parent"])].append(r["child"])
    return out


def _triples(children: Children) -> list[tuple[str, list[str]]]:
    """(code, [first component, second component, after-tax item]) for every after-tax item the rule tests."""
    out = []
    for parent in children.get((ALTERNATIVE, "OtherComprehensiveIncomeLossNetOfTax"), []):
        if parent not in EXCLUDED_10163:
            out.append(("10163", children.get((ALTERNATIVE, parent), []) + [parent]))
    for parent in dict.fromkeys(PARENTS_10164):
        out.append(("10164", children.get((FOURTH, parent), []) + [parent]))
    return out


def _by_alignment(facts: list[Fact]) -> dict[str, dict[Alignment, list[Fact]]]:
    out: dict[str, dict[Alignment, list[Fact]]] = defaultdict(lambda: defaultdict(list))
    for f in facts:
        ns, _, name = f.concept_key.rpartition("#")
        if ns.startswith(USGAAP) and f.value is not None:
            out[name][(f.period_key, f.unit, f.dims)].append(f)
    return out


def _sign(v: Decimal) -> int:
    return (v > 0) - (v < 0)


def _finding(code: str, first: Fact, second: Fact, total: Fact) -> CheckResult:
    a, b = first.amount, second.amount
    message = (
        f"{total.qname} is {total.raw}, {first.qname} is {first.raw} and {second.qname} is {second.raw} "
        f"(period {total.period_key}, dimensions {', '.join(total.dim_strings) or 'none'}). The after-tax amount and its "
        f"before-tax and tax components should share one sign, and {fmt(a)} - {fmt(b)} = {fmt(a - b)}, not {total.raw}: "
        "check the sign of each value."
    )
    return total_violation(RULE, code, total, a - b, message)


def check(inp: RuleInput) -> list[CheckResult]:
    facts = _by_alignment(inp.data.facts)
    out = []
    for code, names in _triples(_children(inp)):
        if len(names) != 3 or not all(n in facts for n in names):
            continue
        first, second, total = (facts[n] for n in names)
        for key in first.keys() & second.keys() & total.keys():
            for a, b, t in product(first[key], second[key], total[key]):
                values = (a.amount, b.amount, t.amount)
                if 0 in values or abs(sum(_sign(v) for v in values)) == 3:
                    continue
                if a.amount - b.amount != t.amount:
                    out.append(_finding(code, a, b, t))
    return out


FAMILY = Rule(
    key="00184",
    rule_id=RULE,
    name="OCI Reconciliation of Before Tax and Net of Tax OCI Items",
    codes=(f"{RULE}.10163", f"{RULE}.10164"),
    check=check,
    queries=(QUERY,),
    forms=frozenset(),  # the official rule set has no form test: any form
)
