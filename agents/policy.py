"""Who decides the next action: a chat model (`ModelPolicy`) or the offline `DeterministicPolicy`.

Both answer a turn of the same protocol with a canonical assistant turn, so the loop, gate,
budget, refinement and fusion run identically with or without a model (`--llm none`).
The deterministic juniors call the required tools (A2 evidence first), then report exactly
what the checkers found; the deterministic senior lists the differences between the reports.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from auditgraph.agents.case_records import CHECKERS, Case
from auditgraph.agents.role_client import ChatClient
from auditgraph.agents.role_tools import FINAL, TERMINAL, ToolSpec, candidates_from, case_args, is_ok, observed_values

MAX_ATTEMPTS = 2  # a deterministic junior retries an erroring tool once, then reports anyway


class Policy(Protocol):
    label: str

    def turn(
        self,
        role: str,
        system: str,
        messages: list[dict[str, Any]],
        tools: list[ToolSpec],
        case: Case,
        timeout: float | None = None,
    ) -> dict[str, Any]:
        """The next assistant turn within `timeout` seconds (what the deadline leaves; None: the
        provider's own); raises ProviderError when the backend fails."""
        ...


class ModelPolicy:
    """A chat model through langchain with tool calling (and the model-call cache)."""

    def __init__(self, client: ChatClient):
        self.client = client
        self.label = client.label

    def turn(
        self,
        role: str,
        system: str,
        messages: list[dict[str, Any]],
        tools: list[ToolSpec],
        case: Case,
        timeout: float | None = None,
    ) -> dict[str, Any]:
        return self.client.complete(
            role, system, messages, list(tools), timeout=timeout, scope=case.case_id
        )  # a list[ToolLike]: list is invariant


def history(messages: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    """(tool name, observation) pairs of a conversation, in order."""
    out = []
    for m in messages:
        if m["role"] == "tool" and m.get("name") not in TERMINAL:
            try:
                obs = json.loads(m["content"])
            except ValueError:
                obs = {"status": "error", "message": m["content"]}
            out.append((m.get("name", "?"), obs))
    return out


class DeterministicPolicy:
    """No model: required tools first, then a report of the checkers' findings."""

    label = "none"

    def turn(
        self,
        role: str,
        system: str,
        messages: list[dict[str, Any]],
        tools: list[ToolSpec],
        case: Case,
        timeout: float | None = None,
    ) -> dict[str, Any]:
        if role == "AS":
            return {"content": self._senior(messages), "tool_calls": [], "invalid_tool_calls": []}
        available = {t.name: t for t in tools}
        seen = history(messages)
        plan = (["get_fact", "get_fact_history"] if role == "A2" else ["get_fact"]) + list(CHECKERS)
        n = sum(1 for m in messages if m["role"] == "assistant")
        for name in plan:
            if name not in available:
                continue
            tries = [obs for tool, obs in seen if tool == name]
            if not any(is_ok(o) for o in tries) and len(tries) < MAX_ATTEMPTS:
                call = {"id": f"{role}-{n}", "name": name, "args": case_args(available[name], case)}
                return {"content": "", "tool_calls": [call], "invalid_tool_calls": []}
        found = candidates_from(seen, case)
        reported, expected = observed_values(seen, case)
        draft = {
            "verdict": "violation" if found else "consistent",
            "rules": [c.rule for c in found],
            "reported_value": reported,
            "expected_value": found[0].expected_value if found else expected,
            "rationale": "deterministic policy: reports the checkers' findings",
        }
        return {"content": "", "tool_calls": [{"id": f"{role}-{n}", "name": FINAL, "args": draft}], "invalid_tool_calls": []}

    @staticmethod
    def _senior(messages: list[dict[str, Any]]) -> str:
        last = messages[-1]["content"] if messages else ""
        return f"A1: re-run the checkers and report every positive finding.\nA2: re-run the checkers and report every positive finding.\n(reports reviewed: {len(last)} characters)"
