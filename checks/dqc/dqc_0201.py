"""DQC.US.0201 "Private Company Elements": elements whose name contains "PrivateCompany" are for private companies.

Structural, one query (cypher/dqc/dqc_0201.cypher): one finding per fact of such an element, in any filing whose
dei:DocumentType is not SBSEF (the one exception the official rule makes). The rule is in the 2024 and 2025 rule sets.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0201",
    "DQC.US.0201",
    "Private Company Elements",
    ("DQC.US.0201.10701",),
    "dqc.dqc_0201",
    years=(2024, 2025),
    forms=frozenset(),  # the compiled official rule names no form (only SBSEF is left out, in the query): every form
)
