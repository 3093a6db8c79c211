"""A local OpenAI-compatible chat-completions server that replays scripted responses.

These machines have no model, so the provider path (langchain's ChatOpenAI, tool schemas, tool
call parsing, error handling) is exercised against this server. A script maps a role to a queue
of responses; the role of a request is read from its system prompt (a key `ROLE|TEXT` serves only
requests of ROLE whose first user message contains TEXT, e.g. a case's concept). A response is either

    {"content": "text"}                                   plain assistant text
    {"tool_calls": [{"name": "check_sign", "arguments": {...} | "raw text"}]}
    {"status": 500, "error": "overloaded"}                an HTTP error
    {"delay": 2.0, ...}                                    answer late (client timeouts)
    {"hang": true}                                         never answer: hold the request until the
                                                           client gives up (counted in `cancelled`)
                                                           or the server stops

It also answers Anthropic's Messages API (`POST /v1/messages`) with the same script, so the
Anthropic client runs against it too (point ChatAnthropic's base_url at the server root).

The server is as strict as llama.cpp's: a chat request is refused (HTTP 400, with the reason) when
an assistant message carries `content: null` beside `tool_calls`, a tool message has no
`tool_call_id`, or its id answers no earlier tool call of the conversation. A refused request
uses no scripted response. Every request body is kept in `requests` (refused ones too, with the
reason in `rejected`) and each request's `tool_choice` in `tool_choices`, so tests can check
what the client sent. `model` is what GET /v1/models lists (None: an empty list).
`auditgraph agents replay-server SCRIPT.json` runs it in the foreground.
"""

from __future__ import annotations

import json
import select
import socket
import threading
from collections import deque
from collections.abc import Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

ROLE_MARKERS = (("AS", "Senior Auditor of"), ("A1", "Compliance Auditor (A1)"), ("A2", "Forensic Auditor (A2)"))


def role_of(body: Mapping[str, Any]) -> str:
    system = body.get("system") or next(
        (m.get("content") or "" for m in body.get("messages", []) if m.get("role") == "system"), ""
    )
    if isinstance(system, list):
        system = " ".join(part.get("text", "") for part in system if isinstance(part, dict))
    return next((role for role, marker in ROLE_MARKERS if marker in system), "default")


