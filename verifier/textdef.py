"""Formula authority 4: a definition the filing states in its own text.

Text blocks (accounting policies, non-GAAP measures, MD&A excerpts) are non-numeric facts whose
value is often escaped HTML (docs/graph-model.md). A sentence defines a term when it reads

    <term> is|are defined|calculated|computed|determined|measured as <body>
    we define <term> as <body>
    <term> equals|is equal to|represents <body>

and its body is a sum or difference of at most MAX_TERMS noun phrases joined by plus, less,
minus, net of, reduced by, increased by (a list after one operator shares its sign: "less A
and B"). Products, ratios, percentages, numbers and prose are not definitions. This module only
reads text; mapping phrases to concepts and grounding them is authority.py's job.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from lxml import etree
from lxml import html as lhtml

from auditgraph.verifier.plan import tokens

MAX_TERMS = 6
MAX_TERM_WORDS = 10  # a longer "term" is prose
_BLOCK = {"p", "div", "br", "li", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "table", "ul", "ol", "dt", "dd"}
_CUE = re.compile(r"defin|calculated as|computed as|determined as|measured as|\bequals?\b|equal to|represents?", re.I)
_VERB = (
    r"(?:is|are)\s+(?:(?:generally|currently|also)\s+)?(?:defined|calculated|computed|determined|measured)\s+as"
    r"|(?:is|are)\s+equal\s+to|equals|represents?"
)
_WE_DEFINE = re.compile(r"\bwe\s+define\s+(?P<term>.+?)\s+as\s+(?P<body>.+)$", re.I)
_DEFINE = re.compile(rf"^(?P<term>.+?)\s*,?\s+(?:{_VERB})\s+(?P<body>.+)$", re.I)
_SENTENCE_END = re.compile(r"(?<=[.;!?])\s+(?=[A-Z0-9(\"“‘'])")
_PIECES = re.compile(r"[,:;()\"“”‘’]")
_LEAD = re.compile(r"^(?:(?:our|the|a|an|we|its|their|company's|company’s|term)\s+)+", re.I)
_TRAIL = re.compile(r"(?:(?:^|\s+)(?:which|that|who))+$", re.I)
_OP = re.compile(r"\s*,?\s*\b(?:and\s+)?(plus|less|minus|net\s+of|reduced\s+by|increased\s+by)\b\s*|\s+([+\-−–])\s+", re.I)
_SIGN = {"plus": 1, "increased by": 1, "+": 1, "less": -1, "minus": -1, "net of": -1, "reduced by": -1, "-": -1, "−": -1, "–": -1}
# a body with these is arithmetic beyond + and -, a number, or a clause, never a plain list of line items
_NOT_A_SUM = re.compile(
    r"\d|%|\bpercent|\bdivided\b|\btimes\b|\bmultipl|\bratio\b|\baverage\b|\bproduct\b|\bgreater\b|\blesser\b"
    r"|\bdifference\b|\bper\b",
    re.I,
)
_CLAUSE_WORDS = {
    "that",
    "which",
    "who",
    "whom",
    "whose",
    "would",
    "will",
    "when",
    "where",
    "if",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "being",
    "such",
    "as",
    "than",
    "or",
    "we",
    "us",
    "including",
    "includes",
    "include",
}


@dataclass(frozen=True)
class TextDefinition:
    """One sentence of one text fact that defines a term as a sum/difference of phrases."""

    fact_id: str
    concept: str  # the text block's concept QName
    sentence: str
    names: tuple[str, ...]  # what the sentence may be defining ("Net debt", "a non-GAAP measure")
    chunks: tuple[tuple[int, str], ...]  # (+1 | -1, phrase) in the sentence's order

    def defines(self, wanted: Iterable[frozenset[str]]) -> bool:
        return any(tokens(n) in wanted for n in self.names)


def plain_text(value: str) -> str:
    """Text of a text-block value: HTML tags dropped, block elements on their own lines."""
    text = value
    if "<" not in text and "&lt;" in text:  # escaped twice
        text = html.unescape(text)
    if "<" in text:
        try:
            root = lhtml.fromstring(text)
        except (etree.ParserError, ValueError):
            root = None
        if root is not None:
            for el in root.iter():
                if isinstance(el.tag, str) and el.tag.lower() in _BLOCK:
                    # a heading must not run into the paragraph before or after it
                    el.text = "\n" + (el.text or "")
                    el.tail = "\n" + (el.tail or "")
            text = root.text_content()
    else:
        text = html.unescape(text)
    lines = (re.sub(r"[ \t\r\f\v\u00a0\u2009\u202f]+", " ", ln).strip() for ln in text.split("\n"))
    return "\n".join(ln for ln in lines if ln)


def sentences(text: str) -> Iterator[str]:
    for line in text.split("\n"):
        for s in _SENTENCE_END.split(line):
            if s.strip():
                yield s.strip()


def parse_definition(sentence: str) -> tuple[tuple[str, ...], tuple[tuple[int, str], ...]] | None:
    """(names it may define, signed body phrases), or None when the sentence is no sum/difference definition."""
    s = sentence.strip().rstrip(".;").replace("’", "'")
    m = _WE_DEFINE.search(s) or _DEFINE.match(s)
    if not m:
        return None
    names = tuple(
        n
        for p in _PIECES.split(m["term"])
        if (n := _TRAIL.sub("", _LEAD.sub("", p.strip())).strip()) and len(n.split()) <= MAX_TERM_WORDS
    )
    body = _LEAD.sub("", m["body"].strip())
    if not names or not body or _NOT_A_SUM.search(body):
        return None
    parts = _OP.split(body)
    # re.split with two groups: [chunk, word-op, symbol-op, chunk, ...]
    chunks: list[tuple[int, str]] = []
    sign = 1
    for i in range(0, len(parts), 3):
        phrase = _LEAD.sub("", parts[i].strip(" ,"))
        words = phrase.lower().split()
        items = [x.split() for x in phrase.split(",")]  # "less A, B and C": each listed item is a short term
        if not words or any(len(x) > MAX_TERM_WORDS for x in items) or _CLAUSE_WORDS & set(words):
            return None
        chunks.append((sign, phrase))
        if i + 2 < len(parts):
            op = (parts[i + 1] or parts[i + 2] or "").lower()
            sign = _SIGN[re.sub(r"\s+", " ", op)]
    if len(chunks) > MAX_TERMS:
        return None
    return names, tuple(chunks)


@dataclass
class FilingText:
    """The definitions in one filing's text facts, parsed once (rows come from verify.text_definitions)."""

    load: Callable[[], Sequence[dict[str, Any]]]

    @cached_property
    def definitions(self) -> tuple[TextDefinition, ...]:
        out: list[TextDefinition] = []
        for row in self.load():
            value = row.get("value") or ""
            if not _CUE.search(value):  # cheap test before parsing HTML
                continue
            for sentence in sentences(plain_text(value)):
                if not _CUE.search(sentence):
                    continue
                parsed = parse_definition(sentence)
                if parsed:
                    out.append(TextDefinition(row["fact_id"], row.get("concept_qname") or "", sentence, *parsed))
        return tuple(out)

    def defining(self, terms: Sequence[str]) -> list[TextDefinition]:
        """Definitions whose defined name has exactly the content words of one of `terms`."""
        wanted = {t for t in (tokens(x) for x in terms) if t}
        return [d for d in self.definitions if d.defines(wanted)]
