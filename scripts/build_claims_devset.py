"""Build eval/claims/natural_dev.jsonl: claims about shared filings written the way people write them.

    .venv/bin/python scripts/build_claims_devset.py            # rewrites eval/claims/natural_dev.jsonl
    .venv/bin/python scripts/build_claims_devset.py --check    # exit 1 if the file would change

Labels come from the instances through Arelle (offline, the shared taxonomy packages), never from
the verifier: every sub-claim carries the facts (QName, period key, value, decimals, unit) and the
arithmetic that decide it. Deterministic: sorted iteration, one seeded RNG per filing, exact
Decimal arithmetic. Rules (issue 15, Benchmark):
- true: the reference value rounded ROUND_HALF_UP to the written precision (money >= 3
  significant digits, percentages >= 2), and stable under the facts' own rounding (`decimals`);
- false: one sub-claim carries a realistic error (wrong period, scale, sign, transposed digits,
  +-3-10 %, a wrong ratio or growth), far enough off that no reading of the written precision
  saves it; hedged false claims are >= 5 % off;
- undecidable: forecasts, market share, stock price, consensus, untagged headcount, and claims
  that name another company (expected_abstain_reason "wrong_entity").
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal, localcontext
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
FILINGS_DIR = SHARED / "filings"
OUT = REPO / "eval" / "claims" / "natural_dev.jsonl"
SEED = 15  # issue 15

FILINGS = [
    "edgar/aapl-10k-2022-09-24",
    "edgar/aapl-10k-2023-09-30",
    "edgar/aapl-10q-2023-07-01",
    "edgar/amzn-10k-2022-12-31",
    "edgar/nflx-10k-2023-12-31",
    "edgar/nflx-10q-2024-03-31",
    "edgar/nflx-10q-2024-09-30",
    "edgar/nvda-10k-2024-01-28",
    "edgar/pg-10k-2023-06-30",
    "xule-2025/ADN_FY_2023",
    "xule-2025/BXP_Q1_2024",
    "xule-2025/DBD_Q2_2023",
    "xule-2025/CCI_FY_2023",
    "xule-2025/EZPW_FY_2023",
    "xule-2025/FSLR_FY_2023",
    "xule-2025/ITT_FY_2023",
    "xule-2025/K_FY_2023",
    "xule-2025/K_Q3_2023",
]

# Records per filing and style; the first half of each style's decidable records are true.
PER_STYLE = {"analyst": 6, "news": 6, "earnings": 5, "workpaper": 5, "template": 7}
UNDECIDABLE_PER_FILING = 5  # one wrong_entity + four others

D = Decimal
ZERO = D(0)


# ---------------------------------------------------------------- metrics
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


# ---------------------------------------------------------------- filing data
@dataclass(frozen=True)
class Fact:
    qname: str
    local: str
    period: str  # Period.key as the graph stores it
    kind: str
    start: date | None
    end: date
    value: Decimal
    decimals: str | None
    unit: str

    def to_json(self) -> dict[str, str | None]:
        return {
            "qname": self.qname,
            "period": self.period,
            "value": _plain(self.value),
            "decimals": self.decimals,
            "unit": self.unit,
        }

    @property
    def half(self) -> Decimal:
        """Half a unit of the fact's own rounding (0 when exact)."""
        if self.decimals in (None, "INF"):
            return ZERO
        return D(5).scaleb(-int(self.decimals) - 1)


@dataclass
class Filing:
    path: str  # under /work/shared/filings
    name: str  # folder name, for ids
    registrant: str
    short: str
    ticker: str
    form: str
    fiscal_year: int | None
    fiscal_period: str  # FY, Q1..Q3
    end: date
    start: date
    facts: dict[str, dict[str, Fact]] = field(default_factory=dict)  # local name -> period key -> fact
    all_locals: set[str] = field(default_factory=set)
    labels: dict[str, tuple[str, str]] = field(default_factory=dict)  # local name -> (statement label, statement title)
    concept_of: dict[str, str] = field(default_factory=dict)  # metric id -> chosen local name
    ambiguous: set[str] = field(default_factory=set)  # metric ids where another candidate concept differs
    scale_word: str = "thousands"  # the filer's own presentation scale

    @property
    def annual(self) -> bool:
        return self.fiscal_period == "FY"


_SUFFIXES = re.compile(
    r"[,\s]+(inc\.?|incorporated|corporation|corp\.?|company|co\.?|ltd\.?|limited|plc|l\.p\.|holdings?|group)$", re.I
)


def short_name(registrant: str) -> str:
    """'Netflix, Inc.' -> 'Netflix', 'The Procter & Gamble Company' -> 'Procter & Gamble'."""
    name = registrant.strip()
    for _ in range(3):
        new = _SUFFIXES.sub("", name).strip().rstrip(",")
        if new == name:
            break
        name = new
    name = re.sub(r"^the\s+", "", name, flags=re.I)
    if name.isupper() and len(name) > 6:
        name = name.title().replace(".Com", ".com")
    return name or registrant


