"""Optional model help: an LLM planner and a sentence reader whose proposals are validated, never trusted.

The model is reached through `auditgraph.llm.providers`, the providers the agents use: `--llm
openai:MODEL`, `anthropic:MODEL` or `openai-compatible[:MODEL] --base-url URL` (vLLM, sglang,
llama.cpp, Ollama). The model sees the question and the registry, never the candidate claim.
Its JSON plan must name a registry metric, or an operation over registry concepts / QNames;
anything else is rejected and the deterministic planner decides instead.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError, field_validator

from auditgraph.errors import ModelError, ProviderError
from auditgraph.llm.providers import PROVIDERS, ModelSpec, PlainChat, api_key, check_served_model
from auditgraph.verifier import formula as fx
from auditgraph.verifier.plan import LabelLookup, PlanFailure, Planner, exact_label, extract_period
from auditgraph.verifier.registry import Registry
from auditgraph.verifier.types import AbstainReason, OperandSpec, PeriodRequest, Plan, Unit
from auditgraph.verifier.vocabulary import role_name

_QNAME = re.compile(r"^[a-z][a-z0-9-]*:[A-Z][A-Za-z0-9_]+$")
_SCALES = {"units": Decimal(1), "thousands": Decimal(10) ** 3, "millions": Decimal(10) ** 6, "billions": Decimal(10) ** 9}
OUTPUT_BUDGET = 1024  # a plan or a repaired answer is one short JSON object or number


class ChatModel(PlainChat):
    """The verifier's model: a shared-provider chat model, text in and out, temperature 0."""

    def __init__(self, spec: ModelSpec, max_tokens: int = OUTPUT_BUDGET):
        super().__init__(spec, max_tokens)

    @property
    def model(self) -> str:
        return self.spec.model

    @classmethod
    def from_options(cls, llm: str | None, base_url: str | None) -> ChatModel | None:
        """`--llm` / `--base-url`, else AUDITGRAPH_VERIFIER_MODEL / AUDITGRAPH_VERIFIER_BASE_URL / OPENAI_BASE_URL.

        A bare model name with a base URL is the earlier spelling of `openai-compatible:NAME`."""
        llm = llm or os.environ.get("AUDITGRAPH_VERIFIER_MODEL")
        base_url = base_url or os.environ.get("AUDITGRAPH_VERIFIER_BASE_URL") or os.environ.get("OPENAI_BASE_URL")
        if not llm or llm == "none":
            return None
        provider = llm.partition(":")[0]
        if provider not in PROVIDERS and base_url:
            llm = f"openai-compatible:{llm}"
        spec = ModelSpec.parse(llm, base_url=base_url)
        api_key(spec)  # a missing key is a usage error now, not an Abstain per claim later
        check_served_model(spec)  # a name the server does not list is a usage error too (exit 2)
        return cls(spec)


class _Period(BaseModel):
    fiscal_year: int | None = Field(default=None, ge=1990, le=2100)
    quarter: int | None = Field(default=None, ge=1, le=4)
    end_date: date | None = None
    months: Literal[3, 6, 9, 12] | None = None


class _Operation(BaseModel):
    formula: str
    operands: dict[str, str]

    @field_validator("formula")
    @classmethod
    def _arith(cls, v: str) -> str:
        fx.parse(v)  # + - * / over names only, or ValueError
        return v


class ModelPlan(BaseModel):
    """What the model may say; pydantic rejects anything else."""

    metric: str | None = None
    operation: _Operation | None = None
    period: _Period = Field(default_factory=_Period)
    scale: Literal["units", "thousands", "millions", "billions"] = "units"
    percent: bool = False
    extracted: dict[str, str] = Field(default_factory=dict)  # operand -> value read from the evidence


def _system_prompt(registry: Registry) -> str:
    metrics = "\n".join(f"- {m.id}: {m.label}" for m in registry.metrics.values())
    concepts = "\n".join(f"- {c.id}: {c.label}" for c in registry.concepts.values())
    return (
        "You turn a question about one SEC filing into a verification plan. Reply with ONE JSON object only:\n"
        '{"metric": <metric id or null>, "operation": null or {"formula": "x - y", "operands": {"x": <concept id or QName>, "y": ...}},\n'
        ' "period": {"fiscal_year": int|null, "quarter": 1-4|null, "end_date": "YYYY-MM-DD"|null, "months": 3|6|9|12|null},\n'
        ' "scale": "units"|"thousands"|"millions"|"billions", "percent": true|false}\n'
        "Use an operation only when the question states one. Formulas use + - * / and parentheses.\n"
        f"Metrics:\n{metrics}\nConcepts:\n{concepts}\n"
    )


