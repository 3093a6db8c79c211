"""Talking to model servers, for the agents and the verifier: OpenAI, Anthropic, OpenAI-compatible.

`ModelSpec.parse("openai:gpt-4o")`, `"anthropic:claude-sonnet-4-6"`, `"openai-compatible:qwen3"`
(with a base URL: vLLM, sglang, llama.cpp server, Ollama; without a name, the server's first
model) or `"none"`. `build_chat_model` makes the langchain chat model (temperature 0, or a
reasoning effort for reasoning models); `PlainChat` is text in, text out for callers without
tools (the verifier's planner and repair); `ToolChat` is the cached tool-calling client (the
auditors), whose turns are reduced to a canonical dict:
{"content": str, "tool_calls": [{"id", "name", "args"}], "invalid_tool_calls": [...]}.
Real OpenAI-compatible servers (llama.cpp's) are strict: requests carry `tool_choice`, an
assistant turn with tool calls has `content: ""` (never null), a tool turn names its
`tool_call_id`, and `check_served_model` refuses a model name the server does not list. For
servers without native tool calling, `--tool-protocol text` (or detection after two prose
replies to a tools request) puts the tools in the system prompt and reads ReAct JSON replies:
{"action": TOOL, "action_input": {ARGS}}.
API keys come from the environment only and are scrubbed from every error message. This
module knows nothing about auditor roles, plans or prompts.
"""

from __future__ import annotations

import contextlib
import functools
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
TOOL_CHOICES = ("auto", "required", "none")
TOOL_PROTOCOLS = ("native", "text")
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
    max_output_tokens: int | None = None  # --max-output-tokens: a ceiling on every role's budget
    tool_choice: str = "auto"  # auto | required | none, sent with every tools request
    tool_protocol: str = "native"  # native tool calls, or text: ReAct JSON in the reply's text

    def __post_init__(self) -> None:
        if self.tool_choice not in TOOL_CHOICES:
            raise ConfigError(f"--tool-choice {self.tool_choice!r} is not one of {', '.join(TOOL_CHOICES)}")
        if self.tool_protocol not in TOOL_PROTOCOLS:
            raise ConfigError(f"--tool-protocol {self.tool_protocol!r} is not one of {', '.join(TOOL_PROTOCOLS)}")

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

    def settings_key(self, protocol: str | None = None) -> str:
        """The label plus every non-default setting that changes a reply (for cache keys): default
        settings add nothing, so caches written before these settings existed stay valid."""
        parts = [self.label]
        if self.max_output_tokens:
            parts.append(f"max_output_tokens={self.max_output_tokens}")
        if self.tool_choice != "auto":
            parts.append(f"tool_choice={self.tool_choice}")
        if (protocol or self.tool_protocol) != "native":
            parts.append(f"tool_protocol={protocol or self.tool_protocol}")
        return "|".join(parts)


def served_models(base_url: str, timeout: float = 5.0) -> list[str]:
    """The model ids an OpenAI-compatible server lists (GET {base_url}/models)."""
    import urllib.request

    with urllib.request.urlopen(base_url.rstrip("/") + "/models", timeout=timeout) as resp:
        data = json.loads(resp.read())
    return [str(m["id"]) for m in data["data"]]


def served_model(base_url: str) -> str:
    """`openai-compatible` without a name: the first model the server lists (GET /models)."""
    try:
        return served_models(base_url)[0]
    except (OSError, ValueError, KeyError, IndexError, TypeError) as exc:
        raise ConfigError(
            f"{base_url}/models did not name a model ({type(exc).__name__}); pass --llm openai-compatible:MODEL"
        ) from None