def _plain(x: Decimal) -> str:
    text = format(x, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _period(ctx) -> tuple[str, str, date | None, date] | None:
    """Period key as loader/facts.py stores it: end dates and instants without a time lose
    Arelle's extra day (it reads 2023-12-31 as 2024-01-01T00:00)."""
    from arelle import XbrlConst, XmlUtil

    def filer_date(local: str, dt) -> date:
        elt = XmlUtil.child(ctx.period, XbrlConst.xbrli, local)
        raw = (elt.textValue or "").strip() if elt is not None else ""
        return (dt - timedelta(days=1)).date() if local in ("endDate", "instant") and "T" not in raw else dt.date()

    if ctx.isForeverPeriod:
        return None
    if ctx.isInstantPeriod:
        end = filer_date("instant", ctx.instantDatetime)
        return f"instant:{end}", "instant", None, end
    start, end = filer_date("startDate", ctx.startDatetime), filer_date("endDate", ctx.endDatetime)
    return f"duration:{start}/{end}", "duration", start, end


def _unit_key(unit) -> str:
    from auditgraph.loader.facts import unit_row

    return unit_row(unit)["key"]


def _statement_labels(model) -> dict[str, tuple[str, str]]:
    """The words on the face statements: each concept's preferred label in a Statement role."""
    from arelle import XbrlConst

    found: dict[str, tuple[int, str, str]] = {}
    for rel in model.relationshipSet(XbrlConst.parentChild).modelRelationships:
        concept = rel.toModelObject
        if concept is None or concept.qname is None:
            continue
        types = model.roleTypes.get(rel.linkrole) or []
        definition = (types[0].definition or "") if types else ""
        if " - Statement - " not in definition or "parenthetical" in definition.lower():
            continue
        role = rel.preferredLabel
        if role and "negated" in role.lower():
            continue  # a negated label shows the value with the other sign
        text = concept.label(role, lang="en", fallbackToQname=False) if role else None
        text = text or concept.label(lang="en", fallbackToQname=False)
        if not text:
            continue
        title = definition.split(" - ")[-1].strip()
        order = int(re.match(r"\d+", definition).group()) if re.match(r"\d+", definition) else 10**9
        local = concept.qname.localName
        if local not in found or order < found[local][0]:
            found[local] = (order, _clean_label(text), title)
    return {k: (v[1], v[2]) for k, v in sorted(found.items())}


def sentence_case(text: str) -> str:
    """'Operating Income' -> 'operating income'; 'Net income attributable to Boston Properties, Inc.'
    keeps its proper name; acronyms (R&D, SG&A) stay."""
    words = text.split()
    small = {"and", "of", "to", "from", "in", "for", "on", "the", "by", "or", "per", "before", "after", "used"}
    if all(w.istitle() or w.strip("(),").lower() in small or not w.strip("(")[:1].isalpha() for w in words):
        return " ".join(w if w.isupper() and len(w) > 1 else w.lower() for w in words)
    first = words[0]
    if first.istitle() and not (first.isupper() and len(first) > 1):
        words[0] = first.lower()
    return " ".join(words)


def _clean_label(text: str) -> str:
    text = re.sub(r"\s*\((note|notes|see note)[^)]*\)", "", text, flags=re.I)
    return re.sub(r"\s+", " ", text).strip().rstrip(":").strip()


def read_filing(session, rel: str) -> Filing:
    from auditgraph.loader.facts import fact_value
    from auditgraph.loader.filing_source import filing_input

    inp = filing_input(FILINGS_DIR / rel)
    model = session.load(inp.entry)
    try:
        dei: dict[str, tuple[str, Any]] = {}
        raw: dict[tuple[str, str, str], list[Fact]] = defaultdict(list)
        locals_seen: set[str] = set()
        for f in model.facts:
            if f.isTuple or f.context is None or f.context.qnameDims:
                continue
            qn = f.qname
            if qn.prefix == "dei" and not f.isNil:
                dei.setdefault(qn.localName, (str(f.value).strip(), _period(f.context)))
                locals_seen.add(qn.localName)
                continue
            if not f.isNumeric or f.isNil:
                continue
            per = _period(f.context)
            if per is None:
                continue
            key, kind, start, end = per
            value = D(fact_value(f))
            dec = None if f.decimals is None else str(f.decimals).strip()
            fact = Fact(f"{qn.prefix}:{qn.localName}", qn.localName, key, kind, start, end, value, dec, _unit_key(f.unit))
            raw[(fact.qname, key, fact.unit)].append(fact)
            locals_seen.add(qn.localName)
        labels = _statement_labels(model)
    finally:
        model.close()

    facts: dict[str, dict[str, Fact]] = defaultdict(dict)
    for (qname, key, unit), group in sorted(raw.items()):
        if qname.split(":")[0] != "us-gaap":
            continue
        if len({g.value for g in group}) > 1:
            continue  # inconsistent duplicates decide nothing
        if not (unit.startswith("iso4217:USD") or unit == "xbrli:shares"):
            continue
        best = max(group, key=lambda g: 10**6 if g.decimals in (None, "INF") else int(g.decimals))
        local = qname.split(":", 1)[1]
        if key in facts[local] and facts[local][key].unit != unit:
            continue
        facts[local][key] = best

    _, per = dei["DocumentType"]
    assert per is not None and per[2] is not None, rel
    registrant = dei.get("EntityRegistrantName", ("", None))[0]
    ticker = (dei.get("TradingSymbol", ("", None))[0] or rel.split("/")[-1].split("-")[0].split("_")[0]).upper()
    fy_text = dei.get("DocumentFiscalYearFocus", ("", None))[0]
    fy = int(fy_text[:4]) if fy_text[:4].isdigit() else None
    if fy is not None and abs(fy - per[3].year) > 1:
        fy = None  # a focus that does not fit the dates: periods are then written as dates only
    filing = Filing(
        path=rel,
        name=rel.split("/")[-1],
        registrant=registrant,
        short=short_name(registrant),
        ticker=ticker,
        form=dei["DocumentType"][0],
        fiscal_year=fy,
        fiscal_period=dei.get("DocumentFiscalPeriodFocus", ("FY", None))[0],
        end=per[3],
        start=per[2],
        facts=dict(facts),
        all_locals=locals_seen,
        labels=labels,
    )
    _choose_concepts(filing)
    return filing


def _choose_concepts(filing: Filing) -> None:
    """Per metric the first candidate with a current-period fact; a metric is ambiguous when
    another candidate reports a different value for that period (then only qualified words)."""
    for m in METRICS.values():
        chosen = None
        for local in m.concepts:
            cur = _current_key(filing, m.kind)
            if local in filing.facts and any(k in filing.facts[local] for k in cur):
                chosen = local
                break
        if chosen is None:
            continue
        filing.concept_of[m.id] = chosen
        for other in m.concepts:
            if other == chosen or other not in filing.facts:
                continue
            for key, fact in filing.facts[chosen].items():
                o = filing.facts[other].get(key)
                if o is not None and o.value != fact.value:
                    filing.ambiguous.add(m.id)
    decs = [f.decimals for f in filing.facts.get(filing.concept_of.get("revenue", ""), {}).values()]
    decs = decs or [f.decimals for f in filing.facts.get("Assets", {}).values()]
    filing.scale_word = {"-6": "millions", "-3": "thousands", "0": "dollars"}.get(decs[0] if decs else "-3", "thousands")


def _current_key(filing: Filing, kind: str) -> list[str]:
    if kind == "instant":
        return [f"instant:{filing.end}"]
    return [f"duration:{filing.start}/{filing.end}"]


# ---------------------------------------------------------------- periods
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def long_date(d: date) -> str:
    return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"


@dataclass(frozen=True)
class Slot:
    """A reporting period of the filing with the ways people name it."""

    name: str  # fy, fy_prior, q, q_prior, ytd, ytd_prior, inst, inst_prior
    key: str
    months: int
    end: date
    words: dict[str, tuple[str, ...]]  # style -> phrasings ("in fiscal 2023", ...)


def _months(days: int) -> int | None:
    for m, (lo, hi) in {3: (84, 98), 6: (175, 190), 9: (266, 280), 12: (350, 380)}.items():
        if lo <= days <= hi:
            return m
    return None


def slots(filing: Filing) -> dict[str, Slot]:
    """The periods the filing reports for the current period and its comparatives."""
    durations: dict[str, tuple[date, date]] = {}
    instants: set[date] = set()
    for by_period in filing.facts.values():
        for f in by_period.values():
            if f.kind == "duration" and f.start:
                durations[f.period] = (f.start, f.end)
            else:
                instants.add(f.end)
    e, fy = filing.end, filing.fiscal_year
    calendar = e.month == 12 and e.day >= 28
    out: dict[str, Slot] = {}

    def find(months: int, end: date) -> str | None:
        for key, (s, en) in sorted(durations.items()):
            if abs((en - end).days) <= 7 and _months((en - s).days + 1) == months:
                return key
        return None

    prior_end = next((en for _, en in sorted(durations.values()) if 358 <= (e - en).days <= 372), None)
    yy = lambda y: f"{y % 100:02d}"  # noqa: E731
    if filing.annual:
        cur = find(12, e)
        if cur:
            w = [
                f"for the year ended {long_date(e)}",
                f"for fiscal year {fy}" if fy else None,
                f"in fiscal {fy}" if fy else None,
                f"in {fy}" if fy and calendar else None,
                f"for the fiscal year ended {long_date(e)}",
            ]
            a = [f"FY{yy(fy)}" if fy else None, f"FY{fy}" if fy else None]
            out["fy"] = Slot("fy", cur, 12, e, _words(w, a))
        if prior_end and (pk := find(12, prior_end)):
            p = fy - 1 if fy else None
            w = [
                f"for the year ended {long_date(prior_end)}",
                f"in fiscal {p}" if p else None,
                f"in {p}" if p and calendar else None,
            ]
            a = [f"FY{yy(p)}" if p else None]
            out["fy_prior"] = Slot("fy_prior", pk, 12, prior_end, _words(w, a))
    else:
        qn = int(filing.fiscal_period[1]) if re.fullmatch(r"Q[1-4]", filing.fiscal_period or "") else None
        q = find(3, e)
        if q and qn:
            ordn = ORDINAL[qn]
            w = [
                f"for the three months ended {long_date(e)}",
                f"in the {ordn} quarter",
                f"in the {ordn} quarter of fiscal {fy}" if fy else None,
                f"in the {ordn} quarter of {fy}" if fy and calendar else None,
                "for the quarter",
            ]
            a = [f"Q{qn}", f"Q{qn} FY{yy(fy)}" if fy else None, f"{qn}Q{yy(fy)}" if fy else None]
            out["q"] = Slot("q", q, 3, e, _words(w, a))
            if prior_end and (pk := find(3, prior_end)):
                p = fy - 1 if fy else None
                w = [
                    f"for the three months ended {long_date(prior_end)}",
                    "in the year-ago quarter",
                    f"in the {ordn} quarter of fiscal {p}" if p else None,
                ]
                a = [f"Q{qn} FY{yy(p)}" if p else None, f"{qn}Q{yy(p)}" if p else None]
                out["q_prior"] = Slot("q_prior", pk, 3, prior_end, _words(w, a))
        ytd_months = {2: 6, 3: 9}.get(qn or 0)
        if ytd_months and (y := find(ytd_months, e)):
            word = {6: "six", 9: "nine"}[ytd_months]
            part = {6: "first half", 9: "first nine months"}[ytd_months]
            w = [
                f"for the {word} months ended {long_date(e)}",
                f"in the {part} of fiscal {fy}" if fy else None,
                f"in the {part} of {fy}" if fy and calendar else None,
            ]
            a = [f"{'1H' if ytd_months == 6 else '9M'}{yy(fy)}" if fy else None, "YTD"]
            out["ytd"] = Slot("ytd", y, ytd_months, e, _words(w, a))
            if prior_end and (pk := find(ytd_months, prior_end)):
                p = fy - 1 if fy else None
                w = [f"for the {word} months ended {long_date(prior_end)}", f"in the {part} of fiscal {p}" if p else None]
                out["ytd_prior"] = Slot("ytd_prior", pk, ytd_months, prior_end, _words(w, []))
    if e in instants:
        w = [
            f"as of {long_date(e)}",
            f"at {long_date(e)}",
            "at year end" if filing.annual else "at quarter end",
            f"at the end of fiscal {fy}" if fy and filing.annual else "at the end of the quarter",
        ]
        out["inst"] = Slot("inst", f"instant:{e}", 0, e, _words(w, [f"at {e.month}/{e.day}/{yy(e.year)}"]))
    earlier = sorted(d for d in instants if (e - d).days >= 80 and (e - d).days <= 380)
    # the prior fiscal year end: the latest earlier instant with a balance sheet
    assets = filing.facts.get("Assets", {})
    earlier = [d for d in earlier if f"instant:{d}" in assets]
    if earlier:
        pe = earlier[-1]
        pfy = (fy - 1) if fy else None
        w = [f"as of {long_date(pe)}", f"at {long_date(pe)}", f"at the end of fiscal {pfy}" if pfy else None]
        out["inst_prior"] = Slot("inst_prior", f"instant:{pe}", 0, pe, _words(w, []))
    return out


def _words(formal: list[str | None], analyst: list[str | None]) -> dict[str, tuple[str, ...]]:
    formal_t = tuple(w for w in formal if w)
    analyst_t = tuple(w for w in analyst if w) or formal_t
    return {"formal": formal_t, "analyst": analyst_t}


# ---------------------------------------------------------------- numbers as written
SCALES = {"billion": D(10) ** 9, "million": D(10) ** 6, "thousand": D(10) ** 3, "": D(1)}


def q_round(x: Decimal, dp: int) -> Decimal:
    with localcontext() as ctx:
        ctx.prec = 50
        return x.quantize(D(1).scaleb(-dp), rounding=ROUND_HALF_UP)


def group(x: Decimal, dp: int) -> str:
    """12345.6 -> '12,345.6' (dp digits after the point, never an exponent)."""
    with localcontext() as ctx:
        ctx.prec = 50
        return format(q_round(x, dp), f",.{max(dp, 0)}f")


def sig_dp(x: Decimal, min_sig: int) -> int:
    """Digits after the point for at least min_sig significant digits."""
    if x == 0:
        return 0
    return max(0, min_sig - (abs(x).adjusted() + 1))


def stable(lo: Decimal, hi: Decimal, dp: int) -> bool:
    return q_round(lo, dp) == q_round(hi, dp)


@dataclass(frozen=True)
class Written:
    text: str  # as it appears in the sentence (sign words excluded)
    value: Decimal  # the number the text states, base units, signed
    unit_half: Decimal  # half a unit of the last written digit, base units


def money_dp(fact_value: Decimal, half: Decimal, scale: str, rng: random.Random, extra: bool = True) -> int | None:
    """Digits after the point at `scale`: >= 3 significant, not finer than the fact, stable."""
    s = SCALES[scale]
    x = fact_value / s
    dp = sig_dp(x, 3)
    if extra and dp == 0 and abs(x) < 1000 and rng.random() < 0.3:
        dp = 1
    while dp <= 4:
        if half and D(5).scaleb(-dp - 1) * s < half:  # finer than the fact's own rounding
            return None
        if stable((fact_value - half) / s, (fact_value + half) / s, dp):
            return dp
        dp += 1
    return None


def natural_scale(v: Decimal) -> str:
    a = abs(v)
    return "billion" if a >= 10**9 else "million" if a >= 10**6 else "thousand" if a >= 10**4 else ""


def fmt_money(v: Decimal, scale: str, dp: int, form: str, neg: str = "minus") -> Written:
    """v in base units -> '$33.7 billion' / '33.7bn' / 'USD 33.7B' / '$33,723 million' / '$(1.2) billion'."""
    s = SCALES[scale]
    n = q_round(v / s, dp)
    mag = group(abs(n), dp)
    suffix = {
        "word": {"billion": " billion", "million": " million", "thousand": " thousand", "": ""},
        "abbr": {"billion": "bn", "million": "m", "thousand": "k", "": ""},
        "letter": {"billion": "B", "million": "M", "thousand": "K", "": ""},
    }
    fam = "word" if form in ("word", "usd_word") else "abbr" if form in ("abbr", "bare_abbr") else "letter"
    unit = suffix[fam][scale]
    cur = {"word": "$", "abbr": "$", "letter": "$", "bare_abbr": "", "usd_word": "USD ", "usd_letter": "USD "}[form]
    body = f"{cur}{mag}{unit}"
    if n < 0:
        if neg == "parens":
            body = f"{cur}({mag}){unit}"
        elif neg == "minus":
            body = f"-{body}"
    return Written(body, n * s, D(5).scaleb(-dp - 1) * s)


def fmt_per_share(v: Decimal, neg: str = "minus") -> Written:
    n = q_round(v, 2)
    body = f"${abs(n):.2f}"
    if n < 0:
        body = f"$({abs(n):.2f})" if neg == "parens" else f"-{body}" if neg == "minus" else body
    return Written(body, n, D("0.005"))


def fmt_pct(r: Decimal, dp: int, word: bool = False) -> Written:
    n = q_round(r * 100, dp)
    text = f"{abs(n):.{dp}f}" + (" percent" if word else "%")
    return Written(("-" if n < 0 else "") + text, n / 100, D(5).scaleb(-dp - 1) / 100)


def pct_dp(lo: Decimal, hi: Decimal, mid: Decimal) -> int | None:
    dp = sig_dp(mid * 100, 2)
    dp = max(dp, 1) if abs(mid * 100) < 100 else dp
    while dp <= 3:
        if stable(lo * 100, hi * 100, dp):
            return dp
        dp += 1
    return None


def interval(f: Fact) -> tuple[Decimal, Decimal]:
    return f.value - f.half, f.value + f.half


def ratio_range(n: Fact, d: Fact, minus_one: bool = False) -> tuple[Decimal, Decimal, Decimal] | None:
    """(lo, hi, exact) of n/d (or n/d - 1), over the facts' rounding intervals."""
    nl, nh = interval(n)
    dl, dh = interval(d)
    if dl <= 0 <= dh:
        return None
    with localcontext() as ctx:
        ctx.prec = 40
        vals = [a / b for a in (nl, nh) for b in (dl, dh)]
        exact = n.value / d.value
    off = D(1) if minus_one else ZERO
    return min(vals) - off, max(vals) - off, exact - off


def far_enough(claimed: Decimal, truth: Decimal, unit_half: Decimal, rel: Decimal) -> bool:
    """A false number must be wrong under any reading of its precision and >= rel off."""
    diff = abs(claimed - truth)
    return diff > 2 * unit_half and (truth == 0 or diff >= rel * abs(truth))


def transpose(digits_text: str, rng: random.Random) -> str | None:
    """Swap two adjacent different digits (not creating a leading zero)."""
    idx = [i for i, ch in enumerate(digits_text) if ch.isdigit()]
    pairs = [(a, b) for a, b in zip(idx, idx[1:]) if b == a + 1 and digits_text[a] != digits_text[b]]
    pairs = [(a, b) for a, b in pairs if not (a == idx[0] and digits_text[b] == "0")]
    if not pairs:
        return None
    a, b = rng.choice(pairs[:4])
    t = list(digits_text)
    t[a], t[b] = t[b], t[a]
    return "".join(t)


# ---------------------------------------------------------------- claim building blocks
class Skip(Exception):
    """This builder does not fit this filing / draw; try another."""


@dataclass
class Sub:
    kind: str
    text: str
    claimed: str
    truth: bool
    expected: str
    arithmetic: str
    facts: list[Fact]
    claimed_value: str | None = None
    half_unit: str | None = None  # half a unit of the last written digit, in claimed_value's units
    error: str | None = None
    hedge: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "claimed": self.claimed,
            "claimed_value": self.claimed_value,
            "half_unit": self.half_unit,
            "truth": self.truth,
            "expected": self.expected,
            "arithmetic": self.arithmetic,
            "facts": [f.to_json() for f in self.facts],
            "error": self.error,
            "hedge": self.hedge,
        }


