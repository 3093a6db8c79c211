"""DQC.US.0156: an extension element names one amount both basic and diluted ("...BasicAndDiluted...").

Structural: every fact (nil ones too, as the engine reports them) of a numeric extension element whose local name
contains "basicanddiluted" in any case is one finding; the filer should tag the amount twice, with the us-gaap basic
and diluted elements. The official rule set runs it on every form (an S-1/A and a 20-F among the shared filings),
so no form limits it here either. The query is cypher/dqc/dqc_0156.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0156",
    "DQC.US.0156",
    "Extension Elements for Basic and Diluted Amounts",
    ("DQC.US.0156.10074",),
    "dqc.dqc_0156",
    forms=frozenset(),  # empty: every form (the rule names none)
)
