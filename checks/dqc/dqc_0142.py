"""DQC.US.0142 "Investment Identifier Facts With Extra Axes": a schedule-of-investments fact (a member of
InvestmentIdentifierAxis or one of the five other identifier axes for short sales, options, futures, forwards and
swaps) describes one investment; other axes, besides InvestmentCompanyNonconsolidatedSubsidiaryAxis, srt:RangeAxis and
dei:LegalEntityAxis, do not belong on it.

Structural, one query (cypher/dqc/dqc_0142.cypher): one finding per fact and identifier axis (the engine tests each
identifier axis on its own). The compiled rule set (DQCRT 27) has no form test, so the rule runs on every form.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0142",
    "DQC.US.0142",
    "Investment Identifier Facts With Extra Axes",
    ("DQC.US.0142.9864",),
    "dqc.dqc_0142",
    forms=frozenset(),  # the compiled official rule names no form: every form
)
