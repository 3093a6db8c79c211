"""`auditgraph audit`: the checks' command, with the later stages' sections of its HTML page (`--narrative`)."""

from __future__ import annotations

import copy
import functools

from auditgraph.checks.cli import audit as checks_audit
from auditgraph.graph import Graph


def narrative_sections(graph: Graph, filing_id: str) -> list[str]:
    """The verifier's check of the notes' figures against the tagged facts, as a section of the audit page."""
    from auditgraph.verifier import Verifier
    from auditgraph.verifier.narrative import check, render_html

    return [render_html(check(Verifier(graph), filing_id))]


assert checks_audit.callback is not None
audit = copy.copy(checks_audit)
audit.callback = functools.partial(checks_audit.callback, html_sections=narrative_sections)
