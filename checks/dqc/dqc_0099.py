"""DQC.US.0099: an element on the face of a statement takes part in no calculation.

Structural: for each statement presentation network of the filing (role definition with "- Statement -", leaving
out parenthetical, equity, capital, investment, schedule III/IV, highlights and employee benefit plan networks as
the rule set does), the monetary elements it presents that no calculation relationship of the filing joins to
another monetary element of the same network. What counts depends on the statement:

- a cash flow statement (definition with "cash"): duration elements, except the DQCRT NON_CF_ITEMS, the effect of
  exchange rates (two more of its elements before us-gaap 2025), discontinued-operations cash, and monetary
  descendants of the supplemental and non-cash abstracts;
- an income statement (it presents IncomeStatementAbstract): duration elements; a balance sheet (it presents
  StatementOfFinancialPositionAbstract): instant elements; any other statement: every monetary element; each less
  a few totals the rule exempts, the monetary descendants of the supplemental income statement abstracts and (not on
  balance sheets) the equity-statement items of DQCRT SSH_EXCEPTIONS. A balance sheet without any asset component
  (DQCRT ASSET_TYPES) exempts Assets. From us-gaap 2024 an "other" statement also exempts two employee benefit plan
  transfer elements.

One finding per network (DQC.US.0099.9533), naming no fact: its concept is the first listed element, its message
lists them all. The official rule set runs it on every form. The query is cypher/dqc/dqc_0099.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0099",
    "DQC.US.0099",
    "Calculation Relationships Missing",
    ("DQC.US.0099.9533",),
    "dqc.dqc_0099",
    constants=("NON_CF_ITEMS", "SET_NON_CF_ABSTRACTS1", "SSH_EXCEPTIONS", "ASSET_TYPES"),
    forms=frozenset(),  # empty: every form (the official rule names none)
)
