"""DQC.US.0055 "Required Member on An Axis": the RetirementPlanSponsorLocationAxis must be organised under
DomesticPlanMember and/or ForeignPlanMember in the filing's presentation networks.

Structural: one query, cypher/dqc/dqc_0055.cypher; findings name the axis (7493), the leaf of the offending path
(9842) or the plan member (9843, 9844), with the network, and no fact.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0055",
    "DQC.US.0055",
    "Required Member on An Axis",
    ("DQC.US.0055.7493", "DQC.US.0055.9842", "DQC.US.0055.9843", "DQC.US.0055.9844"),
    "dqc.dqc_0055",
    forms=frozenset(),  # the official rule set has no form test: any form
)
