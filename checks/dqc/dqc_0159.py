"""DQC.US.0159: a basic financial statement header (income statement, balance sheet, cash flows) is missing.

Structural: when the statement presentation networks hold abstract elements but none is IncomeStatementAbstract (or
StatementOfIncomeAndComprehensiveIncomeAbstract), StatementOfFinancialPositionAbstract or StatementOfCashFlowsAbstract,
one finding per missing header; not for proxy statements, 11-K or liquidation-basis filings, and the cash flow header
is not required on a 10-Q nor with a schedule of investments and no positive Level 3 fair value. The official engine
names the dei:DocumentType fact in each finding (the first fact its rule reads), so the finding does too. The official
rule set runs it on every form. The query is cypher/dqc/dqc_0159.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0159",
    "DQC.US.0159",
    "Basic Financial Statement Header Missing",
    ("DQC.US.0159.10081",),
    "dqc.dqc_0159",
    constants=("LIQUIDATION_BASIS_CONCEPTS",),
    forms=frozenset(),  # empty: every form (the official rule set names none for this rule)
)
