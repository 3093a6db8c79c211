"""DQC.US.0163: the segment note reports additions to long-lived assets with a PPE element.

Structural: when PaymentsToAcquirePropertyPlantAndEquipment or PropertyPlantAndEquipmentAdditions is presented
below a segment reporting table (ScheduleOfSegmentReportingInformationBySegmentTable or
ScheduleOfRevenuesFromExternalCustomersAndLongLivedAssetsTable) and no presentation network puts
SegmentExpenditureAdditionToLongLivedAssets below such a table, every fact of that PPE element is one finding.
The official rule set runs it on every form. The query is cypher/dqc/dqc_0163.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0163",
    "DQC.US.0163",
    "Segment Expenditure Additions to Long-Lived Assets",
    ("DQC.US.0163.10085",),
    "dqc.dqc_0163",
    forms=frozenset(),  # empty: every form (the official rule set names none for this rule)
)
