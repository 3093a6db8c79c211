"""A set of tools and the one door to call them: what agents, the MCP server and tests hold.

A Toolbox is ToolSpecs plus a runner `(name, args) -> observation`; for real runs the runner
is the catalog's `run_tool` over the graph (`catalog_toolbox`). Runners raise; `call` is the one
place where a failure becomes an observation (status "error" and a message the caller can act on):
a call refused before it runs (an unknown tool or argument name, an argument over its limit), bad
argument values (pydantic's ValidationError), an AuditGraphError, a query Neo4j rejected, a bug.
Argument names the tool does not take are refused: the tool is not run with the rest
(`ToolSpec.unknown_args`), whoever calls (agents, MCP clients, LangChain users). An outage
(GraphUnavailable) is raised: it is the run's failure, not evidence.

    box = catalog_toolbox(graph)
    box.call("get_fact", {"filing_id": "ADN_FY_2023", "concept": "us-gaap:Revenues"})
"""

from __future__ import annotations

import copy
import json
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from neo4j.exceptions import Neo4jError, ServiceUnavailable, SessionExpired
from pydantic import ValidationError

from auditgraph.errors import AuditGraphError, GraphUnavailable
from auditgraph.tools.base import PromptSpec, ToolSpec

Runner = Callable[[str, dict[str, Any]], dict[str, Any]]


def is_ok(observation: object) -> bool:
    """A dict observation without an error (no_data and unresolved values pass)."""
    return isinstance(observation, dict) and observation.get("status") != "error" and "error" not in observation


def error_observation(name: str, message: str) -> dict[str, Any]:
    """What a caller observes of a call that failed or was refused."""
    return {"tool": name, "status": "error", "message": message}


def bad_arguments(name: str, exc: ValidationError) -> str:
    """pydantic's complaints about a call's arguments, in one line."""
    problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'args'}: {e['msg']}" for e in exc.errors())
    return f"bad arguments for {name}: {problems}"


@dataclass(frozen=True)
class ArgumentLimits:
    """How large one call's arguments may be (the MCP server's, docs/security.md): a string at most its schema's
    maxLength, else `by_name` or `default` characters; the whole arguments object at most `total` characters of
    JSON. Checked before any work starts, in time linear in their size."""

    default: int
    by_name: Mapping[str, int]
    total: int

    def limit(self, name: str) -> int:
        return self.by_name.get(name, self.default)

    def problem(self, spec: ToolSpec, args: Mapping[str, Any]) -> str | None:
        props = spec.schema.get("properties") or {}
        for key, value in args.items():
            prop = props.get(key)
            limit = prop.get("maxLength") if isinstance(prop, Mapping) else None
            limit = limit if isinstance(limit, int) else self.limit(key)
            if isinstance(value, str) and len(value) > limit:
                return f"{spec.name}.{key} is {len(value):,} characters; the limit is {limit:,}: shorten it"
        size = len(json.dumps(args, ensure_ascii=False, default=str))
        if size > self.total:
            return (
                f"the arguments of {spec.name} are {size:,} characters of JSON; the limit is {self.total:,}: "
                "send less (fewer or smaller query parameters)"
            )
        return None


