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


def dqc_rows(model_xbrl: ModelXbrl, key_of: Callable[[ModelConcept], str | None], release: str) -> DqcRows:
    """DqcRule rows (key `DQC.US.NNNN@release`) and LISTS rows for every rule-concept arc to a real concept."""
    arcroles = sorted({k[0] for k in model_xbrl.baseSets if k[0] and str(k[0]).startswith(DQC_ARCROLE_PREFIX)})
    rules: dict[str, dict[str, Any]] = {}
    lists: dict[tuple, dict[str, Any]] = {}
    targets: dict[str, ModelConcept] = {}
    for arcrole in arcroles:
        for rel in model_xbrl.relationshipSet(arcrole).modelRelationships:
            m = _RULE_ROLE.search(rel.linkrole or "")
            src, dst = rel.fromModelObject, rel.toModelObject
            if not m or not isinstance(src, ModelConcept) or not isinstance(dst, ModelConcept):
                continue
            rule_id = f"DQC.US.{m.group(1)}"
            rule_key = f"{rule_id}@{release}"
            if rule_key not in rules:
                root = next((c for c in (src,) if c.name == f"Dqc_{m.group(1)}"), None)
                rules[rule_key] = {"key": rule_key, "rule_id": rule_id, "release": release, "role": rel.linkrole,
                                   "name": _rule_name(model_xbrl, root, rel.linkrole) if root is not None else None,
                                   "source": src.modelDocument.uri}
            elif rules[rule_key]["name"] is None and src.name == f"Dqc_{m.group(1)}":
                rules[rule_key]["name"] = _rule_name(model_xbrl, src, rel.linkrole)
            if is_dqc_namespace(dst.qname.namespaceURI):
                continue  # structure between the rule's own abstracts
            ckey = key_of(dst)
            if ckey is None:
                continue
            sm = _RULE_CONCEPT.match(src.name) if is_dqc_namespace(src.qname.namespaceURI) else None
            list_name = (sm.group(2) or arcrole.rsplit("/", 1)[-1]) if sm else arcrole.rsplit("/", 1)[-1]
            ident = (rule_key, ckey, list_name)
            if ident not in lists:
                targets[ckey] = dst
                lists[ident] = {"rule_key": rule_key, "concept_key": ckey, "list": list_name,
                                "element_id": None, "order": float(rel.order or 1)}
    # rules whose role has no arcs to real concepts still exist (e.g. calculation checks)
    for role_uri in model_xbrl.roleTypes:
        m = _RULE_ROLE.search(role_uri)
        if m and f"DQC.US.{m.group(1)}@{release}" not in rules:
            types = model_xbrl.roleTypes[role_uri]
            rule_id = f"DQC.US.{m.group(1)}"
            rules[f"{rule_id}@{release}"] = {"key": f"{rule_id}@{release}", "rule_id": rule_id, "release": release,
                                            "role": role_uri, "name": None,
                                            "source": types[0].modelDocument.uri if types else None}
    for rule in rules.values():
        if rule["name"] is None:
            root = model_xbrl.nameConcepts.get(f"Dqc_{rule['rule_id'][-4:]}")
            if root:
                rule["name"] = _rule_name(model_xbrl, root[0], rule["role"])
    return DqcRows(rules=sorted(rules.values(), key=lambda r: r["key"]), lists=list(lists.values()), targets=targets)
