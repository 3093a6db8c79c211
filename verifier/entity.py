"""Who a claim is about: company names, possessives and tickers, checked against the registrant.

"Apple's revenue rose 8%" against Netflix's filing must abstain (`wrong_entity`), not be
checked against Netflix's revenue. A mention matches when it shares a distinctive word with the
registrant's name (dei:EntityRegistrantName) or is its ticker (dei:TradingSymbol); generic
words ("the Company", "management", "we") are no mention at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_SUFFIXES = {
    "inc",
    "inc.",
    "corp",
    "corp.",
    "corporation",
    "co",
    "co.",
    "company",
    "ltd",
    "ltd.",
    "plc",
    "llc",
    "lp",
    "l.p.",
    "holdings",
    "holding",
    "group",
    "the",
    "sa",
    "ag",
    "nv",
    "n.v.",
    "se",
    "limited",
    "incorporated",
    "trust",
    "&",
    "and",
    "of",
    "international",
    "global",
    "technologies",
    "technology",
    "systems",
}
_GENERIC = {
    "the",
    "company",
    "we",
    "our",
    "it",
    "its",
    "management",
    "firm",
    "group",
    "registrant",
    "issuer",
    "auditors",
    "analysts",
    "segment",
    "board",
    "net",
    "total",
    "revenue",
    "revenues",
    "gross",
    "operating",
    "cash",
    "diluted",
    "basic",
    "free",
    "adjusted",
    "fiscal",
    "full",
    "year",
    "quarter",
    "first",
    "second",
    "third",
    "fourth",
    "q1",
    "q2",
    "q3",
    "q4",
    "fy",
    "in",
    "for",
    "at",
    "as",
    "during",
    "this",
    "that",
    "compared",
    "capital",
    "current",
    "long-term",
    "short-term",
    "research",
    "selling",
    "general",
    "income",
    "earnings",
    "sales",
    "comprehensive",
    "agreed",
    "traced",
    "recalculated",
    "per",
    "eps",
    "while",
    "and",
    "but",
    "with",
    "according",
    "based",
    "both",
    "each",
    "all",
    "gaap",
    "non-gaap",
    "u.s.",
    "us",
}
# "Apple's", and "ONE Gas’": a name ending in s keeps its s before a bare apostrophe
_POSSESSIVE = re.compile(r"\b((?:[A-Z][\w&.-]*\s+){0,3}[A-Z][\w&.-]*)(?:['’]s|(?<=s)['’])(?=\s)")
_TICKER = re.compile(r"(?:^|\(|\b(?:NASDAQ|NYSE|Nasdaq|AMEX|OTC)\s*:\s*)([A-Z]{1,5})(?=\s*[:)])")
_SUBJECT = re.compile(
    r"^((?:[A-Z][\w&.-]*\s+){0,3}[A-Z][\w&.-]*)\s+(?:reported|posted|said|generated|delivered|grew|recorded|"
    r"had|saw|announced|ended|earned|booked|increased|raised|cut|returned|spent|paid|achieved|incurred)\b"
)
_NAMED = re.compile(r"\b((?:[A-Z][\w&.-]*\s+){0,3})(?:Inc\.?|Corp\.?|Corporation|Co\.|Ltd\.?|plc|LLC|Holdings)(?=\W|$)")


def mentions(text: str) -> list[str]:
    """Company names and tickers a sentence mentions, as written."""
    found = []
    for rx in (_POSSESSIVE, _SUBJECT, _NAMED, _TICKER):
        for m in rx.finditer(text):
            name = m[1].strip()
            words = [w for w in re.findall(r"[\w&.-]+", name.lower()) if w not in _GENERIC and w not in _SUFFIXES]
            if words:
                found.append(name)
    return list(dict.fromkeys(found))


# the filer as the actor of a note's sentence: "the Company issued 20,000,000 shares to Noise Comms Ltd."
_FILER_ACTS = re.compile(r"\b(?:(?i:the\s+company|the\s+registrant)|[Ww]e|[Oo]ur|us)\b")  # "US" is a country


def name_words(mention: str) -> frozenset[str]:
    """The distinctive words of a company's name as mentioned: "Cash Converters" -> {"cash", "converters"}."""
    return frozenset(
        w for w in re.findall(r"[a-z0-9]+", mention.lower()) if w not in _SUFFIXES and w not in _GENERIC and len(w) >= 3
    )


def counterparty(text: str, mention: str) -> bool:
    """Whether a company the sentence names is the other party of the filer's own transaction: named
    only as a company ("… a note payable to Redfield Holdings, Ltd."), never as an owner ("BAM's gross
    par") or a subject ("Ultimate One LLC paid …"), in a sentence whose actor is the filer. Its figures
    are the filer's to check; a figure of another company's own accounts is not."""
    if not _FILER_ACTS.search(text):
        return False
    return not any(m[1].strip() == mention for rx in (_POSSESSIVE, _SUBJECT) for m in rx.finditer(text))


def initials(entity_name: str | None) -> tuple[str, ...]:
    """The initials a company goes by, bare and with the name's "&": ("PG", "P&G") for PROCTER & GAMBLE CO,
    ("GE",) for General Electric Co; () for a name of one word."""
    parts = [w for w in re.findall(r"[A-Za-z0-9]+|&", entity_name or "") if w.lower() not in _SUFFIXES or w == "&"]
    while parts and parts[-1] == "&":
        parts.pop()
    letters = [w[0].upper() for w in parts if w != "&"]
    if len(letters) < 2:
        return ()
    bare = "".join(letters)
    written = "".join("&" if w == "&" else w[0].upper() for w in parts).strip("&")
    return (bare, written) if written != bare else (bare,)


def matcher(entity_name: str | None, ticker: str | None) -> Callable[[str], bool]:
    """A test of one mention against the registrant."""
    own = {w for w in re.findall(r"[a-z0-9&]+", (entity_name or "").lower()) if w not in _SUFFIXES and len(w) >= 2}
    tick = (ticker or "").upper()
    short = initials(entity_name)

    def matches(mention: str) -> bool:
        if tick and mention.strip().upper() == tick:
            return True
        if short and re.sub(r"[&.]", "", mention.strip()) == short[0]:  # written in capitals, as initials are
            return True
        words = {w for w in re.findall(r"[a-z0-9&]+", mention.lower()) if w not in _SUFFIXES and w not in _GENERIC}
        return bool(words) and (words <= own or bool(words & own and any(len(w) >= 4 for w in words & own)))

    return matches
