"""DQC.US.0135: an amount that belongs on the face of a statement is reported only in the notes, and the filing does
not say which statement line includes it (the extensible enumeration elements).

DQCRT EXT_ENUM pairs a statement element (GoodwillImpairmentLoss, RestructuringCharges, DerivativeLiabilities, ...)
with the extensible-enumeration element that names the statement line where its amount is included. Both sub-rules
run on 10-K, 10-KT, 10-K/A and 20-F filings with at least one statement network (role definition with "- Statement ")
and leave out a pair whose statement element is already on the statements: among the monetary elements the
statement networks present, or their calculation descendants ("presented" below), or a lease/restricted cash element,
or a pension cost line when NetPeriodicDefinedBenefitsExpenseReversalOfExpenseExcludingServiceCostComponent is
presented, or an OCI fair value line when a DQCRT OCI_SECURITY_RELATED_ITEMS element is presented, or a derivative
asset/liability when one of DQCRT's derivative statement lines is presented; or when the filing reports the element
named like the enumeration element plus "NotDisclosedFlag".

- 9835: the statement element is not below a presented element in any calculation, its facts (without the fair value
  class, plan, derivative risk, hedge and remediation-site axes; non-zero) include one larger in absolute value than 20
  units of the filing's most common monetary precision, and the filing reports no fact of the enumeration element (or
  of the enumerations of its calculation parents and children, or the pension catch-all list). One finding naming the
  largest fact. From us-gaap 2025 the two income tax examination interest and penalty elements are not checked.
- 9836: each non-zero fact of the statement element reported with a statement location axis (BalanceSheetLocationAxis
  for instants, IncomeStatementLocationAxis for durations; not on the axes above) for which no fact of the enumeration
  element has the same period and dimensions. One finding per fact.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from auditgraph.checks.dqc._common import descendants, engine_facts
from auditgraph.checks.filing_data import Fact
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rulebook import Rule, RuleInput, fact_violation

RULE = "DQC.US.0135"
FORMS = frozenset(("10-K", "10-KT", "10-K/A", "20-F"))
STATEMENT_QUERY = "dqc.dqc_0135_statement_concepts"
ENUM_QUERY = "dqc.dqc_0135_enum_facts"
CONSTANTS = (
    "EXT_ENUM",
    "DEFINED_BENEFIT_COST_EXT_ENUM",
    "DEFINED_BENEFIT_COST_FS_LINE_ITEMS",
    "DERIVATIVE_ASSETS_FS_LINE_ITEMS",
    "DERIVATIVE_LIABILITIES_FS_LINE_ITEMS",
    "OCI_SECURITY_RELATED_ITEMS",
)
LEASE_AND_CASH = (
    "FinanceLeaseLiability", "FinanceLeaseLiabilityCurrent", "FinanceLeaseLiabilityNoncurrent", "FinanceLeaseRightOfUseAsset",
    "OperatingLeaseRightOfUseAsset", "OperatingLeaseLiability", "OperatingLeaseLiabilityCurrent", "OperatingLeaseLiabilityNoncurrent",
    "DefinedBenefitPlanOtherCosts", "RestrictedCash", "RestrictedCashAndCashEquivalents", "RestrictedCashAndCashEquivalentsAtCarryingValue",
    "RestrictedCashAndCashEquivalentsNoncurrent", "RestrictedCashCurrent", "RestrictedCashEquivalents", "RestrictedCashEquivalentsCurrent",
    "RestrictedCashEquivalentsNoncurrent", "RestrictedCashNoncurrent",
)  # fmt: skip
OCI_LINES = (
    "FairValueAssetLiabilityRecurringBasisStillHeldUnrealizedGainLossOci", "FairValueAssetRecurringBasisStillHeldUnrealizedGainLossOci",
    "FairValueLiabilityRecurringBasisStillHeldUnrealizedGainLossOci", "FairValueNetDerivativeAssetLiabilityRecurringBasisStillHeldUnrealizedGainLossOci",
    "FairValueRecurringBasisUnobservableInputReconciliationAssetLiabilityGainLossOci",
)  # fmt: skip
SKIP_9835 = ("IncomeTaxExaminationInterestExpense", "IncomeTaxExaminationPenaltiesExpense")
BREAKDOWN_AXES = (
    "FairValueByAssetClassAxis", "FairValueByLiabilityClassAxis", "FinancialInstrumentAxis", "RetirementPlanNameAxis",
    "RetirementPlanTypeAxis", "RetirementPlanSponsorLocationAxis", "DerivativeInstrumentRiskAxis",
    "DerivativeInstrumentsGainLossByHedgingRelationshipAxis", "EnvironmentalRemediationSiteAxis", "HedgingDesignationAxis",
)  # fmt: skip
DURATION_BREAKDOWN_AXES = (*BREAKDOWN_AXES, "RestructuringCostAndReserveAxis", "ProductOrServiceAxis")
PENSION_CATCH_ALL = (
    "DefinedBenefitPlanNetPeriodicBenefitCostCreditExcludingServiceCostStatementOfIncomeOrComprehensiveIncomeExtensibleList"
)
TOLERANCE_FACTOR = 20
Net = dict[str, list[str]]


def local(key: str) -> str:
    return key.rsplit("#", 1)[-1]


def axis_names(f: Fact) -> set[str]:
    return {a.rsplit(":", 1)[-1] for a, _ in f.dims}


def presented(nets: dict[str, Net], monetary: set[str]) -> set[str]:
    """The statements' monetary elements that are calculation totals, with their descendants (the engine's descendant
    navigation that includes its start returns a start only when it has a child)."""
    out: set[str] = set()
    for c in monetary:
        kids = descendants(nets, c)
        if kids:
            out |= kids | {c}
    return out


class Filing:
    """What both sub-rules read of one filing."""

    def __init__(self, inp: RuleInput, statement_rows: list[Any]) -> None:
        self.inp = inp
        self.gaap = f"http://fasb.org/us-gaap/{inp.year}#"
        self.pairs: list[tuple[str, str]] = sorted(inp.constant("EXT_ENUM"))
        self.enum_of: dict[str, list[str]] = defaultdict(list)
        for fs, enum in self.pairs:
            self.enum_of[fs].append(enum)
        up: dict[str, Net] = defaultdict(lambda: defaultdict(list))
        down: dict[str, Net] = defaultdict(lambda: defaultdict(list))
        for a in inp.data.calc:
            down[a.role][a.source_key].append(a.target_key)
            up[a.role][a.target_key].append(a.source_key)
        self.down, self.up = down, up
        monetary = {r["concept_key"] for r in statement_rows if r["base_type"] == "monetary"}
        self.presented = presented(down, monetary)
        keys = sorted({e for _, e in self.pairs} | {self.gaap + PENSION_CATCH_ALL})
        self.enum_facts = inp.rows(ENUM_QUERY, keys=keys)
        self.reported = {r["concept_key"] for r in self.enum_facts}
        self.flags = {r["name"] for r in self.enum_facts if r["name"].endswith("NotDisclosedFlag")}
        self.facts: dict[str, list[Fact]] = defaultdict(list)
        for f in engine_facts(f for f in inp.data.facts if not f.nil and f.value is not None and f.value != 0):
            self.facts[f.concept_key].append(f)

    def exempt(self, fs: str, enum: str) -> bool:
        """The pair is left out: the element is on the statements (or counts as such), or the filer flagged it."""
        c = self.inp.constant
        shown = self.presented
        if fs in shown or local(fs) in LEASE_AND_CASH and fs.startswith(self.gaap):
            return True
        if (
            fs in c("DEFINED_BENEFIT_COST_FS_LINE_ITEMS")
            and self.gaap + "NetPeriodicDefinedBenefitsExpenseReversalOfExpenseExcludingServiceCostComponent" in shown
        ):
            return True
        if local(fs) in OCI_LINES and c("OCI_SECURITY_RELATED_ITEMS") & shown:
            return True
        for lines, total in (
            ("DERIVATIVE_ASSETS_FS_LINE_ITEMS", "DerivativeAssets"),
            ("DERIVATIVE_LIABILITIES_FS_LINE_ITEMS", "DerivativeLiabilities"),
        ):
            group = c(lines) | {self.gaap + total}
            if fs in group and group & shown:
                return True
        return local(enum) + "NotDisclosedFlag" in self.flags

    def tolerance(self) -> Decimal:
        """20 units of the most common precision of the filing's monetary facts without dimensions."""
        counts = Counter(f.decimals for f in self.inp.data.facts if f.monetary and not f.dims and not f.nil)
        if not counts:
            return Decimal(0)
        d = counts.most_common(1)[0][0]
        return Decimal(0) if d is None else Decimal(1).scaleb(-d) * TOLERANCE_FACTOR


