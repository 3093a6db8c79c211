"""DQC.US.0121: a transition element is reported for the current period.

Structural: the elements the DQCRT constant TRANSITION_ELTS_2 lists (capital leases, operating-lease minimum
payments, the pre-ASU 2017-12 hedging and pre-ASU 2018-07 nonemployee stock compensation elements) exist only for
periods before the filer adopted those standards. A fact of one of them whose period ends on the document period
end (the period end of the filing's first dei:DocumentType fact) is a finding (DQC.US.0121.9581), nil facts too.
Nine long-term debt maturity elements that the list keeps for debt without leases are exempt, and so is every
element of a filer's own "- Disclosure -" presentation network whose role URI says "priortoadoptionoftopic842".
The rule checks every form but 8-K/6-K and registration statements (S-1, S-3, ..., F-1, F-3, 10-12G and their
amendments), so a 20-F is checked. Sub-rule 9580 reads TRANSITION_ELTS_1, which is empty in every DQCRT year,
so it can report nothing and is not implemented. The query is cypher/dqc/dqc_0121.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0121",
    "DQC.US.0121",
    "Transition Elements",
    ("DQC.US.0121.9581",),
    "dqc.dqc_0121",
    constants=("TRANSITION_ELTS_2",),
    forms=frozenset(),  # empty: every form; the query leaves out 8-K/6-K and registration statements as the rule does
)
