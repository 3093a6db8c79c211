"""One audited case end to end: juniors, senior refinement, fusion, the artifact (Algorithm 3).

A1 and A2 investigate independently; while their verdicts or rule sets differ (checked by code)
or a junior asked for review, the tool-less senior gives feedback and both juniors continue
their conversations, for at most `max_rounds` rounds. The last two reports are fused with
evidential reasoning; single-junior ablations skip refinement and fusion.
"""

from __future__ import annotations

from typing import Any

from auditgraph.agents import fusion
from auditgraph.agents import instructions as prompts
from auditgraph.agents.policy import Policy
from auditgraph.agents.protocol import AuditConfig, JuniorSession, catalog_for, required_tools, run_junior
from auditgraph.agents.reports import RULE_PRIORITY, Artifact, Case, JuniorReport, canonical_json
from auditgraph.agents.toolbox import Toolbox, checker_results
from auditgraph.errors import ProviderError

ROLES = {"both": ("A1", "A2"), "a1": ("A1",), "a2": ("A2",), "single": ("A2",)}


def audit_case(case: Case, policy: Policy, toolbox: Toolbox, config: AuditConfig,
               mapping: fusion.MassMapping | None = None) -> tuple[Artifact, dict[str, Any]]:
    """Audit one case; returns the artifact and its trajectory record. Never raises for model trouble."""
    mapping = mapping or fusion.MassMapping()
    sessions = []
    for role in ROLES[config.agents]:
        box = catalog_for(role, toolbox, config)
        required = required_tools(role, box)
        system = prompts.junior_system(role, config, required)
        session = JuniorSession(role, system, box, required)
        session.messages.append({"role": "user", "content": prompts.junior_task(case)})
        sessions.append(session)
    reports = [run_junior(s, policy, case, config, 0) for s in sessions]
    senior: list[dict[str, Any]] = []
    rounds = 0
    if len(sessions) == 2:
        while rounds < config.max_rounds and _needs_review(reports):
            rounds += 1
            feedback = _senior_feedback(policy, case, reports, rounds, senior)
            for s, own in zip(sessions, ("A1", "A2")):
                s.messages.append({"role": "user", "content": prompts.refinement(rounds, feedback, own)})
            reports = [run_junior(s, policy, case, config, rounds) for s in sessions]
    masses = [mapping.masses(r.rules, r.value_resolved) for r in reports]
    fused = fusion.combine(masses[0], masses[1]) if len(masses) == 2 else fusion.single(masses[0])
    verdict = fused.verdict if (config.fusion or len(reports) == 1) else _union_verdict(reports)
    rules = tuple(sorted({r for rep in reports if rep.verdict == "violation" for r in rep.rules})) if verdict == "violation" else ()
    extracted, calculated = _answer(reports, rules)
    artifact = Artifact(
        case_id=case.case_id, filing_id=case.filing_id, concept=case.concept, period=case.period,
        system=_system_name(config), llm=policy.label, config=config.as_json(), status="ok",
        extracted_value=extracted, calculated_value=calculated, verdict=verdict, rules=rules,
        action_path=tuple(f"{s.role}:{name}" for s in sessions for name, _ in s.observations()),
        evidence=_evidence(sessions), tau=fused.as_json()["tau"], K=fused.as_json()["K"],
        masses={**fused.as_json(), "used_for_verdict": config.fusion or len(reports) == 1},
        rounds=rounds, agreement=reports[0].agrees_with(reports[-1]),
        juniors={r.role: r.model_dump(mode="json") for r in reports},
        trace=_counts(sessions, senior),
    )
    trajectory = {"case_id": case.case_id, "llm": policy.label, "config": config.as_json(),
                  "agents": {s.role: {"required": list(s.required), "invocations": s.invocations} for s in sessions},
                  "senior": senior, "counts": artifact.trace}
    return artifact, trajectory


def error_artifact(case: Case, llm: str, config: AuditConfig, message: str) -> Artifact:
    """A case the run could not audit (e.g. the graph went away); scored as a failure, not dropped."""
    return Artifact(case_id=case.case_id, filing_id=case.filing_id, concept=case.concept, period=case.period,
                    system=_system_name(config), llm=llm, config=config.as_json(), status="error", error=message)


def _system_name(config: AuditConfig) -> str:
    return {"both": "auditflow", "a1": "auditflow-a1-only", "a2": "auditflow-a2-only", "single": "single-agent"}[config.agents]


def _needs_review(reports: list[JuniorReport]) -> bool:
    asked = any(r.status == "senior_requested" for r in reports)
    return asked or not reports[0].agrees_with(reports[1])


def _senior_feedback(policy: Policy, case: Case, reports: list[JuniorReport], round_no: int,
                     log: list[dict[str, Any]]) -> str:
    system = prompts.senior_system()
    messages = [{"role": "user", "content": prompts.senior_task(case, reports)}]
    try:
        turn = policy.turn("AS", system, messages, [], case)
        text = (turn.get("content") or "").strip() or "No feedback; re-check your evidence."
        log.append({"round": round_no, "feedback": text})
    except ProviderError as exc:
        text = "The Senior Auditor is unavailable; re-check your evidence and report again."
        log.append({"round": round_no, "error": str(exc), "feedback": text})
    return text


def _union_verdict(reports: list[JuniorReport]) -> str:
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
                item = {k: res.get(k) for k in ("rule_id", "sub_rule", "status", "concept", "reported_value",
                                                "expected_value", "facts", "contexts", "tolerance", "message", "reason")
                        if res.get(k) is not None}
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
