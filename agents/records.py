"""Reading JSONL files of records (cases, runs): errors name file:line and the fix.

Here because the agents read case files (runner.read_cases) and eval, which sits above the
agents, reads the same format for its cases and runs; the agents must not import eval.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol, Self, TypeVar

from pydantic import ValidationError

from auditgraph.errors import ConfigError


class CaseRecord(Protocol):
    """A pydantic model with a case id (agents' Case, eval's AuditCase and RunRecord)."""

    @property
    def case_id(self) -> str: ...

    @classmethod
    def model_validate(cls, obj: Any) -> Self: ...


M = TypeVar("M", bound=CaseRecord)


def iter_jsonl(path: Path, *, what: str = "a JSONL file") -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, object) for every non-blank line."""
    if not path.exists():
        raise ConfigError(f"{path}: no such file; pass {what}")
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ConfigError(f"{path}:{lineno}: not valid JSON ({exc.msg}); each line must be one JSON object") from exc
            if not isinstance(obj, dict):
                raise ConfigError(f"{path}:{lineno}: a JSON {type(obj).__name__}, expected an object per line")
            yield lineno, obj


def read_records(path: Path, model: type[M], *, what: str, hint: str) -> list[M]:
    """Every line validated as `model`; a case_id seen twice is an error."""
    records: list[M] = []
    seen: set[str] = set()
    for lineno, obj in iter_jsonl(path, what=what):
        try:
            record = model.model_validate(obj)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise ConfigError(f"{path}:{lineno}: field {where!r}: {first['msg']}; {hint}") from exc
        case_id = record.case_id
        if case_id in seen:
            raise ConfigError(f"{path}:{lineno}: case_id {case_id!r} appears twice; keep one line per case")
        seen.add(case_id)
        records.append(record)
    return records
