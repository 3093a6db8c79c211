"""DQC.US.0047 "Calculation Descendants with No Balance Type": a base-taxonomy element without a debit or credit
balance below the operating cash flow total in a filing's calculations. One query: cypher/dqc/dqc_0047.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0047",
    "DQC.US.0047",
    "Calculation Descendants with No Balance Type",
    ("DQC.US.0047.7481",),
    "dqc.dqc_0047",
    forms=frozenset(),  # the DQCRT rule names no form: it runs on every filing
)
