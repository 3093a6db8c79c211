"""Where a sentence names a line item: the longest runs of words the lexicon knows, with the
modifiers and qualifiers around them ("streaming revenues", "net loss attributable to common
stockholders"). The first stage of reading (sentence.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from auditgraph.verifier.plan import label_key as key
from auditgraph.verifier.vocabulary import (
    BOUNDARY_VERBS,
    CUE_WORDS,
    CURRENCY_WORDS,
    EDGE_STOP_WORDS,
    MONTHS,
    NEUTRAL_WORDS,
    OWNER_WORDS,
    QNAME_IN_BRACKETS,
)

MAX_METRIC_WORDS = 12

_WORD = re.compile(r"\[[^\]]*\]|[A-Za-z][A-Za-z&'’.-]*[A-Za-z&]|[A-Za-z]|[$]?\d[\d,.]*%?|[;:()+]|,")
RISE = r"widened|deepened|changed|change|rose|rise|rises|rising|increased|increase|increases|increasing|grew|grow|grows|growing|growth|climbed|climb|jumped|jump|gained|gain|gains|up|higher|surged|surge|advanced|expanded|improved|improvement|\+"
FALL = r"narrowed|shrank|fell|fall|falls|falling|declined|decline|declines|declining|decreased|decrease|decreases|decreasing|dropped|drop|drops|slipped|slid|down|lower|shrank|contracted|contraction|plunged|tumbled|worsened|deteriorated|-"
GROWTH = re.compile(rf"(?<![\w-])(?P<rise>{RISE})(?![\w-])|(?<![\w-])(?P<fall>{FALL})(?![\w-])", re.I)


@dataclass(frozen=True)
class MetricSpan:
    start: int
    end: int
    text: str  # as written, with any modifier or qualifier around the matched words
    matched: str  # the words an entry of the lexicon has
    unexplained: tuple[str, ...] = ()  # words next to the metric that no entry explains
    negated: bool = False  # "net loss", "cash used in": the written figure is minus the concept's value
    qname: str | None = None  # [us-gaap:X] written right after it
    implied: bool = False  # "per diluted share" with no metric words: earnings per share


class Knows(Protocol):
    """Whether the lexicon has an entry with exactly these content words (Lexicon.knows)."""

    def __call__(self, k: frozenset[str], conjoined: bool = False) -> bool: ...


@dataclass
class Token:
    text: str
    start: int
    end: int
    norm: str = ""


def word_tokens(text: str) -> list[Token]:
    out = []
    for m in _WORD.finditer(text):
        w = m[0]
        out.append(Token(w, m.start(), m.end(), w.lower().replace("’", "'")))
    return out


def find_metrics(
    text: str, knows: Knows, blocked: Sequence[tuple[int, int]] = (), entity_words: frozenset[str] = frozenset()
) -> list[MetricSpan]:
    """Longest runs of words whose content words are an entry of the lexicon, left to right,
    with the unexplained modifiers and qualifiers around each."""
    # a number or period in the way ends a name: mark it with a stop token
    toks: list[Token] = []
    for t in word_tokens(text):
        if any(s <= t.start < e for s, e in blocked):
            if not toks or toks[-1].text != ";":
                toks.append(Token(";", t.start, t.end, ";"))
            continue
        toks.append(t)
    out: list[MetricSpan] = []
    i = 0
    while i < len(toks):
        best = None
        if _is_word(toks[i]) and toks[i].norm not in entity_words:
            for j in range(min(len(toks), i + MAX_METRIC_WORDS), i, -1):
                span = toks[i:j]
                if (
                    not _is_word(span[-1])
                    or not _content(span[-1])
                    or not _content(span[0])
                    or any(t.text in (";", ":", "(", ")", "+") or _is_number(t) for t in span)
                ):
                    continue
                if any(_contiguous_gap(text, a, b) for a, b in zip(span, span[1:])):
                    continue
                words = text[span[0].start : span[-1].end]
                k = key(words)
                joined = bool(re.search(r"\band\b|&", words, re.I))
                if k and (knows(k, True) if joined else knows(k)):
                    best = (j, words)
                    break
        if best is None:
            i += 1
            continue
        j, words = best
        out.append(_extend(text, toks, i, j, words, knows, entity_words, blocked))
        i = j
    return out


def _content(t: Token) -> bool:
    """A word that can start or end a metric name ("total" and "net" can start one)."""
    return t.norm not in EDGE_STOP_WORDS and (bool(key(t.text)) or t.norm in ("total", "net"))


def _is_abbrev(text: str, t: Token) -> bool:
    """ "dil." in "dil. EPS": a short word with a full stop, not the end of a sentence."""
    return len(t.text) <= 4 and text[t.end : t.end + 1] == "."


def _is_word(t: Token) -> bool:
    return t.text[0].isalpha()


def _is_number(t: Token) -> bool:
    return t.text[0].isdigit() or t.text[0] == "$"


def _contiguous_gap(text: str, a: Token, b: Token) -> bool:
    """Words of one name are separated by spaces, commas or an apostrophe ("stockholders' equity"),
    never by other punctuation."""
    gap = text[a.end : b.start]
    return bool(re.search(r"[^\s,'’&]", gap.replace(".", "", 1) if gap.startswith(".") and _is_abbrev(text, a) else gap))


_QUALIFIER = re.compile(
    r"^\s*(?:,\s*)?(?P<q>(?:attributable|available)\s+to\s+(?:the\s+)?[\w' ’-]+?(?=\s+(?:was|were|of|is|rose|fell|grew|increased|decreased|declined|totaled|reached|for|in|at|to|by|from|came|stood|amounted|and)\b|[,;.]|$)"
    r"|(?:attributable|available)\s+to\s+(?:the\s+)?[\w' ’-]+?(?=\s*[-+−$(\d])"
    r"|net\s+of\s+(?:income\s+)?tax(?:es)?|before\s+(?:income\s+)?tax(?:es)?|from\s+(?:continuing|discontinued)\s+operations"
    r"|(?:excluding|including|ex-|ex)\s+[\w' ’-]+?(?=\s+(?:was|were|of|is|rose|fell|grew|increased|decreased|declined|totaled|reached|for|in|at|to|by|from)\b|[,;.]|$))",
    re.I,
)
_NEGATING = re.compile(r"\bloss(?:es)?\b|\bused\s+in\b|\bdeficits?\b|\boutflows?\b", re.I)
_NOT_NEGATING = re.compile(
    r"\bincome\s*\(\s*loss\s*\)|\bearnings\s*\(\s*loss\s*\)|\bprofit\s*\(\s*loss\s*\)|\bgain\b|\bprovided\s+by\s*\(\s*used\s+in\s*\)|\bloss(?:es)?\s+per\b",
    re.I,
)


def _negations(text: str) -> set[str]:
    """The negating words of `text`, one form each: loss, used in, deficit, outflow."""
    return {
        next(w for w in ("loss", "deficit", "outflow", "used") if m[0].lower().startswith(w)) for m in _NEGATING.finditer(text)
    }


def _name_words(qname: str) -> str:
    """A concept's local name as words: "us-gaap:OperatingLossCarryforwards" -> "Operating Loss Carryforwards"."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", qname.rsplit(":", 1)[-1])


