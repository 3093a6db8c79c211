"""Facts, contexts, periods, units and dimension assignments of a loaded Arelle instance as rows.

Values are exact: numeric facts keep Arelle's validated Decimal (inline facts after their
transformation, scale and sign) written as a plain decimal string; `num` is a float copy
for sorting only. Dates undo XBRL's midnight convention: Arelle stores an end date or
instant `2023-09-30` as 2023-10-01T00:00, we store 2023-09-30 (docs/graph-model.md).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from arelle import XbrlConst, XmlUtil
from arelle.ModelDtsObject import ModelConcept
from arelle.ModelInstanceObject import ModelContext, ModelFact, ModelUnit
from arelle.ModelValue import QName
from arelle.ModelXbrl import ModelXbrl
from lxml import etree

from auditgraph.errors import LoadError

# Canonical prefixes for unit measures, whatever prefix the instance declared.
_MEASURE_PREFIX = {
    XbrlConst.iso4217: "iso4217",
    XbrlConst.xbrli: "xbrli",
    "http://www.xbrl.org/2009/utr": "utr",
}

KeyOf = Callable[[ModelConcept], str]


@dataclass
class FactRows:
    """Everything of the instance layer of one filing, ready for cypher/load/filing_*.cypher."""

    facts: list[dict[str, Any]] = field(default_factory=list)
    contexts: list[dict[str, Any]] = field(default_factory=list)
    units: list[dict[str, Any]] = field(default_factory=list)
    dims: list[dict[str, Any]] = field(default_factory=list)
    concepts: dict[str, ModelConcept] = field(default_factory=dict)  # every concept a fact or dim names, by key
    context_keys: dict[str, str] = field(default_factory=dict)  # context id -> normalized Context key
    unit_by_id: dict[str, dict[str, Any]] = field(default_factory=dict)  # unit id -> unit row


def qname_str(qn: QName) -> str:
    return f"{qn.prefix}:{qn.localName}" if qn.prefix else qn.localName


def decimal_string(value: Decimal) -> str:
    """Plain notation, never an exponent: Decimal('1.2E+3') -> '1200'."""
    text = format(value, "f")
    return "0" if text in ("-0", "0E0") else text


# ---------------------------------------------------------------- periods
def _date_of(ctx: ModelContext, local: str, dt: datetime | None) -> date | None:
    """The date the filer wrote: end dates and instants without a time lose Arelle's extra day."""
    elt = XmlUtil.child(ctx.period, XbrlConst.xbrli, local)
    raw = (elt.textValue or "").strip() if elt is not None else ""
    try:  # Arelle keeps a context whose date does not parse (2025-13-45), dated 9999-12-31
        date.fromisoformat(raw[:10]) if raw else None
    except ValueError:
        raise LoadError(f"context {ctx.id}: {local} {raw!r} is not a valid date (YYYY-MM-DD)") from None
    if dt is None:
        return None
    if local in ("endDate", "instant") and "T" not in raw:
        return (dt - timedelta(days=1)).date()
    return dt.date()


def period_row(ctx: ModelContext) -> dict[str, Any]:
    if ctx.isForeverPeriod:
        return {"key": "forever", "kind": "forever", "start": None, "end": None, "days": None}
    if ctx.isInstantPeriod:
        end = _date_of(ctx, "instant", ctx.instantDatetime)
        return {"key": f"instant:{end}", "kind": "instant", "start": None, "end": end, "days": 0}
    start = _date_of(ctx, "startDate", ctx.startDatetime)
    end = _date_of(ctx, "endDate", ctx.endDatetime)
    days = (end - start).days + 1 if start and end else None  # days covered, both ends included
    return {"key": f"duration:{start}/{end}", "kind": "duration", "start": start, "end": end, "days": days}


_PERIOD = f"{{{XbrlConst.xbrli}}}period"


def _cached_period_row(ctx: ModelContext, cache: dict[bytes, dict[str, Any]]) -> dict[str, Any]:
    """period_row of the context, computed once per distinct period element (its markup is all period_row reads)."""
    elt = ctx.find(_PERIOD)
    if elt is None:
        return period_row(ctx)
    markup = etree.tostring(elt, with_tail=False)
    row = cache.get(markup)
    if row is None:
        row = cache[markup] = period_row(ctx)
    return row


# ---------------------------------------------------------------- units
def _measure(qn: QName) -> str:
    prefix = _MEASURE_PREFIX.get(qn.namespaceURI, qn.prefix)
    return f"{prefix}:{qn.localName}" if prefix else qn.localName


def unit_row(unit: ModelUnit) -> dict[str, Any]:
    num, den = unit.measures
    numerators = sorted(_measure(q) for q in num)
    denominators = sorted(_measure(q) for q in den)
    key = "*".join(numerators) + ("/" + "*".join(denominators) if denominators else "")
    return {"key": key, "numerators": numerators, "denominators": denominators, "is_ratio": bool(denominators)}


