"""DQC.US.0202 "Cybersecurity Disclosures Not Tagged": a 10-K or 20-F for a period ending on or after 2024-12-15
(not a transition report) must tag its cybersecurity disclosures with the cyd taxonomy.

Structural, one query (cypher/dqc/dqc_0202.cypher): one finding per filing that reports no fact of the cyd taxonomy of
its year (the 2024 rule set reads cyd/2024, the 2025 one cyd/2025; the 2023 rule set has no 0202).
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0202",
    "DQC.US.0202",
    "Cybersecurity Disclosures Not Tagged",
    ("DQC.US.0202.10702",),
    "dqc.dqc_0202",
    years=(2024, 2025),
    forms=frozenset(("10-K", "20-F")),  # the rule's own document-type test
)
