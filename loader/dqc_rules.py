"""The DQC rules taxonomy (dqcrules/ inside a us-gaap package) as DqcRule nodes and LISTS edges.

Each rule has an extended link role `.../role/dqc/NNNN`; its definition links hold
`dqcrules/arcrole/rule-concept` arcs from the rule's own abstract concepts (e.g.
`Dqc_0015_ExcludeNonNegMembersAbstract`) to the us-gaap/srt/dei concepts the rule lists. The
list name is that abstract's name without the rule prefix and the `Abstract` suffix.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from arelle import XbrlConst
from arelle.ModelDtsObject import ModelConcept
from arelle.ModelXbrl import ModelXbrl

DQC_ARCROLE_PREFIX = "http://fasb.org/dqcrules/arcrole/"
_RULE_ROLE = re.compile(r"/role/dqc/(\d{4})$")
_RULE_CONCEPT = re.compile(r"^Dqc_(\d{4})_?(.*?)(?:Abstract)?$")


def is_dqc_namespace(namespace: str) -> bool:
    return "/dqcrules" in namespace


@dataclass(frozen=True)
class DqcRows:
    rules: list[dict[str, Any]] = field(default_factory=list)
    lists: list[dict[str, Any]] = field(default_factory=list)
    targets: dict[str, ModelConcept] = field(default_factory=dict)  # concept key -> concept the lists name


def _rule_name(model_xbrl: ModelXbrl, concept: ModelConcept, role: str) -> str | None:
    for rel in model_xbrl.relationshipSet(XbrlConst.conceptReference, role).fromModelObject(concept):
        ref = rel.toModelObject
        for part in ref.iterchildren() if ref is not None else ():
            if getattr(part, "localName", None) == "ruleName":
                return (part.textValue or "").strip() or None
    return None


def _element_ids(model_xbrl: ModelXbrl, concept: ModelConcept, role: str) -> list[str]:
    """`dqcrules:ruleElementId`s the rule's reference link gives a concept (e.g. `DQC.US.0014.2695`)."""
    ids = []
    for rel in model_xbrl.relationshipSet(XbrlConst.conceptReference, role).fromModelObject(concept):
        ref = rel.toModelObject
        for part in ref.iterchildren() if ref is not None else ():
            if getattr(part, "localName", None) == "ruleElementId" and (part.textValue or "").strip():
                ids.append(part.textValue.strip())
    return ids


def _rule_row(model_xbrl: ModelXbrl, number: str, role: str, release: str) -> dict[str, Any]:
    rule_id = f"DQC.US.{number}"
    roots = model_xbrl.nameConcepts.get(f"Dqc_{number}") or []
    types = model_xbrl.roleTypes.get(role) or []
    return {
        "key": f"{rule_id}@{release}",
        "rule_id": rule_id,
        "release": release,
        "role": role,
        "name": _rule_name(model_xbrl, roots[0], role) if roots else None,
        "source": types[0].modelDocument.uri if types else None,
    }


def dqc_rows(model_xbrl: ModelXbrl, key_of: Callable[[ModelConcept], str | None], release: str) -> DqcRows:
    """DqcRule rows (key `DQC.US.NNNN@release`) for every rule role, and LISTS rows for every
    `dqcrules/arcrole/*` arc in a rule role that ends at a real (non-DQC) concept."""
    rules = {}
    for role in model_xbrl.roleTypes:
        m = _RULE_ROLE.search(role)
        if m:
            row = _rule_row(model_xbrl, m.group(1), role, release)
            rules[row["key"]] = row
    arcroles = sorted({k[0] for k in model_xbrl.baseSets if k[0] and str(k[0]).startswith(DQC_ARCROLE_PREFIX)})
    lists: dict[tuple[str, ...], dict[str, Any]] = {}
    targets: dict[str, ModelConcept] = {}
    for arcrole in arcroles:
        for rel in model_xbrl.relationshipSet(arcrole).modelRelationships:
            m = _RULE_ROLE.search(rel.linkrole or "")
            src, dst = rel.fromModelObject, rel.toModelObject
            if not m or not isinstance(src, ModelConcept) or not isinstance(dst, ModelConcept):
                continue
            if is_dqc_namespace(dst.qname.namespaceURI):
                continue  # structure between the rule's own abstracts
            ckey = key_of(dst)
            rule_key = f"DQC.US.{m.group(1)}@{release}"
            if ckey is None or rule_key not in rules:
                continue
            # the list is named by the rule abstract the arc starts from, else by the arcrole
            sm = _RULE_CONCEPT.match(src.name) if is_dqc_namespace(src.qname.namespaceURI) else None
            list_name = (sm.group(2) if sm else "") or arcrole.rsplit("/", 1)[-1]
            ident = (rule_key, ckey, list_name)
            if ident not in lists:
                targets[ckey] = dst
                ids = _element_ids(model_xbrl, dst, rel.linkrole)
                lists[ident] = {
                    "rule_key": rule_key,
                    "concept_key": ckey,
                    "list": list_name,
                    "element_id": ",".join(sorted(set(ids))) or None,
                    "order": float(rel.order or 1),
                }
    return DqcRows(rules=sorted(rules.values(), key=lambda r: r["key"]), lists=list(lists.values()), targets=targets)