# ---------------------------------------------------------------- contexts
def _dims(ctx: ModelContext, key_of: KeyOf, concepts: dict[str, ModelConcept]) -> list[dict[str, Any]]:
    out = []
    for dim_qn, dv in ctx.qnameDims.items():
        axis = dv.dimension
        if axis is None:
            raise LoadError(
                f"context {ctx.id} (line {ctx.sourceline}): axis {dim_qn} is not declared; check the extension schema"
            )
        axis_key = key_of(axis)
        concepts[axis_key] = axis
        row = {
            "axis_key": axis_key,
            "axis_qname": qname_str(axis.qname),
            "member_key": None,
            "member_qname": None,
            "typed_value": None,
        }
        if dv.isExplicit:
            member = dv.member
            if member is None:
                raise LoadError(
                    f"context {ctx.id} (line {ctx.sourceline}): member {dv.memberQname} of {dim_qn} is not declared; check the extension schema"
                )
            row["member_key"] = member_key = key_of(member)
            row["member_qname"] = qname_str(member.qname)
            concepts[member_key] = member
            row["assignment"] = f"{row['axis_qname']}={row['member_qname']}"
        else:
            typed = dv.typedMember
            row["typed_value"] = " ".join((typed.stringValue if typed is not None else "").split())
            row["assignment"] = f"{row['axis_qname']}=typed:{row['typed_value']}"
        out.append(row)
    return sorted(out, key=lambda r: r["assignment"])


_IDENTIFIER = f"{{{XbrlConst.xbrli}}}entity/{{{XbrlConst.xbrli}}}identifier"


def entity_identifier(ctx: ModelContext) -> tuple[str, str]:
    """(scheme, identifier); read with lxml directly, Arelle's ModelContext.entity is slow (~4 ms each)."""
    elt = ctx.find(_IDENTIFIER)
    if elt is None:
        scheme_ident: tuple[str, str] = ctx.entityIdentifier
        return scheme_ident
    return (elt.get("scheme") or "").strip(), (elt.text or "").strip()


def _context_key(filing_id: str, scheme: str, ident: str, period_key: str, dims: list[str]) -> str:
    digest = hashlib.sha1("\n".join([scheme, ident, period_key, *dims]).encode()).hexdigest()
    return f"{filing_id}|{digest}"


# ---------------------------------------------------------------- facts
def _all_facts(model: ModelXbrl) -> Iterator[ModelFact]:
    """Item facts in document order, tuple contents included (tuples themselves carry no context)."""
    stack = list(reversed(model.facts))
    while stack:
        f = stack.pop()
        if f.isTuple:
            stack.extend(reversed(f.modelTupleFacts))
        else:
            yield f


@dataclass(frozen=True)
class _ConceptInfo:
    """What every fact of one concept shares, looked up once per concept instead of once per fact."""

    key: str
    numeric: bool  # ModelFact.isNumeric: the concept's
    precision: str | None  # ModelFact.precision when the fact has no precision attribute: its type's fixed or default


def _where(f: ModelFact) -> str:
    doc = f.modelDocument.basename if f.modelDocument is not None else "?"
    return f"{doc} line {f.sourceline}"


def fact_value(f: ModelFact) -> str | None:
    """The exact value as a string (None when nil); raises LoadError for an unparsable number."""
    if f.isNil:
        return None
    if f.isNumeric:
        xv = f.xValue
        if isinstance(xv, Decimal) and xv.is_finite():
            return decimal_string(xv)
        if isinstance(xv, int) and not isinstance(xv, bool):
            return str(xv)
        if isinstance(xv, float):  # xs:float/double: keep the lexical form, exact as written
            try:
                return decimal_string(Decimal(str(f.value).strip()))
            except ArithmeticError:
                pass
        raw = XmlUtil.innerText(f, ixExclude=True) if f.modelDocument is not None else ""
        raise LoadError(
            f"fact {f.qname} ({_where(f)}) has value {raw.strip()[:40]!r}, not a valid {f.concept.baseXbrliType}; "
            "fix the value or its inline transformation"
        )
    value = f.value
    return value if value is not None else ""


def fact_rows(model: ModelXbrl, filing_id: str, key_of: KeyOf) -> FactRows:
    """Rows for every fact, the normalized contexts they use, their units and dimensions."""
    out = context_rows(model, filing_id, key_of)
    add_fact_rows(out, model, filing_id, key_of)
    return out


