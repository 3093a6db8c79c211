"""What a user may type for a filing: its id, its accession, its folder or file name, or
ticker/form/period words (`NFLX 10-K 2023`, `ADN_FY_2023`). One answer or a one-line error."""

from __future__ import annotations

import re
from pathlib import PurePath
from typing import Any

from auditgraph.errors import ConfigError
from auditgraph.graph import Graph


def _words(row: dict[str, Any]) -> set[str]:
    """The words a filing answers to, lower case."""
    period_end = row.get("period_end")
    words = {str(v).lower() for v in (row.get("ticker"), row.get("form"), row.get("fiscal_period_focus")) if v}
    words |= {str(v) for v in (row.get("fiscal_year_focus"),) if v}
    if period_end is not None:
        words |= {str(period_end), str(period_end)[:4]}
    return words


def _names(row: dict[str, Any]) -> set[str]:
    source = PurePath(str(row.get("source") or ""))
    names = {str(row.get("accession") or ""), source.name, source.stem, source.parent.name}
    return {n.lower() for n in names if n}


def resolve_filing(graph: Graph, ref: str) -> str:
    """The id of the one loaded or pending filing `ref` names; ConfigError (exit 2) for none or several."""
    if graph.read("tools.filing", filing_id=ref):
        return ref
    rows = graph.read("filing.list")
    text = ref.strip().lower()
    hits = [r for r in rows if text in _names(r)]
    if not hits:
        tokens = [t for t in re.split(r"[\s_/]+", text) if t]
        hits = [r for r in rows if tokens and all(t in _words(r) for t in tokens)]
    if len(hits) == 1:
        return str(hits[0]["id"])
    if hits:
        shown = ", ".join(str(r["id"]) for r in hits[:5]) + (" …" if len(hits) > 5 else "")
        raise ConfigError(f"{ref!r} names {len(hits)} filings ({shown}); pass one of these ids")
    raise ConfigError(
        f"no filing {ref!r} in the database; load it with `auditgraph filing load` "
        "(its id, accession, folder name and ticker/form/period were tried; `auditgraph filing list` shows what is loaded)"
    )