class ReplayServer:
    """Serve `script` on 127.0.0.1:`port` (0 picks a free port) in a background thread."""

    def __init__(self, script: Mapping[str, list[dict[str, Any]]], port: int = 0, model: str | None = "replay"):
        self.model = model  # what GET /v1/models lists (None: an empty list, any name is served)
        self.queues = {role: deque(items) for role, items in script.items()}
        self.requests: list[dict[str, Any]] = []
        self.rejected: list[str] = []  # why each refused request was refused
        self.tool_choices: list[Any] = []  # `tool_choice` of each chat request (None when absent)
        self.cancelled = 0  # held requests ({"hang": true}) whose client closed the connection
        self._stopping = threading.Event()  # wakes delayed and held requests when the server stops
        self._lock = threading.Lock()
        self._ids = 0
        self.httpd = ThreadingHTTPServer(("127.0.0.1", port), self._handler())
        self.thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def start(self) -> ReplayServer:
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self) -> ReplayServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def remaining(self) -> dict[str, int]:
        return {role: len(q) for role, q in self.queues.items()}

    @property
    def root_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def _routed(self, role: str, body: Mapping[str, Any]) -> deque[dict[str, Any]] | None:
        """The queue `ROLE|TEXT` whose TEXT occurs in the first user message (one script per case)."""
        first = next((m.get("content") for m in body.get("messages", []) if m.get("role") == "user"), None)
        text = first if isinstance(first, str) else json.dumps(first, default=str)
        return next((q for key, q in self.queues.items() if key.startswith(role + "|") and key[len(role) + 1 :] in text), None)

    def _next(self, body: dict[str, Any], anthropic: bool = False) -> tuple[int, dict[str, Any]]:
        with self._lock:
            self.requests.append(body)
            self.tool_choices.append(body.get("tool_choice"))
            problem = None if anthropic else invalid_chat(body)
            if problem is not None:
                self.rejected.append(problem)
                return 400, {"error": {"message": problem, "type": "invalid_request_error"}}
            role = role_of(body)
            queue = self._routed(role, body) or self.queues.get(role) or self.queues.get("default")
            if not queue:
                return 500, {"error": {"message": f"replay script has no response left for role {role}", "type": "server_error"}}
            item = queue.popleft()
            self._ids += 1
            n = self._ids
        if item.get("hang"):
            return 0, {}  # the handler holds the connection (no answer)
        if item.get("delay"):
            self._stopping.wait(float(item["delay"]))
        if "status" in item:
            return int(item["status"]), {
                "error": {"message": item.get("error", "scripted error"), "type": "server_error", "code": item.get("code")}
            }
        if anthropic:
            return 200, _anthropic_message(item, n, body)
        calls = [
            {
                "id": c.get("id", f"call_{n}_{i}"),
                "type": "function",
                "function": {
                    "name": c["name"],
                    "arguments": c["arguments"] if isinstance(c.get("arguments"), str) else json.dumps(c.get("arguments", {})),
                },
            }
            for i, c in enumerate(item.get("tool_calls", []))
        ]
        message: dict[str, Any] = {"role": "assistant", "content": item.get("content")}
        if calls:
            message["tool_calls"] = calls
        return 200, {
            "id": f"chatcmpl-replay-{n}",
            "object": "chat.completion",
            "created": 0,
            "model": body.get("model", "replay"),
            "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if calls else "stop"}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        }

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                found = self.path.split("?")[0].rstrip("/").endswith("/models")
                models = [server.model] if server.model else []
                payload = {"object": "list", "data": [{"id": m, "object": "model", "owned_by": "replay"} for m in models]}
                self._answer(200 if found else 404, payload if found else {"error": {"message": f"no route {self.path}"}})

            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                length = int(self.headers.get("Content-Length") or 0)
                try:
                    body = json.loads(self.rfile.read(length) or b"{}")
                except ValueError:
                    status, payload = 400, {"error": {"message": "request body is not JSON"}}
                else:
                    path = self.path.split("?")[0].rstrip("/")
                    if path.endswith("/chat/completions"):
                        status, payload = server._next(body)
                    elif path.endswith("/messages"):
                        status, payload = server._next(body, anthropic=True)
                    else:
                        status, payload = 404, {"error": {"message": f"no route {self.path}; use /v1/chat/completions"}}
                if status == 0:
                    self._hold()
                    return
                self._answer(status, payload)

            def _hold(self) -> None:
                """Never answer: wait until the client closes the connection (a cancelled call) or the server stops."""
                while True:
                    stopping = server._stopping.wait(0.02)
                    readable, _, _ = select.select([self.connection], [], [], 0)
                    if readable and not _peek(self.connection):
                        with server._lock:
                            server.cancelled += 1
                        return
                    if stopping:
                        self.close_connection = True
                        return

            def _answer(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test): nothing to answer

            def log_message(self, *args: Any) -> None:  # keep test output clean
                return

        return Handler


def _peek(conn: socket.socket) -> bytes:
    """The next byte the client sent, without reading it; b"" once the client closed the connection."""
    try:
        return conn.recv(1, socket.MSG_PEEK)
    except OSError:
        return b""


def invalid_chat(body: Mapping[str, Any]) -> str | None:
    """Why llama.cpp's server would refuse this chat-completions request, or None."""
    answered: set[str] = set()
    for i, m in enumerate(body.get("messages") or []):
        role = m.get("role")
        if role == "assistant":
            calls = m.get("tool_calls") or []
            if calls and m.get("content") is None:
                return f'messages[{i}]: assistant message with tool_calls has content null; send "" instead'
            answered |= {str(c.get("id")) for c in calls if c.get("id")}
        elif role == "tool":
            cid = m.get("tool_call_id")
            if not cid:
                return f"messages[{i}]: tool message without tool_call_id"
            if cid not in answered:
                return f"messages[{i}]: tool_call_id {cid!r} answers no earlier tool call"
    return None


def _anthropic_message(item: Mapping[str, Any], n: int, body: Mapping[str, Any]) -> dict[str, Any]:
    content: list[dict[str, Any]] = []
    if item.get("content"):
        content.append({"type": "text", "text": item["content"]})
    for i, c in enumerate(item.get("tool_calls", [])):
        args = c.get("arguments", {})
        if isinstance(args, str):  # Anthropic has no raw-argument form; unparsable text stays a string field
            try:
                args = json.loads(args)
            except ValueError:
                args = {"__raw__": args}
        content.append({"type": "tool_use", "id": c.get("id", f"toolu_{n}_{i}"), "name": c["name"], "input": args})
    return {
        "id": f"msg_replay_{n}",
        "type": "message",
        "role": "assistant",
        "model": body.get("model", "replay"),
        "content": content,
        "stop_reason": "tool_use" if item.get("tool_calls") else "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }
