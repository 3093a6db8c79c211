"""Neo4j Browser helpers: the graph style (style.grass), a named query ready to paste, and (guide.py)
the Browser guide to the graph model that `auditgraph neo4j guide` serves.

`paste_text` turns `auditgraph queries --browser NAME --param k=v` into `:param k => value` lines and
the query text; the values are typed from the query's header, never spliced into the Cypher.

Why `:param k => value` and not `:params {k: value}`: the Browser parses a `:params` map itself, as
JavaScript, so an integer arrives as a float (`LIMIT $n` then fails: "'25.0' is not a valid value");
`=>` has the server evaluate the value as a Cypher literal, so every type arrives as the header says.
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


def params_block(params: dict[str, object]) -> str:
    """One `:param name => literal` statement per parameter, `;` between them (a Browser script)."""
    return ";\n".join(f":param {k} => {_literal(v)}" for k, v in sorted(params.items()))


def paste_text(query: Query, pairs: tuple[str, ...]) -> str:
    """The `:param` lines, then the query's Cypher (header included: it is `//` comments).

    The `;` after the last `:param` makes the Browser run the text as a script (its multi-statement
    editor, on by default); without it the Browser takes the whole text as the argument of `:param`
    and answers with a syntax error."""
    params = parse_params(query, pairs)
    head = params_block(params) + ";\n\n" if params else ""
    return head + query.text.strip() + "\n"
