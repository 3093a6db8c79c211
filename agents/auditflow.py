"""One audited case end to end: juniors, senior refinement, fusion, the artifact (Algorithm 3).

A1 and A2 investigate independently; while their verdicts or rule sets differ (checked by code)
or a junior asked for review, the tool-less senior gives feedback and both juniors continue
their conversations, for at most `max_rounds` rounds. The last two reports are fused with
evidential reasoning; single-junior ablations skip refinement and fusion.

Then the verdict must follow the evidence (`settle`, docs/agents.md "Verdicts follow evidence"):
a junior whose provider failed or whose required tools did not run (or only failed) makes the
case `inconclusive` with the reason; an unrefuted checker finding keeps the case a violation
whatever the models said; a case no checker could evaluate is `not_evaluable`, never consistent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from auditgraph.agents import fusion
from auditgraph.agents import instructions as prompts
from auditgraph.agents.case_records import (
    CHECKERS,
    RULE_PRIORITY,
    Artifact,
    Case,
    CaseVerdict,
    JuniorReport,
    ReasonCode,
    Role,
    Verdict,
    canonical_json,
    normalize_rule,
)
from auditgraph.agents.junior_loop import AuditConfig, Deadline, JuniorSession, catalog_for, required_tools, run_junior
from auditgraph.agents.policy import Policy
from auditgraph.agents.role_tools import Toolbox, about_case, checker_results, is_ok
from auditgraph.errors import ProviderError

ROLES: dict[str, tuple[Role, ...]] = {"both": ("A1", "A2"), "a1": ("A1",), "a2": ("A2",), "single": ("A2",)}


def audit_case(
    case: Case,
    policy: Policy,
    toolbox: Toolbox,
    config: AuditConfig,
    mapping: fusion.MassMapping | None = None,
    deadline: Deadline | None = None,
) -> tuple[Artifact, dict[str, Any]]:
    """Audit one case; returns the artifact and its trajectory record. Never raises for model trouble.
    Past `deadline` no model is asked any more: the case ends inconclusive ("deadline") unless a finding stands."""
    mapping = mapping or fusion.MassMapping()
    sessions = []
    for role in ROLES[config.agents]:
        box = catalog_for(role, toolbox, config)
        required = required_tools(role, box)
        system = prompts.junior_system(role, config, required)
        session = JuniorSession(role, system, box, required)
        session.messages.append({"role": "user", "content": prompts.junior_task(case)})
        sessions.append(session)
    reports = [run_junior(s, policy, case, config, 0, deadline) for s in sessions]
    senior: list[dict[str, Any]] = []
    rounds = 0
    if len(sessions) == 2:
        # A provider that failed a junior would fail the senior and the next round too.
        while (
            rounds < config.max_rounds
            and _needs_review(reports)
            and not _provider_failed(reports)
            and not (deadline is not None and deadline.expired())
        ):
            rounds += 1
            feedback = _senior_feedback(policy, case, reports, rounds, senior, deadline)
            for s, own in zip(sessions, ("A1", "A2")):
                s.messages.append({"role": "user", "content": prompts.refinement(rounds, feedback, own)})
            reports = [run_junior(s, policy, case, config, rounds, deadline) for s in sessions]
    masses = [fusion.NO_EVIDENCE if r.verdict is None else mapping.masses(r.rules, r.value_resolved) for r in reports]
    fused = fusion.combine(masses[0], masses[1]) if len(masses) == 2 else fusion.single(masses[0])
    verdict = fused.verdict if (config.fusion or len(reports) == 1) else _union_verdict(reports)
    rules = (
        tuple(sorted({r for rep in reports if rep.verdict == "violation" for r in rep.rules})) if verdict == "violation" else ()
    )
    observations = [obs for s in sessions for obs in s.observations()]
    outcome = settle(verdict, rules, [_junior_state(s) for s in sessions], observations, case, config.checkers)
    extracted, calculated = _answer(reports, outcome.rules)
    decided = outcome.verdict in ("violation", "consistent")
    artifact = Artifact(
        case_id=case.case_id,
        filing_id=case.filing_id,
        concept=case.concept,
        period=case.period,
        system=system_name(config),
        llm=policy.label,
        config=config.as_json(),
        status="ok",
        extracted_value=extracted,
        calculated_value=calculated,
        verdict=outcome.verdict,
        rules=outcome.rules,
        reason_code=outcome.code,
        reason=outcome.reason,
        checker_floor=outcome.floor,
        action_path=tuple(f"{s.role}:{name}" for s in sessions for name, _ in s.observations()),
        evidence=_evidence(sessions),
        tau=fused.as_json()["tau"] if decided else None,
        K=fused.as_json()["K"] if decided else None,
        masses={**fused.as_json(), "used_for_verdict": (config.fusion or len(reports) == 1) and decided and not outcome.floor},
        rounds=rounds,
        agreement=reports[0].agrees_with(reports[-1]),
        juniors={r.role: r.model_dump(mode="json") for r in reports},
        trace=_counts(sessions, senior),
    )
    trajectory = {
        "case_id": case.case_id,
        "llm": policy.label,
        "config": config.as_json(),
        "agents": {s.role: {"required": list(s.required), "invocations": s.invocations} for s in sessions},
        "senior": senior,
        "counts": artifact.trace,
    }
    return artifact, trajectory


@dataclass(frozen=True)
class JuniorState:
    """What settles a junior's part of the case: did its provider fail, which required tools never succeeded."""

    role: str
    provider_error: str | None  # the last provider message when the invocation ended in provider_failure
    not_run: tuple[str, ...]  # required tools never called
    failed: tuple[tuple[str, str], ...]  # required tools called, every call an error: (tool, message)
    deadline: str | None = None  # why, when the invocation was stopped by the case or run deadline