def check_served_model(spec: ModelSpec) -> None:
    """Refuse an `openai-compatible` model name the server does not serve (exit 2).

    A server that lists no models, or cannot be asked (down, no /models route), is not checked
    here: the first model call reports that as a provider failure."""
    if spec.provider != "openai-compatible" or not spec.base_url:
        return
    try:
        names = served_models(spec.base_url, timeout=min(5.0, spec.timeout))
    except (OSError, ValueError, KeyError, TypeError):
        return
    if names and spec.model not in names:
        raise ConfigError(
            f"--llm {spec.label}: {spec.base_url} serves {', '.join(names)}, not {spec.model!r}; "
            f"pass --llm openai-compatible:{names[0]}"
        )


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
    common: dict[str, Any] = {
        "model": spec.model,
        "timeout": spec.timeout,
        "max_retries": spec.max_retries,
        "api_key": api_key(spec),
    }
    if spec.provider == "anthropic":
        from langchain_anthropic import ChatAnthropic

        anthropic: dict[str, Any] = {**common, "temperature": 0, "max_tokens": max_tokens}
        if spec.base_url:
            anthropic["base_url"] = spec.base_url
        return ChatAnthropic(**anthropic)
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
    return _strict_chat_openai()(**kwargs)


@functools.cache
def _strict_chat_openai() -> type:
    """ChatOpenAI whose assistant turns with tool calls carry `content: ""`.

    langchain_openai turns an empty content beside tool calls into `null`; OpenAI accepts that,
    llama.cpp's server answers HTTP 500. An empty string is valid for both."""
    from langchain_openai import ChatOpenAI

    class StrictChatOpenAI(ChatOpenAI):
        def _get_request_payload(self, input_: Any, *, stop: list[str] | None = None, **kwargs: Any) -> dict[str, Any]:
            payload = super()._get_request_payload(input_, stop=stop, **kwargs)
            for message in payload.get("messages", []):
                if message.get("role") == "assistant" and message.get("content") is None:
                    message["content"] = ""
            return payload

    return StrictChatOpenAI


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
    """A tool the model may call (agents.role_tools.ToolSpec)."""

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
            if not m.get("tool_call_id"):  # strict servers reject a tool turn that answers no call
                raise ValueError(f"tool message for {m.get('name')!r} has no tool_call_id")
            out.append(ToolMessage(content=m["content"], tool_call_id=m["tool_call_id"]))
    return out


# ------------------------------------------------------------------ text tool protocol
TEXT_PROTOCOL = """

## Calling tools
This server does not call tools natively. To call a tool, answer with exactly one JSON object and nothing else:
{{"action": "TOOL_NAME", "action_input": {{...arguments...}}}}
Each result comes back as a message starting with "Observation". The tools and their JSON-schema arguments:
{tools}"""


def text_system(system: str, tools: list[ToolLike]) -> str:
    """The system prompt with the tools described for the text protocol."""
    lines = []
    for t in tools:
        fn = t.as_openai().get("function", {})
        lines.append(
            f"- {fn.get('name', t.name)}: {fn.get('description', '')} "
            f"Arguments: {json.dumps(fn.get('parameters', {}), sort_keys=True)}"
        )
    return system + TEXT_PROTOCOL.format(tools="\n".join(lines)) if tools else system


def to_text_messages(system: str, messages: list[dict[str, Any]]) -> list[Any]:
    """The canonical history for a server without tool calling: calls as ReAct JSON, results as user turns."""
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

    out: list[Any] = [SystemMessage(content=system)]
    for m in messages:
        if m["role"] == "user":
            out.append(HumanMessage(content=m["content"]))
        elif m["role"] == "assistant":
            actions = [
                json.dumps({"action": c["name"], "action_input": c["args"]}, sort_keys=True) for c in m.get("tool_calls", [])
            ]
            out.append(AIMessage(content="\n".join([m.get("content") or ""] + actions).strip()))
        elif m["role"] == "tool":
            out.append(HumanMessage(content=f"Observation ({m.get('name', 'tool')}): {m['content']}"))
    return out


def json_object(text: str) -> dict[str, Any] | None:
    """The first JSON object in a reply (fenced or not, prose around it allowed), else None."""
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start != -1:
        try:
            obj, _ = decoder.raw_decode(text, start)
        except ValueError:
            start = text.find("{", start + 1)
            continue
        return obj if isinstance(obj, dict) else None
    return None


