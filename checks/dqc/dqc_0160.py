"""DQC.US.0160 "Members Below or Beside NonrelatedPartyMember": NonrelatedPartyMember is the undivided counterpart of
RelatedPartyMember on the related party axis.

Structural, one query (cypher/dqc/dqc_0160.cypher), over the filing's definition networks: 10082 when the member has
domain-member children, 10092 when it has domain-member siblings among which RelatedPartyMember is missing. Each is one
finding about the member, naming no fact. The compiled rule set (DQCRT 27) has no form test, so it runs on every form.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0160",
    "DQC.US.0160",
    "Members Below or Beside NonrelatedPartyMember",
    ("DQC.US.0160.10082", "DQC.US.0160.10092"),
    "dqc.dqc_0160",
    forms=frozenset(),  # the compiled official rule names no form: every form
)
