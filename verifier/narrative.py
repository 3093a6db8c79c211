"""A filing's own narrative against its own numbers (`auditgraph verify --filing F --narrative`).

The narrative is the filing's text-block facts (notes, policies: escaped HTML in `Fact.value`). Each
block is turned into text with lxml, split into sentences, and every sentence with a figure goes
through the sentence reader (`Verifier.verify_sentence`), so the same reader serves `verify` on any
text. Every figure ends as consistent (a filed fact states it), inconsistent (with the fact and the
difference) or not checkable (with the reason): the auditor's read of "other information" for
material inconsistencies (PCAOB AS 2710, ISA 720) and a check of the tagging.

Tables are left out: a table's cells are tagged facts themselves (the detail tagging of the same
note), not sentences about them, and read as text they would run row labels and numbers together.
The report counts the tables it left out, so nothing is silently skipped.

Time is linear in the narrative: each block is parsed once, a sentence repeated in several blocks
(a policy repeated inside its note) is checked once, and the verifier caches the filing's lexicon and
facts, so a sentence costs the same whatever came before it.
"""

from __future__ import annotations

import html as _html
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from lxml import etree
from lxml import html as lxml_html

from auditgraph.verifier.ground import statement_unit
from auditgraph.verifier.numbers import Kind, find_numbers
from auditgraph.verifier.sentence import Context, split_sentences
from auditgraph.verifier.types import Decision, SentenceVerdict, Verdict

# Elements that end a paragraph: their text never runs into the next block's.
_BLOCKS = frozenset("p div li ul ol br tr h1 h2 h3 h4 h5 h6 blockquote section article header footer dt dd center pre".split())
_WORD = re.compile(r"[A-Za-z]{2,}")
# A text block longer than this is not a note (a whole document pasted into one fact): it is read
# up to here and the rest is reported as not read, so one fact cannot make a run unbounded.
MAX_BLOCK_CHARS = 2_000_000

CONSISTENT, INCONSISTENT, NOT_CHECKABLE = "consistent", "inconsistent", "not checkable"
_OUTCOME = {Decision.VERIFIED: CONSISTENT, Decision.VIOLATED: INCONSISTENT, Decision.ABSTAIN: NOT_CHECKABLE}


@dataclass(frozen=True)
class Block:
    """One text-block fact as text: its paragraphs, and how many tables were left out."""

    fact_id: str
    concept: str
    paragraphs: tuple[str, ...]
    tables: int = 0
    truncated: bool = False
    scale_words: str = ""  # "(in thousands)" when the note states its scale once (see block_scale)


@dataclass(frozen=True)
class NarrativeSentence:
    """A sentence of the narrative with a figure, where it was read (block and paragraph)."""

    id: str  # n1, n2, ... in document order
    text: str
    block: str  # the text block's concept QName
    fact_id: str  # the text block's fact id
    paragraph: int  # paragraph number inside the block (1-based)
    before: str = ""  # the sentences before it in its paragraph: a figure with no period words takes theirs
    scale_words: str = ""  # the note's own scale, for its bare amounts ("advertising expenses of $313")


@dataclass(frozen=True)
class Figure:
    """One figure of the narrative and what the filing's facts say about it."""

    sentence_id: str
    text: str  # the figure as written (the sub-claim's span)
    outcome: str  # consistent | inconsistent | not checkable
    reason: str
    abstain_reason: str | None = None
    concept: str | None = None
    period: str | None = None
    members: tuple[str, ...] = ()
    fact_id: str | None = None
    filed: Decimal | None = None
    unit: str | None = None
    difference: Decimal | None = None  # claimed - filed (inconsistent figures), in the fact's unit

    def to_json(self) -> dict[str, Any]:
        return {
            "sentence_id": self.sentence_id,
            "figure": self.text,
            "outcome": self.outcome,
            "reason": self.reason,
            "abstain_reason": self.abstain_reason,
            "concept": self.concept,
            "period": self.period,
            "members": list(self.members),
            "fact_id": self.fact_id,
            "filed": None if self.filed is None else str(self.filed),
            "unit": self.unit,
            "difference": None if self.difference is None else str(self.difference),
        }


