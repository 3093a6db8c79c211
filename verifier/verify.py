"""The verification pipeline: plan -> period -> provenance + authority -> Z3 -> Verdict.

    with Graph.connect() as g:
        v = Verifier(g).verify("0000320193-23-000106", "What was gross profit in fiscal 2023?", "$169.1 billion")
        v.decision, v.reason, v.core

The claim is parsed only after the plan is fixed and is used only for the `claim` constraint.
Every failure to establish something is an Abstain with the exact missing requirement; only
programming errors raise.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import cached_property
from typing import Any, Protocol

from auditgraph.graph import Graph, Row
from auditgraph.verifier import check as z3check
from auditgraph.verifier import entity, subclaims
from auditgraph.verifier import formula as fx
from auditgraph.verifier.authority import Established, NotEstablished, establish
from auditgraph.verifier.claims import ClaimParseError, parse_claim, scaled, tolerance
from auditgraph.verifier.figure_words import PART_AFTER
from auditgraph.verifier.ground import (
    FactRow,
    FilingInfo,
    Grounder,
    PeriodProblem,
    PeriodRow,
    bounds,
    earlier,
    fact_in_period,
    filing_info,
    period_rows,
    resolve_period,
    statement_unit,
)
from auditgraph.verifier.lexicon import ConceptWords, Lexicon, Target, Unresolved
from auditgraph.verifier.limits import MAX_CLAIM_CHARS
from auditgraph.verifier.members import Ambiguous, MemberGrounder, establish_member, member_scope, with_companions
from auditgraph.verifier.metric_names import MetricSpan, sign_named_by
from auditgraph.verifier.numbers import Interval, Kind, find_numbers, named_currency, to_last_digit
from auditgraph.verifier.periods import find_periods
from auditgraph.verifier.plan import TERM_NOTE, LabelLookup, PlanFailure, Planner
from auditgraph.verifier.registry import Registry, load_registry
from auditgraph.verifier.scope import SUBJECT_AXES, Members
from auditgraph.verifier.sentence import (
    Context,
    Reading,
    completed_answer,
    read,
    split_paragraphs,
    split_sentences,
)
from auditgraph.verifier.sentence_state import SubClaim
from auditgraph.verifier.textdef import FilingText
from auditgraph.verifier.tie_check import TieOuts
from auditgraph.verifier.tie_out import (
    LabelIndex,
    OpenFigure,
    ValueIndex,
    bare_in_unit,
    stated_before,
)
from auditgraph.verifier.types import (
    AbstainReason,
    ClaimValue,
    Decision,
    Formula,
    PeriodRequest,
    PeriodSpec,
    Plan,
    SentenceVerdict,
    Unit,
    Verdict,
)
from auditgraph.verifier.vocabulary import SCALE_CONTEXT

MAX_SENTENCE_CHARS = MAX_CLAIM_CHARS  # one bound for sentences, questions and answers (limits.py)
_PAST = {
    "rise": "rose",
    "fall": "fell",
    "double": "doubled",
    "triple": "tripled",
    "quadruple": "quadrupled",
    "halve": "halved",
    "flat": "was flat (within 1%)",
    "narrow": "narrowed",
    "widen": "widened",
    "exceed": "exceeded the other metric",
    "less": "was less than the other metric",
    "faster": "grew faster than the other metric",
    "slower": "grew slower than the other metric",
}
_SCALE_HEADING = re.compile(r"\(\s*in\s+(?:thousands|millions|billions)\b[^)]*\)", re.I)  # "(in millions, except per share)"
_SENTENCE_ANSWER = re.compile(r"[A-Za-z]{2,}.*\d|\d.*[A-Za-z]{3,}", re.S)  # words and a figure: read as a sentence


# per-share earnings words that say neither basic nor diluted ("EPS", "earnings per share", "net loss per share")
_UNQUALIFIED_EPS = re.compile(
    r"^(?!.*\b(?:basic|diluted)\b)(?=.*\b(?:earnings|income|loss|eps)\b).*(?:\bper\b.*\bshare\b|\beps\b)", re.I
)


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


_GROWTH_QUESTION = re.compile(
    r"^\s*(?:by\s+)?(?:what|how\s+much)\s+(?:percentage|percent|%)\s+(?:did|has|have|was|were)?\s*"
    r"(?P<x>.+?)\s+(?:change|grow|increase|decrease|decline|fall|rise)\b(?P<rest>.*?)\??\s*$",
    re.I,
)


class PlanSource(Protocol):
    name: str

    def plan(self, question: str, entity_words: Sequence[str] = (), labels: LabelLookup | None = None) -> Plan | PlanFailure: ...


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
class Verifier:
    graph: Graph
    registry: Registry = field(default_factory=load_registry)
    planner: PlanSource | None = None  # None: the deterministic planner
    timeout_ms: int = 5000
    proposer: Any = None  # llm.SentenceProposer: a model's reading of sentences the reader leaves open

    def __post_init__(self) -> None:
        if self.planner is None:
            self.planner = Planner(self.registry)

    @cached_property
    def _filings(self) -> dict[str, FilingInfo | None]:
        return {}

    @cached_property
    def _per_filing(self) -> dict[str, FilingReads]:  # filing id -> what is read once
        return {}

    @cached_property
    def _metric_planner(self) -> Planner:
        """The registry's metric plans for sentences (built once: a Planner sorts every alias)."""
        return Planner(self.registry)

    @cached_property
    def _vocabulary(self) -> frozenset[str]:
        return frozenset(w for alias, _, _ in self.registry.aliases() for w in alias.split())

    def filing(self, filing_id: str) -> FilingInfo | None:
        """Filing, its periods and fact rows are read once per Verifier (a batch re-reads nothing)."""
        if filing_id not in self._filings:
            self._filings[filing_id] = filing_info(self.graph, filing_id)
            self._per_filing[filing_id] = FilingReads()
        return self._filings[filing_id]

    def _periods(self, filing_id: str) -> list[PeriodRow]:
        cache = self._per_filing[filing_id]
        if cache.periods is None:
            cache.periods = period_rows(self.graph, filing_id)
        return cache.periods

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
        plan = self.planner.plan(question, _entity_words(filing, self._vocabulary), self._labels(filing_id))
        if isinstance(plan, PlanFailure):
            # words that name no line item may still tie out; words that name two are the planner's to refuse
            read = self._as_sentence(base, filing_id, question, str(claim)) if plan.reason is AbstainReason.NO_METRIC else None
            return read or abstain(plan.reason, plan.message)
        if plan.target.startswith("term:") and not self._text(filing_id).defining(plan.terms):
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
        period = resolve_period(plan.period, filing, self._periods(filing_id))
        if isinstance(period, PeriodProblem):
            return abstain(AbstainReason.NO_PERIOD, period.message, plan=plan, claim_value=cv)
        cache = self._per_filing[filing_id]
        grounder = Grounder(self.graph, filing, period, _cache=cache.facts, _calc_cache=cache.calc)
        est = establish(plan, grounder, self.registry, self._text(filing_id), self._labels(filing_id))
        if isinstance(est, NotEstablished):
            return abstain(est.reason, est.message, plan=plan, claim_value=cv, extra={"period": period.label()})
        tol = tolerance(cv, cv.value)
        return self._decide(base, plan, cv, est, Interval(cv.value - tol, cv.value + tol), period)

    def _decide(
        self,
        base: Verdict,
        plan: Plan,
        cv: ClaimValue,
        est: Established,
        claim: Interval,
        period: PeriodSpec,
        extra: dict[str, Any] | None = None,
    ) -> Verdict:
        """Z3 on the established evidence and the claim interval -> Verified / Violated / Abstain."""
        res = z3check.check(est.bindings, est.authorised, claim.lower, claim.upper, self.timeout_ms)
        names = {a.name: f for a, f in zip(est.authorised, est.formulas)}
        shown = [str(x) if x is not None else None for x in (claim.lower, claim.upper)]
        common: dict[str, Any]  # Verdict fields of several types, passed to replace() as keywords
        common = dict(
            plan=plan,
            claim_value=cv,
            bindings=est.bindings,
            formulas=est.formulas,
            expected_lower=res.expected[0] if res.expected else None,
            expected_upper=res.expected[1] if res.expected else None,
            extra={
                **base.extra,
                "period": period.label(),
                "period_source": period.source,
                "notes": list(est.notes),
                "claim_interval": shown,
                "expected_point": str(res.expected_point) if res.expected_point is not None else None,
                "formula_names": {k: f.source + ":" + f.source_id for k, f in names.items()},
                **(extra or {}),
            },
        )
        expected = _fmt_range(res.expected)
        if base.extra.get("kind") == "comparison" and res.decision is not Decision.ABSTAIN:
            # "net income fell": no figure to over- or understate; say what was read and what the filing gives
            *hedge, rel = cv.text.split() or [""]
            said = " ".join([plan.target_label, *hedge, _PAST.get(rel, rel)])
            if res.decision is Decision.VERIFIED:
                return replace(
                    base,
                    decision=Decision.VERIFIED,
                    entailed=res.entailed,
                    **common,
                    reason=f"the claim that {said} agrees with the filed figures ({_sources(est.formulas)})",
                )
            return replace(
                base,
                decision=Decision.VIOLATED,
                core=res.core,
                direction=None,
                entailed=False,
                **common,
                reason=f"the claim that {said} does not hold: the filed figures give {expected} for "
                f"{_sources(est.formulas)}; conflicting constraints {', '.join(res.core)}",
            )
        if res.decision is Decision.VERIFIED:
            how = "every value the facts allow" if res.entailed else "the filed facts and formula"
            return replace(
                base,
                decision=Decision.VERIFIED,
                entailed=res.entailed,
                **common,
                reason=f"claim {cv.text} agrees with {how} ({_sources(est.formulas)}); expected {expected}",
            )
        if res.decision is Decision.VIOLATED and res.point_mismatch:
            return replace(
                base,
                decision=Decision.VIOLATED,
                core=res.core,
                direction=res.direction,
                entailed=False,
                **common,
                reason=f"claim {cv.text} {res.direction} {plan.target_label}: the reported figures give "
                f"{_short(res.expected_point) if res.expected_point is not None else '?'} "
                f"({_sources(est.formulas)}); only the facts' rounding ({expected}) could reach the "
                f"claim; conflicting constraints {', '.join(res.core)}",
            )
        if res.decision is Decision.VIOLATED:
            return replace(
                base,
                decision=Decision.VIOLATED,
                core=res.core,
                direction=res.direction,
                entailed=False,
                **common,
                reason=f"claim {cv.text} {res.direction} {plan.target_label}: expected {expected} "
                f"from {_sources(est.formulas)}; conflicting constraints {', '.join(res.core)}",
            )
        if res.too_precise:
            return replace(
                base,
                abstain_reason=AbstainReason.CLAIM_TOO_PRECISE,
                reason=f"claim {cv.text} is written more precisely than the filing reports {plan.target_label} "
                f"({expected}) and no other filed figure computes it; round the claim to the filed digits",
                **common,
            )
        if res.evidence_inconsistent:
            return replace(
                base,
                abstain_reason=AbstainReason.EVIDENCE_INCONSISTENT,
                reason=f"the filed facts contradict each other or the formula before the claim is considered: {', '.join(res.core)}",
                core=res.core,
                **common,
            )
        return replace(
            base, abstain_reason=AbstainReason.SOLVER_UNKNOWN, reason=f"Z3 returned unknown ({res.solver_unknown})", **common
        )

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
        words = frozenset(w.lower() for w in _entity_words(filing, self._vocabulary) if " " not in w)
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

    # ------------------------------------------------------------------ sentences
    def lexicon(self, filing_id: str) -> Lexicon:
        """The words the filing's concepts go by (filer's labels, taxonomy labels, registry), read once."""
        cache = self._per_filing.setdefault(filing_id, FilingReads())
        if cache.lexicon is None:
            cache.lexicon = Lexicon.from_rows(self.registry, self.graph.read("verify.lexicon", filing_id=filing_id))
        return cache.lexicon

    def verify_sentence(
        self, filing_id: str, sentence: str, case_id: str | None = None, context: Context | None = None
    ) -> SentenceVerdict:
        """Every checkable number of a claim sentence as a sub-claim (docs/verifier.md, "Sentences").

        `context`: the paragraph before it and the document's scale words (verify_text passes them)."""
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

        filing = self.filing(filing_id)
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
        lex = self.lexicon(filing_id)
        own = entity.matcher(filing.entity_name, filing.ticker)
        words = frozenset(w.lower() for w in _entity_words(filing, self._vocabulary) if " " not in w)
        reading = read(text, lex.knows, words, entity.mentions, self._members(filing_id, words, lex).find, context)
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
            # figures stated before the forecast, in a clause of their own, are still tied to their facts,
            # and so is every figure of an agreement's terms (modal verbs only: "will bear interest at 5.0%")
            at = reading.forward_at if reading.forward_at is not None else 0
            stated = [of for of in reading.open_figures if reading.terms or stated_before(of, text, at)]
            return abstain_tied(
                AbstainReason.NOT_IN_FILING,
                f"the claim is a forecast or expectation ({reading.forward_looking!r}); "
                "a filing reports what happened, so no filed fact decides it",
                self._tie_outs(filing, lex, stated, reading),
                "stated before it agree with the facts that state them",
                reading.unread,
            )
        subs = tuple(
            self._in_unit(filing, lex, reading, sc, self._verify_sub(filing, lex, reading, sc)) for sc in reading.subclaims
        )
        if context is not None and context.paragraph:
            subs = self._paragraph_members(filing_id, words, lex, context.paragraph, reading, subs)
        unread = reading.unread
        subs, unread = self._tied(filing, lex, reading, subs, unread)
        unsure = (AbstainReason.NO_METRIC, AbstainReason.AMBIGUOUS_METRIC, AbstainReason.CLAIM_UNPARSABLE)
        if self.proposer is not None and (unread or any(v.abstain_reason in unsure for v in subs) or not subs):
            subs, unread = self._model_reading(filing_id, text, subs, unread, lex)
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
        self, filing_id: str, text: str, subs: tuple[Verdict, ...], unread: tuple[str, ...], lex: Lexicon
    ) -> tuple[tuple[Verdict, ...], tuple[str, ...]]:
        """The model's reading of what the reader left open, as plain sentences the deterministic
        path checks; the model's own figures never decide (docs/verifier.md, "Model help")."""
        assert self.proposer is not None

        def words_for(qname: str) -> str | None:
            c = lex.concept(qname)
            return c.shown_label if c else None

        plain, refused = self.proposer.propose(text, words_for)
        proposer, self.proposer = self.proposer, None  # the plain sentences are read without the model
        try:
            extra = [(p, self.verify_sentence(filing_id, p)) for p in plain]
        finally:
            self.proposer = proposer
        added = tuple(
            replace(v, extra={**v.extra, "proposed_by": proposer.name, "reading": p}) for p, sv in extra for v in sv.subclaims
        )
        if not added:
            return subs, unread + tuple(refused)
        covered = [p for p, sv in extra if sv.subclaims and not sv.unread]
        kept = tuple(v for v in subs if v.decision is not Decision.ABSTAIN) + added
        still = tuple(u for u in unread if not any(u.split("'")[1] in p for p in covered if "'" in u))
        return kept, still + tuple(refused)

    def verify_text(self, filing_id: str, text: str) -> list[SentenceVerdict]:
        """Every sentence with a number in a document (an earnings release, an MD&A excerpt); each
        reads with its paragraph's period and the document's scale words as context."""
        return [
            self.verify_sentence(filing_id, s, case_id=f"s{i}", context=ctx) for i, (s, ctx) in enumerate(text_sentences(text), 1)
        ]

    def _statement_unit(self, filing_id: str) -> Decimal | None:
        """The unit the filing's statements are presented in (ground.statement_unit), read once per filing."""
        cache = self._per_filing.setdefault(filing_id, FilingReads())
        if cache.unit is None:
            cache.unit = (statement_unit(self.graph, filing_id),)
        return cache.unit[0]

    def _in_unit(self, filing: FilingInfo, lex: Lexicon, reading: Reading, sc: SubClaim, verdict: Verdict) -> Verdict:
        """A bare amount Violated as written, or doubted as too far from its fact (`_doubt`: "Depreciation
        expense of $58.8" in a filing presented in millions), read again in the unit the filing states its
        amounts in (ground.statement_unit): that reading when the facts agree with it or it lies nearer
        them, noted; else the verdict as written."""
        n = sc.number
        refuted = verdict.decision is Decision.VIOLATED or verdict.extra.get("doubted")
        if not refuted or reading.scale != 1 or n is None or sc.kind != "level":
            return verdict
        unit = self._statement_unit(filing.id)
        scaled = bare_in_unit(n, unit) if unit else None
        if scaled is None or verdict.expected_lower is None or verdict.expected_upper is None:
            return verdict
        # read to its last written digit: "$32,000" in a filing in thousands is no 32,115 thousand
        again = self._verify_sub(filing, lex, reading, replace(sc, number=to_last_digit(scaled)))
        middle = (verdict.expected_lower + verdict.expected_upper) / 2
        nearer = abs(abs(scaled.value) - abs(middle)) < abs(abs(n.value) - abs(middle))
        if again.decision is Decision.VERIFIED or (again.decision is Decision.VIOLATED and nearer):
            written = "millions" if unit == 10**6 else "billions" if unit == 10**9 else "thousands"
            how = f"read in {written}, the unit the filing states its amounts in (the sentence writes no scale)"
            return replace(again, reason=f"{again.reason}; {how}", extra={**again.extra, "unit": written})
        return verdict

    def _verify_sub(
        self, filing: FilingInfo, lex: Lexicon, reading: Reading, sc: SubClaim, period: PeriodSpec | None = None
    ) -> Verdict:
        """One sub-claim checked; `period`: its period when already placed (a tie-out's event day)."""
        claim_text = sc.number.text if sc.number else (f"{sc.hedge + ' ' if sc.hedge else ''}{sc.relation}")
        base = Verdict(Decision.ABSTAIN, claim_text, sc.text, filing.id, "", extra={"kind": sc.kind, "span": sc.text})

        def abstain(reason: AbstainReason, message: str, **kw: Any) -> Verdict:
            return replace(base, abstain_reason=reason, reason=message, **kw)

        members: tuple[str, ...] = ()
        scope_words = ""
        if sc.scope:
            # never the consolidated fact for a part of the company: that member's fact or nothing
            # (docs/verifier.md, "Dimensions")
            scope = member_scope(sc.scope_mentions)
            if isinstance(scope, Ambiguous):
                return abstain(AbstainReason.AMBIGUOUS_METRIC, f"the figure is about a part of the company, but {scope.message}")
            if scope is None and sc.scope_member:
                return abstain(
                    AbstainReason.OPERAND_UNGROUNDED,
                    f"the clause names {sc.scope!r} ({sc.scope_member}), a part of the company, apart from this "
                    "figure's metric and number: the figure may be that member's or the company's, so neither "
                    "fact decides it",
                )
            if scope is None:
                return abstain(
                    AbstainReason.OPERAND_UNGROUNDED,
                    f"the figure is about {sc.scope!r}, a part of the company that no member label of the filing names; "
                    "the consolidated fact does not decide it",
                )
            members, scope_words = scope.members, scope.words
        rows = self._periods(filing.id)
        cur = period or resolve_period(sc.period, filing, rows)
        if isinstance(cur, PeriodProblem):
            return abstain(AbstainReason.NO_PERIOD, cur.message)
        units = subclaims.units_for(sc)
        first = self._target(lex, sc.metric, units, cur, filing.id)
        if isinstance(first, Verdict):
            return replace(first, claim=base.claim, question=base.question, filing_id=filing.id, extra=base.extra)
        plan, unit, readings = first
        if members:  # messages say whose figure it is: "goodwill of Industrial Specialty Group"
            plan = replace(plan, target_label=f"{plan.target_label} of {scope_words}")
        part = [q for q in plan.target_concepts if re.search(r"(?:Current|Noncurrent)$", q)]
        if part and re.search(r"\btotal\b", sc.metric.text, re.I) and not re.search(r"current|short|long", sc.metric.text, re.I):
            # "total deferred revenue" is the current and the non-current part together, not the current line
            return abstain(
                AbstainReason.AMBIGUOUS_METRIC,
                f"{sc.metric.text!r} says total, but {part[0]} is its current or non-current part only",
                plan=plan,
            )
        verdict = _either_sign(
            sc, plan, lex, lambda s: self._verify_plan(filing, reading, s, plan, unit, lex, cur, rows, base, members)
        )
        if (
            verdict.decision is Decision.VIOLATED
            and sc.kind == "level"
            and (why := self._doubt(filing.id, verdict, plan, members, reading.sentence[sc.number.end :] if sc.number else ""))
        ):
            # the range the figure was refuted on stays, for a reading in the filing's unit (_in_unit)
            return abstain(
                AbstainReason.OPERAND_UNGROUNDED,
                f"{claim_text} {why}",
                plan=plan,
                expected_lower=verdict.expected_lower,
                expected_upper=verdict.expected_upper,
                extra={**base.extra, "doubted": True},
            )
        if verdict.decision is Decision.VIOLATED and (
            why := self._basic_eps(filing, lex, reading, sc, units, cur, base, members)
        ):
            return abstain(AbstainReason.AMBIGUOUS_METRIC, why, plan=plan)
        if verdict.decision is Decision.ABSTAIN or not readings:
            return verdict
        agreed: list[dict[str, Any]] = []  # each other reading's evidence, for whoever checks which concept was meant
        for label, other_plan in readings:  # words with two common readings decide only when both agree
            other = self._verify_plan(filing, reading, sc, other_plan, other_plan.unit, lex, cur, rows, base, members)
            if other.decision is not verdict.decision:
                return abstain(
                    AbstainReason.AMBIGUOUS_METRIC,
                    f"{sc.metric.text!r} reads as {plan.target_label} ({verdict.decision.value}) or as {label} "
                    f"({other.decision.value}); the two disagree here: name one, e.g. "
                    f"[{(other_plan.target_concepts or plan.target_concepts or ('us-gaap:Name',))[0]}]",
                    plan=plan,
                    extra={**base.extra, "refused": True},
                )
            agreed.append({"reading": label, "target": other_plan.target, "bindings": [b.to_json() for b in other.bindings]})
        return replace(verdict, extra={**verdict.extra, "readings": agreed})

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
        """The tie-outs of one sentence, each figure checked by `_verify_sub`; the filing's label and value
        indexes are built once and kept."""
        cache = self._per_filing.setdefault(filing.id, FilingReads())
        if cache.label_index is None:
            cache.label_index = LabelIndex(lex.concepts)

        def values() -> ValueIndex:
            if cache.value_index is None:
                rows = self.graph.read("verify.numeric_facts", filing_id=filing.id)
                cache.value_index = ValueIndex(rows, self._statement_unit(filing.id))
            return cache.value_index

        def check(sc: SubClaim, spec: PeriodSpec) -> Verdict:
            return self._verify_sub(filing, lex, reading, sc, spec)

        return TieOuts(filing, lex, self._periods(filing.id), cache.label_index, values, reading.scale, check)

    def _basic_eps(
        self,
        filing: FilingInfo,
        lex: Lexicon,
        reading: Reading,
        sc: SubClaim,
        units: Sequence[Unit],
        cur: PeriodSpec,
        base: Verdict,
        members: tuple[str, ...],
    ) -> str | None:
        """Why a figure Violated as earnings per share is not wrong: with neither "basic" nor "diluted" the words
        read as diluted EPS, the headline figure, but a figure that is the filing's basic EPS is true as written, so
        it is never Violated; the words must say which. None when the figure is no such thing."""
        if sc.kind != "level" or not _UNQUALIFIED_EPS.search(sc.metric.matched):
            return None
        basic = self._target(lex, replace(sc.metric, matched="basic earnings per share", qname=None), units, cur, filing.id)
        if isinstance(basic, Verdict):
            return None
        rows = self._periods(filing.id)
        other = self._verify_plan(filing, reading, sc, basic[0], basic[1], lex, cur, rows, base, members)
        if other.decision is not Decision.VERIFIED:
            return None
        return (
            f"{base.claim} is the filing's basic earnings per share, not its diluted one, which "
            f"{sc.metric.matched!r} without 'basic' reads as; say basic or diluted"
        )

    def _verify_plan(
        self,
        filing: FilingInfo,
        reading: Reading,
        sc: SubClaim,
        plan: Plan,
        unit: Unit | None,
        lex: Lexicon,
        cur: PeriodSpec,
        rows: list[PeriodRow],
        base: Verdict,
        members: tuple[str, ...] = (),
    ) -> Verdict:
        def abstain(reason: AbstainReason, message: str, **kw: Any) -> Verdict:
            return replace(base, abstain_reason=reason, reason=message, **kw)

        units = subclaims.units_for(sc)
        maths = subclaims.arithmetic(sc, reading.scale, unit)
        if maths.problem or maths.claim is None:
            return abstain(AbstainReason.CLAIM_UNIT_MISMATCH, maths.problem or "the claim's unit does not fit", plan=plan)
        other_plan = None
        if any(f.metric == "other" for f in maths.figures):
            assert sc.other is not None
            got = self._target(lex, sc.other, maths.other_units or units, cur, filing.id)
            if isinstance(got, Verdict):
                return replace(got, claim=base.claim, question=base.question, filing_id=filing.id, extra=base.extra)
            other_plan = got[0]  # the second metric's other readings are not tried: its words are plain line items
        specs: dict[str, PeriodSpec] = {"cur": cur}
        if any(f.period == "base" for f in maths.figures):
            earlier = self._base_period(sc, filing, cur, rows)
            if isinstance(earlier, PeriodProblem):
                return abstain(AbstainReason.NO_PERIOD, earlier.message, plan=plan)
            specs["base"] = earlier
        legs = []
        for fig in maths.figures:
            leg_plan = other_plan if fig.metric == "other" else plan
            assert leg_plan is not None
            est = self._establish(filing, leg_plan, specs[fig.period], members, named_currency(sc.number))
            if isinstance(est, NotEstablished):
                return abstain(
                    est.reason,
                    f"{fig.name} ({leg_plan.target_label}, {specs[fig.period].label()}): {est.message}",
                    plan=plan,
                    extra={**base.extra, "period": specs[fig.period].label()},
                )
            legs.append((fig, est))
        cv = ClaimValue(
            base.claim,
            maths.claimed if maths.claimed is not None else Decimal(0),
            maths.half_width,
            bool(sc.number and sc.number.kind in (Kind.PERCENT, Kind.POINTS)),
            sc.number.scale_word if sc.number else None,
        )
        periods = {k: v.label() for k, v in specs.items()}
        if maths.expr is None and len(legs) == 1:
            fig, est = legs[0]
            if why := _unstated_scale(sc, reading, est):
                return abstain(AbstainReason.CLAIM_TOO_PRECISE, why, plan=plan, claim_value=cv, bindings=est.bindings)
            return self._decide(base, plan, cv, est, maths.claim, specs[fig.period], extra={"periods": periods})
        assert maths.expr is not None  # None only for a level, which has one figure
        # "net loss narrowed", "net loss decreased 0.6%", "cash used in investing fell" say there was a loss (an
        # outflow) in each period: a profit in either refutes it, whatever the sizes or the rate (the loss is minus
        # the concept's value, so each such period's value must lie below zero)
        for fig, est in legs:
            if not fig.negated:
                continue
            said = replace(cv, percent=False)  # the check is the figure's own value, not the claimed rate
            loss = self._decide(base, plan, said, est, Interval(None, Decimal(0)), specs[fig.period], extra={"periods": periods})
            if loss.decision is Decision.VIOLATED and loss.expected_lower is not None and loss.expected_upper is not None:
                filed = _fmt_range((loss.expected_lower, loss.expected_upper))
                return replace(
                    loss,
                    reason=f"{sc.text!r} says there was a loss in {specs[fig.period].label()}, but the filed figures give "
                    f"{plan.target_label} of {filed}; conflicting constraints {', '.join(loss.core)}",
                )
            if loss.decision is not Decision.VERIFIED:
                return loss
        return self._decide(base, plan, cv, _combine(legs, maths.expr, sc.kind), maths.claim, cur, extra={"periods": periods})

    def _target(
        self, lex: Lexicon, metric: MetricSpan, units: Sequence[Unit], period: PeriodSpec, filing_id: str
    ) -> Verdict | tuple[Plan, Unit, list[tuple[str, Plan]]]:
        """(plan, unit) for the metric words, or an Abstain Verdict saying how to name it."""
        phrase = f"[{metric.qname}]" if metric.qname else metric.matched
        got = lex.resolve(phrase, units)
        if isinstance(got, Unresolved):
            base = Verdict(Decision.ABSTAIN, "", "", filing_id, "")
            why = got.message
            if metric.unexplained:
                why = f"no concept or metric explains {', '.join(repr(w) for w in metric.unexplained)} in {metric.text!r}"
            return replace(
                base,
                abstain_reason=got.reason if not metric.unexplained else AbstainReason.AMBIGUOUS_METRIC,
                reason=f"{why}; {self._candidates_note(filing_id, got.candidates or lex.candidates(metric.text, units), period)}",
            )
        plan = _plan_of(got, self._metric_planner, self.registry, metric.text)
        readings = [(t.id, _plan_of(t, self._metric_planner, self.registry, metric.text)) for t in got.alternatives]
        if got.kind == "metric":
            readings += [
                (
                    self.registry.metrics[a].label,
                    _plan_of(
                        Target("metric", a, f"alternative reading of {got.id}"), self._metric_planner, self.registry, metric.text
                    ),
                )
                for a in self.registry.metrics[got.id].alternatives
            ]
        return plan, got.unit or plan.unit, readings

    def _base_period(
        self, sc: SubClaim, filing: FilingInfo, cur: PeriodSpec, rows: list[PeriodRow]
    ) -> PeriodSpec | PeriodProblem:
        if sc.base is not None:
            return resolve_period(sc.base, filing, rows)
        if sc.base_relative == "sequential":
            return earlier(cur, 3, rows, "the prior quarter")
        return earlier(cur, 12, rows, "the same period a year earlier")

    def _establish(
        self, filing: FilingInfo, plan: Plan, spec: PeriodSpec, members: tuple[str, ...] = (), currency: str | None = None
    ) -> Established | NotEstablished:
        cache = self._per_filing[filing.id]
        if members:
            known = cache.member_rows
            if members not in known:  # the context the members name: theirs and the members always with them
                known[members] = (with_companions(self.graph, filing.id, members), {}, {})
            full, facts, dims = known[members]
            member_grounder = MemberGrounder(self.graph, filing, spec, currency=currency, _cache=facts, members=full, _dims=dims)
            return establish_member(plan, member_grounder)
        grounder = Grounder(self.graph, filing, spec, currency=currency, _cache=cache.facts, _calc_cache=cache.calc)
        return establish(plan, grounder, self.registry, self._text(filing.id), self._labels(filing.id))

    def _candidates_note(self, filing_id: str, candidates: Sequence[ConceptWords], period: PeriodSpec) -> str:
        """Up to five concepts to name instead, each with the filer's label, value and period."""
        if not candidates:
            return "no reported concept has any of these words; name the concept as [us-gaap:Name]"
        filing = self.filing(filing_id)
        assert filing is not None
        cache = self._per_filing[filing_id]
        grounder = Grounder(self.graph, filing, period, _cache=cache.facts)
        shown = []
        for c in candidates:
            rows = [r for r in grounder.facts([c.qname]) if r.value is not None]
            here = [r for r in rows if fact_in_period(r, period)] or rows
            fact = f"{here[0].value:,} {here[0].unit_key or ''} for {here[0].period_key}" if here else "no value"
            shown.append(f"[{c.qname}] {c.shown_label!r} = {fact}")
        return "candidates: " + "; ".join(shown) + "; name one in brackets, e.g. [" + candidates[0].qname + "]"

    def _paragraph_members(
        self, filing_id: str, words: frozenset[str], lex: Lexicon, paragraph: str, reading: Reading, subs: tuple[Verdict, ...]
    ) -> tuple[Verdict, ...]:
        """A figure Violated on a consolidated fact in a paragraph that names a member ("Unregulated
        Energy. … Operating income was $0.2 million.") may be that member's: it Abstains, naming them."""
        named = self._members(filing_id, words, lex).find(paragraph)
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

    def _doubt(self, filing_id: str, verdict: Verdict, plan: Plan, members: tuple[str, ...], after: str) -> str | None:
        """Why a level Violated on its fact may be about another amount, else None: the filing also reports
        the concept for a member the note may be about in words the reader does not know ("the PSUs",
        "certain buildings"); the words right `after` the figure may narrow it ("revenue of $49.2 related to
        contract liabilities"); or the figure is a hundredth of the fact or less (or a hundred times it) and
        no slip of scale ("Level 1 assets of $60 million" read as total assets of 15,621 million): a part
        the words name that no line item states by itself."""
        if not members and (held := self._member_states(filing_id, verdict)):
            return (
                f"differs from the consolidated {plan.target_label}, but the filing also reports {plan.target_label} "
                f"for {held}; the sentence may be about that member"
            )
        if m := PART_AFTER.match(after):
            return f"differs from {plan.target_label}, and {m[0].strip(' ,')!r} after it may make it a part no line item states"
        cv, lo, hi = verdict.claim_value, verdict.expected_lower, verdict.expected_upper
        if cv is None or lo is None or hi is None or lo * hi <= 0:
            return None
        size, low, high = abs(cv.value), min(abs(lo), abs(hi)), max(abs(lo), abs(hi))
        if low / 100 < size < low * 100:
            return None
        for k in (-9, -6, -3, 3, 6, 9):
            f = Decimal(10) ** k
            if size and (size - cv.half_width) * f <= high and low <= (size + cv.half_width) * f:
                return None  # the filed digits in another scale: a slip of scale, which is a difference
        return (
            f"is {'a hundredth or less' if size < low else 'a hundred times or more'} of {plan.target_label} "
            f"({_fmt_range((lo, hi))}): an amount the words name that no line item states by itself, not that line"
        )

    def _member_states(self, filing_id: str, verdict: Verdict) -> str | None:
        """The members of a dimensional fact, of the concept, period and unit the figure was
        Violated on, that may be what the sentence is about, else None: a member of what notes are
        about (scope.SUBJECT_AXES: an acquisition, an award class, an instrument, an asset class),
        whatever its value, since notes name those in their own prose; a member of another axis
        only when its fact states the figure (within both roundings). The first rule decides the
        same for a true figure and its changed copy; the second is a last guard against reading a
        member's figure as an inconsistency of the consolidated one."""
        lo, hi = (verdict.extra.get("claim_interval") or [None, None])[:2]
        cache = self._per_filing.setdefault(filing_id, FilingReads()).member_facts
        for b in verdict.bindings:
            if b.stage != "target":
                continue
            k = (b.concept, b.period)
            if k not in cache:
                cache[k] = self.graph.read("verify.member_facts", filing_id=filing_id, qname=b.concept, period_key=b.period)
            for r in cache[k]:
                if r["unit_key"] != b.unit or r["value"] is None:
                    continue
                if any(a in SUBJECT_AXES for a in r["axes"]):
                    return ", ".join(r["members"])
                if lo is None or hi is None:
                    continue
                try:
                    f_lo, f_hi = bounds(Decimal(r["value"]), r["decimals"], r["precision"])
                except (ArithmeticError, ValueError):
                    continue
                if f_lo <= Decimal(hi) and Decimal(lo) <= f_hi:
                    return ", ".join(r["members"]) or r["fact_id"]
        return None

    def _members(self, filing_id: str, entity_words: frozenset[str], lex: Lexicon) -> Members:
        """The filer's member names (segments, regions, instruments, classes), read once."""
        cache = self._per_filing.setdefault(filing_id, FilingReads())
        if cache.members is None:
            cache.members = Members.from_rows(self.graph.read("verify.members", filing_id=filing_id), entity_words, lex.knows)
        return cache.members

    def _text(self, filing_id: str) -> FilingText:
        """The filing's text definitions, read and parsed on first use only."""
        cache = self._per_filing.setdefault(filing_id, FilingReads())
        if cache.text is None:
            cache.text = FilingText(lambda: self.graph.read("verify.text_definitions", filing_id=filing_id))
        return cache.text

    def _labels(self, filing_id: str) -> LabelLookup:
        """(qname, every label it goes by: taxonomy and the filer's own) of the concepts the filing reports."""

        def lookup() -> list[tuple[str, list[str]]]:
            return [(c.qname, [*c.taxonomy_labels, *(t for _, t in c.filer_labels)]) for c in self.lexicon(filing_id).concepts]

        return lookup


