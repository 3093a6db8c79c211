"""What a system under test writes per case (one JSONL line), and reading such files back.

The agents' artifacts (agents/) and `auditgraph eval run` both fit: a line needs `case_id`, a
`verdict` and the two audit numbers, either top level (extracted_value, calculated_value) or as
`answer` (a dict or the raw model text). Other fields are kept and ignored by the scorer.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from auditgraph.errors import ConfigError
from auditgraph.eval.cases import iter_jsonl
from auditgraph.eval.judge import KEYS

_VERDICTS = {"violation": "violation", "violated": "violation", "inconsistent": "violation",
             "consistent": "consistent", "ok": "consistent", "compliant": "consistent"}


class RunRecord(BaseModel):
    """One system output for one case."""

    model_config = ConfigDict(frozen=True, extra="allow")

    case_id: str
    system: str = "unknown"
    verdict: str | None = None  # violation | consistent | None (no decision)
    rules: tuple[str, ...] = ()
    error: str | None = None  # the system failed on this case (still scored, as the paper does)
    elapsed_ms: float | None = None

    def prediction(self) -> Any:
        """What the judge sees: `answer` when given, else the two top-level fields that exist."""
        extra = self.model_extra or {}
        if "answer" in extra:
            return extra["answer"]
        return {k: extra[k] for k in KEYS if k in extra}

    @property
    def decision(self) -> str | None:
        return _VERDICTS.get((self.verdict or "").strip().lower())


def read_run(path: Path) -> list[RunRecord]:
    records: list[RunRecord] = []
    seen: set[str] = set()
    for lineno, obj in iter_jsonl(path):
        try:
            rec = RunRecord.model_validate(obj)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise ConfigError(f"{path}:{lineno}: field {where!r}: {first['msg']}; each line needs a case_id") from exc
        if rec.case_id in seen:
            raise ConfigError(f"{path}:{lineno}: case_id {rec.case_id!r} appears twice; keep one output per case")
        seen.add(rec.case_id)
        records.append(rec)
    return records
