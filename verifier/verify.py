"""The Verifier: a numerical claim about a filing checked with filed facts and Z3.

    with Graph.connect() as g:
        v = Verifier(g).verify("0000320193-23-000106", "What was gross profit in fiscal 2023?", "$169.1 billion")
        v.decision, v.reason, v.core
        Verifier(g).verify_sentence(filing_id, "Revenue rose 6.7% to $33.7 billion in 2023")

A question and its claim go plan -> period -> provenance + authority -> Z3 here (`verify`); the claim is
parsed only after the plan is fixed and is used only for the `claim` constraint. An answer written as a
sentence, and every claim sentence or document, go through the sentence pipeline (sentence_check.py,
each figure checked by subclaim_check.py); what a Verifier reads of a filing once is filing_reads.py's,
the Z3 decision and its reason decide.py's. Every failure to establish something is an Abstain with
the exact missing requirement; only programming errors raise.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any, Protocol

from auditgraph.graph import Graph
from auditgraph.verifier import entity
from auditgraph.verifier.authority import NotEstablished, establish
from auditgraph.verifier.claims import ClaimParseError, parse_claim, scaled, tolerance
from auditgraph.verifier.decide import decide
from auditgraph.verifier.filing_reads import FilingReader
from auditgraph.verifier.ground import FilingInfo, Grounder, PeriodProblem, resolve_period
from auditgraph.verifier.lexicon import Lexicon
from auditgraph.verifier.limits import MAX_CLAIM_CHARS
from auditgraph.verifier.metric_target import MetricTargets
from auditgraph.verifier.numbers import Interval, find_numbers
from auditgraph.verifier.periods import find_periods
from auditgraph.verifier.plan import TERM_NOTE, LabelLookup, PlanFailure, Planner
from auditgraph.verifier.registry import Registry, load_registry
from auditgraph.verifier.sentence import Context, completed_answer
from auditgraph.verifier.sentence_check import SentenceCheck
from auditgraph.verifier.subclaim_check import SubClaimCheck
from auditgraph.verifier.types import (
    AbstainReason,
    ClaimValue,
    Decision,
    Plan,
    SentenceVerdict,
    Unit,
    Verdict,
)
from auditgraph.verifier.vocabulary import SCALE_CONTEXT

_SENTENCE_ANSWER = re.compile(r"[A-Za-z]{2,}.*\d|\d.*[A-Za-z]{3,}", re.S)  # words and a figure: read as a sentence
_GROWTH_QUESTION = re.compile(
    r"^\s*(?:by\s+)?(?:what|how\s+much)\s+(?:percentage|percent|%)\s+(?:did|has|have|was|were)?\s*"
    r"(?P<x>.+?)\s+(?:change|grow|increase|decrease|decline|fall|rise)\b(?P<rest>.*?)\??\s*$",
    re.I,
)


class PlanSource(Protocol):
    name: str

    def plan(self, question: str, entity_words: Sequence[str] = (), labels: LabelLookup | None = None) -> Plan | PlanFailure: ...


@dataclass
class Verifier:
    graph: Graph
    registry: Registry = field(default_factory=load_registry)
    planner: PlanSource | None = None  # None: the deterministic planner
    timeout_ms: int = 5000  # Z3's limit per check; the sentence pipeline takes it when the Verifier is built
    proposer: Any = None  # llm.SentenceProposer: a model's reading of sentences the reader leaves open
    # what it reads of each filing once, and the sentence pipeline over the same reads (built in __post_init__)
    _reads: FilingReader = field(init=False, repr=False, compare=False)
    _sentences: SentenceCheck = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.planner is None:
            self.planner = Planner(self.registry)
        self._reads = FilingReader(self.graph, self.registry)
        self._sentences = SentenceCheck(self._reads, SubClaimCheck(self._reads, MetricTargets(self._reads), self.timeout_ms))

    def filing(self, filing_id: str) -> FilingInfo | None:
        """Filing, its periods and fact rows are read once per Verifier (a batch re-reads nothing)."""
        return self._reads.filing(filing_id)

    def lexicon(self, filing_id: str) -> Lexicon:
        """The words the filing's concepts go by (filer's labels, taxonomy labels, registry), read once."""
        return self._reads.lexicon(filing_id)

    def verify_sentence(
        self, filing_id: str, sentence: str, case_id: str | None = None, context: Context | None = None
    ) -> SentenceVerdict:
        """Every checkable number of a claim sentence as a sub-claim (docs/verifier.md, "Sentences").

        `context`: the paragraph before it and the document's scale words (verify_text passes them)."""
        return self._sentences.verify_sentence(filing_id, sentence, case_id, context, self.proposer)

    def verify_text(self, filing_id: str, text: str) -> list[SentenceVerdict]:
        """Every sentence with a number in a document (an earnings release, an MD&A excerpt); each
        reads with its paragraph's period and the document's scale words as context."""
        return self._sentences.verify_text(filing_id, text, self.proposer)

    def verify(self, filing_id: str, question: str, claim: str | int | Decimal, case_id: str | None = None) -> Verdict:
        base = Verdict(Decision.ABSTAIN, str(claim), question, filing_id, "", case_id=case_id)

        def abstain(reason: AbstainReason, message: str, **kw: Any) -> Verdict:
            return replace(base, abstain_reason=reason, reason=message, **kw)

        filing = self.filing(filing_id)
        if filing is None:
            return abstain(
                AbstainReason.UNKNOWN_FILING,
                f"no loaded filing {filing_id!r}; load it with `auditgraph filing load` or check the id",
            )
        for what, value in (("question", question or ""), ("claim", str(claim))):
            if len(value) > MAX_CLAIM_CHARS:  # the MCP tool's path; the CLI refuses these with exit 2 first
                return abstain(
                    AbstainReason.CLAIM_UNPARSABLE,
                    f"the {what} has {len(value):,} characters; give one sentence of at most {MAX_CLAIM_CHARS:,}",
                )
        own = entity.matcher(filing.entity_name, filing.ticker)
        if others := [x for x in entity.mentions(question or "") if not own(x)]:
            return abstain(
                AbstainReason.WRONG_ENTITY,
                f"the question is about {', '.join(others)}, but filing {filing_id} is "
                f"{filing.entity_name or 'another registrant'}; ask it of that company's filing",
            )
        if isinstance(claim, str) and _SENTENCE_ANSWER.search(claim) and _not_one_figure(claim):
            # a model's answer is a sentence more often than a number: read it as one, whatever the
            # planner makes of the question ("How much did revenue grow?" names no line item)
            return self._answer_sentence(base, filing_id, question, claim)
        if m := _GROWTH_QUESTION.match(question or ""):
            return self._growth_question(base, filing_id, m, str(claim))
        assert self.planner is not None
        plan = self.planner.plan(question, self._reads.entity_words(filing), self._reads.labels(filing_id))
        if isinstance(plan, PlanFailure):
            # words that name no line item may still tie out; words that name two are the planner's to refuse
            read = self._as_sentence(base, filing_id, question, str(claim)) if plan.reason is AbstainReason.NO_METRIC else None
            return read or abstain(plan.reason, plan.message)
        if plan.target.startswith("term:") and not self._reads.text(filing_id).defining(plan.terms):
            why = [n for n in plan.notes if n != TERM_NOTE]
            rejected = any(n.startswith("model plan rejected") for n in why)  # a model's failed plan stays the headline
            return (None if rejected else self._as_sentence(base, filing_id, question, str(claim))) or abstain(
                AbstainReason.PLAN_REJECTED if rejected else AbstainReason.NO_METRIC,
                f"{'; '.join(sorted(why, key=lambda n: not n.startswith('model')))}; "
                f"no text block of filing {filing_id} defines it",
                plan=plan,
            )
        try:
            raw = parse_claim(claim)
        except ClaimParseError as exc:
            return abstain(AbstainReason.CLAIM_UNPARSABLE, str(exc), plan=plan)
        cv = _read_claim(raw, plan)
        if isinstance(cv, str):
            return abstain(AbstainReason.CLAIM_UNIT_MISMATCH, cv, plan=plan, claim_value=raw)
        period = resolve_period(plan.period, filing, self._reads.periods(filing_id))
        if isinstance(period, PeriodProblem):
            return abstain(AbstainReason.NO_PERIOD, period.message, plan=plan, claim_value=cv)
        cache = self._reads.per_filing[filing_id]
        grounder = Grounder(self.graph, filing, period, _cache=cache.facts, _calc_cache=cache.calc)
        est = establish(plan, grounder, self.registry, self._reads.text(filing_id), self._reads.labels(filing_id))
        if isinstance(est, NotEstablished):
            return abstain(est.reason, est.message, plan=plan, claim_value=cv, extra={"period": period.label()})
        tol = tolerance(cv, cv.value)
        return decide(base, plan, cv, est, Interval(cv.value - tol, cv.value + tol), period, self.timeout_ms)

    def _as_sentence(self, base: Verdict, filing_id: str, question: str, answer: str) -> Verdict | None:
        """The answer read as a sentence with the question's words, when the question names no line item
        ("How much income from grants did Advent recognize in 2023?" + "$2.5 million"): the sentence may
        tie out to the fact that states it (tie_out.py). None unless that verifies it, and when the question
        has words the sentence would lose (a relative period, a scale): a question's metric is its plan's
        to find; this reading only agrees a figure with a fact that states it."""
        if SCALE_CONTEXT.search(question) or any(p.request is None for p in find_periods(question)):
            return None  # "(in millions)", "the year-ago quarter": words the sentence would not carry
        read = self._answer_sentence(base, filing_id, question, answer)
        return read if read.decision is Decision.VERIFIED else None

    def _answer_sentence(self, base: Verdict, filing_id: str, question: str, answer: str) -> Verdict:
        """A model's answer written as a sentence ("Netflix's revenue was $33.7 billion, up 6.7%") is
        read as a sentence; the question supplies the metric and period the answer leaves out
        ("What was revenue in 2023?" + "It was $33.7 billion" reads "revenue … $33.7 billion in 2023")."""
        lex = self.lexicon(filing_id)
        filing = self.filing(filing_id)
        assert filing is not None
        words = self._reads.name_words(filing)
        text = completed_answer(question, answer.strip(), lex.knows, words)
        sv = self.verify_sentence(filing_id, text, case_id=base.case_id)
        subs = sv.subclaims
        extra = {**base.extra, "answer_read_as": text}
        if not subs:
            return replace(
                base, abstain_reason=sv.abstain_reason, reason=f"the answer read as {text!r}: {sv.reason}", extra=extra
            )
        pick = next((v for v in subs if v.decision is sv.decision), subs[0])
        return replace(
            pick,
            decision=sv.decision,
            abstain_reason=sv.abstain_reason if sv.decision is Decision.ABSTAIN else None,
            claim=base.claim,
            question=base.question,
            case_id=base.case_id,
            reason=f"the answer read as {text!r}: {sv.reason}",
            extra={**pick.extra, **extra, "subclaims": [v.to_json() for v in subs]},
        )

    def _growth_question(self, base: Verdict, filing_id: str, m: re.Match[str], claim: str) -> Verdict:
        """ "By what percentage did X change for P compared with the prior-year period?" + "-7.8%" is
        the sentence "X changed -7.8% for P compared with …": a growth sub-claim over two periods."""
        answer = claim.strip()
        if answer and "%" not in answer and "percent" not in answer.lower():
            answer += "%"
        sv = self.verify_sentence(filing_id, f"{m['x']} changed {answer} {m['rest']}".strip())
        growth = [v for v in sv.subclaims if v.extra.get("kind") == "growth"]
        if len(sv.subclaims) != 1 or len(growth) != 1:
            return replace(
                base,
                abstain_reason=sv.abstain_reason or AbstainReason.CLAIM_UNPARSABLE,
                reason=f"the answer {claim!r} to a growth question must be one percentage: {sv.reason}",
            )
        return replace(growth[0], claim=base.claim, question=base.question, case_id=base.case_id)


