"""DQC.US.0191 "PEO Elements With the Non-PEO NEO Member": ecd:PeoName, PeoTotalCompAmt and PeoActuallyPaidCompAmt are
about the principal executive officer and cannot carry ExecutiveCategoryAxis = NonPeoNeoMember.

Structural, one query (cypher/dqc/dqc_0191.cypher): one finding per such non-nil fact, in a filing whose taxonomy
includes ecd 2024. The graph does not record a filing's DTS documents, so "includes ecd 2024" is read as "uses ecd/2024
concepts" (Filing.releases). The rule is in the 2024 and 2025 rule sets; it tests no form.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0191",
    "DQC.US.0191",
    "PEO Elements With the Non-PEO NEO Member",
    ("DQC.US.0191.10618",),
    "dqc.dqc_0191",
    years=(2024, 2025),
    forms=frozenset(),  # the compiled official rule names no form: every form
)
