"""Filing data read with Arelle: the face-statement facts, periods and labels a claim may cite."""

from __future__ import annotations

import os
import re
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from auditgraph.eval.claims_devset.metrics import METRICS
from auditgraph.eval.claims_devset.written import ZERO, D

if TYPE_CHECKING:
    from auditgraph.loader.session import ArelleSession

REPO = Path(__file__).resolve().parents[2]
# ../shared beside the checkout, or $AUDITGRAPH_SHARED (a worktree elsewhere names it)
SHARED = Path(os.environ.get("AUDITGRAPH_SHARED", REPO.parent / "shared"))
FILINGS_DIR = SHARED / "filings"


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
            "value": plain(self.value),
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


def plain(x: Decimal) -> str:
    text = format(x, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _period(ctx: Any) -> tuple[str, str, date | None, date] | None:
    """Period key as loader/facts.py stores it: end dates and instants without a time lose
    Arelle's extra day (it reads 2023-12-31 as 2024-01-01T00:00)."""
    from arelle import XbrlConst, XmlUtil

    def filer_date(local: str, dt: datetime) -> date:
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


def _unit_key(unit: Any) -> str:
    from auditgraph.loader.facts import unit_row

    return str(unit_row(unit)["key"])


def _statement_labels(model: Any) -> dict[str, tuple[str, str]]:
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
        order = int(lead.group()) if (lead := re.match(r"\d+", definition)) else 10**9
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


def read_filing(session: ArelleSession, rel: str) -> Filing:
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
            value = D(cast(str, fact_value(f)))  # numeric and not nil: never None
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
    choose_concepts(filing)
    return filing


def choose_concepts(filing: Filing) -> None:
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
    filing.scale_word = {"-6": "millions", "-3": "thousands", "0": "dollars"}.get((decs[0] or "") if decs else "-3", "thousands")


def _current_key(filing: Filing, kind: str) -> list[str]:
    if kind == "instant":
        return [f"instant:{filing.end}"]
    return [f"duration:{filing.start}/{filing.end}"]
