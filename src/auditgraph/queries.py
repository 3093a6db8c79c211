"""The Cypher registry: every query is a `.cypher` file under cypher/, named by its path.

A file starts with a header of `//` comments:

    // name: tools.get_fact            (must equal the path: cypher/tools/get_fact.cypher)
    // summary: one line, what it answers
    // mode: read | write | script     (script: several `;`-terminated statements, schema only)
    // param filing_id: STRING  the filing's id
    // returns: fact_id STRING, value STRING

Every `$name` in the body must be declared as a param and every param used, so a file
that drifts from its header fails at load time, not in front of a user.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from difflib import get_close_matches
from functools import lru_cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from types import MappingProxyType

from auditgraph.errors import QueryFileError, QueryParamError, UnknownQueryError

_PARAM_USE = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
_HEADER = re.compile(r"^//\s*(name|summary|mode|returns):\s*(.*)$|^//\s*(param)\s+(.*)$")
_PARAM_DECL = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(\S+)\s*(.*)$")
MODES = ("read", "write", "script")


@dataclass(frozen=True)
class Param:
    name: str
    type: str
    description: str


@dataclass(frozen=True)
class Query:
    name: str
    summary: str
    mode: str
    params: tuple[Param, ...]
    returns: str
    text: str
    path: str

    @property
    def param_names(self) -> frozenset[str]:
        return frozenset(p.name for p in self.params)

    def statements(self) -> list[str]:
        """The statements of a script (schema files); a single-query file yields itself."""
        if self.mode != "script":
            return [self.text]
        body = "\n".join(ln for ln in self.text.splitlines() if not ln.strip().startswith("//"))
        return [s.strip() for s in body.split(";") if s.strip()]

    def check_params(self, given: Mapping[str, object]) -> None:
        missing = self.param_names - given.keys()
        extra = given.keys() - self.param_names
        if missing or extra:
            parts = []
            if missing:
                parts.append("missing " + ", ".join(f"${m} ({self._type(m)})" for m in sorted(missing)))
            if extra:
                parts.append("unexpected " + ", ".join(f"${e}" for e in sorted(extra)))
            raise QueryParamError(f"{self.name}: {'; '.join(parts)}")

    def _type(self, name: str) -> str:
        return next(p.type for p in self.params if p.name == name)


def parse_query(name: str, source: str, path: str) -> Query:
    fields: dict[str, str] = {}
    params: list[Param] = []
    for line in source.splitlines():
        m = _HEADER.match(line.strip())
        if not m:
            if line.strip() and not line.strip().startswith("//"):
                break  # header ends at the first line of Cypher
            continue
        key, value = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        value = value.strip()
        if key == "param":
            pm = _PARAM_DECL.match(value)
            if not pm:
                raise QueryFileError(f"{path}: bad param line {value!r}; write `// param name: TYPE description`")
            params.append(Param(pm.group(1), pm.group(2), pm.group(3)))
        else:
            fields[key] = value
    for required in ("name", "summary", "mode", "returns"):
        if required not in fields:
            raise QueryFileError(f"{path}: header lacks `// {required}:`")
    if fields["name"] != name:
        raise QueryFileError(f"{path}: header name {fields['name']!r} differs from its path name {name!r}")
    if fields["mode"] not in MODES:
        raise QueryFileError(f"{path}: mode {fields['mode']!r} is not one of {', '.join(MODES)}")
    code = "\n".join(ln for ln in source.splitlines() if not ln.strip().startswith("//"))
    used = set(_PARAM_USE.findall(code))
    declared = {p.name for p in params}
    if used - declared:
        raise QueryFileError(f"{path}: uses undeclared parameter(s) {', '.join(sorted(used - declared))}")
    if declared - used:
        raise QueryFileError(f"{path}: declares unused parameter(s) {', '.join(sorted(declared - used))}")
    return Query(name, fields["summary"], fields["mode"], tuple(params), fields["returns"], source, path)


def _walk(node: Traversable, prefix: str) -> list[tuple[str, Traversable]]:
    out: list[tuple[str, Traversable]] = []
    for child in node.iterdir():
        if child.is_dir() and not child.name.startswith(("_", ".")):
            out += _walk(child, f"{prefix}{child.name}.")
        elif child.name.endswith(".cypher"):
            out.append((prefix + child.name[: -len(".cypher")], child))
    return out


@lru_cache(maxsize=1)
def registry() -> Mapping[str, Query]:
    """All queries shipped in auditgraph.cypher, read once, read-only."""
    queries: dict[str, Query] = {}
    for name, file in sorted(_walk(files("auditgraph.cypher"), ""), key=lambda t: t[0]):
        queries[name] = parse_query(name, file.read_text(encoding="utf-8"), f"cypher/{name.replace('.', '/')}.cypher")
    return MappingProxyType(queries)


def get(name: str) -> Query:
    try:
        return registry()[name]
    except KeyError:
        close = get_close_matches(name, registry().keys(), n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else "; `auditgraph queries` lists them"
        raise UnknownQueryError(f"no query named {name!r}{hint}") from None
