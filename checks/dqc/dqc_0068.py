"""DQC.US.0068 "Geographical Axis Used with Pension Line Items". Structural: one query, cypher/dqc/dqc_0068.cypher,
reading the DQCRT constant NETWORK_730000_TARGET_NON_ABSTRACT_QNAMES; one finding per fact.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0068",
    "DQC.US.0068",
    "Geographical Axis Used with Pension Line Items",
    ("DQC.US.0068.7641",),
    "dqc.dqc_0068",
    constants=("NETWORK_730000_TARGET_NON_ABSTRACT_QNAMES",),
    forms=frozenset(),  # the official rule set has no form test: any form
)
