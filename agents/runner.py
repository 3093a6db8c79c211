"""Run many cases: concurrency, resumable JSONL artifacts and the trajectory sidecar.

Artifacts are appended as cases finish (so an interrupted run resumes where it stopped: cases
already in the output are skipped) and rewritten in input order at the end, so two runs of the
same cases give byte-identical files whatever the concurrency. Cases that ended inconclusive for a
provider reason (provider, deadline, tools_not_run) are audited again on resume, like errors.
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from auditgraph.agents.auditflow import audit_case, deadline_artifact, error_artifact, settle, system_name
from auditgraph.agents.case_records import CHECKERS, PROVIDER_REASONS, Artifact, Case, canonical_json
from auditgraph.agents.fusion import MassMapping
from auditgraph.agents.junior_loop import AuditConfig, Deadline
from auditgraph.agents.policy import Policy
from auditgraph.agents.records import read_records
from auditgraph.agents.role_tools import Toolbox, candidates_from, case_args, observed_values
from auditgraph.errors import AuditGraphError, ConfigError
from auditgraph.files import check_output


@dataclass(frozen=True)
class RunSummary:
    cases: int
    audited: int
    resumed: int
    errors: int
    violations: int
    out: Path
    trajectory: Path
    inconclusive: int = 0
    not_evaluable: int = 0
    reasons: tuple[tuple[str, int], ...] = ()  # (reason code, cases), most frequent first
    provider_failures: int = 0  # cases inconclusive for a provider reason: the command exits 3
    first_provider_reason: str | None = None

    def line(self) -> str:
        """The one-line account printed on stderr and kept in the report."""
        why = ", ".join(f"{code} {n}" for code, n in self.reasons)
        text = (
            f"{self.cases} cases: {self.violations} violation, {self.inconclusive} inconclusive, "
            f"{self.not_evaluable} not evaluable, {self.errors} errors"
        )
        return text + (f" (reasons: {why})" if why else "")


def trajectory_path(out: Path) -> Path:
    return out.with_name(out.stem + ".trajectory.jsonl")


def read_cases(path: Path) -> list[Case]:
    """Cases from JSONL (eval's CaseQuery/AuditCase lines fit; reference fields are dropped)."""
    return read_records(
        path,
        Case,
        what="a JSONL file with case_id, filing_id, concept, period per line",
        hint="each line needs case_id, filing_id, concept",
    )


def _read_done(path: Path) -> dict[str, str]:
    """case_id -> line of a previous (possibly interrupted) run; a torn last line is ignored."""
    done: dict[str, str] = {}
    if not path.exists():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if (
            isinstance(obj, dict)
            and "case_id" in obj
            and obj.get("status", "ok") == "ok"
            and obj.get("reason_code") not in PROVIDER_REASONS
        ):
            done[obj["case_id"]] = line
    return done


def _refuse_another_run(path: Path, identity: dict[str, Any]) -> None:
    """Resume only a run made the same way: artifacts of another --llm, system or configuration are not this
    run's answers (a run with the model server down once printed an earlier `--llm none` run's verdicts)."""
    if not path.exists():
        return
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if not isinstance(obj, dict) or "case_id" not in obj:
            continue
        theirs = {k: obj.get(k) for k in identity}
        if theirs == identity:
            return
        differ = [f"{k} {theirs[k]!r} (this run: {identity[k]!r})" for k in ("llm", "system") if theirs[k] != identity[k]]
        if theirs["config"] != identity["config"]:
            mine, old = identity["config"], theirs["config"] if isinstance(theirs["config"], dict) else {}
            differ += [f"{k}={old.get(k)!r} (this run: {mine.get(k)!r})" for k in sorted(mine) if old.get(k) != mine.get(k)]
        raise ConfigError(
            f"--out {path} holds a run made another way: {'; '.join(differ)}; resuming would mix the two runs' "
            f"answers: give another --out, or delete {path} (and its .trajectory.jsonl) to audit again"
        )


def checker_only(case: Case, toolbox: Toolbox, config: AuditConfig) -> tuple[Artifact, dict[str, Any]]:
    """No model at all: the three checkers, the paper's translator, no agents."""
    observations = []
    for name in CHECKERS:
        if name in toolbox.specs:
            args = case_args(toolbox.specs[name], case)
            observations.append((name, toolbox.call(name, args)))
    found = candidates_from(observations, case)
    reported, expected = observed_values(observations, case)
    from auditgraph.agents.case_records import RULE_PRIORITY

    rules = tuple(sorted(c.rule for c in found))
    best = next((c for r in RULE_PRIORITY for c in found if c.rule == r), None)
    calculated = best.expected_value if best else (expected if expected is not None else reported)
    # the same evidence rule as the agents: a fact no checker evaluated is not_evaluable, never consistent
    outcome = settle("violation" if found else "consistent", rules, [], observations, case, checkers=True)
    artifact = Artifact(
        case_id=case.case_id,
        filing_id=case.filing_id,
        concept=case.concept,
        period=case.period,
        system="checker-only",
        llm="none",
        config=config.as_json(),
        status="ok",
        extracted_value=(best.reported_value if best and best.reported_value else reported),
        calculated_value=calculated,
        verdict=outcome.verdict,
        rules=outcome.rules,
        reason_code=outcome.code,
        reason=outcome.reason,
        action_path=tuple(name for name, _ in observations),
    )
    return artifact, {
        "case_id": case.case_id,
        "llm": "none",
        "checker_only": [{"tool": n, "observation": o} for n, o in observations],
    }


CASE_TIMEOUT = 900.0  # seconds per case: two juniors, refinement rounds and the senior
RUN_TIMEOUT = 86400.0  # seconds per run


def run_cases(
    cases: list[Case],
    toolbox: Toolbox,
    policy: Policy | None,
    config: AuditConfig,
    out: Path,
    concurrency: int = 1,
    mapping: MassMapping | None = None,
    on_done: Callable[[Artifact], None] | None = None,
    case_timeout: float | None = CASE_TIMEOUT,
    run_timeout: float | None = RUN_TIMEOUT,
    clock: Callable[[], float] = time.monotonic,
) -> RunSummary:
    """Audit `cases` (policy None = checker-only) into `out` and its trajectory sidecar.

    No model is asked after a case's `case_timeout` or the run's `run_timeout` (seconds, None = no
    limit): those cases end inconclusive with reason "deadline", cases not started by the run
    deadline without any call. A call already running is bounded by the provider's timeout."""
    check_output(out)  # the run is rewritten by replacing the file, and its sidecar is made beside it
    out.parent.mkdir(parents=True, exist_ok=True)
    side = trajectory_path(out)
    identity = {
        "llm": policy.label if policy else "none",
        "system": system_name(config) if policy else "checker-only",
        "config": config.as_json(),
    }
    _refuse_another_run(out, identity)
    done = _read_done(out)
    done_traj = _read_done(side)
    todo = [c for c in cases if c.case_id not in done]
    toolbox = toolbox.memoized()
    lock = threading.Lock()
    fresh: dict[str, tuple[str, str]] = {}

    run_end = clock() + run_timeout if run_timeout else None

    def deadline() -> Deadline | None:
        now = clock()
        ends = [(now + case_timeout, f"the case timeout ({case_timeout:g} s) passed")] if case_timeout else []
        ends += [(run_end, f"the run timeout ({run_timeout:g} s) passed")] if run_end is not None else []
        if not ends:
            return None
        at, why = min(ends)
        return Deadline(at=at, clock=clock, why=why)

    def one(case: Case) -> tuple[Artifact, dict[str, Any]]:
        try:
            if policy is None:
                return checker_only(case, toolbox, config)
            if run_end is not None and clock() >= run_end:
                why = f"deadline passed: the run timeout ({run_timeout:g} s) passed before the case started"
                return deadline_artifact(case, policy.label, config, why), {"case_id": case.case_id, "deadline": why}
            return audit_case(case, policy, toolbox, config, mapping, deadline())
        except AuditGraphError as exc:  # e.g. the graph went away: record the case as failed, go on
            return error_artifact(case, policy.label if policy else "none", config, str(exc)), {
                "case_id": case.case_id,
                "error": str(exc),
            }

    # Drop lines of cases that will be re-run (earlier errors) before appending fresh results.
    _rewrite(out, [done[c.case_id] for c in cases if c.case_id in done])
    _rewrite(side, [done_traj[c.case_id] for c in cases if c.case_id in done_traj])
    with out.open("a", encoding="utf-8") as fa, side.open("a", encoding="utf-8") as ft:

        def record(artifact: Artifact, traj: dict[str, Any]) -> None:
            line, tline = artifact.to_json(), canonical_json(traj)
            with lock:
                fa.write(line + "\n")
                fa.flush()
                ft.write(tline + "\n")
                ft.flush()
                fresh[artifact.case_id] = (line, tline)
            if on_done:
                on_done(artifact)

        if concurrency <= 1:
            for case in todo:
                record(*one(case))
        else:
            pool = ThreadPoolExecutor(max_workers=concurrency)
            try:
                for fut in as_completed([pool.submit(one, c) for c in todo]):
                    record(*fut.result())
            except BaseException:  # Ctrl-C: drop queued cases now; finished ones are on disk for --resume
                pool.shutdown(wait=False, cancel_futures=True)
                raise
            pool.shutdown()
    lines, tlines = [], []
    for c in cases:
        if c.case_id in fresh:
            lines.append(fresh[c.case_id][0])
            tlines.append(fresh[c.case_id][1])
        elif c.case_id in done:
            lines.append(done[c.case_id])
            if c.case_id in done_traj:
                tlines.append(done_traj[c.case_id])
    _rewrite(out, lines)
    _rewrite(side, tlines)
    parsed = [json.loads(x) for x in lines]
    return summarize(parsed, resumed=len(cases) - len(todo), audited=len(fresh), out=out, trajectory=side)


def summarize(records: list[dict[str, Any]], resumed: int, audited: int, out: Path, trajectory: Path) -> RunSummary:
    """Counts over a run's artifacts, with why cases ended without a verdict."""
    codes = Counter(str(p["reason_code"]) for p in records if p.get("reason_code"))
    provider = [p for p in records if p.get("reason_code") in PROVIDER_REASONS]
    return RunSummary(
        cases=len(records),
        audited=audited,
        resumed=resumed,
        errors=sum(1 for p in records if p.get("status") == "error"),
        violations=sum(1 for p in records if p.get("verdict") == "violation"),
        out=out,
        trajectory=trajectory,
        inconclusive=sum(1 for p in records if p.get("verdict") == "inconclusive"),
        not_evaluable=sum(1 for p in records if p.get("verdict") == "not_evaluable"),
        reasons=tuple(sorted(codes.items(), key=lambda kv: (-kv[1], kv[0]))),
        provider_failures=len(provider),
        first_provider_reason=str(provider[0].get("reason"))[:200] if provider else None,
    )


def _rewrite(path: Path, lines: Iterable[str]) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    tmp.replace(path)
