"""DQC.US.0089 "Invalid Elements Used On Range Axis": a weighted average remaining lease term
(OperatingLeaseWeightedAverageRemainingLeaseTerm1, FinanceLeaseWeightedAverageRemainingLeaseTerm1) reported with a
member of srt:RangeAxis (9373). The compiled rule (2023-2025 alike) takes every such fact, nils and further dimensions
included, on any form. One query: cypher/dqc/dqc_0089.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0089",
    "DQC.US.0089",
    "Invalid Elements Used On Range Axis",
    ("DQC.US.0089.9373",),
    "dqc.dqc_0089",
    forms=frozenset(),  # the compiled rule has no form test: any form
)
