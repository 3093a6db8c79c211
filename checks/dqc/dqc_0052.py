"""DQC.US.0052 "Member Values": a fact reported with DomesticPlanMember
on RetirementPlanSponsorLocationAxis (7487); the country member of the SEC country taxonomy should be used instead.
The compiled rule (2023-2025 alike) takes every fact with that member, whatever element, further dimensions or
nil value, on any form. One query: cypher/dqc/dqc_0052.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0052",
    "DQC.US.0052",
    "Member Values",
    ("DQC.US.0052.7487",),
    "dqc.dqc_0052",
    forms=frozenset(),  # the compiled rule has no form test: any form
)
