"""DQC.US.0112 "Line Items Requiring the Business Acquisition Axis": business combination details reported without
the acquisition they belong to. Structural: one query, cypher/dqc/dqc_0112.cypher; one finding per fact.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0112",
    "DQC.US.0112",
    "Line Items Requiring the Business Acquisition Axis",
    ("DQC.US.0112.9561",),
    "dqc.dqc_0112",
    forms=frozenset(),  # the official rule set has no form test: any form
)
