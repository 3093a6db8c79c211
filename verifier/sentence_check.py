"""A claim sentence or a document verified: the sentence read into sub-claims (sentence.py), each decided
(subclaim_check.py), every figure left open tied out to the fact that states it (tie_check.py), a figure
about another company or a forecast never checked against the filer's line items, and the sub-claims'
decisions made the sentence's (docs/verifier.md, "Sentences").

    sentences = SentenceCheck(reads, SubClaimCheck(reads, MetricTargets(reads), timeout_ms))
    sentences.verify_sentence(filing_id, "Revenue rose 6.7% to $33.7 billion in 2023", proposer=None)

`proposer`: a model's reading of what the reader leaves open (model_proposals.SentenceProposer), passed
with each call; the Verifier passes its own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from auditgraph.verifier import entity
from auditgraph.verifier.filing_reads import FilingReader
from auditgraph.verifier.ground import FilingInfo
from auditgraph.verifier.lexicon import Lexicon
from auditgraph.verifier.limits import MAX_CLAIM_CHARS
from auditgraph.verifier.numbers import find_numbers
from auditgraph.verifier.sentence import Context, Reading, read, split_paragraphs, split_sentences
from auditgraph.verifier.sentence_state import SubClaim
from auditgraph.verifier.subclaim_check import SubClaimCheck
from auditgraph.verifier.tie_check import TieOuts
from auditgraph.verifier.tie_out import OpenFigure
from auditgraph.verifier.types import AbstainReason, Decision, PeriodSpec, SentenceVerdict, Verdict

MAX_SENTENCE_CHARS = MAX_CLAIM_CHARS  # one bound for sentences, questions and answers (limits.py)
_SCALE_HEADING = re.compile(r"\(\s*in\s+(?:thousands|millions|billions)\b[^)]*\)", re.I)  # "(in millions, except per share)"


def text_sentences(text: str) -> list[tuple[str, Context]]:
    """The sentences with a number of a document, each with what it leaves out: the sentences before it in
    its paragraph (a figure with no period words takes their period) and the document's scale words."""
    out: list[tuple[str, Context]] = []
    scale = _SCALE_HEADING.search(text[:2000])
    for para in split_paragraphs(text):
        done: list[str] = []
        for s in split_sentences(para):
            if find_numbers(s):
                out.append((s, Context(" ".join(done[-3:]), scale[0] if scale else "")))
            done.append(s)
    return out