def _unstated_scale(sc: SubClaim, reading: Reading, est: Established) -> str | None:
    """ "advertising expenses of $313" in a note written in millions: a bare amount with digits below the unit
    the filing rounds the line to (decimals -3: thousands) is a figure in a scale the sentence does not state, or
    one more precise than any filed fact; neither can be checked. Only the fact's rounding is read, never its value."""
    n = sc.number
    if n is None or n.kind is not Kind.MONEY or n.scale_word or reading.scale != 1:
        return None
    decimals = {b.decimals for b in est.bindings if b.stage == "target"}
    if len(decimals) != 1 or not re.fullmatch(r"-\d+", d := decimals.pop() or ""):
        return None
    unit = Decimal(10) ** -int(d)
    if unit < 1000 or abs(n.value) % unit == 0:
        return None
    word = {3: "thousand", 6: "million", 9: "billion"}.get(-int(d))
    if word is None:
        return None
    return (
        f"{n.text} has no scale word and digits below the {word}s the filing rounds this line to (decimals {d}): "
        f'a figure in a scale the text states elsewhere ("in {word}s"), or one no filed fact gives that precisely; '
        f'give the scale ("{n.text} {word}") or the figure as filed'
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


def _entity_words(filing: FilingInfo, vocabulary: frozenset[str] = frozenset()) -> list[str]:
    """The filer's name, ticker and name words, to strip from questions ("Apple Inc.'s net sales").

    Words that also occur in the registry's aliases are kept ("Cash" in a company name)."""
    words = [w for w in (filing.entity_name, filing.ticker) if w]
    if filing.entity_name:
        words.append(filing.entity_name.rstrip("."))
        words += [w for w in re.findall(r"[A-Za-z][A-Za-z&-]+", filing.entity_name) if w.lower() not in vocabulary]
        words += [w for w in entity.initials(filing.entity_name) if w.lower() not in vocabulary]  # "P&G"
    return sorted(set(words), key=len, reverse=True)


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


def _sources(formulas: Sequence[Formula]) -> str:
    def where(f: Formula) -> str:
        if f.source == "filing-calc":
            return f" [{f.source_id}]"
        if f.source == "filing-text":
            return f' [text fact {f.source_id}: "{f.evidence}"]'
        return ""

    return "; ".join(f"{f.source} {f.expression}{where(f)}" for f in formulas)


def _fmt_range(r: tuple[Decimal, Decimal] | None) -> str:
    if r is None:
        return "(no closed range)"
    lo, hi = (x.normalize() for x in r)
    if lo == hi:
        return f"{lo:,f}"
    return f"[{_short(lo)}, {_short(hi)}]"


def _short(d: Decimal) -> str:
    q = d.quantize(Decimal("0.000001")) if abs(d) < 1000 else d.quantize(Decimal(1))
    return f"{q.normalize():,f}"


def _plan_of(target: Target, planner: Planner, registry: Registry, words: str) -> Plan:
    """A plan for a resolved metric; the sentence supplies periods, so the plan's is empty."""
    common: dict[str, Any] = dict(period=PeriodRequest(), scale=Decimal(1), percent_question=False)
    if target.kind == "metric":
        return planner.metric(target.id, common, note=target.how)
    if target.kind == "concept":
        c = registry.concepts[target.id]
        return Plan(
            target=f"concept:{c.id}",
            target_label=c.label,
            unit=c.unit,
            target_concepts=c.candidates,
            notes=(target.how,),
            terms=(c.label, *c.aliases),
            **common,
        )
    entry = registry.concept_for_qname(target.id)
    unit = target.unit or (entry.unit if entry else Unit.MONETARY)
    return Plan(
        target=f"concept:{target.id}",
        target_label=f"{words} ({target.id})",
        unit=unit,
        target_concepts=(target.id,),
        notes=(target.how,),
        terms=(words,),
        **common,
    )


def _combine(legs: Sequence[tuple[subclaims.Figure, Established]], expr: fx.Expr, kind: str) -> Established:
    """The figures' evidence side by side (roles prefixed by figure name) and the claim's own formula."""
    bindings, formulas, authorised, notes = [], [], [], []
    for fig, est in legs:
        pre = f"{fig.name}."
        bindings += [replace(b, role=pre + b.role) for b in est.bindings]
        for f, a in zip(est.formulas, est.authorised):
            mapping = {r: pre + r for r in fx.roles(a.expr)}
            formulas.append(replace(f, roles=tuple(pre + r for r in f.roles)))
            authorised.append(
                z3check.Authorised(
                    a.name.replace("formula:", f"formula:{fig.name}:", 1), fx.substitute(a.expr, mapping), pre + a.target
                )
            )
        notes += [f"{fig.name}: {n}" for n in est.notes]
    formulas.append(Formula(fx.render(expr), "claim", kind, tuple(fx.roles(expr))))
    authorised.append(z3check.Authorised(f"formula:claim:{kind}", expr))
    return Established(tuple(bindings), tuple(formulas), tuple(authorised), tuple(notes))


def _either_sign(sc: SubClaim, plan: Plan, lex: Lexicon, check: Callable[[SubClaim], Verdict]) -> Verdict:
    """`check` of `sc`; for a concept that is itself the loss or deficit its words name (`_signed_as`), the
    figure as that concept's value, else, when that is Violated, as minus it: filers state such a concept
    either way (NBH's working capital deficit +29,077,591, ACC's -5,896,491), and the amount is what the
    note says."""
    signed = _signed_as(sc, plan, lex)
    verdict = check(signed)
    if signed is sc or verdict.decision is not Decision.VIOLATED:
        return verdict
    other = check(sc)
    if other.decision is not Decision.VERIFIED:
        return verdict
    return replace(other, reason=f"{other.reason}; the filing states this {plan.target_label} as a negative amount")


def _signed_as(sc: SubClaim, plan: Plan, lex: Lexicon) -> SubClaim:
    """`sc` without its metric's negation when the concept it binds is the loss or deficit the words name
    (metric_names.sign_named_by): "working capital deficit of $4.4 million" is that concept's value, not
    minus it. A concept's negated labels are the filer's presentation, not its meaning."""
    if not sc.metric.negated or not plan.target_concepts:
        return sc
    for q in plan.target_concepts:
        c = lex.concept(q)
        labels = [t for role, t in c.filer_labels if "negated" not in role.lower()] if c else []
        if c is None or not sign_named_by(q, [*labels, *c.taxonomy_labels], sc.metric.text):
            return sc
    return replace(sc, metric=replace(sc.metric, negated=False))
