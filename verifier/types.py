"""Typed values that cross the verifier's module boundaries: plan, bindings, verdict.

Everything is frozen. Money is `Decimal` (exact) until it meets Z3, where it becomes an exact
rational; nothing here is ever a float.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from datetime import date
from decimal import Decimal
from enum import Enum
from typing import Any, cast


class Decision(str, Enum):
    VERIFIED = "Verified"
    VIOLATED = "Violated"
    ABSTAIN = "Abstain"


class AbstainReason(str, Enum):
    """Why no decision: each names exactly what could not be established."""

    CLAIM_UNPARSABLE = "claim_unparsable"  # text, a range, no number
    CLAIM_UNIT_MISMATCH = "claim_unit_mismatch"  # a percentage for money, a currency for a ratio, ...
    UNKNOWN_FILING = "unknown_filing"
    NO_METRIC = "no_metric"  # the question names no registry metric, operation or concept
    AMBIGUOUS_METRIC = "ambiguous_metric"
    NO_PERIOD = "no_period"  # the asked period is not in the filing
    OPERAND_UNGROUNDED = "operand_ungrounded"  # no fact for concept/period/unit
    FORMULA_INCOMPLETE = "formula_incomplete"  # no authority yields a complete formula
    FORMULA_AMBIGUOUS = "formula_ambiguous"
    EVIDENCE_INCONSISTENT = "evidence_inconsistent"  # filed facts/formula contradict each other
    PLAN_REJECTED = "plan_rejected"  # a model's plan failed validation
    WRONG_ENTITY = "wrong_entity"  # the claim is about another company than the filing's registrant
    NOT_IN_FILING = "not_in_filing"  # a forecast, market data or anything else no filed fact can decide
    SOLVER_UNKNOWN = "solver_unknown"
    CLAIM_TOO_PRECISE = "claim_too_precise"  # 12.9% against a rate filed only as 13%: neither true nor false


class Unit(str, Enum):
    """What a metric measures; the expected XBRL unit follows from it."""

    MONETARY = "monetary"  # iso4217:XXX
    PER_SHARE = "per_share"  # iso4217:XXX/xbrli:shares
    SHARES = "shares"  # xbrli:shares
    RATIO = "ratio"  # a pure number (fraction); claims may be written in percent
    PURE = "pure"  # xbrli:pure facts


@dataclass(frozen=True)
class ClaimValue:
    """A parsed candidate answer in base units (dollars, shares, a fraction for ratios)."""

    text: str
    value: Decimal
    half_width: Decimal  # the claim's own rounding: half a unit of its last written digit
    percent: bool  # written with % (or "percent")
    scale_word: str | None  # "billion", "million", ... when the claim said so


@dataclass(frozen=True)
class PeriodSpec:
    """The reporting period an operand must come from."""

    kind: str  # "instant" | "duration"
    end: date
    months: int | None = None  # durations: 3, 6, 9, 12; 0: the day of an event, any span that ends on it
    source: str = ""  # how it was decided: "question: fiscal 2023", "filing default", ...

    def label(self) -> str:
        if self.kind == "instant":
            return self.end.isoformat()
        return f"on {self.end.isoformat()}" if self.months == 0 else f"{self.months}m to {self.end.isoformat()}"


@dataclass(frozen=True)
class PeriodRequest:
    """The period as the question states it, before it meets the filing's calendar."""

    fiscal_year: int | None = None
    quarter: int | None = None  # 1-4 (fiscal)
    end_date: date | None = None  # "as of September 30, 2023"
    months: int | None = None  # "three months ended", "fiscal year" -> 12
    phrase: str | None = None  # the words it came from
    year_end: bool = False  # "at year end": the last fiscal year end on or before the filing's period end
    prior: bool = False  # with year_end: "the end of the prior year", the year end before the filing's own
    ytd: bool = False  # "year to date": from the fiscal year's start to the filing's period end


@dataclass(frozen=True)
class OperandSpec:
    """One role of a formula: a normalised term and the concepts that may fill it."""

    role: str
    term: str  # registry concept id or the phrase from the question
    candidates: tuple[str, ...] = ()  # QNames, in priority order
    optional: bool = False  # registry says: absent means zero
    stage: str = "registry"  # how the concept was chosen: registry | qname | label
    extracted_value: Decimal | None = None  # a planner's reading of the evidence (plausibility only)


