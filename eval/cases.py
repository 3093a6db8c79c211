"""Audit cases as JSONL: the instance schema of AuditFlow's Table 10, plus provenance.

A case is a concept-period question about one loaded filing. Two models keep the answer away
from the systems under test: `CaseQuery` is everything a system may see; `AuditCase` adds the
reference rule, verdict and answer, which only the scorer reads (`AuditCase.query()` strips them).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import date
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from auditgraph.agents import records as jsonl

RULE_FAMILIES = ("DQC.US.0015", "DQC.US.0117", "DQC.US.0126")
Origin = Literal["checker_finding", "injected_sign_flip", "injected_calc_total", "injected_dim_total", "compliant"]
Verdict = Literal["violation", "consistent"]


class ReferenceAnswer(BaseModel):
    """The two audit-critical numbers the judge compares, as exact decimal strings."""

    model_config = ConfigDict(frozen=True)

    extracted_value: str | None
    calculated_value: str | None


class CaseQuery(BaseModel):
    """What a system under test receives: which filing, concept and period to audit."""

    model_config = ConfigDict(frozen=True)

    case_id: str
    source: str  # collection the filing came from (xule-2025, edgar, injected copies say so in origin)
    source_round: str = "dev"
    original_id: str | None = None  # the upstream id of the finding/fact this case was built from
    filing_id: str  # Filing.id in the graph
    ticker: str | None = None
    form: str | None = None
    filing_date: date | None = None
    period_end: date | None = None
    concept: str  # qname, e.g. us-gaap:Revenues
    period: str  # Period.key, e.g. duration:2022-09-25/2023-09-30 or instant:2023-09-30
    dims: tuple[str, ...] = ()  # sorted "axis=member" of the audited fact; empty = non-dimensional
    unit: str | None = None  # Unit.key, e.g. iso4217:USD


class AuditCase(CaseQuery):
    """A case with its known answer; never hand this to a system, hand it `query()`."""

    reference_rule: str  # rule family the case tests, one of RULE_FAMILIES
    reference_verdict: Verdict
    reference_answer: ReferenceAnswer
    origin: Origin
    reviewed: bool = False  # a person checked the finding against the rule text
    notes: str = ""

    def query(self) -> CaseQuery:
        return CaseQuery(**{k: getattr(self, k) for k in CaseQuery.model_fields})

    @property
    def family(self) -> str:
        return self.reference_rule.removeprefix("DQC.US.")


def write_jsonl(path: Path, items: Iterable[BaseModel]) -> int:
    """Write one JSON object per line (UTF-8, deterministic key order); returns the count."""
    path.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with path.open("w", encoding="utf-8") as fh:
        for item in items:
            fh.write(item.model_dump_json(exclude_none=False) + "\n")
            n += 1
    return n


def iter_jsonl(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, object) for every non-blank line of a cases or run file."""
    return jsonl.iter_jsonl(path, what="a JSONL file written by `auditgraph eval build-cases` or `eval run`")


def read_cases(path: Path) -> list[AuditCase]:
    """Cases with their references; duplicate case ids are an error."""
    return jsonl.read_records(
        path, AuditCase, what="a JSONL file written by `auditgraph eval build-cases`", hint="fix the case or rebuild the file"
    )


def read_queries(path: Path) -> list[CaseQuery]:
    """The system-visible part of a cases file: reference fields are dropped on reading."""
    return [c.query() for c in read_cases(path)]
