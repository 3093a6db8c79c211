"""DQC.US.0051 "Before Tax Items": income tax expense deducted in the calculation of a before-tax total.
Structural: one query, cypher/dqc/dqc_0051.cypher (the tax elements are the rule set's TAX_ITEMS); one finding per
calculation path, naming the tax element and the network, no fact.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0051",
    "DQC.US.0051",
    "Before Tax Items",
    ("DQC.US.0051.7484", "DQC.US.0051.7485", "DQC.US.0051.7486"),
    "dqc.dqc_0051",
    forms=frozenset(),  # the official rule set has no form test: any form
)
