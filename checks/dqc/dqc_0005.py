"""DQC.US.0005 "Context Dates After Period End Date": cover page share counts dated before the period end, and
subsequent events or forecasts dated on or before it. Structural: one query, cypher/dqc/dqc_0005.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0005",
    "DQC.US.0005",
    "Context Dates After Period End Date",
    ("DQC.US.0005.17", "DQC.US.0005.48", "DQC.US.0005.49"),
    "dqc.dqc_0005",
    forms=frozenset(),  # the rule leaves out registration forms itself; no form guard
)
