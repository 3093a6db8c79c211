"""DQC.US.0061 "Cash Flow Continuing Operations Elements not Used": a net cash total used where the continuing
operations total belongs, because the discontinued operations line sits beside it under a common total.
Structural: one query, cypher/dqc/dqc_0061.cypher; one finding per calculation network, naming no fact.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0061",
    "DQC.US.0061",
    "Cash Flow Continuing Operations Elements not Used",
    ("DQC.US.0061.7498", "DQC.US.0061.7499", "DQC.US.0061.7500"),
    "dqc.dqc_0061",
    forms=frozenset(),  # the official rule set has no form test: any form
)
