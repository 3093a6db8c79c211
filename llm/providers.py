"""Talking to model servers, for the agents and the verifier: OpenAI, Anthropic, OpenAI-compatible.

`ModelSpec.parse("openai:gpt-4o")`, `"anthropic:claude-sonnet-4-6"`, `"openai-compatible:qwen3"`
(with a base URL: vLLM, sglang, llama.cpp server, Ollama; without a name, the server's first
model) or `"none"`. `build_chat_model` makes the langchain chat model (temperature 0, or a
reasoning effort for reasoning models); `PlainChat` is text in, text out for callers without
tools (the verifier's planner and repair); `ToolChat` is the cached tool-calling client (the
auditors), whose turns are reduced to a canonical dict:
{"content": str, "tool_calls": [{"id", "name", "args"}], "invalid_tool_calls": [...]}.
API keys come from the environment only and are scrubbed from every error message. This
module knows nothing about auditor roles, plans or prompts.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
from dataclasses import dataclass, field
from typing import Any, Protocol

from auditgraph.errors import ConfigError, ContextOverflow, CredentialMissing, ProviderError

PROVIDERS = ("openai", "anthropic", "openai-compatible")
KEY_ENV = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY", "openai-compatible": "OPENAI_API_KEY"}
USAGE = "use none, openai:MODEL, anthropic:MODEL or openai-compatible[:MODEL] --base-url URL"
_REASONING = re.compile(r"^(o\d|gpt-5|gpt-6)", re.I)
OVERFLOW = re.compile(r"context[_ ]length|maximum context|context window|too many tokens|prompt is too long", re.I)


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
            model = served_model(base_url) if base_url else ""
        if provider not in PROVIDERS or not model:
            raise ConfigError(f"--llm {text!r} is not understood; {USAGE}")
        if provider == "openai-compatible" and not base_url:
            raise ConfigError(f"--llm {text} needs --base-url (e.g. http://127.0.0.1:8000/v1 for vLLM or sglang)")
        return cls(provider, model, base_url, **kw)

    @property
    def label(self) -> str:
        return "none" if self.provider == "none" else f"{self.provider}:{self.model}"

    @property
    def reasoning(self) -> bool:
        return bool(_REASONING.match(self.model))


def served_model(base_url: str) -> str:
    """`openai-compatible` without a name: the first model the server lists (GET /models)."""
    import urllib.request

    try:
        with urllib.request.urlopen(base_url.rstrip("/") + "/models", timeout=5) as resp:
            data = json.loads(resp.read())
        return str(data["data"][0]["id"])
    except (OSError, ValueError, KeyError, IndexError, TypeError) as exc:
        raise ConfigError(f"{base_url}/models did not name a model ({type(exc).__name__}); "
                          "pass --llm openai-compatible:MODEL") from None


def api_key(spec: ModelSpec) -> str:
    key = os.environ.get(KEY_ENV[spec.provider])
    if key:
        return key
    if spec.provider == "openai-compatible":
        return "EMPTY"  # local servers accept any key
    raise CredentialMissing(f"{KEY_ENV[spec.provider]} is not set; export it to use --llm {spec.label}")


def scrub(text: str) -> str:
    """Error text without secrets: API keys never reach logs or artifacts."""
    for env in set(KEY_ENV.values()):
        secret = os.environ.get(env)
        if secret and len(secret) > 3:
            text = text.replace(secret, "***")
    return re.sub(r"(sk-[A-Za-z0-9_\-]{6})[A-Za-z0-9_\-]+", r"\1***", text)


def build_chat_model(spec: ModelSpec, max_tokens: int) -> Any:
    """The langchain chat model for `spec` with an output budget of `max_tokens`."""
    if spec.provider not in PROVIDERS:
        raise ConfigError(f"no chat model for --llm {spec.label}; {USAGE}")
    common: dict[str, Any] = {"model": spec.model, "timeout": spec.timeout, "max_retries": spec.max_retries,
                              "api_key": api_key(spec)}
    if spec.provider == "anthropic":
        from langchain_anthropic import ChatAnthropic

        extra = {"base_url": spec.base_url} if spec.base_url else {}
        return ChatAnthropic(temperature=0, max_tokens=max_tokens, **common, **extra)
    from langchain_openai import ChatOpenAI

    kwargs: dict[str, Any] = dict(common)
    if spec.base_url:
        kwargs["base_url"] = spec.base_url
    if spec.no_thinking:  # Qwen served with thinking off in the chat template (vLLM/sglang read this)
        kwargs["extra_body"] = {"chat_template_kwargs": {"enable_thinking": False}}
    if spec.reasoning:  # reasoning models reject temperature; they take an effort instead
        kwargs["reasoning_effort"] = spec.reasoning_effort or "low"
        kwargs["max_completion_tokens"] = max_tokens
    else:
        kwargs["temperature"] = 0
        kwargs["max_tokens"] = max_tokens
    return ChatOpenAI(**kwargs)


def text_of(content: Any) -> str:
    """Message content as text; Anthropic returns a list of blocks."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in content)
    return str(content or "")


