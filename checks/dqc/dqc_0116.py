"""DQC.US.0116 "Business and Asset Acquisition Axes": a structural rule, one named query (cypher/dqc/dqc_0116.cypher).

9573: an asset acquisition element (date, price, indemnification asset) reported without AssetAcquisitionAxis;
9726: a business combination element reported on AssetAcquisitionAxis; 9727: an asset acquisition element reported on
BusinessAcquisitionAxis. The element lists are those of the rule set as compiled for EDGAR (rule version 27).
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

FAMILY = cypher_rule(
    "0116",
    "DQC.US.0116",
    "Business and Asset Acquisition Axes",
    ("DQC.US.0116.9573", "DQC.US.0116.9726", "DQC.US.0116.9727"),
    "dqc.dqc_0116",
    forms=frozenset(),  # the official rule names no forms: it runs on every filing
)