@dataclass(frozen=True)
class Outcome:
    verdict: CaseVerdict
    rules: tuple[str, ...]
    code: ReasonCode | None = None
    reason: str | None = None
    floor: tuple[str, ...] = ()


def _junior_state(session: JuniorSession) -> JuniorState:
    last = session.invocations[-1] if session.invocations else {"status": None, "events": []}
    provider = None
    if last["status"] == "provider_failure":
        msgs = [e["message"] for e in last["events"] if e["kind"] in ("provider_error", "context_overflow")]
        provider = msgs[-1] if msgs else "the model provider failed"
    stopped = (
        next((e["message"] for e in last["events"] if e["kind"] == "deadline"), None) if last["status"] == "deadline" else None
    )
    seen = session.observations()
    not_run, failed = [], []
    elsewhere = {
        m["name"]: session.off_case[m["tool_call_id"]] for m in session.messages if m.get("tool_call_id") in session.off_case
    }
    for tool in session.missing():
        errors = [o for name, o in seen if name == tool]
        if not errors:
            not_run.append(tool)
        elif tool in elsewhere and any(is_ok(o) for o in errors):
            failed.append((tool, f"called only for another fact: {elsewhere[tool]}"))
        else:
            last_err = errors[-1]
            msg = last_err.get("message") if isinstance(last_err, dict) else None
            failed.append((tool, str(msg or last_err)[:200]))
    return JuniorState(session.role, provider, tuple(not_run), tuple(failed), stopped)


