"""Ask a filing, get only verified answers: VeriFin end to end (retrieve, generate, verify, repair).

retrieve: the verifier's own grounding for the question (the deterministic planner's concept, the
  period, the unit, the filed facts with their ids and the calculation or registry formula), read
  by verifying a placeholder answer: whatever the verdict, its bindings and formulas are the
  evidence the real answer will be checked against. No evidence: Abstain, and no model is asked.
generate: the model (any provider of llm/providers.py) sees the question and that evidence only,
  never a decision, an expected value or the placeholder.
verify: each drafted answer goes through `Verifier.verify`; nothing the model says is trusted.
repair: on Violated, up to K more drafts, each given the unsat core in words (repair.feedback);
  a reply in prose is asked again for the number only (it uses a try, as in repair.py).

The outcome is one of: accepted (a Verified draft: the answer and its evidence), refused (the
last draft was Violated: the core), abstained (what is missing), no_answer (the model answered
in prose or declined). Only `accepted` carries an answer; the record keeps every draft.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from auditgraph.errors import ClaimParseError, ConfigError, ProviderError
from auditgraph.graph import Graph
from auditgraph.tools.base import PromptSpec, ToolSpec
from auditgraph.tools.toolbox import Toolbox
from auditgraph.verifier.claims import parse_claim
from auditgraph.verifier.model_proposals import ChatModel
from auditgraph.verifier.repair import NUMBER_ONLY, feedback, not_a_number
from auditgraph.verifier.types import AbstainReason, Decision, Verdict
from auditgraph.verifier.verify import Verifier

ACCEPTED, REFUSED, ABSTAINED, NO_ANSWER = "accepted", "refused", "abstained", "no_answer"
NUMBER, PROSE, REFUSAL = "number", "prose", "refusal"
DECLINE = "CANNOT ANSWER"
SYSTEM = (
    "You answer numerical questions about one SEC filing from the evidence given: filed facts (each with its "
    "concept, period, unit, value and fact id) and the formula that computes the answer from them. Use that "
    "evidence only. Reply with the number only, with its unit or scale word if needed (for example: "
    f"$169.1 billion, 44.1%, 6.13). If the evidence does not answer the question, reply exactly: {DECLINE}"
)
MCP_NEEDS_MODEL = (
    "ask_filing needs a model to draft answers: start the MCP server with AUDITGRAPH_VERIFIER_MODEL=openai:MODEL, "
    "anthropic:MODEL or openai-compatible:MODEL and AUDITGRAPH_VERIFIER_BASE_URL=URL; verify_claim checks an answer you have"
)
NEEDS_MODEL = (
    "ask needs a model to draft answers: --llm openai:MODEL, anthropic:MODEL or openai-compatible:MODEL "
    "--base-url URL (or AUDITGRAPH_VERIFIER_MODEL); to check an answer you already have: "
    "auditgraph verify --filing F -q QUESTION -c ANSWER"
)
# a decline: the model says it cannot answer (said with no number the verifier could read)
_REFUSAL = re.compile(
    r"\b(cannot answer|can(?:no|')t (?:answer|determine|provide|compute)|unable to|not able to|"
    r"(?:does|do) not (?:contain|provide|include|state)|insufficient|not enough information|i don't know|no answer)\b",
    re.I,
)
# a placeholder answer for retrieval: a plain amount, or a percentage for a ratio or growth question
_PROBES = ("0", "0%")


@dataclass(frozen=True)
class Draft:
    """One reply of the model and what became of it."""

    answer: str
    kind: str  # number | prose | refusal
    verdict: Verdict | None  # None for prose and refusals: never verified, never accepted
    note: str | None = None  # why a reply got no verdict
    tokens: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "answer": self.answer,
            "kind": self.kind,
            "decision": self.verdict.decision.value if self.verdict else None,
            "reason": self.verdict.reason if self.verdict else self.note,
            "tokens": self.tokens,
            "verdict": self.verdict.to_json() if self.verdict else None,
        }


@dataclass(frozen=True)
class AskResult:
    filing_id: str
    question: str
    model: str
    outcome: str  # accepted | refused | abstained | no_answer
    reason: str  # one sentence: why this outcome
    evidence: Verdict | None  # the retrieval's verdict: plan, bindings, formulas (None: nothing retrieved)
    drafts: tuple[Draft, ...] = ()
    repair_k: int = 0
    case_id: str | None = None
    input: dict[str, Any] = field(default_factory=dict)  # the batch line, for the eval (gold, kind, ...)

    @property
    def usable(self) -> bool:
        return self.outcome == ACCEPTED

    @property
    def answer(self) -> str | None:
        """The accepted answer; None otherwise (an unverified draft is never an answer)."""
        return self.drafts[-1].answer if self.outcome == ACCEPTED else None

    @property
    def final(self) -> Verdict | None:
        """The verdict the outcome rests on: the last verified draft, else the retrieval's."""
        done = [d.verdict for d in self.drafts if d.verdict is not None]
        return done[-1] if done else None

    @property
    def tokens(self) -> dict[str, int]:
        total: dict[str, int] = {}
        for d in self.drafts:
            for k, v in d.tokens.items():
                total[k] = total.get(k, 0) + v
        return total

    def to_json(self) -> dict[str, Any]:
        """The evaluation record: question, evidence, every draft with its decision, repairs, model, tokens."""
        ev = self.evidence
        first = next((d for d in self.drafts if d.verdict is not None), None)
        return {
            "record": "ask",
            "case_id": self.case_id,
            "filing_id": self.filing_id,
            "question": self.question,
            "model": self.model,
            "outcome": self.outcome,
            "usable": self.usable,
            "answer": self.answer,
            "reason": self.reason,
            "evidence": None
            if ev is None
            else {
                "plan": ev.plan.to_json() if ev.plan else None,
                "period": ev.extra.get("period"),
                "bindings": [b.to_json() for b in ev.bindings],
                "formulas": [f.to_json() for f in ev.formulas],
            },
            "drafts": [d.to_json() for d in self.drafts],
            "repair": {
                "k": self.repair_k,
                "used": max(0, len(self.drafts) - 1),
                "first_decision": first.verdict.decision.value if first and first.verdict else None,
                "recovered": bool(first and first.verdict and first.verdict.decision is Decision.VIOLATED)
                and self.outcome == ACCEPTED,
            },
            "tokens": self.tokens,
            "input": self.input,
        }


