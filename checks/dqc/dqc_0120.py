"""DQC.US.0120: a lease StatementOfFinancialPosition extensible list naming a line item that is not on the balance sheet.

Structural, one query (cypher/dqc/dqc_0120.cypher): the filing's balance sheet network is picked as the official rule
picks it (the first qualifying statement network by definition); each element a finance or operating lease location
list fact names that is not among the balance sheet's monetary line items is one finding on that fact.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0120",
    "DQC.US.0120",
    "Lease Location Not on the Balance Sheet",
    ("DQC.US.0120.9578",),
    "dqc.dqc_0120",
    forms=frozenset(),  # the official rule names no form: every form
)
