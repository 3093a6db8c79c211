"""DQC.US.0145 "Cash Flow Elements in the Wrong Section": elements us-gaap never counts among financing (9867) or
investing (9868) activities presented in that section of a filing's presentation; 9869 (income statement items
that are changes in operating capital) comes from two DQCRT constants alone. One query: cypher/dqc/dqc_0145.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0145",
    "DQC.US.0145",
    "Cash Flow Elements in the Wrong Section",
    ("DQC.US.0145.9867", "DQC.US.0145.9868", "DQC.US.0145.9869"),
    "dqc.dqc_0145",
    constants=(
        "NON_FINANCING_DESCENDANTS",
        "ALLOWABLE_FINANCING_ITEMS",
        "NON_INVESTING_DESCENDANTS",
        "FILIN_COMPONENTS_OF_NET_INC_LOSS",
        "CHG_IN_OP_CAPTL",
    ),
    forms=frozenset(),  # the DQCRT rule names no form: it runs on every filing
)
