"""The official DQCRT constants (DQC rule-set data per us-gaap year) as `DqcConstant` nodes.

The files in `dqcrt/` are Arelle/EDGAR's `dqcrt-us-<year>-constants.json` byte for byte (gzipped; CC0, see
`dqcrt/README.md`). Each constant becomes one node keyed `us-gaap/<year>|<NAME>` holding the raw XULE value as
JSON (`json`, decoded by checks/dqc_constants.py) and its scalars flattened (`values`: qnames as concept keys
`{ns}#{name}`, other scalars as text), so a Cypher rule can ask `f.concept_key IN k.values`.
`auditgraph taxonomy load` writes the constants of every us-gaap year it loads; `auditgraph taxonomy
dqc-constants` (re)writes them for databases loaded before.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from importlib.resources import files
from typing import Any

from auditgraph.errors import ConfigError
from auditgraph.graph import Graph

DATA = files("auditgraph.loader") / "dqcrt"
SOURCE = "Arelle/EDGAR validate/resources/xule @ f99bcb2 (DQCRT 27.0.1)"


def shipped_years() -> tuple[int, ...]:
    names = [p.name for p in DATA.iterdir() if p.name.endswith("-constants.json.gz")]
    return tuple(sorted(int(n.split("-")[2]) for n in names))


def read_shipped(year: int) -> dict[str, Any]:
    if year not in shipped_years():
        have = ", ".join(map(str, shipped_years()))
        raise ConfigError(f"no DQCRT constants for us-gaap {year}: auditgraph ships {have} (the official rule sets' years)")
    raw = (DATA / f"dqcrt-us-{year}-constants.json.gz").read_bytes()
    data: dict[str, Any] = json.loads(gzip.decompress(raw))
    return data


def qname_key(text: str) -> str:
    """ "{http://fasb.org/us-gaap/2025}Assets" -> "http://fasb.org/us-gaap/2025#Assets" (a concept key)."""
    ns, _, name = text[1:].partition("}")
    return f"{ns}#{name}"


def scalars(value: Any) -> list[str]:
    """Every scalar of a XULE value, qnames as concept keys (type tags such as "set qname" left out)."""
    out: list[str] = []

    def walk(v: Any, typed: bool) -> None:
        if isinstance(v, list):
            head = v[0] if v and isinstance(v[0], str) and _is_tag(v[0]) else None
            for item in v[1:] if head else v:
                walk(item, head is not None)
        elif isinstance(v, str):
            out.append(qname_key(v) if v.startswith("{") and "}" in v else v)
        elif v is not None and not isinstance(v, bool):
            out.append(str(v))

    walk(value, False)
    return out


def _is_tag(text: str) -> bool:
    return text in ("set", "list", "dictionary", "qname") or text.endswith((" qname", " string", " int", " float"))


@cache
def constant_rows(year: int) -> list[dict[str, Any]]:
    rows = []
    for name, value in read_shipped(year).items():
        kind = value[0] if isinstance(value, list) and value and isinstance(value[0], str) else type(value).__name__
        rows.append(
            {
                "key": f"us-gaap/{year}|{name}",
                "name": name,
                "type": kind,
                "json": json.dumps(value, separators=(",", ":")),
                "values": scalars(value),
                "source": SOURCE,
            }
        )
    return rows


def load_constants(graph: Graph, years: tuple[int, ...] | None = None) -> dict[int, int]:
    """Write the shipped constants of `years` (default: every shipped year); constants written per year.

    One transaction per year replaces that year's nodes, so a rerun (also a concurrent one) leaves one set."""
    done = {}
    for year in years or shipped_years():
        rows = constant_rows(year)
        out = graph.write("load.dqc_constants", year=year, rows=rows)
        done[year] = int(out[0]["written"]) if out else 0
    return done