def retrieve(verifier: Verifier, filing_id: str, question: str) -> Verdict:
    """The evidence the verifier will check an answer against: the verdict on a placeholder answer.

    Its plan, period, bindings (fact ids) and formulas do not depend on the answer; a verdict with
    no bindings is an abstention that no answer could change (no metric, period or fact)."""
    v = verifier.verify(filing_id, question, _PROBES[0])
    if v.abstain_reason is AbstainReason.CLAIM_UNIT_MISMATCH:  # a ratio: the placeholder must be a percentage
        v = verifier.verify(filing_id, question, _PROBES[1])
    return v


def evidence_text(filing_id: str, question: str, ev: Verdict) -> str:
    """What the model is given: the question, the facts with their provenance and the formula; never
    the expected value, a decision or the placeholder."""
    lines = [f"Filing {filing_id}.", f"Question: {question}"]
    if ev.plan is not None:
        unit = ev.plan.unit.value + (", as a percentage" if ev.plan.percent_question else "")
        lines.append(f"The answer is {ev.plan.target_label} for {ev.extra.get('period', 'the period asked')} ({unit}).")
    lines.append("Filed facts:")
    for b in ev.bindings:
        role = "" if b.role == b.concept else f" (as {b.role})"
        lines.append(f"- {b.concept}{role} = {b.value} {b.unit} for {b.period} (fact {b.fact_id}, decimals {b.decimals})")
    for f in ev.formulas:
        evidence = f' "{f.evidence}"' if f.evidence else ""
        lines.append(f"Formula ({f.source} {f.source_id}{evidence}): answer = {f.expression}")
    lines.append("Reply with the number only.")
    return "\n".join(lines)