def _not_one_figure(claim: str) -> bool:
    """Whether an answer with words is more than one figure ("$33.7 billion", "about 6.7 percent" are
    one; "It was $33.7 billion, up 6.7%" is a sentence); a range of one kind ("$33 to $34 billion")
    stays the parser's to refuse."""
    try:
        parse_claim(claim)
    except ClaimParseError as exc:
        if "is a range" not in str(exc):
            return True
        return len({n.kind for n in find_numbers(claim)}) > 1  # "grew 6.7% to $33.7 billion" is no range
    return False


def _read_claim(cv: ClaimValue, plan: Plan) -> ClaimValue | str:
    """The claim in the metric's units, or why its unit cannot be the metric's."""
    if plan.unit is Unit.RATIO:
        if cv.scale_word:
            return f"claim {cv.text} carries a scale word, but {plan.target_label} is a ratio"
        if not cv.percent and plan.percent_question:
            return ClaimValue(cv.text, cv.value / 100, cv.half_width / 100, True, None)  # "44.1" to "as a percentage"
        return cv
    if cv.percent:
        return f"claim {cv.text} is a percentage, but {plan.target_label} is measured in {plan.unit.value} units"
    if plan.unit in (Unit.PER_SHARE, Unit.SHARES) and not cv.scale_word:
        return scaled(cv, Decimal(1)) if plan.unit is Unit.PER_SHARE else scaled(cv, plan.scale)
    return scaled(cv, plan.scale)
