"""The Cypher registry: every query is a `.cypher` file under cypher/, named by its path.

A file starts with a header of `//` comments:

    // name: tools.get_fact            (must equal the path: cypher/tools/get_fact.cypher)
    // summary: one line, what it answers
    // mode: read | write | script     (script: several `;`-terminated statements, schema only)
    // param filing_id: STRING  the filing's id
    // returns: fact_id STRING, value STRING

Every `$name` in the body must be declared as a param and every param used, so a file
that drifts from its header fails at load time, not in front of a user.

The package ships only queries the product runs. Tests add their fixture writes (tests/cypher/)
with `add_directory`; `auditgraph queries` lists `families()` of the shipped ones.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from difflib import get_close_matches
from functools import lru_cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.table import Table

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

    @property
    def columns(self) -> tuple[tuple[str, str], ...]:
        """(name, type) of each column the header's `returns:` declares, in order; none for "nothing".
        Types may nest ("output MAP {type STRING, end STRING}"): only top-level commas part columns."""
        if self.returns.strip().lower() == "nothing":
            return ()
        out, depth, start = [], 0, 0
        text = self.returns.replace("->", "→")  # a path's arrow ("PATH (Fact-IN_UNIT->Unit)") closes nothing
        for i, ch in enumerate(text + ","):
            depth += 1 if ch in "{<([" else -1 if ch in "}>)]" else 0
            if ch == "," and depth == 0:
                name, _, type_ = text[start:i].replace("→", "->").strip().partition(" ")
                out.append((name, type_.strip()))
                start = i + 1
        return tuple(out)

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


def _read_tree(root: Traversable, shown_as: str) -> dict[str, Query]:
    return {
        name: parse_query(name, file.read_text(encoding="utf-8"), f"{shown_as}/{name.replace('.', '/')}.cypher")
        for name, file in sorted(_walk(root, ""), key=lambda t: t[0])
    }


@lru_cache(maxsize=1)
def shipped() -> Mapping[str, Query]:
    """The queries shipped in auditgraph.cypher, read once, read-only."""
    return MappingProxyType(_read_tree(files("auditgraph.cypher"), "cypher"))


_extra_dirs: list[Path] = []


def add_directory(path: Path) -> None:
    """Also serve the queries under `path` (laid out like cypher/: <group>/<name>.cypher) by name.

    For test fixtures: tests/conftest.py adds tests/cypher, whose writes build hand-made graphs.
    A name that a shipped query already has is refused, so a fixture can never shadow the product."""
    path = Path(path).resolve()
    if not path.is_dir():
        raise QueryFileError(f"{path}: no such query directory; pass a folder laid out like cypher/")
    if path in _extra_dirs:
        return
    clash = sorted(_read_tree(path, str(path)).keys() & shipped().keys())
    if clash:
        raise QueryFileError(f"{path}: {', '.join(clash)} already shipped in cypher/; rename the extra file(s)")
    _extra_dirs.append(path)
    registry.cache_clear()


@lru_cache(maxsize=1)
def registry() -> Mapping[str, Query]:
    """Every query `get` serves: the shipped ones plus those of `add_directory` folders."""
    queries = dict(shipped())
    for path in _extra_dirs:
        queries.update(_read_tree(path, str(path)))
    return MappingProxyType(queries)


def get(name: str) -> Query:
    try:
        return registry()[name]
    except KeyError:
        close = get_close_matches(name, registry().keys(), n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else "; `auditgraph queries` lists them"
        raise UnknownQueryError(f"no query named {name!r}{hint}") from None


# ---------------------------------------------------------------- the `auditgraph queries` listing
# One line per folder of cypher/. A folder missing here is still listed, with no description.
FAMILY_SUMMARIES: Mapping[str, str] = MappingProxyType(
    {
        "tools": "What the agent and MCP tools read from a loaded filing.",
        "checks": "What the DQC checkers read, and the reproduction of a finding.",
        "dqc": "DQC rule families: findings of $filing_id, or of every filing when null.",
        "verify": "What the claim verifier reads: facts, calculations, labels, text.",
        "filing": "Loaded filings, and the loader's relinking after a taxonomy load.",
        "taxonomy": "Taxonomy releases: calculations, tables, labels, DQC lists.",
        "eval": "What the evaluation reads to build and locate its cases.",
        "db": "The database itself: counts, server version, wipe.",
        "load": "The loaders' batched writes of taxonomy and filing rows.",
        "schema": "Constraints and indexes, run before every load.",
    }
)
FAMILY_ORDER = ("tools", "checks", "dqc", "verify", "filing", "taxonomy", "eval", "db", "load", "schema")


@dataclass(frozen=True)
class Family:
    """The queries of one folder of cypher/ (checks, tools, verify, ...)."""

    name: str
    summary: str
    queries: tuple[Query, ...]


def families(include_writes: bool = False) -> list[Family]:
    """The shipped queries grouped by folder, in data-path order; only read queries unless include_writes.

    Read queries are what a user pastes into the Browser; the writes (loader rows, deletes, the
    schema script, `db wipe`) are run by auditgraph's own commands."""
    grouped: dict[str, list[Query]] = {}
    for q in shipped().values():
        if include_writes or q.mode == "read":
            grouped.setdefault(q.name.split(".", 1)[0], []).append(q)
    rank = {f: i for i, f in enumerate(FAMILY_ORDER)}
    order = sorted(grouped, key=lambda f: (rank.get(f, len(rank)), f))
    return [Family(f, FAMILY_SUMMARIES.get(f, ""), tuple(grouped[f])) for f in order]


def families_json(fams: list[Family]) -> str:
    """`auditgraph queries --json`: a list of families, each with its queries' headers."""
    return json.dumps(
        [
            {
                "family": f.name,
                "summary": f.summary,
                "queries": [
                    {
                        "name": q.name,
                        "mode": q.mode,
                        "summary": q.summary,
                        "returns": q.returns,
                        "path": q.path,
                        "params": [{"name": p.name, "type": p.type, "description": p.description} for p in q.params],
                    }
                    for q in f.queries
                ],
            }
            for f in fams
        ],
        indent=2,
    )


def family_tables(fams: list[Family]) -> list[Table]:
    """One rich table per family: the full name (never cut) with its `$params` under it, and the summary."""
    from rich.table import Table  # the registry is imported by graph.py; only the listing needs rich

    show_mode = any(q.mode != "read" for f in fams for q in f.queries)
    tables = []
    for f in fams:
        t = Table(title=f"{f.name}: {f.summary}" if f.summary else f.name, title_justify="left", expand=True)
        t.add_column("query and $params", no_wrap=True)
        if show_mode:
            t.add_column("mode", no_wrap=True)
        t.add_column("summary", ratio=1)
        for q in f.queries:
            cell = "\n".join([q.name, *(f"  ${p.name} {p.type}" for p in q.params)])
            t.add_row(cell, *([q.mode] if show_mode else []), q.summary)
        tables.append(t)
    return tables
