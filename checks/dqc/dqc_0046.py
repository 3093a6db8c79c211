"""DQC.US.0046 "Inappropriate Calculation Descendant": the exchange rate effect on cash calculated into continuing
(6841) or discontinued (7480) operating cash flows, or NetIncomeLoss calculated into an OCI total (9279).
One query: cypher/dqc/dqc_0046.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0046",
    "DQC.US.0046",
    "Inappropriate Calculation Descendant",
    ("DQC.US.0046.6841", "DQC.US.0046.7480", "DQC.US.0046.9279"),
    "dqc.dqc_0046",
    forms=frozenset(),  # the DQCRT rule names no form: it runs on every filing
)
