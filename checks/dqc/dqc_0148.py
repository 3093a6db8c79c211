"""DQC.US.0148 "Net Income and OCI Components Mixed": OCI elements calculated into net income (9874) and net income
elements calculated into OCI (10073) in a filing's calculations. One query: cypher/dqc/dqc_0148.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0148",
    "DQC.US.0148",
    "Net Income and OCI Components Mixed",
    ("DQC.US.0148.9874", "DQC.US.0148.10073"),
    "dqc.dqc_0148",
    constants=("OCI_CONCEPTS", "NI_CONCEPTS"),
    forms=frozenset(),  # the DQCRT rule names no form: it runs on every filing
)
