"""DQC.US.0171 "ASU 201613 Transition Elements": elements kept only for the credit-loss transition must not be used.

The elements are the DQCRT constant ASU201613_TRANSITION_ELEMENTS (the us-gaap presentation under
Asu201613TransitionAbstract), less the ones the rule still allows; every fact of one with a period ending on or after
2023-09-30 is a finding (cypher/dqc/dqc_0171.cypher). The official rule tests no form: it runs on any filing.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0171",
    "DQC.US.0171",
    "ASU 201613 Transition Elements",
    ("DQC.US.0171.10104",),
    "dqc.dqc_0171",
    constants=("ASU201613_TRANSITION_ELEMENTS",),
    forms=frozenset(),  # no form test in the official rule set
)
