"""Chat-model backends for the auditors: OpenAI, Anthropic, any OpenAI-compatible endpoint.

`ModelSpec.parse("openai:gpt-4o")`, `"anthropic:claude-sonnet-4-6"`, `"openai-compatible:qwen3"`
(with a base URL: vLLM, sglang, llama.cpp server, Ollama) or `"none"` (the deterministic policy).
Calls go through langchain chat models with tool calling; temperature 0 where the model takes it,
reasoning effort instead for reasoning models; per-model output budgets (Appendix G). Every
call is looked up in the on-disk cache first. Responses are reduced to a canonical turn:
{"content": str, "tool_calls": [{"id", "name", "args"}], "invalid_tool_calls": [...]}.
"""

from __future__ import annotations

import json
import os
import re
import threading
from dataclasses import dataclass
from typing import Any

from auditgraph.agents.cache import ModelCache, cache_key
from auditgraph.agents.toolbox import ToolSpec
from auditgraph.errors import AuditGraphError, ConfigError

PROVIDERS = ("openai", "anthropic", "openai-compatible")
KEY_ENV = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY", "openai-compatible": "OPENAI_API_KEY"}
SENIOR_BUDGET = 8192  # the senior reads both junior reports
JUNIOR_BUDGET = 4096
JUNIOR_BUDGETS = {"gpt-4o": 2048, "fino1": 3072}  # by model-name prefix, lower-cased
_REASONING = re.compile(r"^(o\d|gpt-5|gpt-6)", re.I)
_OVERFLOW = re.compile(r"context[_ ]length|maximum context|context window|too many tokens|prompt is too long", re.I)


class ProviderError(AuditGraphError):
    """A model call failed (HTTP error, timeout, unparsable response); the audit records it."""


class ContextOverflow(ProviderError):
    """The conversation no longer fits the model's context window."""


@dataclass(frozen=True)
class ModelSpec:
    provider: str  # none | openai | anthropic | openai-compatible
    model: str
    base_url: str | None = None
    timeout: float = 120.0
    max_retries: int = 2
    reasoning_effort: str | None = None  # default "low" for reasoning models
    no_thinking: bool = False  # OpenAI-compatible servers: chat_template_kwargs enable_thinking=false (Qwen3)

    @classmethod
    def parse(cls, text: str, base_url: str | None = None, **kw: Any) -> ModelSpec:
        text = (text or "").strip()
        if text == "none":
            return cls("none", "none")
        provider, _, model = text.partition(":")
        if provider == "openai-compatible" and not model:
            model = _served_model(base_url) if base_url else ""
        if provider not in PROVIDERS or not model:
            raise ConfigError(f"--llm {text!r} is not understood; use none, openai:MODEL, anthropic:MODEL or openai-compatible:MODEL --base-url URL")
        if provider == "openai-compatible" and not base_url:
            raise ConfigError(f"--llm {text} needs --base-url (e.g. http://127.0.0.1:8000/v1 for vLLM or sglang)")
        return cls(provider, model, base_url, **kw)

    @property
    def label(self) -> str:
        return "none" if self.provider == "none" else f"{self.provider}:{self.model}"

    @property
    def reasoning(self) -> bool:
        return bool(_REASONING.match(self.model))

    def output_budget(self, role: str) -> int:
        if role == "AS":
            return SENIOR_BUDGET
        name = self.model.lower()
        return next((v for k, v in JUNIOR_BUDGETS.items() if name.startswith(k)), JUNIOR_BUDGET)


def _served_model(base_url: str) -> str:
    """`--llm openai-compatible` without a name: the first model the server lists (GET /models)."""
    import urllib.request

    try:
        with urllib.request.urlopen(base_url.rstrip("/") + "/models", timeout=5) as resp:
            data = json.loads(resp.read())
        return str(data["data"][0]["id"])
    except (OSError, ValueError, KeyError, IndexError, TypeError) as exc:
        raise ConfigError(f"{base_url}/models did not name a model ({type(exc).__name__}); "
                          "pass --llm openai-compatible:MODEL") from None


def _api_key(spec: ModelSpec) -> str:
    key = os.environ.get(KEY_ENV[spec.provider])
    if key:
        return key
    if spec.provider == "openai-compatible":
        return "EMPTY"  # local servers accept any key
    raise ConfigError(f"{KEY_ENV[spec.provider]} is not set; export it to use --llm {spec.label}")


def _scrub(text: str) -> str:
    """Error text without secrets: API keys never reach logs or artifacts."""
    for env in set(KEY_ENV.values()):
        secret = os.environ.get(env)
        if secret and len(secret) > 3:
            text = text.replace(secret, "***")
    return re.sub(r"(sk-[A-Za-z0-9_\-]{6})[A-Za-z0-9_\-]+", r"\1***", text)


def build_chat_model(spec: ModelSpec, role: str) -> Any:
    """The langchain chat model for one role (budgets differ between juniors and the senior)."""
    common: dict[str, Any] = {"model": spec.model, "timeout": spec.timeout, "max_retries": spec.max_retries,
                              "api_key": _api_key(spec)}
    if spec.provider == "anthropic":
        from langchain_anthropic import ChatAnthropic

        extra = {"base_url": spec.base_url} if spec.base_url else {}
        return ChatAnthropic(temperature=0, max_tokens=spec.output_budget(role), **common, **extra)
    from langchain_openai import ChatOpenAI

    kwargs: dict[str, Any] = dict(common)
    if spec.base_url:
        kwargs["base_url"] = spec.base_url
    if spec.no_thinking:  # the paper served Qwen with thinking off in the chat template (vLLM/sglang read this)
        kwargs["extra_body"] = {"chat_template_kwargs": {"enable_thinking": False}}
    if spec.reasoning:  # reasoning models reject temperature; they take an effort instead
        kwargs["reasoning_effort"] = spec.reasoning_effort or "low"
        kwargs["max_completion_tokens"] = spec.output_budget(role)
    else:
        kwargs["temperature"] = 0
        kwargs["max_tokens"] = spec.output_budget(role)
    return ChatOpenAI(**kwargs)


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


def _text(content: Any) -> str:
    """Message content as text; Anthropic returns a list of blocks."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in content)
    return str(content or "")


def from_langchain(message: Any) -> dict[str, Any]:
    calls = [{"id": c.get("id") or f"call_{i}", "name": c["name"], "args": c.get("args") or {}}
             for i, c in enumerate(getattr(message, "tool_calls", []) or [])]
    invalid = [{"id": c.get("id") or f"invalid_{i}", "name": c.get("name"), "args": c.get("args"), "error": c.get("error")}
               for i, c in enumerate(getattr(message, "invalid_tool_calls", []) or [])]
    return {"content": _text(message.content), "tool_calls": calls, "invalid_tool_calls": invalid}


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
            text = f"{self.spec.label}: " + _scrub(f"{type(exc).__name__}: {exc}")[:500]
            overflow = bool(_OVERFLOW.search(text))
            self.cache.put(key, {"error": text, "overflow": overflow})
            self._failed(base, attempt)
            raise (ContextOverflow if overflow else ProviderError)(text) from None
        turn = from_langchain(reply)
        json.dumps(turn)  # must be JSON-serialisable before it is cached
        self.cache.put(key, turn)
        return turn
