"""DQC.US.0153: a hypercube in a face statement that leaves monetary items outside it.

Structural, one query (cypher/dqc/dqc_0153.cypher): in the face statements' presentation networks, a hypercube whose
siblings have monetary descendants. The finding names the hypercube and the network, no fact (as the engine does).
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0153",
    "DQC.US.0153",
    "Monetary Items Outside the Statement Hypercube",
    ("DQC.US.0153.9879",),
    "dqc.dqc_0153",
    forms=frozenset(),  # the official rule names no form: every form
)
