"""DQC.US.0018: the filing uses a deprecated element.

Structural: every element the filing's own presentation networks use (as a parent or a child, in any role) that
the DQCRT constant of the filing's us-gaap year marks as deprecated is one finding naming the element, not a fact:
DEP_CONCEPTS (the us-gaap deprecations) gives sub-rule 34, DEP_EBP_CONCEPTS (the employee benefit plan taxonomy's)
sub-rule 35, which the rule sets have from us-gaap 2025 on (the 2023/2024 ones have neither the sub-rule nor the
constant, so only DEP_CONCEPTS is required). The official rule set runs it on every form. The query is cypher/dqc/dqc_0018.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0018",
    "DQC.US.0018",
    "Deprecated Element",
    ("DQC.US.0018.34", "DQC.US.0018.35"),
    "dqc.dqc_0018",
    constants=("DEP_CONCEPTS",),  # DEP_EBP_CONCEPTS (sub-rule 35) exists from 2025 only
    forms=frozenset(),  # empty: every form (the official rule names none)
)
