"""`verify_claim`: the verifier as a tool (a ToolSpec and its runner) for the MCP server.

The app layer composes this Toolbox into `auditgraph mcp` (src/auditgraph/app/mcp_server.py); the runner
raises on bad arguments and errors, and the door (Toolbox.call) makes them observations.
The deterministic planner decides, as `auditgraph verify` does with no model configured; Z3 and
the registry load on the first call.
"""

from __future__ import annotations

import threading
from typing import Any

from pydantic import BaseModel, Field

from auditgraph.errors import ConfigError
from auditgraph.graph import Graph
from auditgraph.tools.base import READ_ONLY, ToolSpec
from auditgraph.tools.toolbox import Toolbox


class VerifyArgs(BaseModel):
    filing_id: str = Field(description="the filing: its id, accession, folder name or ticker/form/period words")
    claim: str = Field(
        description="a claim sentence ('Revenue rose 6.7% to $33.7 billion in 2023'), or with `question` the answer "
        "alone ('$33.7 billion', '2,000', '44.1%')"
    )
    question: str | None = Field(
        None, description="the question the claim answers ('What was revenue in 2023?'); omit to verify a sentence"
    )


_DECISION = {"type": "string", "enum": ["Verified", "Violated", "Abstain"]}
OUTPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["status", "decision", "reason", "mode", "verdict"],
    "properties": {
        "tool": {"type": "string"},
        "status": {"type": "string", "enum": ["ok", "error", "no_data"]},
        "message": {"type": "string"},
        "decision": _DECISION,
        "reason": {"type": "string", "description": "one sentence; for Abstain the exact missing requirement"},
        "abstain_reason": {"type": ["string", "null"]},
        "mode": {"type": "string", "enum": ["sentence", "answer"], "description": "a claim sentence, or a question's answer"},
        "verdict": {
            "type": "object",
            "description": "the full record (`auditgraph verify --json`): bindings to fact ids, formulas, unsat core, "
            "expected range, direction; a sentence has one verdict per sub-claim under subclaims",
            "required": ["decision", "filing_id"],
            "properties": {
                "decision": _DECISION,
                "filing_id": {"type": "string"},
                "reason": {"type": "string"},
                "core": {"type": "array", "items": {"type": "string"}},
                "bindings": {"type": "array", "items": {"type": "object"}},
                "subclaims": {"type": "array", "items": {"type": "object"}},
                "expected": {"type": ["array", "null"], "items": {"type": "string"}},
                "direction": {"type": ["string", "null"]},
            },
        },
    },
}

SPEC = ToolSpec(
    "verify_claim",
    "Prove or refute a numerical claim about a loaded filing with Z3: Verified, Violated (with the unsat core: the "
    "facts and formulas the claim contradicts, and whether it overstates or understates) or Abstain (the missing "
    "requirement). Every operand is bound to a filed fact id.",
    "dynamic",
    VerifyArgs.model_json_schema(),
    title="Verify a numerical claim (Z3)",
    hints=READ_ONLY,
    output_schema=OUTPUT_SCHEMA,
)


def verifier_toolbox(graph: Graph) -> Toolbox:
    """`verify_claim` over the graph; a Verifier per call (a filing loaded meanwhile is read fresh)."""
    lock = threading.Lock()
    registry: list[Any] = []

    def run(name: str, args: dict[str, Any]) -> dict[str, Any]:
        from auditgraph.verifier.registry import load_registry
        from auditgraph.verifier.verify import Verifier

        a = VerifyArgs.model_validate(args)  # bad arguments raise: the door (Toolbox.call) makes the observation
        if not a.claim.strip():
            raise ConfigError("the claim is empty; write one such as 'Revenue was $12.5 million in 2025'")
        with lock:
            if not registry:
                registry.append(load_registry(None))
        verifier = Verifier(graph, registry[0])
        if a.question:
            verdict: Any = verifier.verify(a.filing_id, a.question, a.claim)
        else:
            verdict = verifier.verify_sentence(a.filing_id, a.claim)
        reason = verdict.abstain_reason.value if verdict.abstain_reason else None
        if reason == "unknown_filing":
            return {"tool": name, "status": "error", "message": verdict.reason}
        return {
            "tool": name,
            "status": "ok",
            "message": f"{verdict.decision.value}: {verdict.reason}",
            "decision": verdict.decision.value,
            "reason": verdict.reason,
            "abstain_reason": reason,
            "mode": "answer" if a.question else "sentence",
            "verdict": verdict.to_json(),
        }

    return Toolbox([SPEC], run)
