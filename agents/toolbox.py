"""The tools an auditor may call, as model-facing specs, and the one door to run them.

Every tool call goes through `Toolbox.call`, which for real runs is the catalog's `call_tool`
over the graph (auditgraph.tools.catalog). The catalog is imported lazily so the protocol and
its tests do not depend on it; a call never raises, errors come back as observations.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from neo4j.exceptions import ServiceUnavailable, SessionExpired

from auditgraph.agents.reports import CHECKERS, Candidate, Case, ReportDraft, canonical_json, exact, normalize_rule
from auditgraph.errors import GraphUnavailable

REQUIRED = {
    "A1": ("check_sign", "check_calc_tree", "check_dim_consistency"),
    "A2": ("check_sign", "check_calc_tree", "check_dim_consistency", "get_fact_history"),
}
FINAL, ASK_SENIOR = "final_report", "ask_senior"
TERMINAL = (FINAL, ASK_SENIOR)
# Names the deterministic policy fills from the case; catalogs may use any of these spellings.
_CASE_ARGS: dict[str, Callable[[Case], Any]] = {
    "filing_id": lambda c: c.filing_id, "filing": lambda c: c.filing_id,
    "concept": lambda c: c.concept, "qname": lambda c: c.concept, "concept_qname": lambda c: c.concept,
    "period": lambda c: c.period, "period_key": lambda c: c.period,
    "dims": lambda c: list(c.dims), "unit": lambda c: c.unit,
    # get_fact's {axis: member}; {} asks for the non-dimensional fact, as the case means
    "dimensions": lambda c: dict(d.split("=", 1) for d in c.dims),
}


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    kind: str  # static | dynamic | terminal
    schema: Mapping[str, Any]  # JSON schema of the arguments object

    def as_openai(self) -> dict[str, Any]:
        return {"type": "function", "function": {"name": self.name, "description": self.description,
                                                 "parameters": dict(self.schema)}}


def _terminal_specs() -> dict[str, ToolSpec]:
    schema = ReportDraft.model_json_schema()
    return {
        FINAL: ToolSpec(FINAL, "Submit your final audit report (ends your investigation). Allowed only after the "
                        "required tools returned without error.", "terminal", schema),
        ASK_SENIOR: ToolSpec(ASK_SENIOR, "Submit your report and ask the Senior Auditor to review it.", "terminal", schema),
    }


TERMINAL_SPECS = _terminal_specs()


def is_ok(observation: object) -> bool:
    """The gate's test: a dict observation without an error (no_data and unresolved values pass)."""
    return isinstance(observation, dict) and observation.get("status") != "error" and "error" not in observation


class Toolbox:
    """A set of tool specs and the callable that runs them; `call` never raises."""

    def __init__(self, specs: Iterable[ToolSpec], runner: Callable[[str, dict[str, Any]], dict[str, Any]]):
        self.specs = {s.name: s for s in specs}
        self._runner = runner

    def names(self, kinds: Iterable[str] | None = None) -> list[str]:
        wanted = set(kinds) if kinds is not None else None
        return sorted(n for n, s in self.specs.items() if wanted is None or s.kind in wanted)

    def subset(self, names: Iterable[str]) -> Toolbox:
        keep = set(names)
        return Toolbox([s for n, s in self.specs.items() if n in keep], self._runner)

    def without(self, names: Iterable[str]) -> Toolbox:
        drop = set(names)
        return Toolbox([s for n, s in self.specs.items() if n not in drop], self._runner)

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
            key = canonical_json([name, args])
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
        try:
            result = self._runner(name, args)
        except GraphUnavailable:
            raise  # an outage is the run's failure, not evidence: the case is recorded as an error
        except (ServiceUnavailable, SessionExpired) as exc:
            raise GraphUnavailable(f"Neo4j went away during {name}: {exc}; check the server and resume the run") from exc
        except Exception as exc:  # a tool bug must not end the audit; the agent sees the error
            return {"status": "error", "message": f"{name} failed: {type(exc).__name__}: {exc}"}
        return result if isinstance(result, dict) else {"status": "ok", "result": result}


