"""Neo4j Browser helpers: the graph style (style.grass) and a named query ready to paste.

`paste_text` turns `auditgraph queries --browser NAME --param k=v` into a `:params {...}` line and
the query text; the values are typed from the query's header, never spliced into the Cypher.
"""

from __future__ import annotations

import json
from importlib.resources import files
from importlib.resources.abc import Traversable

from auditgraph.errors import QueryParamError
from auditgraph.queries import Query

_SCALARS = ("STRING", "INTEGER", "FLOAT", "BOOLEAN")


def style() -> Traversable:
    """The shipped GraSS file (captions for Filing, Fact, Context, Period, Concept, …)."""
    return files("auditgraph.browser") / "style.grass"


def _value(query: Query, name: str, raw: str) -> object:
    declared = next(p.type for p in query.params if p.name == name)
    kind = declared.split("<", 1)[0].upper()
    try:
        if kind == "STRING":
            return raw
        if kind == "INTEGER":
            return int(raw)
        if kind == "FLOAT":
            return float(raw)
        if kind == "BOOLEAN":
            if raw.lower() not in ("true", "false"):
                raise ValueError(raw)
            return raw.lower() == "true"
        value = json.loads(raw)  # LIST, MAP, …: a JSON literal
    except ValueError:
        raise QueryParamError(
            f"{query.name}: ${name} is {declared}; {raw!r} is not one (LIST and MAP take JSON, e.g. '[\"a\"]')"
        ) from None
    if kind == "LIST" and not isinstance(value, list) or kind == "MAP" and not isinstance(value, dict):
        raise QueryParamError(f"{query.name}: ${name} is {declared}; give it as JSON, e.g. '[\"a\"]' or '{{\"k\": 1}}'")
    return value


def parse_params(query: Query, pairs: tuple[str, ...]) -> dict[str, object]:
    """`k=v` strings -> typed values; every parameter of the query must be given, and no other."""
    given: dict[str, str] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name:
            raise QueryParamError(f"{query.name}: --param {pair!r} is not like name=value")
        given[name.strip().lstrip("$")] = raw
    query.check_params(given)
    return {name: _value(query, name, raw) for name, raw in given.items()}


def _literal(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"`{k}`: {_literal(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_literal(v) for v in value) + "]"
    if value is None:
        return "null"
    return json.dumps(value, ensure_ascii=False)  # a Cypher string/number literal


def params_line(params: dict[str, object]) -> str:
    return ":params {" + ", ".join(f"{k}: {_literal(v)}" for k, v in sorted(params.items())) + "}"


def paste_text(query: Query, pairs: tuple[str, ...]) -> str:
    """The `:params` line, then the query's Cypher (header included: it is `//` comments)."""
    params = parse_params(query, pairs)
    return params_line(params) + "\n\n" + query.text.strip() + "\n"
