"""Rule data of DQC.US.0015 / 0117 / 0126 per taxonomy year: concept lists, exclusions, forms.

The concept lists are the official DQC CSVs shipped in `dqc_data/` (DQC license, see
`dqc_data/LICENSE-DQC.md`). The exclusion constants are the values the official engine reads
from the FASB `dqcrules-0015` taxonomy (2023-2025, see docs/dqc.md); the local us-gaap packages
carry only a placeholder for that schema, so they are written down here.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files

from auditgraph.errors import ConfigError

DATA = files("auditgraph.checks") / "dqc_data"

# Namespace families a concept key can belong to (key = "{namespace}#{name}").
FAMILIES = {"us-gaap": "/us-gaap/", "srt": "/srt/", "dei": "xbrl.sec.gov/dei/", "ebp": "/us-gaap-ebp/"}


def family(namespace: str) -> str | None:
    """us-gaap / srt / dei / ebp for a standard namespace (ebp checked first: it contains us-gaap)."""
    if "/us-gaap-ebp/" in namespace or namespace.rstrip("/").endswith("us-gaap-ebp"):
        return "ebp"
    if "fasb.org/us-gaap/" in namespace:
        return "us-gaap"
    if "fasb.org/srt/" in namespace:
        return "srt"
    if "xbrl.sec.gov/dei/" in namespace:
        return "dei"
    return None


def split_key(concept_key: str) -> tuple[str, str]:
    """(namespace, local name) of a concept key; extension keys carry a `filing|` prefix."""
    key = concept_key.split("|", 1)[1] if "|" in concept_key else concept_key
    ns, _, name = key.rpartition("#")
    return ns, name


@dataclass(frozen=True)
class SignList:
    """The DQC.US.0015 concept list of one us-gaap year: (family, local name) -> element id."""

    year: int
    ids: dict[tuple[str, str], int]
    files: tuple[str, ...]

    def element_id(self, namespace: str, name: str) -> int | None:
        fam = family(namespace)
        return self.ids.get((fam, name)) if fam else None


def _rows(name: str) -> list[tuple[int, str]]:
    text = (DATA / name).read_text(encoding="utf-8")
    return [(int(r[0]), r[1].strip()) for r in csv.reader(text.splitlines()) if len(r) >= 2 and r[0].strip().isdigit()]


# Which srt/ebp list goes with a us-gaap year (nearest list not newer; 2026 has no ebp/srt files yet).
_SRT = {2024: "dqc_15_srt_2024_concepts.csv", 2025: "dqc_15_srt_2025_concepts.csv", 2026: "dqc_15_srt_2025_concepts.csv"}
_EBP = {2025: "dqc_15_ebp_2025_concepts.csv", 2026: "dqc_15_ebp_2025_concepts.csv"}
LIST_YEARS = (2024, 2025, 2026)


@lru_cache(maxsize=None)
def sign_list(year: int) -> SignList:
    """The official 0015 list for a us-gaap year; ConfigError names the missing year."""
    if year not in LIST_YEARS:
        raise ConfigError(
            f"no DQC.US.0015 concept list for us-gaap {year} (shipped: {', '.join(map(str, LIST_YEARS))}); "
            "add dqc_15_usgaap_<year>_concepts.csv to auditgraph/checks/dqc_data")
    names = [f"dqc_15_usgaap_{year}_concepts.csv", _SRT[year], "dqc_15_dei_concepts.csv"]
    if year in _EBP:
        names.append(_EBP[year])
    ids: dict[tuple[str, str], int] = {}
    for fname in names:
        for eid, name in _rows(fname):
            prefix, _, local = name.rpartition(":")
            fam = {"": "us-gaap", "srt": "srt", "dei": "dei", "us-gaap-ebp": "ebp"}[prefix]
            ids[(fam, local)] = eid
    return SignList(year, ids, tuple(names))


@dataclass(frozen=True)
class SignExclusions:
    """Dimensional exclusions of DQC.US.0015 (local names; see docs/dqc.md for their source)."""

    substrings: tuple[str, ...]
    members: frozenset[str]
    axes: frozenset[str]
    pairs: frozenset[tuple[str, str]]


_BASE_MEMBERS = {
    "CorporateNonSegmentMember", "ExchangeOfStockForStockMember", "DischargeOfDebtMember",
    "UnallocatedFinancingReceivablesMember",
    "FairValueConcentrationOfRiskMarketRiskManagementEffectsOnIncomeOrNetAssetsMember",
    "DeferredDerivativeGainLossMember", "AccumulatedNetUnrealizedInvestmentGainLossMember",
    "AboveMarketLeasesMember", "AccumulatedNetGainLossFromDesignatedOrQualifyingCashFlowHedgesMember",
}
_AXES = {
    "StatementEquityComponentsAxis", "StatementBusinessSegmentsAxis", "InvestmentIdentifierAxis",
    "PartnerCapitalComponentsAxis", "PartnerTypeOfPartnersCapitalAccountAxis",
    "AdjustmentsForChangeInAccountingPrincipleAxis", "AdjustmentsForNewAccountingPronouncementsAxis",
    "ErrorCorrectionsAndPriorPeriodAdjustmentsRestatementByRestatementPeriodAndAmountAxis",
    "ChangeInAccountingEstimateByTypeAxis",
    "IncomeTaxEffectChangeInLawAxis",  # the current source adds it in any namespace (filer's own too)
}
_PAIRS = {
    ("ConsolidatedEntitiesAxis", m) for m in (
        "ParentCompanyMember", "SubsidiariesMember", "GuarantorSubsidiariesMember",
        "NonGuarantorSubsidiariesMember", "SubsidiaryIssuerMember")
} | {("FairValueByMeasurementBasisAxis", "ChangeDuringPeriodFairValueDisclosureMember")} | {
    ("StatementBusinessSegmentsAxis", m) for m in ("CorporateMember", "CorporateAndOtherMember", "AllOtherSegmentsMember")
}
_SUBSTRINGS = ("adjust", "consolidat", "eliminat", "netting", "reconcili", "reclass", "unfunded", "basisswap")


@lru_cache(maxsize=None)
def sign_exclusions(year: int) -> SignExclusions:
    members = set(_BASE_MEMBERS)
    if year <= 2024:  # dropped from the 2025 dqcrules taxonomy
        members.add("DifferenceBetweenRevenueGuidanceInEffectBeforeAndAfterTopic606Member")
    return SignExclusions(_SUBSTRINGS, frozenset(members), frozenset(_AXES), frozenset(_PAIRS))


@lru_cache(maxsize=None)
def rule_forms() -> dict[str, frozenset[str]]:
    """Rule number ("0015") -> dei:DocumentType values the rule runs on (official rule-form-lookup)."""
    text = (DATA / "rule_forms.csv").read_text(encoding="utf-8")
    rows = list(csv.reader(text.splitlines()))[1:]
    return {r[0]: frozenset(f.strip() for f in r[1].split(",")) for r in rows}


def applies_to_form(rule: str, form: str | None) -> bool:
    """True when the rule runs for this DocumentType; an absent DocumentType runs every rule."""
    return not form or form in rule_forms()[rule]


# DQC.US.0117 / 0126 statement-network selection (role URI substrings, lower case).
STATEMENT_URI_EXCLUSIONS = (
    "parenthetical", "equity", "deficit", "stockholders", "capital", "investment", "changes", "shareholder",
    "convertible", "preferred", "temporaryequity", "redeemable", "netproceedsfromallsources", "membersinterest",
)
CALC_URI_EXCLUSIONS = STATEMENT_URI_EXCLUSIONS + ("membershipinterest", "highlights", "employee", "ebp")
DIM_AXES = tuple(a + "Axis" for a in (
    "StatementClassOfStock", "ProductOrService", "PropertyPlantAndEquipmentByType", "LongtermDebtType",
    "RelatedPartyTransactionsByRelatedParty", "StatementBusinessSegments", "LimitedPartnersCapitalAccountByClass",
    "PartnerTypeOfPartnersCapitalAccount", "FiniteLivedIntangibleAssetsByMajorClass", "FinancialInstrument",
    "InformationByCategoryOfDebtSecurity"))
ASC606 = ("RevenueFromContractWithCustomerExcludingAssessedTax", "RevenueFromContractWithCustomerIncludingAssessedTax")