def catalog_toolbox(graph: Any) -> Toolbox:
    """The real catalog over the graph (issue 5's auditgraph.tools.catalog)."""
    from auditgraph.tools import catalog  # lazy: the catalog is optional while it is being built

    specs = []
    for kind, tools in (("static", catalog.STATIC_TOOLS), ("dynamic", catalog.DYNAMIC_TOOLS)):
        for name, tool in tools.items():
            schema = tool.params.model_json_schema() if hasattr(tool.params, "model_json_schema") else dict(tool.params)
            specs.append(ToolSpec(name, tool.description, kind, schema))
    return Toolbox(specs, lambda name, args: catalog.call_tool(graph, name, args))


def case_args(spec: ToolSpec, case: Case, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Arguments for `spec` filled from the case by parameter name (the deterministic policy's choice)."""
    props = spec.schema.get("properties", {})
    args: dict[str, Any] = {}
    for name in props:
        if extra and name in extra:
            args[name] = extra[name]
        elif name in _CASE_ARGS:
            value = _CASE_ARGS[name](case)
            if value is not None and (value != [] or name == "dimensions"):
                args[name] = value
    return args


def checker_results(tool: str, observation: object) -> list[dict[str, Any]]:
    """The CheckResult dicts inside a checker observation (one result or a `results` list)."""
    if tool not in CHECKERS or not is_ok(observation):
        return []
    assert isinstance(observation, dict)
    items = observation.get("results")
    if isinstance(items, list):
        return [r for r in items if isinstance(r, dict)]
    return [observation]


def _local(qname: object) -> str:
    return str(qname or "").rsplit("#", 1)[-1].rsplit(":", 1)[-1]


def about_case(res: dict[str, Any], case: Case | None) -> bool:
    """Whether a checker result or fact row is about the case's fact (concept, period, dimensions).

    Fields a result does not carry are not held against it; a finding on another fact (a parent
    total, another period) is evidence the agent saw, not the case's finding.
    """
    if case is None:
        return True
    concept = res.get("concept") or res.get("qname")
    if concept and _local(concept) != _local(case.concept):
        return False
    period = res.get("period") or res.get("period_key")
    if case.period and period and period != case.period:
        return False
    dims = res.get("dimensions", res.get("dims"))
    if isinstance(dims, list) and sorted(dims) != sorted(case.dims):
        return False
    return True


def candidates_from(observations: Iterable[tuple[str, object]], case: Case | None = None) -> list[Candidate]:
    """Positive checker findings on the case's fact as rule candidates, first per rule."""
    found: dict[str, Candidate] = {}
    for tool, obs in observations:
        for res in checker_results(tool, obs):
            if str(res.get("status", "")).lower() != "violation" or not about_case(res, case):
                continue
            rule = normalize_rule(res.get("rule_id")) or CHECKERS[tool]
            if rule not in found:
                found[rule] = Candidate(rule=rule, source=tool, reported_value=exact(res.get("reported_value")),
                                        expected_value=exact(res.get("expected_value")))
    return list(found.values())


def observed_values(observations: Iterable[tuple[str, object]], case: Case | None = None) -> tuple[str | None, str | None]:
    """The case fact's reported value and an expected value from checker or get_fact observations."""
    reported = expected = None
    for tool, obs in observations:
        if tool == "get_fact" and is_ok(obs):
            assert isinstance(obs, dict)
            rows = [r for r in obs.get("rows", []) if isinstance(r, dict) and about_case(r, case)]
            values = {exact(r.get("value")) for r in rows if r.get("duplicate") != "inconsistent"} - {None}
            if len(values) == 1 and len(rows) == len([r for r in rows if r.get("duplicate") != "inconsistent"]):
                reported = reported or values.pop()
            continue
        for res in checker_results(tool, obs):
            if not about_case(res, case):
                continue
            reported = reported or exact(res.get("reported_value"))
            expected = expected or exact(res.get("expected_value"))
    return reported, expected
