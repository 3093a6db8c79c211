"""Systems under test for `auditgraph eval run`. Each sees only `CaseQuery` (no reference).

- checker: AuditFlow's "Checker-only" baseline: the three exact DQC checkers on the whole
  filing, then the paper's translator: verdict violation when any rule flags the case's fact;
  expected value from the flagged rules by priority DQC.US.0126 > 0015 > 0117; with no finding
  the expected value is the reported value (nothing to correct).
- agents: the AuditFlow protocol of auditgraph.agents with a given --llm (``none`` = its
  deterministic offline policy).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from auditgraph.checks.result import CheckResult
from auditgraph.eval.cases import CaseQuery
from auditgraph.eval.runs import RunRecord
from auditgraph.graph import Graph


def filing_results(graph: Graph, filing_id: str) -> list[CheckResult]:
    """Every item the registered DQC rule families evaluate in a filing (violation, ok, not_evaluable);
    CALC11 is left out, as `audit` reports it apart from the DQC findings.

    A checker that crashes is the system under test failing, not the harness: it becomes one
    not_evaluable result naming the exception, and the other rules still run."""
    from auditgraph.checks.filing_data import load_filing_data
    from auditgraph.checks.rulebook import Constants, RuleInput, registry, run_rule

    inp = RuleInput(graph, load_filing_data(graph, filing_id), constants=Constants(graph))
    out: list[CheckResult] = []
    for key, rule in registry().items():
        if key == "calc11":
            continue
        try:
            out += run_rule(rule, inp)
        except Exception as exc:  # noqa: BLE001  (any crash of a checker is a result to record)
            reason = f"checker crashed on {filing_id}: {type(exc).__name__}: {exc}"
            out.append(
                CheckResult(rule_id=rule.rule_id, sub_rule=rule.rule_id, status="not_evaluable", reason=reason, message=reason)
            )
    return out


def translate(case: CaseQuery, results: Iterable[CheckResult], system: str = "checker-only") -> RunRecord:
    """The paper's translator (auditgraph.checks.case) from checker outcomes to the run record;
    a fact no checker could evaluate gets no verdict (counted apart, never as consistent)."""
    from auditgraph.checks.case import translate as checks_translate

    art = checks_translate(case.filing_id, case.concept, case.period, results, list(case.dims))
    # the two values are extra fields (RunRecord allows extras), so they go in by validation, not as declared keywords
    return RunRecord.model_validate(
        dict(
            case_id=case.case_id,
            system=system,
            verdict=art.verdict,  # "not_evaluable" is no decision (RunRecord.decision None) and is scored as such
            rules=tuple(art.rules),
            extracted_value=art.reported_value,
            calculated_value=art.expected_value,
            error="no checker evaluated this fact" if art.verdict == "not_evaluable" else None,
        )
    )


def run_checker(graph: Graph, cases: list[CaseQuery], progress: Callable[[int], Any] | None = None) -> list[RunRecord]:
    """Checker-only over the cases; the filing's results are computed once per filing."""
    cache: dict[str, tuple[list[CheckResult], float]] = {}
    out = []
    for case in cases:
        if case.filing_id not in cache:
            t0 = time.perf_counter()
            cache[case.filing_id] = (filing_results(graph, case.filing_id), time.perf_counter() - t0)
        results, seconds = cache[case.filing_id]
        rec = translate(case, results)
        out.append(rec.model_copy(update={"elapsed_ms": round(1000 * seconds, 1)}))
        if progress:
            progress(1)
    return out


def run_agents(
    graph: Graph,
    cases: list[CaseQuery],
    llm: str = "none",
    sign_coverage: str = "expanded",
    checkers: bool = True,
    progress: Callable[[int], Any] | None = None,
) -> list[RunRecord]:
    """The AuditFlow agents (auditgraph.agents) on the cases; `llm` "none" is their offline policy.
    `sign_coverage` limited and `checkers` False are the paper's Table 2 / Table 1 conditions."""
    import json

    from auditgraph.agents.case_records import Case
    from auditgraph.agents.junior_loop import AuditConfig
    from auditgraph.agents.session import audit_cases

    agent_cases = [Case.model_validate(c.model_dump(mode="json")) for c in cases]
    config = AuditConfig(sign_coverage=sign_coverage, checkers=checkers)  # type: ignore[arg-type]
    artifacts = audit_cases(graph, agent_cases, llm=llm, config=config, progress=progress)
    name = agents_name(llm, sign_coverage, checkers)
    return [RunRecord.model_validate({**json.loads(a.to_json()), "system": name}) for a in artifacts]


def agents_name(llm: str, sign_coverage: str = "expanded", checkers: bool = True) -> str:
    extra = ("" if sign_coverage == "expanded" else f", {sign_coverage} sign coverage") + ("" if checkers else ", no checkers")
    return f"AuditFlow (llm {llm}{extra})"
