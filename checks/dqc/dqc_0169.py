"""DQC.US.0169 "Calculations in a Parenthetical Statement": a parenthetical statement has no monetary totals to add up.

Structural, one query (cypher/dqc/dqc_0169.cypher): each calculation network of a parenthetical statement role (a
"- Statement -" definition, "parenthetical" in the URI) holding monetary concepts (monetary duration concepts when the
URI names a cash flow statement); one finding per network, naming no fact. The compiled rule set (DQCRT 27) has no form
test, so it runs on every form.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0169",
    "DQC.US.0169",
    "Calculations in a Parenthetical Statement",
    ("DQC.US.0169.10102",),
    "dqc.dqc_0169",
    forms=frozenset(),  # the compiled official rule names no form: every form
)