class Toolbox:
    """A set of tool specs and the callable that runs them; `call` never raises for a tool's error."""

    def __init__(
        self,
        specs: Iterable[ToolSpec],
        runner: Runner,
        prompts: Iterable[PromptSpec] = (),
        limits: ArgumentLimits | None = None,
    ):
        self.specs = {s.name: s for s in specs}
        self.runner = runner  # raises; `call` makes its failures observations
        self.prompts = {p.name: p for p in prompts}  # MCP prompts that go with these tools (extensions)
        self.limits = limits

    def names(self, kinds: Iterable[str] | None = None) -> list[str]:
        wanted = set(kinds) if kinds is not None else None
        return sorted(n for n, s in self.specs.items() if wanted is None or s.kind in wanted)

    def subset(self, names: Iterable[str]) -> Toolbox:
        keep = set(names)
        return Toolbox([s for n, s in self.specs.items() if n in keep], self.runner)

    def without(self, names: Iterable[str]) -> Toolbox:
        drop = set(names)
        return Toolbox([s for n, s in self.specs.items() if n not in drop], self.runner)

    def plus(self, specs: Iterable[ToolSpec], runner: Runner) -> Toolbox:
        """These tools and more: `runner` answers the added specs, this box's runner the rest."""
        added = {s.name: s for s in specs}
        inner = self.runner

        def run(name: str, args: dict[str, Any]) -> dict[str, Any]:
            return runner(name, args) if name in added else inner(name, args)

        return Toolbox([*self.specs.values(), *added.values()], run)

    def memoized(self) -> Toolbox:
        """The same tools with results remembered per (name, arguments) for one run.

        The tools only read and the graph does not change during a run, so both juniors asking
        the same checker the same question get the first answer instead of a second filing read.
        Errors are not remembered.
        """
        memo: dict[str, dict[str, Any]] = {}
        lock = threading.Lock()
        inner = self.runner

        def run(name: str, args: dict[str, Any]) -> dict[str, Any]:
            key = json.dumps([name, args], sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
            with lock:
                hit = memo.get(key)
            if hit is not None:
                return copy.deepcopy(hit)
            result = inner(name, args)
            if is_ok(result):
                with lock:
                    memo[key] = copy.deepcopy(result)
            return result

        return Toolbox(self.specs.values(), run)

    def refusal(self, name: str, args: object) -> dict[str, Any] | None:
        """The observation refusing this call before anything runs, or None: an unknown tool, arguments that are no
        object, over the limits, or with names the tool does not take. Cheap: the MCP server asks in its event loop."""
        if name not in self.specs:
            return {"status": "error", "message": f"unknown tool {name!r}; available: {', '.join(sorted(self.specs))}"}
        if not isinstance(args, dict):
            return error_observation(name, f"arguments of {name} must be a JSON object")
        spec = self.specs[name]
        problem = (self.limits.problem(spec, args) if self.limits else None) or spec.unknown_args(args)
        return error_observation(name, problem) if problem else None

    def call(self, name: str, args: dict[str, Any]) -> dict[str, Any]:
        """Run the tool; whatever goes wrong comes back as an observation, except an outage (raised)."""
        refused = self.refusal(name, args)
        if refused is not None:
            return refused
        try:
            result = self.runner(name, args)
        except GraphUnavailable:
            raise  # an outage is the run's failure, not evidence: the case is recorded as an error
        except (ServiceUnavailable, SessionExpired) as exc:  # the driver's, should one pass graph.py unwrapped
            raise GraphUnavailable(f"Neo4j went away during {name}: {exc}; check the server and resume the run") from exc
        except ValidationError as exc:
            return error_observation(name, bad_arguments(name, exc))
        except AuditGraphError as exc:  # QueryFailed (a named query Neo4j rejected) included
            return error_observation(name, str(exc))
        except Neo4jError as exc:  # an observation for the agent, not a crash of the audit
            return error_observation(name, f"the graph query failed: {exc.message or exc}")
        except Exception as exc:  # a tool bug must not end the audit; the agent sees the error
            return error_observation(name, f"{name} failed: {type(exc).__name__}: {exc}")
        return result if isinstance(result, dict) else {"status": "ok", "result": result}


def catalog_toolbox(graph: Any) -> Toolbox:
    """The whole catalog (tools/static.py, tools/dynamic.py) over the graph."""
    from auditgraph.tools import catalog  # lazy: holding a Toolbox does not load the checkers

    specs = [tool.spec for tools in (catalog.STATIC_TOOLS, catalog.DYNAMIC_TOOLS) for tool in tools.values()]
    return Toolbox(specs, lambda name, args: catalog.run_tool(graph, name, args))
