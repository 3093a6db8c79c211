"""DQC.US.0170 "ECD Rule 10b51 Flag Disclosures" (Regulation S-K Item 408 flags in the ecd taxonomy).

From periods ending 2023-12-31 a 10-K/10-KT must say, with the four ecd 10b5-1 flags, whether insiders adopted or
terminated trading arrangements (10103), and in a 10-K, 10-KT or 10-Q an adoption or termination date must come
with a true flag of its kind and the reverse (10131 adoption, 10129 termination). The whole rule is one query,
cypher/dqc/dqc_0170.cypher; each finding names the filing's DocumentType fact, as the official engine does.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0170",
    "DQC.US.0170",
    "ECD Rule 10b51 Flag Disclosures",
    ("DQC.US.0170.10103", "DQC.US.0170.10129", "DQC.US.0170.10131"),
    "dqc.dqc_0170",
    forms=frozenset(),  # the official rule set tests DocumentType itself (10-K, 10-KT, 10-Q), no form guard
)
