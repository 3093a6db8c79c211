"""A set of tools and the one door to call them: what agents, the MCP server and tests hold.

A Toolbox is ToolSpecs plus a runner `(name, args) -> observation`; for real runs the runner
is the catalog's `call_tool` over the graph (`catalog_toolbox`). `call` never raises for a tool's
own failure (bad arguments, a bug, a query Neo4j rejected): the error comes back as an
observation. Argument names the tool does not take are such a failure: the tool is not run with
the rest (`ToolSpec.unknown_args`), whoever calls (agents, MCP clients, LangChain users). An outage (GraphUnavailable) is raised: it is the run's failure, not evidence.

    box = catalog_toolbox(graph)
    box.call("get_fact", {"filing_id": "ADN_FY_2023", "concept": "us-gaap:Revenues"})
"""

from __future__ import annotations

import copy
import json
import threading
from collections.abc import Callable, Iterable
from typing import Any

from neo4j.exceptions import ServiceUnavailable, SessionExpired

from auditgraph.errors import GraphUnavailable
from auditgraph.tools.base import PromptSpec, ToolSpec

Runner = Callable[[str, dict[str, Any]], dict[str, Any]]


def is_ok(observation: object) -> bool:
    """A dict observation without an error (no_data and unresolved values pass)."""
    return isinstance(observation, dict) and observation.get("status") != "error" and "error" not in observation


class Toolbox:
    """A set of tool specs and the callable that runs them; `call` never raises for a tool's error."""

    def __init__(self, specs: Iterable[ToolSpec], runner: Runner, prompts: Iterable[PromptSpec] = ()):
        self.specs = {s.name: s for s in specs}
        self._runner = runner
        self.prompts = {p.name: p for p in prompts}  # MCP prompts that go with these tools (extensions)

    def names(self, kinds: Iterable[str] | None = None) -> list[str]:
        wanted = set(kinds) if kinds is not None else None
        return sorted(n for n, s in self.specs.items() if wanted is None or s.kind in wanted)

    def subset(self, names: Iterable[str]) -> Toolbox:
        keep = set(names)
        return Toolbox([s for n, s in self.specs.items() if n in keep], self._runner)

    def without(self, names: Iterable[str]) -> Toolbox:
        drop = set(names)
        return Toolbox([s for n, s in self.specs.items() if n not in drop], self._runner)

    def plus(self, specs: Iterable[ToolSpec], runner: Runner) -> Toolbox:
        """These tools and more: `runner` answers the added specs, this box the rest."""
        added = {s.name: s for s in specs}

        def run(name: str, args: dict[str, Any]) -> dict[str, Any]:
            return runner(name, args) if name in added else self.call(name, args)

        return Toolbox([*self.specs.values(), *added.values()], run)

    def memoized(self) -> Toolbox:
        """The same tools with results remembered per (name, arguments) for one run.

        The tools only read and the graph does not change during a run, so both juniors asking
        the same checker the same question get the first answer instead of a second filing read.
        Errors are not remembered.
        """
        memo: dict[str, dict[str, Any]] = {}
        lock = threading.Lock()
        inner = self._runner

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

    def call(self, name: str, args: dict[str, Any]) -> dict[str, Any]:
        if name not in self.specs:
            return {"status": "error", "message": f"unknown tool {name!r}; available: {', '.join(sorted(self.specs))}"}
        if not isinstance(args, dict):
            return {"tool": name, "status": "error", "message": f"arguments of {name} must be a JSON object"}
        unknown = self.specs[name].unknown_args(args)
        if unknown:
            return {"tool": name, "status": "error", "message": unknown}
        try:
            result = self._runner(name, args)
        except GraphUnavailable:
            raise  # an outage is the run's failure, not evidence: the case is recorded as an error
        except (ServiceUnavailable, SessionExpired) as exc:  # the driver's, should one pass graph.py unwrapped
            raise GraphUnavailable(f"Neo4j went away during {name}: {exc}; check the server and resume the run") from exc
        except Exception as exc:  # a tool bug must not end the audit; the agent sees the error
            return {"status": "error", "message": f"{name} failed: {type(exc).__name__}: {exc}"}
        return result if isinstance(result, dict) else {"status": "ok", "result": result}


def catalog_toolbox(graph: Any) -> Toolbox:
    """The whole catalog (tools/static.py, tools/dynamic.py) over the graph."""
    from auditgraph.tools import catalog  # lazy: holding a Toolbox does not load the checkers

    specs = [tool.spec for tools in (catalog.STATIC_TOOLS, catalog.DYNAMIC_TOOLS) for tool in tools.values()]
    return Toolbox(specs, lambda name, args: catalog.call_tool(graph, name, args))