def _exp(x: Decimal) -> str:
    with localcontext() as ctx:
        ctx.prec = 12
        return _plain(+x)


class Ctx:
    """One filing's claim factory: metric lookups, periods, and the value writers."""

    def __init__(self, filing: Filing, rng: random.Random):
        self.f = filing
        self.rng = rng
        self.slots = slots(filing)

    # -- lookups
    def fact(self, metric: str, slot: str) -> Fact:
        local = self.f.concept_of.get(metric)
        s = self.slots.get(slot)
        if local is None or s is None:
            raise Skip
        fact = self.f.facts[local].get(s.key)
        if fact is None:
            raise Skip
        return fact

    def has(self, metric: str, slot: str) -> bool:
        try:
            self.fact(metric, slot)
            return True
        except Skip:
            return False

    def term(self, metric: str, style: str) -> str:
        """The metric as this style writes it: analyst words, or the filer's own statement label."""
        m = METRICS[metric]
        label = self.label(metric)
        if metric in self.f.ambiguous:
            choices = list(m.qualified) + ([label] if label else [])
            if not choices:
                raise Skip
            return self.rng.choice(choices)
        if style in ("workpaper",) and label:
            return label
        if style == "template" and label and self.rng.random() < 0.6:
            return label
        return self.rng.choice(m.terms)

    def label(self, metric: str, margin_ok: bool = False) -> str | None:
        """The filer's statement label, when it names the metric on its own ('Total revenues',
        not 'Diluted (in dollars per share)'); 'Gross margin' for gross profit only where a
        dollar amount follows (it reads as a ratio otherwise)."""
        local = self.f.concept_of.get(metric)
        got = self.f.labels.get(local or "")
        if not got:
            return None
        text = got[0]
        if len(text) > 70 or not re.search(r"[a-z]", text) or "per share" in text.lower() or "(in " in text.lower():
            return None
        if not re.search(
            r"revenue|sales|income|profit|loss|earnings|assets|liabilities|equity|cash|expense|cost|margin|"
            r"capital|property|taxes|deficit|capitalization",
            text,
            re.I,
        ):
            return None
        if "margin" in text.lower() and not margin_ok:
            return None
        if re.match(r"^[A-Z][a-z]+, [A-Z]", text):
            return None  # "Assets, Current": the taxonomy's inverted style, not words on a statement
        # sentence case, keeping acronyms: "Operating Income" -> "operating income", "R&D" stays
        return sentence_case(text)

    def statement(self, metric: str) -> str:
        """The statement's title as the filer captions it, in sentence case."""
        local = self.f.concept_of.get(metric)
        got = self.f.labels.get(local or "")
        title = re.sub(r"\s*\([^)]*\)", "", got[1]).strip() if got else ""
        if not title:
            title = (
                "consolidated balance sheets" if METRICS[metric].kind == "instant" else "consolidated statements of operations"
            )
        return title.lower()

    def when(self, slot: str, style: str) -> str:
        s = self.slots.get(slot)
        if s is None:
            raise Skip
        pool = s.words["analyst"] if style == "analyst" else s.words["formal"]
        return self.rng.choice(pool)

    # -- values
    def money(self, v: Decimal, half: Decimal, style: str, scale: str | None = None) -> Callable[[Decimal], Written]:
        """A writer for money values at one scale, precision and form, chosen so that `v` has at
        least 3 significant digits and is stable under the fact's rounding (+-half)."""
        rng = self.rng
        scale = scale or natural_scale(v)
        if scale == "billion" and rng.random() < 0.2:
            scale = "million"
        dp = money_dp(v, half, scale, rng)
        if dp is None:
            scale = {"billion": "million", "million": "thousand", "thousand": "", "": ""}[scale]
            dp = money_dp(v, half, scale, rng)
            if dp is None:
                raise Skip
        if style == "analyst":
            form = rng.choice(["bare_abbr", "abbr", "letter", "usd_letter"])
        elif style == "news":
            form = rng.choice(["word", "word", "word", "usd_word"])
        else:
            form = "word"
        if scale == "" or (scale == "thousand" and form != "word"):
            form = "word"
        neg = "parens" if style == "workpaper" else rng.choice(["minus", "parens"]) if style == "analyst" else "minus"
        return lambda x: fmt_money(x, scale, dp, form, neg)

    def filer_scale(self, v: Decimal, half: Decimal) -> tuple[Written, str] | None:
        """The filer's own presentation: '$33,723,297' with '(in thousands)'."""
        scale = {"millions": "million", "thousands": "thousand", "dollars": ""}[self.f.scale_word]
        s = SCALES[scale]
        if half and half * 2 > s:
            return None
        n = v / s
        if n != n.to_integral_value():
            return None
        mag = group(abs(n), 0)
        text = f"${mag}" if n >= 0 else f"$({mag})"
        return Written(text, v, D(5).scaleb(-1) * s), self.f.scale_word


# ---------------------------------------------------------------- errors
def falsify_value(
    ctx: Ctx,
    fact: Fact,
    w: Written,
    style: str,
    render: Callable[[Decimal], Written],
    kinds: list[str],
    prior: Fact | None = None,
    hedged: bool = False,
) -> tuple[Written, str, str]:
    """A wrong written value for `fact`: (written, error kind, detail)."""
    rng = ctx.rng
    order = kinds[:]
    rng.shuffle(order)
    rel = D("0.05") if hedged else D("0.02")
    for kind in order:
        if kind == "wrong_period" and prior is not None and not hedged:
            if abs(prior.value - fact.value) >= D("0.02") * abs(fact.value):
                cand = render(prior.value)
                if far_enough(cand.value, fact.value, cand.unit_half, rel):
                    return cand, "wrong_period", f"value of {prior.period} written for {fact.period}"
        elif kind == "pct_off":
            r = D(rng.choice([5, 6, 7, 8, 9, 10] if hedged else [3, 4, 5, 6, 7, 8, 9, 10])) / 100
            sign = rng.choice([1, -1])
            cand = render(fact.value * (1 + sign * r))
            if re.search(r"[1-9]", cand.text) and far_enough(cand.value, fact.value, cand.unit_half, rel):
                return cand, "pct_off", f"{'+' if sign > 0 else '-'}{r * 100:.0f}%"
        elif kind == "wrong_scale" and not hedged:
            factor = rng.choice([D(1000), D(1) / 1000])
            cand = _rescale(w, factor)
            if cand is not None and re.search(r"[1-9]", cand.text):
                return cand, "wrong_scale", f"x{_plain(factor)}"
        elif kind == "transposed" and not hedged:
            t = transpose(w.text, rng)
            if t is not None:
                cand = _reparse(w, t)
                if cand is not None and far_enough(cand.value, fact.value, cand.unit_half, D("0.005")):
                    return cand, "transposed", f"{w.text} -> {t}"
        elif kind == "sign" and not hedged and fact.value != 0:
            cand = render(-fact.value)
            return cand, "sign", "sign flipped"
    raise Skip


_SCALE_WORDS = [("billion", "million"), ("bn", "m"), ("B", "M"), ("million", "thousand"), ("m", "k"), ("M", "K")]


def _rescale(w: Written, factor: Decimal) -> Written | None:
    """The same digits with the neighbouring scale word: '$33.7 billion' -> '$33.7 million'."""
    for big, small in _SCALE_WORDS:
        if factor < 1 and re.search(
            rf"\d\)?{re.escape(' ' + big) if len(big) > 1 and big.isalpha() and big.islower() and len(big) > 2 else re.escape(big)}\b",
            w.text,
        ):
            text = re.sub(rf"(\d\)?)( ?){re.escape(big)}\b", rf"\1\2{small}", w.text, count=1)
            return Written(text, w.value * factor, w.unit_half * factor)
        if factor > 1 and re.search(rf"\d\)?( ?){re.escape(small)}\b", w.text):
            text = re.sub(rf"(\d\)?)( ?){re.escape(small)}\b", rf"\1\2{big}", w.text, count=1)
            return Written(text, w.value * factor, w.unit_half * factor)
    return None


def _reparse(w: Written, text: str) -> Written | None:
    """The value `text` states, given that `w.text` states w.value (same scale and sign)."""
    num = lambda t: D(re.sub(r"[^\d.]", "", re.search(r"[\d,]+(\.\d+)?", t).group()))  # noqa: E731
    a, b = num(w.text), num(text)
    if a == 0:
        return None
    return Written(text, w.value * b / a, w.unit_half)


# ---------------------------------------------------------------- sentence builders
Builder = Callable[[Ctx, str, bool], tuple[str, list[Sub]]]


def _level_sub(
    ctx: Ctx,
    metric: str,
    slot: str,
    style: str,
    make_false: bool,
    span_fmt: str,
    hedge: str | None = None,
    errors: list[str] | None = None,
) -> tuple[str, Sub]:
    """One level sub-claim: returns (text, sub). span_fmt has {v} for the written value."""
    fact = ctx.fact(metric, slot)
    m = METRICS[metric]
    if m.unit == "per_share":
        render = lambda v: fmt_per_share(v, "parens" if style == "workpaper" else "minus")  # noqa: E731
    elif m.unit == "shares":
        render = lambda v: _shares(ctx, v, fact.half)  # noqa: E731
    else:
        render = ctx.money(fact.value, fact.half, style)
    w = render(fact.value)
    hedge = _fit_hedge(hedge, w.value, fact.value)
    sub_err = detail = None
    if make_false:
        prior_slot = {"fy": "fy_prior", "q": "q_prior", "ytd": "ytd_prior", "inst": "inst_prior"}.get(slot)
        prior = ctx.fact(metric, prior_slot) if prior_slot and ctx.has(metric, prior_slot) else None
        kinds = errors or ["wrong_period", "pct_off", "wrong_scale", "transposed"] + (["sign"] if m.signed else [])
        w, sub_err, detail = falsify_value(ctx, fact, w, style, render, kinds, prior, hedged=bool(hedge))
        if hedge in ("more than", "over", "at least") and w.value <= fact.value:
            hedge = "about"
        if hedge in ("nearly", "almost"):
            hedge = "about"
    shown = f"{hedge} {w.text}" if hedge else w.text
    text = span_fmt.format(v=shown)
    return text, Sub(
        "level",
        text,
        shown,
        not make_false,
        _plain(fact.value),
        _plain(fact.value),
        [fact],
        claimed_value=_plain(w.value),
        half_unit=_plain(w.unit_half),
        error=sub_err,
        hedge=hedge,
    ) if not detail else Sub(
        "level",
        text,
        shown,
        False,
        _plain(fact.value),
        f"{_plain(fact.value)} ({detail})",
        [fact],
        claimed_value=_plain(w.value),
        half_unit=_plain(w.unit_half),
        error=sub_err,
        hedge=hedge,
    )


