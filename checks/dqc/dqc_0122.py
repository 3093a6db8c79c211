"""DQC.US.0122 "Equity Components Axis in the Balance Sheet": the balance sheet's table should not have
StatementEquityComponentsAxis or PartnerCapitalComponentsAxis (they belong to the statement of changes in equity).

Structural, one query (cypher/dqc/dqc_0122.cypher): the filing's first balance sheet network (by definition), each of
its hypercubes with one of the two axes; one finding per hypercube and axis, naming the axis and the network, no fact
(the engine's finding is about the axis). The compiled rule set (DQCRT 27) has no form test, so it runs on every form.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0122",
    "DQC.US.0122",
    "Equity Components Axis in the Balance Sheet",
    ("DQC.US.0122.9582",),
    "dqc.dqc_0122",
    forms=frozenset(),  # the compiled official rule names no form: every form
)
