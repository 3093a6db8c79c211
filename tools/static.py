"""Static catalog: taxonomy tools, fact retrieval and the three DQC checkers (Compliance Auditor)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, Field

from auditgraph.checks.audit import run_rules
from auditgraph.checks.calc_tree import check_calc_tree, statement_roles
from auditgraph.checks.cubes import build_cubes, is_statement
from auditgraph.checks.filing_data import load_filing_data
from auditgraph.checks.result import CheckResult
from auditgraph.checks.rule_data import DIM_AXES, sign_list, split_key
from auditgraph.checks.rulebook import Scope, parse_rules, registry
from auditgraph.errors import ConfigError
from auditgraph.graph import Graph
from auditgraph.tools.base import (
    QUERY_TIMEOUT_S,
    Rows,
    Tool,
    ToolResult,
    dims_match,
    filing_release,
    jsonable,
    period_matches,
    resolve_concept,
    rows_result,
)


class ConceptArgs(BaseModel):
    filing_id: str = Field(description="the filing's id")
    concept: str = Field(description="QName (us-gaap:Revenues), local name, or concept key")


class NetworkArgs(ConceptArgs):
    role: str | None = Field(None, description="only this extended link role URI")


class FactArgs(ConceptArgs):
    period: str | None = Field(None, description="2023-12-31 (instant or duration end), 2023-01-01/2023-12-31, or a Period key")
    dimensions: dict[str, str] | None = Field(
        None, description="axis QName -> member QName; {} for non-dimensional facts only; omit for any"
    )
    unit: str | None = Field(None, description="unit key, e.g. iso4217:USD")


class CheckArgs(BaseModel):
    filing_id: str = Field(description="the filing's id")
    concept: str | None = Field(None, description="limit to this concept (QName or local name); omit for the whole filing")
    period: str | None = Field(None, description="Period key (duration:2023-01-01/2023-12-31 or instant:2023-12-31)")


class SignArgs(CheckArgs):
    coverage: Literal["expanded", "limited"] = Field(
        "expanded", description="expanded: full official DQC.US.0015 list; limited: its debit-balance concepts only"
    )


class CalcTreeArgs(CheckArgs):
    whole_tree: bool = Field(False, description="also check every descendant total of the concept")


class CheckToolResult(ToolResult):
    rule: str
    outcome: Literal["violation", "ok", "not_evaluable", "no_data"]
    reported_value: str | None = None
    expected_value: str | None = None
    violations: int = 0
    ok: int = 0
    not_evaluable: int = 0
    results: list[CheckResult] = Field(default_factory=list)


def _check_result(rule: str, results: list[CheckResult], concept: str | None, limit: int = 25) -> CheckToolResult:
    bad = [r for r in results if r.status == "violation"]
    ok = [r for r in results if r.status == "ok"]
    ne = [r for r in results if r.status == "not_evaluable"]
    outcome: Literal["violation", "ok", "not_evaluable", "no_data"] = (
        "violation" if bad else "ok" if ok else "not_evaluable" if ne else "no_data"
    )
    leads = bad or (ok if concept else []) or ne  # filing-wide: an ok row says nothing on its own
    lead = leads[0] if leads else None
    shown = (bad + ne + ok)[:limit] if len(results) > limit else bad + ne + ok
    msg = (lead.message or lead.reason) if lead else (f"{len(ok)} item(s) checked, no violation" if ok else "no applicable facts")
    return CheckToolResult(
        rule=rule,
        outcome=outcome,
        status="no_data" if outcome == "no_data" else "ok",
        message=msg,
        reported_value=lead.reported_value if lead else None,
        expected_value=lead.expected_value if lead else None,
        violations=len(bad),
        ok=len(ok),
        not_evaluable=len(ne),
        results=shown,
    )


def _known(graph: Graph, filing_id: str, concept: str | None) -> None:
    """A check of a filing or concept that is not in the database is an error, never a verdict."""
    if concept:
        resolve_concept(graph, filing_id, concept)  # says which of the two is unknown
    else:
        filing_release(graph, filing_id)


def _run_family(graph: Graph, key: str, a: CheckArgs, coverage: str = "expanded") -> ToolResult:
    """One registered rule family on the filing (checks.rulebook: the same guards and results as `check`)."""
    _known(graph, a.filing_id, a.concept)
    [key] = parse_rules(key)
    scope = Scope(concept=a.concept, period=a.period, coverage=coverage)  # type: ignore[arg-type]
    results, _, _ = run_rules(graph, a.filing_id, (key,), scope=scope)
    return _check_result(registry()[key].rule_id, results[key], a.concept)


def run_check_sign(graph: Graph, a: SignArgs) -> ToolResult:
    return _run_family(graph, "0015", a, a.coverage)


def run_check_calc_tree(graph: Graph, a: CalcTreeArgs) -> ToolResult:
    if not a.whole_tree:
        return _run_family(graph, "0126", a)
    _known(graph, a.filing_id, a.concept)  # the whole tree is this tool's question, beyond the rule's scope
    return _check_result("DQC.US.0126", check_calc_tree(graph, a.filing_id, a.concept, a.whole_tree, a.period), a.concept)


def run_check_dim(graph: Graph, a: CheckArgs) -> ToolResult:
    return _run_family(graph, "0117", a)


class RuleArgs(CheckArgs):
    rule: str = Field(description="a rule family: 0018, DQC.US.0018 or calc11 (`auditgraph rules` lists them)")


def run_check_rule(graph: Graph, a: RuleArgs) -> ToolResult:
    return _run_family(graph, a.rule, a)


def run_metadata(graph: Graph, a: ConceptArgs) -> ToolResult:
    c = resolve_concept(graph, a.filing_id, a.concept)
    rows = graph.read("tools.concept_metadata", timeout=QUERY_TIMEOUT_S, key=c.key)
    meta = jsonable(rows[0]["concept"]) if rows else {}
    return Rows(
        concept=c.qname,
        rows=[
            {"metadata": meta, "node_labels": rows[0]["node_labels"] if rows else [], "labels": rows[0]["labels"] if rows else []}
        ],
    )


def _network(graph: Graph, a: NetworkArgs, query: str) -> ToolResult:
    c = resolve_concept(graph, a.filing_id, a.concept)
    rows = [
        r
        for r in graph.read(
            query,
            timeout=QUERY_TIMEOUT_S,
            key=c.key,
            filing_id=a.filing_id,
            release=c.release or filing_release(graph, a.filing_id),
        )
        if a.role is None or r["role"] == a.role
    ]
    own = [r for r in rows if r["owner"] == a.filing_id]
    source = "filing" if own else "taxonomy"
    out = rows_result(c.qname, own or rows, f"{c.qname} has no such relationships in the filing or its taxonomy")
    out.message = out.message or f"from the {source} networks"
    return out


def run_calc_children(graph: Graph, a: NetworkArgs) -> ToolResult:
    return _network(graph, a, "tools.calc_children")


def run_calc_parents(graph: Graph, a: NetworkArgs) -> ToolResult:
    return _network(graph, a, "tools.calc_parents")


def run_presentation(graph: Graph, a: NetworkArgs) -> ToolResult:
    return _network(graph, a, "tools.presentation_context")


def run_dimensions(graph: Graph, a: NetworkArgs) -> ToolResult:
    return _network(graph, a, "tools.dimensions")


def run_candidate_rules(graph: Graph, a: ConceptArgs) -> ToolResult:
    data = load_filing_data(graph, a.filing_id)
    if not data.found:
        raise ConfigError(f"no filing {a.filing_id!r} in the database; load it with `auditgraph filing load`")
    c = resolve_concept(graph, a.filing_id, a.concept)
    ns, name = split_key(c.key)
    rules: list[dict[str, Any]] = []
    try:
        eid = sign_list(data.us_gaap_year or 0).element_id(ns, name)
        if eid is not None:
            rules.append({"rule": "DQC.US.0015", "sub_rule": f"DQC.US.0015.{eid}", "why": "on the official non-negative list"})
    except ConfigError as exc:
        rules.append({"rule": "DQC.US.0015", "sub_rule": None, "why": f"not evaluable: {exc}"})
    rules += [
        {"rule": r["rule_id"], "sub_rule": r["element_id"], "why": f"dqcrules list {r['list']}"}
        for r in graph.read("tools.dqc_lists", timeout=QUERY_TIMEOUT_S, key=c.key)
    ]
    stmt = set(statement_roles(data))
    for arc in data.calc:
        if arc.role in stmt and c.key in (arc.source_key, arc.target_key):
            side = "total" if arc.source_key == c.key else "child"
            rules.append({"rule": "DQC.US.0126", "sub_rule": "DQC.US.0126.9590", "why": f"calculation {side} in {arc.role}"})
            break
    for cube in build_cubes(data):
        axes = [ax.qname for n, ax in cube.axes.items() if n in DIM_AXES]
        if is_statement(cube) and c.key in cube.primaries and axes:
            rules.append(
                {
                    "rule": "DQC.US.0117",
                    "sub_rule": "DQC.US.0117.9574/10093",
                    "why": f"line item of statement cube {cube.role} with {', '.join(axes)}",
                }
            )
    return rows_result(
        c.qname, rules, f"no DQC.US.0015/0117/0126 rule applies to {c.qname} in {a.filing_id} (check_rule runs any other family)"
    )


def run_get_fact(graph: Graph, a: FactArgs) -> ToolResult:
    c = resolve_concept(graph, a.filing_id, a.concept)
    rows = graph.read(
        "tools.facts", timeout=QUERY_TIMEOUT_S, filing_id=a.filing_id, key=c.key, qname=a.concept if ":" in a.concept else None
    )
    out = []
    for r in rows:
        if not period_matches(a.period, r["period_key"], r["kind"], r["start"], r["end"]):
            continue
        if (a.unit and r["unit"] != a.unit) or not dims_match(r["dims"], a.dimensions):
            continue
        out.append(r)
    res = rows_result(c.qname, out, f"no fact of {c.qname} in {a.filing_id} matches")
    values = {r["value"] for r in out if r["duplicate"] != "inconsistent"}
    if any(r["duplicate"] == "inconsistent" for r in out):
        res.message = "inconsistent duplicate facts: do not pick one of them"
    elif len(out) > 1 and len(values) > 1:
        res.message = f"{len(out)} facts match (different periods, dimensions or units); narrow the question"
    return res


def _tool(name: str, kind: str, params: type[BaseModel], run: Callable[..., Any], description: str) -> Tool:
    return Tool(name, description, kind, params, run)  # type: ignore[arg-type]


STATIC = [
    _tool(
        "get_concept_metadata",
        "static",
        ConceptArgs,
        run_metadata,
        "Concept type, balance, period type, abstract/nillable flags, labels and documentation.",
    ),
    _tool(
        "get_calc_children",
        "static",
        NetworkArgs,
        run_calc_children,
        "Calculation children (with weights) of a total, per role: the filing's own networks first, else the taxonomy's.",
    ),
    _tool(
        "get_calc_parents",
        "static",
        NetworkArgs,
        run_calc_parents,
        "Calculation parents (totals) a concept contributes to, per role: filing first, else taxonomy.",
    ),
    _tool(
        "get_presentation_context",
        "static",
        NetworkArgs,
        run_presentation,
        "Where a concept is presented: statement role, parent, preferred label, siblings and children.",
    ),
    _tool(
        "get_dimensions",
        "static",
        NetworkArgs,
        run_dimensions,
        "Hypercubes, axes, domains, members and defaults allowed for a line item.",
    ),
    _tool(
        "get_candidate_rules",
        "static",
        ConceptArgs,
        run_candidate_rules,
        "Which DQC rules (0015 with its element id, 0126, 0117) can apply to a concept in this filing, and why.",
    ),
    _tool(
        "get_fact",
        "static",
        FactArgs,
        run_get_fact,
        "Facts of a concept with exact value, decimals, unit, period, dimensions, context and fact id.",
    ),
    _tool(
        "check_sign",
        "static",
        SignArgs,
        run_check_sign,
        "DQC.US.0015: negative values of concepts on the official non-negative list (with its exclusions).",
    ),
    _tool(
        "check_calc_tree",
        "static",
        CalcTreeArgs,
        run_check_calc_tree,
        "DQC.US.0126: statement calculation totals vs the weighted sum of their children (decimals tolerance).",
    ),
    _tool(
        "check_rule",
        "static",
        RuleArgs,
        run_check_rule,
        "Any registered DQC rule family (0001-0211, `auditgraph rules`) or CALC11 on the filing, or on one concept/period: "
        "official codes, the facts each finding names, why a rule could not run.",
    ),
    _tool(
        "check_dim_consistency",
        "static",
        CheckArgs,
        run_check_dim,
        "DQC.US.0117 (9574, 10093): statement totals vs the sum of their axis members.",
    ),
]
