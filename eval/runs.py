"""What a system under test writes per case (one JSONL line), and reading such files back.

The agents' artifacts (agents/) and `auditgraph eval run` both fit: a line needs `case_id`, a
`verdict` and the two audit numbers, either top level (extracted_value, calculated_value) or as
`answer` (a dict or the raw model text). Other fields are kept and ignored by the scorer.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from auditgraph.agents.records import read_records
from auditgraph.eval.judge import KEYS

_VERDICTS = {
    "violation": "violation",
    "violated": "violation",
    "inconsistent": "violation",
    "consistent": "consistent",
    "ok": "consistent",
    "compliant": "consistent",
}


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
    return read_records(path, RunRecord, what="a JSONL file written by `auditgraph eval run`", hint="each line needs a case_id")