def unlisted(inp: RuleInput, filing: Filing) -> list[CheckResult]:
    """9835: a sizeable amount of a statement element off the statements, with no enumeration anywhere."""
    out = []
    tolerance = filing.tolerance()
    pension = inp.constant("DEFINED_BENEFIT_COST_EXT_ENUM")
    for fs, enum in filing.pairs:
        if (local(fs) in SKIP_9835 and (inp.year or 0) >= 2025) or filing.exempt(fs, enum):
            continue
        ancestors = descendants(filing.up, fs)
        if ancestors & filing.presented:
            continue
        items = [f for f in filing.facts.get(fs, []) if not axis_names(f) & set(BREAKDOWN_AXES)]
        if not items:
            continue
        related = [enum] + ([filing.gaap + PENSION_CATCH_ALL] if enum in pension else [])
        related += [e for a in sorted(ancestors) for e in filing.enum_of.get(a, [])]
        related += [filing.enum_of[c][0] for c in sorted(descendants(filing.down, fs)) if c in filing.enum_of]
        if set(related) & filing.reported:
            continue
        # among equal amounts the engine's pick follows its set order; we take the fact with fewest dimensions
        top = min(items, key=lambda f: (-abs(f.amount), len(f.dims), f.fact_id))
        if abs(top.amount) <= tolerance:
            continue
        out.append(fact_violation(RULE, "9835", top, _message_9835(top, sorted(set(related)))))
    return out


