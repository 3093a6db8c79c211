"""Which part of the company a figure is about: a segment, product line, region, debt instrument
or class of stock, named with the filer's own member labels.

    members = Members.from_rows(graph.read("verify.members", filing_id=f), entity_words)
    members.find("The Unregulated Energy segment reported operating income of $0.2 million")
    -> [MemberMention(4, 22, "Unregulated Energy", "cpk:UnregulatedEnergyMember", "us-gaap:StatementBusinessSegmentsAxis")]

A figure whose clause names a member (outside its metric's own words) is about that member, not
the consolidated company: the verifier never checks it against the consolidated fact. Words
that say "a segment" without naming one ("the segment's operating income") do the same.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from auditgraph.verifier.plan import label_key as key

# Axes whose members are the parts of a line item on the face of the statements, not a part of
# the company: "retained earnings" or "common stock" in a sentence is the line item itself.
PRESENTATION_AXES = {"us-gaap:StatementEquityComponentsAxis", "srt:StatementScenarioAxis", "srt:RestatementAxis"}
# Axes whose members are what a note is about, described there in the note's own prose rather
# than by the member's label: an acquisition ("the acquisition of X … goodwill of $N"), a class of
# awards ("the PSUs"), a debt instrument or facility, a class of assets ("the parcels of land …"),
# an impaired asset group, a restructuring plan, a contingency, a disposal group, an investee, a
# taxing authority. When the concept has a fact for such a member, a figure differing from the
# consolidated fact may be that member's, whatever its value. Segments, products, regions, legal
# entities and the fair-value, concentration and reclassification tables are not here: text about
# those parts names them (Members.find), so a figure whose clause names none is the consolidated one.
SUBJECT_AXES = frozenset(
    {
        "us-gaap:BusinessAcquisitionAxis",
        "us-gaap:AwardTypeAxis",
        "us-gaap:ShareBasedCompensationArrangementsByShareBasedPaymentAwardAxis",
        "us-gaap:PlanNameAxis",
        "us-gaap:DebtInstrumentAxis",
        "us-gaap:LongtermDebtTypeAxis",
        "us-gaap:LineOfCreditFacilityAxis",
        "us-gaap:PropertyPlantAndEquipmentByTypeAxis",
        "us-gaap:LongLivedAssetsByMajorClassAxis",
        "us-gaap:FiniteLivedIntangibleAssetsByMajorClassAxis",
        "us-gaap:IndefiniteLivedIntangibleAssetsByMajorClassAxis",
        "us-gaap:ImpairedLongLivedAssetsHeldAndUsedByTypeAxis",
        "us-gaap:RestructuringPlanAxis",
        "us-gaap:LossContingenciesByNatureOfContingencyAxis",
        "us-gaap:LitigationCaseAxis",
        "us-gaap:DisposalGroupName",
        "us-gaap:DisposalGroupNameAxis",
        "us-gaap:EquityMethodInvestmentNonconsolidatedInvesteeAxis",
        "us-gaap:IncomeTaxAuthorityAxis",
    }
)
_SUFFIX = re.compile(r"\s*(?:\[(?:member|domain)\]|\bmember\b|\bdomain\b)\s*$", re.I)
_GENERIC = {
    "other",
    "all other",
    "total",
    "employee",
    "employees",
    "customer",
    "product",
    "service",
    "parent",
    "parent company",
    "consolidated",
    "segment",
    "segments",
    "subsidiaries",
    "common stock",
    "preferred stock",
    "level 1",
    "level 2",
    "level 3",
}
# "Performance Stock Units (PSUs)", "Employee Stock Purchase Plan (ESPP)": a label that defines
# its abbreviation; the abbreviation (two or more capitals, an optional plural s) names the member too
_ABBREVIATED = re.compile(r"(?P<long>.*?\w.*?)\s*\((?P<abbr>[A-Z][A-Z0-9&]*[A-Z0-9]s?)\)")
# Names every reader knows a country by, besides the filer's label ("United States" is "U.S." in
# the notes); dotted forms match in any case, bare capitals only as written ("US", never "us")
_CONVENTIONAL = {
    "united states": ("U.S.", "U.S.A.", "US", "USA"),
    "united kingdom": ("U.K.", "UK"),
}
_CONVENTIONAL_NAMES = frozenset(a.lower() for names in _CONVENTIONAL.values() for a in names)
_NOT_THE_COUNTRY = re.compile(r"\s*(?:GAAP|generally\s+accepted|dollars?|treasur(?:y|ies)|government|federal)\b", re.I)
SCOPE_WORDS = re.compile(
    r"\b(?:segments?|divisions?|reportable|business\s+units?|geographic(?:al)?\s+(?:area|region)s?)\b(?!\s*(?:\(|reporting))",
    re.I,
)


@dataclass(frozen=True)
class MemberMention:
    start: int
    end: int
    words: str  # as written in the text
    qname: str
    axis: str
    options: tuple[tuple[str, str], ...] = ()  # every (member, axis) the words name; more than one member: ambiguous


def local_name(qname: str) -> str:
    """The words of a member's local name: "cpk:UnregulatedEnergyMember" -> "Unregulated Energy",
    "x:AcmiServicesMember" -> "Acmi Services" (text matches case-insensitively: "ACMI Services")."""
    local = re.sub(r"^A(?=\d)", "", re.sub(r"Member$", "", qname.rsplit(":", 1)[-1]))  # "A2025Notes": names start with a letter
    return " ".join(re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", local))


@dataclass(frozen=True)
class Members:
    """The filing's member names (label text without "[Member]"), longest first, as one pattern."""

    names: dict[str, tuple[tuple[str, str], ...]]  # lower-case name -> every (member qname, axis) it names
    pattern: re.Pattern[str] | None
    # abbreviations the labels define ("Performance Stock Units (PSUs)"), matched with their case:
    # "PSUs" in a note is the member, "psus" or an ordinary word spelled the same is not
    abbreviations: re.Pattern[str] | None = None

    @classmethod
    def from_rows(
        cls,
        rows: Iterable[dict[str, Any]],
        entity_words: Iterable[str] = (),
        is_line_item: Callable[[frozenset[str]], bool] | None = None,
    ) -> Members:
        """`is_line_item`: whether words name a line item (Lexicon.knows); such a member name
        ("Cash", "Revenue", "Net sales" on a concentration-risk axis) is the line item in a
        sentence, never a part of the company."""
        ent = {w.lower() for w in entity_words}
        names: dict[str, dict[tuple[str, str], None]] = {}
        short: set[str] = set()
        for r in rows:
            if r.get("axis") in PRESENTATION_AXES:
                continue
            texts = [*(r.get("filer_labels") or ()), *(r.get("labels") or ()), local_name(r["qname"])]
            for text in list(texts):
                if m := _ABBREVIATED.fullmatch(_SUFFIX.sub("", text or "").strip()):
                    texts.append(m["long"])  # "Performance Stock Units": the label without its abbreviation
                    for abbr in {m["abbr"], m["abbr"].removesuffix("s")}:  # "PSUs" and "PSU"
                        if len(abbr) >= 2 and abbr.lower() not in ent and (is_line_item is None or not is_line_item(key(abbr))):
                            names.setdefault(abbr.lower(), {})[(r["qname"], r.get("axis") or "")] = None
                            short.add(abbr)
            for text in texts:
                name = re.sub(r"\s+", " ", _SUFFIX.sub("", text or "")).strip(" ,.")
                low = re.sub(r"[\s-]+", " ", name.lower())
                words = re.findall(r"[a-z0-9&]+", low)
                for alias in _CONVENTIONAL.get(low, ()):  # even where the full name is also a line item's label
                    if alias.lower() not in ent and (is_line_item is None or not is_line_item(key(alias))):
                        names.setdefault(alias.lower(), {})[(r["qname"], r.get("axis") or "")] = None
                        if "." not in alias:
                            short.add(alias)
                if (
                    len(name) < 3
                    or low in _GENERIC
                    or not key(name)
                    or (is_line_item is not None and is_line_item(key(name)))
                    or (ent and all(w in ent or w in ("inc", "corp", "co", "ltd", "llc", "the") for w in words))
                ):
                    continue
                names.setdefault(low, {})[(r["qname"], r.get("axis") or "")] = None
        longer = [n for n in names if n not in {a.lower() for a in short}]
        if not names:
            return cls({}, None)
        options = {n: tuple(o) for n, o in names.items()}
        alts = "|".join(re.escape(n).replace(r"\ ", r"[\s-]+") for n in sorted(longer, key=len, reverse=True))
        abbrs = "|".join(re.escape(a) for a in sorted(short, key=len, reverse=True))
        return cls(
            options,
            re.compile(rf"(?<![\w-])(?:{alts})(?![\w-])", re.I) if longer else None,
            re.compile(rf"(?<![\w-])(?:{abbrs})(?![\w-])") if abbrs else None,
        )

    def find(self, text: str) -> list[MemberMention]:
        out: list[MemberMention] = []
        for pattern in (self.pattern, self.abbreviations):
            for m in pattern.finditer(text) if pattern is not None else ():
                if _NOT_THE_COUNTRY.match(text, m.end()) and m[0].lower() in _CONVENTIONAL_NAMES:
                    continue  # "U.S. GAAP", "U.S. dollars": the country names a standard or a currency here
                if got := self.names.get(re.sub(r"[\s-]+", " ", m[0].lower())):
                    if not any(o.start <= m.start() < o.end or m.start() <= o.start < m.end() for o in out):
                        out.append(MemberMention(m.start(), m.end(), m[0], got[0][0], got[0][1], got))
        return sorted(out, key=lambda mm: mm.start)


