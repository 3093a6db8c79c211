"""The auditors' prompts: system prompts in agents/prompts/*.md, task messages built here."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING

from auditgraph.agents.case_records import Case, canonical_json

if TYPE_CHECKING:
    from auditgraph.agents.case_records import JuniorReport
    from auditgraph.agents.junior_loop import AuditConfig

_FILES = {"A1": "compliance.md", "A2": "forensic.md", "AS": "senior.md"}


@cache
def _read(name: str) -> str:
    return (files("auditgraph.agents") / "prompts" / name).read_text(encoding="utf-8")


@cache
def _override_policies() -> dict[str, str]:
    out = {}
    for line in _read("overrides.md").splitlines():
        key, sep, text = line.partition(":")
        if sep:
            out[key.strip()] = text.strip()
    return out


def junior_system(role: str, config: AuditConfig, required: tuple[str, ...]) -> str:
    return (
        _read(_FILES[role])
        .format(
            budget=config.budget, required=", ".join(required) or "none", override_policy=_override_policies()[config.reporting]
        )
        .strip()
    )


def junior_task(case: Case) -> str:
    return (
        "Audit this case. Decide whether the reported value violates DQC.US.0015, DQC.US.0117 or "
        f"DQC.US.0126 and report the reported and expected values.\n{canonical_json(case.prompt_view())}"
    )


def refinement(round_no: int, feedback: str, role: str) -> str:
    return (
        f"Senior Auditor feedback, refinement round {round_no}:\n{feedback}\n\n"
        f"Re-examine the evidence as {role}, then submit a new report with `final_report`."
    )


def senior_system() -> str:
    return _read(_FILES["AS"]).strip()


def senior_task(case: Case, reports: list[JuniorReport]) -> str:
    view = {r.role: {k: v for k, v in r.model_dump(mode="json").items() if k not in ("confidence",)} for r in reports}
    return f"Case:\n{canonical_json(case.prompt_view())}\n\nJunior reports:\n{canonical_json(view)}"
