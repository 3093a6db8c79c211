"""Typed records that cross the agents' boundaries: cases in, junior reports, audit artifacts out.

A junior's *draft* is what a model writes (untrusted, validated with pydantic); its *report* is
what the code makes of it under the run's configuration: positive checker findings are always
kept, undeclared rules are dropped, values come from checker observations first.
"""

from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Verdict = Literal["violation", "consistent"]  # what a junior may report
# What a case ends with: a verdict only when the evidence supports one (docs/agents.md, "Verdicts").
CaseVerdict = Literal["violation", "consistent", "inconclusive", "not_evaluable"]
# Why a case ended without a verdict. The first three are the provider's or model's failure: the
# command exits 3 and a rerun with the same --out audits those cases again.
ReasonCode = Literal["provider", "deadline", "tools_not_run", "tools_failed", "not_evaluable"]
PROVIDER_REASONS = ("provider", "deadline", "tools_not_run")
Role = Literal["A1", "A2", "AS"]
JuniorStatus = Literal["finalized", "senior_requested", "budget_exhausted", "provider_failure", "deadline"]
RULES = ("DQC.US.0015", "DQC.US.0117", "DQC.US.0126")
RULE_PRIORITY = ("DQC.US.0126", "DQC.US.0015", "DQC.US.0117")  # the paper's translator order
CHECKERS = {"check_sign": "DQC.US.0015", "check_calc_tree": "DQC.US.0126", "check_dim_consistency": "DQC.US.0117"}
REFERENCE_FIELDS = (
    "reference_rule",
    "reference_verdict",
    "reference_answer",
    "true_answer",
    "answer",
    "reference",
    "origin",
    "notes",
)


def normalize_rule(rule: object) -> str | None:
    """'0015', 'DQC_0015', 'dqc.us.0015.7645' -> 'DQC.US.0015'; None when it names no known rule."""
    text = str(rule or "").upper().replace("_", ".")
    for known in RULES:
        if known[-4:] in text:
            return known
    return None


def canonical_json(obj: Any) -> str:
    """The one serialisation used for cache keys and artifacts: sorted keys, no spaces, UTF-8."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def exact(value: object) -> str | None:
    """A reported/expected value as exact decimal text ('1,284' -> '1284'); None when not a number."""
    if value is None or isinstance(value, bool):
        return None
    text = str(value).strip().replace(",", "")
    if not text or text.lower() in ("null", "none", "nan"):
        return None
    try:
        d = Decimal(text)
    except InvalidOperation:
        return None
    if not d.is_finite():
        return None
    return format(d, "f")


class Case(BaseModel):
    """One audit case: a concept-period of a filing. Reference fields are dropped on the way in."""

    model_config = ConfigDict(frozen=True, extra="ignore", populate_by_name=True)

    case_id: str
    filing_id: str
    concept: str
    period: str | None = None
    dims: tuple[str, ...] = ()
    unit: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _aliases(cls, data: Any) -> Any:
        if isinstance(data, dict):
            data = {k: v for k, v in data.items() if k not in REFERENCE_FIELDS}
            if "filing_id" not in data and "filing" in data:
                data["filing_id"] = data["filing"]
            if "case_id" not in data and "id" in data:
                data["case_id"] = str(data["id"])
        return data

    def prompt_view(self) -> dict[str, Any]:
        return {
            "case_id": self.case_id,
            "filing_id": self.filing_id,
            "concept": self.concept,
            "period": self.period,
            "dims": list(self.dims),
            "unit": self.unit,
        }


class Override(BaseModel):
    """An agent-declared violation that no checker reported; must name the rule and justify it."""

    model_config = ConfigDict(frozen=True, extra="ignore")
    rule: str
    justification: str
    expected_value: str | None = None

    @field_validator("expected_value", mode="before")
    @classmethod
    def _num(cls, v: Any) -> str | None:
        return exact(v)


class ReportDraft(BaseModel):
    """The JSON a junior auditor submits (terminal action arguments)."""

    model_config = ConfigDict(frozen=True, extra="ignore")
    verdict: Verdict
    rules: tuple[str, ...] = ()
    reported_value: str | None = None
    expected_value: str | None = None
    overrides: tuple[Override, ...] = ()
    rationale: str = ""
    confidence: float | None = None  # recorded, never used by the fusion

    @field_validator("reported_value", "expected_value", mode="before")
    @classmethod
    def _num(cls, v: Any) -> str | None:
        return exact(v)

    @field_validator("verdict", mode="before")
    @classmethod
    def _verdict(cls, v: Any) -> Any:
        return str(v).strip().lower() if v is not None else v


class Candidate(BaseModel):
    """What a rule's checker (or a declared override) says the numbers are."""

    model_config = ConfigDict(frozen=True)
    rule: str
    source: str  # checker tool name or "override"
    reported_value: str | None = None
    expected_value: str | None = None


class JuniorReport(BaseModel):
    """A junior's report after the code applied the configuration to its draft and observations."""

    model_config = ConfigDict(frozen=True)
    role: Role
    status: JuniorStatus
    verdict: Verdict | None  # None: the junior did not finish (provider_failure, deadline), so it decided nothing
    rules: tuple[str, ...]
    reported_value: str | None
    expected_value: str | None
    value_resolved: bool
    candidates: tuple[Candidate, ...] = ()
    overrides: tuple[Override, ...] = ()
    restored_rules: tuple[str, ...] = ()  # positive checker findings the draft left out
    dropped_rules: tuple[str, ...] = ()  # rules the draft claimed without support or declaration
    rationale: str = ""
    confidence: float | None = None
    tools_used: tuple[str, ...] = ()

    def agrees_with(self, other: JuniorReport) -> bool:
        return self.verdict == other.verdict and set(self.rules) == set(other.rules)


class Artifact(BaseModel):
    """One audited case: the paper's answer fields plus verdict, rules, masses and trace."""

    model_config = ConfigDict(frozen=True)
    case_id: str
    filing_id: str
    concept: str
    period: str | None
    system: str
    llm: str
    config: dict[str, Any]
    status: Literal["ok", "error"]
    error: str | None = None
    extracted_value: str | None = None
    calculated_value: str | None = None
    verdict: CaseVerdict | None = None
    reason_code: ReasonCode | None = None  # set when the verdict is inconclusive or not_evaluable
    reason: str | None = None  # one line: which agent, which tool, what failed
    checker_floor: tuple[str, ...] = ()  # rules the checker evidence restored over a milder fused verdict
    rules: tuple[str, ...] = ()
    action_path: tuple[str, ...] = ()
    evidence: tuple[dict[str, Any], ...] = ()
    tau: str | None = None
    K: str | None = None
    masses: dict[str, Any] | None = None
    rounds: int = 0
    agreement: bool | None = None
    juniors: dict[str, Any] = Field(default_factory=dict)
    trace: dict[str, Any] = Field(default_factory=dict)

    @property
    def answer(self) -> dict[str, str | None]:
        return {"extracted_value": self.extracted_value, "calculated_value": self.calculated_value}

    def to_json(self) -> str:
        data = self.model_dump(mode="json")
        data["answer"] = self.answer
        return canonical_json(data)