@dataclass
class NarrativeReport:
    """Every figure of a filing's narrative, sentence by sentence."""

    filing_id: str
    blocks: int = 0
    tables_left_out: int = 0
    truncated_blocks: int = 0
    sentences: list[tuple[NarrativeSentence, SentenceVerdict]] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)

    def counts(self) -> Counter[str]:
        c = Counter(f.outcome for f in self.figures)
        return Counter({k: c.get(k, 0) for k in (CONSISTENT, INCONSISTENT, NOT_CHECKABLE)})

    def reasons(self) -> Counter[str]:
        return Counter(f.abstain_reason or "unread" for f in self.figures if f.outcome == NOT_CHECKABLE)

    def to_json(self) -> dict[str, Any]:
        return {
            "filing_id": self.filing_id,
            "text_blocks": self.blocks,
            "tables_left_out": self.tables_left_out,
            "truncated_blocks": self.truncated_blocks,
            "sentences_with_figures": len(self.sentences),
            "figures": dict(self.counts()),
            "not_checkable_reasons": dict(self.reasons()),
        }


def block_text(value: str) -> tuple[tuple[str, ...], int, bool]:
    """A text block's value as paragraphs of plain text, the number of tables left out, and whether
    it was cut at MAX_BLOCK_CHARS. Plain-text values (no markup) are paragraphs split at blank lines."""
    truncated = len(value) > MAX_BLOCK_CHARS
    value = value[:MAX_BLOCK_CHARS]
    if "<" not in value and "&lt;" in value:  # escaped twice by some filers' tools
        value = _html.unescape(value)
    if "<" not in value:
        return tuple(p for p in (" ".join(x.split()) for x in value.split("\n\n")) if p), 0, truncated
    try:
        root = lxml_html.fragment_fromstring(value, create_parent="div")
    except (etree.ParserError, ValueError):
        return (), 0, truncated
    tables = 0
    for t in list(root.iter("table")):
        if any(a.tag == "table" for a in t.iterancestors()):
            continue
        tables += 1
        t.tail = "\n\n" + (t.tail or "")  # the text after the table stays, as its own paragraph
        t.drop_tree()  # a table's cells are detail facts, not prose (module docstring)
    for el in root.iter(etree.Element):
        if isinstance(el.tag, str) and el.tag.lower() in _BLOCKS:
            el.tail = "\n\n" + (el.tail or "")
            if el.tag.lower() != "br":
                el.text = "\n\n" + (el.text or "")
    text = root.text_content().replace("\xa0", " ")
    paras = tuple(p for p in (" ".join(x.split()) for x in text.split("\n\n")) if p)
    return paras, tables, truncated


# "(in thousands)", "(Dollars in millions, except per share data)", "($ in millions)": a note's or
# its table's heading that states the scale of every bare amount in it
_DOC_SCALE = re.compile(r"\(\s*(?:(?:dollars|amounts|\$|usd|us\$)\s+)?in\s+(thousands|millions|billions)\b[^()]{0,80}\)", re.I)
_TAG = re.compile(r"<[^>]{0,2000}>")


def block_scale(value: str, paragraphs: Iterable[str], statements: str = "") -> str:
    """The scale of a note's bare amounts, as scale words for the sentence reader: the one the note
    states ("(in thousands)" above its tables), else the statements' own (`statements`, see
    statement_scale); "" when the note states two, or when its prose writes amounts in whole units
    ("$1,735,714": seven digits or more with no scale word), since then its bare amounts are not
    in the tables' scale."""
    text = _html.unescape(_TAG.sub(" ", value[:MAX_BLOCK_CHARS]))
    found = {m[1].lower() for m in _DOC_SCALE.finditer(text)}
    if len(found) > 1:
        return ""
    for para in paragraphs:
        for n in find_numbers(para):
            if n.kind is Kind.MONEY and not n.scale_word and len(re.sub(r"\D", "", n.text.split(".")[0])) >= 7:
                return ""
    return f"(in {found.pop()})" if found else statements


