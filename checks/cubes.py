"""The filing's dimensional statement cubes, read from its own DEF arcs (XDT).

Axes and members are matched to fact dimensions by local name: fact dimension QNames carry the
instance's prefixes, which need not equal the prefixes the concepts were declared with.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from auditgraph.checks.filing_data import Arc, FilingData, local
from auditgraph.checks.rule_data import STATEMENT_URI_EXCLUSIONS


@dataclass
class Axis:
    qname: str
    domains: set[str] = field(default_factory=set)  # local names
    parent: dict[str, str | None] = field(default_factory=dict)  # member local -> parent member (None below domain)
    arcs: dict[str, Arc] = field(default_factory=dict)  # member local -> its domain-member arc

    @property
    def members(self) -> set[str]:
        return set(self.parent)

    def ancestors(self, member: str) -> list[str]:
        out, seen = [], {member}
        p = self.parent.get(member)
        while p is not None and p not in seen:
            out.append(p)
            seen.add(p)
            p = self.parent.get(p)
        return out


@dataclass
class Cube:
    role: str
    definition: str
    hypercube: str
    primaries: dict[str, str] = field(default_factory=dict)  # concept key -> QName
    axes: dict[str, Axis] = field(default_factory=dict)  # axis local name -> Axis


def _descendants(children: dict[str, list[Arc]], root_key: str) -> list[Arc]:
    out, seen, stack = [], {root_key}, [root_key]
    while stack:
        k = stack.pop()
        for a in children.get(k, []):
            if a.target_key not in seen:
                seen.add(a.target_key)
                out.append(a)
                stack.append(a.target_key)
    return out


def build_cubes(data: FilingData) -> list[Cube]:
    by_role: dict[str, dict[str, dict[str, list[Arc]]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for a in data.defs:
        by_role[a.role][a.arc or ""][a.source_key].append(a)
    cubes = []
    for role, arcs in by_role.items():
        definition = data.roles[role].definition if role in data.roles else ""
        for src_key, alls in arcs.get("all", {}).items():
            for all_arc in alls:
                dim_role = all_arc.target_role or role
                dims = by_role.get(dim_role, {})
                cube = Cube(role, definition, all_arc.target)
                cube.primaries[src_key] = all_arc.source
                for a in _descendants(arcs.get("domain-member", {}), src_key):
                    cube.primaries[a.target_key] = a.target
                for hd in dims.get("hypercube-dimension", {}).get(all_arc.target_key, []):
                    axis = Axis(hd.target)
                    dd_role = hd.target_role or dim_role
                    for dd in by_role.get(dd_role, {}).get("dimension-domain", {}).get(hd.target_key, []):
                        axis.domains.add(local(dd.target))
                        dm_role = dd.target_role or dd_role
                        for m in _descendants(by_role.get(dm_role, {}).get("domain-member", {}), dd.target_key):
                            parent = local(m.source)
                            axis.parent.setdefault(local(m.target), None if parent in axis.domains else parent)
                            axis.arcs.setdefault(local(m.target), m)
                    cube.axes[local(hd.target)] = axis
                cubes.append(cube)
    return cubes


def is_statement(cube: Cube) -> bool:
    """A "- Statement -" cube the rule checks (URI and description exclusions applied)."""
    d, uri = cube.definition.lower(), cube.role.lower()
    if "- statement -" not in d or any(w in uri for w in STATEMENT_URI_EXCLUSIONS):
        return False
    if "schedule iii" in d or "schedule iv" in d or "investment" in local(cube.hypercube).lower():
        return False
    return True


def is_parenthetical_statement(cube: Cube) -> bool:
    return "- statement -" in cube.definition.lower() and "parenthetical" in cube.role.lower()


def is_disclosure(cube: Cube) -> bool:
    return "- disclosure -" in cube.definition.lower()
