"""Dynamic catalog: filing evidence for the Forensic Auditor (history, periods, breakdowns, ...)."""

from __future__ import annotations

from collections import Counter, defaultdict
from decimal import Decimal
from typing import Any

from pydantic import BaseModel, Field

from auditgraph.checks.filing_data import load_filing_data, local
from auditgraph.checks.rule_data import split_key
from auditgraph.checks.xbrl_decimals import fmt, parse_value
from auditgraph.errors import ConfigError
from auditgraph.graph import ADHOC_MAX_BYTES, Graph
from auditgraph.tools.base import (
    QUERY_TIMEOUT_S,
    Tool,
    ToolResult,
    dims_match,
    filing_release,
    period_matches,
    resolve_concept,
    rows_result,
)
from auditgraph.tools.cypher_limits import MAX_CYPHER_CHARS, check_adhoc
from auditgraph.tools.static import ConceptArgs


class HistoryArgs(ConceptArgs):
    dimensions: dict[str, str] | None = Field(
        default_factory=dict, description="axis -> member; {} (default) non-dimensional only; null for any"
    )


class PeriodArgs(ConceptArgs):
    period: str | None = Field(None, description="2023-12-31, 2023-01-01/2023-12-31 or a Period key; omit for all")


class BreakdownArgs(PeriodArgs):
    axis: str | None = Field(None, description="only this axis (QName or local name)")


class UnitArgs(BaseModel):
    filing_id: str = Field(description="the filing's id")
    concept: str | None = Field(None, description="limit to this concept; omit for the whole filing")


class CypherArgs(BaseModel):
    query: str = Field(
        description=f"a read-only Cypher query (MATCH ... RETURN ...), at most {MAX_CYPHER_CHARS:,} characters",
        json_schema_extra={"maxLength": MAX_CYPHER_CHARS},  # checked by check_adhoc, with its own message
    )
    params: dict[str, Any] = Field(default_factory=dict, description="query parameters ($name)")
    limit: int = Field(100, ge=1, le=1000, description="maximum rows returned")
    timeout_seconds: float = Field(5.0, gt=0, le=30, description="server-side transaction timeout")


def run_history(graph: Graph, a: HistoryArgs) -> ToolResult:
    c = resolve_concept(graph, a.filing_id, a.concept)
    ns, name = split_key(c.key)
    rows = [
        r
        for r in graph.read("tools.fact_history", timeout=QUERY_TIMEOUT_S, filing_id=a.filing_id, local_name=name)
        if dims_match(r["dims"], a.dimensions)
    ]
    seen, out = set(), []
    for r in rows:  # one row per (filing, period, unit, dims, value): duplicates and repeated comparatives collapse
        k = (r["filing_id"], r["period_key"], r["unit"], tuple(r["dims"]), r["value"])
        if k not in seen:
            seen.add(k)
            out.append(r)
    return rows_result(
        c.qname, out, f"no facts of {c.qname} with these dimensions in {a.filing_id} or its issuer's other filings"
    )