# the gain side of a signed amount's name: "NetIncomeLoss", "RetainedEarningsAccumulatedDeficit", "NetCashProvidedByUsedIn…"
_GAIN_SIDE = re.compile(r"income|earning|gain|profit|provided|inflow|surplus", re.I)


def sign_named_by(qname: str, labels: Sequence[str], words: str) -> bool:
    """Whether the concept is itself the loss or deficit that makes the figure's words negative: its name
    says it with no gain side ("OperatingLossCarryforwards", "LossOnConversionDebt"), so its value is that
    loss, stated positive, and "operating loss carryforwards of $2.5 billion" is +2.5 billion. A signed
    amount ("NetIncomeLoss", "RetainedEarningsAccumulatedDeficit", a label "Working capital (deficit)")
    is negated by the words: "accumulated deficit of $23.8 million" is -23.8 million."""
    said = _negations(words)
    name = _name_words(qname)
    if not said & _negations(name) or _GAIN_SIDE.search(name):
        return False
    return not any(said & _negations(" ".join(re.findall(r"\(([^)]*)\)", label))) for label in labels)


# the other side of a one-sided amount, in a concept's name or a clause ("income" is not one: income taxes)
_OTHER_SIDE = re.compile(r"\b(?:surplus(?:es)?|gains?|profits?|inflows?)\b", re.I)


def contrary_sign(qname: str, words: str) -> bool:
    """Whether a clause names the other side of a one-sided concept: a surplus, gain or profit for a loss or
    deficit ("a working capital surplus of $29 million" is no WorkingCapitalDeficit), or a loss or deficit
    for a gain ("a loss on sale" is no GainOnSaleOfAssets). A signed concept (NetIncomeLoss, GainLoss…) has
    no other side."""
    name = _name_words(qname)
    loss, gain = _negations(name), bool(_OTHER_SIDE.search(name))
    if loss and not gain and not _GAIN_SIDE.search(name):
        return bool(_OTHER_SIDE.search(words)) and not loss & _negations(words)
    if gain and not loss:
        return bool(_negations(words)) and not _OTHER_SIDE.search(words)
    return False