@dataclass(frozen=True)
class Plan:
    """What must hold for the claim to be accepted, decided without looking at the claim."""

    target: str  # metric id, concept QName, or "explicit operation"
    target_label: str
    unit: Unit
    period: PeriodRequest
    scale: Decimal  # multiplier the question puts on a bare claim ("in millions" -> 1e6)
    percent_question: bool  # the question asks for a percentage
    explicit_formula: str | None = None  # an operation stated in the question, over `operands`
    operands: tuple[OperandSpec, ...] = ()
    target_concepts: tuple[str, ...] = ()  # a concept that reports the metric itself
    registry_formula: str | None = None
    registry_operands: tuple[OperandSpec, ...] = ()
    registry_source: str | None = None
    planner: str = "deterministic"
    notes: tuple[str, ...] = ()
    terms: tuple[str, ...] = ()  # names the filing text may define the target by (authority 4)

    def to_json(self) -> dict[str, Any]:
        return cast(dict[str, Any], _jsonable(asdict(self)))


@dataclass(frozen=True)
class Binding:
    """One operand grounded in one filed fact, with its provenance."""

    role: str
    concept: str  # QName
    concept_key: str
    period: str  # Period key
    unit: str  # Unit key
    filing_id: str
    accession: str | None
    fact_id: str
    value: Decimal
    decimals: str | None
    lower: Decimal
    upper: Decimal
    stage: str  # calc | registry | label | target
    duplicate: str | None = None
    members: tuple[str, ...] = ()  # "axis=member" of a dimensional fact; () is the non-dimensional fact

    def to_json(self) -> dict[str, Any]:
        return cast(dict[str, Any], _jsonable(asdict(self)))


@dataclass(frozen=True)
class Formula:
    """An authorised equation `target = expression` over operand roles."""

    expression: str  # e.g. "1*RevenueFromContract... + -1*CostOf..." in role names
    source: str  # "question" | "filing-calc" | "registry" | "filing-text" | "filed-fact"
    source_id: str  # role URI, registry metric@version, text fact id, ...
    roles: tuple[str, ...]
    evidence: str | None = None  # filing-text: the defining sentence, as the filing states it

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Verdict:
    """The decision and everything needed to trust it."""

    decision: Decision
    claim: str
    question: str
    filing_id: str
    reason: str  # one sentence; for Abstain, the exact missing requirement
    abstain_reason: AbstainReason | None = None
    plan: Plan | None = None
    claim_value: ClaimValue | None = None
    bindings: tuple[Binding, ...] = ()
    formulas: tuple[Formula, ...] = ()
    expected_lower: Decimal | None = None
    expected_upper: Decimal | None = None
    core: tuple[str, ...] = ()  # named constraints of the unsat core when Violated
    direction: str | None = None  # "overstates" | "understates" when Violated
    entailed: bool | None = None  # Verified and every value the facts allow agrees with the claim
    case_id: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """One JSONL record; the eval harness reads case_id, decision, claim, plan, bindings, core, reason."""
        return {
            "case_id": self.case_id,
            "decision": self.decision.value,
            "claim": self.claim,
            "question": self.question,
            "filing_id": self.filing_id,
            "plan": self.plan.to_json() if self.plan else None,
            "bindings": [b.to_json() for b in self.bindings],
            "formulas": [f.to_json() for f in self.formulas],
            "core": list(self.core),
            "reason": self.reason,
            "abstain_reason": self.abstain_reason.value if self.abstain_reason else None,
            "claim_value": _jsonable(asdict(self.claim_value)) if self.claim_value else None,
            "expected": None if self.expected_lower is None else [str(self.expected_lower), str(self.expected_upper)],
            "direction": self.direction,
            "entailed": self.entailed,
            **_jsonable(self.extra),
        }


def _jsonable(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if isinstance(v, Decimal):
        return str(v)
    if isinstance(v, date):
        return v.isoformat()
    if isinstance(v, Enum):
        return v.value
    return v


def dumps(verdict: Verdict) -> str:
    return json.dumps(verdict.to_json(), sort_keys=False)


@dataclass(frozen=True)
class SentenceVerdict:
    """A claim sentence: one Verdict per sub-claim, and the sentence's decision over them
    (Violated if any is, Verified only if all are and nothing stayed unread, else Abstain)."""

    sentence: str
    filing_id: str
    decision: Decision
    reason: str
    abstain_reason: AbstainReason | None = None
    subclaims: tuple[Verdict, ...] = ()
    unread: tuple[str, ...] = ()  # numbers the reader could not tie to a metric
    case_id: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "case_id": self.case_id,
            "sentence": self.sentence,
            "filing_id": self.filing_id,
            "decision": self.decision.value,
            "reason": self.reason,
            "abstain_reason": self.abstain_reason.value if self.abstain_reason else None,
            "unread": list(self.unread),
            "subclaims": [v.to_json() for v in self.subclaims],
        }