def parse_model_json(text: str) -> ModelPlan:
    m = re.search(r"\{.*\}", text, re.S)
    if not m:
        raise ModelError("the model's reply holds no JSON object")
    try:
        return ModelPlan.model_validate(json.loads(m.group(0)))
    except (ValueError, ValidationError) as exc:
        raise ModelError(f"the model's plan is malformed: {str(exc).splitlines()[0]}") from exc


class LLMPlanner:
    """Model-proposed plans, checked against the registry; falls back to the deterministic planner."""

    def __init__(self, model: ChatModel, registry: Registry):
        self.model = model
        self.registry = registry
        self.fallback = Planner(registry)
        self.name = f"llm:{model.label}"

    def plan(self, question: str, entity_words: Sequence[str] = (), labels: LabelLookup | None = None) -> Plan | PlanFailure:
        try:
            reply = self.model.complete(
                [{"role": "system", "content": _system_prompt(self.registry)}, {"role": "user", "content": question}]
            )
            proposed = parse_model_json(reply)
            plan = self._admit(proposed, question, labels)
        except ProviderError as exc:  # the call failed or the reply is unusable: the deterministic plan decides
            plan = PlanFailure(AbstainReason.PLAN_REJECTED, str(exc))
        det = self.fallback.plan(question, entity_words, labels)
        if isinstance(plan, Plan):
            # kept for the audit trail: how the deterministic planner read the same question
            if isinstance(det, PlanFailure) or det.target.startswith("term:"):  # a term: the planner placed nothing
                why = det.message if isinstance(det, PlanFailure) else det.notes[0]
                plan = replace(plan, notes=(*plan.notes, f"deterministic planner: {why}"))
            elif (det.target, det.explicit_formula) != (plan.target, plan.explicit_formula):
                plan = replace(
                    plan,
                    notes=(
                        *plan.notes,
                        f"deterministic planner read {det.target}"
                        + (f" ({det.explicit_formula})" if det.explicit_formula else ""),
                    ),
                )
            return plan
        if isinstance(det, Plan):
            return replace(det, notes=(*det.notes, f"model plan rejected ({plan.message}); deterministic plan used"))
        return PlanFailure(
            AbstainReason.PLAN_REJECTED, f"model plan rejected ({plan.message}); deterministic planner: {det.message}"
        )

    def _admit(self, p: ModelPlan, question: str, labels: LabelLookup | None) -> Plan | PlanFailure:
        period = PeriodRequest(p.period.fiscal_year, p.period.quarter, p.period.end_date, p.period.months, "model plan")
        if p.period == _Period():  # the model saw no period; read it from the question ourselves
            period = extract_period(question)[0]
        common: dict[str, Any] = dict(period=period, scale=_SCALES[p.scale], percent_question=p.percent)
        if p.metric:
            if p.metric not in self.registry.metrics:
                return PlanFailure(AbstainReason.PLAN_REJECTED, f"metric {p.metric!r} is not in the registry")
            plan = self.fallback.metric(p.metric, common, note="model plan, registry-checked")
            return replace(plan, planner=self.name)
        if p.operation:
            expr = fx.parse(p.operation.formula)
            names = fx.roles(expr)
            if set(names) != set(p.operation.operands):
                return PlanFailure(
                    AbstainReason.PLAN_REJECTED,
                    f"operation {p.operation.formula!r} and its operands {sorted(p.operation.operands)} disagree",
                )
            specs, mapping = [], {}
            for var in names:
                spec = self._operand(var, p.operation.operands[var], p.extracted.get(var), labels)
                if isinstance(spec, PlanFailure):
                    return spec
                specs.append(spec)
                mapping[var] = spec.role
            if len({s.role for s in specs}) != len(specs):
                return PlanFailure(AbstainReason.PLAN_REJECTED, "two operands resolve to the same concept")
            expr = fx.substitute(expr, mapping)
            unit = Unit.RATIO if fx.denominators(expr) else Unit.MONETARY
            return Plan(
                target="explicit operation",
                target_label=f"model operation: {fx.render(expr)}",
                unit=unit,
                explicit_formula=fx.render(expr),
                operands=tuple(specs),
                planner=self.name,
                **common,
            )
        return PlanFailure(AbstainReason.PLAN_REJECTED, "the model plan names neither a metric nor an operation")

    def _operand(self, var: str, term: str, extracted: str | None, labels: LabelLookup | None) -> OperandSpec | PlanFailure:
        value = None
        if extracted:
            try:
                value = Decimal(extracted.replace(",", ""))
            except InvalidOperation:
                return PlanFailure(AbstainReason.PLAN_REJECTED, f"operand {var}: extracted value {extracted!r} is not a number")
        if term in self.registry.concepts:
            c = self.registry.concepts[term]
            return OperandSpec(c.id, term, c.candidates, stage="registry", extracted_value=value)
        if _QNAME.match(term):
            entry = self.registry.concept_for_qname(term)
            return OperandSpec(
                entry.id if entry else role_name(term),
                term,
                (term,),
                stage="registry" if entry else "qname",
                extracted_value=value,
            )
        if labels is not None:
            qname, _, how = exact_label(term, labels)
            if qname:
                return OperandSpec(role_name(qname), term, (qname,), stage="label", extracted_value=value)
            return PlanFailure(AbstainReason.PLAN_REJECTED, f"operand {var} ({term!r}): {how}")
        return PlanFailure(AbstainReason.PLAN_REJECTED, f"operand {var} ({term!r}) is not a registry concept or QName")