def _fit_hedge(hedge: str | None, written: Decimal, value: Decimal) -> str | None:
    """Keep a directional hedge only where it holds of the correctly rounded value; otherwise
    the one of the other direction (rounded up: 'nearly', down: 'more than'), else 'about'."""
    if hedge is None or _hedge_holds(hedge, written, value):
        return hedge
    other = {"more than": "nearly", "over": "almost", "at least": "nearly", "nearly": "more than", "almost": "over"}.get(hedge)
    return other if other and _hedge_holds(other, written, value) else "about"


def _hedge_holds(hedge: str, written: Decimal, value: Decimal) -> bool:
    """A directional hedge on a correctly rounded value must also hold literally."""
    if hedge in ("more than", "over"):
        return written < value
    if hedge == "at least":
        return written <= value
    if hedge in ("nearly", "almost"):
        return written > value
    return True


def _shares(ctx: Ctx, v: Decimal, half: Decimal) -> Written:
    scale = "billion" if abs(v) >= 10**9 else "million"
    dp = money_dp(v, half, scale, ctx.rng, extra=False)
    if dp is None:
        raise Skip
    n = q_round(v / SCALES[scale], dp)
    return Written(f"{group(n, dp)} {scale}", n * SCALES[scale], D(5).scaleb(-dp - 1) * SCALES[scale])


def _growth(ctx: Ctx, metric: str, slot: str, prior_slot: str) -> tuple[Fact, Fact, tuple[Decimal, Decimal, Decimal]]:
    cur, pri = ctx.fact(metric, slot), ctx.fact(metric, prior_slot)
    if not METRICS[metric].positive or cur.value <= 0 or pri.value <= 0:
        raise Skip
    r = ratio_range(cur, pri, minus_one=True)
    if r is None or abs(r[2]) < D("0.005"):
        raise Skip  # flat: "rose 0.3%" invites a sign quibble
    return cur, pri, r


def growth_sub(
    ctx: Ctx, metric: str, slot: str, prior_slot: str, style: str, make_false: bool, fmt: Callable[[str, Decimal], str]
) -> Sub:
    """'rose 6.7%': fmt(pct_text, signed_rate) builds the span (direction word from the sign)."""
    cur, pri, (lo, hi, exact) = _growth(ctx, metric, slot, prior_slot)
    dp = pct_dp(lo, hi, exact)
    if dp is None:
        raise Skip
    w = fmt_pct(exact, dp, word=style == "news" and ctx.rng.random() < 0.3)
    error = detail = None
    claimed_rate = w.value
    if make_false:
        choice = ctx.rng.choice(["wrong_ratio", "pp_off", "sign"])
        if choice == "wrong_ratio":
            with localcontext() as c:
                c.prec = 40
                bad = (cur.value - pri.value) / cur.value  # divided by the current year instead of the prior
            error, detail = "wrong_ratio", "(cur - prior) / cur"
        elif choice == "sign":
            bad = -exact
            error, detail = "sign", "direction flipped"
        else:
            bad = exact + D(ctx.rng.choice([1, 2, 3, -1, -2, -3])) / 100
            error, detail = "pct_off", "percentage points off"
        w = fmt_pct(bad, dp, word="percent" in w.text)
        if abs(w.value - exact) < D("0.01") or (w.value > 0) != (bad > 0):
            if error != "sign" or (w.value > 0) == (exact > 0):
                # too close to the truth (or a rounding flipped the sign): push a full 2 points off
                bad = exact + (D("0.02") if exact >= 0 else D("-0.02"))
                w = fmt_pct(bad, dp, word="percent" in w.text)
                error, detail = "pct_off", "percentage points off"
        claimed_rate = w.value
    mag = w.text.lstrip("-")
    text = fmt(mag, claimed_rate)
    return Sub(
        "growth",
        text,
        mag if claimed_rate >= 0 else f"-{mag}",
        not make_false,
        _exp(exact),
        f"({_plain(cur.value)} - {_plain(pri.value)}) / {_plain(pri.value)}" + (f" [{detail}]" if detail else ""),
        [cur, pri],
        claimed_value=_exp(claimed_rate),
        half_unit=_plain(w.unit_half),
        error=error,
    )


MARGINS = {  # margin name -> (numerator metric, denominator metric, words)
    "gross": ("gross_profit", "revenue", ("gross margin", "gross profit margin")),
    "operating": ("operating_income", "revenue", ("operating margin", "op margin", "EBIT margin")),
    "net": ("net_income", "revenue", ("net margin", "net profit margin")),
}


def margin_sub(ctx: Ctx, which: str, slot: str, style: str, make_false: bool) -> tuple[str, Sub]:
    num_m, den_m, words = MARGINS[which]
    n, d = ctx.fact(num_m, slot), ctx.fact(den_m, slot)
    if d.value <= 0:
        raise Skip
    if num_m in ctx.f.ambiguous or den_m in ctx.f.ambiguous:
        raise Skip  # "net margin" would not say which net income
    lo, hi, exact = ratio_range(n, d)
    if abs(exact) > 5:
        raise Skip
    dp = pct_dp(lo, hi, exact)
    if dp is None:
        raise Skip
    w = fmt_pct(exact, dp)
    word = ctx.rng.choice(words if style == "analyst" else words[:1] if which != "operating" else ("operating margin",))
    error = detail = None
    arithmetic = f"{_plain(n.value)} / {_plain(d.value)}"
    if make_false:
        # the denominators people really slip to: cost of revenue (a markup), gross profit
        alt = {"gross": ["cost_of_revenue"], "operating": ["gross_profit", "opex"], "net": ["gross_profit", "pretax"]}[which]
        alt = [m for m in alt if ctx.has(m, slot) and ctx.fact(m, slot).value > 0 and m not in ctx.f.ambiguous]
        if alt and ctx.rng.random() < 0.5:
            other = ctx.fact(ctx.rng.choice(alt), slot)
            with localcontext() as c:
                c.prec = 40
                bad = n.value / other.value
            error, detail = "wrong_ratio", f"divided by {other.qname} {_plain(other.value)}"
            if abs(bad) > D("1.5"):
                bad = exact + D("0.03")
                error, detail = "pct_off", "percentage points off"
        else:
            bad = exact + D(ctx.rng.choice([1, 2, 3, 4, -1, -2, -3, -4])) / 100
            error, detail = "pct_off", "percentage points off"
        w = fmt_pct(bad, dp)
        if abs(w.value - exact) < D("0.01"):
            w = fmt_pct(exact + D("0.02"), dp)
            error, detail = "pct_off", "percentage points off"
    text = f"{word} of {w.text}" if style != "analyst" else f"{word} {w.text}"
    return text, Sub(
        "margin",
        text,
        w.text,
        not make_false,
        _exp(exact),
        arithmetic + (f" [{detail}]" if detail else ""),
        [n, d],
        claimed_value=_exp(w.value),
        half_unit=_plain(w.unit_half),
        error=error,
    )


def current_ratio_sub(ctx: Ctx, slot: str, style: str, make_false: bool) -> tuple[str, Sub]:
    ca, cl = ctx.fact("current_assets", slot), ctx.fact("current_liabilities", slot)
    lo, hi, exact = ratio_range(ca, cl)
    dp = 2 if ctx.rng.random() < 0.6 else 1
    if exact < 1 and dp == 1:
        dp = 2
    while not stable(lo, hi, dp):
        dp += 1
        if dp > 3:
            raise Skip
    times = style != "analyst" and ctx.rng.random() < 0.5
    val = q_round(exact, dp)
    error = detail = None
    if make_false:
        if ctx.rng.random() < 0.5:
            bad = cl.value / ca.value
            error, detail = "wrong_ratio", "current liabilities / current assets"
        else:
            bad = exact * (1 + D(ctx.rng.choice([8, 10, 12, -8, -10, -12])) / 100)
            error, detail = "pct_off", "ratio off"
        val = q_round(bad, dp)
        if abs(val - exact) < D("0.05") * exact:
            val = q_round(exact * D("1.15"), dp)
            error, detail = "pct_off", "ratio off"
    shown = f"{val:.{dp}f} times" if times else f"{val:.{dp}f}x"
    text = f"current ratio of {shown}" if style != "analyst" else f"current ratio {shown}"
    return text, Sub(
        "ratio",
        text,
        shown,
        not make_false,
        _exp(exact),
        f"{_plain(ca.value)} / {_plain(cl.value)}" + (f" [{detail}]" if detail else ""),
        [ca, cl],
        claimed_value=_plain(val),
        half_unit=_plain(D(5).scaleb(-dp - 1)),
        error=error,
    )


def difference_sub(
    ctx: Ctx, a_m: str, b_m: str, slot: str, style: str, make_false: bool, fmt: Callable[[str], str], kind: str = "difference"
) -> tuple[str, Sub]:
    a, b = ctx.fact(a_m, slot), ctx.fact(b_m, slot)
    diff = a.value - b.value
    if diff <= 0:
        raise Skip
    half = a.half + b.half
    render = ctx.money(diff, half, style)
    w = render(diff)
    error = detail = None
    if make_false:
        pseudo = Fact(a.qname, a.local, a.period, a.kind, a.start, a.end, diff, a.decimals, a.unit)
        w, error, detail = falsify_value(ctx, pseudo, w, style, render, ["pct_off", "wrong_scale", "transposed"])
    text = fmt(w.text)
    return text, Sub(
        kind,
        text,
        w.text,
        not make_false,
        _plain(diff),
        f"{_plain(a.value)} - {_plain(b.value)}" + (f" [{detail}]" if detail else ""),
        [a, b],
        claimed_value=_plain(w.value),
        half_unit=_plain(w.unit_half),
        error=error,
    )


def change_sub(ctx: Ctx, metric: str, slot: str, prior_slot: str, style: str, make_false: bool) -> tuple[str, Sub, Fact]:
    cur, pri = ctx.fact(metric, slot), ctx.fact(metric, prior_slot)
    diff = cur.value - pri.value
    if diff == 0 or abs(diff) < D("0.01") * abs(pri.value):
        raise Skip
    money = ctx.money(abs(diff), cur.half + pri.half, style)
    render = lambda v: money(abs(v))  # noqa: E731
    w = render(diff)
    up = diff > 0
    error = detail = None
    if make_false:
        if ctx.rng.random() < 0.35:
            up, error, detail = not up, "sign", "direction flipped"
        else:
            pseudo = Fact(cur.qname, cur.local, cur.period, cur.kind, cur.start, cur.end, abs(diff), cur.decimals, cur.unit)
            w, error, detail = falsify_value(ctx, pseudo, w, style, render, ["pct_off", "wrong_scale", "transposed"])
    verb = ctx.rng.choice(["increased", "rose", "grew"]) if up else ctx.rng.choice(["decreased", "fell", "declined"])
    text = f"{verb} by {w.text}"
    claimed = w.value if up else -w.value
    return (
        text,
        Sub(
            "change",
            text,
            f"{'+' if up else '-'}{w.text}",
            not make_false,
            _plain(diff),
            f"{_plain(cur.value)} - {_plain(pri.value)}" + (f" [{detail}]" if detail else ""),
            [cur, pri],
            claimed_value=_plain(claimed),
            half_unit=_plain(w.unit_half),
            error=error,
        ),
        cur,
    )


def _prior(slot: str) -> str:
    return {"fy": "fy_prior", "q": "q_prior", "ytd": "ytd_prior", "inst": "inst_prior"}[slot]


def _flow_slot(ctx: Ctx) -> str:
    opts = [s for s in ("fy", "q", "ytd") if s in ctx.slots]
    if not opts:
        raise Skip
    return ctx.rng.choice(opts)


def _entity(ctx: Ctx, style: str) -> str:
    if style == "analyst":
        return ctx.f.ticker
    return ctx.f.short


def _an(word: str) -> str:
    return "an" if word[:1].lower() in "aeio" else "a"


def _cap(s: str) -> str:
    return s[0].upper() + s[1:] if s else s