_UNIT_WORDS = {Decimal(10) ** 3: "(in thousands)", Decimal(10) ** 6: "(in millions)", Decimal(10) ** 9: "(in billions)"}


def statement_scale(graph: Any, filing_id: str) -> str:
    """The scale the filing's statements are presented in, as the words of their headings ("(in
    thousands)"; ground.statement_unit): "" when they are in whole units, missing or rounded differently."""
    unit = statement_unit(graph, filing_id)
    return _UNIT_WORDS[unit] if unit is not None else ""


def blocks(graph: Any, filing_id: str) -> Iterator[Block]:
    """The filing's text blocks as text, in document order (cypher/verify/text_blocks.cypher)."""
    statements = statement_scale(graph, filing_id)
    for row in graph.read("verify.text_blocks", filing_id=filing_id):
        paras, tables, cut = block_text(row["value"] or "")
        scale = block_scale(row["value"] or "", paras, statements)
        yield Block(row["fact_id"], row["concept_qname"], paras, tables, cut, scale)


def sentences(items: Iterable[Block]) -> Iterator[NarrativeSentence]:
    """Sentences with a figure, each once (a policy repeated in its note is read once), in order.
    Paragraphs are joined with blank lines so the splitter never joins two of them."""
    seen: set[str] = set()
    n = 0
    for b in items:
        for pi, para in enumerate(b.paragraphs, 1):
            done: list[str] = []
            for s in split_sentences(para):
                before = " ".join(done[-3:])  # as verify_text reads a document (Verifier.verify_text)
                done.append(s)
                if s in seen or len(_WORD.findall(s)) < 3 or not find_numbers(s):  # not a heading ("11.")
                    continue
                seen.add(s)
                n += 1
                yield NarrativeSentence(f"n{n}", s, b.concept, b.fact_id, pi, before, b.scale_words)


def figures(ns: NarrativeSentence, v: SentenceVerdict) -> list[Figure]:
    """A sentence's figures: one per sub-claim, and one per number the reader could not tie to a metric."""
    out = [_figure(ns.id, s) for s in v.subclaims]
    out += [Figure(ns.id, _unread_text(u), NOT_CHECKABLE, u, "unread") for u in v.unread]
    if not out and v.decision is Decision.ABSTAIN:  # the whole sentence abstained (a forecast, another company)
        reason = v.abstain_reason.value if v.abstain_reason else None
        out.append(Figure(ns.id, "(sentence)", NOT_CHECKABLE, v.reason, reason))
    return out


def _unread_text(u: str) -> str:
    # the reader says "'$313': no metric ..."; the figure is the quoted part
    return u.split("'")[1] if u.count("'") >= 2 else u


def _figure(sentence_id: str, s: Verdict) -> Figure:
    span = s.extra.get("span") or s.claim
    outcome = _OUTCOME[s.decision]
    target = [b for b in s.bindings if b.stage == "target"] or list(s.bindings)
    if outcome == NOT_CHECKABLE or not target:
        return Figure(
            sentence_id,
            span,
            NOT_CHECKABLE if not target else outcome,
            s.reason,
            s.abstain_reason.value if s.abstain_reason else None,
        )
    b = target[0]
    members = tuple(str(m) for m in (getattr(b, "members", None) or getattr(b, "dimensions", None) or ()))
    diff = None
    if outcome == INCONSISTENT and s.claim_value is not None and len(target) == 1 and s.extra.get("kind", "level") == "level":
        diff = s.claim_value.value - b.value
    return Figure(
        sentence_id,
        span,
        outcome,
        s.reason,
        None,
        b.concept,
        b.period,
        members,
        b.fact_id,
        b.value,
        b.unit,
        diff,
    )


