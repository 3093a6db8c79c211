"""DQC.US.0006 "DEI and Block Tag Date Contexts": text blocks and cover page facts should cover the period the
DocumentFiscalPeriodFocus announces. Structural: one query, cypher/dqc/dqc_0006.cypher; one finding per fact.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0006",
    "DQC.US.0006",
    "DEI and Block Tag Date Contexts",
    ("DQC.US.0006.14",),
    "dqc.dqc_0006",
    forms=frozenset(),  # the rule leaves out registration forms and transition reports itself; no form guard
)
