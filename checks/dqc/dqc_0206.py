"""DQC.US.0206 "Expense Caption Member Not on the Income Statement": the members of
DisaggregationOfIncomeStatementExpenseCaptionIdentifierAxis name the statement expense captions a disaggregation note
breaks down, so each must be a debit, duration element presented in a statement.

Structural, one query (cypher/dqc/dqc_0206.cypher): one finding per distinct member that is not. The rule is new in the
2025 rule set (not in 2023 or 2024). The compiled rule has no form test, so it runs on every form.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0206",
    "DQC.US.0206",
    "Expense Caption Member Not on the Income Statement",
    ("DQC.US.0206.10721",),
    "dqc.dqc_0206",
    years=(2025,),
    forms=frozenset(),  # the compiled official rule names no form: every form
)