def classify(answer: str, verdict: Verdict) -> tuple[str, str | None]:
    """(kind, note): a reply the verifier could not read as an answer is a refusal or prose."""
    if verdict.abstain_reason is not AbstainReason.CLAIM_UNPARSABLE:
        return NUMBER, None
    if not answer.strip() or answer.strip().upper().startswith(DECLINE) or _REFUSAL.search(answer):
        quoted = answer if len(answer) <= 80 else answer[:77] + "..."
        return REFUSAL, f"the model declined to answer: {quoted!r}"
    try:
        parse_claim(answer)
    except ClaimParseError as exc:
        return PROSE, not_a_number(answer, exc)
    return PROSE, verdict.reason


def _complete(model: ChatModel, messages: list[dict[str, str]]) -> tuple[str, dict[str, int]]:
    """The reply and its token counts (langchain's usage callback: every provider reports them its own way)."""
    from langchain_core.callbacks import get_usage_metadata_callback

    with get_usage_metadata_callback() as cb:
        try:
            text = model.complete(messages).strip()
        except ProviderError as exc:
            raise type(exc)(f"the model call failed ({exc}); check that its server runs, --llm and --base-url") from None
    tokens = {"input": 0, "output": 0}
    for usage in cb.usage_metadata.values():
        tokens["input"] += int(usage.get("input_tokens", 0))
        tokens["output"] += int(usage.get("output_tokens", 0))
    return text, tokens


def ask(
    verifier: Verifier,
    model: ChatModel,
    filing_id: str,
    question: str,
    repair_k: int = 0,
    case_id: str | None = None,
    input: dict[str, Any] | None = None,
) -> AskResult:
    """Retrieve, draft, verify and (on Violated) repair up to `repair_k` times; see the module doc."""
    common: dict[str, Any] = dict(model=model.label, repair_k=repair_k, case_id=case_id, input=input or {})
    ev = retrieve(verifier, filing_id, question)
    if ev.abstain_reason is AbstainReason.UNKNOWN_FILING:
        raise ConfigError(ev.reason)
    if not ev.bindings or ev.abstain_reason is AbstainReason.EVIDENCE_INCONSISTENT:  # no answer could be verified
        return AskResult(filing_id, question, outcome=ABSTAINED, reason=ev.reason, evidence=None, **common)
    messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": evidence_text(filing_id, question, ev)}]
    drafts: list[Draft] = []
    for _ in range(1 + repair_k):
        answer, tokens = _complete(model, messages)
        messages.append({"role": "assistant", "content": answer})
        verdict = verifier.verify(filing_id, question, answer, case_id=case_id)
        kind, note = classify(answer, verdict)
        if kind != NUMBER:
            drafts.append(Draft(answer, kind, None, note, tokens))
            if kind == REFUSAL:
                break  # a decline is the model's last word on this evidence
            messages.append({"role": "user", "content": NUMBER_ONLY})
            continue
        drafts.append(Draft(answer, kind, verdict, None, tokens))
        if verdict.decision is not Decision.VIOLATED:
            break  # Verified: accepted; Abstain: no core to guide another try
        messages.append({"role": "user", "content": feedback(verdict)})
    return AskResult(
        filing_id, question, outcome=_outcome(drafts), reason=_reason(drafts), evidence=ev, drafts=tuple(drafts), **common
    )


def _outcome(drafts: list[Draft]) -> str:
    last = drafts[-1]
    if last.verdict is None:
        # prose after a Violated draft: the refusal stands on that draft's core
        return REFUSED if any(d.verdict and d.verdict.decision is Decision.VIOLATED for d in drafts) else NO_ANSWER
    return {Decision.VERIFIED: ACCEPTED, Decision.VIOLATED: REFUSED}.get(last.verdict.decision, ABSTAINED)


def _reason(drafts: list[Draft]) -> str:
    verified = [d.verdict for d in drafts if d.verdict is not None]
    last = drafts[-1]
    if last.verdict is None and not verified:
        return last.note or "the model gave no answer"
    assert verified
    v = verified[-1]
    return v.reason


# ------------------------------------------------------------------ batch
@dataclass(frozen=True)
class Question:
    case_id: str
    filing_id: str
    question: str
    raw: dict[str, Any]


