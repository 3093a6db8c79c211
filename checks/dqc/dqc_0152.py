"""DQC.US.0152 "Year Lists Reported With the Tax Period Axis": an element whose value is a list of years (type
gYearListItemType, e.g. OpenTaxYear) already says which years it covers; a member of TaxPeriodAxis on it is redundant.

Structural, one query (cypher/dqc/dqc_0152.cypher): one finding per fact of such a us-gaap element with a member of
TaxPeriodAxis. The compiled rule set (DQCRT 27) has no form test, so the rule runs on every form.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0152",
    "DQC.US.0152",
    "Year Lists Reported With the Tax Period Axis",
    ("DQC.US.0152.10116",),
    "dqc.dqc_0152",
    forms=frozenset(),  # the compiled official rule names no form: every form
)
