"""DQC.US.0193: members of the DividendsAxis must be named by type (O/S), year and period. Structural: one query,
cypher/dqc/dqc_0193.cypher; one finding per member, naming the member's first fact in the instance.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0193",
    "DQC.US.0193",
    "Dividends Axis Member Naming",
    ("DQC.US.0193.10153",),
    "dqc.dqc_0193",
    forms=frozenset(),  # the official rule set has no form test: any form
)
