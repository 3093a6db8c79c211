"""DQC.US.0067: revenue recognition elements of the superseded standard are used beside ASC 606 elements.

Structural: a fact of an element of the superseded revenue recognition group (DQCRT NETWORK440000) outside
srt:StatementScenarioAxis is one finding (DQC.US.0067.7644) when the filing also reports, in the same unit (text
facts: none), a fact of an element of the ASC 606 disclosure group (DQCRT NETWORK606000) outside that axis, which
says it has adopted ASC 606. Periods and other dimensions do not matter; text blocks and nil facts count; a complete
or consistent duplicate counts once. The official rule set runs it on every
form. The query is cypher/dqc/dqc_0067.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0067",
    "DQC.US.0067",
    "Revenue Recognition Elements Before ASC 606",
    ("DQC.US.0067.7644",),
    "dqc.dqc_0067",
    constants=("NETWORK606000", "NETWORK440000"),
    forms=frozenset(),  # empty: every form (the official rule names none)
)