def check(
    verifier: Any,
    filing_id: str,
    on_total: Callable[[int], None] | None = None,
    on_sentence: Callable[[], None] | None = None,
) -> NarrativeReport:
    """Every figure of the filing's narrative. `on_total` hears the number of sentences once they are
    known (before any is verified), `on_sentence` each one done: for a progress bar."""
    report = NarrativeReport(filing_id)
    read: list[Block] = []
    for b in blocks(verifier.graph, filing_id):
        read.append(b)
        report.blocks += 1
        report.tables_left_out += b.tables
        report.truncated_blocks += b.truncated
    todo = list(sentences(read))
    if on_total:
        on_total(len(todo))
    for ns in todo:
        v = verifier.verify_sentence(filing_id, ns.text, case_id=ns.id, context=Context(ns.before, ns.scale_words))
        report.sentences.append((ns, v))
        report.figures.extend(figures(ns, v))
        if on_sentence:
            on_sentence()
    return report


def sentence_records(report: NarrativeReport) -> Iterator[dict[str, Any]]:
    """JSONL for programs: one record per sentence, with where it was read and its figures."""
    by_sentence: dict[str, list[Figure]] = {}
    for f in report.figures:
        by_sentence.setdefault(f.sentence_id, []).append(f)
    for ns, v in report.sentences:
        yield {
            "id": ns.id,
            "filing_id": report.filing_id,
            "block": ns.block,
            "block_fact_id": ns.fact_id,
            "paragraph": ns.paragraph,
            "sentence": ns.text,
            "decision": v.decision.value,
            "figures": [f.to_json() for f in by_sentence.get(ns.id, [])],
            "verdict": v.to_json(),
        }


def render_html(report: NarrativeReport) -> str:
    """The narrative section of the HTML audit report (`audit F --format html --narrative`):
    inconsistent figures first, then consistent ones, then the not-checkable counts by reason."""
    esc = _html.escape
    text = {ns.id: ns for ns, _ in report.sentences}
    c = report.counts()

    def rows(outcome: str) -> str:
        out = []
        for f in report.figures:
            if f.outcome != outcome:
                continue
            ns = text[f.sentence_id]
            fact = (
                f"{esc(f.concept or '')} {esc(f.period or '')}"
                + (f" [{esc(', '.join(f.members))}]" if f.members else "")
                + f"<br>{_num(f.filed)} {esc(f.unit or '')} (fact {esc(f.fact_id or '')})"
            )
            diff = "" if f.difference is None else _num(f.difference)
            out.append(
                f"<tr><td>{esc(f.sentence_id)}</td><td>{esc(ns.text)}<br><small>{esc(ns.block)}</small></td>"
                f"<td><b>{esc(f.text)}</b></td><td>{fact}</td><td class=num>{diff}</td></tr>"
            )
        return "".join(out)

    head = "<tr><th>#</th><th>sentence</th><th>figure</th><th>filed fact</th><th>difference</th></tr>"
    parts = [
        "<h2 id='narrative'>Narrative against the tagged facts</h2>",
        f"<p>{len(report.sentences)} sentences with figures in {report.blocks} text blocks "
        f"({report.tables_left_out} tables left out: their cells are tagged facts). Figures: "
        f"{c[INCONSISTENT]} inconsistent, {c[CONSISTENT]} consistent, {c[NOT_CHECKABLE]} not checkable.</p>",
    ]
    for outcome in (INCONSISTENT, CONSISTENT):
        body = rows(outcome)
        parts.append(f"<h3>{outcome.capitalize()} ({c[outcome]})</h3>")
        parts.append(f"<table>{head}{body}</table>" if body else "<p>None.</p>")
    reasons = "".join(f"<tr><td>{esc(k)}</td><td class=num>{n}</td></tr>" for k, n in report.reasons().most_common())
    parts.append(f"<h3>Not checkable ({c[NOT_CHECKABLE]}), by reason</h3>")
    parts.append(f"<table><tr><th>reason</th><th>figures</th></tr>{reasons}</table>" if reasons else "<p>None.</p>")
    return "".join(parts)


def _num(x: Decimal | None) -> str:
    if x is None:
        return "-"
    return f"{x:,.0f}" if abs(x) >= 1000 and x == x.to_integral_value() else f"{x:,}"
