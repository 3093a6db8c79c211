"""DQC.US.0073: DefinedBenefitPlanByPlanAssetCategoriesAxis used with an element that is not a plan asset element.

Structural, one query (cypher/dqc/dqc_0073.cypher): each fact of a base taxonomy element (not an extension) on the
plan asset categories axis whose element is not on the rule's list of plan asset elements (fair value and returns of
plan assets, allocations, level 3 reconciliation items, NAV investment details, ...). The official rule names no form.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0073",
    "DQC.US.0073",
    "Plan Asset Categories Permissible Line Items",
    ("DQC.US.0073.7648",),
    "dqc.dqc_0073",
    forms=frozenset(),  # the official rule names no form: every form
)
