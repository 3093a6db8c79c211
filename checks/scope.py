"""What `--concept` and `--period` may name: facts the filing reports, never an empty selection answered "ok"."""

from __future__ import annotations

from auditgraph.errors import ConfigError
from auditgraph.graph import Graph


def require_reported(graph: Graph, filing_id: str, concept: str | None, period: str | None, *, hint: str) -> None:
    """Exit 2 (ConfigError) unless the filing reports a fact of `concept` (if given) for `period` (if given).

    `hint` ends the concept error with what to run instead, e.g. the same command without --concept.
    """
    if concept is None and period is None:
        return
    periods = [r["period_key"] for r in graph.read("checks.fact_periods", filing_id=filing_id, concept=concept)]
    if concept and not periods:
        raise ConfigError(f"--concept {concept}: filing {filing_id!r} reports no fact of it; {hint}")
    if period and period not in periods:
        shown = ", ".join(periods[:6]) + (", …" if len(periods) > 6 else "")
        what = f"no fact of {concept}" if concept else "no fact"
        raise ConfigError(f"--period {period}: filing {filing_id!r} has {what} for it; its periods: {shown}")
