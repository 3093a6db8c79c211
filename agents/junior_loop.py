"""The junior ReAct loop (AuditFlow Section 3.4, Appendix C.2 and G).

One invocation of a junior auditor: at most `budget` steps, where every tool call, every
rejected terminal action and every malformed action uses one. The required-tool gate refuses
`final_report`/`ask_senior` until each mandatory tool has a non-error observation and answers
with the missing tools. At exhaustion (or when the provider fails for good) the report is
built from the observations without running missing tools. Tools are reached only through
`Toolbox.call`, the one door (the catalog's tools over the graph; a failure comes back as an observation).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import ValidationError

from auditgraph.agents.case_records import (
    CHECKERS,
    Candidate,
    Case,
    JuniorReport,
    JuniorStatus,
    Override,
    ReportDraft,
    Role,
    canonical_json,
    normalize_rule,
)
from auditgraph.agents.policy import Policy, history
from auditgraph.agents.role_tools import (
    ASK_SENIOR,
    FINAL,
    TERMINAL,
    TERMINAL_SPECS,
    Toolbox,
    candidates_from,
    is_ok,
    observed_values,
    scoped,
)
from auditgraph.errors import ContextOverflow, ProviderError

UNFINISHED: tuple[JuniorStatus, ...] = ("provider_failure", "deadline")  # a junior that reached no verdict

MAX_PROVIDER_FAILURES = 3  # consecutive failed model calls before the invocation gives up


@dataclass(frozen=True)
class AuditConfig:
    """Run configuration; each ablation of the paper is one flag."""

    overrides: bool = True  # override-enabled (main) vs authoritative reporting
    sign_coverage: Literal["expanded", "limited"] = "expanded"
    checkers: bool = True
    gate: bool = True
    fusion: bool = True
    agents: Literal["both", "a1", "a2", "single"] = "both"
    budget: int = 20
    max_rounds: int = 3

    def as_json(self) -> dict[str, Any]:
        return {
            "overrides": self.overrides,
            "sign_coverage": self.sign_coverage,
            "checkers": self.checkers,
            "gate": self.gate,
            "fusion": self.fusion,
            "agents": self.agents,
            "budget": self.budget,
            "max_rounds": self.max_rounds,
        }

    @property
    def reporting(self) -> str:
        if not self.checkers:
            return "no_checkers"
        return "override" if self.overrides else "authoritative"


@dataclass(frozen=True)
class Deadline:
    """When a case must stop asking the model (the runner's --case-timeout / --run-timeout).

    Checked before every model call; a call already running is bounded by the provider's own
    per-call timeout. The clock is injectable so tests never depend on machine speed.
    """

    at: float  # in `clock` seconds
    clock: Callable[[], float] = time.monotonic
    why: str = "deadline"

    def expired(self) -> bool:
        return self.clock() >= self.at

    def remaining(self) -> float:
        """Seconds left: the most the next model call may take."""
        return max(0.0, self.at - self.clock())


@dataclass
class JuniorSession:
    """One junior's conversation across its invocations (refinement rounds continue it)."""

    role: Role  # A1 | A2
    system: str
    toolbox: Toolbox
    required: tuple[str, ...]
    messages: list[dict[str, Any]] = field(default_factory=list)
    invocations: list[dict[str, Any]] = field(default_factory=list)
    off_case: dict[str, str] = field(default_factory=dict)  # tool_call id -> the other fact its arguments named

    def observations(self) -> list[tuple[str, Any]]:
        return history(self.messages)

    def satisfied(self) -> set[str]:
        """Required tools with a non-error observation from a call about the case's own fact."""
        done = set()
        for m in self.messages:
            if m["role"] == "tool" and m.get("tool_call_id") not in self.off_case:
                (name, obs), *_ = history([m]) or [("", None)]
                if name and is_ok(obs):
                    done.add(name)
        return done

    def missing(self) -> list[str]:
        done = self.satisfied()
        return [t for t in self.required if t not in done]


def _fixed_args(name: str, args: dict[str, Any], toolbox: Toolbox, config: AuditConfig) -> dict[str, Any]:
    """Arguments the run fixes regardless of the agent: the sign checker's coverage."""
    if name == "check_sign":
        props = toolbox.specs[name].schema.get("properties", {})
        for key in ("coverage", "sign_coverage"):
            if key in props:
                return {**args, key: config.sign_coverage}
    return args


def run_junior(
    session: JuniorSession, policy: Policy, case: Case, config: AuditConfig, round_no: int, deadline: Deadline | None = None
) -> JuniorReport:
    """One invocation: the ReAct loop until an accepted report, budget exhaustion, provider failure or the deadline."""
    events: list[dict[str, Any]] = []
    invocation = {"round": round_no, "events": events, "steps": 0, "status": None}
    session.invocations.append(invocation)
    tools = [session.toolbox.specs[n] for n in session.toolbox.names()] + list(TERMINAL_SPECS.values())
    steps = failures = 0
    while steps < config.budget:
        if deadline is not None and deadline.expired():
            events.append({"step": steps, "kind": "deadline", "message": deadline.why, "missing": session.missing()})
            return _fallback(session, invocation, config, "deadline", steps, case)
        try:
            if deadline is None:
                turn = policy.turn(session.role, session.system, session.messages, tools, case)
            else:  # the call may take no longer than the deadline leaves
                turn = policy.turn(session.role, session.system, session.messages, tools, case, timeout=deadline.remaining())
            failures = 0
        except ContextOverflow as exc:
            events.append({"step": steps, "kind": "context_overflow", "message": str(exc)})
            return _fallback(session, invocation, config, "provider_failure", steps, case)
        except ProviderError as exc:
            steps += 1
            failures += 1
            events.append({"step": steps, "kind": "provider_error", "message": str(exc)})
            if failures >= MAX_PROVIDER_FAILURES:
                return _fallback(session, invocation, config, "provider_failure", steps, case)
            continue
        if turn.get("note"):  # the client changed how it talks to the server (text tool protocol)
            events.append({"step": steps, "kind": "protocol_switch", "message": turn["note"]})
        calls = turn.get("tool_calls") or []
        content = turn.get("content") or ""
        if turn.get("invalid_tool_calls") or not calls:
            steps += 1
            report = None if turn.get("invalid_tool_calls") else _report_from_text(content)
            if report is None:
                problem = _malformed_reason(turn)
                events.append({"step": steps, "kind": "malformed", "message": problem})
                session.messages += [
                    {"role": "assistant", "content": content, "tool_calls": []},
                    {
                        "role": "user",
                        "content": f"Malformed action ({problem}). Call one of the tools, or `{FINAL}` with a JSON report.",
                    },
                ]
                continue
            calls = [{"id": f"text-{len(session.messages)}", "name": FINAL, "args": report}]
            content = ""
        calls = _unique_ids(calls, session)
        session.messages.append({"role": "assistant", "content": content, "tool_calls": calls})
        accepted: JuniorReport | None = None
        for call in calls:
            if accepted is not None or steps >= config.budget:
                why = "not executed: the report was already accepted" if accepted else "not executed: step budget exhausted"
                events.append({"step": steps, "kind": "not_executed", "tool": call["name"], "message": why})
                session.messages.append(_tool_msg(call, {"status": "error", "message": why}))
                continue
            steps += 1
            name, args = call["name"], call.get("args") or {}
            if name in TERMINAL:
                accepted = _terminal(session, call, case, config, events, steps)
                continue
            if name not in session.toolbox.specs:
                obs = {"status": "error", "message": f"unknown tool {name!r}; available: {', '.join(session.toolbox.names())}"}
                events.append({"step": steps, "kind": "unknown_tool", "tool": name, "args": args})
            elif not isinstance(args, dict):
                obs = {"status": "error", "message": f"arguments of {name} must be a JSON object"}
                events.append({"step": steps, "kind": "malformed", "message": obs["message"]})
            else:
                args = _fixed_args(name, args, session.toolbox, config)
                other = _other_fact(args, case) if name in session.required else None
                if other:  # it runs (an investigation), but it is no evidence about the case: the gate ignores it
                    session.off_case[call["id"]] = other
                # argument names the tool does not take are a failed call (Toolbox.call refuses them)
                obs = scoped(name, args, session.toolbox.call(name, args))
                events.append(
                    {
                        "step": steps,
                        "kind": "tool_call",
                        "tool": name,
                        "tool_kind": session.toolbox.specs[name].kind,
                        "args": args,
                        "ok": is_ok(obs),
                        "observation": obs,
                        **({"other_fact": other} if other else {}),
                    }
                )
            session.messages.append(_tool_msg(call, obs))
        if accepted is not None:
            invocation.update(steps=steps, status=accepted.status)
            return accepted
    events.append({"step": steps, "kind": "budget_exhausted", "missing": session.missing()})
    return _fallback(session, invocation, config, "budget_exhausted", steps, case)


def _other_fact(args: dict[str, Any], case: Case) -> str | None:
    """What the arguments name that is not the case's fact (another filing, concept, period, dimensions,
    unit or context), or None. Omitted arguments name nothing; a concept matches on its local name (the
    tools accept `Assets`), dimensions on local axis=member names; `dimensions: {}` names the
    non-dimensional fact and `null` any. A case names no context id, so a context argument is never
    known to be the case's: the call counts for nothing (omit it; period and dimensions say the same)."""
    named = []
    for keys, mine in (
        (("filing_id", "filing"), case.filing_id),
        (("concept", "qname", "concept_qname"), case.concept),
        (("period", "period_key"), case.period),
        (("unit", "unit_key"), case.unit),
    ):
        for key in keys:
            value = args.get(key)
            if value in (None, "") or mine is None:
                continue
            text = str(value)
            same = (
                _local(text) == _local(mine)
                if key in ("concept", "qname", "concept_qname")
                else text == mine or mine.endswith(text)
            )
            if not same:
                named.append(f"{key} {text}")
    mine_dims = _dims_key(list(case.dims))
    for key in ("dims", "dimensions"):
        value = args.get(key)
        if value is None:
            continue
        theirs = _dims_key(value)
        if theirs != mine_dims:
            shown = ", ".join(theirs) if theirs else "none (the non-dimensional fact)"
            named.append(f"{key} {shown}" if theirs is not None else f"{key} {value!r}")
    for key in ("context", "context_id", "context_ref", "contextRef", "context_key"):
        if args.get(key) not in (None, ""):
            named.append(f"{key} {args[key]} (a case names no context; omit it)")
    return ", ".join(named) or None


def _local(name: str) -> str:
    return name.rsplit("#", 1)[-1].rsplit(":", 1)[-1]


def _dims_key(value: Any) -> list[str] | None:
    """Sorted local "axis=member" names of a dims list or an {axis: member} object; None if neither."""
    if isinstance(value, Mapping):
        pairs = [(str(k), str(v)) for k, v in value.items()]
    elif isinstance(value, (list, tuple)) and all(isinstance(d, str) and "=" in d for d in value):
        pairs = [tuple(d.split("=", 1)) for d in value]
    else:
        return None
    return sorted(f"{_local(a)}={_local(m)}" for a, m in pairs)


def _unique_ids(calls: list[dict[str, Any]], session: JuniorSession) -> list[dict[str, Any]]:
    """Some local servers send empty or repeated tool-call ids; each call needs its own."""
    used = {c["id"] for m in session.messages if m["role"] == "assistant" for c in m.get("tool_calls", [])}
    out = []
    for i, call in enumerate(calls):
        cid = str(call.get("id") or "")
        if not cid or cid in used:
            cid = f"{session.role}-{len(session.messages)}-{i}"
        used.add(cid)
        out.append({**call, "id": cid})
    return out


def _tool_msg(call: dict[str, Any], obs: Any) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call["id"], "name": call["name"], "content": canonical_json(obs)}


