"""DQC.US.0054 "Excluded Dimensions from a Table": the filing's definition linkbase puts
srt:StatementGeographicalAxis on ScheduleOfDefinedBenefitPlansDisclosuresTable (7490), DefinedContributionPlanTable
(7491) or DefinedBenefitPlansAndOtherPostretirementBenefitPlansDisclosuresTable (7492). The compiled rule (2023-2025
alike) navigates the hypercube-dimension arcs of every role from the table, on any form, and reports once per table.
One query: cypher/dqc/dqc_0054.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0054",
    "DQC.US.0054",
    "Excluded Dimensions from a Table",
    ("DQC.US.0054.7490", "DQC.US.0054.7491", "DQC.US.0054.7492"),
    "dqc.dqc_0054",
    forms=frozenset(),  # the compiled rule has no form test: any form
)
