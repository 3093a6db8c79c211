"""Chat-model backends for the auditors: OpenAI, Anthropic, any OpenAI-compatible endpoint.

Provider handling (spec parsing, keys, scrubbing, building the langchain model) is shared with
the verifier in `auditgraph.llm`; this module adds the auditors' role budgets, tool calling,
the canonical turn and the on-disk cache.

`ModelSpec.parse("openai:gpt-4o")`, `"anthropic:claude-sonnet-4-6"`, `"openai-compatible:qwen3"`
(with a base URL: vLLM, sglang, llama.cpp server, Ollama) or `"none"` (the deterministic policy).
Calls go through langchain chat models with tool calling; temperature 0 where the model takes it,
reasoning effort instead for reasoning models; per-model output budgets (Appendix G). Every
call is looked up in the on-disk cache first. Responses are reduced to a canonical turn:
{"content": str, "tool_calls": [{"id", "name", "args"}], "invalid_tool_calls": [...]}.
"""

from __future__ import annotations

import json
import threading
from typing import Any

from auditgraph import llm
from auditgraph.agents.cache import ModelCache, cache_key
from auditgraph.agents.toolbox import ToolSpec
from auditgraph.llm import KEY_ENV, PROVIDERS, ContextOverflow, ProviderError  # noqa: F401 (re-exported)

SENIOR_BUDGET = 8192  # the senior reads both junior reports
JUNIOR_BUDGET = 4096
JUNIOR_BUDGETS = {"gpt-4o": 2048, "fino1": 3072}  # by model-name prefix, lower-cased


class ModelSpec(llm.ModelSpec):
    """The shared model spec (auditgraph.llm) plus the auditors' per-role output budgets (Appendix G)."""

    def output_budget(self, role: str) -> int:
        if role == "AS":
            return SENIOR_BUDGET
        name = self.model.lower()
        return next((v for k, v in JUNIOR_BUDGETS.items() if name.startswith(k)), JUNIOR_BUDGET)


def build_chat_model(spec: ModelSpec, role: str) -> Any:
    """The langchain chat model for one role (budgets differ between juniors and the senior)."""
    return llm.build_chat_model(spec, spec.output_budget(role))


def to_langchain(system: str, messages: list[dict[str, Any]]) -> list[Any]:
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

    out: list[Any] = [SystemMessage(content=system)]
    for m in messages:
        if m["role"] == "user":
            out.append(HumanMessage(content=m["content"]))
        elif m["role"] == "assistant":
            calls = [{"name": c["name"], "args": c["args"], "id": c["id"], "type": "tool_call"} for c in m.get("tool_calls", [])]
            out.append(AIMessage(content=m.get("content") or "", tool_calls=calls))
        elif m["role"] == "tool":
            out.append(ToolMessage(content=m["content"], tool_call_id=m["tool_call_id"]))
    return out


def from_langchain(message: Any) -> dict[str, Any]:
    calls = [{"id": c.get("id") or f"call_{i}", "name": c["name"], "args": c.get("args") or {}}
             for i, c in enumerate(getattr(message, "tool_calls", []) or [])]
    invalid = [{"id": c.get("id") or f"invalid_{i}", "name": c.get("name"), "args": c.get("args"), "error": c.get("error")}
               for i, c in enumerate(getattr(message, "invalid_tool_calls", []) or [])]
    return {"content": llm.text_of(message.content), "tool_calls": calls, "invalid_tool_calls": invalid}


class ChatClient:
    """Cached, tool-calling model calls for all three roles of a run (one backbone per run)."""

    def __init__(self, spec: ModelSpec, cache: ModelCache, retry_errors: bool = False):
        self.spec = spec
        self.cache = cache
        self.retry_errors = retry_errors  # False: a cached provider error is replayed, so replays are exact
        self.calls = 0  # real model calls (cache misses that reached the provider)
        self._models: dict[str, Any] = {}
        self._attempts: dict[str, int] = {}
        self._lock = threading.Lock()

    @property
    def label(self) -> str:
        return self.spec.label

    def _failed(self, base: str, attempt: int) -> None:
        with self._lock:
            self._attempts[base] = attempt + 1

    def _model(self, role: str) -> Any:
        with self._lock:
            if role not in self._models:
                self._models[role] = build_chat_model(self.spec, role)
            return self._models[role]

    def complete(self, role: str, system: str, messages: list[dict[str, Any]], tools: list[ToolSpec]) -> dict[str, Any]:
        base = cache_key(role, self.spec.label, system, messages, [t.name for t in tools])
        # A retry after an error asks the same question again; the attempt number keeps the retry's
        # answer apart from the cached error, and a replay meets the attempts in the same order.
        with self._lock:
            attempt = self._attempts.get(base, 0)
        key = base if attempt == 0 else f"{base}-{attempt}"
        cached = self.cache.get(key)
        if cached is not None and "error" in cached:
            if not self.retry_errors:
                self._failed(base, attempt)
                raise (ContextOverflow if cached.get("overflow") else ProviderError)(cached["error"])
        elif cached is not None:
            return cached
        model = self._model(role)
        if tools:
            model = model.bind_tools([t.as_openai() for t in tools])
        with self._lock:
            self.calls += 1
        try:
            reply = model.invoke(to_langchain(system, messages))
        except Exception as exc:  # provider SDKs raise many types; the protocol records one message
            err = llm.provider_error(self.spec, exc)
            self.cache.put(key, {"error": str(err), "overflow": isinstance(err, ContextOverflow)})
            self._failed(base, attempt)
            raise err from None
        turn = from_langchain(reply)
        json.dumps(turn)  # must be JSON-serialisable before it is cached
        self.cache.put(key, turn)
        return turn
