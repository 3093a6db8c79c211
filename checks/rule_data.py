"""Rule data of DQC.US.0015 / 0117 / 0126 per taxonomy year: concept lists, exclusions, forms.

The concept lists are the official DQC CSVs shipped in `dqc_data/` (DQC license, see
`dqc_data/LICENSE-DQC.md`). The exclusion constants are the values the official engine reads
from the FASB `dqcrules-0015` taxonomy (2023-2025, see docs/dqc.md); the local us-gaap packages
carry only a placeholder for that schema, so they are written down here.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cache
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
class ListFile:
    """One shipped DQC list file and the upstream version it was copied at (dqc_data/versions.csv)."""

    name: str
    commit: str
    rows: int

    @property
    def version(self) -> str:
        """How results name the version: `dqc_us_rules@<12-digit commit>`."""
        return f"dqc_us_rules@{self.commit[:12]}"


@cache
def list_files() -> dict[str, ListFile]:
    """File name -> ListFile for every shipped list, from dqc_data/versions.csv."""
    text = (DATA / "versions.csv").read_text(encoding="utf-8")
    return {r["file"]: ListFile(r["file"], r["commit"], int(r["rows"])) for r in csv.DictReader(text.splitlines())}


@dataclass(frozen=True)
class SignList:
    """The DQC.US.0015 concept list of one us-gaap year: (family, local name) -> (element id, list file)."""

    year: int
    ids: dict[tuple[str, str], tuple[int, ListFile]]
    files: tuple[ListFile, ...]

    def lookup(self, namespace: str, name: str) -> tuple[int, ListFile] | None:
        fam = family(namespace)
        return self.ids.get((fam, name)) if fam else None

    def element_id(self, namespace: str, name: str) -> int | None:
        hit = self.lookup(namespace, name)
        return hit[0] if hit else None

    @property
    def usgaap(self) -> ListFile:
        return self.files[0]


def _rows(name: str) -> list[tuple[int, str]]:
    text = (DATA / name).read_text(encoding="utf-8")
    return [(int(r[0]), r[1].strip()) for r in csv.reader(text.splitlines()) if len(r) >= 2 and r[0].strip().isdigit()]


def _years(prefix: str) -> tuple[int, ...]:
    return tuple(sorted(int(n[len(prefix) : len(prefix) + 4]) for n in list_files() if n.startswith(prefix)))


LIST_YEARS = _years("dqc_15_usgaap_")  # us-gaap years with an official list: 2022-2026


def companion(prefix: str, year: int) -> str | None:
    """The srt / ebp list that goes with a us-gaap year: the same year, else the nearest earlier, else the
    nearest later one (no srt list exists for 2022, no ebp list for 2022, 2023 or 2026)."""
    years = _years(prefix)
    if not years:
        return None
    earlier = [y for y in years if y <= year]
    pick = earlier[-1] if earlier else years[0]
    return f"{prefix}{pick}_concepts.csv"


@cache
def sign_list(year: int) -> SignList:
    """The official 0015 list for a us-gaap year; ConfigError names the missing year."""
    if year not in LIST_YEARS:
        raise ConfigError(
            f"no DQC.US.0015 concept list for us-gaap {year} (shipped: {', '.join(map(str, LIST_YEARS))}); "
            f"add dqc_15_usgaap_{year}_concepts.csv to checks/dqc_data/ and a row to its versions.csv"
        )
    names = [
        f"dqc_15_usgaap_{year}_concepts.csv",
        companion("dqc_15_srt_", year),
        "dqc_15_dei_concepts.csv",
        companion("dqc_15_ebp_", year),
    ]
    shipped = list_files()
    used = tuple(shipped[n] for n in names if n)
    ids: dict[tuple[str, str], tuple[int, ListFile]] = {}
    for lf in used:
        for eid, name in _rows(lf.name):
            prefix, _, local = name.rpartition(":")
            fam = {"": "us-gaap", "srt": "srt", "dei": "dei", "us-gaap-ebp": "ebp"}[prefix]
            ids[(fam, local)] = (eid, lf)
    return SignList(year, ids, used)


@dataclass(frozen=True)
class SignExclusions:
    """Dimensional exclusions of DQC.US.0015 (local names; see docs/dqc.md for their source)."""

    substrings: tuple[str, ...]
    members: frozenset[str]
    axes: frozenset[str]
    pairs: frozenset[tuple[str, str]]


_BASE_MEMBERS = {
    "CorporateNonSegmentMember",
    "ExchangeOfStockForStockMember",
    "DischargeOfDebtMember",
    "UnallocatedFinancingReceivablesMember",
    "FairValueConcentrationOfRiskMarketRiskManagementEffectsOnIncomeOrNetAssetsMember",
    "DeferredDerivativeGainLossMember",
    "AccumulatedNetUnrealizedInvestmentGainLossMember",
    "AboveMarketLeasesMember",
    "AccumulatedNetGainLossFromDesignatedOrQualifyingCashFlowHedgesMember",
}
_AXES = {
    "StatementEquityComponentsAxis",
    "StatementBusinessSegmentsAxis",
    "InvestmentIdentifierAxis",
    "PartnerCapitalComponentsAxis",
    "PartnerTypeOfPartnersCapitalAccountAxis",
    "AdjustmentsForChangeInAccountingPrincipleAxis",
    "AdjustmentsForNewAccountingPronouncementsAxis",
    "ErrorCorrectionsAndPriorPeriodAdjustmentsRestatementByRestatementPeriodAndAmountAxis",
    "ChangeInAccountingEstimateByTypeAxis",
    "IncomeTaxEffectChangeInLawAxis",  # the current source adds it in any namespace (filer's own too)
}
_PAIRS = (
    {
        ("ConsolidatedEntitiesAxis", m)
        for m in (
            "ParentCompanyMember",
            "SubsidiariesMember",
            "GuarantorSubsidiariesMember",
            "NonGuarantorSubsidiariesMember",
            "SubsidiaryIssuerMember",
        )
    }
    | {("FairValueByMeasurementBasisAxis", "ChangeDuringPeriodFairValueDisclosureMember")}
    | {("StatementBusinessSegmentsAxis", m) for m in ("CorporateMember", "CorporateAndOtherMember", "AllOtherSegmentsMember")}
)
_SUBSTRINGS = ("adjust", "consolidat", "eliminat", "netting", "reconcili", "reclass", "unfunded", "basisswap")


@cache
def sign_exclusions(year: int) -> SignExclusions:
    members = set(_BASE_MEMBERS)
    if year <= 2024:  # dropped from the 2025 dqcrules taxonomy
        members.add("DifferenceBetweenRevenueGuidanceInEffectBeforeAndAfterTopic606Member")
    return SignExclusions(_SUBSTRINGS, frozenset(members), frozenset(_AXES), frozenset(_PAIRS))


@cache
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
    "parenthetical",
    "equity",
    "deficit",
    "stockholders",
    "capital",
    "investment",
    "changes",
    "shareholder",
    "convertible",
    "preferred",
    "temporaryequity",
    "redeemable",
    "netproceedsfromallsources",
    "membersinterest",
)
CALC_URI_EXCLUSIONS = STATEMENT_URI_EXCLUSIONS + ("membershipinterest", "highlights", "employee", "ebp")
# Investment-company schedules the statement-cube rules (0118, 0127, 0164) leave out (hypercube local names).
INVESTMENT_TABLES = frozenset(
    (
        "ScheduleOfInvestmentsTable",
        "SummaryOfInvestmentHoldingsTable",
        "InvestmentsSoldNotYetPurchasedTable",
        "OpenOptionContractsWrittenTable",
        "OpenFuturesContractTable",
        "OpenForwardForeignCurrencyContractTable",
        "OpenSwapContractTable",
    )
)
DIM_AXES = tuple(
    a + "Axis"
    for a in (
        "StatementClassOfStock",
        "ProductOrService",
        "PropertyPlantAndEquipmentByType",
        "LongtermDebtType",
        "RelatedPartyTransactionsByRelatedParty",
        "StatementBusinessSegments",
        "LimitedPartnersCapitalAccountByClass",
        "PartnerTypeOfPartnersCapitalAccount",
        "FiniteLivedIntangibleAssetsByMajorClass",
        "FinancialInstrument",
        "InformationByCategoryOfDebtSecurity",
    )
)
ASC606 = ("RevenueFromContractWithCustomerExcludingAssessedTax", "RevenueFromContractWithCustomerIncludingAssessedTax")
