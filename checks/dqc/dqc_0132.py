"""DQC.US.0132 "Operating Lease Amortization": an extension element where OperatingLeaseRightOfUseAssetAmortizationExpense exists. Structural: one
query, cypher/dqc/dqc_0132.cypher; one finding per extension element, naming no fact.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0132",
    "DQC.US.0132",
    "Operating Lease Amortization",
    ("DQC.US.0132.9730",),
    "dqc.dqc_0132",
    forms=frozenset(),  # the official rule set has no form test: any form
)
