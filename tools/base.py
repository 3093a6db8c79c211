"""The one tool abstraction, and the helpers every tool shares (concept resolution, period matching).

- `ToolSpec`: what a caller sees of a tool (name, description, kind, JSON schema of its arguments).
  Agents, the MCP server and LangChain models all see tools as ToolSpecs (tools/toolbox.py).
- `Tool`: a catalog tool behind a spec: a pydantic argument model and a run function over the graph.
- `ToolResult`: what a tool returns; `model_dump(mode="json")` is the observation.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from auditgraph.errors import ConfigError
from auditgraph.graph import Graph, plain

QUERY_TIMEOUT_S = 10.0  # every tool query runs in a READ transaction (Graph.read) that the server aborts after this


class ToolResult(BaseModel):
    """Base of every tool's output; `model_dump(mode="json")` is what the agent observes."""

    model_config = ConfigDict(extra="allow")

    tool: str = ""
    status: Literal["ok", "error", "no_data"] = "ok"
    message: str = ""


class ErrorResult(ToolResult):
    """A result whose status is "error": an observation for the caller, not an exception."""

    status: Literal["ok", "error", "no_data"] = "error"


# Hints (MCP tool annotations) of a tool that only reads our own graph: most catalog tools, verify_claim.
READ_ONLY: Mapping[str, bool] = {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False}


@dataclass(frozen=True)
class ToolSpec:
    """A tool as its callers see it; `kind` is static | dynamic (catalog) or terminal (an agent's report)."""

    name: str
    description: str
    kind: str
    schema: Mapping[str, Any]  # JSON schema of the arguments object
    # What MCP clients also see (app/mcp_server.py): a title, the readOnlyHint/destructiveHint/idempotentHint/
    # openWorldHint annotations, and the JSON schema of the observation. Model function-calling APIs ignore them.
    title: str = ""
    hints: Mapping[str, bool] | None = None
    output_schema: Mapping[str, Any] | None = None

    def unknown_args(self, args: Mapping[str, Any]) -> str | None:
        """The refusal of argument names this tool does not take, or None (see `unknown_args`)."""
        return unknown_args(self.name, self.schema, args)

    def as_openai(self) -> dict[str, Any]:
        """The function-calling form OpenAI-style APIs (and LangChain's bind_tools) take."""
        return {
            "type": "function",
            "function": {"name": self.name, "description": self.description, "parameters": dict(self.schema)},
        }


def unknown_args(name: str, schema: Any, args: Mapping[str, Any]) -> str | None:
    """One line naming the argument names `name` does not take and the ones it does, or None.

    A misspelled `concpt` must not be dropped: the tool would run over something wider (a checker over the
    whole filing) and the caller would take that for an answer about the concept. The one door refuses it
    (Toolbox.refusal, before the tool runs). Schemas without properties, or allowing extra ones, pass."""
    props = schema.get("properties") if isinstance(schema, Mapping) else None
    if not isinstance(props, Mapping) or schema.get("additionalProperties") is True:
        return None
    unknown = sorted(str(k) for k in args if k not in props)
    if not unknown:
        return None
    return f"unknown argument(s) {', '.join(map(repr, unknown))} for {name}; it takes: {', '.join(props) or 'no arguments'}"


@dataclass(frozen=True)
class PromptSpec:
    """An MCP prompt a stage offers with its tools (an extension toolbox carries its own, e.g. the verifier's)."""

    name: str
    title: str
    description: str
    arguments: tuple[tuple[str, str], ...]  # (name, description), all required
    text: Callable[[Mapping[str, str]], str]  # the user message, from the stripped arguments


@dataclass(frozen=True)
class Tool:
    """A catalog tool: its spec's fields, typed arguments and the function that runs it over the graph."""

    name: str
    description: str
    kind: Literal["static", "dynamic"]
    params: type[BaseModel]
    run: Callable[[Graph, Any], ToolResult]

    def schema(self) -> dict[str, Any]:
        """JSON schema of the arguments (what an LLM function-calling API wants)."""
        return self.params.model_json_schema()

    @property
    def spec(self) -> ToolSpec:
        return ToolSpec(self.name, self.description, self.kind, self.schema())


