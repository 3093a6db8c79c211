"""DQC.US.0154: an income tax reconciliation item has its own us-gaap element, but the filing uses another.

Structural: in each disclosure presentation network of the filing that presents an income tax reconciliation anchor
(the statutory rate or amount, IncomeTaxExpenseBenefit, EffectiveIncomeTaxRateContinuingOperations), each numeric
element whose label (the filer's label in a role the network's arcs prefer; the standard label where an arc names
none) speaks of foreign-derived intangible income (10068), global intangible low-taxed income (10069), the base
erosion and anti-abuse tax (10070) or a foreign income tax rate differential (10071), but is not one of the two
us-gaap elements for that item, is one finding per network, element and label role, naming no fact. A label that
also names another of those items, "other", "and" or " net of" is not reported (as in the official rule, so a label
spelling out "base erosion and anti-abuse" never fires; "BEAT" does). Labels are the filer's own (FILER_LABEL), the
ones the engine reads from the filing's label linkbase. The graph holds them only for the elements the filing
reports (and its extensions): a base element that the filer presents and labels but never reports has no filer label
here and is not checked. The query is cypher/dqc/dqc_0154.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0154",
    "DQC.US.0154",
    "Income Tax Reconciliation Elements",
    tuple(f"DQC.US.0154.{c}" for c in ("10068", "10069", "10070", "10071")),
    "dqc.dqc_0154",
    forms=frozenset(),  # empty: every form (the official rule names none)
)