# After an amount's name these words say it is the balance, no other line item; after a count of
# shares, options or units "outstanding" names its own line (issued, outstanding, exercisable ...)
_BALANCE_WORDS = frozenset(("outstanding", "balance", "balances"))
_COUNTED = re.compile(r"\b(?:shares?|stock|options?|warrants?|units?|awards?|rsus?|psus?)\b", re.I)


def _extend(
    text: str,
    toks: list[Token],
    i: int,
    j: int,
    words: str,
    knows: Knows,
    entity_words: frozenset[str],
    blocked: Sequence[tuple[int, int]] = (),
) -> MetricSpan:
    start, end = toks[i].start, toks[j - 1].end
    unexplained: list[str] = []
    # modifiers to the left: adjectives and nouns up to a determiner, a verb, a period word or punctuation
    k = i - 1
    while k >= 0 and _is_word(toks[k]) and not _contiguous_gap(text, toks[k], toks[k + 1]):
        norm = toks[k].norm
        if norm in BOUNDARY_VERBS or norm in entity_words or norm.endswith(("'s", "s'")) or is_period_word(norm):
            break
        if norm not in NEUTRAL_WORDS:
            unexplained.insert(0, toks[k].text)
            start = toks[k].start
        elif norm in ("the", "a", "an", "its", "their", "our", "of", "in", "for", "at", "on", "this", "that"):
            break
        k -= 1
    qname = None
    rest = text[end:]
    if m := re.match(r"\s*\((?:loss|losses|deficit|benefit|expense|income|gain)\)", rest, re.I):
        end += m.end()
        rest = text[end:]
    parent = None
    if m := _QUALIFIER.match(rest):
        q = m["q"].strip()
        owner = re.match(r"(?:attributable|available)\s+to\s+(?:the\s+)?(.+)$", q, re.I)
        if owner and _is_parent(owner[1], entity_words):
            parent = f"{text[start:end]} attributable to parent"  # "attributable to Kellanova" is to the parent
        unexplained.append(q)
        end += m.end()
        rest = text[end:]
    # nouns right after the name that no entry includes ("asset impairment charges", "revenue backlog")
    while w := re.match(r"\s*([A-Za-z][A-Za-z&'’-]*)", rest):
        word = w[1].lower()
        if (
            word in BOUNDARY_VERBS
            or word in NEUTRAL_WORDS
            or GROWTH.fullmatch(word)
            or is_period_word(word)
            or word in CUE_WORDS
            or not key(word)
            or word in entity_words
            or word in CURRENCY_WORDS
            or any(s <= end + w.start(1) < e for s, e in blocked)
        ):
            break
        if word in _BALANCE_WORDS and not _COUNTED.search(words):
            end += w.end()  # "commercial paper outstanding", "the loan payable balance": the balance itself
            rest = text[end:]
            continue
        unexplained.append(w[1])
        end += w.end()
        rest = text[end:]
    if m := QNAME_IN_BRACKETS.match(rest.lstrip()):
        qname = f"{m[1]}:{m[2]}"
        end += len(rest) - len(rest.lstrip()) + m.end()
    full = text[start:end]
    negated = bool(_NEGATING.search(words) and not _NOT_NEGATING.search(full))
    if parent and not [u for u in unexplained if not u.lower().startswith(("attributable", "available"))]:
        for name in (parent, parent.replace(" to parent", " to the company")):
            if knows(key(name)):
                return MetricSpan(start, end, full, name, (), negated, qname)
    if unexplained and knows(key(full)):
        unexplained = []  # "net income attributable to common stockholders" is itself an entry
    return MetricSpan(start, end, full, words if not unexplained else full, tuple(unexplained), negated, qname)


def _is_parent(owner: str, entity_words: frozenset[str]) -> bool:
    """ "the company", "shareholders", "Kellanova", "Netflix, Inc." are the parent; "common
    stockholders" and "noncontrolling interests" are not."""
    words = [
        w
        for w in re.findall(r"[a-z&'.]+", owner.lower())
        if w not in ("the", "of", "inc", "inc.", "corp", "corp.", "co", "co.", "and")
    ]
    if not words or any(
        w in ("common", "noncontrolling", "non-controlling", "minority", "preferred", "participating") for w in words
    ):
        return False
    return all(
        w.rstrip("'s").rstrip("’s") in OWNER_WORDS or w in OWNER_WORDS or w in entity_words or w.rstrip("'s") in entity_words
        for w in words
    )


def is_period_word(w: str) -> bool:
    return bool(re.fullmatch(r"(?:fy|q[1-4]|[1-4]q|h[12]|\d+|'\d+|20\d\d|fy\d+|q[1-4]'?\d+)", w)) or w in MONTHS