def strip_members(
    text: str, start: int, end: int, unexplained: Iterable[str], mentions: Iterable[MemberMention]
) -> tuple[str, tuple[MemberMention, ...]] | None:
    """The metric words of text[start:end] without the member names inside it, and those members,
    when the members are what its name left unexplained: "Latin America revenues" with the filer's
    member "Latin America" -> ("revenues", (Latin America,)). None when other words stay unexplained."""
    inside = tuple(mm for mm in mentions if start <= mm.start and mm.end <= end)
    if not inside:
        return None
    chars = list(text[start:end])
    for mm in inside:
        chars[mm.start - start : mm.end - start] = " " * (mm.end - mm.start)
    core = " ".join("".join(chars).split())
    left = {w.lower() for w in re.findall(r"[\w'’&-]+", core)}
    if not core or any(w.lower() in left for u in unexplained for w in re.findall(r"[\w'’&-]+", u)):
        return None
    return core, inside


# words that take a member out of a figure rather than make the figure the member's
_EXCLUDING = re.compile(
    r"\b(?:excluding|excludes?|except|other\s+than|outside(?:\s+of)?|not\s+including|without|less|net\s+of)\b", re.I
)
_AFTER = re.compile(
    r"\s*(?:,\s*)?(?:in|for|from|at|of|by|on|within|under|to|attributable\s+to|related\s+to)\s+(?:the\s+|our\s+|its\s+|their\s+)?",
    re.I,
)

