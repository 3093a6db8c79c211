"""DQC.US.0107 "Acquired Intangible Assets Text Block Used With the Business Acquisition Axis".

Structural, one query (cypher/dqc/dqc_0107.cypher): a fact of ScheduleOfAcquiredFiniteLivedIntangibleAssetsByMajorClassTextBlock
with a member of BusinessAcquisitionAxis means the intangibles came with a business combination, which has its own text
block. One finding per fact. The compiled rule set (DQCRT 27) has no form test, so the rule runs on every form.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0107",
    "DQC.US.0107",
    "Acquired Intangible Assets Text Block Used With the Business Acquisition Axis",
    ("DQC.US.0107.9557",),
    "dqc.dqc_0107",
    forms=frozenset(),  # the compiled official rule names no form: every form
)
