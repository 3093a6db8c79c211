"""DQC.US.0149: NoncurrentAssets used outside the segment note's geographic long-lived assets table.

Structural: 9943, one finding when a statement presentation network (the official STATEMENT_PRES_NETWORKS) holds
NoncurrentAssets (the balance sheet takes AssetsNoncurrent); 10075, every fact of NoncurrentAssets when no
presentation network puts the element below ScheduleOfRevenuesFromExternalCustomersAndLongLivedAssetsTable.
The official rule set runs it on every form. The query is cypher/dqc/dqc_0149.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0149",
    "DQC.US.0149",
    "NoncurrentAssets Outside the Geographic Long-Lived Assets Table",
    ("DQC.US.0149.9943", "DQC.US.0149.10075"),
    "dqc.dqc_0149",
    forms=frozenset(),  # empty: every form (the official rule set names none for this rule)
)