# ------------------------------------------------------------------ sentences
class ProposedFigure(BaseModel):
    """One number of a claim sentence as the model reads it; every field is checked, nothing trusted."""

    metric: str  # a registry metric/concept id, a QName, or the sentence's own words for the line item
    number: str  # verbatim from the sentence
    kind: Literal["level", "growth", "change"] = "level"
    period: str | None = None  # verbatim words of the sentence that give the period, if any


class ProposedReading(BaseModel):
    figures: list[ProposedFigure] = Field(default_factory=list, max_length=12)


def _sentence_prompt(registry: Registry) -> str:
    metrics = ", ".join(registry.metrics)
    concepts = ", ".join(registry.concepts)
    return (
        "You read one sentence about a company's SEC filing and list its checkable numbers. Reply with ONE JSON "
        'object only: {"figures": [{"metric": <registry id, QName or the sentence\'s words for the line item>, '
        '"number": <the number exactly as written in the sentence>, "kind": "level"|"growth"|"change", '
        '"period": <the sentence\'s own words for its period, or null>}]}\n'
        "Never compute or change a number; copy it. Leave out numbers that are no reported figure.\n"
        f"Registry metrics: {metrics}\nRegistry concepts: {concepts}\n"
    )


class SentenceProposer:
    """A model's reading of a sentence the deterministic reader left open, rewritten as plain claim
    sentences ("net income was $5.4 billion in 2023") that the same reader, grounding and Z3 then
    check. Numbers and period words must be copied from the sentence; the model decides nothing."""

    def __init__(self, model: ChatModel, registry: Registry):
        self.model = model
        self.registry = registry
        self.name = f"llm:{model.label}"

    def propose(self, sentence: str, words_for: Callable[[str], str | None]) -> tuple[list[str], list[str]]:
        """(plain sentences to verify, why each other figure was refused). `words_for` turns a QName
        into words the reader knows (the filer's label), or None."""
        try:
            reply = self.model.complete(
                [{"role": "system", "content": _sentence_prompt(self.registry)}, {"role": "user", "content": sentence}]
            )
            m = re.search(r"\{.*\}", reply, re.S)
            if not m:
                raise ModelError("the model's reply holds no JSON object")
            reading = ProposedReading.model_validate(json.loads(m.group(0)))
        except (ValueError, ValidationError) as exc:
            return [], [f"model reading rejected: {str(exc).splitlines()[0]}"]
        except ProviderError as exc:
            return [], [f"model reading failed: {exc}"]
        plain, refused = [], []
        for f in reading.figures:
            if f.number.strip() not in sentence:
                refused.append(f"model figure {f.number!r} is not written in the sentence")
                continue
            if f.period and f.period.strip() not in sentence:
                refused.append(f"model period {f.period!r} is not written in the sentence")
                continue
            name = self._words(f.metric.strip(), words_for)
            if name is None:
                refused.append(f"model metric {f.metric!r} is no registry entry or reported concept")
                continue
            verb = {"level": "was", "growth": "changed", "change": "changed by"}[f.kind]
            tail = " compared with the prior year" if f.kind != "level" else ""
            plain.append(f"{name} {verb} {f.number.strip()} {f.period or ''}{tail}".replace("  ", " ").strip())
        return plain, refused

    def _words(self, metric: str, words_for: Callable[[str], str | None]) -> str | None:
        if metric in self.registry.metrics:
            return self.registry.metrics[metric].aliases[0] if self.registry.metrics[metric].aliases else None
        if metric in self.registry.concepts:
            return self.registry.concepts[metric].aliases[0] if self.registry.concepts[metric].aliases else None
        if _QNAME.match(metric):
            words = words_for(metric)
            return f"{words} [{metric}]" if words else None
        return metric if re.fullmatch(r"[A-Za-z][A-Za-z&',.\- ]{1,80}", metric) else None