class Rows(ToolResult):
    concept: str | None = None
    rows: list[dict[str, Any]] = Field(default_factory=list)


def jsonable(row: dict[str, Any]) -> dict[str, Any]:
    return {k: plain(v) for k, v in row.items()}


def rows_result(concept: str | None, rows: list[dict[str, Any]], empty: str) -> Rows:
    rows = [jsonable(r) for r in rows]
    return Rows(concept=concept, rows=rows, status="ok" if rows else "no_data", message="" if rows else empty)


@dataclass(frozen=True)
class ConceptRef:
    key: str
    qname: str
    release: str | None
    reported: bool


def filing_release(graph: Graph, filing_id: str) -> str | None:
    """The us-gaap release the filing uses ("us-gaap/2025"), for taxonomy fallbacks."""
    rows = graph.read("tools.filing", timeout=QUERY_TIMEOUT_S, filing_id=filing_id)
    if not rows:
        raise ConfigError(f"no filing {filing_id!r} in the database; load it with `auditgraph filing load`")
    year = rows[0]["us_gaap_year"]
    return f"us-gaap/{year}" if year else None


def resolve_concept(graph: Graph, filing_id: str, concept: str) -> ConceptRef:
    """A QName ("us-gaap:Revenues"), local name or concept key -> the concept the filing means."""
    filing_release(graph, filing_id)  # an unknown filing is the user's error, say so first
    if "#" in concept:
        name, prefix = concept.rsplit("#", 1)[1], None
    else:
        prefix, _, name = concept.rpartition(":")
        prefix = prefix or None
    rows = graph.read("tools.resolve_concept", timeout=QUERY_TIMEOUT_S, local_name=name, prefix=prefix, filing_id=filing_id)
    if "#" in concept:
        rows = [r for r in rows if r["key"] == concept] or rows
    if not rows:
        raise ConfigError(f"no concept {concept!r} in the database; check the spelling (QName like us-gaap:Revenues)")
    r = rows[0]
    release = r["release"] if r["release"] and r["release"].startswith("us-gaap/") else None
    return ConceptRef(r["key"], r["qname"], release, r["reported"])


def dims_match(dims: list[str], want: dict[str, str] | None) -> bool:
    """A fact's "axis=member" list against {axis: member} by local names; None matches anything, {} none."""
    if want is None:
        return True

    def local(q: str) -> str:  # instance prefixes need not match the caller's
        return q.rsplit(":", 1)[-1]

    have = sorted(f"{local(d.split('=', 1)[0])}={local(d.split('=', 1)[1])}" for d in dims)
    return have == sorted(f"{local(k)}={local(v)}" for k, v in want.items())


def period_matches(period: str | None, key: str, kind: str | None, start: Any, end: Any) -> bool:
    """Match a period given as a Period key, an ISO date (instant or duration end), or "start/end"."""
    if not period:
        return True
    p = period.strip()
    if p == key:
        return True
    s = start.iso_format() if hasattr(start, "iso_format") else (start.isoformat() if start else None)
    e = end.iso_format() if hasattr(end, "iso_format") else (end.isoformat() if end else None)
    if "/" in p:
        a, _, b = p.partition("/")
        return kind == "duration" and s == a.split(":")[-1] and e == b
    try:
        dt.date.fromisoformat(p.split(":")[-1])
    except ValueError:
        raise ConfigError(
            f"period {period!r} is not a date or period key; use 2023-12-31, 2023-01-01/2023-12-31 or instant:2023-12-31"
        ) from None
    if p.startswith("instant:"):
        return kind == "instant" and e == p.split(":", 1)[1]
    return e == p
