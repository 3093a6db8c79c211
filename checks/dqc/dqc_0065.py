"""DQC.US.0065 "Interest Paid Net": a structural rule, one named query (cypher/dqc/dqc_0065.cypher).

InterestPaid includes capitalized interest; when the filer's supplemental cash flow presentation shows InterestPaid
but neither InterestPaidNet nor InterestPaidCapitalized, every non-zero InterestPaid fact is reported, once per
sub-rule: 7502 looks below SupplementalCashFlowInformationAbstract, 9593 below any of five supplemental abstracts.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0065",
    "DQC.US.0065",
    "Interest Paid Net",
    ("DQC.US.0065.7502", "DQC.US.0065.9593"),
    "dqc.dqc_0065",
    forms=frozenset(),  # the official rule names no forms: it runs on every filing
)
