"""Typed results of the checkers: one CheckResult per evaluated item, an AuditReport per filing.

Values are exact decimal strings (never floats) so a result survives JSON unchanged.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Status = Literal["violation", "ok", "not_evaluable"]


class FactUsed(BaseModel):
    """A fact a decision rests on, with everything needed to find it again."""

    model_config = ConfigDict(frozen=True)

    fact_id: str
    concept: str  # QName as the filing wrote it
    value: str | None  # exact decimal; None when nil
    decimals: str | None
    context_id: str | None
    period: str  # Period key: "instant:2023-09-30" / "duration:2022-10-01/2023-09-30"
    dimensions: list[str] = Field(default_factory=list)  # "axis=member"
    unit: str | None = None
    role: str = "total"  # total | addend | member | fact
    weight: str | None = None  # calculation weight of an addend ("1", "-1")


class RelationshipUsed(BaseModel):
    model_config = ConfigDict(frozen=True)

    type: str  # CALC | DEF | PRES
    role: str
    source: str  # QName
    target: str
    weight: str | None = None
    arc: str | None = None
    owner: str | None = None


class CheckResult(BaseModel):
    """The outcome of one rule on one item (a fact, a calculation, a member breakdown)."""

    model_config = ConfigDict(frozen=True)

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
    dimensions: list[str] = Field(default_factory=list)
    unit: str | None = None
    network: str | None = None  # role URI of the statement network
    network_definition: str | None = None
    axis: str | None = None
    facts: list[FactUsed] = Field(default_factory=list)
    contexts: list[str] = Field(default_factory=list)
    relationships: list[RelationshipUsed] = Field(default_factory=list)
    list_file: str | None = None  # 0015: the shipped DQC list file that decided it ("dqc_15_usgaap_2023_concepts.csv")
    list_version: str | None = None  # that file's upstream version ("dqc_us_rules@e54b01f59c3b")
    message: str = ""


class RuleSummary(BaseModel):
    rule: str
    evaluated: int
    violations: int
    ok: int
    not_evaluable: int
    seconds: float
    not_run: str | None = None  # why the rule could not run on this filing at all (form, year, unknown filing)


class AuditReport(BaseModel):
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
    notes: list[str] = Field(default_factory=list)
