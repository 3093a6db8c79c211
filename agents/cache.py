"""On-disk cache of model calls (AuditFlow Appendix G).

The key covers everything that determines a response: role, model, system prompt, the canonical
message history and the sorted tool names. A warm cache therefore replays a run without any
model call, and since the loop is otherwise deterministic the artifacts come out byte for byte.
One JSON file per key, written atomically, so concurrent cases can share a cache directory.

Only answers are cached. A failed call (connection refused, HTTP error, timeout, context
overflow) is never stored, and an error entry left by an older version reads as a miss, so a
rerun after an outage asks the model again instead of replaying the outage.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path
from typing import Any, cast

from auditgraph.agents.case_records import canonical_json


def cache_key(role: str, model: str, system: str, messages: list[dict[str, Any]], tool_names: list[str]) -> str:
    payload = {"role": role, "model": model, "system": system, "messages": messages, "tools": sorted(tool_names)}
    return hashlib.sha256(canonical_json(payload).encode()).hexdigest()


def is_answer(value: object) -> bool:
    """A model's turn (content / tool calls), not a recorded failure (`{"error": ...}`)."""
    return isinstance(value, dict) and "error" not in value


class ModelCache:
    """A directory of cached responses; `root=None` disables caching (every call goes out)."""

    def __init__(self, root: Path | None):
        self.root = Path(root) if root else None
        self.hits = 0
        self.misses = 0
        self._lock = threading.Lock()

    def _path(self, key: str) -> Path:
        assert self.root is not None
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        if self.root is None:
            return None
        path = self._path(key)
        try:
            value = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            value = None
        if not is_answer(value):
            with self._lock:
                self.misses += 1
            return None
        with self._lock:
            self.hits += 1
        return cast(dict[str, Any], value)  # is_answer checked its shape

    def put(self, key: str, value: dict[str, Any]) -> None:
        if self.root is None or not is_answer(value):
            return
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
        tmp.write_text(canonical_json(value), encoding="utf-8")
        os.replace(tmp, path)
