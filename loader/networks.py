"""Calculation, presentation and definition networks of an Arelle model as edge rows.

Shared by the taxonomy loader (owner = release key) and the filing loader (owner = filing id).
Each row is ready for the UNWIND writers cypher/load/{calc,pres,def}_edges.cypher; Arelle has
already applied prohibitions and overrides, and rows are de-duplicated per
(from, to, role, arcrole) so a network imported twice is written once. A calculation row keeps the
number of effective relationships it stands for (`arcs`): two non-equivalent summation-item arcs
between the same concepts in one link role (e.g. with different `order`) are an error under
Calculations 1.1 (calc11e:duplicateCalculationRelationships), and both count in its sums.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from arelle import XbrlConst
from arelle.ModelDtsObject import ModelConcept
from arelle.ModelXbrl import ModelXbrl

from auditgraph.graph import Graph
from auditgraph.loader.concepts import role_name

CALC_ARCROLES = XbrlConst.summationItems  # XBRL 2.1 and Calculations 1.1
PRES_ARCROLES = (XbrlConst.parentChild,)
DEF_ARCROLES = (
    XbrlConst.all,
    XbrlConst.notAll,
    XbrlConst.hypercubeDimension,
    XbrlConst.dimensionDomain,
    XbrlConst.domainMember,
    XbrlConst.dimensionDefault,
    XbrlConst.generalSpecial,
    XbrlConst.essenceAlias,
    XbrlConst.similarTuples,
    XbrlConst.requiresElement,
)


# the write query of each edge kind (NetworkRows' field names)
EDGE_QUERIES = {"calc": "load.calc_edges", "pres": "load.pres_edges", "defn": "load.def_edges"}


@dataclass(frozen=True)
class NetworkRows:
    """Edge rows per relationship type plus the Role rows of every link role they use."""

    calc: list[dict[str, Any]] = field(default_factory=list)
    pres: list[dict[str, Any]] = field(default_factory=list)
    defn: list[dict[str, Any]] = field(default_factory=list)
    roles: list[dict[str, Any]] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.calc) + len(self.pres) + len(self.defn)

    def endpoint_keys(self) -> set[str]:
        """Every concept key an edge starts or ends at (to write placeholders for missing ones)."""
        return {k for rows in (self.calc, self.pres, self.defn) for r in rows for k in (r["from_key"], r["to_key"])}


def _order(rel: Any) -> float:
    try:
        return float(rel.order)
    except (TypeError, ValueError):
        return 1.0


def _relationships(model_xbrl: ModelXbrl, arcroles: Collection[str], doc_filter: Callable[[str], bool] | None) -> list[Any]:
    rels: list[Any] = []
    for arcrole in arcroles:
        for rel in model_xbrl.relationshipSet(arcrole).modelRelationships:
            if doc_filter is None or doc_filter(rel.modelDocument.uri):
                rels.append(rel)
    return rels


def _rows(
    rels: list[Any],
    key_of: Callable[[ModelConcept], str | None],
    owner: str,
    extra: Callable[[Any, str], dict[str, Any]],
    used: set[str],
    count: str | None = None,
) -> list[dict[str, Any]]:
    out: dict[tuple[Any, ...], dict[str, Any]] = {}
    for rel in rels:
        src, dst = rel.fromModelObject, rel.toModelObject
        if not isinstance(src, ModelConcept) or not isinstance(dst, ModelConcept):
            continue
        a, b = key_of(src), key_of(dst)
        if a is None or b is None:
            continue
        arcrole = rel.arcrole  # a property reading the arc's attribute: once per relationship
        ident = (a, b, rel.linkrole, arcrole)
        if ident in out:
            if count:  # Arelle's effective relationships: equivalent arcs are already merged, so this is a real duplicate
                out[ident][count] += 1
                out[ident]["weights"].append(rel.weight)  # each duplicate adds its own weighted contribution
            continue
        used.add(rel.linkrole)
        out[ident] = {
            "from_key": a,
            "to_key": b,
            "owner": owner,
            "role": rel.linkrole,
            "arcrole": arcrole,
            "order": _order(rel),
            **extra(rel, arcrole),
            **({count: 1, "weights": [rel.weight]} if count else {}),
        }
    rows = list(out.values())
    if count:  # only duplicates carry the count and their weights; a plain edge keeps just `weight`
        for r in rows:
            if r[count] == 1:
                r[count] = r["weights"] = None  # a null in CREATE's map sets no property
    return rows


def _def_extra(rel: Any, arcrole: str) -> dict[str, Any]:
    is_xdt = arcrole in (XbrlConst.all, XbrlConst.notAll)
    usable = arcrole in (XbrlConst.dimensionDomain, XbrlConst.domainMember)
    return {
        "arc": role_name(arcrole),
        "closed": bool(rel.isClosed) if is_xdt else None,
        "context_element": rel.contextElement if is_xdt else None,
        "target_role": rel.targetRole,
        "usable": bool(rel.isUsable) if usable else None,
    }


_USED_ON = "{http://www.xbrl.org/2003/linkbase}usedOn"
_QNAME = re.compile(r"^(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*)$")


def _used_on(role_type: Any) -> set[str]:
    """`str(q) for q in role_type.usedOns`, read from the usedOn texts: Arelle's usedOns validates the whole
    roleType first (~0.4 ms each, a filing has ~100). A text that is not a plain QName whose prefix is in scope
    goes the validated way."""
    out: set[str] = set()
    for elt in role_type.iterdescendants(_USED_ON):
        text = (elt.text or "").strip() if len(elt) == 0 else ""
        m = _QNAME.match(text)
        if m is None or (m.group(1) or None) not in elt.nsmap:
            return {str(q) for q in role_type.usedOns}
        out.add(text)
    return out


def role_rows(model_xbrl: ModelXbrl, uris: Collection[str], owner: str) -> list[dict[str, Any]]:
    """Role rows (key, owner, uri, definition, used_on) for the given link role URIs."""
    out = []
    for uri in sorted(uris):
        types = model_xbrl.roleTypes.get(uri) or []
        definition = next((t.definition for t in types if t.definition), None)
        used_on = sorted({q for t in types for q in _used_on(t)})
        out.append({"key": f"{owner}|{uri}", "owner": owner, "uri": uri, "definition": definition, "used_on": used_on})
    return out


def relationship_rows(
    model_xbrl: ModelXbrl,
    key_of: Callable[[ModelConcept], str | None],
    owner: str,
    *,
    def_arcroles: Collection[str] = DEF_ARCROLES,
    doc_filter: Callable[[str], bool] | None = None,
    on_rows: Callable[[str, list[dict[str, Any]]], None] | None = None,
) -> NetworkRows:
    """Every calculation, presentation and definition relationship whose two ends have a key.

    `key_of` returns the concept key to link (None skips the relationship, e.g. a concept
    the caller does not write); `owner` is stored on every edge and Role; `doc_filter` keeps only
    arcs declared in documents whose URL it accepts (a package's own linkbases, not its imports').
    `on_rows(kind, rows)` is called as each kind ("calc", "pres", "defn") is built, so a caller can
    write one while the next is built; it may change the rows in place (not the list).
    """
    done = on_rows or (lambda kind, rows: None)
    used: set[str] = set()
    calc = _rows(
        _relationships(model_xbrl, CALC_ARCROLES, doc_filter),
        key_of,
        owner,
        lambda r, _: {"weight": r.weight},
        used,
        count="arcs",
    )
    done("calc", calc)
    pres = _rows(
        _relationships(model_xbrl, PRES_ARCROLES, doc_filter),
        key_of,
        owner,
        lambda r, _: {"preferred_label": r.preferredLabel},
        used,
    )
    done("pres", pres)
    defn = _rows(_relationships(model_xbrl, def_arcroles, doc_filter), key_of, owner, _def_extra, used)
    done("defn", defn)
    return NetworkRows(calc=calc, pres=pres, defn=defn, roles=role_rows(model_xbrl, used, owner))


def write_networks(
    graph: Graph,
    nets: NetworkRows,
    *,
    batch_size: int = 5000,
    on_batch: Callable[[int], None] | None = None,
    workers: int = 1,
) -> int:
    """Write roles, then CALC, PRES and DEF edges (both ends must already exist); returns edges written.

    Edges are CREATEd, so call this once per owner after removing the owner's old edges. ``workers``:
    transactions at once (Graph.write_batches).
    """
    graph.write_batches("load.roles", nets.roles, batch_size=batch_size)
    done = 0
    for kind, name in EDGE_QUERIES.items():
        done += graph.write_batches(name, getattr(nets, kind), batch_size=batch_size, on_batch=on_batch, workers=workers)
    return done
