"""Wiring for callers (CLI, eval): the catalog over a graph, a policy for an --llm, case lists.

session = open_session(graph, "none")                 # or "openai:gpt-4o", None = checker-only
artifacts = audit_cases(graph, cases, "none")         # list[Artifact], in case order
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from auditgraph.agents.cache import ModelCache
from auditgraph.agents.case_records import Artifact, Case
from auditgraph.agents.junior_loop import AuditConfig
from auditgraph.agents.policy import DeterministicPolicy, ModelPolicy, Policy
from auditgraph.agents.role_client import ChatClient
from auditgraph.agents.role_tools import Toolbox, catalog_toolbox
from auditgraph.agents.runner import run_cases
from auditgraph.config import cache_dir as default_cache_root
from auditgraph.llm.providers import ModelSpec, check_served_model


@dataclass
class AgentSession:
    toolbox: Toolbox
    policy: Policy | None  # None = checker-only (no model configured)
    client: ChatClient | None = None

    @property
    def label(self) -> str:
        return self.policy.label if self.policy else "checker-only"

    def model_calls(self) -> int:
        return self.client.calls if self.client else 0

    def cache_hits(self) -> int:
        return self.client.cache.hits if self.client else 0


def open_session(
    graph: Any,
    llm: str | None,
    base_url: str | None = None,
    cache_dir: Path | None = None,
    use_cache: bool = True,
    toolbox: Toolbox | None = None,
    max_output_tokens: int | None = None,
    **spec_kw: Any,
) -> AgentSession:
    """`llm` None: checker-only; "none": the deterministic policy; else a provider model.

    `max_output_tokens` caps every role's budget (it is part of the spec, so of the cache key);
    an OpenAI-compatible server that lists models must list the one asked for (ConfigError)."""
    box = toolbox or catalog_toolbox(graph)
    if not llm:
        return AgentSession(box, None)
    kw = {k: v for k, v in spec_kw.items() if v is not None}
    if max_output_tokens:
        kw["max_output_tokens"] = max_output_tokens
    spec = ModelSpec.parse(llm, base_url=base_url, **kw)
    if spec.provider == "none":
        return AgentSession(box, DeterministicPolicy())
    root = (cache_dir or default_cache_root() / "llm") if use_cache else None
    check_served_model(spec)
    # the cache keeps answers only, so errors are always retried
    client = ChatClient(spec, ModelCache(root))
    return AgentSession(box, ModelPolicy(client), client)


AGENT_RULES = ("0015", "0117", "0126")  # the rule families AuditFlow's juniors, tools and fusion know (reports.RULES)


@dataclass(frozen=True)
class FilingScope:
    """What `agents audit FILING` audits, and what `audit` reports beyond it (so a user is told where the rest are)."""

    cases: list[Case]
    others: dict[str, int]  # rule family ("0047", "calc11") -> findings the agents do not audit


def filing_cases(graph: Any, filing_id: str, coverage: str = "expanded") -> list[Case]:
    """One case per distinct fact the checkers flag in the filing (concept, period, dims, unit)."""
    return filing_scope(graph, filing_id, coverage, every_rule=False).cases


def filing_scope(graph: Any, filing_id: str, coverage: str = "expanded", *, every_rule: bool = True) -> FilingScope:
    """The agents' cases (findings of AGENT_RULES) and, with `every_rule`, the count of every other finding
    `auditgraph audit` reports (CALC11 and the other DQC families), from one run of the same rules."""
    from auditgraph.checks.audit import audit_filing

    report = audit_filing(graph, filing_id, rules=None if every_rule else AGENT_RULES, coverage=coverage)  # type: ignore[arg-type]
    cases: dict[tuple[str, str | None, tuple[str, ...], str | None], Case] = {}
    others: dict[str, int] = {}
    for f in report.findings:
        family = f.rule_id.rsplit(".", 1)[-1]
        if family not in AGENT_RULES:
            others[family] = others.get(family, 0) + 1
            continue
        if not f.concept:
            continue
        key = (f.concept, f.period, tuple(sorted(f.dimensions)), f.unit)
        if key not in cases:
            dims = "|".join(key[2])
            cid = f"{filing_id}|{f.concept}|{f.period or ''}" + (f"|{dims}" if dims else "")
            cases[key] = Case(case_id=cid, filing_id=filing_id, concept=f.concept, period=f.period, dims=key[2], unit=f.unit)
    if report.calc11:
        others["calc11"] = len(report.calc11)
    return FilingScope(list(cases.values()), others)


def audit_cases(
    graph: Any,
    cases: list[Case],
    llm: str | None = "none",
    config: AuditConfig | None = None,
    base_url: str | None = None,
    cache_dir: Path | None = None,
    concurrency: int = 1,
    progress: Callable[[int], Any] | None = None,
) -> list[Artifact]:
    """Audit `cases` in memory (for eval): artifacts in case order; nothing is left on disk."""
    session = open_session(graph, llm, base_url=base_url, cache_dir=cache_dir)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "run.jsonl"
        run_cases(
            cases,
            session.toolbox,
            session.policy,
            config or AuditConfig(),
            out,
            concurrency,
            on_done=(lambda _a: progress(1)) if progress else None,
        )
        return [Artifact.model_validate_json(line) for line in out.read_text(encoding="utf-8").splitlines()]