# "$725.6 million, $839.0 million and $701.9 million for 2023, 2022 and 2021, respectively, derived
# primarily from aircraft leases": where the figures come from, said after the list
_SOURCE = re.compile(
    r",\s*(?:derived|generated|earned)\s+(?:primarily\s+|mainly\s+|mostly\s+|principally\s+|entirely\s+)?"
    r"(?:from|in)\s+(?:the\s+|our\s+|its\s+)?$",
    re.I,
)


def attached(text: str, mm: MemberMention, metric: tuple[int, int], number: tuple[int, int]) -> bool:
    """Whether the member is what the figure is about, by where the clause names it: in the metric's
    words ("Latin America revenues"), between the metric and the figure ("goodwill of the Industrial
    Specialty Group segment was"), right after the figure by a preposition ("$4.4 billion in Latin
    America") or as the clause's subject ("The Unregulated Energy segment reported operating income
    of"). A member elsewhere in the clause ("total revenue was $33.7 billion, of which Latin America
    …", "revenue excluding Latin America") may be about another figure: not attached."""
    lo, hi = min(metric[0], number[0]), max(metric[1], number[1])
    if lo <= mm.start and mm.end <= hi:
        return not _EXCLUDING.search(text, lo, mm.start)
    if mm.start >= hi:
        gap = text[hi : mm.start]
        return _AFTER.fullmatch(gap) is not None or (_SOURCE.search(gap) is not None and not _EXCLUDING.search(gap))
    gap = text[mm.end : lo]
    return not re.search(r"[,;:()\d]", gap) and len(gap.split()) <= 3 and not _EXCLUDING.search(gap)
