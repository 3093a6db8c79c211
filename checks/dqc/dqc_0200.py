"""DQC.US.0200 "Income Statement Location Axis with Instant Elements": the IncomeStatementLocationAxis used with balance sheet (instant, monetary) elements.

Structural: one query, cypher/dqc/dqc_0200.cypher; each finding names the fact.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0200",
    "DQC.US.0200",
    "Income Statement Location Axis with Instant Elements",
    ("DQC.US.0200.10700",),
    "dqc.dqc_0200",
    forms=frozenset(),  # the official rule set has no form test: any form (the shared findings include a 20-F)
)