def from_text(content: str) -> dict[str, Any]:
    """A text-protocol reply as the canonical turn: a ReAct action becomes a tool call; a final
    answer's input (or any other JSON object) stays text for the caller's report parser."""
    obj = json_object(content)
    name = obj.get("action") if obj else None
    if not obj or not isinstance(name, str):
        return {"content": content, "tool_calls": [], "invalid_tool_calls": []}
    args = obj.get("action_input", obj.get("arguments", {}))
    if isinstance(args, str):
        with contextlib.suppress(ValueError):
            args = json.loads(args) if args.strip() else {}
    if name.strip().lower() in ("final answer", "final_answer"):
        return {"content": args if isinstance(args, str) else json.dumps(args), "tool_calls": [], "invalid_tool_calls": []}
    if not isinstance(args, dict):
        return {
            "content": "",
            "tool_calls": [],
            "invalid_tool_calls": [
                {"id": "text_0", "name": name, "args": str(args), "error": "action_input is not a JSON object"}
            ],
        }
    return {"content": "", "tool_calls": [{"id": "text_0", "name": name, "args": args}], "invalid_tool_calls": []}


def from_langchain(message: Any) -> dict[str, Any]:
    """A langchain reply as the canonical turn (ids filled in where the provider gave none)."""
    calls = [
        {"id": c.get("id") or f"call_{i}", "name": c["name"], "args": c.get("args") or {}}
        for i, c in enumerate(getattr(message, "tool_calls", []) or [])
    ]
    invalid = [
        {"id": c.get("id") or f"invalid_{i}", "name": c.get("name"), "args": c.get("args"), "error": c.get("error")}
        for i, c in enumerate(getattr(message, "invalid_tool_calls", []) or [])
    ]
    return {"content": text_of(message.content), "tool_calls": calls, "invalid_tool_calls": invalid}


PROSE_SWITCH = 2  # prose replies to tools requests after which an OpenAI-compatible server gets the text protocol


