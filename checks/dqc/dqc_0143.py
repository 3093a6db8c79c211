"""DQC.US.0143 "Derivative Position Without Call or Put": DerivativePositionExtensibleEnumeration says whether an
option is a call or a put, so its value must name CallOptionMember or PutOptionMember.

Structural, one query (cypher/dqc/dqc_0143.cypher): one finding per fact whose value names neither. The compiled rule
set (DQCRT 27) has no form test, so the rule runs on every form.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0143",
    "DQC.US.0143",
    "Derivative Position Without Call or Put",
    ("DQC.US.0143.9865",),
    "dqc.dqc_0143",
    forms=frozenset(),  # the compiled official rule names no form: every form
)