@dataclass
class SentenceCheck:
    """The sentences of the filings `reads` reads, each figure checked by `check`."""

    reads: FilingReader
    check: SubClaimCheck

    def verify_sentence(
        self, filing_id: str, sentence: str, case_id: str | None = None, context: Context | None = None, proposer: Any = None
    ) -> SentenceVerdict:
        """Every checkable number of a claim sentence as a sub-claim (docs/verifier.md, "Sentences").

        `context`: the paragraph before it and the document's scale words (verify_text passes them);
        `proposer`: a model that reads what the reader leaves open, or None."""
        text = (sentence or "").strip()
        base = SentenceVerdict(text, filing_id, Decision.ABSTAIN, "", case_id=case_id)

        def abstain(reason: AbstainReason, message: str, **kw: Any) -> SentenceVerdict:
            return replace(base, abstain_reason=reason, reason=message, **kw)

        def abstain_tied(
            reason: AbstainReason, message: str, tied: Sequence[tuple[OpenFigure, Verdict]], said: str, unread: tuple[str, ...]
        ) -> SentenceVerdict:
            """Abstain on the sentence, with the figures tied out to the facts that state them as its sub-claims
            (`said`: what the message says of them)."""
            done = {of.unread for of, _ in tied}
            return abstain(
                reason,
                message + (f"; {len(tied)} figure(s) {said}" if tied else ""),
                subclaims=tuple(v for _, v in tied),
                unread=tuple(u for u in unread if u not in done),
            )

        filing = self.reads.filing(filing_id)
        if filing is None:
            return abstain(
                AbstainReason.UNKNOWN_FILING,
                f"no loaded filing {filing_id!r}; load it with `auditgraph filing load` or check the id",
            )
        if not text:
            return abstain(
                AbstainReason.CLAIM_UNPARSABLE,
                'the claim is empty; write a sentence with a number, such as "Revenue rose 6.7% to $33.7 billion in 2023"',
            )
        if len(text) > MAX_SENTENCE_CHARS:
            return abstain(
                AbstainReason.CLAIM_UNPARSABLE,
                f"the claim has {len(text):,} characters; give one sentence "
                f"(at most {MAX_SENTENCE_CHARS:,}) or use --text for a document",
            )
        lex = self.reads.lexicon(filing_id)
        own = entity.matcher(filing.entity_name, filing.ticker)
        words = self.reads.name_words(filing)
        reading = read(text, lex.knows, words, entity.mentions, self.reads.members(filing_id, words, lex).find, context)
        others = [
            m
            for m in reading.entities
            if not own(m)
            and not _names_the_metric(m, reading)
            and not entity.counterparty(text, m)
            and not any(mm.start <= text.find(m) < mm.end for mm in reading.scopes)  # the filer's subsidiary or segment
        ]
        if others:
            # another company's figures are never checked against the filer's line items; a figure the
            # filing itself states of that company (its member, or a line item named for it) is still
            # tied to that fact: an investee's loss the filer reports its share of, a related party's balance
            named = frozenset().union(*map(entity.name_words, others))
            tied = [(of, v) for of, v in self._tie_outs(filing, lex, reading.open_figures, reading) if _names_company(v, named)]
            return abstain_tied(
                AbstainReason.WRONG_ENTITY,
                f"the claim is about {', '.join(others)}, but filing {filing_id} "
                f"is {filing.entity_name or 'another registrant'}"
                f"{f' ({filing.ticker})' if filing.ticker else ''}; verify it against that company's filing",
                tied,
                "agree with the facts of this filing that state them",
                reading.unread,
            )
        if reading.forward_looking:
            # figures stated outside the forecasts' reach, in a clause of their own, are still tied to their
            # facts, and so is every figure of an agreement's terms (modal verbs only: "will bear interest at 5.0%")
            stated = [of for of in reading.open_figures if reading.terms or reading.stated(of)]
            return abstain_tied(
                AbstainReason.NOT_IN_FILING,
                f"the claim is a forecast or expectation ({reading.forward_looking!r}); "
                "a filing reports what happened, so no filed fact decides it",
                self._tie_outs(filing, lex, stated, reading),
                "stated before it agree with the facts that state them",
                reading.unread,
            )
        subs = tuple(
            self.check.in_unit(filing, lex, reading, sc, self.check.verify_sub(filing, lex, reading, sc))
            for sc in reading.subclaims
        )
        if context is not None and context.paragraph:
            subs = self._paragraph_members(filing_id, words, lex, context.paragraph, reading, subs)
        unread = reading.unread
        subs, unread = self._tied(filing, lex, reading, subs, unread)
        unsure = (AbstainReason.NO_METRIC, AbstainReason.AMBIGUOUS_METRIC, AbstainReason.CLAIM_UNPARSABLE)
        if proposer is not None and (unread or any(v.abstain_reason in unsure for v in subs) or not subs):
            subs, unread = self._model_reading(filing_id, text, subs, unread, lex, proposer)
        if not subs:
            if reading.market:
                return abstain(
                    AbstainReason.NOT_IN_FILING,
                    f"the claim is about {reading.market!r}, which the financial statements do not report",
                    unread=unread,
                )
            why = "; ".join(unread) or "no number"
            return abstain(
                AbstainReason.CLAIM_UNPARSABLE,
                f"no checkable number tied to a line item ({why}); write the "
                'metric next to its figure, e.g. "revenue of $33.7 billion in 2023"',
                unread=unread,
            )
        decisions = [v.decision for v in subs]
        open_ = [f"{v.extra.get('span')!r}: {v.reason}" for v in subs if v.decision is Decision.ABSTAIN]
        open_ += [f"{u}" for u in unread]
        if Decision.VIOLATED in decisions:
            bad = [v for v in subs if v.decision is Decision.VIOLATED]
            return replace(
                base,
                decision=Decision.VIOLATED,
                subclaims=subs,
                unread=unread,
                reason=f"{len(bad)} of {len(subs)} sub-claims violated: "
                + "; ".join(f"{v.extra.get('span')!r}: {v.reason}" for v in bad),
            )
        if all(d is Decision.VERIFIED for d in decisions) and not unread:
            return replace(base, decision=Decision.VERIFIED, subclaims=subs, reason=f"all {len(subs)} sub-claims verified")
        first = next((v.abstain_reason for v in subs if v.abstain_reason), None)
        if reading.market and not first:
            first = AbstainReason.NOT_IN_FILING
        return replace(
            base,
            decision=Decision.ABSTAIN,
            subclaims=subs,
            unread=unread,
            abstain_reason=first or AbstainReason.CLAIM_UNPARSABLE,
            reason=f"{len(open_)} open: " + "; ".join(open_),
        )

    def _model_reading(
        self, filing_id: str, text: str, subs: tuple[Verdict, ...], unread: tuple[str, ...], lex: Lexicon, proposer: Any
    ) -> tuple[tuple[Verdict, ...], tuple[str, ...]]:
        """The model's reading of what the reader left open, as plain sentences the deterministic
        path checks; the model's own figures never decide (docs/verifier.md, "Model help")."""

        def words_for(qname: str) -> str | None:
            c = lex.concept(qname)
            return c.shown_label if c else None

        plain, refused = proposer.propose(text, words_for)
        extra = [(p, self.verify_sentence(filing_id, p)) for p in plain]  # the plain sentences are read without the model
        added = tuple(
            replace(v, extra={**v.extra, "proposed_by": proposer.name, "reading": p}) for p, sv in extra for v in sv.subclaims
        )
        if not added:
            return subs, unread + tuple(refused)
        covered = [p for p, sv in extra if sv.subclaims and not sv.unread]
        kept = tuple(v for v in subs if v.decision is not Decision.ABSTAIN) + added
        still = tuple(u for u in unread if not any(u.split("'")[1] in p for p in covered if "'" in u))
        return kept, still + tuple(refused)

    def verify_text(self, filing_id: str, text: str, proposer: Any = None) -> list[SentenceVerdict]:
        """Every sentence with a number in a document (an earnings release, an MD&A excerpt); each
        reads with its paragraph's period and the document's scale words as context."""
        return [
            self.verify_sentence(filing_id, s, case_id=f"s{i}", context=ctx, proposer=proposer)
            for i, (s, ctx) in enumerate(text_sentences(text), 1)
        ]

    def _paragraph_members(
        self, filing_id: str, words: frozenset[str], lex: Lexicon, paragraph: str, reading: Reading, subs: tuple[Verdict, ...]
    ) -> tuple[Verdict, ...]:
        """A figure Violated on a consolidated fact in a paragraph that names a member ("Unregulated
        Energy. … Operating income was $0.2 million.") may be that member's: it Abstains, naming them."""
        named = self.reads.members(filing_id, words, lex).find(paragraph)
        if not named:
            return subs
        which = ", ".join(dict.fromkeys(f"{m.words!r} ({m.qname})" for m in named))
        return tuple(
            replace(
                v,
                decision=Decision.ABSTAIN,
                abstain_reason=AbstainReason.OPERAND_UNGROUNDED,
                bindings=(),
                reason=f"{v.reason}; but the paragraph names {which}, a part of the company: the figure may be "
                "that member's, so the consolidated fact does not decide it",
            )
            if v.decision is Decision.VIOLATED and not sc.scope and not any(b.members for b in v.bindings)
            else v
            for sc, v in zip(reading.subclaims, subs)
        )

    def _tied(
        self, filing: FilingInfo, lex: Lexicon, reading: Reading, subs: tuple[Verdict, ...], unread: tuple[str, ...]
    ) -> tuple[tuple[Verdict, ...], tuple[str, ...]]:
        """The sub-claims and unread figures with every tie-out made: an unread figure a tagged fact states
        becomes a sub-claim, an abstained level one is replaced by its tie-out."""
        at = {(sc.number.start, sc.number.end): i for i, sc in enumerate(reading.subclaims) if sc.number}
        # a reading refused on purpose (two readings of the words disagree) is not tied to the one that agrees
        held = {i: v for i, v in enumerate(subs) if v.decision is Decision.ABSTAIN and not v.extra.get("refused")}

        def open_(of: OpenFigure) -> bool:
            n = of.subclaim.number
            return bool(of.unread) or (n is not None and at.get((n.start, n.end)) in held)

        ties = self._tie_checker(filing, lex, reading)
        tied = ties.tie([of for of in reading.open_figures if open_(of)])
        if not tied:
            return subs, unread
        out = list(subs)
        for i, v in ties.in_their_context(tied, list(zip(reading.subclaims, subs))).items():
            out[i] = replace(v, extra={**v.extra, "span": subs[i].extra.get("span")})
        for of, v in tied:
            if of.unread:
                out.append(v)
            elif of.subclaim.number is not None:
                i = at[(of.subclaim.number.start, of.subclaim.number.end)]
                # the words as read stay the span; what their own check said stays on record
                out[i] = replace(v, extra={**v.extra, "span": subs[i].extra.get("span"), "as_read": subs[i].reason})
        done = {of.unread for of, _ in tied}
        return tuple(out), tuple(u for u in unread if u not in done)

    def _tie_outs(
        self, filing: FilingInfo, lex: Lexicon, figures: Sequence[OpenFigure], reading: Reading
    ) -> list[tuple[OpenFigure, Verdict]]:
        """The open figures tied out to the facts that state them (tie_check.TieOuts)."""
        return self._tie_checker(filing, lex, reading).tie(figures) if figures else []

    def _tie_checker(self, filing: FilingInfo, lex: Lexicon, reading: Reading) -> TieOuts:
        """The tie-outs of one sentence, each figure checked by `SubClaimCheck.verify_sub`; the filing's label and
        value indexes are built once and kept (the value index only when a tie-out by value asks for it)."""

        def check(sc: SubClaim, spec: PeriodSpec) -> Verdict:
            return self.check.verify_sub(filing, lex, reading, sc, spec)

        labels = self.reads.label_index(filing.id, lex)
        return TieOuts(
            filing, lex, self.reads.periods(filing.id), labels, lambda: self.reads.value_index(filing.id), reading.scale, check
        )


def _names_company(verdict: Verdict, words: frozenset[str]) -> bool:
    """Whether the fact a tie-out decided on is of the company the sentence names: its members' or its
    concept's name holds a word of the company's ("CashConvertersInternationalLimitedMember"); Apple's net
    income is no "Advent Technologies' net income", whatever their values."""
    target = next((b for b in verdict.bindings if b.stage == "target"), None)
    if target is None:
        return False
    names = " ".join((target.concept, *target.members)).lower()
    return any(w in names for w in words)


def _names_the_metric(mention: str, reading: Reading) -> bool:
    """ "Dividends paid per share were $3.68": a capitalised subject that is the metric's own first
    words is no company; an owner ("Advent Technologies' net income") always is."""
    if re.search(re.escape(mention) + r"['’]", reading.sentence):
        return False
    said = {w.lower() for w in re.findall(r"[A-Za-z]+", mention)}
    return any(
        sc.metric.text.startswith(mention) and said <= {w.lower() for w in re.findall(r"[A-Za-z]+", sc.metric.matched)}
        for sc in reading.subclaims
    )
