"""DQC.US.0181 "Interest Expense Operating and Nonoperating": operating and nonoperating interest elements in the wrong total.

A calculation in the filing that puts InterestExpense or InterestExpenseOperating under NonoperatingIncomeExpense
(10180), or InterestExpense or InterestExpenseNonoperating under InterestIncomeExpenseNet (10181) or OperatingExpenses
(10182). Structural: one query, cypher/dqc/dqc_0181.cypher; each finding names the element, not a fact.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0181",
    "DQC.US.0181",
    "Interest Expense Operating and Nonoperating",
    ("DQC.US.0181.10180", "DQC.US.0181.10181", "DQC.US.0181.10182"),
    "dqc.dqc_0181",
    years=(2024, 2025),  # not in the us-gaap 2023 rule set
    forms=frozenset(),  # the official rule set has no form test: any form
)