def read_questions(path: Path) -> list[Question]:
    """JSONL of {"case_id", "filing_id" (or "filing"), "question", optional "gold" (the right value in the
    verifier's base units: 33723297000, 0.441, 12.03)}; other fields are kept for the eval."""
    import json

    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read it as UTF-8 JSONL ({exc.__class__.__name__})") from None
    out = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            raise ConfigError(f"{path}:{n}: not JSON; each line is {{case_id, filing_id, question[, gold]}}") from None
        filing = obj.get("filing_id") or obj.get("filing") if isinstance(obj, dict) else None
        if not isinstance(obj, dict) or not filing or not str(obj.get("question") or "").strip():
            raise ConfigError(f"{path}:{n}: needs filing_id and question; each line is {{case_id, filing_id, question[, gold]}}")
        if obj.get("gold") is not None:
            try:
                Decimal(str(obj["gold"]))
            except InvalidOperation:
                raise ConfigError(
                    f"{path}:{n}: gold {obj['gold']!r} is not a number; write it in base units (33723297000)"
                ) from None
        out.append(Question(str(obj.get("case_id") or f"q{n}"), str(filing), str(obj["question"]), obj))
    if not out:
        raise ConfigError(f"{path}: no questions; each line is {{case_id, filing_id, question[, gold]}}")
    return out


def ask_many(
    verifier: Verifier,
    model: ChatModel,
    questions: Iterable[Question],
    repair_k: int = 0,
    resolve: Callable[[str], str] = lambda f: f,
) -> Iterator[AskResult]:
    for q in questions:
        yield ask(verifier, model, resolve(q.filing_id), q.question, repair_k, case_id=q.case_id, input=q.raw)


# ------------------------------------------------------------------ MCP
class AskArgs(BaseModel):
    filing_id: str = Field(description="the filing: its id, accession, folder name or ticker/form/period words")
    question: str = Field(description="a numerical question about the filing ('What was revenue in 2023?')")
    repair: int = Field(1, ge=0, le=5, description="on Violated, how many more drafts the model may make with the unsat core")


SPEC = ToolSpec(
    "ask_filing",
    "Answer a numerical question about a loaded filing with a language model, and return the answer only if the Z3 "
    "verifier proves it from the filed facts: outcome accepted (the answer, its facts and formula), refused (the "
    "model's drafts were contradicted: the unsat core), abstained (what is missing) or no_answer (the model answered "
    "in prose or declined). Never use a draft whose outcome is not accepted.",
    "dynamic",
    AskArgs.model_json_schema(),
    title="Ask a filing (verified answers only)",
    hints={"readOnlyHint": True, "destructiveHint": False, "idempotentHint": False, "openWorldHint": True},
    output_schema={
        "type": "object",
        "required": ["status"],
        "properties": {
            "tool": {"type": "string"},
            "status": {"type": "string", "enum": ["ok", "error", "no_data"]},
            "message": {"type": "string"},
            "outcome": {"type": "string", "enum": [ACCEPTED, REFUSED, ABSTAINED, NO_ANSWER]},
            "usable": {"type": "boolean"},
            "answer": {"type": ["string", "null"], "description": "set only when the outcome is accepted"},
            "record": {"type": "object", "description": "the evaluation record: evidence, every draft and decision"},
        },
    },
)


def _prompt_text(args: Mapping[str, str]) -> str:
    filing, question = args["filing"], args["question"]
    return (
        f"Answer this question about the filing {filing!r}: {question!r}\n"
        "1. list_filings: find the filing and its id (load_filing if it is missing).\n"
        f"2. ask_filing with filing_id={filing!r} and question={question!r}.\n"
        "3. If the outcome is accepted, give the answer with the fact ids and formula of its evidence. If it is "
        "refused, say the model's answer was contradicted by the filing and name the facts in the unsat core. If it "
        "is abstained or no_answer, say there is no verified answer and why. Never state a number the tool did not accept."
    )


PROMPT = PromptSpec(
    "ask_this_filing",
    "Ask this filing",
    "Get a verified answer to a numerical question about a filing: a model drafts it from the filed facts, Z3 decides.",
    (
        ("filing", "the filing: id, accession, folder name or ticker/form/period words"),
        ("question", "the question, e.g. 'What was revenue in 2023?'"),
    ),
    _prompt_text,
)


