"""DQC.US.0199 "Schedule of Investments Details": a variable-rate spread needs its rate type, a rate needs a maturity.

Structural, one query (cypher/dqc/dqc_0199.cypher), over facts whose only dimension is InvestmentIdentifierAxis:
10653 when InvestmentBasisSpreadVariableRate has no InvestmentVariableInterestRateTypeExtensibleEnumeration for the same
investment and period; 10654 when a spread or interest rate has no InvestmentMaturityDate for the same investment and
period. One finding per fact. The compiled rule set (DQCRT 27) has no form test, so it runs on every form.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0199",
    "DQC.US.0199",
    "Schedule of Investments Details",
    ("DQC.US.0199.10653", "DQC.US.0199.10654"),
    "dqc.dqc_0199",
    forms=frozenset(),  # the compiled official rule names no form: every form
)
