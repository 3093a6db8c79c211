"""DQC.US.0155: the cash change including exchange-rate effects has no exchange-rate addend in its calculation.

Structural: when the filing reports an effect of exchange rates on cash and, in its cash flow statement roles (the
official CASH_FLOW_ROLES), CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecrease-
IncludingExchangeRateEffect has calculation descendants none of which is an exchange-rate element, one finding.
The official engine names one of the exchange-rate facts (the first of an unordered set); the finding names the one
of the earliest period. The official rule set runs it on every form. The query is cypher/dqc/dqc_0155.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0155",
    "DQC.US.0155",
    "Cash Change Including Exchange-Rate Effect Without the Exchange-Rate Element",
    ("DQC.US.0155.10072",),
    "dqc.dqc_0155",
    forms=frozenset(),  # empty: every form (the official rule set names none for this rule)
)
