"""DQC.US.0162: an invalid trading symbol (dei:TradingSymbol).

Structural: every TradingSymbol fact that is nil, a placeholder (N/A, n/a, -, NONE, NOT APPLICABLE, or NA), contains
a special character (" @ * & ! $ % # ^), or is not upper case while neither its Security12bTitle (same context) nor its
StatementClassOfStockAxis member says preferred or notes, is one finding. The official rule set runs it on every form.
The query is cypher/dqc/dqc_0162.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0162",
    "DQC.US.0162",
    "Invalid Trading Symbol",
    ("DQC.US.0162.10084",),
    "dqc.dqc_0162",
    forms=frozenset(),  # empty: every form (the official rule set names none for this rule)
)