def settle(
    verdict: Verdict | None,
    rules: tuple[str, ...],
    juniors: list[JuniorState],
    observations: list[tuple[str, Any]],
    case: Case,
    checkers: bool = True,
) -> Outcome:
    """The case's verdict from the fused one and the evidence in the trajectory (never milder than it).

    1. Checker findings on the case's fact that no checker result refutes (`refuted`) make the
       case a violation with at least their rules, whatever the fused verdict, even when other
       required tools did not run (they could only add rules; `reason` says what is missing).
    2. Otherwise a junior whose provider failed, or whose required tools did not run or only
       returned errors, or whose invocation the deadline stopped, makes the case `inconclusive`
       (provider > deadline > tools_not_run > tools_failed).
    3. A consistent verdict with checkers in the catalog but no checker result that evaluated the
       fact (status ok or violation) is `not_evaluable`, with the checkers' reasons.
    """
    results = (
        [(tool, r) for tool, obs in observations for r in checker_results(tool, obs) if about_case(r, case)] if checkers else []
    )
    standing = sorted(
        {
            normalize_rule(r.get("rule_id")) or CHECKERS[tool]
            for tool, r in results
            if _status(r) == "violation" and not refuted(tool, r, results)
        }
    )
    gap = _incomplete(juniors)
    if standing and (verdict != "violation" or not set(standing) <= set(rules) or gap):
        # an observed finding is evidence on its own; tools that did not run could only add rules
        floor = tuple(r for r in standing if r not in rules or verdict != "violation")
        note = f"{gap[1]}; the observed checker findings stand" if gap else None
        return Outcome("violation", tuple(sorted(set(rules) | set(standing))), floor=floor, reason=note)
    if gap:
        return Outcome("inconclusive", (), gap[0], gap[1])
    if verdict is None:  # no junior reached a verdict (cannot happen without a gap; never read as consistent)
        return Outcome("inconclusive", (), "provider", "no junior reached a verdict")
    if not checkers:  # the no-checkers ablation: rules are the agents' own, nothing to hold them to
        return Outcome(verdict, rules)
    if verdict == "consistent" and not any(_status(r) in ("ok", "violation") for _, r in results):
        reasons = list(dict.fromkeys(x for x in (str(r.get("reason") or r.get("message") or "") for _, r in results) if x))
        why = "; ".join(reasons) or "no checker returned a result about this fact"
        return Outcome("not_evaluable", (), "not_evaluable", f"no checker evaluated the fact: {why}"[:500])
    return Outcome(verdict, rules)


def _incomplete(juniors: list[JuniorState]) -> tuple[ReasonCode, str] | None:
    """Why the juniors' evidence is incomplete (provider > deadline > tools_not_run > tools_failed), or None."""
    provider = [f"{j.role}: {j.provider_error}" for j in juniors if j.provider_error]
    if provider:
        return "provider", "provider failed: " + "; ".join(provider)
    stopped = [f"{j.role}: {j.deadline}" for j in juniors if j.deadline]
    if stopped:
        return "deadline", "deadline passed: " + "; ".join(stopped)
    not_run = [f"{j.role}: {', '.join(j.not_run)}" for j in juniors if j.not_run]
    if not_run:
        return "tools_not_run", "required tools not run: " + "; ".join(not_run)
    failed = [f"{j.role}: {t} ({m})" for j in juniors for t, m in j.failed]
    if failed:
        return "tools_failed", "required tools failed: " + "; ".join(failed)
    return None


def _status(res: dict[str, Any]) -> str:
    return str(res.get("status", "")).lower()


def _fact_key(tool: str, res: dict[str, Any]) -> tuple[Any, ...]:
    dims = res.get("dimensions", res.get("dims")) or []
    return (
        tool,
        res.get("rule_id"),
        res.get("sub_rule"),
        res.get("concept") or res.get("qname"),
        res.get("period") or res.get("period_key"),
        tuple(sorted(map(str, dims))),
        res.get("unit"),
    )


def refuted(tool: str, finding: dict[str, Any], results: list[tuple[str, dict[str, Any]]]) -> bool:
    """Refuting evidence for a checker finding: a result of the same checker, rule and sub-rule about
    the same fact (concept, period, dimensions, unit) with status ok. Nothing else refutes: not a
    model's verdict, rationale, confidence or a draft that leaves the rule out, and not other tools
    (get_fact, get_fact_history, investigation queries), which show values but do not evaluate rules."""
    key = _fact_key(tool, finding)
    return any(_status(r) == "ok" and _fact_key(t, r) == key for t, r in results)


def _provider_failed(reports: list[JuniorReport]) -> bool:
    return any(r.status == "provider_failure" for r in reports)


def _unaudited(case: Case, llm: str, config: AuditConfig, **outcome: Any) -> Artifact:
    """The artifact of a case no auditor finished: the case and run identity, plus `outcome`."""
    return Artifact(
        case_id=case.case_id,
        filing_id=case.filing_id,
        concept=case.concept,
        period=case.period,
        system=system_name(config),
        llm=llm,
        config=config.as_json(),
        **outcome,
    )


def error_artifact(case: Case, llm: str, config: AuditConfig, message: str) -> Artifact:
    """A case the run could not audit (e.g. the graph went away); scored as a failure, not dropped."""
    return _unaudited(case, llm, config, status="error", error=message)


