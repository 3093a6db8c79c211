"""Repair: turn a Violated verdict into structured feedback, ask a model again, re-verify.

Guided mode (VeriFin §4.3) sends the named constraints of the unsat core (the filed facts with
their values and periods, the formula and its source, the claim bound and whether it
overstates or understates); naive mode sends only "your answer was judged incorrect". Every
revised answer goes through the same verifier; nothing the model says is trusted. A reply that
is not one number (prose) is named as such, uses one of the K tries and is answered with a
request for the number only; it does not end the loop.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from auditgraph.errors import ClaimParseError, ProviderError
from auditgraph.verifier.claims import SCALE_WORDS, parse_claim
from auditgraph.verifier.model_proposals import ChatModel
from auditgraph.verifier.types import Decision, Verdict
from auditgraph.verifier.verify import Verifier
from auditgraph.verifier.vocabulary import CLAIM_NUMBER

PROSE = "the model answered in prose, not a number"
NUMBER_ONLY = (
    "Your reply is not a number. Reply with the number only, with its unit or scale word if needed (for example: $169.1 billion)."
)
# words an answer that is one number (or a bare range) may hold; any other word makes the reply prose
_ANSWER_WORDS = {*SCALE_WORDS, "us", "usd", "eur", "gbp", "dollar", "dollars", "percent", "per", "cent", "share"}
_ANSWER_WORDS |= {"diluted", "basic", "to", "and", "between", "e"}
SYSTEM = (
    "You answer numerical questions about SEC filings. Reply with the number only, with its unit or scale "
    "word if needed (for example: $169.1 billion, 44.1%, 6.13)."
)


@dataclass(frozen=True)
class Attempt:
    answer: str
    verdict: Verdict | None
    error: str | None = None


@dataclass(frozen=True)
class RepairResult:
    mode: str  # guided | naive
    initial: Verdict
    attempts: tuple[Attempt, ...]

    @property
    def recovered(self) -> bool:
        return any(a.verdict is not None and a.verdict.decision is Decision.VERIFIED for a in self.attempts)

    @property
    def final(self) -> Verdict:
        done = [a.verdict for a in self.attempts if a.verdict is not None]
        return done[-1] if done else self.initial

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "recovered": self.recovered,
            "initial": self.initial.to_json(),
            "attempts": [
                {
                    "answer": a.answer,
                    "decision": a.verdict.decision.value if a.verdict else None,
                    "reason": a.verdict.reason if a.verdict else a.error,
                }
                for a in self.attempts
            ],
        }


def not_a_number(answer: str, exc: ClaimParseError) -> str:
    """Why a reply got no verdict, in one line: prose (words around or without numbers) is named as
    prose, whatever numbers it quotes; only a reply that is numbers alone gets the parser's reason
    (a bare range, an unbalanced parenthesis)."""
    words = [w for w in re.findall(r"[^\W\d_]+", answer) if w.lower() not in _ANSWER_WORDS]
    if not words:
        return f"the model's reply is not one number: {exc}"
    count = len(re.findall(CLAIM_NUMBER, answer))
    numbers = "no number in it" if not count else f"{count} number{'s' if count > 1 else ''} in its words"
    quoted = answer if len(answer) <= 80 else answer[:77] + "..."
    return f"{PROSE} ({numbers}): {quoted!r}"


def feedback(v: Verdict) -> str:
    """The unsat core in words: which filed values, which formula, which claim bound conflict."""
    lines = [f"Your answer {v.claim} was rejected: it {v.direction} the value established from the filing."]
    by_fact = {f"{kind}:{b.role}:{b.fact_id}": b for b in v.bindings for kind in ("fact", "reported")}
    formulas = {f"formula:{f.source}:{i}": f for i, f in enumerate(v.formulas, 1)}
    for name in v.core:
        if name in by_fact:
            b = by_fact[name]
            lines.append(
                f"- filed fact {b.concept} = {b.value} {b.unit} for {b.period} (fact {b.fact_id}, decimals {b.decimals})"
            )
        elif name in formulas:
            f = formulas[name]
            lines.append(f"- formula from {f.source} ({f.source_id}): value = {f.expression}")
        elif name == "claim" and v.extra.get("claim_interval"):
            lo, hi = v.extra["claim_interval"]
            lines.append(f"- your claim read as a value between {lo} and {hi}")
    lines.append("Recompute the answer from these filed values and this formula.")
    return "\n".join(lines)


def repair(
    verifier: Verifier,
    model: ChatModel,
    filing_id: str,
    question: str,
    claim: str,
    k: int = 3,
    mode: str = "guided",
    case_id: str | None = None,
) -> RepairResult:
    initial = verifier.verify(filing_id, question, claim, case_id=case_id)
    if initial.decision is not Decision.VIOLATED or k <= 0:
        return RepairResult(mode, initial, ())
    tries = 1 if mode == "naive" else k
    messages = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": f"Filing {filing_id}. Question: {question}"},
        {"role": "assistant", "content": claim},
    ]
    last = initial
    attempts: list[Attempt] = []
    hint = feedback(last) if mode == "guided" else "Your previous answer is incorrect. Please revise the calculation."
    for _ in range(tries):
        messages.append({"role": "user", "content": hint})
        try:
            answer = model.complete(messages).strip()
        except ProviderError as exc:
            attempts.append(Attempt("", None, str(exc)))
            break
        messages.append({"role": "assistant", "content": answer})
        try:
            parse_claim(answer)
        except ClaimParseError as exc:  # prose: no verdict, ask again for the number (costs this try)
            attempts.append(Attempt(answer, None, not_a_number(answer, exc)))
            hint = NUMBER_ONLY
            continue
        last = verifier.verify(filing_id, question, answer, case_id=case_id)
        hint = feedback(last) if mode == "guided" else "Your previous answer is incorrect. Please revise the calculation."
        attempts.append(Attempt(answer, last))
        if last.decision is not Decision.VIOLATED:
            break  # Verified: recovered; Abstain: no core to guide another try
    return RepairResult(mode, initial, tuple(attempts))
