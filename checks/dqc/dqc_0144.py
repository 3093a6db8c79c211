"""DQC.US.0144: a monetary extension element on a financial statement has no balance type.

Structural: in each statement presentation network (a "- Statement -" role, leaving out parenthetical, equity,
capital, investment and similar roles as the official STATEMENT_PRES_NETWORKS filter does), a monetary extension
element the network presents with no debit/credit balance, that is not a calculation total of that role and has a
fact, is one finding naming the element and the network. The official rule set runs it on every form.
The query is cypher/dqc/dqc_0144.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0144",
    "DQC.US.0144",
    "Monetary Extension Elements Without a Balance Type",
    ("DQC.US.0144.9866",),
    "dqc.dqc_0144",
    forms=frozenset(),  # empty: every form (the official rule set names none for this rule)
)
