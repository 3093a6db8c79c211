"""The auditors' model client: per-role output budgets (AuditFlow Appendix G) over the shared
tool-calling client of `auditgraph.llm.providers`, with calls keyed like the on-disk cache.

Everything about providers (spec parsing, keys, scrubbing, building the langchain model, the
canonical turn, tool_choice, the text tool protocol) is in `auditgraph.llm.providers`; this
module only says what each role gets.
"""

from __future__ import annotations

from typing import Any

from auditgraph.agents.cache import ModelCache, cache_key
from auditgraph.llm.providers import ModelSpec, ToolChat

SENIOR_BUDGET = 8192  # the senior reads both junior reports
JUNIOR_BUDGET = 4096
JUNIOR_BUDGETS = {"gpt-4o": 2048, "fino1": 3072}  # by model-name prefix, lower-cased


def output_budget(spec: ModelSpec, role: str) -> int:
    """Output tokens for one role: the senior (AS) more, juniors by model-name prefix; never more
    than --max-output-tokens (`spec.max_output_tokens`)."""
    if role == "AS":
        budget = SENIOR_BUDGET
    else:
        name = spec.model.lower()
        budget = next((v for k, v in JUNIOR_BUDGETS.items() if name.startswith(k)), JUNIOR_BUDGET)
    return min(budget, spec.max_output_tokens) if spec.max_output_tokens else budget


class ChatClient(ToolChat):
    """Cached, tool-calling model calls for all three roles of a run (one backbone per run)."""

    cache: ModelCache  # the on-disk cache (its hit counts are the run summary's)

    def __init__(self, spec: ModelSpec, cache: ModelCache):
        super().__init__(spec, cache)

    def output_budget(self, role: str) -> int:
        return output_budget(self.spec, role)

    def cache_key(
        self, role: str, system: str, messages: list[dict[str, Any]], tool_names: list[str], settings: str | None = None
    ) -> str:
        # the model's settings (output cap, tool choice, tool protocol) are part of the key
        return cache_key(role, settings or self.spec.settings_key(), system, messages, tool_names)