def run_compare_periods(graph: Graph, a: HistoryArgs) -> ToolResult:
    c = resolve_concept(graph, a.filing_id, a.concept)
    facts = [
        r
        for r in graph.read("tools.facts", timeout=QUERY_TIMEOUT_S, filing_id=a.filing_id, key=c.key, qname=None)
        if not r["nil"] and dims_match(r["dims"], a.dimensions)
    ]
    by_period: dict[tuple[Any, ...], dict[str, Any]] = {}
    for r in facts:
        length = (r["end"].to_native() - r["start"].to_native()).days if r["kind"] == "duration" else 0
        by_period.setdefault((r["kind"], length, r["unit"], r["end"].iso_format()), r)
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = defaultdict(list)
    for (kind, length, unit, _), r in sorted(by_period.items(), key=lambda kv: kv[0][3]):
        groups[(kind, length // 80, unit)].append(r)  # quarters, halves, years compare among themselves
    out = []
    for _, rs in groups.items():
        for prev, cur in zip(rs, rs[1:]):
            pv, cv = parse_value(prev["value"]), parse_value(cur["value"])
            change = cv - pv if pv is not None and cv is not None else None
            pct = fmt((change / abs(pv) * 100).quantize(Decimal("0.01"))) if change is not None and pv else None
            out.append(
                {
                    "from_period": prev["period_key"],
                    "from_value": prev["value"],
                    "to_period": cur["period_key"],
                    "to_value": cur["value"],
                    "unit": cur["unit"],
                    "change": fmt(change),
                    "change_pct": pct,
                }
            )
    return rows_result(c.qname, out, f"{c.qname} has fewer than two comparable periods in {a.filing_id}")


def run_breakdown(graph: Graph, a: BreakdownArgs) -> ToolResult:
    c = resolve_concept(graph, a.filing_id, a.concept)
    facts = [
        r
        for r in graph.read("tools.facts", timeout=QUERY_TIMEOUT_S, filing_id=a.filing_id, key=c.key, qname=None)
        if not r["nil"] and period_matches(a.period, r["period_key"], r["kind"], r["start"], r["end"])
    ]
    totals = {(r["period_key"], r["unit"]): r for r in facts if not r["dims"]}
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = defaultdict(list)
    for r in facts:
        if len(r["dims"]) == 1:
            axis = r["dims"][0].split("=", 1)[0]
            if a.axis is None or local(a.axis) == local(axis):
                groups[(r["period_key"], r["unit"], axis)].append(r)
    out = []
    for (period, unit, axis), rs in sorted(groups.items()):
        values = [parse_value(r["value"]) for r in rs]
        s = sum((v for v in values if v is not None), Decimal(0))
        total = totals.get((period, unit))
        tv = parse_value(total["value"]) if total else None
        out.append(
            {
                "period": period,
                "unit": unit,
                "axis": axis,
                "total": total["value"] if total else None,
                "member_sum": fmt(s),
                "difference": fmt(tv - s) if tv is not None else None,
                "members": [
                    {
                        "member": r["dims"][0].split("=", 1)[1],
                        "value": r["value"],
                        "fact_id": r["fact_id"],
                        "decimals": r["decimals"],
                    }
                    for r in rs
                ],
            }
        )
    return rows_result(
        c.qname, out, f"{c.qname} has no single-axis facts in {a.filing_id}" + (f" for {a.period}" if a.period else "")
    )


def run_siblings(graph: Graph, a: ConceptArgs) -> ToolResult:
    c = resolve_concept(graph, a.filing_id, a.concept)
    rows = graph.read(
        "tools.siblings",
        timeout=QUERY_TIMEOUT_S,
        key=c.key,
        filing_id=a.filing_id,
        release=c.release or filing_release(graph, a.filing_id),
    )
    own = [r for r in rows if r["owner"] == a.filing_id]
    return rows_result(c.qname, own or rows, f"{c.qname} has no calculation or presentation siblings")


def run_unit_decimals(graph: Graph, a: UnitArgs) -> ToolResult:
    data = load_filing_data(graph, a.filing_id)
    if not data.found:
        raise ConfigError(f"no filing {a.filing_id!r} in the database; load it with `auditgraph filing load`")
    facts = [f for f in data.facts if not a.concept or f.matches(a.concept)]
    by_concept: dict[str, list[Any]] = defaultdict(list)
    for f in facts:
        by_concept[f.qname].append(f)
    filing_decimals = Counter(f.decimals_raw for f in data.facts if f.monetary and not f.dims and not f.nil)
    out = []
    for qname, fs in sorted(by_concept.items()):
        units = sorted({f.unit or "" for f in fs})
        decs = Counter(f.decimals_raw or "none" for f in fs if not f.nil)
        flags = []
        if any(f.monetary for f in fs) and any(u and not u.startswith("iso4217:") for u in units):
            flags.append("monetary concept with a non-currency unit")
        if len([u for u in units if u.startswith("iso4217:") and "/" not in u]) > 1:
            flags.append("more than one currency")
        if any(f.monetary and f.decimals_raw == "INF" for f in fs):
            flags.append("INF decimals on a monetary fact")
        if len(decs) > 1:
            flags.append("mixed decimals: " + ", ".join(f"{d} x{n}" for d, n in decs.most_common()))
        if flags or a.concept:
            out.append({"concept": qname, "units": units, "decimals": dict(decs), "flags": flags})
    res = rows_result(a.concept, out, "units and decimals are consistent")
    res.message = res.message or f"filing-wide monetary decimals: {dict(filing_decimals.most_common(4))}"
    return res


def run_magnitude(graph: Graph, a: PeriodArgs) -> ToolResult:
    """Ratios near 10^3 or 10^6 against the concept's other periods and its calculation neighbours."""
    data = load_filing_data(graph, a.filing_id)
    c = resolve_concept(graph, a.filing_id, a.concept)
    mine = [
        f
        for f in data.by_concept.get(c.key, [])
        if f.value and not f.dims and period_matches(a.period, f.period_key, f.kind, f.start, f.end)
    ]
    related: dict[str, str] = {}
    for arc in data.calc:
        if arc.source_key == c.key:
            related[arc.target_key] = f"child {arc.target}"
        elif arc.target_key == c.key:
            related[arc.source_key] = f"parent {arc.source}"
    out = []
    for f in mine:
        peers = [
            (g, "same concept, " + g.period_key)
            for g in data.by_concept.get(c.key, [])
            if g is not f and not g.dims and g.value and g.kind == f.kind and g.unit == f.unit
        ]
        peers += [
            (g, why)
            for k, why in related.items()
            for g in data.by_concept.get(k, [])
            if not g.dims and g.value and g.period_key == f.period_key and g.unit == f.unit
        ]
        for g, why in peers:
            ratio = abs(f.amount / g.amount)  # both non-zero: the filters above keep only valued facts
            scale = next(
                (s for s in (Decimal(1000), Decimal(1000000)) if s / 2 <= ratio <= s * 2 or s / 2 <= 1 / ratio <= s * 2), None
            )
            if scale is not None:
                out.append(
                    {
                        "fact_id": f.fact_id,
                        "value": f.raw,
                        "period": f.period_key,
                        "compared_with": why,
                        "other_value": g.raw,
                        "ratio": fmt(ratio.quantize(Decimal("0.001"))),
                        "suspected_scale": f"x{fmt(scale)}",
                    }
                )
    res = rows_result(c.qname, out, f"no scale anomaly (x1000, x1000000) found for {c.qname}")
    res.message = res.message or f"{len(mine)} fact(s) compared"
    return res


def run_cypher(graph: Graph, a: CypherArgs) -> ToolResult:
    """Ad-hoc read through the guarded door (Graph.read_adhoc: READ transaction, plan check,
    server timeout, row and byte limits; a leading EXPLAIN returns the plan); a refusal raises
    CypherRefused, which the tool door (Toolbox.call) makes the observation."""
    plan_only = check_adhoc(a.query)  # nesting and size before Neo4j's parser sees it
    out = graph.read_adhoc(a.query, a.params, limit=a.limit, timeout=a.timeout_seconds, plan_only=plan_only)
    res = rows_result(None, out.rows, "the query returned no rows")
    if out.truncated == "rows":
        res.message = f"first {a.limit} rows only; add LIMIT or narrow the query"
    elif out.truncated == "bytes":
        res.message = (
            f"first {len(out.rows)} rows only (the result passed {ADHOC_MAX_BYTES:,} bytes); return fewer columns or rows"
        )
    return res


DYNAMIC = [
    Tool(
        "get_fact_history",
        "Facts of a concept across periods in this filing and the issuer's other loaded filings.",
        "dynamic",
        HistoryArgs,
        run_history,
    ),
    Tool(
        "compare_periods",
        "Period-over-period changes (exact) of a concept's comparable facts.",
        "dynamic",
        HistoryArgs,
        run_compare_periods,
    ),
    Tool(
        "get_dimensional_breakdown",
        "A concept's total and its single-axis member facts per period, with the member sum.",
        "dynamic",
        BreakdownArgs,
        run_breakdown,
    ),
    Tool(
        "get_siblings",
        "Other children of the concept's calculation and presentation parents.",
        "dynamic",
        ConceptArgs,
        run_siblings,
    ),
    Tool(
        "check_unit_decimals",
        "Units and decimals used by a concept (or the filing) with inconsistency flags.",
        "dynamic",
        UnitArgs,
        run_unit_decimals,
    ),
    Tool(
        "analyze_magnitude",
        "Scale errors (x1000, x1000000) against other periods and calculation neighbours.",
        "dynamic",
        PeriodArgs,
        run_magnitude,
    ),
    Tool(
        "run_cypher",
        "Read-only ad-hoc Cypher with a timeout and a row limit (the graph model is in docs/graph-model.md).",
        "dynamic",
        CypherArgs,
        run_cypher,
    ),
]