def unlocated(filing: Filing) -> list[CheckResult]:
    """9836: a fact on a statement location axis whose enumeration is not reported for the same period and members."""
    enum_at: dict[str, set[tuple[str, frozenset[str]]]] = defaultdict(set)
    for r in filing.enum_facts:
        enum_at[r["concept_key"]].add((r["period_key"], frozenset(r["dims"])))
    out = []
    for fs, enum in filing.pairs:
        if filing.exempt(fs, enum):
            continue
        for f in filing.facts.get(fs, []):
            axis = "BalanceSheetLocationAxis" if f.kind == "instant" else "IncomeStatementLocationAxis"
            skip = BREAKDOWN_AXES if f.kind == "instant" else DURATION_BREAKDOWN_AXES
            names = axis_names(f)
            if axis not in names or names & set(skip):
                continue
            if (f.period_key, frozenset(f.dim_strings)) in enum_at.get(enum, set()):
                continue
            out.append(fact_violation(RULE, "9836", f, _message_9836(f, enum, axis)))
    return out


def _where(f: Fact) -> str:
    dims = f"; dimensions {', '.join(f.dim_strings)}" if f.dims else ""
    return f"{f.raw} (context {f.context_id}, {f.period_key}{dims}, unit {f.unit}, decimals {f.decimals_raw})"


def _message_9835(f: Fact, related: Iterable[str]) -> str:
    names = ", ".join(local(k) for k in related)
    return (
        f"{f.qname} is reported (largest amount {_where(f)}) but appears in none of the filing's statements, nor below a "
        "statement element in its calculations. If the amount is included in another statement line, report the "
        f"extensible enumeration element that names that line ({names}); if the filing does not disclose the line, "
        "report an extension element named like that enumeration element plus NotDisclosedFlag."
    )


def _message_9836(f: Fact, enum: str, axis: str) -> str:
    return (
        f"{f.qname} is reported with {axis} as {_where(f)} but appears in none of the filing's statements, and the filing "
        f"reports no {local(enum)} for the same period and members to name the statement line that includes it. Report "
        f"that enumeration element with the same {axis} member (or a NotDisclosedFlag extension element if the line is "
        "not disclosed)."
    )


def check(inp: RuleInput) -> list[CheckResult]:
    forms = {r["value"] for r in inp.data.dei if r["name"] == "DocumentType" and not r["dimensional"]}
    if not forms & FORMS:
        return []
    statement_rows = inp.rows(STATEMENT_QUERY)
    if not statement_rows:
        return []
    filing = Filing(inp, statement_rows)
    return unlisted(inp, filing) + unlocated(filing)


FAMILY = Rule(
    key="0135",
    rule_id=RULE,
    name="Extensible Enumeration Elements for Statement Line Items",
    codes=(f"{RULE}.9835", f"{RULE}.9836"),
    check=check,
    constants=CONSTANTS,
    queries=(STATEMENT_QUERY, ENUM_QUERY),
    forms=frozenset(),  # empty: every form; the rule itself keeps to 10-K, 10-KT, 10-K/A and 20-F
)
