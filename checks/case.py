"""The checker-only case artifact (AuditFlow's translator): one fact in, one verdict out.

The expected value comes from the flagged rules by priority DQC.US.0126 > DQC.US.0015 >
DQC.US.0117 (the paper's translator); with no finding the fact is consistent and the expected
value is the reported one. A fact no checker could evaluate is `not_evaluable`, never consistent.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, Field

from auditgraph.checks.filing_data import local
from auditgraph.checks.result import CheckResult, RelationshipUsed

PRIORITY = ("DQC.US.0126", "DQC.US.0015", "DQC.US.0117")


class CaseArtifact(BaseModel):
    filing_id: str
    concept: str
    period: str | None
    dimensions: list[str] = Field(default_factory=list)
    verdict: Literal["violation", "consistent", "not_evaluable"]
    reported_value: str | None
    expected_value: str | None
    rules: list[str] = Field(default_factory=list)  # flagged rule ids in priority order
    evidence: list[CheckResult] = Field(default_factory=list)  # every result about the fact
    path: list[RelationshipUsed] = Field(default_factory=list)  # relationships of the deciding result


def _about(r: CheckResult, concept: str, period: str | None, dims: list[str] | None) -> bool:
    if not r.concept or local(r.concept) != local(concept):
        return False
    if period and r.period != period:
        return False
    return dims is None or sorted(r.dimensions) == sorted(dims)


def translate(
    filing_id: str, concept: str, period: str | None, results: Iterable[CheckResult], dimensions: list[str] | None = None
) -> CaseArtifact:
    mine = [r for r in results if _about(r, concept, period, dimensions)]
    flagged = sorted(
        (r for r in mine if r.status == "violation" and r.rule_id in PRIORITY), key=lambda r: PRIORITY.index(r.rule_id)
    )
    reported = next((r.reported_value for r in flagged + mine if r.reported_value is not None), None)
    if flagged:
        decider = next((r for r in flagged if r.expected_value is not None), flagged[0])
        verdict: Literal["violation", "consistent", "not_evaluable"]
        verdict, expected, path = "violation", decider.expected_value, decider.relationships
    elif any(r.status == "ok" for r in mine):
        verdict, expected, path = "consistent", reported, []
    else:
        verdict, expected, path = "not_evaluable", None, []
    return CaseArtifact(
        filing_id=filing_id,
        concept=concept,
        period=period,
        dimensions=dimensions or [],
        verdict=verdict,
        reported_value=reported,
        expected_value=expected,
        rules=list(dict.fromkeys(r.rule_id for r in flagged)),
        evidence=mine,
        path=path,
    )
