"""The metrics the claims talk about: words, candidate concepts, units."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Metric:
    """What an analyst can read off a face statement, and the concepts a filer reports it with."""

    id: str
    concepts: tuple[str, ...]  # us-gaap local names, most specific first
    kind: str  # "duration" | "instant"
    unit: str  # "money" | "per_share" | "shares"
    terms: tuple[str, ...]  # analyst / press words
    signed: bool = False  # may be negative (a sign error is realistic)
    positive: bool = True  # growth rates make sense
    qualified: tuple[str, ...] = ()  # words that stay unambiguous when another candidate concept differs


METRICS: dict[str, Metric] = {
    m.id: m
    for m in [
        Metric(
            "revenue",
            (
                "Revenues",
                "RevenueFromContractWithCustomerExcludingAssessedTax",
                "RevenueFromContractWithCustomerIncludingAssessedTax",
                "SalesRevenueNet",
            ),
            "duration",
            "money",
            ("revenue", "revenues", "sales", "net sales", "top line", "total revenue"),
            qualified=("total revenues",),
        ),
        Metric(
            "cost_of_revenue",
            ("CostOfRevenue", "CostOfGoodsAndServicesSold"),
            "duration",
            "money",
            ("cost of revenue", "cost of sales", "cost of goods sold", "COGS"),
        ),
        Metric("gross_profit", ("GrossProfit",), "duration", "money", ("gross profit",)),
        Metric(
            "operating_income",
            ("OperatingIncomeLoss",),
            "duration",
            "money",
            ("operating income", "operating profit", "EBIT", "income from operations"),
            signed=True,
        ),
        Metric(
            "net_income",
            ("NetIncomeLoss", "ProfitLoss"),
            "duration",
            "money",
            ("net income", "bottom line", "net profit", "earnings", "net income attributable to shareholders"),
            signed=True,
            qualified=("net income attributable to shareholders",),
        ),
        Metric(
            "net_income_common",
            ("NetIncomeLossAvailableToCommonStockholdersBasic",),
            "duration",
            "money",
            ("net income attributable to common stockholders", "net income available to common shareholders"),
            signed=True,
        ),
        Metric(
            "eps_diluted",
            ("EarningsPerShareDiluted", "EarningsPerShareBasicAndDiluted"),
            "duration",
            "per_share",
            ("diluted EPS", "diluted earnings per share", "earnings per diluted share"),
            signed=True,
        ),
        Metric(
            "eps_basic",
            ("EarningsPerShareBasic",),
            "duration",
            "per_share",
            ("basic EPS", "basic earnings per share"),
            signed=True,
        ),
        Metric(
            "diluted_shares",
            ("WeightedAverageNumberOfDilutedSharesOutstanding",),
            "duration",
            "shares",
            ("diluted shares", "diluted share count", "weighted-average diluted shares"),
        ),
        Metric(
            "rd",
            ("ResearchAndDevelopmentExpense", "ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost"),
            "duration",
            "money",
            ("R&D", "research and development expense", "R&D spending", "research and development"),
        ),
        Metric(
            "sga",
            ("SellingGeneralAndAdministrativeExpense",),
            "duration",
            "money",
            ("SG&A", "selling, general and administrative expense", "SG&A expense"),
        ),
        Metric("opex", ("OperatingExpenses",), "duration", "money", ("operating expenses", "opex", "total operating expenses")),
        Metric(
            "pretax",
            (
                "IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
                "IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments",
            ),
            "duration",
            "money",
            ("pretax income", "income before income taxes", "pre-tax profit"),
            signed=True,
        ),
        Metric(
            "income_tax",
            ("IncomeTaxExpenseBenefit",),
            "duration",
            "money",
            ("income tax expense", "tax provision", "provision for income taxes"),
            signed=True,
            positive=False,
        ),
        Metric(
            "comprehensive_income",
            ("ComprehensiveIncomeNetOfTax",),
            "duration",
            "money",
            ("comprehensive income", "total comprehensive income"),
            signed=True,
        ),
        Metric(
            "cfo",
            ("NetCashProvidedByUsedInOperatingActivities",),
            "duration",
            "money",
            ("operating cash flow", "cash from operations", "cash flow from operating activities", "CFO"),
            signed=True,
        ),
        Metric(
            "cfi",
            ("NetCashProvidedByUsedInInvestingActivities",),
            "duration",
            "money",
            ("net cash from investing activities", "investing cash flow"),
            signed=True,
            positive=False,
        ),
        Metric(
            "cff",
            ("NetCashProvidedByUsedInFinancingActivities",),
            "duration",
            "money",
            ("net cash from financing activities", "financing cash flow"),
            signed=True,
            positive=False,
        ),
        Metric(
            "capex",
            ("PaymentsToAcquirePropertyPlantAndEquipment", "PaymentsToAcquireProductiveAssets"),
            "duration",
            "money",
            ("capex", "capital expenditures", "capital spending", "purchases of property and equipment"),
        ),
        Metric("assets", ("Assets",), "instant", "money", ("total assets",)),
        Metric("liabilities", ("Liabilities",), "instant", "money", ("total liabilities",)),
        Metric(
            "equity",
            ("StockholdersEquity", "StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest"),
            "instant",
            "money",
            ("shareholders' equity", "stockholders' equity", "book value", "total equity attributable to shareholders"),
            signed=True,
            qualified=("stockholders' equity",),
        ),
        Metric("current_assets", ("AssetsCurrent",), "instant", "money", ("current assets", "total current assets")),
        Metric(
            "current_liabilities",
            ("LiabilitiesCurrent",),
            "instant",
            "money",
            ("current liabilities", "total current liabilities"),
        ),
        Metric(
            "cash",
            ("CashAndCashEquivalentsAtCarryingValue", "CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents"),
            "instant",
            "money",
            ("cash and cash equivalents", "cash", "cash on hand", "cash balance"),
            qualified=("cash and cash equivalents",),
        ),
    ]
}