def deadline_artifact(case: Case, llm: str, config: AuditConfig, why: str) -> Artifact:
    """A case the run deadline left unaudited: inconclusive, audited again on resume."""
    return _unaudited(case, llm, config, status="ok", verdict="inconclusive", reason_code="deadline", reason=why)


def system_name(config: AuditConfig) -> str:
    """The system a run's artifacts name (auditflow, auditflow-a1-only, auditflow-a2-only, single-agent)."""
    return {"both": "auditflow", "a1": "auditflow-a1-only", "a2": "auditflow-a2-only", "single": "single-agent"}[config.agents]


def _needs_review(reports: list[JuniorReport]) -> bool:
    asked = any(r.status == "senior_requested" for r in reports)
    return asked or not reports[0].agrees_with(reports[1])


def _senior_feedback(
    policy: Policy,
    case: Case,
    reports: list[JuniorReport],
    round_no: int,
    log: list[dict[str, Any]],
    deadline: Deadline | None = None,
) -> str:
    system = prompts.senior_system()
    messages = [{"role": "user", "content": prompts.senior_task(case, reports)}]
    try:
        # the senior's call, like the juniors', may take no longer than the case deadline leaves
        turn = policy.turn("AS", system, messages, [], case, timeout=deadline.remaining() if deadline is not None else None)
        text = (turn.get("content") or "").strip() or "No feedback; re-check your evidence."
        log.append({"round": round_no, "feedback": text})
    except ProviderError as exc:
        text = "The Senior Auditor is unavailable; re-check your evidence and report again."
        log.append({"round": round_no, "error": str(exc), "feedback": text})
    return text


def _union_verdict(reports: list[JuniorReport]) -> Verdict:
    """No-fusion ablation: a violation stands when either junior reports one."""
    return "violation" if any(r.verdict == "violation" for r in reports) else "consistent"


def _answer(reports: list[JuniorReport], rules: tuple[str, ...]) -> tuple[str | None, str | None]:
    """The translator: reported value, and the expected value of the highest-priority rule."""
    extracted = next((r.reported_value for r in reports if r.reported_value is not None), None)
    for rule in RULE_PRIORITY:
        if rule in rules:
            for rep in reports:
                for cand in rep.candidates:
                    if cand.rule == rule and cand.expected_value is not None:
                        return cand.reported_value or extracted, cand.expected_value
    if rules:
        return extracted, None
    expected = next((r.expected_value for r in reports if r.expected_value is not None), None)
    return extracted, expected if expected is not None else extracted


def _evidence(sessions: list[JuniorSession]) -> tuple[dict[str, Any], ...]:
    seen: dict[str, dict[str, Any]] = {}
    for s in sessions:
        for name, obs in s.observations():
            for res in checker_results(name, obs):
                item = {
                    k: res.get(k)
                    for k in (
                        "rule_id",
                        "sub_rule",
                        "status",
                        "concept",
                        "reported_value",
                        "expected_value",
                        "facts",
                        "contexts",
                        "tolerance",
                        "message",
                        "reason",
                    )
                    if res.get(k) is not None
                }
                item["tool"] = name
                seen.setdefault(canonical_json(item), item)
    return tuple(seen.values())


def _counts(sessions: list[JuniorSession], senior: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {"senior_calls": len(senior)}
    for s in sessions:
        events = [e for inv in s.invocations for e in inv["events"]]
        calls = [e for e in events if e["kind"] == "tool_call"]
        out[s.role] = {
            "invocations": len(s.invocations),
            "steps": sum(inv["steps"] for inv in s.invocations),
            "tool_calls": len(calls),
            "static_calls": sum(1 for e in calls if e.get("tool_kind") == "static"),
            "dynamic_calls": sum(1 for e in calls if e.get("tool_kind") == "dynamic"),
            "tool_errors": sum(1 for e in calls if not e["ok"]),
            "gate_rejections": sum(1 for e in events if e["kind"] == "gate_rejection"),
            "malformed": sum(1 for e in events if e["kind"] in ("malformed", "unknown_tool")),
            "provider_errors": sum(1 for e in events if e["kind"] in ("provider_error", "context_overflow")),
            "status": [inv["status"] for inv in s.invocations],
        }
    return out