def context_rows(model: ModelXbrl, filing_id: str, key_of: KeyOf) -> FactRows:
    """The normalized contexts, their dimension assignments and the units (no facts yet), so a
    loader can send them while it computes the facts."""
    out = FactRows()
    contexts: dict[str, dict[str, Any]] = {}
    periods: dict[bytes, dict[str, Any]] = {}  # a filing has hundreds of contexts over a few dozen periods
    for cid, ctx in model.contexts.items():
        scheme, ident = entity_identifier(ctx)
        period = _cached_period_row(ctx, periods)
        dims = _dims(ctx, key_of, out.concepts)
        assignments = [d["assignment"] for d in dims]
        key = _context_key(filing_id, scheme, ident, period["key"], assignments)
        out.context_keys[cid] = key
        if key in contexts:
            contexts[key]["props"]["context_ids"].append(cid)
            continue
        contexts[key] = {
            "period": period,
            "props": {
                "key": key,
                "filing_id": filing_id,
                "context_ids": [cid],
                "entity_scheme": scheme,
                "entity_id": ident,
                "period_type": period["kind"],
                "start": period["start"],
                "end": period["end"] if period["kind"] == "duration" else None,
                "instant": period["end"] if period["kind"] == "instant" else None,
                "dims": assignments,
                "dimensional": bool(assignments),
                "axis_keys": [d["axis_key"] for d in dims],
                "member_keys": [d["member_key"] or "" for d in dims],
            },
        }
        for d in dims:
            out.dims.append(
                {"context_key": key, **{k: d[k] for k in ("axis_key", "axis_qname", "member_key", "member_qname", "typed_value")}}
            )
    for c in contexts.values():
        c["props"]["context_ids"].sort()
    out.contexts = list(contexts.values())
    out.unit_by_id = {uid: unit_row(u) for uid, u in model.units.items()}
    out.units = list({u["key"]: u for u in out.unit_by_id.values()}.values())
    return out


def add_fact_rows(out: FactRows, model: ModelXbrl, filing_id: str, key_of: KeyOf) -> None:
    """Append a row for every fact to `out` (whose contexts and units context_rows computed)."""
    ctx_key, units = out.context_keys, out.unit_by_id
    seen_ids: set[str] = set()
    infos: dict[int, tuple[ModelConcept, _ConceptInfo]] = {}  # by the concept object, which the model holds

    def info_of(concept: ModelConcept) -> _ConceptInfo:
        hit = infos.get(id(concept))
        if hit is not None and hit[0] is concept:
            return hit[1]
        ctype = concept.type
        info = _ConceptInfo(
            key=key_of(concept),
            numeric=bool(concept.isNumeric),
            precision=ctype.fixedOrDefaultAttrValue("precision") if ctype is not None else None,
        )
        infos[id(concept)] = (concept, info)
        out.concepts[info.key] = concept
        return info

    for n, f in enumerate(_all_facts(model), start=1):
        concept = f.concept
        if concept is None:
            raise LoadError(
                f"fact {f.qname} ({_where(f)}) has no concept declaration; its schema did not load (missing extension schema or taxonomy package)"
            )
        context_id = f.contextID
        if context_id not in ctx_key:
            raise LoadError(f"fact {f.qname} ({_where(f)}) refers to context {context_id!r}, which the instance does not define")
        info = info_of(concept)
        fid = f.id or f"f{n}"
        if fid in seen_ids:  # ids are unique in a valid instance; keep both facts anyway
            fid = f"{fid}~{n}"
        seen_ids.add(fid)
        value = fact_value(f)
        numeric = info.numeric
        unit = units.get(f.unitID) if numeric else None
        if numeric and unit is None:
            raise LoadError(f"fact {f.qname} ({_where(f)}) refers to unit {f.unitID!r}, which the instance does not define")
        num = float(Decimal(value)) if numeric and value is not None else None
        if num is not None and not math.isfinite(num):  # INF, NaN, or more digits than any amount has
            assert value is not None  # num is set only from a value
            raise LoadError(
                f"fact {f.qname} ({_where(f)}) has the value {value[:40]!r}{'…' if len(value) > 40 else ''} "
                f"({len(value)} characters), which is not a finite number"
            )
        decimals = f.decimals
        precision = f.get("precision") or info.precision  # ModelFact.precision, without its per-fact type lookup
        out.facts.append(
            {
                "key": f"{filing_id}|{fid}",
                "filing_id": filing_id,
                "fact_id": fid,
                "concept_qname": qname_str(f.qname),
                "concept_key": info.key,
                "value": value,
                "num": num,
                "numeric": numeric,
                "nil": bool(f.isNil),
                "decimals": None if decimals is None else str(decimals).strip(),
                "precision": None if precision is None else str(precision).strip(),
                "context_id": context_id,
                "context_key": ctx_key[context_id],
                "unit_id": f.unitID if numeric else None,
                "unit_key": unit["key"] if unit else None,
                "source_line": f.sourceline,
                "lang": None if numeric else (f.xmlLang or None),
                "duplicate": None,
                "duplicate_group": None,
            }
        )