class ToolChat:
    """Cached, tool-calling model calls for every role of a run (one backbone per run).

    A role names a caller (the auditors' A1, A2, AS); subclasses give each role its output budget
    (`output_budget`) and may key the cache their own way (`cache_key`). Only answers are cached:
    a failed call raises and is asked again next time."""

    def __init__(self, spec: ModelSpec, cache: CallCache):
        self.spec = spec
        self.cache = cache
        self.calls = 0  # real model calls (cache misses that reached the provider)
        self.protocol = spec.tool_protocol  # native or text as chosen; detection switches one scope (a case) only
        self.timeouts: list[float] = []  # the timeout of each real call, in order (what the deadline left)
        self._prose: dict[str | None, int] = {}  # prose replies to tools requests, per scope
        self._switched: set[str | None] = set()  # scopes switched to the text protocol by detection
        self._attempts: dict[str, int] = {}
        self._models: dict[str, Any] = {}
        self._lock = threading.Lock()

    @property
    def label(self) -> str:
        return self.spec.label

    def output_budget(self, role: str) -> int:
        cap = self.spec.max_output_tokens
        return min(DEFAULT_OUTPUT_BUDGET, cap) if cap else DEFAULT_OUTPUT_BUDGET

    def cache_key(
        self, role: str, system: str, messages: list[dict[str, Any]], tool_names: list[str], settings: str | None = None
    ) -> str:
        """Everything that determines a response: role, model and its settings, prompt, history, sorted tool names."""
        payload = {
            "role": role,
            "model": settings or self.spec.settings_key(),
            "system": system,
            "messages": messages,
            "tools": sorted(tool_names),
        }
        text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    def _model(self, role: str) -> Any:
        with self._lock:
            if role not in self._models:
                self._models[role] = build_chat_model(self.spec, self.output_budget(role))
            return self._models[role]

    def call_timeout(self, timeout: float | None) -> float:
        """Seconds for one call: --timeout, or less when the caller's deadline leaves less."""
        return self.spec.timeout if timeout is None else max(0.001, min(self.spec.timeout, timeout))

    def _bound(self, role: str, tools: list[ToolLike]) -> Any:
        model = self._model(role)
        if not tools:
            return model
        specs = [t.as_openai() for t in tools]
        if self.spec.provider == "anthropic":  # Anthropic says "any" for required and has no "none"
            if self.spec.tool_choice == "none":
                return model
            return model.bind_tools(specs, tool_choice={"auto": "auto", "required": "any"}[self.spec.tool_choice])
        return model.bind_tools(specs, tool_choice=self.spec.tool_choice)

    def protocol_for(self, scope: str | None = None) -> str:
        """The tool protocol of one scope (the auditors' scope is a case): text once detected there."""
        with self._lock:
            return "text" if scope in self._switched else self.protocol

    def complete(
        self,
        role: str,
        system: str,
        messages: list[dict[str, Any]],
        tools: list[ToolLike],
        timeout: float | None = None,
        scope: str | None = None,
    ) -> dict[str, Any]:
        """The next turn; `timeout` is what the caller's deadline leaves (the call gets the lesser of it and --timeout).
        `scope` (a case id) keeps prose detection apart: concurrent cases never switch each other's protocol."""
        protocol = self.protocol_for(scope) if tools else "native"
        base = self.cache_key(role, system, messages, [t.name for t in tools], self.spec.settings_key(protocol))
        # A retry after an error asks the same question again; errors are never cached, and the
        # attempt number files the retry's answer apart, so a rerun after an outage asks again.
        with self._lock:
            attempt = self._attempts.get(base, 0)
        key = base if attempt == 0 else f"{base}-{attempt}"
        turn = self.cache.get(key)
        if turn is None:
            if protocol == "text":
                model, history = self._model(role), to_text_messages(text_system(system, tools), messages)
            else:
                model, history = self._bound(role, tools), to_langchain(system, messages)
            seconds = self.call_timeout(timeout)
            with self._lock:
                self.calls += 1
                self.timeouts.append(seconds)
            try:
                reply = model.invoke(history, timeout=seconds)
            except Exception as exc:  # provider SDKs raise many types; the protocol records one message
                with self._lock:
                    self._attempts[base] = attempt + 1
                raise provider_error(self.spec, exc) from None
            turn = from_text(text_of(reply.content)) if protocol == "text" else from_langchain(reply)
            json.dumps(turn)  # must be JSON-serialisable before it is cached
            self.cache.put(key, turn)
        if protocol == "native" and tools and not turn.get("tool_calls"):
            parsed = from_text(turn.get("content") or "")  # a ReAct action written as text is still an action
            turn = parsed if parsed["tool_calls"] or parsed["invalid_tool_calls"] else self._detect_text_server(turn, scope)
        return turn

    def _detect_text_server(self, turn: dict[str, Any], scope: str | None = None) -> dict[str, Any]:
        """Two prose replies to tools requests: an OpenAI-compatible server without tool calling;
        later requests use the text protocol, and the turn says so (a note for the trajectory)."""
        if self.spec.provider != "openai-compatible" or turn.get("tool_calls") or turn.get("invalid_tool_calls"):
            return turn
        content = turn.get("content") or ""
        if not content.strip() or json_object(content) is not None:
            return turn
        with self._lock:
            self._prose[scope] = self._prose.get(scope, 0) + 1
            switch = self._prose[scope] == PROSE_SWITCH and self.protocol == "native" and scope not in self._switched
            if switch:
                self._switched.add(scope)
        if not switch:
            return turn
        return {
            **turn,
            "note": f"{self.spec.label} answered {PROSE_SWITCH} tools requests in prose; "
            "switching to the text tool protocol (ReAct JSON)",
        }
