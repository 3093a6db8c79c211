"""DQC.US.0079 "Extension Members": an extension member that duplicates a member of the SEC taxonomies (countries,
states, exchanges...) used on an axis. Structural: one query, cypher/dqc/dqc_0079.cypher, reading the DQCRT constant
EXTENSION_ITEMS; each finding names the member, not a fact.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0079",
    "DQC.US.0079",
    "Extension Members",
    ("DQC.US.0079.7657",),
    "dqc.dqc_0079",
    constants=("EXTENSION_ITEMS",),
    forms=frozenset(),  # the official rule set has no form test: any form
)