def _malformed_reason(turn: dict[str, Any]) -> str:
    bad = turn.get("invalid_tool_calls") or []
    if bad:
        b = bad[0]
        return f"tool call {b.get('name')!r} has unparsable arguments: {str(b.get('error') or b.get('args'))[:200]}"
    return "a reply without a tool call that is not a JSON report"


def _report_from_text(content: str) -> dict[str, Any] | None:
    """A plain-text reply counts as a final report only when it is a JSON object (fenced or not)."""
    text = content.strip()
    if text.startswith("```"):
        text = text.strip("`").removeprefix("json").strip()
    try:
        obj = json.loads(text)
    except ValueError:
        return None
    return obj if isinstance(obj, dict) else None


def _terminal(
    session: JuniorSession, call: dict[str, Any], case: Case, config: AuditConfig, events: list[dict[str, Any]], step: int
) -> JuniorReport | None:
    """Gate, then validate the draft; a refusal is the next observation and costs the step."""
    missing = session.missing() if config.gate else []
    if missing:
        events.append({"step": step, "kind": "gate_rejection", "action": call["name"], "missing": missing})
        refusal: dict[str, Any] = {"status": "error", "message": "report rejected: run the required tools first"}
        refusal["missing_tools"] = missing
        elsewhere = sorted({m["name"] for m in session.messages if m.get("tool_call_id") in session.off_case} & set(missing))
        if elsewhere:
            refusal["note"] = f"calls of {', '.join(elsewhere)} named another fact; run them for this case's fact"
        session.messages.append(_tool_msg(call, refusal))
        return None
    try:
        draft = ReportDraft.model_validate(call.get("args") or {})
    except ValidationError as exc:
        problem = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:3])
        events.append({"step": step, "kind": "malformed", "message": f"invalid report: {problem}"})
        session.messages.append(_tool_msg(call, {"status": "error", "message": f"invalid report: {problem}"}))
        return None
    status: JuniorStatus = "senior_requested" if call["name"] == ASK_SENIOR else "finalized"
    report = build_report(session.role, status, draft, session.observations(), config, case)
    events.append({"step": step, "kind": "final", "action": call["name"], "report": report.model_dump(mode="json")})
    session.messages.append(_tool_msg(call, {"status": "accepted"}))
    return report


