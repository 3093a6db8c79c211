"""DQC.US.0057 "Cash Flow Opening and Closing Balances": a structural rule, one named query (cypher/dqc/dqc_0057.cypher).

A cash flow statement network (a "- Statement " presentation role with "cashflow" in its URI, not parenthetical,
presenting StatementOfCashFlowsAbstract) must present the opening and closing cash with a cash balance element:
7494 accepts eight of them, 9728 only the two that include restricted cash. A finding names the network; its concept is
the total cash element (the restricted-cash one) the filer should use.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0057",
    "DQC.US.0057",
    "Cash Flow Opening and Closing Balances",
    ("DQC.US.0057.7494", "DQC.US.0057.9728"),
    "dqc.dqc_0057",
    forms=frozenset(),  # the official rule names no forms: it runs on every filing
)
