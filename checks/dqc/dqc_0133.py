"""DQC.US.0133: equity method investment facts on the wrong investee axis (or on none).

Structural, one query (cypher/dqc/dqc_0133.cypher) over facts of every type (the description of an investee's
principal activities is text): 9831 investee ownership percentage or activities without the investee name axis,
9832 investee financial data on the investee name axis, 9833 the investor's own equity method data on the
nonconsolidated investee axis. The concept lists of 9832/9833 are DQCRT constants; the official rule names no form.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0133",
    "DQC.US.0133",
    "Equity Method Investment Reporting",
    ("DQC.US.0133.9831", "DQC.US.0133.9832", "DQC.US.0133.9833"),
    "dqc.dqc_0133",
    constants=("FINANCIAL_DATA_EQUITY_METHOD_INVESTMENTS", "NON_FINANCIAL_DATA_EMI"),
    forms=frozenset(),  # the official rule names no form: every form
)