def ask_toolbox(graph: Graph, model_factory: Callable[[], ChatModel | None] | None = None) -> Toolbox:
    """`ask_filing` over the graph, with the model of AUDITGRAPH_VERIFIER_MODEL (and _BASE_URL)."""
    lock = threading.Lock()
    models: list[ChatModel | None] = []

    def run(name: str, args: dict[str, Any]) -> dict[str, Any]:
        from auditgraph.filing_ref import resolve_filing

        a = AskArgs.model_validate(args)  # bad arguments raise: the door (Toolbox.call) makes the observation
        with lock:
            if not models:
                models.append((model_factory or (lambda: ChatModel.from_options(None, None)))())
        model = models[0]
        if model is None:
            return {"tool": name, "status": "error", "message": MCP_NEEDS_MODEL}
        result = ask(Verifier(graph), model, resolve_filing(graph, a.filing_id), a.question, a.repair)
        return {
            "tool": name,
            "status": "ok",
            "message": f"{result.outcome}: {result.reason}",
            "outcome": result.outcome,
            "usable": result.usable,
            "answer": result.answer,
            "record": result.to_json(),
        }

    return Toolbox([SPEC], run, prompts=[PROMPT])


# ------------------------------------------------------------------ scores over records
@dataclass(frozen=True)
class AskScores:
    """Per model over a question set (VeriFin's tables): how often an answer may be used, how often a
    wrong draft got through, how often repair turned a refusal into an accepted answer."""

    model: str
    n: int
    accepted: int
    refused: int
    abstained: int
    no_answer: int
    wrong_drafts: int  # drafts with a verdict whose value misses the question's gold
    false_accepts: int  # of those, Verified (should be 0)
    first_violated: int  # questions whose first verified draft was Violated
    recovered: int  # of those, accepted after repair
    tokens_in: int
    tokens_out: int

    @property
    def coverage(self) -> float | None:
        return self.accepted / self.n if self.n else None

    @property
    def false_accept_rate(self) -> float | None:
        return self.false_accepts / self.wrong_drafts if self.wrong_drafts else None

    @property
    def repair_success(self) -> float | None:
        return self.recovered / self.first_violated if self.first_violated else None

    def to_json(self) -> dict[str, Any]:
        from dataclasses import asdict

        return {
            **asdict(self),
            "coverage": self.coverage,
            "false_accept_rate": self.false_accept_rate,
            "repair_success": self.repair_success,
        }


def draft_correct(draft: dict[str, Any], gold: Any) -> bool | None:
    """Whether a verified draft's value (the claim interval the verifier read) holds the gold value;
    None without gold or without a reading (prose, a refusal)."""
    verdict = draft.get("verdict") or {}
    interval = verdict.get("claim_interval")
    if gold is None or not interval or None in interval:
        return None
    g = Decimal(str(gold))
    return Decimal(str(interval[0])) <= g <= Decimal(str(interval[1]))


def score(records: Iterable[dict[str, Any]]) -> list[AskScores]:
    """`ask --batch` records (possibly of several models) -> one AskScores per model, in first-seen order."""
    by_model: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        by_model.setdefault(str(r.get("model")), []).append(r)
    out = []
    for model, rs in by_model.items():
        outcomes = [r.get("outcome") for r in rs]
        wrong = fa = 0
        for r in rs:
            gold = (r.get("input") or {}).get("gold")
            for d in r.get("drafts", []):
                if draft_correct(d, gold) is False:
                    wrong += 1
                    fa += d.get("decision") == "Verified"
        out.append(
            AskScores(
                model,
                len(rs),
                outcomes.count(ACCEPTED),
                outcomes.count(REFUSED),
                outcomes.count(ABSTAINED),
                outcomes.count(NO_ANSWER),
                wrong,
                fa,
                sum((r.get("repair") or {}).get("first_decision") == "Violated" for r in rs),
                sum(bool((r.get("repair") or {}).get("recovered")) for r in rs),
                sum(int((r.get("tokens") or {}).get("input", 0)) for r in rs),
                sum(int((r.get("tokens") or {}).get("output", 0)) for r in rs),
            )
        )
    return out