def provider_error(spec: ModelSpec, exc: BaseException) -> ProviderError:
    """One scrubbed line for any SDK exception (they raise many types)."""
    text = f"{spec.label}: " + scrub(f"{type(exc).__name__}: {exc}")[:500]
    return (ContextOverflow if OVERFLOW.search(text) else ProviderError)(text)


@dataclass
class PlainChat:
    """Text in, text out: [{"role": "system"|"user"|"assistant", "content": str}] -> the reply's text."""

    spec: ModelSpec
    max_tokens: int = 1024
    _model: Any = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def label(self) -> str:
        return self.spec.label

    def complete(self, messages: list[dict[str, str]]) -> str:
        from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

        kinds = {"system": SystemMessage, "user": HumanMessage, "assistant": AIMessage}
        with self._lock:
            if self._model is None:
                self._model = build_chat_model(self.spec, self.max_tokens)
        try:
            reply = self._model.invoke([kinds[m["role"]](content=m["content"]) for m in messages])
        except Exception as exc:  # provider SDKs raise many types; callers get one ProviderError
            raise provider_error(self.spec, exc) from None
        return text_of(reply.content)


# ------------------------------------------------------------------ tool calling
DEFAULT_OUTPUT_BUDGET = 4096


class CallCache(Protocol):
    """Where `ToolChat` keeps answers by key (agents.cache.ModelCache: one JSON file per key)."""

    def get(self, key: str) -> dict[str, Any] | None: ...

    def put(self, key: str, value: dict[str, Any]) -> None: ...


class ToolLike(Protocol):
    """A tool the model may call (agents.toolbox.ToolSpec)."""

    @property
    def name(self) -> str: ...

    def as_openai(self) -> dict[str, Any]: ...


def to_langchain(system: str, messages: list[dict[str, Any]]) -> list[Any]:
    """The canonical history (user / assistant with tool_calls / tool turns) as langchain messages."""
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
    """A langchain reply as the canonical turn (ids filled in where the provider gave none)."""
    calls = [{"id": c.get("id") or f"call_{i}", "name": c["name"], "args": c.get("args") or {}}
             for i, c in enumerate(getattr(message, "tool_calls", []) or [])]
    invalid = [{"id": c.get("id") or f"invalid_{i}", "name": c.get("name"), "args": c.get("args"), "error": c.get("error")}
               for i, c in enumerate(getattr(message, "invalid_tool_calls", []) or [])]
    return {"content": text_of(message.content), "tool_calls": calls, "invalid_tool_calls": invalid}


class ToolChat:
    """Cached, tool-calling model calls for every role of a run (one backbone per run).

    A role names a caller (the auditors' A1, A2, AS); subclasses give each role its output budget
    (`output_budget`) and may key the cache their own way (`cache_key`)."""

    def __init__(self, spec: ModelSpec, cache: CallCache, retry_errors: bool = False):
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

    def output_budget(self, role: str) -> int:
        return DEFAULT_OUTPUT_BUDGET

    def cache_key(self, role: str, system: str, messages: list[dict[str, Any]], tool_names: list[str]) -> str:
        """Everything that determines a response: role, model, prompt, history, sorted tool names."""
        payload = {"role": role, "model": self.spec.label, "system": system, "messages": messages, "tools": sorted(tool_names)}
        text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    def _failed(self, base: str, attempt: int) -> None:
        with self._lock:
            self._attempts[base] = attempt + 1

    def _model(self, role: str) -> Any:
        with self._lock:
            if role not in self._models:
                self._models[role] = build_chat_model(self.spec, self.output_budget(role))
            return self._models[role]

    def complete(self, role: str, system: str, messages: list[dict[str, Any]], tools: list[ToolLike]) -> dict[str, Any]:
        base = self.cache_key(role, system, messages, [t.name for t in tools])
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
            err = provider_error(self.spec, exc)
            self.cache.put(key, {"error": str(err), "overflow": isinstance(err, ContextOverflow)})
            self._failed(base, attempt)
            raise err from None
        turn = from_langchain(reply)
        json.dumps(turn)  # must be JSON-serialisable before it is cached
        self.cache.put(key, turn)
        return turn