def _possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def _verb(rate: Decimal, rng: random.Random) -> str:
    if rate > 0:
        return rng.choice(["rose", "increased", "grew", "climbed"] + (["jumped", "surged"] if rate > D("0.15") else []))
    return rng.choice(["fell", "declined", "decreased", "dropped"] + (["slipped"] if rate > D("-0.05") else []))


def _pick_false(n: int, make_false: bool, rng: random.Random) -> list[bool]:
    """Which of n sub-claims carries the error (exactly one when the sentence is false)."""
    out = [False] * n
    if make_false:
        out[rng.randrange(n)] = True
    return out


# ---- analyst notes
def analyst_growth_level(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """NFLX: FY23 revenue +6.7% y/y to $33.7bn; op margin 20.6%"""
    rng = ctx.rng
    slot = rng.choice([s for s in ("fy", "q", "ytd") if s in ctx.slots and _prior(s) in ctx.slots] or ["-"])
    metric = rng.choice(
        [m for m in ("revenue", "gross_profit", "operating_income", "net_income", "cfo") if ctx.has(m, slot)] or ["-"]
    )
    with_margin = rng.random() < 0.5 and metric == "revenue"
    flags = _pick_false(3 if with_margin else 2, make_false, rng)
    g = growth_sub(
        ctx,
        metric,
        slot,
        _prior(slot),
        style,
        flags[0],
        lambda mag, r: f"{'+' if r >= 0 else '-'}{mag} {rng.choice(['y/y', 'YoY', 'y/y'])}",
    )
    lvl_text, lvl = _level_sub(ctx, metric, slot, style, flags[1], "to {v}", errors=["pct_off", "wrong_scale", "transposed"])
    when = ctx.when(slot, "analyst")
    term = ctx.term(metric, style)
    text = f"{ctx.f.ticker}: {when} {term} {g.text} {lvl_text}"
    subs = [g, lvl]
    if with_margin:
        which = rng.choice([w for w in ("operating", "gross", "net") if ctx.has(MARGINS[w][0], slot)] or ["-"])
        if which == "-":
            raise Skip
        mt, ms = margin_sub(ctx, which, slot, style, flags[2])
        text += f"; {mt}"
        subs.append(ms)
    return text, subs


def analyst_levels(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """AAPL FY23: rev $383.3bn, GP $169.1bn, EPS $6.13"""
    rng = ctx.rng
    slot = _flow_slot(ctx)
    pool = [
        m
        for m in (
            "revenue",
            "gross_profit",
            "operating_income",
            "net_income",
            "eps_diluted",
            "cfo",
            "capex",
            "rd",
            "sga",
            "diluted_shares",
        )
        if ctx.has(m, slot) and m not in ctx.f.ambiguous
    ]
    if len(pool) < 2:
        raise Skip
    picks = rng.sample(pool, min(3, len(pool)))
    flags = _pick_false(len(picks), make_false, rng)
    short = {
        "revenue": ["rev", "revenue", "sales"],
        "gross_profit": ["GP", "gross profit"],
        "operating_income": ["EBIT", "op inc", "operating profit"],
        "net_income": ["NI", "net income"],
        "eps_diluted": ["dil. EPS", "diluted EPS", "EPS (diluted)"],
        "cfo": ["CFO", "op cash flow"],
        "capex": ["capex"],
        "rd": ["R&D"],
        "sga": ["SG&A"],
        "diluted_shares": ["dil. shares", "diluted share count"],
    }
    parts, subs = [], []
    for m, bad in zip(picks, flags):
        t, s = _level_sub(ctx, m, slot, style, bad, rng.choice(short[m]) + " {v}")
        parts.append(t)
        subs.append(s)
    return f"{ctx.f.ticker} {ctx.when(slot, 'analyst')}: " + ", ".join(parts), subs


def analyst_balance(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """NFLX YE23: cash $7.1bn, current ratio 1.12x; total assets $48.7bn"""
    rng = ctx.rng
    if "inst" not in ctx.slots:
        raise Skip
    subs, parts = [], []
    have_cr = ctx.has("current_assets", "inst") and ctx.has("current_liabilities", "inst")
    pool = [m for m in ("cash", "assets", "liabilities", "equity") if ctx.has(m, "inst") and m not in ctx.f.ambiguous]
    if not pool:
        raise Skip
    n = 1 + have_cr + (len(pool) > 1)
    flags = _pick_false(n, make_false, rng)
    picks = rng.sample(pool, n - have_cr)
    names = {
        "cash": ["cash", "cash & equivalents"],
        "assets": ["total assets"],
        "liabilities": ["total liabilities"],
        "equity": ["book value", "equity", "shareholders' equity"],
    }
    for m, bad in zip(picks, flags):
        t, s = _level_sub(ctx, m, "inst", style, bad, rng.choice(names[m]) + " {v}")
        parts.append(t)
        subs.append(s)
    if have_cr:
        t, s = current_ratio_sub(ctx, "inst", style, flags[-1])
        parts.append(t)
        subs.append(s)
    return f"{ctx.f.ticker} {ctx.when('inst', 'analyst')}: " + "; ".join(parts), subs


def analyst_fcf(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """FCF (CFO less capex) $6.9bn in FY23"""
    slot = _flow_slot(ctx)
    rng = ctx.rng
    flags = _pick_false(2, make_false, rng)
    t1, s1 = _level_sub(ctx, "cfo", slot, style, flags[0], "CFO {v}")
    t2, s2 = difference_sub(
        ctx,
        "cfo",
        "capex",
        slot,
        style,
        flags[1],
        lambda v: rng.choice([f"FCF (CFO less capex) {v}", f"free cash flow {v}", f"FCF {v}"]),
    )
    return f"{ctx.f.ticker} {ctx.when(slot, 'analyst')}: {t1}, {t2}", [s1, s2]


# ---- news
def news_growth_level(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Netflix's revenue rose 6.7% to $33.7 billion in 2023"""
    rng = ctx.rng
    slot = rng.choice([s for s in ("fy", "q", "ytd") if s in ctx.slots and _prior(s) in ctx.slots] or ["-"])
    metric = rng.choice(
        [
            m
            for m in ("revenue", "gross_profit", "operating_income", "net_income", "cfo", "rd", "sga")
            if ctx.has(m, slot) and ctx.has(m, _prior(slot))
        ]
        or ["-"]
    )
    flags = _pick_false(2, make_false, rng)
    g = growth_sub(ctx, metric, slot, _prior(slot), style, flags[0], lambda mag, r: f"{_verb(r, rng)} {mag}")
    hedge = rng.choice([None, None, "about", "nearly", "more than"]) if not flags[1] else rng.choice([None, None, "about"])
    lt, lvl = _level_sub(
        ctx, metric, slot, style, flags[1], "to {v}", hedge=hedge, errors=["wrong_period", "pct_off", "wrong_scale", "transposed"]
    )
    when = ctx.when(slot, "news")
    tail = rng.choice(["", " from a year earlier", " compared with the prior year", " year over year"])
    term = ctx.term(metric, style)
    text = f"{_possessive(ctx.f.short)} {term} {g.text} {lt} {when}{tail}"
    return text, [g, lvl]


def news_level(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Apple reported net income of about $97.0 billion for fiscal 2023"""
    rng = ctx.rng
    slot = rng.choice([s for s in ("fy", "q", "ytd", "inst") if s in ctx.slots])
    pool = [m for m, mm in METRICS.items() if ctx.has(m, slot) and mm.unit == "money" and m not in ("cfi", "cff", "income_tax")]
    if not pool:
        raise Skip
    metric = rng.choice(pool)
    fact = ctx.fact(metric, slot)
    loss = fact.value < 0 and metric in ("net_income", "operating_income", "pretax", "comprehensive_income", "net_income_common")
    hedge = rng.choice([None, None, "about", "approximately", "roughly", "nearly", "almost", "more than", "over", "at least"])
    term = ctx.term(metric, style)
    if loss:
        # "a net loss of $71.4 million": the magnitude, the sign in the word
        term = {
            "net_income": "net loss",
            "operating_income": "operating loss",
            "pretax": "pretax loss",
            "comprehensive_income": "comprehensive loss",
            "net_income_common": "net loss attributable to common stockholders",
        }[metric]
        flipped = Fact(
            fact.qname, fact.local, fact.period, fact.kind, fact.start, fact.end, -fact.value, fact.decimals, fact.unit
        )
        lt, lvl = _abs_level(ctx, flipped, fact, style, make_false, hedge)
    else:
        lt, lvl = _level_sub(
            ctx,
            metric,
            slot,
            style,
            make_false,
            "{v}",
            hedge=hedge,
            errors=["wrong_period", "pct_off", "wrong_scale", "transposed"],
        )
    when = ctx.when(slot, "news")
    verb = "reported" if METRICS[metric].kind == "duration" else "had"
    article = "a " if loss else ""
    text = rng.choice(
        [f"{ctx.f.short} {verb} {article}{term} of {lt} {when}", f"{_cap(when)}, {ctx.f.short} {verb} {article}{term} of {lt}"]
    )
    return text, [lvl]


def _abs_level(ctx: Ctx, shown: Fact, real: Fact, style: str, make_false: bool, hedge: str | None) -> tuple[str, Sub]:
    """A loss written as a magnitude: the sub-claim states -magnitude."""
    render = ctx.money(shown.value, shown.half, style)
    w = render(shown.value)
    hedge = _fit_hedge(hedge, w.value, shown.value)
    err = detail = None
    if make_false:
        w, err, detail = falsify_value(ctx, shown, w, style, render, ["pct_off", "wrong_scale", "transposed"], None, bool(hedge))
        if hedge in ("more than", "over", "at least") and w.value <= shown.value:
            hedge = "about"
        if hedge in ("nearly", "almost"):
            hedge = "about"
    text = f"{hedge} {w.text}" if hedge else w.text
    return text, Sub(
        "level",
        text,
        text,
        not make_false,
        _plain(real.value),
        _plain(real.value) + (f" [{detail}]" if detail else ""),
        [real],
        claimed_value=_plain(-w.value),
        half_unit=_plain(w.unit_half),
        error=err,
        hedge=hedge,
    )


def news_loss_comparison(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Advent's net loss narrowed to $71.4 million in 2023 from $74.3 million a year earlier"""
    rng = ctx.rng
    slot = rng.choice([s for s in ("fy", "q", "ytd") if s in ctx.slots and _prior(s) in ctx.slots] or ["-"])
    metric = rng.choice([m for m in ("net_income", "operating_income") if ctx.has(m, slot) and ctx.has(m, _prior(slot))] or ["-"])
    cur, pri = ctx.fact(metric, slot), ctx.fact(metric, _prior(slot))
    if cur.value >= 0 or pri.value >= 0 or abs(cur.value - pri.value) < D("0.02") * abs(pri.value):
        raise Skip
    narrowed = abs(cur.value) < abs(pri.value)
    flags = _pick_false(3, make_false, rng)
    said = narrowed if not flags[0] else not narrowed
    word = "narrowed" if said else "widened"
    neg = lambda f: Fact(f.qname, f.local, f.period, f.kind, f.start, f.end, -f.value, f.decimals, f.unit)  # noqa: E731
    t1, s1 = _abs_level(ctx, neg(cur), cur, style, flags[1], None)
    t2, s2 = _abs_level(ctx, neg(pri), pri, style, flags[2], None)
    comp = Sub(
        "comparison",
        f"{word}",
        word,
        not flags[0],
        "narrowed" if narrowed else "widened",
        f"|{_plain(cur.value)}| {'<' if narrowed else '>'} |{_plain(pri.value)}|",
        [cur, pri],
        error="wrong_comparison" if flags[0] else None,
    )
    loss = {"net_income": "net loss", "operating_income": "operating loss"}[metric]
    text = f"{_possessive(ctx.f.short)} {loss} {word} to {t1} {ctx.when(slot, 'news')} from {t2} a year earlier"
    return text, [comp, s1, s2]


def news_comparison(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Operating cash flow exceeded net income / revenue more than doubled / grew faster than costs"""
    rng = ctx.rng
    slot = _flow_slot(ctx)
    options = []
    if ctx.has("cfo", slot) and ctx.has("net_income", slot) and "net_income" not in ctx.f.ambiguous:
        options.append("cfo_vs_ni")
    if (
        ctx.has("revenue", slot)
        and ctx.has("revenue", _prior(slot))
        and ctx.has("cost_of_revenue", slot)
        and ctx.has("cost_of_revenue", _prior(slot))
    ):
        options.append("faster")
    for m in ("net_income", "operating_income", "revenue", "cfo"):
        if ctx.has(m, slot) and ctx.has(m, _prior(slot)) and m not in ctx.f.ambiguous:
            options.append(f"double:{m}")
    if not options:
        raise Skip
    pick = rng.choice(options)
    when = ctx.when(slot, "news")
    if pick == "cfo_vs_ni":
        a, b = ctx.fact("cfo", slot), ctx.fact("net_income", slot)
        if abs(a.value - b.value) < D("0.05") * max(abs(a.value), abs(b.value)):
            raise Skip
        truth = a.value > b.value
        said = truth != make_false
        word = "exceeded" if said else "fell short of"
        text = f"{_possessive(ctx.f.short)} operating cash flow {word} its net income {when}"
        return text, [
            Sub(
                "comparison",
                f"operating cash flow {word} its net income",
                word,
                not make_false,
                "exceeded" if truth else "fell short of",
                f"{_plain(a.value)} {'>' if truth else '<'} {_plain(b.value)}",
                [a, b],
                error="wrong_comparison" if make_false else None,
            )
        ]
    if pick == "faster":
        r1 = ratio_range(ctx.fact("revenue", slot), ctx.fact("revenue", _prior(slot)), True)
        r2 = ratio_range(ctx.fact("cost_of_revenue", slot), ctx.fact("cost_of_revenue", _prior(slot)), True)
        if r1 is None or r2 is None or abs(r1[2] - r2[2]) < D("0.01"):
            raise Skip
        truth = r1[2] > r2[2]
        said = truth != make_false
        word = "faster" if said else "more slowly"
        facts = [
            ctx.fact("revenue", slot),
            ctx.fact("revenue", _prior(slot)),
            ctx.fact("cost_of_revenue", slot),
            ctx.fact("cost_of_revenue", _prior(slot)),
        ]
        text = f"{_possessive(ctx.f.short)} revenue grew {word} than its cost of revenue {when}"
        return text, [
            Sub(
                "comparison",
                f"revenue grew {word} than its cost of revenue",
                word,
                not make_false,
                f"revenue growth {_exp(r1[2])} vs cost growth {_exp(r2[2])}",
                f"({_plain(facts[0].value)} / {_plain(facts[1].value)} - 1) {'>' if truth else '<'} ({_plain(facts[2].value)} / {_plain(facts[3].value)} - 1)",
                facts,
                error="wrong_comparison" if make_false else None,
            )
        ]
    metric = pick.split(":")[1]
    cur, pri = ctx.fact(metric, slot), ctx.fact(metric, _prior(slot))
    if pri.value <= 0 or cur.value <= 0:
        raise Skip
    ratio = cur.value / pri.value
    doubled = ratio >= D("2.02")
    if not doubled and ratio > D("1.8"):
        raise Skip
    if doubled == make_false:  # asked to say something true with "doubled" only when it did
        if make_false and doubled:
            raise Skip
        if not make_false and not doubled:
            raise Skip
    term = ctx.term(metric, style)
    text = f"{_possessive(ctx.f.short)} {term} more than doubled {when} compared with the prior year"
    return text, [
        Sub(
            "comparison",
            "more than doubled",
            "more than doubled",
            not make_false,
            _exp(ratio),
            f"{_plain(cur.value)} / {_plain(pri.value)} {'>=' if doubled else '<'} 2",
            [cur, pri],
            error="wrong_comparison" if make_false else None,
        )
    ]


def news_change(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Cash and cash equivalents increased by $1.2 billion to $7.1 billion since December 31, 2023"""
    rng = ctx.rng
    if "inst" not in ctx.slots or "inst_prior" not in ctx.slots:
        raise Skip
    metric = rng.choice(
        [
            m
            for m in ("cash", "assets", "liabilities", "equity", "current_assets")
            if ctx.has(m, "inst") and ctx.has(m, "inst_prior")
        ]
        or ["-"]
    )
    flags = _pick_false(2, make_false, rng)
    ct, cs, cur = change_sub(ctx, metric, "inst", "inst_prior", style, flags[0])
    lt, ls = _level_sub(ctx, metric, "inst", style, flags[1], "to {v}", errors=["pct_off", "wrong_scale", "transposed"])
    since = (
        f"from {long_date(ctx.slots['inst_prior'].end)}"
        if rng.random() < 0.5
        else f"compared with {long_date(ctx.slots['inst_prior'].end)}"
    )
    text = f"{_possessive(ctx.f.short)} {ctx.term(metric, style)} {ct} {lt} {ctx.when('inst', 'news')}, {since}"
    return text, [cs, ls]


# ---- earnings summaries
def earnings_ni_eps(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Net income for the quarter was $5.4 billion, or $1.26 per diluted share"""
    rng = ctx.rng
    slot = _flow_slot(ctx)
    ni, eps = ctx.fact("net_income", slot), ctx.fact("eps_diluted", slot)
    flags = _pick_false(2, make_false, rng)
    if ni.value < 0:
        neg = Fact(ni.qname, ni.local, ni.period, ni.kind, ni.start, ni.end, -ni.value, ni.decimals, ni.unit)
        t1, s1 = _abs_level(ctx, neg, ni, style, flags[0], None)
        head = "Net loss"
    else:
        t1, s1 = _level_sub(
            ctx, "net_income", slot, style, flags[0], "{v}", errors=["wrong_period", "pct_off", "wrong_scale", "transposed"]
        )
        head = "Net income" if "net_income" not in ctx.f.ambiguous else f"Net income attributable to {ctx.f.short}"
    if eps.value < 0:
        w = fmt_per_share(-eps.value)
        err = detail = None
        if flags[1]:
            w, err, detail = falsify_value(
                ctx,
                Fact(eps.qname, eps.local, eps.period, eps.kind, eps.start, eps.end, -eps.value, eps.decimals, eps.unit),
                w,
                style,
                lambda v: fmt_per_share(v),
                ["pct_off", "transposed", "wrong_period"],
            )
        t2 = f"{w.text} per diluted share"
        s2 = Sub(
            "level",
            t2,
            w.text,
            not flags[1],
            _plain(eps.value),
            _plain(eps.value) + (f" [{detail}]" if detail else ""),
            [eps],
            claimed_value=_plain(-w.value),
            half_unit=_plain(w.unit_half),
            error=err,
        )
        t2 = f"or a loss of {t2}"
    else:
        t2, s2 = _level_sub(
            ctx, "eps_diluted", slot, style, flags[1], "{v} per diluted share", errors=["wrong_period", "pct_off", "transposed"]
        )
        t2 = f"or {t2}"
    when = ctx.when(slot, "earnings")
    text = f"{head} {when} was {t1}, {t2}"
    return text, [s1, s2]


def earnings_revenue(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Revenue for the third quarter was $9.82 billion, up 15.0% from the year-ago quarter"""
    rng = ctx.rng
    slot = rng.choice([s for s in ("fy", "q", "ytd") if s in ctx.slots and _prior(s) in ctx.slots] or ["-"])
    metric = rng.choice([m for m in ("revenue", "operating_income", "gross_profit") if ctx.has(m, slot)] or ["-"])
    flags = _pick_false(2, make_false, rng)
    lt, ls = _level_sub(
        ctx, metric, slot, style, flags[0], "{v}", errors=["wrong_period", "pct_off", "wrong_scale", "transposed"]
    )
    g = growth_sub(
        ctx,
        metric,
        slot,
        _prior(slot),
        style,
        flags[1],
        lambda mag, r: (
            f"{'up' if r >= 0 else 'down'} {mag} from "
            + ("the year-ago quarter" if slot == "q" else "the prior-year period" if slot == "ytd" else "the prior year")
        ),
    )
    term = _cap(ctx.term(metric, style))
    when = ctx.when(slot, "earnings")
    verb = ctx.rng.choice(["was", "came in at", "totaled"])
    return f"{term} {when} {verb} {lt}, {g.text}", [ls, g]


def earnings_margin(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Gross profit was $169.1 billion for fiscal 2023, a gross margin of 44.1%"""
    rng = ctx.rng
    slot = _flow_slot(ctx)
    which = rng.choice([w for w in ("gross", "operating") if ctx.has(MARGINS[w][0], slot) and ctx.has("revenue", slot)] or ["-"])
    if which == "-":
        raise Skip
    num_m = MARGINS[which][0]
    if ctx.fact(num_m, slot).value <= 0:
        raise Skip
    flags = _pick_false(2, make_false, rng)
    lt, ls = _level_sub(ctx, num_m, slot, style, flags[0], "{v}", errors=["wrong_period", "pct_off", "wrong_scale", "transposed"])
    mt, ms = margin_sub(ctx, which, slot, style, flags[1])
    return f"{_cap(ctx.term(num_m, style))} was {lt} {ctx.when(slot, 'earnings')}, {_an(mt)} {mt}", [ls, ms]


def earnings_cash(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Operating cash flow was $7.3 billion and capital expenditures were $0.35 billion; cash ended at $7.1 billion"""
    rng = ctx.rng
    slot = _flow_slot(ctx)
    flags = _pick_false(3, make_false, rng)
    t1, s1 = _level_sub(ctx, "cfo", slot, style, flags[0], "{v}")
    subs = [s1]
    text = f"Cash provided by operating activities was {t1} {ctx.when(slot, 'earnings')}"
    if ctx.has("capex", slot):
        t2, s2 = _level_sub(ctx, "capex", slot, style, flags[1], "{v}")
        text += f", and capital expenditures were {t2}"
        subs.append(s2)
    if "inst" in ctx.slots and ctx.has("cash", "inst"):
        t3, s3 = _level_sub(ctx, "cash", "inst", style, flags[2], "{v}")
        text += f"; cash and cash equivalents totaled {t3} {ctx.when('inst', 'earnings')}"
        subs.append(s3)
    if make_false and not any(not s.truth for s in subs):
        raise Skip
    return text, subs


def earnings_opex(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """R&D expense was $X and SG&A was $Y for the quarter"""
    rng = ctx.rng
    slot = _flow_slot(ctx)
    pool = [m for m in ("rd", "sga", "opex", "income_tax", "pretax") if ctx.has(m, slot) and ctx.fact(m, slot).value > 0]
    if len(pool) < 2:
        raise Skip
    a, b = rng.sample(pool, 2)
    flags = _pick_false(2, make_false, rng)
    t1, s1 = _level_sub(ctx, a, slot, style, flags[0], "{v}")
    t2, s2 = _level_sub(ctx, b, slot, style, flags[1], "{v}")
    return f"{_cap(ctx.term(a, style))} was {t1} and {ctx.term(b, style)} was {t2} {ctx.when(slot, 'earnings')}", [s1, s2]


# ---- audit work papers
def workpaper_agreed(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Agreed total revenues of $33,723,297 (in thousands) for the year ended December 31, 2023 to the
    consolidated statements of operations"""
    rng = ctx.rng
    slot = rng.choice([s for s in ("fy", "q", "ytd", "inst") if s in ctx.slots])
    pool = [m for m, mm in METRICS.items() if ctx.has(m, slot) and mm.unit == "money" and ctx.label(m, margin_ok=True)]
    if not pool:
        raise Skip
    metric = rng.choice(pool)
    fact = ctx.fact(metric, slot)
    label = ctx.label(metric, margin_ok=True) or ""
    if (
        fact.value < 0
        and re.search(r"\bloss\b|used in", label, re.I)
        and not re.search(r"income|earnings|provided|profit", label, re.I)
    ):
        raise Skip  # "Net loss of $(71,397)" reads as a double negative
    got = ctx.filer_scale(fact.value, fact.half)
    if got is None:
        raise Skip
    w, scale_word = got
    err = detail = None
    if make_false:
        s = {"millions": "million", "thousands": "thousand", "dollars": ""}[scale_word]

        def render(v: Decimal) -> Written:
            n = q_round(v / SCALES[s], 0)
            return Written(f"${group(abs(n), 0)}" if n >= 0 else f"$({group(abs(n), 0)})", n * SCALES[s], SCALES[s] / 2)

        prior = ctx.fact(metric, _prior(slot)) if _prior(slot) in ctx.slots and ctx.has(metric, _prior(slot)) else None
        kind = rng.choice(["transposed", "transposed", "wrong_period", "pct_off", "wrong_scale_label"])
        if kind == "wrong_scale_label":
            bigger = {"thousands": "millions", "dollars": "thousands", "millions": "billions"}[scale_word]
            scale_word = bigger
            w = Written(w.text, w.value * 1000, w.unit_half * 1000)
            err, detail = "wrong_scale", "scale caption x1000"
        else:
            w, err, detail = falsify_value(ctx, fact, w, style, render, [kind, "transposed", "pct_off"], prior)
    when = ctx.when(slot, "workpaper")
    verb = rng.choice(["Agreed", "Traced", "Tied"])
    stmt = ctx.statement(metric)
    caption = f"(in {scale_word})" if scale_word != "dollars" else ""
    text = f"{verb} {label} of {w.text} {caption} {when} to the {stmt}".replace("  ", " ")
    sub = Sub(
        "level",
        f"{label} of {w.text} {caption}".strip(),
        f"{w.text} {caption}".strip(),
        not make_false,
        _plain(fact.value),
        _plain(fact.value) + (f" [{detail}]" if detail else ""),
        [fact],
        claimed_value=_plain(w.value),
        half_unit=_plain(w.unit_half),
        error=err,
    )
    return text, [sub]


def workpaper_recalc(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Recalculated gross margin of 44.1% (gross profit / net sales) for fiscal 2023 without exception"""
    rng = ctx.rng
    slot = _flow_slot(ctx)
    opts = [w for w in ("gross", "operating", "net") if ctx.has(MARGINS[w][0], slot) and ctx.has("revenue", slot)]
    if "inst" in ctx.slots and ctx.has("current_assets", "inst") and ctx.has("current_liabilities", "inst"):
        opts.append("current")
    if not opts:
        raise Skip
    pick = rng.choice(opts)
    if pick == "current":
        t, s = current_ratio_sub(ctx, "inst", style, make_false)
        return (
            f"Recalculated the {t} (total current assets / total current liabilities) {ctx.when('inst', 'workpaper')} without exception",
            [s],
        )
    t, s = margin_sub(ctx, pick, slot, style, make_false)
    num_l = ctx.label(MARGINS[pick][0]) or METRICS[MARGINS[pick][0]].terms[0]
    den_l = ctx.label("revenue") or "revenue"
    return f"Recalculated {t} ({num_l} / {den_l}) {ctx.when(slot, 'workpaper')}; no exceptions noted", [s]


def workpaper_footing(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Total assets exceeded total liabilities by $X (in thousands) at December 31, 2023 / working capital"""
    rng = ctx.rng
    if "inst" not in ctx.slots:
        raise Skip
    pairs = []
    if ctx.has("current_assets", "inst") and ctx.has("current_liabilities", "inst"):
        pairs.append(("current_assets", "current_liabilities", "working capital"))
    if ctx.has("assets", "inst") and ctx.has("liabilities", "inst"):
        pairs.append(("assets", "liabilities", None))
    if not pairs:
        raise Skip
    a, b, name = rng.choice(pairs)
    la = ctx.label(a) or METRICS[a].terms[0]
    lb = ctx.label(b) or METRICS[b].terms[0]
    when = ctx.when("inst", "workpaper")
    if name and rng.random() < 0.5:
        t, s = difference_sub(ctx, a, b, "inst", style, make_false, lambda v: f"working capital ({la} less {lb}) of {v}")
        return f"Computed {t} {when}", [s]
    t, s = difference_sub(ctx, a, b, "inst", style, make_false, lambda v: f"{la} exceeded {lb} by {v}")
    return f"Noted that {t} {when}", [s]


def workpaper_eps(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    """Agreed basic and diluted earnings per share of $6.16 and $6.13 for fiscal 2023 to the income statement"""
    rng = ctx.rng
    slot = _flow_slot(ctx)
    if ctx.f.concept_of.get("eps_diluted") == "EarningsPerShareBasicAndDiluted" or not ctx.has("eps_basic", slot):
        raise Skip
    flags = _pick_false(2, make_false, rng)
    t1, s1 = _level_sub(ctx, "eps_basic", slot, style, flags[0], "{v}", errors=["transposed", "pct_off", "wrong_period", "sign"])
    t2, s2 = _level_sub(
        ctx, "eps_diluted", slot, style, flags[1], "{v}", errors=["transposed", "pct_off", "wrong_period", "sign"]
    )
    return (
        f"Agreed basic and diluted earnings per share of {t1} and {t2} {ctx.when(slot, 'workpaper')} to the {ctx.statement('eps_diluted')}",
        [s1, s2],
    )


# ---- template (question + bare answer)
def template_level(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    rng = ctx.rng
    slot = rng.choice([s for s in ("fy", "fy_prior", "q", "q_prior", "ytd", "ytd_prior", "inst", "inst_prior") if s in ctx.slots])
    pool = [
        m for m, mm in METRICS.items() if ctx.has(m, slot) and mm.kind == ("instant" if slot.startswith("inst") else "duration")
    ]
    if not pool:
        raise Skip
    metric = rng.choice(pool)
    fact = ctx.fact(metric, slot)
    m = METRICS[metric]
    term = ctx.term(metric, style)
    if (
        fact.value < 0
        and re.search(r"\bloss\b|used in|deficit", term, re.I)
        and not re.search(r"income|earnings|provided|profit", term, re.I)
    ):
        term = m.terms[0]  # "operating loss ... -76.0" would be a double negative
    when = ctx.when(slot, "template").replace("in the ", "for the ").replace("in fiscal", "for fiscal")
    if m.unit == "per_share":
        w = fmt_per_share(fact.value, "minus")
        suffix, answer_of = rng.choice([(", in USD per share", lambda x: f"{x.value:.2f}"), ("", lambda x: x.text)])
        render = lambda v: fmt_per_share(v, "minus")  # noqa: E731
    elif m.unit == "shares":
        s = rng.choice(["million", "thousand"])
        if fact.half * 2 > SCALES[s] and s == "thousand":
            s = "million"
        dp = money_dp(fact.value, fact.half, s, rng, extra=False)
        if dp is None:
            raise Skip

        def render(v):
            return Written(group(v / SCALES[s], dp), q_round(v / SCALES[s], dp) * SCALES[s], D(5).scaleb(-dp - 1) * SCALES[s])

        w = render(fact.value)
        suffix, answer_of = f", in {s}s of shares", lambda x: x.text
    else:
        options = [
            ("thousand", ", in thousands of USD"),
            ("thousand", " (in thousands)"),
            ("million", " (in millions)"),
            ("million", ", in millions"),
            ("", ", in USD"),
            ("", ""),
            ("million", ", in millions of USD"),
        ]
        s, suffix = rng.choice(options)
        if SCALES[s] < fact.half * 2:
            s, suffix = "million", " (in millions)"
        dp = 0 if s != "million" or abs(fact.value) >= 10**8 else money_dp(fact.value, fact.half, "million", rng, extra=False)
        if dp is None:
            raise Skip
        if not stable((fact.value - fact.half) / SCALES[s], (fact.value + fact.half) / SCALES[s], dp):
            raise Skip
        if s == "" and suffix == "":
            render = lambda v: Written(("-" if v < 0 else "") + "$" + group(abs(v), 0), q_round(v, 0), D("0.5"))  # noqa: E731
        else:

            def render(v):
                return Written(group(v / SCALES[s], dp), q_round(v / SCALES[s], dp) * SCALES[s], D(5).scaleb(-dp - 1) * SCALES[s])

        w = render(fact.value)
        answer_of = lambda x: x.text  # noqa: E731
    err = detail = None
    if make_false:
        prior_slot = {"fy": "fy_prior", "q": "q_prior", "ytd": "ytd_prior", "inst": "inst_prior"}.get(slot)
        prior = ctx.fact(metric, prior_slot) if prior_slot and ctx.has(metric, prior_slot) else None
        kinds = ["wrong_period", "pct_off", "transposed", "wrong_scale_answer"] + (["sign"] if m.signed else [])
        kind = rng.choice(kinds)
        if kind == "wrong_scale_answer" and m.unit == "money" and suffix:
            w = render(fact.value * 1000)  # the figure copied from a statement in a finer scale
            if not far_enough(w.value, fact.value, w.unit_half, D("0.5")):
                raise Skip
            err, detail = "wrong_scale", "answer in the wrong scale"
        else:
            w, err, detail = falsify_value(
                ctx, fact, w, style, render, [kind if kind != "wrong_scale_answer" else "pct_off", "pct_off", "transposed"], prior
            )
    q = f"What was {term} {when}{suffix}?"
    if rng.random() < 0.25:
        q = f"What was {_possessive(ctx.f.short)} {term} {when}{suffix}?"
    answer = answer_of(w)
    sub = Sub(
        "level",
        answer,
        answer,
        not make_false,
        _plain(fact.value),
        _plain(fact.value) + (f" [{detail}]" if detail else ""),
        [fact],
        claimed_value=_plain(w.value),
        half_unit=_plain(w.unit_half),
        error=err,
    )
    return json.dumps({"question": q, "answer": answer}), [sub]


def template_ratio(ctx: Ctx, style: str, make_false: bool) -> tuple[str, list[Sub]]:
    rng = ctx.rng
    slot = _flow_slot(ctx)
    pick = rng.choice(["margin", "growth", "current"])
    when = ctx.when(slot, "template").replace("in the ", "for the ").replace("in fiscal", "for fiscal")
    if pick == "current":
        if "inst" not in ctx.slots:
            raise Skip
        t, s = current_ratio_sub(ctx, "inst", style, make_false)
        answer = s.claimed.replace(" times", "").replace("x", "")
        s.claimed = answer
        s.text = answer
        return json.dumps({"question": f"What was the current ratio {ctx.when('inst', 'template')}?", "answer": answer}), [s]
    if pick == "margin":
        which = rng.choice(
            [w for w in ("gross", "operating", "net") if ctx.has(MARGINS[w][0], slot) and ctx.has("revenue", slot)] or ["-"]
        )
        if which == "-":
            raise Skip
        t, s = margin_sub(ctx, which, slot, style, make_false)
        word = t.split(" of ")[0]
        q = f"What was the {word} {when}?" if rng.random() < 0.5 else f"What was the {word} {when}, in percent?"
        answer = s.claimed if "in percent" not in q else s.claimed.rstrip("%")
        s.text = answer
        return json.dumps({"question": q, "answer": answer}), [s]
    metric = rng.choice(
        [
            m
            for m in ("revenue", "net_income", "operating_income", "gross_profit")
            if ctx.has(m, slot) and ctx.has(m, _prior(slot))
        ]
        or ["-"]
    )
    g = growth_sub(ctx, metric, slot, _prior(slot), style, make_false, lambda mag, r: f"{'-' if r < 0 else ''}{mag}")
    q = f"By what percentage did {ctx.term(metric, style)} change {when} compared with the prior-year period?"
    g.text = g.text
    return json.dumps({"question": q, "answer": g.text}), [g]


# ---------------------------------------------------------------- undecidable
OTHER_COMPANIES = [
    ("Microsoft", "MSFT"),
    ("Alphabet", "GOOGL"),
    ("Tesla", "TSLA"),
    ("Meta Platforms", "META"),
    ("Walmart", "WMT"),
    ("Coca-Cola", "KO"),
    ("Intel", "INTC"),
    ("Oracle", "ORCL"),
]


def undecidable(ctx: Ctx, which: str, others: list[tuple[str, str]]) -> tuple[str, str, str]:
    """(style, text, kind): sentences no filing can decide."""
    rng = ctx.rng
    f = ctx.f
    fy = f.fiscal_year or f.end.year
    rev = ctx.fact("revenue", _flow_slot(ctx)) if any(ctx.has("revenue", s) for s in ("fy", "q", "ytd")) else None
    big = rev.value if rev is not None and rev.value > 0 else D(10) ** 8
    guess = fmt_money(big * D("1.12"), natural_scale(big), 1, "word").text
    if which == "forecast":
        text = rng.choice(
            [
                f"{f.short} expects fiscal {fy + 1} revenue of about {guess}",
                f"{f.ticker}: mgmt guides FY{(fy + 1) % 100:02d} revenue to {guess}, implying ~12% growth",
                f"{f.short} forecast revenue of {guess} for fiscal {fy + 1}, above its {fy} result",
            ]
        )
        return rng.choice(["news", "analyst"]) if "guides" not in text else "analyst", text, "forecast"
    share, pts = rng.randint(8, 41), rng.choice([1, 2, 3])
    if which == "market_share":
        return (
            "news",
            rng.choice(
                [
                    f"{f.short} held a {share}% share of its market {ctx.when(_flow_slot(ctx), 'news')}",
                    f"{f.short} gained about {pts} percentage point{'s' if pts > 1 else ''} of market share in fiscal {fy}",
                    f"{f.ticker}: mkt share ~{share}%, +{pts}pp y/y",
                ]
            ),
            "market_share",
        )
    if which == "stock_price":
        px, pe, up = D(rng.randint(1500, 40000)) / 100, D(rng.randint(80, 350)) / 10, rng.randint(3, 40)
        return rng.choice(
            [
                ("news", f"{_possessive(f.short)} shares closed at ${px} on the day it filed its report, up {D(up) / 10}%"),
                (
                    "analyst",
                    f"{f.ticker} trades at {pe}x forward earnings with a market cap of about {fmt_money(big * D(rng.randint(2, 9)), natural_scale(big * 5), 0, 'word').text}",
                ),
                ("news", f"{_possessive(f.short)} stock rose {up}% in fiscal {fy}, outperforming the S&P 500"),
            ]
        ) + ("stock_price",)
    if which == "consensus":
        eps = ctx.fact("eps_diluted", _flow_slot(ctx)) if any(ctx.has("eps_diluted", s) for s in ("fy", "q", "ytd")) else None
        e = fmt_per_share(eps.value).text if eps is not None else "$1.05"
        beat = D(rng.randint(1, 15)) / 100
        return rng.choice(
            [
                ("earnings", f"Diluted EPS of {e} beat the analyst consensus estimate by ${beat}"),
                (
                    "analyst",
                    f"{f.ticker}: EPS {e} vs. Street estimate of {e.replace(e.lstrip('-$()'), str(abs(eps.value if eps else D('1.05')) - beat))}; revenue in line with consensus",
                ),
            ]
        ) + ("consensus",)
    if which == "employees":
        heads = rng.choice([1, 10, 100]) * rng.randint(120, 990) * 10
        return (
            "news",
            f"{f.short} ended fiscal {fy} with about {heads:,} full-time employees, up {rng.randint(2, 9)}% from a year earlier",
            "employees",
        )
    raise ValueError(which)


def template_undecidable(ctx: Ctx, index: int, others: list[tuple[str, str]]) -> tuple[str, str, str]:
    """(question, answer, kind): another company's name on this filing's figure, or a question
    about guidance, the share price or consensus."""
    rng = ctx.rng
    f = ctx.f
    fy = f.fiscal_year or f.end.year
    if index % 2 == 0:
        name, _ = rng.choice(others)
        for _ in range(20):
            try:
                qa = json.loads(template_level(ctx, "template", False)[0])
            except Skip:
                continue
            q = qa["question"].replace(f"What was {_possessive(f.short)} ", "What was ", 1)
            return q.replace("What was ", f"What was {_possessive(name)} ", 1), qa["answer"], "wrong_entity"
        raise Skip
    which = rng.choice(["forecast", "stock_price", "consensus"])
    if which == "forecast":
        slot = "fy" if "fy" in ctx.slots else _flow_slot(ctx)
        rev = ctx.fact("revenue", slot) if ctx.has("revenue", slot) else None
        base = rev.value if rev is not None and rev.value > 0 else D(10) ** 8
        return (
            f"What revenue does {f.short} expect for fiscal {fy + 1}, in millions of USD?",
            group(base * D("1.08") / 10**6, 0),
            "forecast",
        )
    if which == "stock_price":
        return (
            f"What was {_possessive(f.short)} closing share price on the last trading day of fiscal {fy}, in USD?",
            str(D(rng.randint(1500, 40000)) / 100),
            "stock_price",
        )
    slot = _flow_slot(ctx)
    return (
        f"By how much did diluted EPS {ctx.when(slot, 'template').replace('in the ', 'for the ')} beat the analyst consensus, in USD per share?",
        str(D(rng.randint(1, 15)) / 100),
        "consensus",
    )


def wrong_entity(ctx: Ctx, others: list[tuple[str, str]]) -> tuple[str, str, list[Sub]]:
    """A true statement about this filing's numbers, attributed to another company."""
    rng = ctx.rng
    name, ticker = rng.choice(others)
    for _ in range(20):
        style = rng.choice(["news", "analyst", "earnings"])
        try:
            slot = rng.choice([s for s in ("fy", "q", "ytd", "inst") if s in ctx.slots])
            pool = [
                m
                for m in ("revenue", "net_income", "assets", "cash", "operating_income")
                if ctx.has(m, slot) and ctx.fact(m, slot).value > 0 and m not in ctx.f.ambiguous
            ]
            if not pool:
                continue
            metric = rng.choice(pool)
            lt, ls = _level_sub(ctx, metric, slot, style, False, "{v}")
            term = ctx.term(metric, style)
            when = ctx.when(slot, style)
            text = {
                "news": f"{_possessive(name)} {term} was {lt} {when}",
                "analyst": f"{ticker}: {when} {term} {lt}",
                "earnings": f"{name} reported {term} of {lt} {when}",
            }[style]
            return style, text, [ls]
        except Skip:
            continue
    raise Skip


# ---------------------------------------------------------------- assembly
BUILDERS: dict[str, list[Builder]] = {
    "analyst": [analyst_growth_level, analyst_levels, analyst_balance, analyst_fcf],
    "news": [news_growth_level, news_level, news_loss_comparison, news_comparison, news_change],
    "earnings": [earnings_ni_eps, earnings_revenue, earnings_margin, earnings_cash, earnings_opex],
    "workpaper": [workpaper_agreed, workpaper_recalc, workpaper_footing, workpaper_eps],
    "template": [template_level, template_level, template_ratio],
}


def _tidy(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    text = text.replace(" ,", ",").replace(" ;", ";")
    return text


def build_filing(filing: Filing, others: list[tuple[str, str]], index: int = 0) -> list[dict[str, Any]]:
    rng = random.Random(f"{SEED}:{filing.path}")
    ctx = Ctx(filing, rng)
    records: list[dict[str, Any]] = []
    seen: set[str] = set()
    base = {"filing": filing.path, "registrant": filing.registrant, "ticker": filing.ticker}

    def add(
        style: str,
        text: str | None,
        question: str | None,
        answer: str | None,
        label: str,
        subs: list[Sub],
        error: str | None = None,
        reason: str | None = None,
        kind: str | None = None,
    ) -> None:
        n = sum(1 for r in records if r["style"] == style) + 1
        records.append(
            {
                "id": f"{filing.name}/{style}/{n:03d}",
                **base,
                "style": style,
                "text": text,
                "question": question,
                "answer": answer,
                "label": label,
                "error": error,
                "expected_abstain_reason": reason,
                "undecidable_kind": kind,
                "subclaims": [s.to_json() for s in subs],
            }
        )

    for style, count in PER_STYLE.items():
        builders = BUILDERS[style]
        made = attempts = 0
        used = [0] * len(builders)
        while made < count and attempts < 400:
            # the least used builder that still fits, ties broken by the seeded draw
            least = min(used)
            choices = [i for i, u in enumerate(used) if u <= least + (attempts // 40)]
            pick = rng.choice(choices)
            builder = builders[pick]
            attempts += 1
            make_false = (made + index) % 2 == 1
            try:
                text, subs = builder(ctx, style, make_false)
            except Skip:
                continue
            if make_false != any(not s.truth for s in subs):
                continue
            key = text
            if key in seen:
                continue
            seen.add(key)
            error = next((s.error for s in subs if not s.truth), None)
            label = "false" if make_false else "true"
            if style == "template":
                qa = json.loads(text)
                add(style, None, qa["question"], qa["answer"], label, subs, error)
            else:
                add(style, _tidy(text), None, None, label, subs, error)
            made += 1
            used[pick] += 1
    # undecidable: one claim about another company, the rest beyond any filing
    try:
        style, text, subs = wrong_entity(ctx, others)
        for s in subs:
            s.truth = None  # the numbers are this filing's; the company is not
        add(style, _tidy(text), None, None, "undecidable", [], None, "wrong_entity", "wrong_entity")
    except Skip:
        pass
    kinds = ["forecast", "market_share", "stock_price", "consensus"]
    if not ({"EntityNumberOfEmployees", "NumberOfEmployees"} & filing.all_locals):
        kinds.append("employees")
    rng.shuffle(kinds)
    for which in kinds[: UNDECIDABLE_PER_FILING - 1]:
        try:
            style, text, kind = undecidable(ctx, which, others)
        except Skip:
            continue
        if text in seen:
            continue
        seen.add(text)
        add(style, _tidy(text), None, None, "undecidable", [], None, None, kind)
    # and one question/answer pair, so the template path meets undecidable claims too
    try:
        q, a, kind = template_undecidable(ctx, index, others)
        add("template", None, q, a, "undecidable", [], None, "wrong_entity" if kind == "wrong_entity" else None, kind)
    except Skip:
        pass
    return records


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--check", action="store_true", help="exit 1 when the file on disk differs from a fresh build")
    ap.add_argument("--filings", nargs="*", default=FILINGS)
    args = ap.parse_args()
    import logging

    from auditgraph.loader.filing import filing_session

    logging.disable(logging.WARNING)
    tax = SHARED / "taxonomies"
    packages = [tax / f"{t}-{y}.zip" for y in (2022, 2023, 2024, 2025) for t in ("us-gaap", "srt", "sec")]
    session = filing_session([p for p in packages if p.exists()])
    filings = []
    try:
        for rel in sorted(args.filings):
            filings.append(read_filing(session, rel))
            print(
                f"  read {rel}: {sum(len(v) for v in filings[-1].facts.values())} facts, {len(filings[-1].concept_of)} metrics",
                file=sys.stderr,
            )
    finally:
        session.close()
    names = sorted({(f.short, f.ticker) for f in filings})
    records = []
    for i, f in enumerate(filings):
        others = [(n, t) for n, t in names if t != f.ticker and n != f.short] + OTHER_COMPANIES
        records += build_filing(f, others, i)
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    if args.check:
        same = args.out.exists() and args.out.read_text(encoding="utf-8") == text
        print("unchanged" if same else f"{args.out} differs from a fresh build", file=sys.stderr)
        sys.exit(0 if same else 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    by = defaultdict(int)
    for r in records:
        by[(r["style"], r["label"])] += 1
    print(f"wrote {len(records)} claims over {len(filings)} filings to {args.out}", file=sys.stderr)
    for k in sorted(by):
        print(f"  {k[0]:10} {k[1]:12} {by[k]}", file=sys.stderr)


if __name__ == "__main__":
    main()
