"""The agents' side of the tools: required tools per role, the terminal report tools, arguments
filled from a case, and the findings read back out of observations.

The tools themselves, their specs and the door that runs them are auditgraph.tools (ToolSpec,
Toolbox, catalog_toolbox); they are re-exported here for the agents' modules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from auditgraph.agents.case_records import CHECKERS, Candidate, Case, ReportDraft, exact, normalize_rule
from auditgraph.tools.base import ToolSpec
from auditgraph.tools.toolbox import Toolbox, catalog_toolbox, is_ok

__all__ = [
    "ASK_SENIOR",
    "FINAL",
    "REQUIRED",
    "TERMINAL",
    "TERMINAL_SPECS",
    "ToolSpec",
    "Toolbox",
    "about_case",
    "candidates_from",
    "case_args",
    "catalog_toolbox",
    "checker_results",
    "is_ok",
    "observed_values",
    "scoped",
]

REQUIRED = {
    "A1": ("check_sign", "check_calc_tree", "check_dim_consistency"),
    "A2": ("check_sign", "check_calc_tree", "check_dim_consistency", "get_fact_history"),
}
FINAL, ASK_SENIOR = "final_report", "ask_senior"
TERMINAL = (FINAL, ASK_SENIOR)
# Names the deterministic policy fills from the case; catalogs may use any of these spellings.
_CASE_ARGS: dict[str, Callable[[Case], Any]] = {
    "filing_id": lambda c: c.filing_id,
    "filing": lambda c: c.filing_id,
    "concept": lambda c: c.concept,
    "qname": lambda c: c.concept,
    "concept_qname": lambda c: c.concept,
    "period": lambda c: c.period,
    "period_key": lambda c: c.period,
    "dims": lambda c: list(c.dims),
    "unit": lambda c: c.unit,
    # get_fact's {axis: member}; {} asks for the non-dimensional fact, as the case means
    "dimensions": lambda c: dict(d.split("=", 1) for d in c.dims),
}


def _terminal_specs() -> dict[str, ToolSpec]:
    schema = ReportDraft.model_json_schema()
    return {
        FINAL: ToolSpec(
            FINAL,
            "Submit your final audit report (ends your investigation). Allowed only after the "
            "required tools returned without error.",
            "terminal",
            schema,
        ),
        ASK_SENIOR: ToolSpec(ASK_SENIOR, "Submit your report and ask the Senior Auditor to review it.", "terminal", schema),
    }


TERMINAL_SPECS = _terminal_specs()


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


BEYOND_SCOPE = "beyond_rule_scope"  # marks a result no rule decided: what a checker tool computed outside its rule


def scoped(tool: str, args: Mapping[str, Any], observation: Any) -> Any:
    """An observation as the agents may use it. check_calc_tree with whole_tree=true sums the whole calculation
    tree of any period, beyond DQC.US.0126's own selection (statement totals of the current period), which `check`
    follows: its results say so (the model reads it too) and are calculation evidence, never the rule's verdict."""
    if tool != "check_calc_tree" or not args.get("whole_tree") or not is_ok(observation) or not isinstance(observation, dict):
        return observation
    note = "check_calc_tree whole_tree: the calculation tree outside DQC.US.0126's scope; not the rule's result"
    items = observation.get("results")
    if isinstance(items, list):
        return {**observation, "results": [{**r, BEYOND_SCOPE: note} if isinstance(r, dict) else r for r in items]}
    return {**observation, BEYOND_SCOPE: note}


def checker_results(tool: str, observation: object) -> list[dict[str, Any]]:
    """The CheckResult dicts inside a checker observation (one result or a `results` list) that a rule decided."""
    if tool not in CHECKERS or not is_ok(observation):
        return []
    assert isinstance(observation, dict)
    items = observation.get("results")
    if isinstance(items, list):
        return [r for r in items if isinstance(r, dict) and BEYOND_SCOPE not in r]
    return [] if BEYOND_SCOPE in observation else [observation]


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
                found[rule] = Candidate(
                    rule=rule,
                    source=tool,
                    reported_value=exact(res.get("reported_value")),
                    expected_value=exact(res.get("expected_value")),
                )
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
