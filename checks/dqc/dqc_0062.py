"""DQC.US.0062 "No Facts in Statement of Cash Flows" (change in cash).

Official logic (dqc_us_rules DQC_0062, compiled rule set 27): a filing with a cash flow statement presentation network
(us-gaap StatementOfCashFlowsAbstract in a role whose URI contains "cashflow" but not "parenthetical", defined as
"- Statement ") must report the change in cash with one of the rule set's elements; facts of any kind count (nil,
dimensional). One finding per filing, naming no fact. A structural rule: cypher/dqc/dqc_0062.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0062",
    "DQC.US.0062",
    "No Facts in Statement of Cash Flows",
    ("DQC.US.0062.7501",),
    "dqc.dqc_0062",
    forms=frozenset(),  # the official rule names no document type
)