def _fallback(
    session: JuniorSession, invocation: dict[str, Any], config: AuditConfig, status: JuniorStatus, steps: int, case: Case
) -> JuniorReport:
    """budget_exhausted: observed positive findings and values only; missing tools are not run."""
    report = build_report(session.role, status, None, session.observations(), config, case)
    invocation.update(steps=steps, status=status)
    invocation["events"].append({"step": steps, "kind": "final", "action": status, "report": report.model_dump(mode="json")})
    return report


def build_report(
    role: Role,
    status: JuniorStatus,
    draft: ReportDraft | None,
    observations: list[tuple[str, Any]],
    config: AuditConfig,
    case: Case | None = None,
) -> JuniorReport:
    """The code's reading of a draft: configuration rules applied, values from checkers first."""
    checked = candidates_from(observations, case) if config.checkers else []
    positive = {c.rule for c in checked}
    claimed = {r for r in (normalize_rule(x) for x in (draft.rules if draft else ())) if r}
    declared: list[Override] = []
    if draft is not None and config.reporting != "authoritative":
        for o in draft.overrides:
            rule = normalize_rule(o.rule)
            if rule and rule not in positive and o.justification.strip():
                declared.append(o.model_copy(update={"rule": rule}))
    if config.reporting == "no_checkers":  # every rule is an agent assertion here
        declared += [
            Override(rule=r, justification="reported without checkers")
            for r in sorted(claimed)
            if r not in {o.rule for o in declared}
        ]
    override_rules = {o.rule for o in declared}
    rules = positive | override_rules
    obs_reported, obs_expected = observed_values(observations, case)
    reported = obs_reported or (draft.reported_value if draft else None)
    candidates = list(checked) + [
        Candidate(
            rule=o.rule,
            source="override",
            reported_value=reported,
            expected_value=o.expected_value or (draft.expected_value if draft else None),
        )
        for o in declared
    ]
    expected = obs_expected or (draft.expected_value if draft else None)
    used = tuple(name for name, _ in observations)
    return JuniorReport(
        role=role,
        status=status,
        # a junior whose model failed or ran out of time reached no verdict; what it observed stays in its rules
        verdict=None if status in UNFINISHED else "violation" if rules else "consistent",
        rules=tuple(sorted(rules)),
        reported_value=reported,
        expected_value=expected,
        value_resolved=reported is not None,
        candidates=tuple(candidates),
        overrides=tuple(declared),
        restored_rules=tuple(sorted(positive - claimed)) if draft else (),
        dropped_rules=tuple(sorted(claimed - rules)),
        rationale=draft.rationale if draft else "",
        confidence=draft.confidence if draft else None,
        tools_used=tuple(dict.fromkeys(used)),
    )


def required_tools(role: str, toolbox: Toolbox) -> tuple[str, ...]:
    from auditgraph.agents.role_tools import REQUIRED

    return tuple(t for t in REQUIRED[role] if t in toolbox.specs)


def catalog_for(role: str, toolbox: Toolbox, config: AuditConfig) -> Toolbox:
    """A1: static catalog; A2 and the single agent: static and dynamic; no checkers when ablated."""
    box = toolbox.subset(toolbox.names(["static"]) if role == "A1" else toolbox.names(["static", "dynamic"]))
    return box if config.checkers else box.without(CHECKERS)
