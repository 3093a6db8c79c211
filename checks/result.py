"""Typed results of the checkers: one CheckResult per evaluated item, an AuditReport per filing.

Values are exact decimal strings (never floats) so a result survives JSON unchanged. They are plain
dataclasses, so `check` prints its tables without importing pydantic (about 90 ms of a 0.7 s command);
pydantic writes their JSON (`dump_json`, `dump`) and validates them where another model holds them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from pydantic import TypeAdapter

Status = Literal["violation", "ok", "not_evaluable"]


@dataclass(frozen=True, kw_only=True)
class FactUsed:
    """A fact a decision rests on, with everything needed to find it again."""

    fact_id: str
    concept: str  # QName as the filing wrote it
    value: str | None  # exact decimal; None when nil
    decimals: str | None
    context_id: str | None
    period: str  # Period key: "instant:2023-09-30" / "duration:2022-10-01/2023-09-30"
    dimensions: list[str] = field(default_factory=list)  # "axis=member"
    unit: str | None = None
    role: str = "total"  # total | addend | member | fact
    weight: str | None = None  # calculation weight of an addend ("1", "-1")


@dataclass(frozen=True, kw_only=True)
class RelationshipUsed:
    type: str  # CALC | DEF | PRES
    role: str
    source: str  # QName
    target: str
    weight: str | None = None
    arc: str | None = None
    owner: str | None = None


@dataclass(frozen=True, kw_only=True)
class CheckResult:
    """The outcome of one rule on one item (a fact, a calculation, a member breakdown)."""

    rule_id: str  # "DQC.US.0015"
    sub_rule: str  # "DQC.US.0015.243", "DQC.US.0117.9574", "DQC.US.0117.10093", "DQC.US.0126.9590", "CALC11"
    status: Status
    reason: str = ""  # why not_evaluable / which exception made it ok
    concept: str | None = None
    reported_value: str | None = None
    expected_value: str | None = None  # 0015: sign-corrected value; 0126: weighted child sum; 0117: member sum
    difference: str | None = None
    tolerance: str | None = None
    decimals: str | None = None  # the d used for rounding
    period: str | None = None
    dimensions: list[str] = field(default_factory=list)
    unit: str | None = None
    network: str | None = None  # role URI of the statement network
    network_definition: str | None = None
    axis: str | None = None
    facts: list[FactUsed] = field(default_factory=list)
    contexts: list[str] = field(default_factory=list)
    relationships: list[RelationshipUsed] = field(default_factory=list)
    list_file: str | None = None  # 0015: the shipped DQC list file that decided it ("dqc_15_usgaap_2023_concepts.csv")
    list_version: str | None = None  # that file's upstream version ("dqc_us_rules@e54b01f59c3b")
    message: str = ""
    severity: str | None = None  # the official severity ("error", "warning"); set by rulebook.run_rule
    rule_set: str | None = None  # the rule-set version that decided it ("DQCRT 27.0.1, us-gaap 2025")
    query: str | None = None  # the named query that reproduces a structural finding (run with $filing_id)


@dataclass(kw_only=True)
class RuleSummary:
    rule: str
    evaluated: int
    violations: int
    ok: int
    not_evaluable: int
    seconds: float
    not_run: str | None = None  # why the rule could not run on this filing at all (year, data, unknown filing)
    not_applicable: str | None = None  # why the rule does not apply to this filing (a form outside its scope)


@dataclass(kw_only=True)
class AuditReport:
    """All findings of a filing, like the official engine's log, plus a filing-level verdict."""

    filing_id: str
    form: str | None
    period_end: str | None
    us_gaap_year: int | None
    verdict: Literal["violations", "clean", "not_evaluable"]
    rules: list[RuleSummary]
    findings: list[CheckResult]  # violations of DQC rules, rule by rule
    not_evaluable: list[CheckResult]
    calc11: list[CheckResult]  # Calculations 1.1 inconsistencies, reported separately
    notes: list[str] = field(default_factory=list)


_ADAPTERS: dict[type, TypeAdapter[Any]] = {}


def _adapter(cls: type) -> TypeAdapter[Any]:
    if cls not in _ADAPTERS:
        from pydantic import TypeAdapter  # only for JSON: the tables need no pydantic

        _ADAPTERS[cls] = TypeAdapter(cls)
    return _ADAPTERS[cls]


def dump_json(obj: CheckResult | AuditReport, indent: int | None = None) -> str:
    """The JSON of a result or a report, fields in declaration order (one line unless `indent`)."""
    return _adapter(type(obj)).dump_json(obj, indent=indent).decode()


def dump(obj: CheckResult | AuditReport) -> dict[str, Any]:
    """The JSON-ready dict of a result or a report (what `dump_json` writes)."""
    result: dict[str, Any] = _adapter(type(obj)).dump_python(obj, mode="json")
    return result
