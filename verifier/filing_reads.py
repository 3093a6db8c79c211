"""What the verifier reads of one filing once, however many claims and sentences of a run it checks:
the filing and its periods, the words its concepts go by (lexicon), its member names, its text
definitions, the unit its statements are presented in and the tie-outs' label and value indexes.

    reads = FilingReader(graph, registry)
    reads.filing(filing_id)  # None: no such filing loaded
    reads.lexicon(filing_id), reads.periods(filing_id), reads.text(filing_id)

The claim pipeline (verify.py, subclaim_check.py) and the sentence pipeline (sentence_check.py) share one
FilingReader per Verifier, so a batch re-reads nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property

from auditgraph.graph import Graph, Row
from auditgraph.verifier import entity
from auditgraph.verifier.ground import FactRow, FilingInfo, PeriodRow, filing_info, period_rows, statement_unit
from auditgraph.verifier.lexicon import Lexicon
from auditgraph.verifier.plan import LabelLookup
from auditgraph.verifier.registry import Registry
from auditgraph.verifier.scope import Members
from auditgraph.verifier.textdef import FilingText
from auditgraph.verifier.tie_out import LabelIndex, ValueIndex


@dataclass
class FilingReads:
    """What a Verifier reads of one filing once, however many claims of a batch it checks. The lists and
    dicts are shared with the grounders (they fill them as they read); the rest is read on first use."""

    facts: dict[str, list[FactRow]] = field(default_factory=dict)  # QName -> its fact rows (Grounder._cache)
    calc: dict[str, dict[str, list[tuple[str, Decimal]]]] = field(default_factory=dict)  # total -> its calc children
    # the members a figure names -> (with their companions, the MemberGrounder's fact rows and dims)
    member_rows: dict[tuple[str, ...], tuple[tuple[str, ...], dict[str, list[FactRow]], dict[str, tuple[str, ...]]]] = field(
        default_factory=dict
    )
    member_facts: dict[tuple[str, str], list[Row]] = field(default_factory=dict)  # (concept, period) -> dimensional facts
    periods: list[PeriodRow] | None = None
    lexicon: Lexicon | None = None
    members: Members | None = None  # the filer's member names
    text: FilingText | None = None  # its text definitions
    label_index: LabelIndex | None = None  # its concepts by label words, for tie-outs
    value_index: ValueIndex | None = None  # its numeric facts by period end, for tie-outs by value
    unit: tuple[Decimal | None] | None = None  # the unit its statements are presented in (ground.statement_unit), once read


@dataclass
class FilingReader:
    """The filings a Verifier has read, each read once: filing() first, the rest on first use."""

    graph: Graph
    registry: Registry
    filings: dict[str, FilingInfo | None] = field(default_factory=dict)
    per_filing: dict[str, FilingReads] = field(default_factory=dict)  # filing id -> what is read once

    @cached_property
    def vocabulary(self) -> frozenset[str]:
        """The words of the registry's aliases: a filer's name word that is one stays in a question."""
        return frozenset(w for alias, _, _ in self.registry.aliases() for w in alias.split())

    def filing(self, filing_id: str) -> FilingInfo | None:
        """Filing, its periods and fact rows are read once per Verifier (a batch re-reads nothing)."""
        if filing_id not in self.filings:
            self.filings[filing_id] = filing_info(self.graph, filing_id)
            self.per_filing[filing_id] = FilingReads()
        return self.filings[filing_id]

    def cache(self, filing_id: str) -> FilingReads:
        """The filing's reads so far (an empty record when filing() has not read it yet)."""
        return self.per_filing.setdefault(filing_id, FilingReads())

    def periods(self, filing_id: str) -> list[PeriodRow]:
        cache = self.per_filing[filing_id]
        if cache.periods is None:
            cache.periods = period_rows(self.graph, filing_id)
        return cache.periods

    def lexicon(self, filing_id: str) -> Lexicon:
        """The words the filing's concepts go by (filer's labels, taxonomy labels, registry), read once."""
        cache = self.cache(filing_id)
        if cache.lexicon is None:
            cache.lexicon = Lexicon.from_rows(self.registry, self.graph.read("verify.lexicon", filing_id=filing_id))
        return cache.lexicon

    def members(self, filing_id: str, entity_words: frozenset[str], lex: Lexicon) -> Members:
        """The filer's member names (segments, regions, instruments, classes), read once."""
        cache = self.cache(filing_id)
        if cache.members is None:
            cache.members = Members.from_rows(self.graph.read("verify.members", filing_id=filing_id), entity_words, lex.knows)
        return cache.members

    def text(self, filing_id: str) -> FilingText:
        """The filing's text definitions, read and parsed on first use only."""
        cache = self.cache(filing_id)
        if cache.text is None:
            cache.text = FilingText(lambda: self.graph.read("verify.text_definitions", filing_id=filing_id))
        return cache.text

    def labels(self, filing_id: str) -> LabelLookup:
        """(qname, every label it goes by: taxonomy and the filer's own) of the concepts the filing reports."""

        def lookup() -> list[tuple[str, list[str]]]:
            return [(c.qname, [*c.taxonomy_labels, *(t for _, t in c.filer_labels)]) for c in self.lexicon(filing_id).concepts]

        return lookup

    def statement_unit(self, filing_id: str) -> Decimal | None:
        """The unit the filing's statements are presented in (ground.statement_unit), read once per filing."""
        cache = self.cache(filing_id)
        if cache.unit is None:
            cache.unit = (statement_unit(self.graph, filing_id),)
        return cache.unit[0]

    def label_index(self, filing_id: str, lex: Lexicon) -> LabelIndex:
        """The filing's concepts by label words, for tie-outs, built once."""
        cache = self.cache(filing_id)
        if cache.label_index is None:
            cache.label_index = LabelIndex(lex.concepts)
        return cache.label_index

    def value_index(self, filing_id: str) -> ValueIndex:
        """The filing's numeric facts by period end, for tie-outs by value, read once (only when a tie-out asks)."""
        cache = self.cache(filing_id)
        if cache.value_index is None:
            rows = self.graph.read("verify.numeric_facts", filing_id=filing_id)
            cache.value_index = ValueIndex(rows, self.statement_unit(filing_id))
        return cache.value_index

    def entity_words(self, filing: FilingInfo) -> list[str]:
        """The filer's name words a question is stripped of (entity_words)."""
        return entity_words(filing, self.vocabulary)

    def name_words(self, filing: FilingInfo) -> frozenset[str]:
        """The filer's one-word names, lower case: what a sentence's reader takes for the filer itself."""
        return frozenset(w.lower() for w in self.entity_words(filing) if " " not in w)


def entity_words(filing: FilingInfo, vocabulary: frozenset[str] = frozenset()) -> list[str]:
    """The filer's name, ticker and name words, to strip from questions ("Apple Inc.'s net sales").

    Words that also occur in the registry's aliases are kept ("Cash" in a company name)."""
    words = [w for w in (filing.entity_name, filing.ticker) if w]
    if filing.entity_name:
        words.append(filing.entity_name.rstrip("."))
        words += [w for w in re.findall(r"[A-Za-z][A-Za-z&-]+", filing.entity_name) if w.lower() not in vocabulary]
        words += [w for w in entity.initials(filing.entity_name) if w.lower() not in vocabulary]  # "P&G"
    return sorted(set(words), key=lambda w: (-len(w), w))  # longest first; never a set's (hash-seeded) order
